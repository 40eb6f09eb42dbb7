"""The three votes, with the rulebook's own examples."""

from helpers import FD, JR, TORTUGA, act, choose, kinds, position, vote, vote_card

import pytest

from tortuga_rules import load_ruleset
from tortuga_rules.games.tortuga1667.components import ChestSpot as C


@pytest.fixture(scope="module")
def must():
    """The standard rules with option attack_take: must (a successful Attack always takes)."""
    return load_ruleset("standard", options={"attack_take": "must"})


def attack_position(rules, played, deck_card, galleon=4):
    """FD crew 0,1,2 holding one card each from ``played``; ``deck_card`` on the vote deck."""
    ids = []
    for top in played:
        ids.append(vote_card(rules, top=top, exclude=ids))
    deck = vote_card(rules, top=deck_card, exclude=ids)
    return position(rules, 5, lines={FD: (0, 1, 2), JR: (3,), TORTUGA: (4,)},
                    hands={0: (ids[0],), 1: (ids[1],), 2: (ids[2],)}, deck_top=(deck,),
                    chests={C.GALLEON: galleon, C.TORTUGA_BRITISH: 1, C.TORTUGA_FRENCH: 1,
                            C.JOLLY_ROGER_BRITISH: 8 - galleon - 2})


def run_attack(s):
    s = act(s, "attack")
    for _ in range(3):
        assert s.decision.kind == "vote"
        s = vote(s)
    return s


def test_attack_two_cannons_one_torch_one_water_fails(rules):
    """Rulebook example: the water cancels the only torch, so the Attack fails."""
    s = run_attack(attack_position(rules, ["cannon", "cannon", "torch"], "water"))
    result = [e for e in s.events if e[1] == "vote-result"]
    assert result[0][3:] == ("attack", False) and result[0][0] == "vote.attack.success"
    assert s.chests[C.GALLEON] == 4 and s.decision.kind == "action"


def test_attack_one_cannon_two_torches_one_water_succeeds(rules):
    """Rulebook example: one torch survives; the captain may take a Galleon chest (A23)."""
    s = run_attack(attack_position(rules, ["cannon", "torch", "torch"], "water"))
    assert s.decision.kind == "choose" and s.decision.seat == 0
    assert s.decision.clause == "vote.attack.may-take"
    assert s.decision.options == ((C.GALLEON, C.FLYING_DUTCHMAN_BRITISH),
                                  (C.GALLEON, C.FLYING_DUTCHMAN_FRENCH), "none")
    s = choose(s, (C.GALLEON, C.FLYING_DUTCHMAN_FRENCH))
    assert s.chests[C.GALLEON] == 3 and s.chests[C.FLYING_DUTCHMAN_FRENCH] == 1


def test_the_captain_may_take_nothing(rules):
    """A23: "el Capitán podrá tomar 1 cofre" - choosing none leaves every chest in place."""
    s = run_attack(attack_position(rules, ["cannon", "torch", "torch"], "water"))
    before = s.chests
    s = choose(s, "none")
    assert s.chests == before and s.decision.kind == "action"


def test_empty_galleon_offers_every_chest_of_the_other_ship(rules):
    """A23 with the Galleon empty: each hold of the other ship holding a chest, to each hold."""
    s = run_attack(attack_position(rules, ["cannon", "torch", "torch"], "water", galleon=0))
    assert s.decision.options == ((C.JOLLY_ROGER_BRITISH, C.FLYING_DUTCHMAN_BRITISH),
                                  (C.JOLLY_ROGER_BRITISH, C.FLYING_DUTCHMAN_FRENCH), "none")


def test_attack_must_take_asks_for_the_hold(must):
    """Option attack_take: must - the captain only chooses the hold the chest goes into."""
    s = run_attack(attack_position(must, ["cannon", "torch", "torch"], "water"))
    assert s.decision.kind == "choose" and s.decision.seat == 0
    assert s.decision.clause == "vote.attack.hold"
    s = choose(s, C.FLYING_DUTCHMAN_FRENCH)
    assert s.chests[C.GALLEON] == 3 and s.chests[C.FLYING_DUTCHMAN_FRENCH] == 1


def test_attack_takes_one_chest_whatever_the_surplus(must):
    """Rulebook example: 2 cannons and 2 torches succeed but take only 1 chest."""
    s = run_attack(attack_position(must, ["cannon", "cannon", "torch"], "torch"))
    s = choose(s, C.FLYING_DUTCHMAN_BRITISH)
    assert s.chests[C.GALLEON] == 3 and s.chests[C.FLYING_DUTCHMAN_BRITISH] == 1


def test_attack_on_empty_galleon_takes_from_the_other_ship(must):
    """With the Galleon empty, a successful Attack takes from a hold of the other ship."""
    s = attack_position(must, ["cannon", "torch", "torch"], "water", galleon=0)
    s = run_attack(s)
    assert s.chests[C.JOLLY_ROGER_BRITISH] == 6
    # Only one hold of the other ship has chests: it is taken without a question.
    assert s.decision.name == "dst"
    assert ("vote.attack.other-ship", "auto-choice") in [e[:2] for e in s.events]
    s = choose(s, C.FLYING_DUTCHMAN_BRITISH)
    assert s.chests[C.JOLLY_ROGER_BRITISH] == 5 and s.chests[C.FLYING_DUTCHMAN_BRITISH] == 1


