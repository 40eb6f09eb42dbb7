# tortuga-rules messages: the es translation, checked against locale/en/tortuga_rules.ftl by
# `python -m tortuga_rules.game.catalogues` (see docs/frontend.md, Languages).

and-4f4133 = { " " }y{ " " }

only-seat-sees-text-a41c43 = (solo lo ve { $seat }) { $text }

referee-only-text-a7e0f1 = (solo el árbitro) { $text }

sunk-cbb5db = (hundido)

m-1-chest-121cf8 = 1 cofre

m-1st-edition-intermediate-setup-09c8d2 = 1.ª edición, preparación intermedia

m-2-coin-treasure-tokens-5608dd = Fichas de tesoro de 2 monedas

m-3-coin-treasure-tokens-50f889 = Fichas de tesoro de 3 monedas

m-30-second-timer-1c2d90 = Reloj de 30 segundos

your-decision-seat-6b0edd = === Tu decisión, { $seat } ===

a-bot-name-361428 = un bot: { $name }

a-brawl-a2f3a7 = una Pelea

a-chest-is-placed-in-spot-376cdf = se coloca un cofre { PREP("en", $spot) }

a-chest-move-9359b5 = un movimiento de cofre

a-chest-spot-1803f9 = un lugar de cofres

a-draw-f82895 = Empate.

a-friend-open-seat-c014c8 = un amigo (asiento libre)

a-game-for-count-players-c7b724 = una partida de { $count } jugadores

a-game-for-n-players-779677 = una partida de { $n } jugadores

a-mutiny-08ee0c = un Motín

a-place-930056 = un lugar

a-player-caa891 = un jugador

a-player-who-has-not-declared-1f509c = Un jugador que no declare su acción a tiempo debe tomar la acción Mirar 2 cartas de Evento; si un jugador obligado se queda sin tiempo, elige por él el jugador que lo obligó.

a-row-slot-1b35cf = una casilla de la fila

a-shared-draw-e54943 = un empate compartido

a-space-on-the-mat-8ed6a0 = un espacio del tablero

a-variant-file-yaml-optional-808e1b = Un archivo de variante (YAML), opcional

a-vote-card-5f99ed = una carta de Voto

accept-5fb801 = aceptar

actions-c3cd63 = Acciones

after-a-blocked-roll-9b0482 = Tras una tirada bloqueada

after-crow-s-nest-the-vote-0de553 = Tras la Crow's Nest no se mezcla el mazo de Votos, así que quien la reveló conoce su orden.

after-the-event-deck-is-built-f46d4b = Tras construir el mazo de Eventos, guarda en la caja algunas cartas de su parte superior sin mirarlas.

all-d87c44 = todas

all-eight-starred-event-cards-are-df0531 = Las ocho cartas de Evento con estrella están en el mazo y se elimina la acción Mirar 2 cartas de Evento.

all-every-loyalty-card-face-up-f0021c = todas: todas las cartas de Lealtad boca arriba; una de cada: 1 Británica y 1 Francesa boca arriba, el resto ocultas.

an-answer-e393a6 = una respuesta

an-attack-a2c305 = un Ataque

an-event-card-604161 = una carta de evento

an-option-4bc4b3 = una opción

as-seen-by-071590 = Visto por

at-whom-will-you-point-the-8deaa5 = ¿A quién apuntarás con la pistola?

attack-1b81f2 = Ataque

attack-s-chest-9068ad = Cofre del Ataque

back-b52b36 = Volver

back-to-the-lobby-8e1910 = Volver al vestíbulo

blank-6184d6 = en blanco

board-9ea5e9 = abordar

board-e879b0 = Tablero

board-0232a5 = Tablero:

bot-c71e72 = bot

bot-level-n-name-c81bd2 = bot, nivel { $n }: { $name }

brawl-269aaa = Pelea

british-flag-bd1b22 = bandera británica

cabin-boy-8f4183 = Grumete

called-by-name-6f8677 = Convocada por { $name }

calls-a-brawl-1c1f72 = organiza una Pelea

calls-a-mutiny-8dd883 = organiza un Motín

calls-an-attack-804ec9 = organiza un Ataque

cannon-8de5f2 = cañón

captain-0a98b3 = Capitán

captain-85f45e = Capitán

cards-removed-d27a06 = Cartas retiradas

changed-by-variants-4a3fa5 = modificada por { $variants }

chests-start-1-in-each-tortuga-680244 = Los cofres empiezan así: 1 en cada área de Tortuga, 3 en la bodega Británica del Flying Dutchman y 3 en la bodega Francesa del Jolly Roger; los peones se roban uno a uno y cada jugador elige un Barco y una posición en él, o Tortuga.

chests-chests-9cbb3b = Cofres: { $chests }

chests-spots-900874 = cofres: { $spots }

choose-1-count-88697c = Elige 1-{ $count }:{ " " }

choose-name-08e94d = Elige { $name }.

close-bbfa77 = Cerrar

connected-c5e234 = conectado

copy-af74f7 = Copiar

