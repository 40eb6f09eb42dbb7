# tortuga-rules messages: the ko translation, checked against locale/en/tortuga_rules.ftl by
# `python -m tortuga_rules.game.catalogues` (see docs/frontend.md, Languages).

and-4f4133 = ,{ " " }

only-seat-sees-text-a41c43 = ({ $seat }만 봄) { $text }

referee-only-text-a7e0f1 = (심판만) { $text }

sunk-cbb5db = (침몰)

m-1-chest-121cf8 = 보물 1개

m-1st-edition-intermediate-setup-09c8d2 = 1판, 중급 준비

m-2-coin-treasure-tokens-5608dd = 동전 2개짜리 보물 토큰

m-3-coin-treasure-tokens-50f889 = 동전 3개짜리 보물 토큰

m-30-second-timer-1c2d90 = 30초 타이머

your-decision-seat-6b0edd = === { $seat }의 결정 ===

a-bot-name-361428 = 봇: { $name }

a-brawl-a2f3a7 = 전투

a-chest-is-placed-in-spot-376cdf = 보물 1개를 놓는다: { $spot }

a-chest-move-9359b5 = 보물 이동

a-chest-spot-1803f9 = 보물 자리

a-draw-f82895 = 무승부입니다.

a-friend-open-seat-c014c8 = 친구 (빈 자리)

a-game-for-count-players-c7b724 = { $count }인 게임

a-game-for-n-players-779677 = { $n }인 게임

a-mutiny-08ee0c = 반란

a-place-930056 = 장소

a-player-caa891 = 플레이어

a-player-who-has-not-declared-1f509c = 제시간에 행동을 선언하지 못한 플레이어는 이벤트 카드 2장 보기를 해야 한다. 강요받은 플레이어가 시간을 넘기면 강요한 플레이어가 대신 선택한다.

a-row-slot-1b35cf = 줄의 칸

a-shared-draw-e54943 = 공동 무승부

a-space-on-the-mat-8ed6a0 = 판의 칸

a-variant-file-yaml-optional-808e1b = 변형 규칙 파일(YAML), 선택 사항

a-vote-card-5f99ed = 투표 카드

accept-5fb801 = 받아들이기

actions-c3cd63 = 행동

after-a-blocked-roll-9b0482 = 주사위를 놓을 수 없을 때

after-crow-s-nest-the-vote-0de553 = 뚝대 꼭대기의 망대 뒤에 투표 덱을 다시 섞지 않으므로, 공개자는 덱의 순서를 안다.

after-the-event-deck-is-built-f46d4b = 이벤트 덱을 만든 뒤, 덱 위에서부터 카드 몇 장을 보지 않고 상자에 넣는다.

all-d87c44 = 전부

all-eight-starred-event-cards-are-df0531 = 별 모양이 있는 이벤트 카드 8장을 모두 덱에 넣고, 이벤트 카드 2장 보기 행동을 없앤다.

all-every-loyalty-card-face-up-f0021c = 전부: 모든 충성 카드를 앞면으로 놓는다. 각 1장: 영국 1장과 프랑스 1장만 앞면으로 놓고 나머지는 숨긴다.

an-answer-e393a6 = 응답

an-attack-a2c305 = 공격

an-event-card-604161 = 이벤트 카드

an-option-4bc4b3 = 선택지

as-seen-by-071590 = 시점

at-whom-will-you-point-the-8deaa5 = 누구에게 피스톨을 겨누겠습니까?

attack-1b81f2 = 공격

attack-s-chest-9068ad = 공격 시 보물

back-b52b36 = 뒤로

back-to-the-lobby-8e1910 = 로비로 돌아가기

blank-6184d6 = 빈칸

board-9ea5e9 = 승선

board-e879b0 = 게임판

board-0232a5 = 게임판:

bot-c71e72 = 봇

bot-level-n-name-c81bd2 = 봇, { $n }단계: { $name }

brawl-269aaa = 전투

british-flag-bd1b22 = 영국 국기

cabin-boy-8f4183 = 선원

called-by-name-6f8677 = { PARTICLE($name, "이/가") } 소집함

calls-a-brawl-1c1f72 = 전투를 명령한다

calls-a-mutiny-8dd883 = 반란을 선동한다

calls-an-attack-804ec9 = 공격을 명령한다

cannon-8de5f2 = 대포

captain-0a98b3 = 선장

captain-85f45e = 선장

cards-removed-d27a06 = 제거할 카드 수

changed-by-variants-4a3fa5 = { $variants }에 의해 변경됨

chests-start-1-in-each-tortuga-680244 = 보물은 Tortuga의 각 지역에 1개, 플라잉 더치맨의 영국 짐칸에 3개, 졸리 로저의 프랑스 짐칸에 3개를 놓고 시작한다. 말을 하나씩 뽑고, 각 플레이어는 배와 그 배의 위치를 고르거나 Tortuga를 고른다.

chests-chests-9cbb3b = 보물: { $chests }

chests-spots-900874 = 보물: { $spots }

choose-1-count-88697c = 1-{ $count } 중 선택:{ " " }

choose-name-08e94d = 선택: { $name }.

close-bbfa77 = 닫기

connected-c5e234 = 연결됨

copy-af74f7 = 복사

create-the-table-95f813 = 테이블 만들기

crew-a447a8 = 승무원

crow-s-nest-targets-another-player-eb2158 = 뚝대 꼭대기의 망대: 다른 플레이어만 대상 (독일어판 해석)

crow-s-nest-without-a-reshuffle-8c1933 = 뚝대 꼭대기의 망대: 다시 섞지 않음 (스페인어판 해석)

