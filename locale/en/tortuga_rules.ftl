# tortuga-rules messages: the source: every message in English, made from the code by
# `python -m tortuga_rules.game.catalogues` (see docs/frontend.md, Languages).

and-4f4133 = { " " }and{ " " }

only-seat-sees-text-a41c43 = (only { $seat } sees) { $text }

referee-only-text-a7e0f1 = (referee only) { $text }

sunk-cbb5db = (sunk)

m-1-chest-121cf8 = 1 chest

m-1st-edition-intermediate-setup-09c8d2 = 1st edition, intermediate setup

m-2-coin-treasure-tokens-5608dd = 2-coin treasure tokens

m-3-coin-treasure-tokens-50f889 = 3-coin treasure tokens

m-30-second-timer-1c2d90 = 30-second timer

your-decision-seat-6b0edd = === Your decision, { $seat } ===

a-bot-name-361428 = a bot: { $name }

a-brawl-a2f3a7 = a Brawl

a-chest-is-placed-in-spot-376cdf = a chest is placed in { $spot }

a-chest-move-9359b5 = a chest move

a-chest-spot-1803f9 = a chest spot

a-draw-f82895 = A draw.

a-friend-open-seat-c014c8 = a friend (open seat)

a-game-for-count-players-c7b724 = a game for { $count } players

a-game-for-n-players-779677 = a game for { $n } players

a-mutiny-08ee0c = a Mutiny

a-place-930056 = a place

a-player-caa891 = a player

a-player-who-has-not-declared-1f509c = A player who has not declared an action in time must View 2; a forced player out of time has the choice made by the forcing player.

a-row-slot-1b35cf = a row slot

a-shared-draw-e54943 = a shared draw

a-space-on-the-mat-8ed6a0 = a space on the mat

a-variant-file-yaml-optional-808e1b = A variant file (YAML), optional

a-vote-card-5f99ed = a vote card

accept-5fb801 = accept

actions-c3cd63 = Actions

after-a-blocked-roll-9b0482 = After a blocked roll

after-crow-s-nest-the-vote-0de553 = After Crow's Nest the vote deck is not reshuffled, so the revealer knows its order.

after-the-event-deck-is-built-f46d4b = After the event deck is built, box some cards from its top unseen.

all-d87c44 = all

all-eight-starred-event-cards-are-df0531 = All eight starred event cards are in the deck, and the View action is removed.

all-every-loyalty-card-face-up-f0021c = all: every Loyalty card face up; one-each: 1 British and 1 French face up, the rest hidden.

an-answer-e393a6 = an answer

an-attack-a2c305 = an Attack

an-event-card-604161 = an event card

an-option-4bc4b3 = an option

as-seen-by-071590 = As seen by

at-whom-will-you-point-the-8deaa5 = At whom will you point the pistol?

attack-1b81f2 = Attack

attack-s-chest-9068ad = Attack's chest

back-b52b36 = Back

back-to-the-lobby-8e1910 = Back to the lobby

blank-6184d6 = blank

board-9ea5e9 = board

board-e879b0 = Board

board-0232a5 = Board:

bot-c71e72 = bot

bot-level-n-name-c81bd2 = bot, level { $n }: { $name }

brawl-269aaa = Brawl

british-flag-bd1b22 = British flag

cabin-boy-8f4183 = cabin boy

called-by-name-6f8677 = Called by { $name }

calls-a-brawl-1c1f72 = calls a Brawl

calls-a-mutiny-8dd883 = calls a Mutiny

calls-an-attack-804ec9 = calls an Attack

cannon-8de5f2 = cannon

captain-0a98b3 = Captain

captain-85f45e = captain

cards-removed-d27a06 = Cards removed

changed-by-variants-4a3fa5 = changed by { $variants }

chests-start-1-in-each-tortuga-680244 = Chests start 1 in each Tortuga area, 3 in the Flying Dutchman's British hold and 3 in the Jolly Roger's French hold; pawns are drawn one at a time and each player chooses a ship and a position on it, or Tortuga.

chests-chests-9cbb3b = Chests: { $chests }

chests-spots-900874 = chests: { $spots }

choose-1-count-88697c = Choose 1-{ $count }:{ " " }

choose-name-08e94d = Choose { $name }.

close-bbfa77 = Close

connected-c5e234 = connected

copy-af74f7 = Copy

create-the-table-95f813 = Create the table