create-the-table-95f813 = Crear la mesa

crew-a447a8 = tripulante

crow-s-nest-targets-another-player-eb2158 = La Crow's Nest elige a otro jugador (lectura alemana)

crow-s-nest-without-a-reshuffle-8c1933 = Crow's Nest sin volver a mezclar (lectura española)

deal-4-to-8-starred-event-296333 = Reparte de 4 a 8 cartas de Evento con estrella en el mazo en lugar de 3.

deckhand-356fe5 = Grumete

dice-letters-as-side-2f2d3a = dados { $letters } como { $side }

die-letter-21cdb3 = dado { $letter }

die-letter-side-2cf952 = dado { $letter }: { $side }

die-letter-side-pips-68746b = dado { $letter }: { $side } { $pips }

discard-f57e38 = descarte

discard-and-unrevealed-e59140 = descarte y no reveladas

dismiss-70afe9 = Cerrar aviso

draw-76a4e1 = robar

el-dorado-in-the-next-vote-998a18 = El Dorado solo en la siguiente Votación (lectura coreana)

el-dorado-s-two-card-play-ddb395 = La jugada de dos cartas de El Dorado solo puede usarse en la siguiente Votación de su propietario; después, la carta solo conserva la carta de Voto adicional.

elo-n-f8f050 = Elo { $n }

empty-ad8710 = vacío

even-count-ties-how-many-tie-670198 = Empates con un número par de jugadores: cuántas rondas de desempate (la primera y luego un nuevo mazo cada vez que se acaban sus cartas, docs/readings.md A17) antes de que la partida sea un empate compartido.

event-cards-831c8f = Cartas de Evento

event-deck-n-vote-deck-m-062cc5 = Mazo de Eventos: { $n } · Mazo de Votos: { $m } · Descartadas: { $d }

event-row-6098f8 = Fila de Eventos

event-row-row-55ddbb = Fila de Eventos: { $row }

everything-revealed-51c87b = todo revelado

face-down-e6b60e = boca abajo

first-mate-abe5e0 = Contramaestre

first-step-bb6c49 = Primer paso

force-a-player-69350f = Obligar a un jugador

forces-target-to-reveal-one-of-105087 = obliga a { $target } a revelar una de las cartas { $slots } de la fila

french-flag-77a2af = bandera francesa

from-which-hold-will-you-take-d2d84d = ¿De qué bodega tomarás un cofre?

from-src-to-dst-2f6b1a = { PREP("de", $src) } { PREP("a", $dst) }

gain-5fe05a = ganancia

game-e3e828 = Juego

game-over-a-shared-draw-british-5a3a63 = fin de la partida: empate compartido (Británicos { $british }, Franceses { $french })

game-over-team-win-british-british-b7142b = Fin de la partida: ganan { $team } (Británicos { $british }, Franceses { $french })

governor-a7d666 = Gobernador

helm-2b8380 = timón

house-rules-48216a = Reglas de la casa

how-do-you-answer-992267 = ¿Cómo respondes?

how-many-cards-leave-the-top-24547c = Cuántas cartas salen de la parte superior del mazo de Eventos, sin ser vistas, antes de repartir la fila.

how-many-of-the-30-treasure-02155d = Cuántas de las 30 fichas de tesoro muestran 2 monedas (docs/readings.md D2: el OCR solo conserva "17 x 1 tesoro"; el resto se lee como fichas de 2 y 3 monedas).

how-many-of-the-30-treasure-43ab1a = Cuántas de las 30 fichas de tesoro muestran 3 monedas (docs/readings.md D2).

how-many-starred-cards-go-into-e113e0 = Cuántas cartas con estrella entran en el mazo de Eventos.

input-ended-the-game-is-abandoned-db031b = la entrada terminó: la partida se abandona

intermediate-setup-29aacb = Preparación intermedia

join-c455b3 = unirse

join-e0d731 = Unirse

join-the-rematch-8e20a6 = Unirse a la revancha

keep-1264bd = guardar

kept-cards-3a8398 = Cartas conservadas

language-89b86a = Idioma

last-step-1d09cd = Último paso

lead-8cb33b = ventaja

lead-the-first-team-to-take-94cc8f = ventaja: gana el primer equipo que se ponga por delante (2.ª edición); ganancia: gana el primer equipo que consiga un cofre más sobre el total empatado (1.ª edición, docs/readings.md E23).

letter-of-marque-moves-another-player-f002f8 = La Letter of Marque mueve a otro jugador

level-n-2fef53 = nivel { $n }

longer-game-6d00ec = Partida más larga

lost-201028 = perdió

loyalties-48e14a = Lealtades

loyalty-e2b312 = Lealtad

loyalty-cards-are-dealt-face-up-6f776e = Las cartas de Lealtad se reparten boca arriba: todas, o una Británica y una Francesa.

loyalty-cards-dealt-face-down-teams-917254 = cartas de Lealtad repartidas boca abajo: { $teams }

loyalty-cards-dealt-face-up-shown-e44178 = cartas de Lealtad repartidas boca arriba: { $shown }

