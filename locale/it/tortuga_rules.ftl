# tortuga-rules messages: the it translation, checked against locale/en/tortuga_rules.ftl by
# `python -m tortuga_rules.game.catalogues` (see docs/frontend.md, Languages).

and-4f4133 = { " " }e{ " " }

only-seat-sees-text-a41c43 = (lo vede solo { $seat }) { $text }

referee-only-text-a7e0f1 = (solo l’arbitro) { $text }

sunk-cbb5db = (affondata)

m-1-chest-121cf8 = 1 Segnalino Tesoro

m-1st-edition-intermediate-setup-09c8d2 = 1ª edizione, preparazione avanzata

m-2-coin-treasure-tokens-5608dd = Tessere tesoro da 2 monete

m-3-coin-treasure-tokens-50f889 = Tessere tesoro da 3 monete

m-30-second-timer-1c2d90 = Timer da 30 secondi

your-decision-seat-6b0edd = === La tua decisione, { $seat } ===

a-bot-name-361428 = un bot: { $name }

a-brawl-a2f3a7 = un duello

a-chest-is-placed-in-spot-376cdf = un Segnalino Tesoro va { PREP("in", $spot) }

a-chest-move-9359b5 = uno spostamento di Segnalino Tesoro

a-chest-spot-1803f9 = un posto per i Segnalini Tesoro

a-draw-f82895 = Pareggio.

a-friend-open-seat-c014c8 = un amico (posto libero)

a-game-for-count-players-c7b724 = una partita per { $count } giocatori

a-game-for-n-players-779677 = una partita per { $n } giocatori

a-mutiny-08ee0c = un ammutinamento

a-place-930056 = un luogo

a-player-caa891 = un giocatore

a-player-who-has-not-declared-1f509c = Un giocatore che non dichiara un’azione in tempo deve compiere l’azione “Guardare 2 carte evento”; se un giocatore costretto esaurisce il tempo, sceglie al suo posto il giocatore che lo ha costretto.

a-row-slot-1b35cf = una casella della fila

a-shared-draw-e54943 = un pareggio condiviso

a-space-on-the-mat-8ed6a0 = uno spazio del tabellone

a-variant-file-yaml-optional-808e1b = Un file di variante (YAML), facoltativo

a-vote-card-5f99ed = una carta “Vote”

accept-5fb801 = accettare

actions-c3cd63 = Azioni

after-a-blocked-roll-9b0482 = Dopo un lancio bloccato

after-crow-s-nest-the-vote-0de553 = Dopo “Crow's Nest” il Mazzo Voti non viene rimescolato, quindi chi ha scoperto la carta ne conosce l’ordine.

after-the-event-deck-is-built-f46d4b = Dopo aver formato il Mazzo Eventi, riponi nella scatola alcune carte dalla cima senza guardarle.

all-d87c44 = tutte

all-eight-starred-event-cards-are-df0531 = Tutte le otto carte evento con la stella sono nel mazzo e l’azione “Guardare 2 carte evento” viene eliminata.

all-every-loyalty-card-face-up-f0021c = tutte: ogni carta “Loyalty” scoperta; una per parte: 1 britannica e 1 francese scoperte, le altre nascoste.

an-answer-e393a6 = una risposta

an-attack-a2c305 = un attacco

an-event-card-604161 = una carta evento

an-option-4bc4b3 = un'opzione

as-seen-by-071590 = Visto da

at-whom-will-you-point-the-8deaa5 = Contro chi punterai la pistola?

attack-1b81f2 = Attacco

attack-s-chest-9068ad = Segnalino Tesoro dell’attacco

back-b52b36 = Indietro

back-to-the-lobby-8e1910 = Torna alla sala

blank-6184d6 = vuoto

board-9ea5e9 = abbordare

board-e879b0 = Tabellone

board-0232a5 = Tabellone:

bot-c71e72 = bot

bot-level-n-name-c81bd2 = bot, livello { $n }: { $name }

brawl-269aaa = Duello

british-flag-bd1b22 = bandiera britannica

cabin-boy-8f4183 = mozzo

called-by-name-6f8677 = Indetta da { $name }

calls-a-brawl-1c1f72 = organizza un duello

calls-a-mutiny-8dd883 = organizza un ammutinamento

calls-an-attack-804ec9 = organizza un attacco

cannon-8de5f2 = cannone

captain-0a98b3 = Capitano

captain-85f45e = capitano

cards-removed-d27a06 = Carte rimosse

changed-by-variants-4a3fa5 = modificata da { $variants }

chests-start-1-in-each-tortuga-680244 = I Segnalini Tesoro iniziano così: 1 in ciascuna area di Tortuga, 3 nella stiva britannica del Flying Dutchman e 3 nella stiva francese del Jolly Roger; le pedine vengono estratte una alla volta e ogni giocatore sceglie una nave e una posizione su di essa, oppure Tortuga.

chests-chests-9cbb3b = Segnalini Tesoro: { $chests }

chests-spots-900874 = Segnalini Tesoro: { $spots }

choose-1-count-88697c = Scegli 1-{ $count }:{ " " }

choose-name-08e94d = Scegli { $name }.

close-bbfa77 = Chiudi

