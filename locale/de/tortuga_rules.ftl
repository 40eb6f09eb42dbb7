# tortuga-rules messages: the de translation, checked against locale/en/tortuga_rules.ftl by
# `python -m tortuga_rules.game.catalogues` (see docs/frontend.md, Languages).

and-4f4133 = { " " }und{ " " }

only-seat-sees-text-a41c43 = (nur { $seat } sieht es) { $text }

referee-only-text-a7e0f1 = (nur der Schiedsrichter) { $text }

sunk-cbb5db = (versenkt)

m-1-chest-121cf8 = 1 Truhe

m-1st-edition-intermediate-setup-09c8d2 = 1. Auflage, Spielvorbereitung für Fortgeschrittene

m-2-coin-treasure-tokens-5608dd = Schatzplättchen mit 2 Münzen

m-3-coin-treasure-tokens-50f889 = Schatzplättchen mit 3 Münzen

m-30-second-timer-1c2d90 = 30-Sekunden-Timer

your-decision-seat-6b0edd = === Deine Entscheidung, { $seat } ===

a-bot-name-361428 = ein Bot: { $name }

a-brawl-a2f3a7 = eine Schlägerei

a-chest-is-placed-in-spot-376cdf = eine Truhe kommt { PREP("in", $spot, case: "acc") }

a-chest-move-9359b5 = einen Truhenzug

a-chest-spot-1803f9 = einen Truhenplatz

a-draw-f82895 = Unentschieden.

a-friend-open-seat-c014c8 = ein Freund (freier Platz)

a-game-for-count-players-c7b724 = ein Spiel für { $count } Spieler

a-game-for-n-players-779677 = ein Spiel für { $n } Spieler

a-mutiny-08ee0c = eine Meuterei

a-place-930056 = einen Ort

a-player-caa891 = einen Spieler

a-player-who-has-not-declared-1f509c = Wer nicht rechtzeitig eine Aktion ansagt, muss 2 Ereigniskarten ansehen; läuft einem gezwungenen Spieler die Zeit ab, wählt der Spieler, der ihn gezwungen hat.

a-row-slot-1b35cf = einen Platz der Reihe

a-shared-draw-e54943 = ein gemeinsames Unentschieden

a-space-on-the-mat-8ed6a0 = ein Feld des Spielplans

a-variant-file-yaml-optional-808e1b = Eine Variantendatei (YAML), optional

a-vote-card-5f99ed = eine Vote-Karte

accept-5fb801 = annehmen

actions-c3cd63 = Aktionen

after-a-blocked-roll-9b0482 = Nach einem blockierten Wurf

after-crow-s-nest-the-vote-0de553 = Nach Crow's Nest wird der Vote-Stapel nicht neu gemischt, sodass der aufdeckende Spieler seine Reihenfolge kennt.

after-the-event-deck-is-built-f46d4b = Nachdem der Ereigniskartenstapel vorbereitet ist, kommen einige Karten von oben ungesehen zurück in die Schachtel.

all-d87c44 = alle

all-eight-starred-event-cards-are-df0531 = Alle acht Ereigniskarten mit Stern kommen in den Stapel, und die Aktion „2 Ereigniskarten ansehen“ entfällt.

all-every-loyalty-card-face-up-f0021c = alle: jede Loyalty-Karte offen; je eine: 1 britische und 1 französische offen, der Rest verdeckt.

an-answer-e393a6 = eine Antwort

an-attack-a2c305 = einen Angriff

an-event-card-604161 = eine Ereigniskarte

an-option-4bc4b3 = eine Möglichkeit

as-seen-by-071590 = Gesehen von

at-whom-will-you-point-the-8deaa5 = Auf wen zielst du mit der Pistole?

attack-1b81f2 = Angriff

attack-s-chest-9068ad = Truhe beim Angriff

back-b52b36 = Zurück

back-to-the-lobby-8e1910 = Zurück zur Lobby

blank-6184d6 = leer

board-9ea5e9 = entern

board-e879b0 = Spielplan

board-0232a5 = Spielplan:

bot-c71e72 = Bot

bot-level-n-name-c81bd2 = Bot, Stufe { $n }: { $name }

brawl-269aaa = Schlägerei

british-flag-bd1b22 = britische Flagge

cabin-boy-8f4183 = Schiffsjunge

called-by-name-6f8677 = Einberufen von { $name }

calls-a-brawl-1c1f72 = ruft eine Schlägerei aus

calls-a-mutiny-8dd883 = ruft eine Meuterei aus

calls-an-attack-804ec9 = ruft einen Angriff aus

cannon-8de5f2 = Kanone

captain-0a98b3 = Kapitän

captain-85f45e = Kapitän

cards-removed-d27a06 = Entfernte Karten

changed-by-variants-4a3fa5 = geändert durch { $variants }

chests-start-1-in-each-tortuga-680244 = Zu Beginn liegt je 1 Truhe in jedem Bereich auf Tortuga, 3 im britischen Stauraum der Flying Dutchman und 3 im französischen Stauraum der Jolly Roger; die Figuren werden einzeln gezogen, und jeder Spieler wählt ein Schiff und eine Position darauf oder Tortuga.

chests-chests-9cbb3b = Truhen: { $chests }

chests-spots-900874 = Truhen: { $spots }

choose-1-count-88697c = Wähle 1-{ $count }:{ " " }

choose-name-08e94d = Wähle { $name }.

close-bbfa77 = Schließen

connected-c5e234 = verbunden

copy-af74f7 = Kopieren

create-the-table-95f813 = Tisch erstellen

crew-a447a8 = Mannschaft

crow-s-nest-targets-another-player-eb2158 = Crow's Nest trifft einen anderen Spieler (deutsche Lesart)