loyalty-loyalties-10e295 = Lealtad: { $loyalties }

madness-c97e25 = Locura

make-a-choice-715d00 = elige una opción

maroon-ca6ebd = Desterrar

marooning-766655 = Destierro

maroons-target-ad61ac = destierra a { $target }

may-f458ef = puede

may-after-a-successful-attack-the-c2a90a = puede: tras un Ataque con éxito, el Capitán elige qué cofre tomar y en qué bodega ponerlo, o no toma ninguno ("el Capitán podrá tomar 1 cofre", docs/readings.md A23); debe: siempre se toma un cofre cuando lo hay.

more-starred-cards-3be4cf = Más cartas con estrella

move-379d6c = mover

move-a-chest-37ccae = Mover un cofre

move-to-the-other-ship-before-4b9464 = ¿Pasar al otro Barco antes de este turno?

moves-a-chest-move-fc711c = mueve un cofre { $move }

moves-to-to-df1115 = se mueve a { $to }

must-5723d1 = debe

mutiny-800935 = Motín

new-table-83f834 = Nueva mesa

next-step-5500ee = Paso siguiente

no-fd1286 = no

no-rulebook-in-this-language-says-89244e = ningún reglamento en este idioma lo dice: redacción propia

no-table-yet-create-one-70ee72 = Aún no hay mesas: crea una.

nobody-365ec1 = nadie

none-71f8e7 = ninguna

not-connected-394b08 = desconectado

nothing-0feca7 = nada

on-the-board-things-209385 = En el tablero: { $things }

on-which-space-will-you-place-1fc547 = ¿En qué casilla colocarás tu peón?

one-fe05bc = uno

one-each-69af77 = una de cada

only-watch-dffda5 = Solo mirar

open-loyalty-a55943 = Lealtad boca arriba

open-loyalty-cards-cf97f3 = Cartas de Lealtad boca arriba

options-in-force-options-0d8ff5 = Opciones vigentes: { $options }

other-rules-b77a11 = Otras reglas

pass-9d4e1e = pasar

pawns-are-drawn-one-at-a-cd2596 = los peones se roban uno a uno: { $seats }

play-a-vote-card-for-the-2fdf68 = Juega una carta de Voto para: { $vote }.

play-your-letter-of-marque-ac22b3 = Jugar tu Letter of Marque

player-e53407 = Jugador

player-n-c59730 = Jugador { $n }

players-2912fa = jugadores

players-392fee = Jugadores

players-roll-their-five-dice-behind-9bceb4 = Los jugadores lanzan a la vez sus cinco dados tras sus pantallas y se quedan con dados de una sola acción; después, la 1.ª y la 2.ª posición resuelven las cinco acciones, y los cofres del tesoro viajan de la isla a la tripulación, la flota y Tortuga. El primero que esconde 6 cofres en Tortuga termina la partida; gana quien tenga más puntos.

plays-a-kept-letter-of-marque-e66bfb = juega una Letter of Marque guardada para mover a { $who } a { $ship }

plays-any-legal-move-at-random-821092 = Juega cualquier jugada permitida, al azar.

plays-at-random-40548d = juega al azar

plays-by-rules-of-thumb-0d9777 = juega con reglas sencillas

plays-by-rules-of-thumb-keeps-d0a5d7 = Juega con reglas prácticas: es fiel a su lealtad y sopesa sus dados.

please-type-a-number-from-1-9f93d6 = Escribe un número del 1 al { $count }.

previous-step-da5705 = Paso anterior

private-only-the-invitation-link-opens-28478c = Privada: solo el enlace de invitación la abre

reconnecting-6b1600 = reconectando…

refuse-106f0a = negarse

rematch-032d71 = Revancha

removed-for-this-player-count-names-46a235 = retiradas para este número de jugadores: { $names }

replay-c0f85d = Repetición

replay-ok-steps-steps-result-c1e760 = Repetición correcta: { $steps } pasos, { $result }

reshuffle-the-last-row-c2f3d0 = Volver a mezclar la última fila

result-5faa59 = Resultado

reveal-a-card-d67fcd = Revelar una carta

revealed-together-all-bce8d7 = se levantan las pantallas: { $all }

revealed-32d376 = Reveladas:{ " " }

reveals-row-slot-slot-11158f = revela la carta { $slot } de la fila

roles-47dcc2 = Roles

roles-at-the-end-81ddba = Cargos al final

round-n-0a27a3 = Ronda { $n }

row-9bf7a8 = Ir al Bote

row-slots-91d95e = casillas de la fila

rules-of-this-table-cf3b2b = Reglas de esta mesa

ruleset-id-content-hash-hash-min-648d9a = Conjunto de reglas `{ $id }` (hash del contenido { $hash }), { $min }-{ $max } jugadores, { $n } cláusulas.

sailor-944baf = Marinero

score-489f48 = Puntos

scores-126cb9 = Puntos

scores-table-won-by-winners-6db40b = puntos: { $table }; gana { $winners }

seat-seat-a6a011 = asiento { $seat }

