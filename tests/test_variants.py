"""Variants as overlays: composition, options, hashes, malformed variants, and diff."""

from pathlib import Path

import pytest

from tortuga_rules import GameState, OptionError, SaveGameError, load_ruleset, new_game, view
from tortuga_rules.lawyer.diff import rules_diff

from helpers import play_random, load_problems


def test_compositions_resolve_with_option_values():
    """'standard+open-loyalty+more-starred:5' applies both overlays and the option value."""
    rules = load_ruleset("standard+open-loyalty+more-starred:5")
    assert rules.id == "standard+open-loyalty+more-starred:5"
    assert rules.options["starred"] == 5 and rules.options["open"] == "all"
    s = new_game(rules, 5, 1)
    assert len(s.starred) == 5
    assert view(s, 0)["open_loyalty"] == list(s.loyalty)
    same = load_ruleset("standard", variants=["open-loyalty", "more-starred"], options={"starred": 5})
    assert same.hash == rules.hash


def test_each_ruleset_has_a_stable_content_hash():
    """Different rules hash differently; the same rules hash the same."""
    hashes = {load_ruleset(spec).hash for spec in
              ("standard", "madness", "more-starred:5", "more-starred:6", "shorter-game")}
    assert len(hashes) == 5
    assert load_ruleset("more-starred:6").hash == load_ruleset("standard+more-starred:6").hash


def test_saved_games_refuse_another_ruleset_naming_both():
    """A game saved under a variant is refused under standard, with both named."""
    s = new_game(load_ruleset("madness"), 4, 2)
    with pytest.raises(SaveGameError, match="saved under 'standard\\+madness', these rules are 'standard'"):
        GameState.from_json(s.to_json(), load_ruleset("standard"))


@pytest.mark.parametrize("spec", ["madness", "shorter-game:5", "more-starred:8",
                                  "open-loyalty:one-each", "timer"])
def test_variants_play_complete_games(spec):
    """Every bundled variant plays random games to the end for each player count."""
    rules = load_ruleset(spec)
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(3):
            assert play_random(rules, players, seed).is_terminal


def test_madness_removes_the_view_action_and_deals_all_starred():
    """Madness: no View action, all 8 starred cards."""
    rules = load_ruleset("madness")
    assert "view" not in rules.action_ids
    assert len(new_game(rules, 6, 0).starred) == 8


def test_shorter_game_boxes_cards_from_the_top():
    """docs/readings.md A21: the short game removes cards from the top; the Armada stays last."""
    s3 = new_game(load_ruleset("shorter-game:3"), 5, 4)
    s0 = new_game(load_ruleset("standard"), 5, 4)
    assert len(s3.event_deck) == len(s0.event_deck) - 3
    assert s3.event_deck[-1] == "spanish-armada"