connected-c5e234 = connesso

copy-af74f7 = Copia

create-the-table-95f813 = Crea il tavolo

crew-a447a8 = equipaggio

crow-s-nest-targets-another-player-eb2158 = “Crow's Nest” su un altro giocatore (interpretazione tedesca)

crow-s-nest-without-a-reshuffle-8c1933 = “Crow's Nest” senza rimescolare (interpretazione spagnola)

deal-4-to-8-starred-event-296333 = Metti nel mazzo da 4 a 8 carte evento con la stella invece di 3.

deckhand-356fe5 = Mozzo

dice-letters-as-side-2f2d3a = dadi { $letters } come { $side }

die-letter-21cdb3 = dado { $letter }

die-letter-side-2cf952 = dado { $letter }: { $side }

die-letter-side-pips-68746b = dado { $letter }: { $side } { $pips }

discard-f57e38 = scarti

discard-and-unrevealed-e59140 = scarti e non scoperte

dismiss-70afe9 = Nascondi

draw-76a4e1 = pescare

el-dorado-in-the-next-vote-998a18 = “El Dorado” solo nella votazione successiva (interpretazione coreana)

el-dorado-s-two-card-play-ddb395 = La giocata di due carte di “El Dorado” si può usare solo nella votazione successiva del proprietario; dopo, la carta conserva solo la carta “Vote” aggiuntiva.

elo-n-f8f050 = Elo { $n }

empty-ad8710 = vuoto

even-count-ties-how-many-tie-670198 = Pareggi con un numero pari di giocatori: quanti turni di spareggio (il primo, poi un nuovo mazzo ogni volta che le sue carte finiscono, docs/readings.md A17) prima che la partita finisca in un pareggio condiviso.

event-cards-831c8f = Carte evento

event-deck-n-vote-deck-m-062cc5 = Mazzo Eventi: { $n } · Mazzo Voti: { $m } · Scartate: { $d }

event-row-6098f8 = Fila degli Eventi

event-row-row-55ddbb = Fila degli Eventi: { $row }

everything-revealed-51c87b = tutto rivelato

face-down-e6b60e = coperta

first-mate-abe5e0 = primo ufficiale

first-step-bb6c49 = Primo passo

force-a-player-69350f = Costringere un giocatore

forces-target-to-reveal-one-of-105087 = costringe { $target } a scoprire una delle carte { $slots } della fila

french-flag-77a2af = bandiera francese

from-which-hold-will-you-take-d2d84d = Da quale stiva prenderai un Segnalino Tesoro?

from-src-to-dst-2f6b1a = { PREP("da", $src) } { PREP("in", $dst) }

gain-5fe05a = guadagno

game-e3e828 = Gioco

game-over-a-shared-draw-british-5a3a63 = fine della partita: pareggio condiviso (britannici { $british }, francesi { $french })

game-over-team-win-british-british-b7142b = Fine della partita: vincono { $team } (britannici { $british }, francesi { $french })

governor-a7d666 = governatore

helm-2b8380 = timone

house-rules-48216a = Regole della casa

how-do-you-answer-992267 = Come rispondi?

how-many-cards-leave-the-top-24547c = Quante carte lasciano la cima del Mazzo Eventi, senza essere viste, prima di distribuire la fila.

how-many-of-the-30-treasure-02155d = Quante delle 30 tessere tesoro mostrano 2 monete (docs/readings.md D2: l’OCR conserva solo "17 x 1 tesoro"; le restanti si leggono come tessere da 2 e 3 monete).

how-many-of-the-30-treasure-43ab1a = Quante delle 30 tessere tesoro mostrano 3 monete (docs/readings.md D2).

how-many-starred-cards-go-into-e113e0 = Quante carte con la stella entrano nel Mazzo Eventi.

input-ended-the-game-is-abandoned-db031b = input terminato: la partita è abbandonata

intermediate-setup-29aacb = Preparazione avanzata

join-c455b3 = unirsi

join-e0d731 = Unisciti

join-the-rematch-8e20a6 = Unisciti alla rivincita

keep-1264bd = tenere

kept-cards-3a8398 = Carte tenute

language-89b86a = Lingua

last-step-1d09cd = Ultimo passo

lead-8cb33b = vantaggio

lead-the-first-team-to-take-94cc8f = vantaggio: vince la prima squadra che passa in vantaggio (2ª edizione); guadagno: vince la prima squadra che guadagna un Segnalino Tesoro oltre il totale in parità (1ª edizione, docs/readings.md E23).

letter-of-marque-moves-another-player-f002f8 = La Lettera di corsa sposta un altro giocatore

level-n-2fef53 = livello { $n }

longer-game-6d00ec = Partita più lunga

lost-201028 = ha perso

loyalties-48e14a = Fedeltà

loyalty-e2b312 = Fedeltà

loyalty-cards-are-dealt-face-up-6f776e = Le carte “Loyalty” vengono distribuite scoperte: tutte, oppure una britannica e una francese.

loyalty-cards-dealt-face-down-teams-917254 = carte “Loyalty” distribuite coperte: { $teams }

loyalty-cards-dealt-face-up-shown-e44178 = carte “Loyalty” distribuite scoperte: { $shown }