seats-692aab = Asientos

seconds-per-decision-62304b = Segundos por decisión

send-this-invitation-c210f8 = Envía esta invitación:{ " " }

set-65c10d = conjunto

set-a-player-who-could-place-3ca1fe = conjunto: un jugador que no pudo colocar ningún dado repite la tirada a la vista hasta poder colocar algún dado y luego coloca dados de una sola acción según la regla normal (el "hasta que pueda colocar al menos un dado" de la regla, es L167; docs/readings.md D7); uno: coloca exactamente un dado, como hace Ani en el ejemplo del reglamento ("coloca uno de ellos", es L178).

setup-cdd7bb = Preparación

share-43aaed = Compartir:{ " " }

shorter-game-06a60c = Partida más corta

show-the-whole-log-fbe0c8 = Mostrar todo el registro

skull-15e9ab = calavera

slot-n-296faa = posición { $n }

slot-slot-68c5ec = posición { $slot }

slot-slot-is-refilled-from-the-9b00a1 = la posición { $slot } se repone del mazo de Eventos

slot-slot-card-d143b7 = posición { $slot }: { $card }

slots-slots-4041c1 = posiciones { $slots }

someone-moved-first-look-at-the-c79155 = Alguien jugó antes: vuelve a mirar el tablero.

something-went-wrong-on-the-server-f87095 = Algo salió mal en el servidor.

sound-on-your-turn-123470 = Sonido en tu turno

space-space-of-place-a76d52 = casilla { $space } { PREP("de", $place) }

spanish-vote-deck-percentages-e0af22 = Porcentajes españoles del mazo de Votos

starred-cards-e89085 = Cartas con estrella

starred-cards-in-the-deck-names-899bf8 = cartas con estrella en el mazo: { $names }

start-again-b6fffc = Empezar de nuevo

start-player-name-062055 = Jugador inicial: { $name }

stay-396f99 = quedarse

step-n-of-m-a40c0b = Paso { $n } de { $m }

sunk-a8c9f1 = hundido

tables-193daf = Mesas

take-back-my-last-move-676d40 = Deshacer mi última jugada

take-your-seat-f76c69 = Ocupa tu asiento

that-cannot-be-done-92c783 = Eso no se puede hacer.

that-is-not-yours-to-do-305823 = Eso no te corresponde a ti.

that-is-too-long-6356c9 = Es demasiado largo.

that-move-is-not-allowed-now-07536b = Esa jugada no está permitida ahora.

the-1st-edition-does-not-reshuffle-ef5df7 = La 1.ª edición no vuelve a mezclar la fila cuando se acaba el mazo.

the-1st-edition-says-text-bc93a0 = la 1.ª edición dice: { $text }

the-1st-edition-with-its-intermediate-a7ccb2 = La 1.ª edición con su preparación intermedia: cofres fijos y posiciones de los peones elegidas por los jugadores.

the-1st-edition-s-tie-breaker-9a3ea8 = En la 1.ª edición, el desempate lo gana el primer equipo que consigue un cofre.

the-british-d8294a = los Británicos

the-card-s-text-6a45ad = El texto de la carta

the-current-printed-rules-2-9-b4eb9b = Las reglas impresas actuales: 2-9 jugadores, 3 cartas de Evento con estrella de 8, la Spanish Armada debajo del mazo de Eventos y la fila se mezcla de nuevo cuando se acaba el mazo.

the-dice-game-for-two-only-a313bc = El juego de dados para dos; solo la 1.ª posición realiza cada acción.

the-dutch-87e65b = los Holandeses

the-end-of-the-game-32c1d6 = Fin de la partida

the-event-deck-has-size-cards-d930ca = el mazo de Eventos tiene { $size } cartas, la Spanish Armada entre las últimas

the-event-deck-has-size-cards-4aa655 = el mazo de Eventos tiene { $size } cartas, la Spanish Armada debajo

the-event-deck-is-empty-the-dd1c9e = el mazo de Eventos se acabó: las cartas boca abajo de la fila (posiciones { $slots }) se mezclan de nuevo

the-explosion-token-sinks-boat-for-46c19b = el marcador de explosión hunde { THE($boat) } por el resto de la partida

the-flying-dutchman-1d71ca = Flying Dutchman
    .def = el Flying Dutchman

the-flying-dutchman-s-british-hold-371b10 = bodega Británica del Flying Dutchman
    .def = la bodega Británica del Flying Dutchman

the-flying-dutchman-s-french-hold-e7e7b4 = bodega Francesa del Flying Dutchman
    .def = la bodega Francesa del Flying Dutchman

the-flying-dutchman-s-rowboat-c6f4df = Bote del Flying Dutchman
    .def = el Bote del Flying Dutchman

the-french-72fbc1 = los Franceses

the-game-ends-at-the-end-eda300 = La partida termina al final de una ronda en la que alguien tiene 8 cofres en Tortuga.

the-game-goes-on-when-every-dc96e0 = La partida continúa cuando se ocupan todos los asientos.

the-game-is-over-2df27a = La partida ha terminado.

