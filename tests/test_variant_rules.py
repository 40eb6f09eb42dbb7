"""Each rule a variant changes, shown by the same position under standard and the variant."""

from collections import Counter

import pytest

from helpers import FD, FD_BOAT, JR, JR_BOAT, TORTUGA, act, choose, kinds, position, vote, vote_card

from tortuga_rules import legal_actions, load_ruleset, new_game
from tortuga_rules.games.tortuga1667.components import ChestSpot as C


@pytest.fixture(scope="module")
def first():
    return load_ruleset("first-edition")


def deck_counts(state):
    return Counter(list(state.event_deck) + [c for c in state.row if c])


def test_row_reshuffle_at_deck_end(rules, first):
    """§4 row 5: the 2nd edition reshuffles the row when the deck runs out; the 1st does not."""
    for r, expected in ((rules, True), (first, False)):
        s = position(r, 4, row=("black-spot", "pistol", "pistol", "pistol", "pistol"),
                     event_deck=("spanish-armada",))
        s = act(s, "reveal", slot=1)
        assert ("row-reshuffle" in kinds(s)) is expected
        if not expected:
            assert s.row[0] == "spanish-armada"


def test_captain_chest_order(rules, first):
    """§4 row 7: the Flying Dutchman's captain places first (2nd), the Jolly Roger's (1st)."""
    s2, s1 = new_game(rules, 5, 3), new_game(first, 5, 3)
    assert s2.decision.seat == s2.lines[FD][0]
    assert s1.decision.seat == s1.lines[JR][0]


def test_card_counts_and_starred_pool(rules, first):
    """§4 rows 3, 9, 10: Letters of Marque 3 -> 4, Pistols 3 -> 2, no Crow's Nest or Scurvy."""
    c2 = deck_counts(new_game(rules, 5, 1))
    c1 = deck_counts(new_game(first, 5, 1))
    assert (c2["letter-of-marque"], c2["pistol"]) == (3, 3)
    assert (c1["letter-of-marque"], c1["pistol"]) == (4, 2)
    assert "crows-nest" not in first.deck["starred_pool"] and "scurvy" not in first.deck["starred_pool"]


def test_letter_of_marque_keep_or_draw(rules, first):
    """§4 row 9: with nobody to move, the 2nd edition keeps the Letter; the 1st draws and returns a card."""
    for r in (rules, first):
        s = position(r, 4, lines={FD: (0, 1), JR: (2, 3)}, hands={0: ("v01", "v02")},
                     deck_top=("v03",), row=("letter-of-marque",) + ("pistol",) * 4,
                     event_deck=("pistol", "pistol", "spanish-armada"))
        s = act(s, "reveal", slot=1)
        if r is rules:
            assert s.kept[0] == ("letter-of-marque",)
        else:
            assert s.kept[0] == () and s.decision.name == "back"
            s = choose(s, "v01")
            assert s.vote_deck[0] == "v01" and sorted(s.hands[0]) == ["v02", "v03"]
    assert "play_letter" in rules.action_ids and "play_letter" not in first.action_ids


def test_black_powder_one_or_both_rowboats(rules, first):
    """§4 row 11: one rowboat of the revealer's choice (2nd) or both (1st)."""
    s = position(rules, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2,), JR_BOAT: (3,)},
                 row=("black-powder",) + ("pistol",) * 4)
    s = choose(act(s, "reveal", slot=1), JR_BOAT)
    assert s.sunk == (False, True)
    s = position(first, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2,), FD_BOAT: (3,)},
                 row=("black-powder",) + ("pistol",) * 4)
    s = act(s, "reveal", slot=1)
    assert s.sunk == (True, True) and s.lines[TORTUGA] == (2, 3)


def test_fountain_of_youth_and_mutiny(rules, first):
    """§4 row 12: the Fountain of Youth answers a successful Mutiny in the 2nd edition only."""
    skull, skull2 = vote_card(rules, bottom="skull"), vote_card(rules, bottom="skull", exclude=("v01",))
    for r in (rules, first):
        s = position(r, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, hands={1: (skull,)},
                     deck_top=(skull2,), turn=1)
        s = s._evolve(kept=(("fountain-of-youth",), (), (), ()))
        s = vote(act(s, "mutiny"))
        if r is rules:
            assert s.decision.name == "answer" and s.decision.seat == 0
        else:
            assert s.lines[FD] == (1,)


def test_double_icon_vote_cards(rules, first):
    """§4 row 17: 32 vote cards with 2 double-icon ones (2nd), 30 without (1st)."""
    assert len(rules.vote_cards) == 32 and len(first.vote_cards) == 30
    assert "special-a" not in first.vote_cards