loyalty-loyalties-10e295 = Fedeltà: { $loyalties }

madness-c97e25 = Follia

make-a-choice-715d00 = fai una scelta

maroon-ca6ebd = Abbandonare

marooning-766655 = Abbandono

maroons-target-ad61ac = abbandona { $target } su Tortuga

may-f458ef = può

may-after-a-successful-attack-the-c2a90a = può: dopo un attacco riuscito il Capitano sceglie quale Segnalino Tesoro prendere e in quale stiva metterlo, oppure non ne prende nessuno ("el Capitán podrá tomar 1 cofre", docs/readings.md A23); deve: si prende sempre un Segnalino Tesoro quando ce n’è uno.

more-starred-cards-3be4cf = Più carte con la stella

move-379d6c = spostare

move-a-chest-37ccae = Spostare un Segnalino Tesoro

move-to-the-other-ship-before-4b9464 = Passare all’altra nave prima di questo turno?

moves-a-chest-move-fc711c = sposta un Segnalino Tesoro { $move }

moves-to-to-df1115 = si sposta su { $to }

must-5723d1 = deve

mutiny-800935 = Ammutinamento

new-table-83f834 = Nuovo tavolo

next-step-5500ee = Passo successivo

no-fd1286 = no

no-rulebook-in-this-language-says-89244e = nessun regolamento in questa lingua lo dice: parole nostre

no-table-yet-create-one-70ee72 = Ancora nessun tavolo: creane uno.

nobody-365ec1 = nessuno

none-71f8e7 = nessuna

not-connected-394b08 = non connesso

nothing-0feca7 = niente

on-the-board-things-209385 = Sul tabellone: { $things }

on-which-space-will-you-place-1fc547 = Su quale casella metterai la tua pedina?

one-fe05bc = uno

one-each-69af77 = una per parte

only-watch-dffda5 = Guarda soltanto

open-loyalty-a55943 = Fedeltà scoperta

open-loyalty-cards-cf97f3 = Carte “Loyalty” scoperte

options-in-force-options-0d8ff5 = Opzioni in vigore: { $options }

other-rules-b77a11 = Altre regole

pass-9d4e1e = passare

pawns-are-drawn-one-at-a-cd2596 = le pedine vengono estratte una alla volta: { $seats }

play-a-vote-card-for-the-2fdf68 = Gioca una carta “Vote” per: { $vote }.

play-your-letter-of-marque-ac22b3 = Giocare la tua Lettera di corsa

player-e53407 = Giocatore

player-n-c59730 = Giocatore { $n }

players-2912fa = giocatori

players-392fee = Giocatori

players-roll-their-five-dice-behind-9bceb4 = I giocatori lanciano contemporaneamente i loro cinque dadi dietro gli schermi e tengono i dadi di un’unica azione; poi il 1° e il 2° posto risolvono le cinque azioni, e i forzieri del tesoro viaggiano dall’isola alla ciurma, alla flotta e a Tortuga. Il primo che nasconde 6 forzieri su Tortuga fa terminare la partita; vince chi ha più punti.

plays-a-kept-letter-of-marque-e66bfb = gioca una Lettera di corsa tenuta per spostare { $who } su { $ship }

plays-any-legal-move-at-random-821092 = Gioca una mossa consentita qualsiasi, a caso.

plays-at-random-40548d = gioca a caso

plays-by-rules-of-thumb-0d9777 = gioca con regole empiriche

plays-by-rules-of-thumb-keeps-d0a5d7 = Gioca con regole pratiche: tiene fede al suo schieramento, soppesa i suoi dadi.

please-type-a-number-from-1-9f93d6 = Scrivi un numero da 1 a { $count }.

previous-step-da5705 = Passo precedente

private-only-the-invitation-link-opens-28478c = Privato: solo il link d'invito lo apre

reconnecting-6b1600 = riconnessione…

refuse-106f0a = rifiutare

rematch-032d71 = Rivincita

removed-for-this-player-count-names-46a235 = rimosse per questo numero di giocatori: { $names }

replay-c0f85d = Replica

replay-ok-steps-steps-result-c1e760 = Replay corretto: { $steps } passi, { $result }

reshuffle-the-last-row-c2f3d0 = Rimescolare l’ultima fila

result-5faa59 = Risultato

reveal-a-card-d67fcd = Scoprire una carta

revealed-together-all-bce8d7 = si alzano gli schermi: { $all }

revealed-32d376 = Scoperte:{ " " }

reveals-row-slot-slot-11158f = scopre la carta { $slot } della fila

roles-47dcc2 = Ruoli

roles-at-the-end-81ddba = Ruoli alla fine

round-n-0a27a3 = Round { $n }

row-9bf7a8 = Scialuppa

row-slots-91d95e = caselle della fila

rules-of-this-table-cf3b2b = Regole di questo tavolo

ruleset-id-content-hash-hash-min-648d9a = Regolamento `{ $id }` (hash del contenuto { $hash }), { $min }-{ $max } giocatori, { $n } clausole.

sailor-944baf = Marinaio

score-489f48 = Punti

scores-126cb9 = Punti

scores-table-won-by-winners-6db40b = punti: { $table }; vince { $winners }