the-german-wording-takes-the-discarded-cdbffc = La redacción alemana solo toma las cartas descartadas.

the-house-rules-have-mistakes-see-b0fcd5 = Las reglas de la casa tienen errores: mira la lista.

the-jolly-roger-1f8091 = Jolly Roger
    .def = el Jolly Roger

the-jolly-roger-s-british-hold-d9ff63 = bodega Británica del Jolly Roger
    .def = la bodega Británica del Jolly Roger

the-jolly-roger-s-french-hold-8b4f75 = bodega Francesa del Jolly Roger
    .def = la bodega Francesa del Jolly Roger

the-jolly-roger-s-rowboat-ce32d0 = Bote del Jolly Roger
    .def = el Bote del Jolly Roger

the-launch-rules-4-9-players-22471f = Las reglas de lanzamiento: 4-9 jugadores, 6 cartas con estrella, 4 Letter of Marque (no se pueden guardar) y 2 Pistol, la Spanish Armada entre las cinco últimas, la fila no se vuelve a mezclar, dos cofres sueltos en Tortuga, sin cartas de Voto con íconos dobles.

the-letter-of-marque-used-at-9ea406 = La Letter of Marque (usada al momento o guardada) solo puede mover a otro jugador, nunca a quien la usa.

the-loyalty-card-of-seats-is-383f1b =
    { $n ->
        [one] la carta de Lealtad de { $seats } ya no está boca arriba
       *[other] las cartas de Lealtad de { $seats } ya no están boca arriba
    }

the-message-was-not-understood-809e16 = No se entendió el mensaje.

the-only-option-value-36ba3e = única opción: { $value }

the-pawns-of-place-are-drawn-9cdf4c = los peones { PREP("de", $place) } se roban de nuevo: { $seats }

the-regular-vote-cards-are-9-ed55eb = Las cartas de Voto normales son 9 de cañón, 9 de antorcha y 12 de agua (los porcentajes del reglamento español).

the-revealer-of-crow-s-nest-e84168 = Quien revele la Crow's Nest debe elegir a otro jugador, no a sí mismo.

the-rule-0056e7 = La regla

the-server-is-busy-please-try-59e4d0 = El servidor está ocupado: inténtalo de nuevo en un momento.

the-server-is-full-please-try-e13c7c = El servidor está lleno: inténtalo de nuevo más tarde.

the-spanish-armada-british-british-french-d9408b = La Spanish Armada: Británicos { $british }, Franceses { $french }

the-spanish-galleon-dfe0de = Spanish Galleon
    .def = el Spanish Galleon

the-tie-breaker-deck-is-made-61d185 = El mazo de desempate se forma solo con las cartas de Evento descartadas; las no reveladas quedan fuera.

the-top-card-of-the-vote-6b233f = se añade la carta superior del mazo de Votos

the-vote-deck-is-shuffled-0ec7ed = se mezcla el mazo de Votos

the-whole-log-is-shown-when-c709b4 = El registro completo se muestra cuando termina la partida.

the-count-played-cards-are-shuffled-e6f6d4 = las { $count } cartas jugadas se mezclan y van debajo del mazo de Votos

the-vote-fails-fc18d5 = { $vote }: fracasa

the-vote-succeeds-382858 = { $vote }: tiene éxito

there-is-no-such-table-3d27cb = Esa mesa no existe.

thinks-ahead-tries-many-possible-games-578756 = Piensa por adelantado: prueba muchas partidas posibles antes de cada jugada (como mucho una fracción de segundo).

this-table-has-closed-6e9d27 = Esta mesa se ha cerrado.

tie-breaker-deck-e4a03f = Mazo de desempate

tie-breaker-from-discards-only-german-3e2d0c = Desempate solo con descartes (lectura alemana)

tie-breaker-round-round-cards-event-2f779b = desempate, ronda { $round }: { $cards } cartas de Evento mezcladas en un nuevo mazo, nueva fila repartida

tie-breaker-rounds-a0e7d6 = Rondas de desempate

tie-breaker-winner-637314 = Ganador del desempate

time-a-player-has-to-declare-861009 = Tiempo que tiene un jugador para declarar una acción.

time-left-for-name-n-s-3a06a8 = Tiempo restante de { $name }: { $n } s

to-which-ship-24f8c6 = ¿A qué Barco?

too-many-messages-please-slow-down-a935bd = Demasiados mensajes: ve más despacio, por favor.

torch-e7de9e = antorcha

tortuga-386dc7 = Tortuga

tortuga-dice-game-60cfcb = Tortuga (juego de dados)

tortuga-outside-the-areas-10d2aa = Tortuga (fuera de las áreas)

tortuga-1667-1st-edition-5fcfe0 = Tortuga 1667 (1.ª edición)

tortuga-1667-2nd-edition-b7cade = Tortuga 1667 (2.ª edición)

tortuga-s-british-area-ef8b36 = área Británica de Tortuga
    .def = el área Británica de Tortuga

tortuga-s-french-area-abf091 = área Francesa de Tortuga
    .def = el área Francesa de Tortuga