deal-4-to-8-starred-event-296333 = 별 모양이 있는 이벤트 카드를 3장 대신 4~8장 덱에 넣는다.

deckhand-356fe5 = 갑판원

dice-letters-as-side-2f2d3a = 주사위 { $letters }: { $side }

die-letter-21cdb3 = 주사위 { $letter }

die-letter-side-2cf952 = 주사위 { $letter }: { $side }

die-letter-side-pips-68746b = 주사위 { $letter }: { $side } { $pips }

discard-f57e38 = 버린 카드

discard-and-unrevealed-e59140 = 버린 카드와 미공개 카드

dismiss-70afe9 = 닫기

draw-76a4e1 = 뽑기

el-dorado-in-the-next-vote-998a18 = 엘도라도는 다음 투표에서만 (한국어판 해석)

el-dorado-s-two-card-play-ddb395 = 엘도라도로 카드 2장을 내는 능력은 소유자의 다음 투표에서만 쓸 수 있다. 그 뒤로 이 카드에는 추가 투표 카드 1장의 효과만 남는다.

elo-n-f8f050 = Elo { $n }

empty-ad8710 = 비어 있음

even-count-ties-how-many-tie-670198 = 플레이어 수가 짝수일 때의 동점: 공동 무승부가 되기 전까지 동점 처리 라운드를 몇 번 할지 정한다(첫 라운드, 그 뒤 카드가 떨어질 때마다 덱을 다시 만듦, docs/readings.md A17).

event-cards-831c8f = 이벤트 카드

event-deck-n-vote-deck-m-062cc5 = 이벤트 덱: { $n } · 투표 덱: { $m } · 버린 카드: { $d }

event-row-6098f8 = 이벤트 줄

event-row-row-55ddbb = 이벤트 카드 열: { $row }

everything-revealed-51c87b = 모두 공개

face-down-e6b60e = 뒤집힌 카드

first-mate-abe5e0 = 일등항해사

first-step-bb6c49 = 처음 단계

force-a-player-69350f = 다른 플레이어에게 강요

forces-target-to-reveal-one-of-105087 = { $target }에게 열의 { $slots }번 카드 중 하나를 공개하게 한다

french-flag-77a2af = 프랑스 국기

from-which-hold-will-you-take-d2d84d = 어느 짐칸에서 보물을 가져오겠습니까?

from-src-to-dst-2f6b1a = { $src }에서 { PARTICLE($dst, "으로/로") }

gain-5fe05a = 추가 획득

game-e3e828 = 게임

game-over-a-shared-draw-british-5a3a63 = 게임 종료: 공동 무승부 (영국 { $british }, 프랑스 { $french })

game-over-team-win-british-british-b7142b = 게임 종료: { $team } 승리 (영국 { $british }, 프랑스 { $french })

governor-a7d666 = 총독

helm-2b8380 = 키

house-rules-48216a = 하우스 룰

how-do-you-answer-992267 = 어떻게 대응하겠습니까?

how-many-cards-leave-the-top-24547c = 열을 놓기 전에 이벤트 덱 위에서 보지 않고 빼낼 카드 수.

how-many-of-the-30-treasure-02155d = 보물 토큰 30개 중 동전 2개가 그려진 토큰의 수(docs/readings.md D2: OCR에는 "17 x 1 tesoro"만 남아 있어 나머지는 동전 2개와 3개로 읽는다).

how-many-of-the-30-treasure-43ab1a = 보물 토큰 30개 중 동전 3개가 그려진 토큰의 수(docs/readings.md D2).

how-many-starred-cards-go-into-e113e0 = 이벤트 덱에 넣을 별 모양 카드의 수.

input-ended-the-game-is-abandoned-db031b = 입력이 끝났습니다: 게임을 중단합니다

intermediate-setup-29aacb = 중급 준비

join-c455b3 = 참가

join-e0d731 = 참가

join-the-rematch-8e20a6 = 재대결 참가

keep-1264bd = 가지고 있기

kept-cards-3a8398 = 보유한 카드

language-89b86a = 언어

last-step-1d09cd = 마지막 단계

lead-8cb33b = 리드

lead-the-first-team-to-take-94cc8f = 리드: 먼저 앞서는 팀이 승리한다(2판). 추가 획득: 동점 합계보다 보물을 1개 더 먼저 얻는 팀이 승리한다(1판, docs/readings.md E23).

letter-of-marque-moves-another-player-f002f8 = 사략 허가증은 다른 플레이어를 옮긴다

level-n-2fef53 = { $n }단계

longer-game-6d00ec = 긴 게임

lost-201028 = 패배

loyalties-48e14a = 충성

loyalty-e2b312 = 충성

loyalty-cards-are-dealt-face-up-6f776e = 충성 카드를 앞면으로 나눠 준다: 전부, 또는 영국 카드 1장과 프랑스 카드 1장.

loyalty-cards-dealt-face-down-teams-917254 = 충성 카드를 뒤집어서 나눠 준다: { $teams }

loyalty-cards-dealt-face-up-shown-e44178 = 충성 카드를 앞면으로 나눠 준다: { $shown }

loyalty-loyalties-10e295 = 충성: { $loyalties }

madness-c97e25 = 미친 사람 게임

make-a-choice-715d00 = 선택하세요

maroon-ca6ebd = 버리기

marooning-766655 = 버리기

maroons-target-ad61ac = { PARTICLE($target, "을/를") } 버린다

may-f458ef = 선택