crow-s-nest-without-a-reshuffle-8c1933 = Crow's Nest ohne neues Mischen (spanische Lesart)

deal-4-to-8-starred-event-296333 = 4 bis 8 Ereigniskarten mit Stern statt 3 in den Stapel mischen.

deckhand-356fe5 = Schiffsjunge

dice-letters-as-side-2f2d3a = Würfel { $letters } als { $side }

die-letter-21cdb3 = Würfel { $letter }

die-letter-side-2cf952 = Würfel { $letter }: { $side }

die-letter-side-pips-68746b = Würfel { $letter }: { $side } { $pips }

discard-f57e38 = Ablage

discard-and-unrevealed-e59140 = Ablage und nicht aufgedeckte

dismiss-70afe9 = Ausblenden

draw-76a4e1 = ziehen

el-dorado-in-the-next-vote-998a18 = El Dorado nur in der nächsten Abstimmung (koreanische Lesart)

el-dorado-s-two-card-play-ddb395 = Das Ausspielen von zwei Karten mit El Dorado ist nur in der nächsten Abstimmung des Besitzers möglich; danach bringt die Karte nur noch die zusätzliche Vote-Karte.

elo-n-f8f050 = Elo { $n }

empty-ad8710 = leer

even-count-ties-how-many-tie-670198 = Gleichstand bei gerader Spielerzahl: wie viele Runden im Stechen (die erste, dann ein neuer Stapel, sooft dessen Karten ausgehen, docs/readings.md A17), bevor das Spiel als gemeinsames Unentschieden endet.

event-cards-831c8f = Ereigniskarten

event-deck-n-vote-deck-m-062cc5 = Ereigniskartenstapel: { $n } · Vote-Stapel: { $m } · Abgeworfen: { $d }

event-row-6098f8 = Ereignisreihe

event-row-row-55ddbb = Ereignisreihe: { $row }

everything-revealed-51c87b = alles aufgedeckt

face-down-e6b60e = verdeckt

first-mate-abe5e0 = Erster Offizier

first-step-bb6c49 = Erster Schritt

force-a-player-69350f = Einen Spieler zwingen

forces-target-to-reveal-one-of-105087 = zwingt { $target }, eine der Karten { $slots } der Reihe aufzudecken

french-flag-77a2af = französische Flagge

from-which-hold-will-you-take-d2d84d = Aus welchem Stauraum nimmst du eine Truhe?

from-src-to-dst-2f6b1a = { PREP("von", $src, case: "dat") } { PREP("in", $dst, case: "acc") }

gain-5fe05a = Zugewinn

game-e3e828 = Spiel

game-over-a-shared-draw-british-5a3a63 = Spielende: gemeinsames Unentschieden (Briten { $british }, Franzosen { $french })

game-over-team-win-british-british-b7142b = Spielende: { $team } gewinnen (Briten { $british }, Franzosen { $french })

governor-a7d666 = Gouverneur

helm-2b8380 = Steuerrad

house-rules-48216a = Hausregeln

how-do-you-answer-992267 = Wie antwortest du?

how-many-cards-leave-the-top-24547c = Wie viele Karten ungesehen von oben vom Ereigniskartenstapel entfernt werden, bevor die Reihe ausgelegt wird.

how-many-of-the-30-treasure-02155d = Wie viele der 30 Schatzplättchen 2 Münzen zeigen (docs/readings.md D2: der OCR-Text enthält nur "17 x 1 tesoro"; der Rest wird als 2 und 3 Münzen gelesen).

how-many-of-the-30-treasure-43ab1a = Wie viele der 30 Schatzplättchen 3 Münzen zeigen (docs/readings.md D2).

how-many-starred-cards-go-into-e113e0 = Wie viele Karten mit Stern in den Ereigniskartenstapel kommen.

input-ended-the-game-is-abandoned-db031b = Eingabe beendet: das Spiel wird abgebrochen

intermediate-setup-29aacb = Spielvorbereitung für Fortgeschrittene

join-c455b3 = beitreten

join-e0d731 = Beitreten

join-the-rematch-8e20a6 = Zur Revanche

keep-1264bd = behalten

kept-cards-3a8398 = Behaltene Karten

language-89b86a = Sprache

last-step-1d09cd = Letzter Schritt

lead-8cb33b = Führung

lead-the-first-team-to-take-94cc8f = Führung: Es gewinnt das erste Team, das in Führung geht (2. Auflage); Zugewinn: Es gewinnt das erste Team, das eine Truhe über den Gleichstand hinaus gewinnt (1. Auflage, docs/readings.md E23).

letter-of-marque-moves-another-player-f002f8 = Letter of Marque versetzt einen anderen Spieler

level-n-2fef53 = Stufe { $n }

longer-game-6d00ec = Längeres Spiel

lost-201028 = verloren

loyalties-48e14a = Loyalitäten

loyalty-e2b312 = Loyalität

loyalty-cards-are-dealt-face-up-6f776e = Die Loyalty-Karten werden offen verteilt: alle oder eine britische und eine französische.

loyalty-cards-dealt-face-down-teams-917254 = Loyalty-Karten verdeckt verteilt: { $teams }

loyalty-cards-dealt-face-up-shown-e44178 = Loyalty-Karten offen verteilt: { $shown }

loyalty-loyalties-10e295 = Loyalität: { $loyalties }

madness-c97e25 = Wahnsinn

make-a-choice-715d00 = triff eine Wahl

maroon-ca6ebd = Aussetzen

marooning-766655 = Aussetzen

maroons-target-ad61ac = setzt { $target } aus

may-f458ef = darf