turn-number-seat-ddf9c2 = Turno { $number } — { $seat }

turn-n-name-aed347 = Turno { $n }: { $name }

turns-3037e1 = Turnos

two-players-0a696f = Dos jugadores

unfinished-595d8c = sin terminar

use-04489a = usar

use-it-now-or-keep-it-6fd79f = ¿Usarla ahora o guardarla?

variants-1bc3d3 = Variantes

view-two-cards-acd5cd = Mirar 2 cartas de Evento

views-row-slots-slots-f22111 = mira las cartas { $slots } de la fila

vote-fd63f1 = Votación

vote-64f872 = Votación

voted-names-7ecec8 = Han votado: { $names }

votes-b66c4b = Votaciones

waiting-for-a-player-519480 = esperando a un jugador

waiting-for-players-c26c33 = Esperando a los jugadores

waiting-for-players-n-of-m-056a4d = Esperando jugadores: { $n } de { $m } asientos ocupados.

watch-d91ebf = Mirar

watch-the-rematch-25b523 = Ver la revancha

watch-the-replay-005336 = Ver la repetición

water-6d5a45 = agua

what-happened-7661e6 = Qué pasó

what-just-happened-4d7178 = Lo que acaba de pasar

what-you-saw-6b7f1e = Lo que has visto

when-the-event-deck-runs-out-51961f = Cuando se acaba el mazo de Eventos, las cartas boca abajo de la fila se mezclan en un nuevo orden (2.ª edición). Desactivada, la fila queda como está (1.ª edición).

where-will-you-place-your-pawn-5caf71 = ¿Dónde colocarás tu peón?

which-card-will-you-reveal-ff4802 = ¿Qué carta revelarás?

which-chest-will-you-take-e7e367 = ¿Qué cofre tomarás?

which-event-cards-make-the-tie-5aba47 = Qué cartas de Evento forman el mazo de desempate: las descartadas y las no reveladas (es, ko), o solo las descartadas (la redacción alemana, docs/readings.md E22).

which-hold-gets-the-chest-06cc9b = ¿Qué bodega recibe el cofre?

which-hold-gets-your-chest-69aee3 = ¿Qué bodega recibe tu cofre?

which-rowboat-gets-the-explosion-token-853325 = ¿Qué Bote recibe el marcador de explosión?

which-vote-card-goes-on-top-ffdaca = ¿Qué carta de Voto va encima del mazo?

which-vote-card-will-you-give-5aed5d = ¿Qué carta de Voto darás?

which-vote-card-will-you-lose-de7b6d = ¿Qué carta de Voto perderás?

who-gets-card-419ed3 = ¿Quién recibe { $card }?

whom-will-you-move-c9c405 = ¿A quién moverás?

whose-vote-cards-will-you-replace-bb3e45 = ¿De quién reemplazarás las cartas de Voto?

why-114904 = Por qué:{ " " }

winner-winner-british-british-french-french-1217c0 = Ganador: { $winner } (Británicos { $british }, Franceses { $french }; { $steps } pasos)

winners-teams-a1f8bd = Ganadores: { $teams }

with-so-few-players-the-random-72f9a2 = con tan pocos jugadores las cartas con estrella al azar excluyen { $names }

with-whom-will-you-shuffle-loyalty-c8f0e1 = ¿Con quién mezclarás las cartas de Lealtad?

won-a32b8c = ganó

yes-fb360f = sí

yes-or-no-c3b97b = sí o no

you-8af56d = tú

you-are-invited-to-a-table-ca6fe5 = Te han invitado a una mesa

you-are-watching-2a716c = Estás mirando.

you-are-team-your-vote-cards-5cd843 = Eres { $team }. Tus cartas de Voto: { $cards }

you-did-not-win-6b14fa = No has ganado.

you-have-made-too-many-tables-1a253e = Has creado demasiadas mesas: termina una primero.

you-have-no-move-to-take-f15411 = No tienes ninguna jugada que deshacer.

you-saw-it-45ba54 = la has visto

you-won-e3a4b0 = ¡Has ganado!

your-cards-c7ddf6 = Tus cartas:{ " " }

your-hand-2eb978 = Tu mano

your-loyalty-a05656 = Tu lealtad

your-move-cannot-be-taken-back-884fee = Tu jugada no se puede deshacer.

your-move-showed-something-hidden-it-77e25f = Tu jugada mostró algo oculto: no se puede deshacer.

your-name-ab4229 = Tu nombre

your-seat-was-given-to-someone-437254 = Tu asiento se le ha dado a otra persona.

your-seat-s-key-is-missing-cb1db2 = Falta la clave de tu asiento: abre la mesa desde tu propio enlace.

your-turn-8a4e60 = Tu turno

your-turn-what-will-you-do-83a59b = Tu turno: ¿qué harás?

a-and-b-exchange-places-place-513b3d = { $a } y { $b } intercambian sus lugares ({ $place_a } / { $place_b })

a-and-b-shuffle-their-loyalty-40d194 = { $a } y { $b } mezclan sus cartas de Lealtad sin verlas y toman una cada uno