may-after-a-successful-attack-the-c2a90a = 선택: 공격이 성공하면 선장이 어느 보물을 어느 짐칸으로 가져올지 고르거나, 가져오지 않을 수 있다("el Capitán podrá tomar 1 cofre", docs/readings.md A23). 필수: 보물이 있으면 항상 가져온다.

more-starred-cards-3be4cf = 별 모양 카드 추가

move-379d6c = 이동

move-a-chest-37ccae = 보물 옮기기

move-to-the-other-ship-before-4b9464 = 이번 차례 전에 다른 배로 옮기겠습니까?

moves-a-chest-move-fc711c = 보물 1개를 옮긴다: { $move }

moves-to-to-df1115 = { PARTICLE($to, "으로/로") } 이동한다

must-5723d1 = 필수

mutiny-800935 = 반란

new-table-83f834 = 새 테이블

next-step-5500ee = 다음 단계

no-fd1286 = 아니요

no-rulebook-in-this-language-says-89244e = 이 언어의 규칙서에는 없는 내용: 자체 문구

no-table-yet-create-one-70ee72 = 아직 테이블이 없습니다. 하나 만드세요.

nobody-365ec1 = 없음

none-71f8e7 = 없음

not-connected-394b08 = 연결 끊김

nothing-0feca7 = 없음

on-the-board-things-209385 = 판에서 고른 것: { $things }

on-which-space-will-you-place-1fc547 = 어느 칸에 말을 놓겠습니까?

one-fe05bc = 하나

one-each-69af77 = 각 1장

only-watch-dffda5 = 관전만 하기

open-loyalty-a55943 = 충성 카드 공개

open-loyalty-cards-cf97f3 = 공개할 충성 카드

options-in-force-options-0d8ff5 = 적용 중인 옵션: { $options }

other-rules-b77a11 = 기타 규칙

pass-9d4e1e = 넘기기

pawns-are-drawn-one-at-a-cd2596 = 말을 하나씩 뽑는다: { $seats }

play-a-vote-card-for-the-2fdf68 = { $vote }에 낼 투표 카드를 고르세요.

play-your-letter-of-marque-ac22b3 = 사략 허가증 사용

player-e53407 = 플레이어

player-n-c59730 = 플레이어 { $n }

players-2912fa = 플레이어들

players-392fee = 플레이어 수

players-roll-their-five-dice-behind-9bceb4 = 플레이어들은 가림막 뒤에서 동시에 주사위 5개를 굴리고 한 가지 행동의 주사위를 남긴다. 그다음 다섯 가지 행동을 1위와 2위가 수행하고, 보물 상자는 섬에서 선원, 함대, Tortuga로 이동한다. 누군가 Tortuga에 보물 상자 6개를 숨기면 게임이 끝나고, 점수가 가장 높은 플레이어가 승리한다.

plays-a-kept-letter-of-marque-e66bfb = 가지고 있던 사략 허가증으로 { PARTICLE($who, "을/를") } { PARTICLE($ship, "으로/로") } 옮긴다

plays-any-legal-move-at-random-821092 = 규칙에 맞는 수 가운데 아무것이나 무작위로 둡니다.

plays-at-random-40548d = 무작위로 둠

plays-by-rules-of-thumb-0d9777 = 간단한 규칙으로 둠

plays-by-rules-of-thumb-keeps-d0a5d7 = 경험칙대로 둡니다: 자기 충성을 지키고 주사위를 따져 봅니다.

please-type-a-number-from-1-9f93d6 = 1부터 { $count }까지의 숫자를 입력하세요.

previous-step-da5705 = 이전 단계

private-only-the-invitation-link-opens-28478c = 비공개: 초대 링크로만 들어올 수 있습니다

reconnecting-6b1600 = 다시 연결하는 중…

refuse-106f0a = 거부

rematch-032d71 = 재대결

removed-for-this-player-count-names-46a235 = 이 인원수에서 제거됨: { $names }

replay-c0f85d = 다시보기

replay-ok-steps-steps-result-c1e760 = 다시 보기 확인: { $steps }단계, { $result }

reshuffle-the-last-row-c2f3d0 = 마지막 열 다시 섞기

result-5faa59 = 결과

reveal-a-card-d67fcd = 카드 공개

revealed-together-all-bce8d7 = 가림막을 함께 들어 올림: { $all }

revealed-32d376 = 공개된 카드:{ " " }

reveals-row-slot-slot-11158f = 열의 { $slot }번 카드를 공개한다

roles-47dcc2 = 역할

roles-at-the-end-81ddba = 마지막 역할

round-n-0a27a3 = { $n }라운드

row-9bf7a8 = 보트로 이동

row-slots-91d95e = 줄의 칸들

rules-of-this-table-cf3b2b = 이 테이블의 규칙

ruleset-id-content-hash-hash-min-648d9a = 규칙 세트 `{ $id }` (내용 해시 { $hash }), { $min }-{ $max }인, 조항 { $n }개.

sailor-944baf = 선원

score-489f48 = 점수

scores-126cb9 = 점수

scores-table-won-by-winners-6db40b = 점수: { $table }; 승자 { $winners }

seat-seat-a6a011 = { $seat }번 자리

seats-692aab = 자리

seconds-per-decision-62304b = 결정당 시간(초)

send-this-invitation-c210f8 = 이 초대장을 보내세요:{ " " }

set-65c10d = 묶음