may-after-a-successful-attack-the-c2a90a = darf: Nach einem erfolgreichen Angriff wählt der Kapitän, welche Truhe er in welchen Stauraum nimmt, oder er nimmt keine ("el Capitán podrá tomar 1 cofre", docs/readings.md A23); muss: Es wird immer eine Truhe genommen, wenn eine da ist.

more-starred-cards-3be4cf = Mehr Karten mit Stern

move-379d6c = versetzen

move-a-chest-37ccae = Eine Truhe verschieben

move-to-the-other-ship-before-4b9464 = Vor diesem Zug auf das andere Schiff wechseln?

moves-a-chest-move-fc711c = verschiebt eine Truhe { $move }

moves-to-to-df1115 = zieht nach { $to }

must-5723d1 = muss

mutiny-800935 = Meuterei

new-table-83f834 = Neuer Tisch

next-step-5500ee = Nächster Schritt

no-fd1286 = nein

no-rulebook-in-this-language-says-89244e = keine Spielanleitung in dieser Sprache sagt es: unsere Formulierung

no-table-yet-create-one-70ee72 = Noch kein Tisch: erstelle einen.

nobody-365ec1 = niemand

none-71f8e7 = keine

not-connected-394b08 = nicht verbunden

nothing-0feca7 = nichts

on-the-board-things-209385 = Auf dem Spielplan: { $things }

on-which-space-will-you-place-1fc547 = Auf welchen Platz stellst du deine Figur?

one-fe05bc = ein Würfel

one-each-69af77 = je eine

only-watch-dffda5 = Nur zuschauen

open-loyalty-a55943 = Offene Loyalität

open-loyalty-cards-cf97f3 = Offene Loyalty-Karten

options-in-force-options-0d8ff5 = Geltende Optionen: { $options }

other-rules-b77a11 = Weitere Regeln

pass-9d4e1e = passen

pawns-are-drawn-one-at-a-cd2596 = die Figuren werden einzeln gezogen: { $seats }

play-a-vote-card-for-the-2fdf68 = Spiele eine Vote-Karte für: { $vote }.

play-your-letter-of-marque-ac22b3 = Deinen Letter of Marque spielen

player-e53407 = Spieler

player-n-c59730 = Spieler { $n }

players-2912fa = Spieler

players-392fee = Spieler

players-roll-their-five-dice-behind-9bceb4 = Alle würfeln gleichzeitig hinter ihren Sichtschirmen mit ihren fünf Würfeln und behalten Würfel einer Aktion; danach führen der 1. und 2. Platz die fünf Aktionen aus, und die Schatztruhen wandern von der Insel zur Mannschaft, zur Flotte und nach Tortuga. Wer als Erster 6 Truhen auf Tortuga versteckt, beendet das Spiel; die meisten Punkte gewinnen.

plays-a-kept-letter-of-marque-e66bfb = spielt einen behaltenen Letter of Marque und versetzt { $who } auf { $ship }

plays-any-legal-move-at-random-821092 = Spielt irgendeinen erlaubten Zug, zufällig.

plays-at-random-40548d = spielt zufällig

plays-by-rules-of-thumb-0d9777 = spielt nach Faustregeln

plays-by-rules-of-thumb-keeps-d0a5d7 = Spielt nach Faustregeln: hält zu seiner Loyalität, wägt seine Würfel ab.

please-type-a-number-from-1-9f93d6 = Bitte gib eine Zahl von 1 bis { $count } ein.

previous-step-da5705 = Vorheriger Schritt

private-only-the-invitation-link-opens-28478c = Privat: nur der Einladungslink öffnet ihn

reconnecting-6b1600 = Verbindung wird wiederhergestellt…

refuse-106f0a = ablehnen

rematch-032d71 = Revanche

removed-for-this-player-count-names-46a235 = für diese Spielerzahl entfernt: { $names }

replay-c0f85d = Wiederholung

replay-ok-steps-steps-result-c1e760 = Wiederholung in Ordnung: { $steps } Schritte, { $result }

reshuffle-the-last-row-c2f3d0 = Letzte Reihe neu mischen

result-5faa59 = Ergebnis

reveal-a-card-d67fcd = Eine Karte aufdecken

revealed-together-all-bce8d7 = die Sichtschirme werden gehoben: { $all }

revealed-32d376 = Aufgedeckt:{ " " }

reveals-row-slot-slot-11158f = deckt die Karte { $slot } der Reihe auf

roles-47dcc2 = Rollen

roles-at-the-end-81ddba = Rollen am Ende

round-n-0a27a3 = Runde { $n }

row-9bf7a8 = Rudern

row-slots-91d95e = Plätze der Reihe

rules-of-this-table-cf3b2b = Regeln dieses Tisches

ruleset-id-content-hash-hash-min-648d9a = Regelsatz `{ $id }` (Inhalts-Hash { $hash }), { $min }-{ $max } Spieler, { $n } Klauseln.

sailor-944baf = Matrose

score-489f48 = Punkte

scores-126cb9 = Punkte

scores-table-won-by-winners-6db40b = Punkte: { $table }; es gewinnt { $winners }

seat-seat-a6a011 = Platz { $seat }

seats-692aab = Plätze

seconds-per-decision-62304b = Sekunden pro Entscheidung

send-this-invitation-c210f8 = Schick diese Einladung:{ " " }

set-65c10d = Gruppe

set-a-player-who-could-place-3ca1fe = Gruppe: Ein Spieler, der keinen Würfel setzen konnte, würfelt offen neu, bis sich Würfel setzen lassen, und setzt dann nach der normalen Regel Würfel einer Aktion ("hasta que pueda colocar al menos un dado" laut Regel, es L167; docs/readings.md D7); ein Würfel: Er setzt genau einen Würfel, wie Ani im Beispiel der Spielanleitung ("coloca uno de ellos", es L178).