caller-calls-vote-on-place-voters-a1ccf1 = { $caller } organiza { $vote } { PREP("en", $place) }; votan: { $voters }

cards-carries-double-icons-each-counts-d0e063 =
    { $n ->
        [one] { $cards } tiene íconos dobles: cada uno cuenta
       *[other] { $cards } tienen íconos dobles: cada uno cuenta
    }

card-goes-to-the-discard-pile-202ca9 = { $card } va a la pila de descarte

card-lies-face-up-in-front-66d94e = { $card } queda boca arriba frente a { $seat }

count-cards-from-the-top-of-e95619 = { $count } cartas de la parte superior del mazo de Eventos vuelven a la caja sin ser vistas

count-event-cards-are-dealt-face-1be06a = { $count } cartas de Evento se reparten boca abajo en la fila

items-and-last-09adb4 = { $items } y { $last }

name-chooses-a-ship-df3b00 = { $name } elige un Barco.

name-chooses-a-space-for-their-641321 = { $name } elige una casilla para su peón.

name-chooses-a-vote-card-to-405e82 = { $name } elige qué carta de Voto dar.

name-chooses-a-vote-card-to-30c7c1 = { $name } elige qué carta de Voto perder.

name-chooses-at-whom-to-point-bbd21f = { $name } elige a quién apuntar con la pistola.

name-chooses-the-chest-to-take-c43f8c = { $name } elige qué cofre tomar.

name-chooses-the-hold-that-gets-12f198 = { $name } elige qué bodega recibe el cofre.

name-chooses-the-hold-that-gets-adaced = { $name } elige qué bodega recibe su cofre.

name-chooses-the-hold-to-take-33637d = { $name } elige de qué bodega tomar un cofre.

name-chooses-the-rowboat-that-gets-adba21 = { $name } elige qué Bote recibe el marcador de explosión.

name-chooses-the-vote-card-that-38d206 = { $name } elige qué carta de Voto va encima del mazo.

name-chooses-where-to-place-their-0a14aa = { $name } elige dónde colocar su peón.

name-chooses-who-gets-card-a80d78 = { $name } elige quién recibe { $card }.

name-chooses-whom-to-move-b0c9ee = { $name } elige a quién mover.

name-chooses-whose-vote-cards-to-0839c7 = { $name } elige de quién reemplazar las cartas de Voto.

name-chooses-with-whom-to-shuffle-676506 = { $name } elige con quién mezclar las cartas de Lealtad.

name-decides-whether-to-move-to-720122 = { $name } decide si pasa al otro Barco.

name-decides-whether-to-use-card-164986 = { $name } decide si usar { $card } ahora o guardarla.

name-has-moved-since-your-move-d72838 = { $name } ya ha jugado después: tu jugada ya no se puede deshacer.

name-is-answering-df6473 = { $name } está respondiendo.

name-is-choosing-a-vote-card-f22ca0 = { $name } está eligiendo una carta de Voto para: { $vote }.

name-is-choosing-what-to-do-8ff41c = { $name } está decidiendo qué hacer.

name-is-choosing-5d3b42 = { $name } está eligiendo.

name-picks-the-card-to-reveal-8f1561 = { $name } elige qué carta revelar.

n-chest-b47a36 =
    { $n ->
        [one] { $n } cofre
       *[other] { $n } cofres
    }

n-chest-moves-from-src-to-2de391 =
    { $n ->
        [one] { $n } cofre pasa { PREP("de", $src) } { PREP("a", $dst) }
       *[other] { $n } cofres pasan { PREP("de", $src) } { PREP("a", $dst) }
    }

n-chests-41d6e2 = { $n } cofres

n-hidden-5a6707 = sin ver: { $n }

n-open-seats-699b88 = { $n } asientos libres

place-seats-8d1882 = { $place }: { $seats }

roles-on-place-933e01 = { $roles } { PREP("en", $place) }

ruleset-players-players-seed-seed-a77967 = { $ruleset } - { $players } jugadores, semilla { $seed }

ruleset-players-players-you-play-seat-5e047f = { $ruleset } - { $players } jugadores; juegas como { $seat }

seats-holds-no-vote-card-and-a77bf5 =
    { $n ->
        [one] { $seats } no tiene cartas de Voto y no puede votar
       *[other] { $seats } no tienen cartas de Voto y no pueden votar
    }

seats-marked-name-5297b8 = { $seats } marcado: { $name }

seats-on-a-rowboat-does-not-f7243a =
    { $n ->
        [one] { $seats }, en un Bote, no vota
       *[other] { $seats }, en un Bote, no votan
    }

seat-answers-value-f88e3b = { $seat } responde: { $value }

seat-chooses-to-move-a-chest-7d3495 = { $seat } elige mover un cofre { $value }

seat-chooses-value-0a7891 = { $seat } elige { THE($value) }

seat-discards-a-kept-card-e64b16 = { $seat } descarta { $card }, que tenía guardada