set-a-player-who-could-place-3ca1fe = 묶음: 주사위를 하나도 놓지 못한 플레이어는 주사위를 놓을 수 있을 때까지 공개적으로 다시 굴린 뒤, 일반 규칙대로 한 가지 행동의 주사위를 놓는다(규칙의 "hasta que pueda colocar al menos un dado", es L167; docs/readings.md D7). 하나: 규칙서 예시의 Ani처럼 주사위를 정확히 1개만 놓는다("coloca uno de ellos", es L178).

setup-cdd7bb = 준비

share-43aaed = 공유:{ " " }

shorter-game-06a60c = 짧은 게임

show-the-whole-log-fbe0c8 = 전체 기록 보기

skull-15e9ab = 해골

slot-n-296faa = { $n }번 칸

slot-slot-68c5ec = { $slot }번 칸

slot-slot-is-refilled-from-the-9b00a1 = { $slot }번 칸을 이벤트 덱에서 채운다

slot-slot-card-d143b7 = { $slot }번 칸: { $card }

slots-slots-4041c1 = { $slots }번 칸

someone-moved-first-look-at-the-c79155 = 다른 플레이어가 먼저 두었습니다. 게임판을 다시 확인하세요.

something-went-wrong-on-the-server-f87095 = 서버에 문제가 생겼습니다.

sound-on-your-turn-123470 = 내 차례에 소리 알림

space-space-of-place-a76d52 = { $place }의 { $space }번 자리

spanish-vote-deck-percentages-e0af22 = 스페인어판 투표 덱 비율

starred-cards-e89085 = 별 모양 카드

starred-cards-in-the-deck-names-899bf8 = 덱에 넣은 별 모양 카드: { $names }

start-again-b6fffc = 다시 고르기

start-player-name-062055 = 시작 플레이어: { $name }

stay-396f99 = 머무르기

step-n-of-m-a40c0b = { $m }단계 중 { $n }단계

sunk-a8c9f1 = 침몰

tables-193daf = 테이블

take-back-my-last-move-676d40 = 내 마지막 수 되돌리기

take-your-seat-f76c69 = 자리에 앉기

that-cannot-be-done-92c783 = 그렇게 할 수 없습니다.

that-is-not-yours-to-do-305823 = 당신이 할 수 있는 일이 아닙니다.

that-is-too-long-6356c9 = 너무 깁니다.

that-move-is-not-allowed-now-07536b = 지금은 그 수를 둘 수 없습니다.

the-1st-edition-does-not-reshuffle-ef5df7 = 1판에서는 덱이 떨어져도 열을 다시 섞지 않는다.

the-1st-edition-says-text-bc93a0 = 1판의 문구: { $text }

the-1st-edition-with-its-intermediate-a7ccb2 = 1판의 중급 준비: 정해진 보물 배치와 플레이어가 고르는 말 위치.

the-1st-edition-s-tie-breaker-9a3ea8 = 1판의 동점 처리에서는 보물을 먼저 얻는 팀이 승리한다.

the-british-d8294a = 영국 팀

the-card-s-text-6a45ad = 카드 내용

the-current-printed-rules-2-9-b4eb9b = 현재 인쇄된 규칙: 2~9인, 별 모양 이벤트 카드 8장 중 3장, 스페인 함대는 이벤트 덱 맨 아래, 덱이 떨어지면 열을 다시 섞는다.

the-dice-game-for-two-only-a313bc = 2인용 주사위 게임. 각 행동은 1위만 수행한다.

the-dutch-87e65b = 네덜란드 팀

the-end-of-the-game-32c1d6 = 게임 종료

the-event-deck-has-size-cards-d930ca = 이벤트 덱은 { $size }장이며, 스페인 함대는 마지막 카드들 사이에 있다

the-event-deck-has-size-cards-4aa655 = 이벤트 덱은 { $size }장이며, 스페인 함대는 가장 아래에 있다

the-event-deck-is-empty-the-dd1c9e = 이벤트 덱이 비었다: 열의 뒤집힌 카드({ $slots }번 칸)를 다시 섞는다

the-explosion-token-sinks-boat-for-46c19b = 폭발 토큰으로 { PARTICLE($boat, "이/가") } 게임 끝까지 침몰한다

the-flying-dutchman-1d71ca = 플라잉 더치맨

the-flying-dutchman-s-british-hold-371b10 = 플라잉 더치맨의 영국 짐칸

the-flying-dutchman-s-french-hold-e7e7b4 = 플라잉 더치맨의 프랑스 짐칸

the-flying-dutchman-s-rowboat-c6f4df = 플라잉 더치맨의 보트

the-french-72fbc1 = 프랑스 팀

the-game-ends-at-the-end-eda300 = 라운드가 끝날 때 누군가 Tortuga에 보물 상자 8개를 가지고 있으면 게임이 끝난다.

the-game-goes-on-when-every-dc96e0 = 모든 자리가 차면 게임이 이어집니다.

the-game-is-over-2df27a = 게임이 끝났습니다.

the-german-wording-takes-the-discarded-cdbffc = 독일어판 문구는 버린 카드만 사용한다.

the-house-rules-have-mistakes-see-b0fcd5 = 하우스 룰에 오류가 있습니다. 목록을 확인하세요.

the-jolly-roger-1f8091 = 졸리 로저

the-jolly-roger-s-british-hold-d9ff63 = 졸리 로저의 영국 짐칸

the-jolly-roger-s-french-hold-8b4f75 = 졸리 로저의 프랑스 짐칸

the-jolly-roger-s-rowboat-ce32d0 = 졸리 로저의 보트

the-launch-rules-4-9-players-22471f = 출시 당시 규칙: 4~9인, 별 모양 카드 6장, 사략 허가증 4장(보관 불가)과 피스톨 2장, 스페인 함대는 마지막 다섯 장 사이, 열을 다시 섞지 않음, Tortuga의 지역 밖에 보물 2개, 아이콘이 두 개인 투표 카드 없음.