crew-a447a8 = crew

crow-s-nest-targets-another-player-eb2158 = Crow's Nest targets another player (German reading)

crow-s-nest-without-a-reshuffle-8c1933 = Crow's Nest without a reshuffle (Spanish reading)

deal-4-to-8-starred-event-296333 = Deal 4 to 8 starred event cards into the deck instead of 3.

deckhand-356fe5 = Deckhand

dice-letters-as-side-2f2d3a = dice { $letters } as { $side }

die-letter-21cdb3 = die { $letter }

die-letter-side-2cf952 = die { $letter }: { $side }

die-letter-side-pips-68746b = die { $letter }: { $side } { $pips }

discard-f57e38 = discard

discard-and-unrevealed-e59140 = discard-and-unrevealed

dismiss-70afe9 = Dismiss

draw-76a4e1 = draw

el-dorado-in-the-next-vote-998a18 = El Dorado in the next vote only (Korean reading)

el-dorado-s-two-card-play-ddb395 = El Dorado's two-card play can be used only in its owner's next vote; afterwards the card only keeps the extra vote card.

elo-n-f8f050 = Elo { $n }

empty-ad8710 = empty

even-count-ties-how-many-tie-670198 = Even-count ties: how many tie-breaker rounds (the first, then a rebuild each time its cards run out, docs/readings.md A17) before the game is a shared draw.

event-cards-831c8f = Event cards

event-deck-n-vote-deck-m-062cc5 = Event deck: { $n } · Vote deck: { $m } · Discarded: { $d }

event-row-6098f8 = Event row

event-row-row-55ddbb = Event row: { $row }

everything-revealed-51c87b = everything revealed

face-down-e6b60e = face down

first-mate-abe5e0 = first mate

first-step-bb6c49 = First step

force-a-player-69350f = Force a player

forces-target-to-reveal-one-of-105087 = forces { $target } to reveal one of row slots { $slots }

french-flag-77a2af = French flag

from-which-hold-will-you-take-d2d84d = From which hold will you take a chest?

from-src-to-dst-2f6b1a = from { $src } to { $dst }

gain-5fe05a = gain

game-e3e828 = Game

game-over-a-shared-draw-british-5a3a63 = game over: a shared draw (British { $british }, French { $french })

game-over-team-win-british-british-b7142b = game over: { $team } win (British { $british }, French { $french })

governor-a7d666 = governor

helm-2b8380 = helm

house-rules-48216a = House rules

how-do-you-answer-992267 = How do you answer?

how-many-cards-leave-the-top-24547c = How many cards leave the top of the event deck, unseen, before the row is dealt.

how-many-of-the-30-treasure-02155d = How many of the 30 treasure tokens show 2 coins (docs/readings.md D2: the OCR keeps only "17 x 1 tesoro"; the rest are read as 2 and 3 coins).

how-many-of-the-30-treasure-43ab1a = How many of the 30 treasure tokens show 3 coins (docs/readings.md D2).

how-many-starred-cards-go-into-e113e0 = How many starred cards go into the event deck.

input-ended-the-game-is-abandoned-db031b = input ended: the game is abandoned

intermediate-setup-29aacb = Intermediate setup

join-c455b3 = join

join-e0d731 = Join

join-the-rematch-8e20a6 = Join the rematch

keep-1264bd = keep

kept-cards-3a8398 = Kept cards

language-89b86a = Language

last-step-1d09cd = Last step

lead-8cb33b = lead

lead-the-first-team-to-take-94cc8f = lead: the first team to take the lead wins (2nd edition); gain: the first team to gain a chest over the tied total wins (1st edition, docs/readings.md E23).

letter-of-marque-moves-another-player-f002f8 = Letter of Marque moves another player

level-n-2fef53 = level { $n }

longer-game-6d00ec = Longer game

lost-201028 = lost

loyalties-48e14a = Loyalties

loyalty-e2b312 = Loyalty

loyalty-cards-are-dealt-face-up-6f776e = Loyalty cards are dealt face up - all of them, or one British and one French.

loyalty-cards-dealt-face-down-teams-917254 = loyalty cards dealt face down: { $teams }

loyalty-cards-dealt-face-up-shown-e44178 = loyalty cards dealt face up: { $shown }

loyalty-loyalties-10e295 = Loyalty: { $loyalties }

madness-c97e25 = Madness