def test_stormy_seas_on_tortuga(rules, first):
    """§4 row 26: Tortuga's chests go back 1 British and 1 French (2nd) or loose (1st)."""
    for r, want in ((rules, (1, 1, 0)), (first, (0, 0, 2))):
        s = position(r, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2, 3)}, turn=2,
                     chests={C.GALLEON: 4, C.TORTUGA_BRITISH: 2, C.FLYING_DUTCHMAN_BRITISH: 1,
                             C.JOLLY_ROGER_FRENCH: 1},
                     row=("stormy-seas",) + ("pistol",) * 4)
        s = act(s, "reveal", slot=1)
        assert s.chests[C.TORTUGA_BRITISH:C.TORTUGA_LOOSE + 1] == want


def test_spanish_vote_mix(rules):
    """§4 row 16: the Spanish percentages give 9 cannon, 9 torch, 12 water regular cards."""
    def mix(r):
        return Counter(c.icons["top"][0][0] for c in r.vote_cards.values() if c.icons["top"][0][1] == 1)
    assert mix(rules) == {"cannon": 9, "water": 9, "torch": 12}
    assert mix(load_ruleset("spanish-vote-mix")) == {"cannon": 9, "water": 12, "torch": 9}


def test_crows_nest_reshuffle_reading(rules):
    """§4 row 15: the vote deck is reshuffled after Crow's Nest, except in the Spanish reading."""
    for r, shuffled in ((rules, True), (load_ruleset("crows-nest-no-reshuffle"), False)):
        s = position(r, 4, hands={0: ("v01",), 1: ("v02",), 2: ("v03",), 3: ()},
                     row=("crows-nest",) + ("pistol",) * 4)
        s = act(s, "reveal", slot=1)
        s = choose(s, 1)
        s = choose(s, s.decision.options[0])
        assert ("vote-deck-shuffle" in kinds(s)) is shuffled


def test_timer_is_data_for_front_ends(rules):
    """The timer variant only adds data: seconds, the action on time-out, the forced chooser."""
    timer = load_ruleset("timer:45")
    assert rules.timer == {} and timer.timer == {"seconds": 45, "on_timeout": "view",
                                                 "forced_chooser": "forcing-player"}


def test_more_starred_and_open_loyalty(rules):
    """More starred cards; open loyalty shows the face-up cards to every seat."""
    from tortuga_rules import view
    assert len(new_game(load_ruleset("more-starred:7"), 5, 2).starred) == 7
    s = new_game(load_ruleset("open-loyalty:one-each"), 6, 2)
    shown = view(s, 0)["open_loyalty"]
    assert sorted(t for t in shown if t) == ["british", "french"]
    assert view(new_game(rules, 6, 2), 0)["open_loyalty"] == [None] * 6


def test_open_loyalty_one_each_shows_a_random_card_of_each_team():
    """One-each: every British (and French) seat may be the open one, not only the first."""
    from collections import Counter
    rules = load_ruleset("open-loyalty:one-each")
    rank = Counter()  # (team, rank of the open seat among that team's seats)
    for seed in range(400):
        s = new_game(rules, 8, seed)
        for seat in range(8):
            if "loyalty-open" in s.marks[seat]:
                team = s.loyalty[seat]
                rank[team, [i for i, t in enumerate(s.loyalty) if t == team].index(seat)] += 1
    assert set(rank) == {(t, r) for t in ("british", "french") for r in range(4)}
    assert all(60 <= k <= 140 for k in rank.values()), rank  # about 100 each


def test_first_edition_is_for_four_to_nine(rules, first):
    """§4 row 1: 2-9 players (2nd) against 4-9 (1st)."""
    from tortuga_rules import SetupError
    new_game(rules, 3, 0)
    with pytest.raises(SetupError):
        new_game(first, 3, 0)
    assert legal_actions(new_game(first, 4, 0))


def test_letter_of_marque_self_target_reading(rules):
    """§5 A6: the recommended reading lets the user move themself; the alternative does not."""
    other = load_ruleset("letter-of-marque-others-only")
    for r, can_self in ((rules, True), (other, False)):
        s = position(r, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2,), FD_BOAT: (3,)}, turn=3)
        s = s._evolve(kept=((), (), (), ("letter-of-marque",)))
        whos = {a.arg("who") for a in legal_actions(s) if a.kind == "play_letter"}
        assert (3 in whos) is can_self and 2 in whos