setup-cdd7bb = Spielvorbereitung

share-43aaed = Teilen:{ " " }

shorter-game-06a60c = Kürzeres Spiel

show-the-whole-log-fbe0c8 = Ganzes Protokoll zeigen

skull-15e9ab = Totenkopf

slot-n-296faa = Platz { $n }

slot-slot-68c5ec = Platz { $slot }

slot-slot-is-refilled-from-the-9b00a1 = Platz { $slot } wird vom Ereigniskartenstapel aufgefüllt

slot-slot-card-d143b7 = Platz { $slot }: { $card }

slots-slots-4041c1 = Plätze { $slots }

someone-moved-first-look-at-the-c79155 = Jemand war schneller: sieh dir den Spielplan noch einmal an.

something-went-wrong-on-the-server-f87095 = Auf dem Server ist etwas schiefgegangen.

sound-on-your-turn-123470 = Ton, wenn du am Zug bist

space-space-of-place-a76d52 = Platz { $space } { PREP("auf", $place, case: "dat") }

spanish-vote-deck-percentages-e0af22 = Spanische Prozentsätze im Vote-Stapel

starred-cards-e89085 = Karten mit Stern

starred-cards-in-the-deck-names-899bf8 = Karten mit Stern im Stapel: { $names }

start-again-b6fffc = Neu beginnen

start-player-name-062055 = Startspieler: { $name }

stay-396f99 = bleiben

step-n-of-m-a40c0b = Schritt { $n } von { $m }

sunk-a8c9f1 = versenkt

tables-193daf = Tische

take-back-my-last-move-676d40 = Meinen letzten Zug zurücknehmen

take-your-seat-f76c69 = Platz nehmen

that-cannot-be-done-92c783 = Das geht nicht.

that-is-not-yours-to-do-305823 = Das steht dir nicht zu.

that-is-too-long-6356c9 = Das ist zu lang.

that-move-is-not-allowed-now-07536b = Dieser Zug ist jetzt nicht erlaubt.

the-1st-edition-does-not-reshuffle-ef5df7 = In der 1. Auflage wird die Reihe nicht neu gemischt, wenn der Stapel aufgebraucht ist.

the-1st-edition-says-text-bc93a0 = die 1. Auflage sagt: { $text }

the-1st-edition-with-its-intermediate-a7ccb2 = Die 1. Auflage mit ihrer Spielvorbereitung für Fortgeschrittene: feste Truhen und von den Spielern gewählte Plätze für die Figuren.

the-1st-edition-s-tie-breaker-9a3ea8 = In der 1. Auflage gewinnt im Stechen das erste Team, das eine Truhe hinzugewinnt.

the-british-d8294a = die Briten

the-card-s-text-6a45ad = Der Kartentext

the-current-printed-rules-2-9-b4eb9b = Die aktuellen gedruckten Regeln: 2-9 Spieler, 3 von 8 Ereigniskarten mit Stern, die Spanish Armada als unterste Karte des Ereigniskartenstapels, die Reihe wird neu gemischt, wenn der Stapel aufgebraucht ist.

the-dice-game-for-two-only-a313bc = Das Würfelspiel zu zweit; nur der 1. Platz führt jede Aktion aus.

the-dutch-87e65b = die Niederländer

the-end-of-the-game-32c1d6 = Spielende

the-event-deck-has-size-cards-d930ca = der Ereigniskartenstapel hat { $size } Karten, die Spanish Armada unter den letzten

the-event-deck-has-size-cards-4aa655 = der Ereigniskartenstapel hat { $size } Karten, die Spanish Armada als unterste

the-event-deck-is-empty-the-dd1c9e = der Ereigniskartenstapel ist leer: die verdeckten Karten der Reihe (Plätze { $slots }) werden neu gemischt

the-explosion-token-sinks-boat-for-46c19b = der Explosionsmarker versenkt { CASE($boat, "acc") } für den Rest des Spiels

the-flying-dutchman-1d71ca = Flying Dutchman
    .def = die Flying Dutchman
    .nom = die Flying Dutchman
    .acc = die Flying Dutchman
    .dat = der Flying Dutchman

the-flying-dutchman-s-british-hold-371b10 = britischer Stauraum der Flying Dutchman
    .def = der britische Stauraum der Flying Dutchman
    .nom = der britische Stauraum der Flying Dutchman
    .acc = den britischen Stauraum der Flying Dutchman
    .dat = dem britischen Stauraum der Flying Dutchman

the-flying-dutchman-s-french-hold-e7e7b4 = französischer Stauraum der Flying Dutchman
    .def = der französische Stauraum der Flying Dutchman
    .nom = der französische Stauraum der Flying Dutchman
    .acc = den französischen Stauraum der Flying Dutchman
    .dat = dem französischen Stauraum der Flying Dutchman

the-flying-dutchman-s-rowboat-c6f4df = Ruderboot der Flying Dutchman
    .def = das Ruderboot der Flying Dutchman
    .nom = das Ruderboot der Flying Dutchman
    .acc = das Ruderboot der Flying Dutchman
    .dat = dem Ruderboot der Flying Dutchman

the-french-72fbc1 = die Franzosen

the-game-ends-at-the-end-eda300 = Das Spiel endet am Ende einer Runde, in der jemand 8 Truhen auf Tortuga hat.

the-game-goes-on-when-every-dc96e0 = Das Spiel geht weiter, sobald alle Plätze besetzt sind.

the-game-is-over-2df27a = Das Spiel ist vorbei.

the-german-wording-takes-the-discarded-cdbffc = Der deutsche Wortlaut nimmt nur die abgelegten Karten.