the-letter-of-marque-used-at-9ea406 = 사략 허가증(즉시 사용하든 가지고 있다가 사용하든)은 다른 플레이어만 옮길 수 있고, 사용한 플레이어 자신은 옮길 수 없다.

the-loyalty-card-of-seats-is-383f1b = { $seats }의 충성 카드가 더 이상 앞면이 아니다

the-message-was-not-understood-809e16 = 메시지를 이해하지 못했습니다.

the-only-option-value-36ba3e = 유일한 선택: { $value }

the-pawns-of-place-are-drawn-9cdf4c = { $place }의 말을 다시 뽑는다: { $seats }

the-regular-vote-cards-are-9-ed55eb = 일반 투표 카드는 대포 9장, 횃불 9장, 물 12장이다(스페인어판 규칙서의 비율).

the-revealer-of-crow-s-nest-e84168 = 뚝대 꼭대기의 망대를 공개한 플레이어는 자신이 아닌 다른 플레이어를 골라야 한다.

the-rule-0056e7 = 규칙

the-server-is-busy-please-try-59e4d0 = 서버가 바쁩니다. 잠시 후 다시 시도하세요.

the-server-is-full-please-try-e13c7c = 서버가 가득 찼습니다. 나중에 다시 시도하세요.

the-spanish-armada-british-british-french-d9408b = 스페인 함대: 영국 { $british }, 프랑스 { $french }

the-spanish-galleon-dfe0de = 스페인 갈레온

the-tie-breaker-deck-is-made-61d185 = 동점 처리 덱은 버린 이벤트 카드로만 만든다. 공개하지 않은 카드는 제외한다.

the-top-card-of-the-vote-6b233f = 투표 덱의 맨 위 카드를 더한다

the-vote-deck-is-shuffled-0ec7ed = 투표 덱을 섞는다

the-whole-log-is-shown-when-c709b4 = 전체 기록은 게임이 끝나면 볼 수 있습니다.

the-count-played-cards-are-shuffled-e6f6d4 = 낸 카드 { $count }장을 섞어서 투표 덱 아래에 놓는다

the-vote-fails-fc18d5 = { $vote } 실패

the-vote-succeeds-382858 = { $vote } 성공

there-is-no-such-table-3d27cb = 그런 테이블은 없습니다.

thinks-ahead-tries-many-possible-games-578756 = 미리 내다봅니다: 수를 두기 전에 가능한 게임을 많이 시험해 봅니다(길어야 1초도 걸리지 않습니다).

this-table-has-closed-6e9d27 = 이 테이블은 닫혔습니다.

tie-breaker-deck-e4a03f = 동점 처리 덱

tie-breaker-from-discards-only-german-3e2d0c = 버린 카드만으로 동점 처리 (독일어판 해석)

tie-breaker-round-round-cards-event-2f779b = 동점 처리 { $round }라운드: 이벤트 카드 { $cards }장을 섞어 새 덱을 만들고 새 열을 놓는다

tie-breaker-rounds-a0e7d6 = 동점 처리 라운드

tie-breaker-winner-637314 = 동점 처리 승자

time-a-player-has-to-declare-861009 = 플레이어가 행동을 선언할 수 있는 시간.

time-left-for-name-n-s-3a06a8 = { $name }의 남은 시간: { $n }초

to-which-ship-24f8c6 = 어느 배로?

too-many-messages-please-slow-down-a935bd = 메시지가 너무 많습니다. 천천히 보내세요.

torch-e7de9e = 횃불

tortuga-386dc7 = Tortuga

tortuga-dice-game-60cfcb = Tortuga (주사위 게임)

tortuga-outside-the-areas-10d2aa = Tortuga (지역 밖)

tortuga-1667-1st-edition-5fcfe0 = Tortuga 1667 (1판)

tortuga-1667-2nd-edition-b7cade = Tortuga 1667 (2판)

tortuga-s-british-area-ef8b36 = Tortuga의 영국 지역

tortuga-s-french-area-abf091 = Tortuga의 프랑스 지역

turn-number-seat-ddf9c2 = { $number }번째 차례 — { $seat }

turn-n-name-aed347 = { $n }번째 차례: { $name }

turns-3037e1 = 차례

two-players-0a696f = 2인 게임

unfinished-595d8c = 끝나지 않음

use-04489a = 사용

use-it-now-or-keep-it-6fd79f = 지금 사용하겠습니까, 가지고 있겠습니까?

variants-1bc3d3 = 변형 규칙

view-two-cards-acd5cd = 이벤트 카드 2장 보기

views-row-slots-slots-f22111 = 열의 { $slots }번 카드를 몰래 본다

vote-fd63f1 = 투표

vote-64f872 = 투표

voted-names-7ecec8 = 투표함: { $names }

votes-b66c4b = 투표

waiting-for-a-player-519480 = 플레이어를 기다리는 중

waiting-for-players-c26c33 = 플레이어를 기다리는 중

waiting-for-players-n-of-m-056a4d = 플레이어를 기다리는 중입니다: { $m }자리 중 { $n }자리가 찼습니다.

watch-d91ebf = 관전

watch-the-rematch-25b523 = 재대결 보기

watch-the-replay-005336 = 다시보기

water-6d5a45 = 물

what-happened-7661e6 = 일어난 일

what-just-happened-4d7178 = 방금 일어난 일

what-you-saw-6b7f1e = 내가 본 것