def variant_file(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_malformed_variants_get_located_errors(tmp_path):
    """Unknown keys, unknown cards and bad DSL in a variant are reported in its own file."""
    path = variant_file(tmp_path, """id: house
name: House rules
description: x
changes:
  setup:
    hand_sise: 4
""")
    found = "\n".join(load_problems(str(path)))
    assert f"{path}:6:" in found and "unknown key 'hand_sise' (did you mean 'hand_size'?)" in found
    path = variant_file(tmp_path, """id: house
name: House rules
description: x
changes:
  setup:
    events:
      cards: [pistol, sea-serpent]
  actions:
    reveal:
      effect: |
        reveall(slot, actor)
""")
    found = "\n".join(load_problems(str(path)))
    assert f"{path}:7:" in found and "unknown event card 'sea-serpent'" in found
    assert f"{path}:11:9: unknown verb 'reveall'" in found


def test_a_cycle_in_extends_is_an_error(tmp_path):
    """Variants extending each other in a circle are refused."""
    a = variant_file(tmp_path, "id: a\nname: A\ndescription: x\nextends: " + str(tmp_path / "b.yaml")
                     + "\nchanges: {}\n", "a.yaml")
    variant_file(tmp_path, "id: b\nname: B\ndescription: x\nextends: " + str(a) + "\nchanges: {}\n",
                 "b.yaml")
    found = "\n".join(load_problems(str(a)))
    assert "a cycle in 'extends'" in found


def test_option_values_out_of_range_are_blamed_on_the_value_given():
    """A value an option does not take is an OptionError naming the value as it was given
    (``more-starred:12``, ``option open=some``), never the bundled file declaring it."""
    with pytest.raises(OptionError) as err:
        load_ruleset("more-starred:12")
    assert str(err.value) == "more-starred:12: option 'starred' = 12 is out of range 4-8"
    with pytest.raises(OptionError, match=r"option nope=1: unknown option 'nope'"):
        load_ruleset("standard", options={"nope": 1})
    with pytest.raises(OptionError, match=r"option open=some: .*'some' is not one of") as err:
        load_ruleset("open-loyalty", options={"open": "some"})
    assert "variants/" not in str(err.value)


def test_diff_lists_exactly_the_rules_that_change():
    """diff gives each differing rule with its clause id and both values, and nothing else."""
    rows = rules_diff(load_ruleset("standard"), load_ruleset("more-starred:6"))
    data_rows = [r for r in rows if r[0] != "clause wording"]
    assert data_rows == [("setup", "setup.events.starred.choose", "setup.events.starred", 3, 6)]
    assert rules_diff(load_ruleset("standard"), load_ruleset("standard")) == []


def test_every_bundled_variant_file_is_listed_and_loads():
    """Every file in variants/ and its games' subfolders loads alone."""
    from tortuga_rules import bundled_rulesets
    root = Path(__file__).resolve().parent.parent
    names = {p.stem for p in (root / "variants").glob("*/*.yaml")}
    assert set(bundled_rulesets()) == names
    for name in names:
        assert load_ruleset(name).hash


def test_each_bundled_ruleset_is_in_the_folder_named_by_its_game_s_id():
    """variants/<game id>/ holds exactly the bundled rulesets of that game, so the tree says
    which game owns a file; the bundled name is the file's name without its folder."""
    from tortuga_rules.data.sources import bundled_files
    for name, path in bundled_files("variants", ".yaml").items():
        assert path == f"{load_ruleset(name).game.id}/{name}.yaml"


def test_each_game_s_schemas_are_in_a_subfolder_and_the_engine_s_own_at_the_top():
    """A game's rules and save schemas are in a game's (or its family's) subfolder of
    schema/; what every game shares is at the top, found by the same names as before."""
    from tortuga_rules.data.sources import bundled_files
    from tortuga_rules.model.games import game_ids, game_kind
    where = bundled_files("schema", ".schema.json")
    for game in game_ids():
        kind = game_kind(game)
        assert "/" in where[kind.schema] and "/" in where[kind.save_schema], game
    for shared in ("action", "decision", "event", "record", "replay", "scenario", "server",
                   "variant"):
        assert where[shared] == f"{shared}.schema.json"


def test_two_bundled_files_of_one_name_are_refused_naming_both(tmp_path, monkeypatch):
    """Bundled names are one namespace across the games' subfolders: two games' overlays
    of the same file name are a DataError naming both files, not one picked silently."""
    from tortuga_rules import DataError
    from tortuga_rules.data import sources
    for game in ("game-a", "game-b"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "two-players.yaml").write_text("id: two-players\n")
    (tmp_path / "game-a" / "base.yaml").write_text("id: base\n")
    monkeypatch.setattr(sources, "package_dir", lambda name: tmp_path)
    sources.bundled_files.cache_clear()
    try:
        with pytest.raises(DataError) as err:
            sources.bundled_files("variants", ".yaml")
    finally:
        sources.bundled_files.cache_clear()
    assert str(err.value) == (
        "variants/game-b/two-players.yaml: the bundled name 'two-players' is taken by "
        "variants/game-a/two-players.yaml: bundled names are one namespace across every "
        "game's folder; rename one file")


def test_first_edition_plays_and_diff_names_its_rows():
    """The 1st edition plays 4-9 players, and diff lists the §4 rows it changes."""
    rules = load_ruleset("first-edition")
    assert (rules.min_players, rules.max_players) == (4, 9)
    for players in range(4, 10):
        for seed in range(3):
            assert play_random(rules, players, seed).is_terminal
    paths = {row[1] for row in rules_diff(load_ruleset("standard"), rules)}
    for expected in ("players.min",                            # row 1
                     "setup.events.starred.pool",              # row 3
                     "setup.events.final_position",            # row 4
                     "options.reshuffle_row_at_deck_end",      # row 5
                     "setup.treasure.tortuga_loose",           # row 6
                     "setup.treasure_program",                 # row 7
                     "cards.letter-of-marque.count",           # row 9
                     "cards.letter-of-marque.effect",          # row 9
                     "cards.pistol.count",                     # row 10
                     "cards.pistol.effect",                    # row 10
                     "cards.black-powder.effect",              # row 11
                     "cards.fountain-of-youth.reaction",       # row 12
                     "cards.atlantis.reaction",                # row 13
                     "vote cards",                             # row 17
                     "clauses.vote.mutiny.success",            # row 18
                     "marooning",                              # row 19
                     "options.tiebreak_win",                   # row 23
                     "cards.stormy-seas.effect"):              # row 26
        assert expected in paths, expected


def test_first_edition_armada_is_among_the_last_five():
    """docs/readings.md E4: the Armada is shuffled in among the last five cards."""
    rules = load_ruleset("first-edition")
    positions = set()
    for seed in range(60):
        s = new_game(rules, 5, seed)
        deck = list(s.row) + list(s.event_deck)
        positions.add(len(deck) - 1 - deck[::-1].index("spanish-armada"))
    n = 5 + len(new_game(rules, 5, 0).event_deck)
    assert positions <= set(range(n - 5, n)) and len(positions) > 1


def test_a_process_keeps_the_newest_compositions_compiled_not_every_one_it_was_asked(
        monkeypatch):
    """A server whose tables pick options asks for many compositions over weeks: the newest
    BUNDLED_CACHED stay compiled (the same object when asked again), an older one is
    compiled again, so memory does not grow with every composition ever asked for."""
    from functools import lru_cache

    from tortuga_rules.data import loader
    fresh = lru_cache(maxsize=loader.BUNDLED_CACHED)(loader._load_bundled.__wrapped__)
    monkeypatch.setattr(loader, "_load_bundled", fresh)  # the process's own cache untouched
    first = load_ruleset("standard+shorter-game:1")
    assert load_ruleset("standard+shorter-game:1") is first
    for n in range(loader.BUNDLED_CACHED + 1):
        load_ruleset("standard", options={"tiebreak_rounds": 1 + n})
    assert loader._load_bundled.cache_info().currsize == loader.BUNDLED_CACHED
    again = load_ruleset("standard+shorter-game:1")
    assert again is not first and again.hash == first.hash