the-house-rules-have-mistakes-see-b0fcd5 = Die Hausregeln enthalten Fehler: sieh dir die Liste an.

the-jolly-roger-1f8091 = Jolly Roger
    .def = die Jolly Roger
    .nom = die Jolly Roger
    .acc = die Jolly Roger
    .dat = der Jolly Roger

the-jolly-roger-s-british-hold-d9ff63 = britischer Stauraum der Jolly Roger
    .def = der britische Stauraum der Jolly Roger
    .nom = der britische Stauraum der Jolly Roger
    .acc = den britischen Stauraum der Jolly Roger
    .dat = dem britischen Stauraum der Jolly Roger

the-jolly-roger-s-french-hold-8b4f75 = französischer Stauraum der Jolly Roger
    .def = der französische Stauraum der Jolly Roger
    .nom = der französische Stauraum der Jolly Roger
    .acc = den französischen Stauraum der Jolly Roger
    .dat = dem französischen Stauraum der Jolly Roger

the-jolly-roger-s-rowboat-ce32d0 = Ruderboot der Jolly Roger
    .def = das Ruderboot der Jolly Roger
    .nom = das Ruderboot der Jolly Roger
    .acc = das Ruderboot der Jolly Roger
    .dat = dem Ruderboot der Jolly Roger

the-launch-rules-4-9-players-22471f = Die Regeln der Erstveröffentlichung: 4-9 Spieler, 6 Karten mit Stern, 4 Letter of Marque (nicht aufhebbar) und 2 Pistol, die Spanish Armada unter den letzten fünf, kein neues Mischen der Reihe, zwei lose Truhen auf Tortuga, keine Vote-Karten mit doppelten Symbolen.

the-letter-of-marque-used-at-9ea406 = Der Letter of Marque (sofort benutzt oder behalten) kann nur einen anderen Spieler versetzen, nie den, der ihn benutzt.

the-loyalty-card-of-seats-is-383f1b =
    { $n ->
        [one] die Loyalty-Karte von { $seats } liegt nicht mehr offen
       *[other] die Loyalty-Karten von { $seats } liegen nicht mehr offen
    }

the-message-was-not-understood-809e16 = Die Nachricht wurde nicht verstanden.

the-only-option-value-36ba3e = einzige Möglichkeit: { $value }

the-pawns-of-place-are-drawn-9cdf4c = die Figuren { PREP("auf", $place, case: "dat") } werden neu gezogen: { $seats }

the-regular-vote-cards-are-9-ed55eb = Die normalen Vote-Karten sind 9 Kanonen, 9 Fackeln und 12 Wasser (die Prozentsätze der spanischen Spielanleitung).

the-revealer-of-crow-s-nest-e84168 = Wer Crow's Nest aufdeckt, muss einen anderen Spieler wählen, nicht sich selbst.

the-rule-0056e7 = Die Regel

the-server-is-busy-please-try-59e4d0 = Der Server ist ausgelastet: bitte versuche es gleich noch einmal.

the-server-is-full-please-try-e13c7c = Der Server ist voll: bitte versuche es später noch einmal.

the-spanish-armada-british-british-french-d9408b = Die Spanish Armada: Briten { $british }, Franzosen { $french }

the-spanish-galleon-dfe0de = Spanish Galleon
    .def = die Spanish Galleon
    .nom = die Spanish Galleon
    .acc = die Spanish Galleon
    .dat = der Spanish Galleon

the-tie-breaker-deck-is-made-61d185 = Der Stapel für das Stechen besteht nur aus den abgelegten Ereigniskarten; nicht aufgedeckte Karten bleiben draußen.

the-top-card-of-the-vote-6b233f = die oberste Karte des Vote-Stapels kommt dazu

the-vote-deck-is-shuffled-0ec7ed = der Vote-Stapel wird gemischt

the-whole-log-is-shown-when-c709b4 = Das ganze Protokoll wird gezeigt, wenn das Spiel vorbei ist.

the-count-played-cards-are-shuffled-e6f6d4 = die { $count } gespielten Karten werden gemischt unter den Vote-Stapel gelegt

the-vote-fails-fc18d5 = { $vote }: gescheitert

the-vote-succeeds-382858 = { $vote }: erfolgreich

there-is-no-such-table-3d27cb = Diesen Tisch gibt es nicht.

thinks-ahead-tries-many-possible-games-578756 = Denkt voraus: probiert vor jedem Zug viele mögliche Partien durch (höchstens einen Sekundenbruchteil lang).

this-table-has-closed-6e9d27 = Dieser Tisch wurde geschlossen.

tie-breaker-deck-e4a03f = Stapel für das Stechen

tie-breaker-from-discards-only-german-3e2d0c = Stechen nur mit abgelegten Karten (deutsche Lesart)

tie-breaker-round-round-cards-event-2f779b = Stechen, Runde { $round }: { $cards } Ereigniskarten zu einem neuen Stapel gemischt, eine neue Reihe ausgelegt

tie-breaker-rounds-a0e7d6 = Runden im Stechen

tie-breaker-winner-637314 = Sieger im Stechen

time-a-player-has-to-declare-861009 = Zeit, die ein Spieler hat, um eine Aktion anzusagen.

time-left-for-name-n-s-3a06a8 = Verbleibende Zeit für { $name }: { $n } s

to-which-ship-24f8c6 = Auf welches Schiff?

too-many-messages-please-slow-down-a935bd = Zu viele Nachrichten: bitte etwas langsamer.

torch-e7de9e = Fackel

tortuga-386dc7 = Tortuga

tortuga-dice-game-60cfcb = Tortuga (Würfelspiel)

tortuga-outside-the-areas-10d2aa = Tortuga (außerhalb der Bereiche)