seat-seat-a6a011 = posto { $seat }

seats-692aab = Posti

seconds-per-decision-62304b = Secondi per decisione

send-this-invitation-c210f8 = Invia questo invito:{ " " }

set-65c10d = gruppo

set-a-player-who-could-place-3ca1fe = gruppo: un giocatore che non ha potuto piazzare alcun dado rilancia allo scoperto finché qualche dado non può essere piazzato, poi piazza i dadi di un’unica azione secondo la regola normale (il "hasta que pueda colocar al menos un dado" della regola, es L167; docs/readings.md D7); uno: piazza esattamente un dado, come fa Ani nell’esempio del regolamento ("coloca uno de ellos", es L178).

setup-cdd7bb = Preparazione

share-43aaed = Condividi:{ " " }

shorter-game-06a60c = Partita più breve

show-the-whole-log-fbe0c8 = Mostra tutto il registro

skull-15e9ab = teschio

slot-n-296faa = posizione { $n }

slot-slot-68c5ec = posizione { $slot }

slot-slot-is-refilled-from-the-9b00a1 = la posizione { $slot } viene riempita dal Mazzo Eventi

slot-slot-card-d143b7 = posizione { $slot }: { $card }

slots-slots-4041c1 = posizioni { $slots }

someone-moved-first-look-at-the-c79155 = Qualcuno ha mosso prima di te: guarda di nuovo il tabellone.

something-went-wrong-on-the-server-f87095 = Qualcosa è andato storto sul server.

sound-on-your-turn-123470 = Suono quando tocca a te

space-space-of-place-a76d52 = casella { $space } { PREP("di", $place) }

spanish-vote-deck-percentages-e0af22 = Percentuali spagnole del Mazzo Voti

starred-cards-e89085 = Carte con la stella

starred-cards-in-the-deck-names-899bf8 = carte con la stella nel mazzo: { $names }

start-again-b6fffc = Ricomincia

start-player-name-062055 = Primo giocatore: { $name }

stay-396f99 = restare

step-n-of-m-a40c0b = Passo { $n } di { $m }

sunk-a8c9f1 = affondata

tables-193daf = Tavoli

take-back-my-last-move-676d40 = Annulla l'ultima mossa

take-your-seat-f76c69 = Prendi posto

that-cannot-be-done-92c783 = Non si può fare.

that-is-not-yours-to-do-305823 = Non tocca a te farlo.

that-is-too-long-6356c9 = È troppo lungo.

that-move-is-not-allowed-now-07536b = Quella mossa ora non è consentita.

the-1st-edition-does-not-reshuffle-ef5df7 = La 1ª edizione non rimescola la fila quando il mazzo finisce.

the-1st-edition-says-text-bc93a0 = la 1ª edizione dice: { $text }

the-1st-edition-with-its-intermediate-a7ccb2 = La 1ª edizione con la sua preparazione avanzata: Segnalini Tesoro fissi e posizioni delle pedine scelte dai giocatori.

the-1st-edition-s-tie-breaker-9a3ea8 = Nella 1ª edizione vince lo spareggio la prima squadra che guadagna un Segnalino Tesoro.

the-british-d8294a = i britannici

the-card-s-text-6a45ad = Il testo della carta

the-current-printed-rules-2-9-b4eb9b = Le regole stampate attuali: 2-9 giocatori, 3 carte evento con la stella su 8, la “Spanish Armada” in fondo al Mazzo Eventi, la fila rimescolata quando il mazzo finisce.

the-dice-game-for-two-only-a313bc = Il gioco di dadi per due; solo il 1° posto esegue ciascuna azione.

the-dutch-87e65b = gli olandesi

the-end-of-the-game-32c1d6 = Fine della partita

the-event-deck-has-size-cards-d930ca = il Mazzo Eventi ha { $size } carte, la “Spanish Armada” tra le ultime

the-event-deck-has-size-cards-4aa655 = il Mazzo Eventi ha { $size } carte, la “Spanish Armada” in fondo

the-event-deck-is-empty-the-dd1c9e = il Mazzo Eventi è finito: le carte coperte della fila (posizioni { $slots }) vengono rimescolate

the-explosion-token-sinks-boat-for-46c19b = il segnalino esplosione affonda { THE($boat) } per il resto della partita

the-flying-dutchman-1d71ca = Flying Dutchman
    .def = il Flying Dutchman

the-flying-dutchman-s-british-hold-371b10 = stiva britannica del Flying Dutchman
    .def = la stiva britannica del Flying Dutchman

the-flying-dutchman-s-french-hold-e7e7b4 = stiva francese del Flying Dutchman
    .def = la stiva francese del Flying Dutchman

the-flying-dutchman-s-rowboat-c6f4df = Scialuppa del Flying Dutchman
    .def = la Scialuppa del Flying Dutchman

the-french-72fbc1 = i francesi

the-game-ends-at-the-end-eda300 = La partita termina alla fine di un round in cui qualcuno ha 8 Segnalini Tesoro su Tortuga.

the-game-goes-on-when-every-dc96e0 = La partita continua quando tutti i posti sono occupati.

the-game-is-over-2df27a = La partita è finita.