def test_attack_with_nothing_to_take_does_nothing(rules):
    """docs/readings.md A16: Galleon and other ship empty; the action is spent, nothing moves."""
    ids = [vote_card(rules, top="cannon")]
    ids.append(vote_card(rules, top="torch", exclude=ids))
    s = position(rules, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2, 3)}, hands={0: (ids[0],)},
                 deck_top=(ids[1],), chests={C.FLYING_DUTCHMAN_BRITISH: 6, C.TORTUGA_BRITISH: 1,
                                              C.TORTUGA_FRENCH: 1})
    s = vote(act(s, "attack"))
    assert s.chests[C.FLYING_DUTCHMAN_BRITISH] == 6 and s.decision.kind == "action"
    assert s.turn == 1


def test_mutiny_tie_fails(rules):
    """A Mutiny needs more skulls than helms: 1 skull against 1 helm leaves the Captain."""
    skull = vote_card(rules, bottom="skull")
    helm = vote_card(rules, bottom="helm")
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, hands={1: (skull,)},
                 deck_top=(helm,), turn=1)
    s = vote(act(s, "mutiny"))
    assert s.lines[FD] == (0, 1)
    assert [e for e in s.events if e[1] == "vote-result"][0][3:] == ("mutiny", False)


def test_mutiny_success_maroons_the_captain(rules):
    """More skulls: the Captain goes to the back of Tortuga and the First Mate takes over."""
    skulls = [vote_card(rules, bottom="skull")]
    skulls.append(vote_card(rules, bottom="skull", exclude=skulls))
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, hands={1: (skulls[0],)},
                 deck_top=(skulls[1],), turn=1)
    s = vote(act(s, "mutiny"))
    assert s.lines[FD] == (1,) and s.lines[TORTUGA] == (3, 0)


def test_mutiny_participants_exclude_the_captain(rules):
    """Only the crew below the Captain vote in a Mutiny."""
    s = position(rules, 5, lines={FD: (0, 1, 2), JR: (3,), TORTUGA: (4,)}, turn=1)
    s = act(s, "mutiny")
    assert s.vote.participants == (1, 2)


def test_brawl_tie_splits_one_and_one(rules):
    """A Brawl tie puts 1 Tortuga chest in each area."""
    brit = vote_card(rules, middle="british")
    french = vote_card(rules, middle="french")
    s = position(rules, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2, 3)},
                 hands={2: (brit,), 3: ()}, deck_top=(french,), turn=2,
                 chests={C.GALLEON: 4, C.TORTUGA_BRITISH: 2, C.FLYING_DUTCHMAN_BRITISH: 1,
                         C.JOLLY_ROGER_BRITISH: 1})
    s = vote(act(s, "brawl"))
    assert (s.chests[C.TORTUGA_BRITISH], s.chests[C.TORTUGA_FRENCH]) == (1, 1)


def test_brawl_double_french_card_beats_one_british(rules):
    """Rulebook example: 1 British flag against a card with 2 French flags: French win."""
    brit = vote_card(rules, middle="british")
    double_french = vote_card(rules, middle="french", double=True)
    s = position(rules, 3, lines={FD: (0,), JR: (1,), TORTUGA: (2,)}, hands={2: (brit,)},
                 deck_top=(double_french,), turn=2)
    s = vote(act(s, "brawl"))
    assert (s.chests[C.TORTUGA_BRITISH], s.chests[C.TORTUGA_FRENCH]) == (0, 2)
    reveal = [e for e in s.events if e[1] == "vote-reveal"][0]
    assert dict(reveal[5]) == {"british": 1, "french": 2}


def test_brawl_alone_without_cards_is_decided_by_the_deck_card(rules):
    """A Governor with no vote card may call a Brawl but not vote in it."""
    french = vote_card(rules, middle="french")
    s = position(rules, 3, lines={FD: (0,), JR: (1,), TORTUGA: (2,)}, hands={2: ()},
                 deck_top=(french,), turn=2)
    s = act(s, "brawl")
    assert "vote-no-cards" in kinds(s)
    assert s.vote is None and s.chests[C.TORTUGA_FRENCH] == 2
    assert s.hands[2] == ()  # a non-participant draws nothing


def test_rowboat_pawns_never_vote(rules):
    """A pawn on a rowboat is not on the ship and takes no part in its votes."""
    from helpers import FD_BOAT
    s = position(rules, 4, lines={FD: (0, 1), FD_BOAT: (2,), JR: (3,)})
    s = act(s, "attack")
    assert s.vote.participants == (0, 1)


def test_vote_cards_go_under_the_deck_and_each_participant_draws_one(rules):
    """After a vote the played cards go to the bottom and each participant draws 1."""
    s = attack_position(rules, ["cannon", "cannon", "torch"], "water")
    before = s.vote_deck
    s = run_attack(s)
    revealed = [e for e in s.events if e[1] == "vote-reveal"][0][4]
    assert sorted(s.vote_deck[-4:]) == sorted(revealed)
    assert all(len(s.hands[p]) == 1 for p in (0, 1, 2))
    assert s.hands[0] + s.hands[1] + s.hands[2] == before[1:4]
    assert kinds(s).count("vote-draw") == 3


def test_votes_are_secret_sequential_decisions(rules):
    """Each participant decides in turn; others see only that a card was played."""
    from tortuga_rules import view
    s = attack_position(rules, ["cannon", "cannon", "torch"], "water")
    s = vote(act(s, "attack"))
    v = view(s, 2)["vote"]
    assert v["voted"] == [0] and "played" not in v and "my_cards" not in v
    assert view(s, 0)["vote"]["my_cards"] == [s.vote.played[0][1][0]]
    assert s.current_player == 1