tortuga-1667-1st-edition-5fcfe0 = Tortuga 1667 (1. Auflage)

tortuga-1667-2nd-edition-b7cade = Tortuga 1667 (2. Auflage)

tortuga-s-british-area-ef8b36 = britischer Bereich auf Tortuga
    .def = der britische Bereich auf Tortuga
    .nom = der britische Bereich auf Tortuga
    .acc = den britischen Bereich auf Tortuga
    .dat = dem britischen Bereich auf Tortuga

tortuga-s-french-area-abf091 = französischer Bereich auf Tortuga
    .def = der französische Bereich auf Tortuga
    .nom = der französische Bereich auf Tortuga
    .acc = den französischen Bereich auf Tortuga
    .dat = dem französischen Bereich auf Tortuga

turn-number-seat-ddf9c2 = Zug { $number } — { $seat }

turn-n-name-aed347 = Zug { $n }: { $name }

turns-3037e1 = Spielzüge

two-players-0a696f = Zwei Spieler

unfinished-595d8c = nicht beendet

use-04489a = benutzen

use-it-now-or-keep-it-6fd79f = Jetzt benutzen oder behalten?

variants-1bc3d3 = Varianten

view-two-cards-acd5cd = 2 Ereigniskarten ansehen

views-row-slots-slots-f22111 = sieht sich die Karten { $slots } der Reihe an

vote-fd63f1 = Abstimmung

vote-64f872 = Abstimmung

voted-names-7ecec8 = Abgestimmt haben: { $names }

votes-b66c4b = Abstimmungen

waiting-for-a-player-519480 = wartet auf einen Spieler

waiting-for-players-c26c33 = Warten auf Spieler

waiting-for-players-n-of-m-056a4d = Warten auf Spieler: { $n } von { $m } Plätzen besetzt.

watch-d91ebf = Zuschauen

watch-the-rematch-25b523 = Revanche ansehen

watch-the-replay-005336 = Wiederholung ansehen

water-6d5a45 = Wasser

what-happened-7661e6 = Was geschah

what-just-happened-4d7178 = Was gerade geschah

what-you-saw-6b7f1e = Was du gesehen hast

when-the-event-deck-runs-out-51961f = Wenn der Ereigniskartenstapel aufgebraucht ist, werden die verdeckten Karten der Reihe in eine neue Reihenfolge gemischt (2. Auflage). Ausgeschaltet bleibt die Reihe, wie sie liegt (1. Auflage).

where-will-you-place-your-pawn-5caf71 = Wohin stellst du deine Figur?

which-card-will-you-reveal-ff4802 = Welche Karte deckst du auf?

which-chest-will-you-take-e7e367 = Welche Truhe nimmst du?

which-event-cards-make-the-tie-5aba47 = Welche Ereigniskarten den Stapel für das Stechen bilden: die abgelegten und die nicht aufgedeckten (es, ko) oder nur die abgelegten (der deutsche Wortlaut, docs/readings.md E22).

which-hold-gets-the-chest-06cc9b = Welcher Stauraum bekommt die Truhe?

which-hold-gets-your-chest-69aee3 = Welcher Stauraum bekommt deine Truhe?

which-rowboat-gets-the-explosion-token-853325 = Welches Ruderboot bekommt den Explosionsmarker?

which-vote-card-goes-on-top-ffdaca = Welche Vote-Karte kommt oben auf den Stapel?

which-vote-card-will-you-give-5aed5d = Welche Vote-Karte gibst du?

which-vote-card-will-you-lose-de7b6d = Welche Vote-Karte verlierst du?

who-gets-card-419ed3 = Wer bekommt { $card }?

whom-will-you-move-c9c405 = Wen versetzt du?

whose-vote-cards-will-you-replace-bb3e45 = Wessen Vote-Karten ersetzt du?

why-114904 = Warum:{ " " }

winner-winner-british-british-french-french-1217c0 = Sieger: { $winner } (Briten { $british }, Franzosen { $french }; { $steps } Schritte)

winners-teams-a1f8bd = Gewinner: { $teams }

with-so-few-players-the-random-72f9a2 = bei so wenigen Spielern lassen die zufälligen Sternkarten { $names } aus

with-whom-will-you-shuffle-loyalty-c8f0e1 = Mit wem mischst du die Loyalty-Karten?

won-a32b8c = gewonnen

yes-fb360f = ja

yes-or-no-c3b97b = ja oder nein

you-8af56d = du

you-are-invited-to-a-table-ca6fe5 = Du bist an einen Tisch eingeladen

you-are-watching-2a716c = Du schaust zu.

you-are-team-your-vote-cards-5cd843 = Du bist { $team }. Deine Vote-Karten: { $cards }

you-did-not-win-6b14fa = Du hast nicht gewonnen.

you-have-made-too-many-tables-1a253e = Du hast zu viele Tische erstellt: beende zuerst einen.

you-have-no-move-to-take-f15411 = Du hast keinen Zug, den du zurücknehmen kannst.

you-saw-it-45ba54 = du hast sie gesehen

you-won-e3a4b0 = Du hast gewonnen!

your-cards-c7ddf6 = Deine Karten:{ " " }

your-hand-2eb978 = Deine Hand

your-loyalty-a05656 = Deine Loyalität

your-move-cannot-be-taken-back-884fee = Dein Zug kann nicht zurückgenommen werden.

your-move-showed-something-hidden-it-77e25f = Dein Zug hat etwas Verdecktes gezeigt: er kann nicht zurückgenommen werden.

your-name-ab4229 = Dein Name

your-seat-was-given-to-someone-437254 = Dein Platz wurde an jemand anderen vergeben.

your-seat-s-key-is-missing-cb1db2 = Der Schlüssel zu deinem Platz fehlt: öffne den Tisch über deinen eigenen Link.