the-german-wording-takes-the-discarded-cdbffc = Il testo tedesco prende solo le carte scartate.

the-house-rules-have-mistakes-see-b0fcd5 = Le regole della casa contengono errori: vedi l’elenco.

the-jolly-roger-1f8091 = Jolly Roger
    .def = il Jolly Roger

the-jolly-roger-s-british-hold-d9ff63 = stiva britannica del Jolly Roger
    .def = la stiva britannica del Jolly Roger

the-jolly-roger-s-french-hold-8b4f75 = stiva francese del Jolly Roger
    .def = la stiva francese del Jolly Roger

the-jolly-roger-s-rowboat-ce32d0 = Scialuppa del Jolly Roger
    .def = la Scialuppa del Jolly Roger

the-launch-rules-4-9-players-22471f = Le regole della prima uscita: 4-9 giocatori, 6 carte con la stella, 4 Lettere di corsa (non si possono tenere) e 2 Pistole, la “Spanish Armada” tra le ultime cinque, nessun rimescolamento della fila, due Segnalini Tesoro liberi su Tortuga, nessuna carta “Vote” con simboli doppi.

the-letter-of-marque-used-at-9ea406 = La Lettera di corsa (usata subito o tenuta) può spostare solo un altro giocatore, mai chi la usa.

the-loyalty-card-of-seats-is-383f1b =
    { $n ->
        [one] la carta “Loyalty” di { $seats } non è più scoperta
       *[other] le carte “Loyalty” di { $seats } non sono più scoperte
    }

the-message-was-not-understood-809e16 = Il messaggio non è stato compreso.

the-only-option-value-36ba3e = unica opzione: { $value }

the-pawns-of-place-are-drawn-9cdf4c = le pedine { PREP("di", $place) } vengono estratte di nuovo: { $seats }

the-regular-vote-cards-are-9-ed55eb = Le carte “Vote” normali sono 9 con il cannone, 9 con la torcia e 12 con l’acqua (le percentuali del regolamento spagnolo).

the-revealer-of-crow-s-nest-e84168 = Chi scopre “Crow's Nest” deve scegliere un altro giocatore, non sé stesso.

the-rule-0056e7 = La regola

the-server-is-busy-please-try-59e4d0 = Il server è occupato: riprova tra un momento.

the-server-is-full-please-try-e13c7c = Il server è pieno: riprova più tardi.

the-spanish-armada-british-british-french-d9408b = La “Spanish Armada”: britannici { $british }, francesi { $french }

the-spanish-galleon-dfe0de = Spanish Galleon
    .def = lo Spanish Galleon

the-tie-breaker-deck-is-made-61d185 = Il mazzo dello spareggio è formato solo dalle carte evento scartate; quelle non scoperte restano fuori.

the-top-card-of-the-vote-6b233f = si aggiunge la prima carta del Mazzo Voti

the-vote-deck-is-shuffled-0ec7ed = il Mazzo Voti viene mescolato

the-whole-log-is-shown-when-c709b4 = Il registro completo viene mostrato quando la partita è finita.

the-count-played-cards-are-shuffled-e6f6d4 = le { $count } carte giocate vengono mescolate e messe in fondo al Mazzo Voti

the-vote-fails-fc18d5 = { $vote }: fallito

the-vote-succeeds-382858 = { $vote }: riuscito

there-is-no-such-table-3d27cb = Questo tavolo non esiste.

thinks-ahead-tries-many-possible-games-578756 = Pensa in anticipo: prova molte partite possibili prima di ogni mossa (al massimo una frazione di secondo).

this-table-has-closed-6e9d27 = Questo tavolo è stato chiuso.

tie-breaker-deck-e4a03f = Mazzo dello spareggio

tie-breaker-from-discards-only-german-3e2d0c = Spareggio solo con gli scarti (interpretazione tedesca)

tie-breaker-round-round-cards-event-2f779b = spareggio, turno { $round }: { $cards } carte evento mescolate in un nuovo mazzo, nuova fila distribuita

tie-breaker-rounds-a0e7d6 = Turni di spareggio

tie-breaker-winner-637314 = Vincitore dello spareggio

time-a-player-has-to-declare-861009 = Tempo che un giocatore ha per dichiarare un’azione.

time-left-for-name-n-s-3a06a8 = Tempo rimasto a { $name }: { $n } s

to-which-ship-24f8c6 = Su quale nave?

too-many-messages-please-slow-down-a935bd = Troppi messaggi: rallenta, per favore.

torch-e7de9e = torcia

tortuga-386dc7 = Tortuga

tortuga-dice-game-60cfcb = Tortuga (gioco di dadi)

tortuga-outside-the-areas-10d2aa = Tortuga (fuori dai depositi)

tortuga-1667-1st-edition-5fcfe0 = Tortuga 1667 (1ª edizione)

tortuga-1667-2nd-edition-b7cade = Tortuga 1667 (2ª edizione)

tortuga-s-british-area-ef8b36 = deposito britannico di Tortuga
    .def = il deposito britannico di Tortuga

tortuga-s-french-area-abf091 = deposito francese di Tortuga
    .def = il deposito francese di Tortuga