make-a-choice-715d00 = make a choice

maroon-ca6ebd = Maroon

marooning-766655 = Marooning

maroons-target-ad61ac = maroons { $target }

may-f458ef = may

may-after-a-successful-attack-the-c2a90a = may: after a successful Attack the Captain chooses which chest to take and into which hold, or takes none ("el Capitán podrá tomar 1 cofre", docs/readings.md A23); must: a chest is always taken when there is one.

more-starred-cards-3be4cf = More starred cards

move-379d6c = move

move-a-chest-37ccae = Move a chest

move-to-the-other-ship-before-4b9464 = Move to the other ship before this turn?

moves-a-chest-move-fc711c = moves a chest { $move }

moves-to-to-df1115 = moves to { $to }

must-5723d1 = must

mutiny-800935 = Mutiny

new-table-83f834 = New table

next-step-5500ee = Next step

no-fd1286 = no

no-rulebook-in-this-language-says-89244e = no rulebook in this language says it: our wording

no-table-yet-create-one-70ee72 = No table yet: create one.

nobody-365ec1 = nobody

none-71f8e7 = none

not-connected-394b08 = not connected

nothing-0feca7 = nothing

on-the-board-things-209385 = On the board: { $things }

on-which-space-will-you-place-1fc547 = On which space will you place your pawn?

one-fe05bc = one

one-each-69af77 = one-each

only-watch-dffda5 = Only watch

open-loyalty-a55943 = Open loyalty

open-loyalty-cards-cf97f3 = Open loyalty cards

options-in-force-options-0d8ff5 = Options in force: { $options }

other-rules-b77a11 = Other rules

pass-9d4e1e = pass

pawns-are-drawn-one-at-a-cd2596 = pawns are drawn one at a time: { $seats }

play-a-vote-card-for-the-2fdf68 = Play a vote card for the { $vote }.

play-your-letter-of-marque-ac22b3 = Play your Letter of Marque

player-e53407 = Player

player-n-c59730 = Player { $n }

players-2912fa = players

players-392fee = Players

players-roll-their-five-dice-behind-9bceb4 = Players roll their five dice behind screens at the same time and keep dice of one action; then the five actions are resolved by 1st and 2nd place, and treasure chests travel from the island to the crew, the fleet and Tortuga. The first to hide 6 chests in Tortuga ends the game; most points wins.

plays-a-kept-letter-of-marque-e66bfb = plays a kept Letter of Marque to move { $who } to { $ship }

plays-any-legal-move-at-random-821092 = Plays any legal move, at random.

plays-at-random-40548d = plays at random

plays-by-rules-of-thumb-0d9777 = plays by rules of thumb

plays-by-rules-of-thumb-keeps-d0a5d7 = Plays by rules of thumb: keeps to its loyalty, weighs its dice.

please-type-a-number-from-1-9f93d6 = Please type a number from 1 to { $count }.

previous-step-da5705 = Previous step

private-only-the-invitation-link-opens-28478c = Private: only the invitation link opens it

reconnecting-6b1600 = reconnecting…

refuse-106f0a = refuse

rematch-032d71 = Rematch

removed-for-this-player-count-names-46a235 = removed for this player count: { $names }

replay-c0f85d = Replay

replay-ok-steps-steps-result-c1e760 = Replay OK: { $steps } steps, { $result }

reshuffle-the-last-row-c2f3d0 = Reshuffle the last row

result-5faa59 = Result

reveal-a-card-d67fcd = Reveal a card

revealed-together-all-bce8d7 = revealed together: { $all }

revealed-32d376 = Revealed:{ " " }

reveals-row-slot-slot-11158f = reveals row slot { $slot }

roles-47dcc2 = Roles

roles-at-the-end-81ddba = Roles at the end

round-n-0a27a3 = Round { $n }

row-9bf7a8 = Row

row-slots-91d95e = row slots

rules-of-this-table-cf3b2b = Rules of this table

ruleset-id-content-hash-hash-min-648d9a = Ruleset `{ $id }` (content hash { $hash }), { $min }-{ $max } players, { $n } clauses.

sailor-944baf = Sailor

score-489f48 = Score

scores-126cb9 = Scores

scores-table-won-by-winners-6db40b = scores: { $table }; won by { $winners }

seat-seat-a6a011 = seat { $seat }

seats-692aab = Seats

seconds-per-decision-62304b = Seconds per decision