seat-draws-a-vote-card-c633d7 = { $seat } roba una carta de Voto

seat-drew-card-28c143 = { $seat } robó { $card }

seat-gets-another-action-2b139e = { $seat } obtiene otra acción

seat-has-chosen-in-secret-8e6cd5 = { $seat } ha elegido en secreto

seat-has-n-action-left-this-3e9a4a =
    { $n ->
        [one] a { $seat } le queda { $n } acción este turno
       *[other] a { $seat } le quedan { $n } acciones este turno
    }

seat-is-dealt-cards-4e5250 = { $seat } recibe { $cards }

seat-is-marooned-again-and-goes-cb1406 = { $seat } es desterrado de nuevo y va al final de la línea de Tortuga

seat-is-marooned-from-src-to-991c5d = { $seat } es desterrado { PREP("desde", $src) } al final de la línea de Tortuga

seat-is-the-start-player-ae4275 = { $seat } es el jugador inicial

seat-is-team-3f885d = { $seat } es { $team }

seat-loses-a-mark-name-ce823c = { $seat } pierde una marca: { $name }

seat-loses-a-random-vote-card-4c7f87 = { $seat } pierde una carta de Voto al azar, sin verla, debajo del mazo de Votos

seat-loses-this-turn-f2e2d5 = { $seat } pierde este turno

seat-lost-card-fc66c7 = { $seat } perdió { $card }

seat-makes-a-secret-choice-8d44ad = { $seat } elige en secreto

seat-moves-from-src-to-the-474734 = { $seat } se mueve { PREP("de", $src) } al final { PREP("de", $dst) }

seat-picks-slot-value-of-the-e5f576 = { $seat } elige la casilla { $value } de la fila

seat-picks-slots-value-of-the-197b1f = { $seat } elige las casillas { $value } de la fila

seat-picks-value-b5d930 = { $seat } elige a { $value }

seat-places-their-pawn-on-place-d3ae40 = { $seat } coloca su peón { PREP("en", $place) }

seat-played-cards-0d843a = { $seat } jugó { $cards }

seat-plays-cards-ee3dbf = { $seat } juega { $cards }

seat-puts-a-vote-card-on-e52322 = { $seat } pone una carta de Voto encima del mazo de Votos

seat-puts-n-vote-card-face-c0ee11 =
    { $n ->
        [one] { $seat } coloca { $n } carta de Voto boca abajo
       *[other] { $seat } coloca { $n } cartas de Voto boca abajo
    }

seat-ran-out-of-time-435de0 = { $seat } se quedó sin tiempo

seat-receives-a-vote-card-from-b151ab = { $seat } recibe una carta de Voto del mazo

seat-receives-card-5a5cb2 = { $seat } recibe { $card }

seat-reveals-slot-slot-card-96a6fb = { $seat } revela la posición { $slot }: { $card }

seat-rolls-in-the-open-dice-9d3176 = { $seat } lanza a la vista: { $dice }

seat-rolls-n-die-behind-the-68d50a =
    { $n ->
        [one] { $seat } lanza { $n } dado tras su pantalla
       *[other] { $seat } lanza { $n } dados tras su pantalla
    }

seat-rolls-dice-1a3a1e = { $seat } lanza: { $dice }

seat-secretly-looks-at-row-slots-8a48a1 = { $seat } mira en secreto las cartas { $slots } de la fila

seat-sees-seen-d908a9 = { $seat } ve { $seen }

seat-sits-out-this-vote-card-5825e7 = { $seat } no participa en esta { $vote } ({ $card })

seat-stays-on-track-space-3074fc = { $seat } sigue en { $track } { $space }

seat-takes-the-action-kind-a18345 = { $seat } realiza la acción { $kind }

seat-turns-die-letter-to-side-33afd1 = { $seat } gira el dado { $letter } a { $side } { $pips }

seat-will-take-the-first-turn-83e0bc = { $seat } jugará el primer turno

seat-action-ba42bd = { $seat } { $action }

seat-s-n-vote-card-goes-9d3437 =
    { $n ->
        [one] la { $n } carta de Voto de { $seat } va debajo del mazo de Votos
       *[other] las { $n } cartas de Voto de { $seat } van debajo del mazo de Votos
    }

seat-s-zone-615e40 = { $zone } de { $seat }

seat-track-old-new-078bb4 = { $seat }: { $track } { $old } → { $new }

src-gives-a-vote-card-to-2025f9 = { $src } da una carta de Voto a { $dst }

src-gives-card-to-dst-dcf8a9 = { $src } da { $card } a { $dst }

to-makes-the-choice-for-seat-ab03b5 = { $to } elige por { $seat }

vote-cards-revealed-cards-counts-3a5b84 = { $vote }: cartas reveladas: { $cards } → { $counts }

what-drawn-from-src-to-dst-142e71 = Robo { PREP("de", $src) } { PREP("a", $dst) }: { $what }

what-from-src-to-dst-45f650 = { $what }: { PREP("de", $src) } { PREP("a", $dst) }

zone-is-empty-c60215 = { $zone } no tiene nada