turn-number-seat-ddf9c2 = Turno { $number } — { $seat }

turn-n-name-aed347 = Turno { $n }: { $name }

turns-3037e1 = Turni

two-players-0a696f = Due giocatori

unfinished-595d8c = non finita

use-04489a = usare

use-it-now-or-keep-it-6fd79f = Usarla ora o tenerla?

variants-1bc3d3 = Varianti

view-two-cards-acd5cd = Guardare 2 carte evento

views-row-slots-slots-f22111 = guarda le carte { $slots } della fila

vote-fd63f1 = votazione

vote-64f872 = Votazione

voted-names-7ecec8 = Hanno votato: { $names }

votes-b66c4b = Votazioni

waiting-for-a-player-519480 = in attesa di un giocatore

waiting-for-players-c26c33 = In attesa dei giocatori

waiting-for-players-n-of-m-056a4d = In attesa di giocatori: { $n } posti occupati su { $m }.

watch-d91ebf = Guarda

watch-the-rematch-25b523 = Guarda la rivincita

watch-the-replay-005336 = Guarda la replica

water-6d5a45 = acqua

what-happened-7661e6 = Che cosa è successo

what-just-happened-4d7178 = Cosa è appena successo

what-you-saw-6b7f1e = Quello che hai visto

when-the-event-deck-runs-out-51961f = Quando il Mazzo Eventi finisce, le carte coperte della fila vengono rimescolate in un nuovo ordine (2ª edizione). Se disattivata, la fila resta com’è (1ª edizione).

where-will-you-place-your-pawn-5caf71 = Dove metterai la tua pedina?

which-card-will-you-reveal-ff4802 = Quale carta scoprirai?

which-chest-will-you-take-e7e367 = Quale Segnalino Tesoro prenderai?

which-event-cards-make-the-tie-5aba47 = Quali carte evento formano il mazzo dello spareggio: quelle scartate e quelle non scoperte (es, ko), oppure solo quelle scartate (il testo tedesco, docs/readings.md E22).

which-hold-gets-the-chest-06cc9b = Quale stiva riceve il Segnalino Tesoro?

which-hold-gets-your-chest-69aee3 = Quale stiva riceve il tuo Segnalino Tesoro?

which-rowboat-gets-the-explosion-token-853325 = Quale Scialuppa riceve il segnalino esplosione?

which-vote-card-goes-on-top-ffdaca = Quale carta “Vote” va in cima al mazzo?

which-vote-card-will-you-give-5aed5d = Quale carta “Vote” darai?

which-vote-card-will-you-lose-de7b6d = Quale carta “Vote” perderai?

who-gets-card-419ed3 = Chi riceve { $card }?

whom-will-you-move-c9c405 = Chi sposterai?

whose-vote-cards-will-you-replace-bb3e45 = Di chi sostituirai le carte “Vote”?

why-114904 = Perché:{ " " }

winner-winner-british-british-french-french-1217c0 = Vincitore: { $winner } (britannici { $british }, francesi { $french }; { $steps } passi)

winners-teams-a1f8bd = Vincitori: { $teams }

with-so-few-players-the-random-72f9a2 = con così pochi giocatori le carte con la stella casuali escludono { $names }

with-whom-will-you-shuffle-loyalty-c8f0e1 = Con chi mescolerai le carte “Loyalty”?

won-a32b8c = ha vinto

yes-fb360f = sì

yes-or-no-c3b97b = sì o no

you-8af56d = tu

you-are-invited-to-a-table-ca6fe5 = Hai un invito a un tavolo

you-are-watching-2a716c = Stai guardando.

you-are-team-your-vote-cards-5cd843 = Sei { $team }. Le tue carte “Vote”: { $cards }

you-did-not-win-6b14fa = Non hai vinto.

you-have-made-too-many-tables-1a253e = Hai creato troppi tavoli: prima finiscine uno.

you-have-no-move-to-take-f15411 = Non hai mosse da annullare.

you-saw-it-45ba54 = l'hai vista

you-won-e3a4b0 = Hai vinto!

your-cards-c7ddf6 = Le tue carte:{ " " }

your-hand-2eb978 = La tua mano

your-loyalty-a05656 = La tua fedeltà

your-move-cannot-be-taken-back-884fee = La tua mossa non può essere annullata.

your-move-showed-something-hidden-it-77e25f = La tua mossa ha mostrato qualcosa di nascosto: non può essere annullata.

your-name-ab4229 = Il tuo nome

your-seat-was-given-to-someone-437254 = Il tuo posto è stato dato a qualcun altro.

your-seat-s-key-is-missing-cb1db2 = Manca la chiave del tuo posto: apri il tavolo dal tuo link personale.

your-turn-8a4e60 = Tocca a te

your-turn-what-will-you-do-83a59b = Tocca a te: cosa farai?

a-and-b-exchange-places-place-513b3d = { $a } e { $b } si scambiano di posto ({ $place_a } / { $place_b })

a-and-b-shuffle-their-loyalty-40d194 = { $a } e { $b } mescolano le loro carte “Loyalty” senza guardarle e ne prendono una ciascuno

caller-calls-vote-on-place-voters-a1ccf1 = { $caller } organizza { $vote } { PREP("su", $place) }; votano: { $voters }