when-the-event-deck-runs-out-51961f = 이벤트 덱이 떨어지면 열의 뒤집힌 카드를 새 순서로 섞는다(2판). 끄면 열은 놓인 그대로 남는다(1판).

where-will-you-place-your-pawn-5caf71 = 말을 어디에 놓겠습니까?

which-card-will-you-reveal-ff4802 = 어느 카드를 공개하겠습니까?

which-chest-will-you-take-e7e367 = 어느 보물을 가져오겠습니까?

which-event-cards-make-the-tie-5aba47 = 동점 처리 덱을 만드는 이벤트 카드: 버린 카드와 공개하지 않은 카드(es, ko), 또는 버린 카드만(독일어판 문구, docs/readings.md E22).

which-hold-gets-the-chest-06cc9b = 어느 짐칸에 보물을 놓겠습니까?

which-hold-gets-your-chest-69aee3 = 당신의 보물을 어느 짐칸에 놓겠습니까?

which-rowboat-gets-the-explosion-token-853325 = 어느 보트에 폭발 토큰을 놓겠습니까?

which-vote-card-goes-on-top-ffdaca = 어느 투표 카드를 덱 맨 위에 놓겠습니까?

which-vote-card-will-you-give-5aed5d = 어느 투표 카드를 주겠습니까?

which-vote-card-will-you-lose-de7b6d = 어느 투표 카드를 잃겠습니까?

who-gets-card-419ed3 = 누가 { $card } 카드를 받습니까?

whom-will-you-move-c9c405 = 누구를 옮기겠습니까?

whose-vote-cards-will-you-replace-bb3e45 = 누구의 투표 카드를 바꾸겠습니까?

why-114904 = 이유:{ " " }

winner-winner-british-british-french-french-1217c0 = 승자: { $winner } (영국 { $british }, 프랑스 { $french }; { $steps }단계)

winners-teams-a1f8bd = 승리: { $teams }

with-so-few-players-the-random-72f9a2 = 인원이 적어서 무작위 별 모양 카드에서 제외: { $names }

with-whom-will-you-shuffle-loyalty-c8f0e1 = 누구와 충성 카드를 섞겠습니까?

won-a32b8c = 승리

yes-fb360f = 예

yes-or-no-c3b97b = 예 또는 아니오

you-8af56d = 나

you-are-invited-to-a-table-ca6fe5 = 테이블에 초대받았습니다

you-are-watching-2a716c = 관전 중입니다.

you-are-team-your-vote-cards-5cd843 = 당신은 { $team }입니다. 당신의 투표 카드: { $cards }

you-did-not-win-6b14fa = 이기지 못했습니다.

you-have-made-too-many-tables-1a253e = 테이블을 너무 많이 만들었습니다. 먼저 하나를 끝내세요.

you-have-no-move-to-take-f15411 = 되돌릴 수 있는 당신의 수가 없습니다.

you-saw-it-45ba54 = 내가 본 카드

you-won-e3a4b0 = 승리했습니다!

your-cards-c7ddf6 = 내 카드:{ " " }

your-hand-2eb978 = 내 손패

your-loyalty-a05656 = 내 충성

your-move-cannot-be-taken-back-884fee = 당신의 수는 되돌릴 수 없습니다.

your-move-showed-something-hidden-it-77e25f = 당신의 수로 숨겨진 것이 드러났습니다. 되돌릴 수 없습니다.

your-name-ab4229 = 이름

your-seat-was-given-to-someone-437254 = 당신의 자리가 다른 사람에게 넘어갔습니다.

your-seat-s-key-is-missing-cb1db2 = 당신 자리의 키가 없습니다. 당신의 링크로 테이블을 여세요.

your-turn-8a4e60 = 당신의 차례

your-turn-what-will-you-do-83a59b = 당신의 차례: 무엇을 하겠습니까?

a-and-b-exchange-places-place-513b3d = { PARTICLE($a, "과/와") } { PARTICLE($b, "이/가") } 자리를 바꾼다 ({ $place_a } / { $place_b })

a-and-b-shuffle-their-loyalty-40d194 = { PARTICLE($a, "과/와") } { PARTICLE($b, "이/가") } 충성 카드를 보지 않고 섞어서 한 장씩 가져간다

caller-calls-vote-on-place-voters-a1ccf1 = { PARTICLE($caller, "이/가") } { $place }에서 { PARTICLE($vote, "을/를") } 선언한다; 투표자: { $voters }

cards-carries-double-icons-each-counts-d0e063 = { $cards }: 아이콘이 두 개씩 있다. 각각 센다

card-goes-to-the-discard-pile-202ca9 = { $card } 카드를 버린다

card-lies-face-up-in-front-66d94e = { $card } 카드가 { $seat } 앞에 앞면으로 놓인다

count-cards-from-the-top-of-e95619 = 이벤트 덱 위의 카드 { $count }장을 보지 않고 상자에 넣는다

count-event-cards-are-dealt-face-1be06a = 이벤트 카드 { $count }장을 뒤집어서 열에 놓는다

items-and-last-09adb4 = { $items }, { $last }

name-chooses-a-ship-df3b00 = { PARTICLE($name, "이/가") } 배를 고르고 있습니다.

name-chooses-a-space-for-their-641321 = { PARTICLE($name, "이/가") } 말을 놓을 칸을 고르고 있습니다.

name-chooses-a-vote-card-to-405e82 = { PARTICLE($name, "이/가") } 줄 투표 카드를 고르고 있습니다.

name-chooses-a-vote-card-to-30c7c1 = { PARTICLE($name, "이/가") } 잃을 투표 카드를 고르고 있습니다.

