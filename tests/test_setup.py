"""Setup."""

from collections import Counter

import pytest

from helpers import FD, JR

from tortuga_rules import SetupError, load_ruleset, new_game
from tortuga_rules.games.tortuga1667.components import ChestSpot as C


@pytest.mark.parametrize("players", range(2, 10))
def test_loyalty_cards_follow_the_table(rules, players):
    """Loyalty cards are dealt per the table for each player count."""
    s = new_game(rules, players, 11)
    want = dict(rules.loyalty[players])
    assert Counter(s.loyalty) == Counter({k: v for k, v in want.items() if v})


@pytest.mark.parametrize("players", range(2, 10))
def test_pawns_alternate_flying_dutchman_first(rules, players):
    """Pawns go FD 1st, JR 1st, FD 2nd...; with an odd count the FD gets the extra one."""
    s = new_game(rules, players, 5)
    assert len(s.lines[FD]) == (players + 1) // 2 and len(s.lines[JR]) == players // 2


def test_each_player_has_three_vote_cards(rules):
    """3 vote cards each, the rest form the vote deck."""
    s = new_game(rules, 6, 2)
    assert all(len(h) == 3 for h in s.hands) and len(s.vote_deck) == 32 - 18


def test_armada_is_at_the_bottom_and_five_cards_in_the_row(rules):
    """The Armada is the bottom card; 5 cards are dealt to the row."""
    s = new_game(rules, 5, 9)
    assert s.event_deck[-1] == "spanish-armada" and all(s.row) and len(s.row) == 5
    assert "spanish-armada" not in s.row


def test_treasure_and_captains_chests_flying_dutchman_first(rules):
    """4 on the Galleon, 1 per Tortuga area; the FD captain places a chest first, then JR."""
    s = new_game(rules, 5, 3)
    assert s.chests[C.GALLEON] == 4 and s.chests[C.TORTUGA_BRITISH] == 1
    assert s.decision.seat == s.lines[FD][0] and s.decision.clause == "setup.treasure.captains"
    from helpers import choose
    s = choose(s, C.FLYING_DUTCHMAN_FRENCH)
    assert s.decision.seat == s.lines[JR][0]
    s = choose(s, C.JOLLY_ROGER_BRITISH)
    assert sum(s.chests) == 8
    assert s.decision.kind == "action" and s.current_player == s.lines[JR][0]


def test_new_game_rejects_bad_player_counts(rules):
    """A player count outside the ruleset's range is a clear error."""
    with pytest.raises(ValueError, match="2 to 9 players"):
        new_game(rules, 10, 0)


def test_starred_cards_can_be_named_or_drawn(rules):
    """Exactly the ruleset's number of distinct pool cards may be named; madness has no choice."""
    pool = rules.deck["starred_pool"]
    assert new_game(rules, 5, 0, starred=list(pool[:3])).starred == tuple(sorted(pool[:3]))
    for bad in (["sea-serpent"], [], list(pool[:2]), list(pool[:4]), [pool[0]] * 3, "pistol"):
        with pytest.raises(SetupError, match="starred"):
            new_game(rules, 5, 0, starred=bad)
    with pytest.raises(SetupError, match="deals every starred card"):
        new_game(load_ruleset("madness"), 5, 0, starred=list(pool))


def test_starred_choice_and_small_game_removals_are_data(tmp_path):
    """The starred pool, its choice by seed or by name, and per-count removals all work."""
    import shutil
    from pathlib import Path

    import yaml

    from tortuga_rules import load_ruleset

    root = Path(__file__).resolve().parent.parent
    cards = tmp_path / "cards"
    shutil.copytree(root / "cards" / "tortuga-1667", cards)
    # Two test-only "starred" cards, copies of Black Spot under other ids.
    for cid in ("star-one", "star-two"):
        text = (cards / "events" / "black-spot.yaml").read_text(encoding="utf-8")
        text = text.replace("id: black-spot", f"id: {cid}").replace("card.black-spot.", f"card.{cid}.")
        (cards / "events" / f"{cid}.yaml").write_text(text, encoding="utf-8")
    data = yaml.safe_load((root / "variants" / "tortuga-1667" / "standard.yaml").read_text(encoding="utf-8"))
    data["setup"]["events"]["cards"] = ["pistol", "black-spot"]
    data["setup"]["events"]["starred"] = {"choose": 1, "pool": ["star-one", "star-two"]}
    data["setup"]["events"]["remove_with_players"] = {2: ["pistol"], 3: ["pistol"]}
    path = tmp_path / "starred.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    rules = load_ruleset(path, cards_dir=cards)

    drawn = {new_game(rules, 5, seed).starred for seed in range(30)}
    assert drawn == {("star-one",), ("star-two",)}
    s = new_game(rules, 5, 0, starred=["star-two"])
    deck = list(s.event_deck) + [c for c in s.row if c]
    assert deck.count("star-two") == 1 and "star-one" not in deck
    small = new_game(rules, 3, 0)
    assert "pistol" not in list(small.event_deck) + list(small.row)
    # Only 5 cards are left: the deck runs out while dealing, so the row is reshuffled
    # and the Armada is not known to lie in the last slot.
    assert small.event_deck == () and {new_game(rules, 3, k).row.index("spanish-armada")
                                       for k in range(20)} != {4}
    assert "pistol" in list(new_game(rules, 4, 0).event_deck) + list(new_game(rules, 4, 0).row)


def test_small_games_leave_facade_and_cabin_fever_out_of_a_random_draw(rules):
    """setup.events.starred-small-games: 2-3 players never draw Facade or Cabin Fever at random."""
    for players in (2, 3):
        for seed in range(40):
            starred = new_game(rules, players, seed).starred
            assert len(starred) == 3 and not {"facade", "cabin-fever"} & set(starred)
    assert any("facade" in new_game(rules, 5, seed).starred for seed in range(40))


def test_a_game_without_a_seed_draws_one_at_random():
    """new_game without a seed: a game nobody chose the seed of, different each time."""
    from tortuga_rules import load_ruleset, new_game

    rules = load_ruleset("standard")
    loyalties = {new_game(rules, 9).loyalty for _ in range(8)}
    rngs = {new_game(rules, 5).rng for _ in range(8)}
    assert len(rngs) == 8 and len(loyalties) > 1