cards-carries-double-icons-each-counts-d0e063 =
    { $n ->
        [one] { $cards } ha simboli doppi: ognuno conta
       *[other] { $cards } hanno simboli doppi: ognuno conta
    }

card-goes-to-the-discard-pile-202ca9 = { $card } va negli scarti

card-lies-face-up-in-front-66d94e = { $card } resta scoperta davanti a { $seat }

count-cards-from-the-top-of-e95619 = { $count } carte dalla cima del Mazzo Eventi tornano nella scatola senza essere viste

count-event-cards-are-dealt-face-1be06a = { $count } carte evento vengono distribuite coperte nella fila

items-and-last-09adb4 = { $items } e { $last }

name-chooses-a-ship-df3b00 = { $name } sceglie una nave.

name-chooses-a-space-for-their-641321 = { $name } sceglie una casella per la sua pedina.

name-chooses-a-vote-card-to-405e82 = { $name } sceglie una carta “Vote” da dare.

name-chooses-a-vote-card-to-30c7c1 = { $name } sceglie una carta “Vote” da perdere.

name-chooses-at-whom-to-point-bbd21f = { $name } sceglie contro chi puntare la pistola.

name-chooses-the-chest-to-take-c43f8c = { $name } sceglie il Segnalino Tesoro da prendere.

name-chooses-the-hold-that-gets-12f198 = { $name } sceglie la stiva che riceve il Segnalino Tesoro.

name-chooses-the-hold-that-gets-adaced = { $name } sceglie la stiva che riceve il suo Segnalino Tesoro.

name-chooses-the-hold-to-take-33637d = { $name } sceglie la stiva da cui prendere un Segnalino Tesoro.

name-chooses-the-rowboat-that-gets-adba21 = { $name } sceglie la Scialuppa che riceve il segnalino esplosione.

name-chooses-the-vote-card-that-38d206 = { $name } sceglie la carta “Vote” che va in cima al mazzo.

name-chooses-where-to-place-their-0a14aa = { $name } sceglie dove mettere la sua pedina.

name-chooses-who-gets-card-a80d78 = { $name } sceglie chi riceve { $card }.

name-chooses-whom-to-move-b0c9ee = { $name } sceglie chi spostare.

name-chooses-whose-vote-cards-to-0839c7 = { $name } sceglie di chi sostituire le carte “Vote”.

name-chooses-with-whom-to-shuffle-676506 = { $name } sceglie con chi mescolare le carte “Loyalty”.

name-decides-whether-to-move-to-720122 = { $name } decide se passare all’altra nave.

name-decides-whether-to-use-card-164986 = { $name } decide se usare { $card } ora o tenerla.

name-has-moved-since-your-move-d72838 = { $name } ha mosso nel frattempo: la tua mossa non può più essere annullata.

name-is-answering-df6473 = { $name } sta rispondendo.

name-is-choosing-a-vote-card-f22ca0 = { $name } sta scegliendo una carta “Vote” per: { $vote }.

name-is-choosing-what-to-do-8ff41c = { $name } sta scegliendo cosa fare.

name-is-choosing-5d3b42 = { $name } sta scegliendo.

name-picks-the-card-to-reveal-8f1561 = { $name } sceglie la carta da scoprire.

n-chest-b47a36 =
    { $n ->
        [one] { $n } Segnalino Tesoro
       *[other] { $n } Segnalini Tesoro
    }

n-chest-moves-from-src-to-2de391 =
    { $n ->
        [one] { $n } Segnalino Tesoro passa { PREP("da", $src) } { PREP("in", $dst) }
       *[other] { $n } Segnalini Tesoro passano { PREP("da", $src) } { PREP("in", $dst) }
    }

n-chests-41d6e2 = { $n } Segnalini Tesoro

n-hidden-5a6707 = nascosti: { $n }

n-open-seats-699b88 = { $n } posti liberi

place-seats-8d1882 = { $place }: { $seats }

roles-on-place-933e01 = { $roles } { PREP("su", $place) }

ruleset-players-players-seed-seed-a77967 = { $ruleset } - { $players } giocatori, seme { $seed }

ruleset-players-players-you-play-seat-5e047f = { $ruleset } - { $players } giocatori; giochi come { $seat }

seats-holds-no-vote-card-and-a77bf5 =
    { $n ->
        [one] { $seats } non ha carte “Vote” e non può votare
       *[other] { $seats } non hanno carte “Vote” e non possono votare
    }

seats-marked-name-5297b8 = { $seats } segnato: { $name }

seats-on-a-rowboat-does-not-f7243a =
    { $n ->
        [one] { $seats }, su una Scialuppa, non vota
       *[other] { $seats }, su una Scialuppa, non votano
    }

seat-answers-value-f88e3b = { $seat } risponde: { $value }

seat-chooses-to-move-a-chest-7d3495 = { $seat } sceglie di spostare un Segnalino Tesoro { $value }

seat-chooses-value-0a7891 = { $seat } sceglie { THE($value) }

seat-discards-a-kept-card-e64b16 = { $seat } scarta la carta { $card } che teneva