send-this-invitation-c210f8 = Send this invitation:{ " " }

set-65c10d = set

set-a-player-who-could-place-3ca1fe = set: a player who could place no die re-rolls in the open until some dice can be placed, then places dice of one action by the normal rule (the rule's "hasta que pueda colocar al menos un dado", es L167; docs/readings.md D7); one: places exactly one die, as Ani does in the rulebook's example ("coloca uno de ellos", es L178).

setup-cdd7bb = Setup

share-43aaed = Share:{ " " }

shorter-game-06a60c = Shorter game

show-the-whole-log-fbe0c8 = Show the whole log

skull-15e9ab = skull

slot-n-296faa = slot { $n }

slot-slot-68c5ec = slot { $slot }

slot-slot-is-refilled-from-the-9b00a1 = slot { $slot } is refilled from the event deck

slot-slot-card-d143b7 = slot { $slot }: { $card }

slots-slots-4041c1 = slots { $slots }

someone-moved-first-look-at-the-c79155 = Someone moved first: look at the board again.

something-went-wrong-on-the-server-f87095 = Something went wrong on the server.

sound-on-your-turn-123470 = Sound on your turn

space-space-of-place-a76d52 = space { $space } of { $place }

spanish-vote-deck-percentages-e0af22 = Spanish vote-deck percentages

starred-cards-e89085 = Starred cards

starred-cards-in-the-deck-names-899bf8 = starred cards in the deck: { $names }

start-again-b6fffc = Start again

start-player-name-062055 = Start player: { $name }

stay-396f99 = stay

step-n-of-m-a40c0b = Step { $n } of { $m }

sunk-a8c9f1 = sunk

tables-193daf = Tables

take-back-my-last-move-676d40 = Take back my last move

take-your-seat-f76c69 = Take your seat

that-cannot-be-done-92c783 = That cannot be done.

that-is-not-yours-to-do-305823 = That is not yours to do.

that-is-too-long-6356c9 = That is too long.

that-move-is-not-allowed-now-07536b = That move is not allowed now.

the-1st-edition-does-not-reshuffle-ef5df7 = The 1st edition does not reshuffle the row when the deck runs out.

the-1st-edition-says-text-bc93a0 = the 1st edition says: { $text }

the-1st-edition-with-its-intermediate-a7ccb2 = The 1st edition with its intermediate setup - fixed chests and player-chosen pawn places.

the-1st-edition-s-tie-breaker-9a3ea8 = The 1st edition's tie-breaker is won by the first team to gain a chest.

the-british-d8294a = the British

the-card-s-text-6a45ad = The card's text

the-current-printed-rules-2-9-b4eb9b = The current printed rules: 2-9 players, 3 starred event cards of 8, the Armada at the bottom of the event deck, the row reshuffled when the deck runs out.

the-dice-game-for-two-only-a313bc = The dice game for two; only the 1st place carries out each action.

the-dutch-87e65b = the Dutch

the-end-of-the-game-32c1d6 = The end of the game

the-event-deck-has-size-cards-d930ca = the event deck has { $size } cards, the Spanish Armada among the last cards

the-event-deck-has-size-cards-4aa655 = the event deck has { $size } cards, the Spanish Armada at the bottom

the-event-deck-is-empty-the-dd1c9e = the event deck is empty: the face-down row cards (slots { $slots }) are reshuffled

the-explosion-token-sinks-boat-for-46c19b = the explosion token sinks { $boat } for the rest of the game

the-flying-dutchman-1d71ca = the Flying Dutchman

the-flying-dutchman-s-british-hold-371b10 = the Flying Dutchman's British hold

the-flying-dutchman-s-french-hold-e7e7b4 = the Flying Dutchman's French hold

the-flying-dutchman-s-rowboat-c6f4df = the Flying Dutchman's rowboat

the-french-72fbc1 = the French

the-game-ends-at-the-end-eda300 = The game ends at the end of a round in which someone has 8 chests in Tortuga.

the-game-goes-on-when-every-dc96e0 = The game goes on when every seat is taken.

the-game-is-over-2df27a = The game is over.

the-german-wording-takes-the-discarded-cdbffc = The German wording takes the discarded cards only.

the-house-rules-have-mistakes-see-b0fcd5 = The house rules have mistakes: see the list.

the-jolly-roger-1f8091 = the Jolly Roger

the-jolly-roger-s-british-hold-d9ff63 = the Jolly Roger's British hold

the-jolly-roger-s-french-hold-8b4f75 = the Jolly Roger's French hold

the-jolly-roger-s-rowboat-ce32d0 = the Jolly Roger's rowboat

the-launch-rules-4-9-players-22471f = The launch rules: 4-9 players, 6 starred cards, 4 Letters of Marque (no saving) and 2 Pistols, the Armada among the last five, no row reshuffle, two loose chests on Tortuga, no double-icon vote cards.

the-letter-of-marque-used-at-9ea406 = The Letter of Marque (used at once or kept) can only move another player, never its user.

the-loyalty-card-of-seats-is-383f1b =
    { $n ->
        [one] the loyalty card of { $seats } is no longer face up
       *[other] the loyalty cards of { $seats } are no longer face up
    }

the-message-was-not-understood-809e16 = The message was not understood.

the-only-option-value-36ba3e = the only option: { $value }

the-pawns-of-place-are-drawn-9cdf4c = the pawns of { $place } are drawn again: { $seats }

the-regular-vote-cards-are-9-ed55eb = The regular vote cards are 9 cannon, 9 torch and 12 water (the Spanish rulebook's percentages).

the-revealer-of-crow-s-nest-e84168 = The revealer of Crow's Nest must choose another player, not themself.

the-rule-0056e7 = The rule

the-server-is-busy-please-try-59e4d0 = The server is busy: please try again in a moment.

the-server-is-full-please-try-e13c7c = The server is full: please try again later.

the-spanish-armada-british-british-french-d9408b = the Spanish Armada: British { $british }, French { $french }

the-spanish-galleon-dfe0de = the Spanish Galleon

the-tie-breaker-deck-is-made-61d185 = The tie-breaker deck is made of the discarded event cards only; unrevealed cards stay out.

the-top-card-of-the-vote-6b233f = the top card of the vote deck is added

the-vote-deck-is-shuffled-0ec7ed = the vote deck is shuffled

the-whole-log-is-shown-when-c709b4 = The whole log is shown when the game is over.

the-count-played-cards-are-shuffled-e6f6d4 = the { $count } played cards are shuffled under the vote deck

the-vote-fails-fc18d5 = the { $vote } fails

the-vote-succeeds-382858 = the { $vote } succeeds

there-is-no-such-table-3d27cb = There is no such table.

thinks-ahead-tries-many-possible-games-578756 = Thinks ahead: tries many possible games before each move (at most a fraction of a second).

this-table-has-closed-6e9d27 = This table has closed.

tie-breaker-deck-e4a03f = Tie-breaker deck

tie-breaker-from-discards-only-german-3e2d0c = Tie-breaker from discards only (German reading)

tie-breaker-round-round-cards-event-2f779b = tie-breaker round { $round }: { $cards } event cards shuffled into a new deck, a new row dealt

tie-breaker-rounds-a0e7d6 = Tie-breaker rounds

tie-breaker-winner-637314 = Tie-breaker winner

time-a-player-has-to-declare-861009 = Time a player has to declare an action.

time-left-for-name-n-s-3a06a8 = Time left for { $name }: { $n } s

to-which-ship-24f8c6 = To which ship?

too-many-messages-please-slow-down-a935bd = Too many messages: please slow down.

torch-e7de9e = torch

tortuga-386dc7 = Tortuga

tortuga-dice-game-60cfcb = Tortuga (dice game)

tortuga-outside-the-areas-10d2aa = Tortuga (outside the areas)

tortuga-1667-1st-edition-5fcfe0 = Tortuga 1667 (1st edition)

tortuga-1667-2nd-edition-b7cade = Tortuga 1667 (2nd edition)

tortuga-s-british-area-ef8b36 = Tortuga's British area

tortuga-s-french-area-abf091 = Tortuga's French area

turn-number-seat-ddf9c2 = Turn { $number } — { $seat }

turn-n-name-aed347 = Turn { $n }: { $name }

turns-3037e1 = Turns

two-players-0a696f = Two players

unfinished-595d8c = unfinished

use-04489a = use

use-it-now-or-keep-it-6fd79f = Use it now or keep it?

variants-1bc3d3 = Variants

view-two-cards-acd5cd = View two cards

views-row-slots-slots-f22111 = views row slots { $slots }

vote-fd63f1 = vote

vote-64f872 = Vote

voted-names-7ecec8 = Voted: { $names }

votes-b66c4b = Votes

waiting-for-a-player-519480 = waiting for a player

waiting-for-players-c26c33 = Waiting for players

waiting-for-players-n-of-m-056a4d = Waiting for players: { $n } of { $m } seats taken.

watch-d91ebf = Watch

watch-the-rematch-25b523 = Watch the rematch

watch-the-replay-005336 = Watch the replay

water-6d5a45 = water

what-happened-7661e6 = What happened

what-just-happened-4d7178 = What just happened

what-you-saw-6b7f1e = What you saw

when-the-event-deck-runs-out-51961f = When the event deck runs out, the face-down row cards are shuffled into a new order (2nd edition). Off, the row stays as it lies (1st edition).

where-will-you-place-your-pawn-5caf71 = Where will you place your pawn?

which-card-will-you-reveal-ff4802 = Which card will you reveal?

which-chest-will-you-take-e7e367 = Which chest will you take?

which-event-cards-make-the-tie-5aba47 = Which event cards make the tie-breaker deck: the discarded and the unrevealed ones (es, ko), or only the discarded ones (the German wording, docs/readings.md E22).

which-hold-gets-the-chest-06cc9b = Which hold gets the chest?

which-hold-gets-your-chest-69aee3 = Which hold gets your chest?

which-rowboat-gets-the-explosion-token-853325 = Which rowboat gets the explosion token?

which-vote-card-goes-on-top-ffdaca = Which vote card goes on top of the deck?

which-vote-card-will-you-give-5aed5d = Which vote card will you give?

which-vote-card-will-you-lose-de7b6d = Which vote card will you lose?

who-gets-card-419ed3 = Who gets { $card }?

whom-will-you-move-c9c405 = Whom will you move?

whose-vote-cards-will-you-replace-bb3e45 = Whose vote cards will you replace?

why-114904 = Why:{ " " }

winner-winner-british-british-french-french-1217c0 = Winner: { $winner } (British { $british }, French { $french }; { $steps } steps)

winners-teams-a1f8bd = Winners: { $teams }

with-so-few-players-the-random-72f9a2 = with so few players the random starred cards leave out { $names }

with-whom-will-you-shuffle-loyalty-c8f0e1 = With whom will you shuffle loyalty cards?

won-a32b8c = won

yes-fb360f = yes

yes-or-no-c3b97b = yes or no

you-8af56d = you

you-are-invited-to-a-table-ca6fe5 = You are invited to a table

you-are-watching-2a716c = You are watching.

you-are-team-your-vote-cards-5cd843 = You are { $team }. Your vote cards: { $cards }

you-did-not-win-6b14fa = You did not win.

you-have-made-too-many-tables-1a253e = You have made too many tables: finish one first.

you-have-no-move-to-take-f15411 = You have no move to take back.

you-saw-it-45ba54 = you saw it

you-won-e3a4b0 = You won!

your-cards-c7ddf6 = Your cards:{ " " }

your-hand-2eb978 = Your hand

your-loyalty-a05656 = Your loyalty

your-move-cannot-be-taken-back-884fee = Your move cannot be taken back.

your-move-showed-something-hidden-it-77e25f = Your move showed something hidden: it cannot be taken back.

your-name-ab4229 = Your name

your-seat-was-given-to-someone-437254 = Your seat was given to someone else.

your-seat-s-key-is-missing-cb1db2 = Your seat's key is missing: open the table from your own link.

your-turn-8a4e60 = Your turn

your-turn-what-will-you-do-83a59b = Your turn: what will you do?

a-and-b-exchange-places-place-513b3d = { $a } and { $b } exchange places ({ $place_a } / { $place_b })

a-and-b-shuffle-their-loyalty-40d194 = { $a } and { $b } shuffle their loyalty cards unseen and take one each

caller-calls-vote-on-place-voters-a1ccf1 = { $caller } calls { $vote } on { $place }; voters: { $voters }

cards-carries-double-icons-each-counts-d0e063 =
    { $n ->
        [one] { $cards } carries double icons: each counts
       *[other] { $cards } carry double icons: each counts
    }

card-goes-to-the-discard-pile-202ca9 = { $card } goes to the discard pile

card-lies-face-up-in-front-66d94e = { $card } lies face up in front of { $seat }

count-cards-from-the-top-of-e95619 = { $count } cards from the top of the event deck go back in the box unseen

count-event-cards-are-dealt-face-1be06a = { $count } event cards are dealt face down to the row

items-and-last-09adb4 = { $items } and { $last }

name-chooses-a-ship-df3b00 = { $name } chooses a ship.

name-chooses-a-space-for-their-641321 = { $name } chooses a space for their pawn.

name-chooses-a-vote-card-to-405e82 = { $name } chooses a vote card to give.

name-chooses-a-vote-card-to-30c7c1 = { $name } chooses a vote card to lose.

name-chooses-at-whom-to-point-bbd21f = { $name } chooses at whom to point the pistol.

name-chooses-the-chest-to-take-c43f8c = { $name } chooses the chest to take.

name-chooses-the-hold-that-gets-12f198 = { $name } chooses the hold that gets the chest.

name-chooses-the-hold-that-gets-adaced = { $name } chooses the hold that gets their chest.

name-chooses-the-hold-to-take-33637d = { $name } chooses the hold to take a chest from.

name-chooses-the-rowboat-that-gets-adba21 = { $name } chooses the rowboat that gets the explosion token.

name-chooses-the-vote-card-that-38d206 = { $name } chooses the vote card that goes on top of the deck.

name-chooses-where-to-place-their-0a14aa = { $name } chooses where to place their pawn.

name-chooses-who-gets-card-a80d78 = { $name } chooses who gets { $card }.

name-chooses-whom-to-move-b0c9ee = { $name } chooses whom to move.

name-chooses-whose-vote-cards-to-0839c7 = { $name } chooses whose vote cards to replace.

name-chooses-with-whom-to-shuffle-676506 = { $name } chooses with whom to shuffle loyalty cards.

name-decides-whether-to-move-to-720122 = { $name } decides whether to move to the other ship.

name-decides-whether-to-use-card-164986 = { $name } decides whether to use { $card } now or keep it.

name-has-moved-since-your-move-d72838 = { $name } has moved since: your move can no longer be taken back.

name-is-answering-df6473 = { $name } is answering.

name-is-choosing-a-vote-card-f22ca0 = { $name } is choosing a vote card for the { $vote }.

name-is-choosing-what-to-do-8ff41c = { $name } is choosing what to do.

name-is-choosing-5d3b42 = { $name } is choosing.

name-picks-the-card-to-reveal-8f1561 = { $name } picks the card to reveal.

n-chest-b47a36 =
    { $n ->
        [one] { $n } chest
       *[other] { $n } chests
    }

n-chest-moves-from-src-to-2de391 =
    { $n ->
        [one] { $n } chest moves from { $src } to { $dst }
       *[other] { $n } chests move from { $src } to { $dst }
    }

n-chests-41d6e2 = { $n } chests

n-hidden-5a6707 = { $n } hidden

n-open-seats-699b88 = { $n } open seats

place-seats-8d1882 = { $place }: { $seats }

roles-on-place-933e01 = { $roles } on { $place }

ruleset-players-players-seed-seed-a77967 = { $ruleset } - { $players } players, seed { $seed }

ruleset-players-players-you-play-seat-5e047f = { $ruleset } - { $players } players; you play { $seat }

seats-holds-no-vote-card-and-a77bf5 =
    { $n ->
        [one] { $seats } holds no vote card and cannot vote
       *[other] { $seats } hold no vote card and cannot vote
    }

seats-marked-name-5297b8 = { $seats } marked: { $name }

seats-on-a-rowboat-does-not-f7243a =
    { $n ->
        [one] { $seats } on a rowboat does not vote
       *[other] { $seats } on a rowboat do not vote
    }

seat-answers-value-f88e3b = { $seat } answers: { $value }

seat-chooses-to-move-a-chest-7d3495 = { $seat } chooses to move a chest { $value }

seat-chooses-value-0a7891 = { $seat } chooses { $value }

seat-discards-a-kept-card-e64b16 = { $seat } discards a kept { $card }

seat-draws-a-vote-card-c633d7 = { $seat } draws a vote card

seat-drew-card-28c143 = { $seat } drew { $card }

seat-gets-another-action-2b139e = { $seat } gets another action

seat-has-chosen-in-secret-8e6cd5 = { $seat } has chosen, in secret

seat-has-n-action-left-this-3e9a4a =
    { $n ->
        [one] { $seat } has { $n } action left this turn
       *[other] { $seat } has { $n } actions left this turn
    }

seat-is-dealt-cards-4e5250 = { $seat } is dealt { $cards }

seat-is-marooned-again-and-goes-cb1406 = { $seat } is marooned again and goes to the back of Tortuga's line

seat-is-marooned-from-src-to-991c5d = { $seat } is marooned from { $src } to the back of Tortuga's line

seat-is-the-start-player-ae4275 = { $seat } is the start player

seat-is-team-3f885d = { $seat } is { $team }

seat-loses-a-mark-name-ce823c = { $seat } loses a mark: { $name }

seat-loses-a-random-vote-card-4c7f87 = { $seat } loses a random vote card, unseen, to the bottom of the vote deck

seat-loses-this-turn-f2e2d5 = { $seat } loses this turn

seat-lost-card-fc66c7 = { $seat } lost { $card }

seat-makes-a-secret-choice-8d44ad = { $seat } makes a secret choice

seat-moves-from-src-to-the-474734 = { $seat } moves from { $src } to the back of { $dst }

seat-picks-slot-value-of-the-e5f576 = { $seat } picks slot { $value } of the row

seat-picks-slots-value-of-the-197b1f = { $seat } picks slots { $value } of the row

seat-picks-value-b5d930 = { $seat } picks { $value }

seat-places-their-pawn-on-place-d3ae40 = { $seat } places their pawn on { $place }

seat-played-cards-0d843a = { $seat } played { $cards }

seat-plays-cards-ee3dbf = { $seat } plays { $cards }

seat-puts-a-vote-card-on-e52322 = { $seat } puts a vote card on top of the vote deck

seat-puts-n-vote-card-face-c0ee11 =
    { $n ->
        [one] { $seat } puts { $n } vote card face down
       *[other] { $seat } puts { $n } vote cards face down
    }

seat-ran-out-of-time-435de0 = { $seat } ran out of time

seat-receives-a-vote-card-from-b151ab = { $seat } receives a vote card from the deck

seat-receives-card-5a5cb2 = { $seat } receives { $card }

seat-reveals-slot-slot-card-96a6fb = { $seat } reveals slot { $slot }: { $card }

seat-rolls-in-the-open-dice-9d3176 = { $seat } rolls in the open: { $dice }

seat-rolls-n-die-behind-the-68d50a =
    { $n ->
        [one] { $seat } rolls { $n } die behind the screen
       *[other] { $seat } rolls { $n } dice behind the screen
    }

seat-rolls-dice-1a3a1e = { $seat } rolls: { $dice }

seat-secretly-looks-at-row-slots-8a48a1 = { $seat } secretly looks at row slots { $slots }

seat-sees-seen-d908a9 = { $seat } sees { $seen }

seat-sits-out-this-vote-card-5825e7 = { $seat } sits out this { $vote } ({ $card })

seat-stays-on-track-space-3074fc = { $seat } stays on { $track } { $space }

seat-takes-the-action-kind-a18345 = { $seat } takes the action { $kind }

seat-turns-die-letter-to-side-33afd1 = { $seat } turns die { $letter } to { $side } { $pips }

seat-will-take-the-first-turn-83e0bc = { $seat } will take the first turn

# TRANSLATORS: a turn action: {action} is the ruleset's words for it ("calls an Attack")
seat-action-ba42bd = { $seat } { $action }

seat-s-n-vote-card-goes-9d3437 =
    { $n ->
        [one] { $seat }'s { $n } vote card goes under the vote deck
       *[other] { $seat }'s { $n } vote cards go under the vote deck
    }

seat-s-zone-615e40 = { $seat }'s { $zone }

seat-track-old-new-078bb4 = { $seat }: { $track } { $old } → { $new }

src-gives-a-vote-card-to-2025f9 = { $src } gives a vote card to { $dst }

src-gives-card-to-dst-dcf8a9 = { $src } gives { $card } to { $dst }

to-makes-the-choice-for-seat-ab03b5 = { $to } makes the choice for { $seat }

vote-cards-revealed-cards-counts-3a5b84 = { $vote } cards revealed: { $cards } → { $counts }

what-drawn-from-src-to-dst-142e71 = { $what } drawn from { $src } to { $dst }

what-from-src-to-dst-45f650 = { $what }: from { $src } to { $dst }

zone-is-empty-c60215 = { $zone } is empty