your-turn-8a4e60 = Du bist am Zug

your-turn-what-will-you-do-83a59b = Du bist am Zug: was tust du?

a-and-b-exchange-places-place-513b3d = { $a } und { $b } tauschen die Plätze ({ $place_a } / { $place_b })

a-and-b-shuffle-their-loyalty-40d194 = { $a } und { $b } mischen ihre Loyalty-Karten ungesehen und nehmen je eine

caller-calls-vote-on-place-voters-a1ccf1 = { $caller } ruft { $vote } { PREP("auf", $place, case: "dat") } aus; es stimmen ab: { $voters }

cards-carries-double-icons-each-counts-d0e063 =
    { $n ->
        [one] { $cards } trägt doppelte Symbole: jedes zählt
       *[other] { $cards } tragen doppelte Symbole: jedes zählt
    }

card-goes-to-the-discard-pile-202ca9 = { $card } kommt auf den Ablagestapel

card-lies-face-up-in-front-66d94e = { $card } liegt offen vor { $seat }

count-cards-from-the-top-of-e95619 = { $count } Karten von oben vom Ereigniskartenstapel kommen ungesehen zurück in die Schachtel

count-event-cards-are-dealt-face-1be06a = { $count } Ereigniskarten werden verdeckt in die Reihe gelegt

items-and-last-09adb4 = { $items } und { $last }

name-chooses-a-ship-df3b00 = { $name } wählt ein Schiff.

name-chooses-a-space-for-their-641321 = { $name } wählt einen Platz für die eigene Figur.

name-chooses-a-vote-card-to-405e82 = { $name } wählt eine Vote-Karte zum Abgeben.

name-chooses-a-vote-card-to-30c7c1 = { $name } wählt eine Vote-Karte, die verloren geht.

name-chooses-at-whom-to-point-bbd21f = { $name } wählt, auf wen die Pistole zielt.

name-chooses-the-chest-to-take-c43f8c = { $name } wählt, welche Truhe genommen wird.

name-chooses-the-hold-that-gets-12f198 = { $name } wählt den Stauraum, der die Truhe bekommt.

name-chooses-the-hold-that-gets-adaced = { $name } wählt den Stauraum, der die eigene Truhe bekommt.

name-chooses-the-hold-to-take-33637d = { $name } wählt den Stauraum, aus dem eine Truhe genommen wird.

name-chooses-the-rowboat-that-gets-adba21 = { $name } wählt das Ruderboot, das den Explosionsmarker bekommt.

name-chooses-the-vote-card-that-38d206 = { $name } wählt die Vote-Karte, die oben auf den Stapel kommt.

name-chooses-where-to-place-their-0a14aa = { $name } wählt, wohin die eigene Figur kommt.

name-chooses-who-gets-card-a80d78 = { $name } wählt, wer { $card } bekommt.

name-chooses-whom-to-move-b0c9ee = { $name } wählt, wer versetzt wird.

name-chooses-whose-vote-cards-to-0839c7 = { $name } wählt, wessen Vote-Karten ersetzt werden.

name-chooses-with-whom-to-shuffle-676506 = { $name } wählt, mit wem die Loyalty-Karten gemischt werden.

name-decides-whether-to-move-to-720122 = { $name } entscheidet über einen Wechsel auf das andere Schiff.

name-decides-whether-to-use-card-164986 = { $name } entscheidet, ob { $card } jetzt benutzt oder behalten wird.

name-has-moved-since-your-move-d72838 = { $name } hat inzwischen gezogen: dein Zug kann nicht mehr zurückgenommen werden.

name-is-answering-df6473 = { $name } antwortet.

name-is-choosing-a-vote-card-f22ca0 = { $name } wählt eine Vote-Karte für: { $vote }.

name-is-choosing-what-to-do-8ff41c = { $name } überlegt, was zu tun ist.

name-is-choosing-5d3b42 = { $name } trifft eine Wahl.

name-picks-the-card-to-reveal-8f1561 = { $name } wählt die Karte, die aufgedeckt wird.

n-chest-b47a36 =
    { $n ->
        [one] { $n } Truhe
       *[other] { $n } Truhen
    }

n-chest-moves-from-src-to-2de391 =
    { $n ->
        [one] { $n } Truhe wandert { PREP("von", $src, case: "dat") } { PREP("in", $dst, case: "acc") }
       *[other] { $n } Truhen wandern { PREP("von", $src, case: "dat") } { PREP("in", $dst, case: "acc") }
    }

n-chests-41d6e2 = { $n } Truhen

n-hidden-5a6707 = { $n } verdeckt

n-open-seats-699b88 = { $n } freie Plätze

place-seats-8d1882 = { $place }: { $seats }

roles-on-place-933e01 = { $roles } { PREP("auf", $place, case: "dat") }

ruleset-players-players-seed-seed-a77967 = { $ruleset } - { $players } Spieler, Startwert { $seed }

ruleset-players-players-you-play-seat-5e047f = { $ruleset } - { $players } Spieler; du spielst { $seat }

seats-holds-no-vote-card-and-a77bf5 =
    { $n ->
        [one] { $seats } hat keine Vote-Karte und kann nicht abstimmen
       *[other] { $seats } haben keine Vote-Karte und können nicht abstimmen
    }

seats-marked-name-5297b8 = { $seats } markiert: { $name }

seats-on-a-rowboat-does-not-f7243a =
    { $n ->
        [one] { $seats } im Ruderboot stimmt nicht ab
       *[other] { $seats } im Ruderboot stimmen nicht ab
    }

seat-answers-value-f88e3b = { $seat } antwortet: { $value }