seat-draws-a-vote-card-c633d7 = { $seat } pesca una carta “Vote”

seat-drew-card-28c143 = { $seat } ha pescato { $card }

seat-gets-another-action-2b139e = { $seat } ottiene un’altra azione

seat-has-chosen-in-secret-8e6cd5 = { $seat } ha scelto in segreto

seat-has-n-action-left-this-3e9a4a =
    { $n ->
        [one] a { $seat } resta { $n } azione in questo turno
       *[other] a { $seat } restano { $n } azioni in questo turno
    }

seat-is-dealt-cards-4e5250 = { $seat } riceve { $cards }

seat-is-marooned-again-and-goes-cb1406 = { $seat } viene abbandonato di nuovo e va in fondo alla fila di Tortuga

seat-is-marooned-from-src-to-991c5d = { $seat } viene abbandonato { PREP("da", $src) } in fondo alla fila di Tortuga

seat-is-the-start-player-ae4275 = { $seat } è il primo giocatore

seat-is-team-3f885d = { $seat } è { $team }

seat-loses-a-mark-name-ce823c = { $seat } perde un segno: { $name }

seat-loses-a-random-vote-card-4c7f87 = { $seat } perde una carta “Vote” a caso, senza vederla, in fondo al Mazzo Voti

seat-loses-this-turn-f2e2d5 = { $seat } perde questo turno

seat-lost-card-fc66c7 = { $seat } ha perso { $card }

seat-makes-a-secret-choice-8d44ad = { $seat } sceglie in segreto

seat-moves-from-src-to-the-474734 = { $seat } si sposta { PREP("da", $src) } in fondo { PREP("a", $dst) }

seat-picks-slot-value-of-the-e5f576 = { $seat } sceglie la casella { $value } della fila

seat-picks-slots-value-of-the-197b1f = { $seat } sceglie le caselle { $value } della fila

seat-picks-value-b5d930 = { $seat } sceglie { $value }

seat-places-their-pawn-on-place-d3ae40 = { $seat } mette la sua pedina { PREP("su", $place) }

seat-played-cards-0d843a = { $seat } ha giocato { $cards }

seat-plays-cards-ee3dbf = { $seat } gioca { $cards }

seat-puts-a-vote-card-on-e52322 = { $seat } mette una carta “Vote” in cima al Mazzo Voti

seat-puts-n-vote-card-face-c0ee11 =
    { $n ->
        [one] { $seat } mette { $n } carta “Vote” coperta
       *[other] { $seat } mette { $n } carte “Vote” coperte
    }

seat-ran-out-of-time-435de0 = { $seat } ha esaurito il tempo

seat-receives-a-vote-card-from-b151ab = { $seat } riceve una carta “Vote” dal mazzo

seat-receives-card-5a5cb2 = { $seat } riceve { $card }

seat-reveals-slot-slot-card-96a6fb = { $seat } scopre la posizione { $slot }: { $card }

seat-rolls-in-the-open-dice-9d3176 = { $seat } lancia allo scoperto: { $dice }

seat-rolls-n-die-behind-the-68d50a =
    { $n ->
        [one] { $seat } lancia { $n } dado dietro lo schermo
       *[other] { $seat } lancia { $n } dadi dietro lo schermo
    }

seat-rolls-dice-1a3a1e = { $seat } lancia: { $dice }

seat-secretly-looks-at-row-slots-8a48a1 = { $seat } guarda in segreto le carte { $slots } della fila

seat-sees-seen-d908a9 = { $seat } vede { $seen }

seat-sits-out-this-vote-card-5825e7 = { $seat } non partecipa a questa votazione ({ $vote }) ({ $card })

seat-stays-on-track-space-3074fc = { $seat } resta su { $track } { $space }

seat-takes-the-action-kind-a18345 = { $seat } compie l’azione { $kind }

seat-turns-die-letter-to-side-33afd1 = { $seat } gira il dado { $letter } su { $side } { $pips }

seat-will-take-the-first-turn-83e0bc = { $seat } giocherà il primo turno

seat-action-ba42bd = { $seat } { $action }

seat-s-n-vote-card-goes-9d3437 =
    { $n ->
        [one] { $n } carta “Vote” di { $seat } va in fondo al Mazzo Voti
       *[other] { $n } carte “Vote” di { $seat } vanno in fondo al Mazzo Voti
    }

seat-s-zone-615e40 = { $zone } di { $seat }

seat-track-old-new-078bb4 = { $seat }: { $track } { $old } → { $new }

src-gives-a-vote-card-to-2025f9 = { $src } dà una carta “Vote” a { $dst }

src-gives-card-to-dst-dcf8a9 = { $src } dà { $card } a { $dst }

to-makes-the-choice-for-seat-ab03b5 = { $to } sceglie al posto di { $seat }

vote-cards-revealed-cards-counts-3a5b84 = { $vote }: carte scoperte: { $cards } → { $counts }

what-drawn-from-src-to-dst-142e71 = Pesca { PREP("da", $src) } { PREP("a", $dst) }: { $what }

what-from-src-to-dst-45f650 = { $what }: { PREP("da", $src) } { PREP("a", $dst) }

zone-is-empty-c60215 = { $zone } non contiene nulla