name-chooses-at-whom-to-point-bbd21f = { PARTICLE($name, "이/가") } 피스톨을 겨눌 사람을 고르고 있습니다.

name-chooses-the-chest-to-take-c43f8c = { PARTICLE($name, "이/가") } 가져올 보물을 고르고 있습니다.

name-chooses-the-hold-that-gets-12f198 = { PARTICLE($name, "이/가") } 보물을 놓을 짐칸을 고르고 있습니다.

name-chooses-the-hold-that-gets-adaced = { PARTICLE($name, "이/가") } 자기 보물을 놓을 짐칸을 고르고 있습니다.

name-chooses-the-hold-to-take-33637d = { PARTICLE($name, "이/가") } 보물을 가져올 짐칸을 고르고 있습니다.

name-chooses-the-rowboat-that-gets-adba21 = { PARTICLE($name, "이/가") } 폭발 토큰을 놓을 보트를 고르고 있습니다.

name-chooses-the-vote-card-that-38d206 = { PARTICLE($name, "이/가") } 덱 맨 위에 놓을 투표 카드를 고르고 있습니다.

name-chooses-where-to-place-their-0a14aa = { PARTICLE($name, "이/가") } 말을 놓을 곳을 고르고 있습니다.

name-chooses-who-gets-card-a80d78 = { PARTICLE($name, "이/가") } { $card } 카드를 받을 사람을 고르고 있습니다.

name-chooses-whom-to-move-b0c9ee = { PARTICLE($name, "이/가") } 옮길 사람을 고르고 있습니다.

name-chooses-whose-vote-cards-to-0839c7 = { PARTICLE($name, "이/가") } 투표 카드를 바꿀 사람을 고르고 있습니다.

name-chooses-with-whom-to-shuffle-676506 = { PARTICLE($name, "이/가") } 충성 카드를 함께 섞을 사람을 고르고 있습니다.

name-decides-whether-to-move-to-720122 = { PARTICLE($name, "이/가") } 다른 배로 옮길지 정하고 있습니다.

name-decides-whether-to-use-card-164986 = { PARTICLE($name, "이/가") } { $card } 카드를 지금 사용할지 가지고 있을지 정하고 있습니다.

name-has-moved-since-your-move-d72838 = 그 뒤에 { PARTICLE($name, "이/가") } 수를 두었습니다. 이제 당신의 수를 되돌릴 수 없습니다.

name-is-answering-df6473 = { PARTICLE($name, "이/가") } 대응하고 있습니다.

name-is-choosing-a-vote-card-f22ca0 = { PARTICLE($name, "이/가") } { $vote }에 낼 투표 카드를 고르고 있습니다.

name-is-choosing-what-to-do-8ff41c = { PARTICLE($name, "이/가") } 무엇을 할지 고르고 있습니다.

name-is-choosing-5d3b42 = { PARTICLE($name, "이/가") } 선택하고 있습니다.

name-picks-the-card-to-reveal-8f1561 = { PARTICLE($name, "이/가") } 공개할 카드를 고르고 있습니다.

n-chest-b47a36 = 보물 { $n }개

n-chest-moves-from-src-to-2de391 = 보물 { $n }개가 { $src }에서 { PARTICLE($dst, "으로/로") } 이동한다

n-chests-41d6e2 = 보물 { $n }개

n-hidden-5a6707 = 숨겨진 { $n }개

n-open-seats-699b88 = 빈 자리 { $n }개

place-seats-8d1882 = { $place }: { $seats }

roles-on-place-933e01 = { $place }의 { $roles }

ruleset-players-players-seed-seed-a77967 = { $ruleset } - { $players }인, 시드 { $seed }

ruleset-players-players-you-play-seat-5e047f = { $ruleset } - { $players }인; 당신은 { $seat }

seats-holds-no-vote-card-and-a77bf5 = { $seats }: 투표 카드가 없어서 투표할 수 없다

seats-marked-name-5297b8 = { $seats } 표시: { $name }

seats-on-a-rowboat-does-not-f7243a = 보트에 있는 { PARTICLE($seats, "은/는") } 투표하지 않는다

seat-answers-value-f88e3b = { PARTICLE($seat, "이/가") } 대답한다: { $value }

seat-chooses-to-move-a-chest-7d3495 = { PARTICLE($seat, "이/가") } 보물을 옮기기로 한다: { $value }

seat-chooses-value-0a7891 = { PARTICLE($seat, "이/가") } { PARTICLE($value, "을/를") } 고른다

seat-discards-a-kept-card-e64b16 = { PARTICLE($seat, "이/가") } 가지고 있던 { $card } 카드를 버린다

seat-draws-a-vote-card-c633d7 = { PARTICLE($seat, "이/가") } 투표 카드 1장을 뽑는다

seat-drew-card-28c143 = { PARTICLE($seat, "이/가") } { PARTICLE($card, "을/를") } 뽑았다

seat-gets-another-action-2b139e = { PARTICLE($seat, "이/가") } 행동을 한 번 더 한다

seat-has-chosen-in-secret-8e6cd5 = { PARTICLE($seat, "이/가") } 비밀리에 선택함

seat-has-n-action-left-this-3e9a4a = { PARTICLE($seat, "은/는") } 이번 차례에 행동이 { $n }번 남았다

seat-is-dealt-cards-4e5250 = { PARTICLE($seat, "이/가") } { PARTICLE($cards, "을/를") } 받는다