seat-chooses-to-move-a-chest-7d3495 = { $seat } entscheidet, eine Truhe { $value } zu bewegen

seat-chooses-value-0a7891 = { $seat } wählt { CASE($value, "acc") }

seat-discards-a-kept-card-e64b16 = { $seat } legt die behaltene Karte { $card } ab

seat-draws-a-vote-card-c633d7 = { $seat } zieht eine Vote-Karte

seat-drew-card-28c143 = { $seat } zog { $card }

seat-gets-another-action-2b139e = { $seat } bekommt eine weitere Aktion

seat-has-chosen-in-secret-8e6cd5 = { $seat } hat geheim gewählt

seat-has-n-action-left-this-3e9a4a =
    { $n ->
        [one] { $seat } hat in diesem Zug noch { $n } Aktion
       *[other] { $seat } hat in diesem Zug noch { $n } Aktionen
    }

seat-is-dealt-cards-4e5250 = { $seat } erhält { $cards }

seat-is-marooned-again-and-goes-cb1406 = { $seat } wird erneut ausgesetzt und geht ans Ende der Reihe auf Tortuga

seat-is-marooned-from-src-to-991c5d = { $seat } wird { PREP("von", $src, case: "dat") } ausgesetzt, ans Ende der Reihe auf Tortuga

seat-is-the-start-player-ae4275 = { $seat } ist Startspieler

seat-is-team-3f885d = { $seat } ist { $team }

seat-loses-a-mark-name-ce823c = { $seat } verliert eine Markierung: { $name }

seat-loses-a-random-vote-card-4c7f87 = { $seat } verliert eine zufällige Vote-Karte ungesehen unter den Vote-Stapel

seat-loses-this-turn-f2e2d5 = { $seat } verliert diesen Zug

seat-lost-card-fc66c7 = { $seat } verlor { $card }

seat-makes-a-secret-choice-8d44ad = { $seat } wählt geheim

seat-moves-from-src-to-the-474734 = { $seat } zieht { PREP("von", $src, case: "dat") } ans Ende der Reihe { PREP("auf", $dst, case: "dat") }

seat-picks-slot-value-of-the-e5f576 = { $seat } wählt Platz { $value } der Reihe

seat-picks-slots-value-of-the-197b1f = { $seat } wählt die Plätze { $value } der Reihe

seat-picks-value-b5d930 = { $seat } wählt { $value }

seat-places-their-pawn-on-place-d3ae40 = { $seat } stellt die eigene Figur { PREP("auf", $place, case: "acc") }

seat-played-cards-0d843a = { $seat } spielte { $cards }

seat-plays-cards-ee3dbf = { $seat } spielt { $cards }

seat-puts-a-vote-card-on-e52322 = { $seat } legt eine Vote-Karte oben auf den Vote-Stapel

seat-puts-n-vote-card-face-c0ee11 =
    { $n ->
        [one] { $seat } legt { $n } Vote-Karte verdeckt ab
       *[other] { $seat } legt { $n } Vote-Karten verdeckt ab
    }

seat-ran-out-of-time-435de0 = { $seat } hat keine Zeit mehr

seat-receives-a-vote-card-from-b151ab = { $seat } erhält eine Vote-Karte vom Stapel

seat-receives-card-5a5cb2 = { $seat } erhält { $card }

seat-reveals-slot-slot-card-96a6fb = { $seat } deckt Platz { $slot } auf: { $card }

seat-rolls-in-the-open-dice-9d3176 = { $seat } würfelt offen: { $dice }

seat-rolls-n-die-behind-the-68d50a =
    { $n ->
        [one] { $seat } würfelt { $n } Würfel hinter dem Sichtschirm
       *[other] { $seat } würfelt { $n } Würfel hinter dem Sichtschirm
    }

seat-rolls-dice-1a3a1e = { $seat } würfelt: { $dice }

seat-secretly-looks-at-row-slots-8a48a1 = { $seat } sieht sich geheim die Karten { $slots } der Reihe an

seat-sees-seen-d908a9 = { $seat } sieht { $seen }

seat-sits-out-this-vote-card-5825e7 = { $seat } setzt bei dieser Abstimmung ({ $vote }) aus ({ $card })

seat-stays-on-track-space-3074fc = { $seat } bleibt auf { $track } { $space }

seat-takes-the-action-kind-a18345 = { $seat } führt die Aktion { $kind } aus

seat-turns-die-letter-to-side-33afd1 = { $seat } dreht Würfel { $letter } auf { $side } { $pips }

seat-will-take-the-first-turn-83e0bc = { $seat } beginnt das Spiel

seat-action-ba42bd = { $seat } { $action }

seat-s-n-vote-card-goes-9d3437 =
    { $n ->
        [one] { $n } Vote-Karte von { $seat } kommt unter den Vote-Stapel
       *[other] { $n } Vote-Karten von { $seat } kommen unter den Vote-Stapel
    }

seat-s-zone-615e40 = { $zone } von { $seat }

seat-track-old-new-078bb4 = { $seat }: { $track } { $old } → { $new }

src-gives-a-vote-card-to-2025f9 = { $src } gibt { $dst } eine Vote-Karte

src-gives-card-to-dst-dcf8a9 = { $src } gibt { $dst } { $card }

to-makes-the-choice-for-seat-ab03b5 = { $to } trifft die Wahl für { $seat }

vote-cards-revealed-cards-counts-3a5b84 = { $vote }: aufgedeckte Karten: { $cards } → { $counts }

what-drawn-from-src-to-dst-142e71 = { $what } gezogen aus { $src } nach { $dst }

what-from-src-to-dst-45f650 = { $what }: von { $src } nach { $dst }

zone-is-empty-c60215 = { $zone } ist leer