seat-is-marooned-again-and-goes-cb1406 = { PARTICLE($seat, "이/가") } 다시 버려져서 Tortuga 줄의 맨 뒤로 간다

seat-is-marooned-from-src-to-991c5d = { PARTICLE($seat, "이/가") } { $src }에서 버려져서 Tortuga 줄의 맨 뒤로 간다

seat-is-the-start-player-ae4275 = { PARTICLE($seat, "이/가") } 시작 플레이어

seat-is-team-3f885d = { PARTICLE($seat, "은/는") } { $team }

seat-loses-a-mark-name-ce823c = { $seat }의 표시가 사라진다: { $name }

seat-loses-a-random-vote-card-4c7f87 = { PARTICLE($seat, "이/가") } 무작위 투표 카드 1장을 보지 않고 투표 덱 맨 아래로 잃는다

seat-loses-this-turn-f2e2d5 = { PARTICLE($seat, "이/가") } 이번 차례를 잃는다

seat-lost-card-fc66c7 = { PARTICLE($seat, "이/가") } { PARTICLE($card, "을/를") } 잃었다

seat-makes-a-secret-choice-8d44ad = { PARTICLE($seat, "이/가") } 비밀 선택을 함

seat-moves-from-src-to-the-474734 = { PARTICLE($seat, "이/가") } { $src }에서 { $dst }의 맨 뒤로 이동한다

seat-picks-slot-value-of-the-e5f576 = { PARTICLE($seat, "이/가") } 줄의 { $value }번 칸을 고른다

seat-picks-slots-value-of-the-197b1f = { PARTICLE($seat, "이/가") } 줄의 { $value }번 칸을 고른다

seat-picks-value-b5d930 = { PARTICLE($seat, "이/가") } { PARTICLE($value, "을/를") } 고른다

seat-places-their-pawn-on-place-d3ae40 = { PARTICLE($seat, "이/가") } { $place }에 말을 놓는다

seat-played-cards-0d843a = { PARTICLE($seat, "이/가") } { PARTICLE($cards, "을/를") } 냈다

seat-plays-cards-ee3dbf = { PARTICLE($seat, "이/가") } { PARTICLE($cards, "을/를") } 낸다

seat-puts-a-vote-card-on-e52322 = { PARTICLE($seat, "이/가") } 투표 카드 1장을 투표 덱 맨 위에 놓는다

seat-puts-n-vote-card-face-c0ee11 = { PARTICLE($seat, "이/가") } 투표 카드 { $n }장을 뒤집어서 낸다

seat-ran-out-of-time-435de0 = { $seat }의 시간이 다 되었다

seat-receives-a-vote-card-from-b151ab = { PARTICLE($seat, "이/가") } 덱에서 투표 카드 1장을 받는다

seat-receives-card-5a5cb2 = { PARTICLE($seat, "이/가") } { PARTICLE($card, "을/를") } 받는다

seat-reveals-slot-slot-card-96a6fb = { PARTICLE($seat, "이/가") } { $slot }번 칸을 공개한다: { $card }

seat-rolls-in-the-open-dice-9d3176 = { PARTICLE($seat, "이/가") } 공개적으로 굴림: { $dice }

seat-rolls-n-die-behind-the-68d50a = { PARTICLE($seat, "이/가") } 가림막 뒤에서 주사위 { $n }개를 굴림

seat-rolls-dice-1a3a1e = { $seat }의 주사위: { $dice }

seat-secretly-looks-at-row-slots-8a48a1 = { PARTICLE($seat, "이/가") } 열의 { $slots }번 카드를 몰래 본다

seat-sees-seen-d908a9 = { PARTICLE($seat, "이/가") } 본다: { $seen }

seat-sits-out-this-vote-card-5825e7 = { PARTICLE($seat, "은/는") } 이번 { $vote }에 빠진다 ({ $card })

seat-stays-on-track-space-3074fc = { $seat }: { $track } { $space }에 머무름

seat-takes-the-action-kind-a18345 = { PARTICLE($seat, "이/가") } { $kind } 행동을 한다

seat-turns-die-letter-to-side-33afd1 = { PARTICLE($seat, "이/가") } 주사위 { PARTICLE($letter, "을/를") } { $side } { PARTICLE($pips, "으로/로") } 돌림

seat-will-take-the-first-turn-83e0bc = { PARTICLE($seat, "이/가") } 첫 차례를 한다

seat-action-ba42bd = { PARTICLE($seat, "이/가") } { $action }

seat-s-n-vote-card-goes-9d3437 = { $seat }의 투표 카드 { $n }장이 투표 덱 아래로 간다

seat-s-zone-615e40 = { $seat }의 { $zone }

seat-track-old-new-078bb4 = { $seat }: { $track } { $old } → { $new }

src-gives-a-vote-card-to-2025f9 = { PARTICLE($src, "이/가") } { $dst }에게 투표 카드 1장을 준다

src-gives-card-to-dst-dcf8a9 = { PARTICLE($src, "이/가") } { $dst }에게 { PARTICLE($card, "을/를") } 준다

to-makes-the-choice-for-seat-ab03b5 = { PARTICLE($to, "이/가") } { $seat } 대신 선택한다

vote-cards-revealed-cards-counts-3a5b84 = { $vote }: 공개된 카드: { $cards } → { $counts }

what-drawn-from-src-to-dst-142e71 = { $what }: { $src }에서 뽑아 { PARTICLE($dst, "으로/로") }

what-from-src-to-dst-45f650 = { $what }: { $src }에서 { PARTICLE($dst, "으로/로") }

zone-is-empty-c60215 = { PARTICLE($zone, "이/가") } 비었음
