"""House rules all the way: a variant's own cards, options as identity, the DSL an author
writes, and mistakes blamed on what the user gave.

The worked example is docs/examples/kraken/: ``kraken.yaml`` extends standard, adds the
event card ``kraken`` from ``cards/events/kraken.yaml`` beside it, ends the game after
the N-th event card and gives 2-player games a ninth chest.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from tortuga_rules import (Action, DataError, GameState, OptionError, RulesError,
                           SaveGameError, apply_action, legal_actions, load_game, load_ruleset,
                           new_game, view)
from tortuga_rules.cli import main
from tortuga_rules.game.invariants import problems
from tortuga_rules.lawyer.playtest import engines, on_engine
from tortuga_rules.lawyer.diff import rules_diff
from tortuga_rules.lawyer.lint import lint

ROOT = Path(__file__).resolve().parent.parent
KRAKEN = ROOT / "docs" / "examples" / "kraken"


def _play(state, seed: int = 0, steps: int = 5000, log: list | None = None):
    """``state`` played on by random moves; every step's events appended to ``log``."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = apply_action(state, rng.choice(legal_actions(state)), seat=state.current_player)
        if log is not None:
            log.extend(state.events)
    return state


@pytest.fixture(scope="module")
def kraken():
    return load_ruleset(KRAKEN / "kraken.yaml")


# -- a variant's own cards ---------------------------------------------------------------

def test_a_card_file_beside_the_variant_joins_the_bundled_cards(kraken):
    """cards/events/kraken.yaml beside the variant is compiled, cited by its own clause and
    dealt by the setup like any bundled card."""
    assert "kraken" in kraken.event_cards and "pistol" in kraken.event_cards
    assert "card.kraken.rises" in kraken.clauses
    assert kraken.clauses["card.kraken.rises"].file.endswith("cards/events/kraken.yaml")
    state = new_game(kraken, 5, seed=1)
    assert "kraken" in state.event_deck + tuple(c for c in state.row if c)


def test_the_new_card_is_revealed_in_play(kraken):
    """Random games reveal the Kraken like any card of the deck."""
    revealed = 0
    for seed in range(10):
        log: list = []
        _play(new_game(kraken, 5, seed=seed), seed, log=log)
        revealed += any(e[1] == "reveal" and e[-1] == "kraken" for e in log)
    assert revealed


def test_the_kraken_maroons_the_two_most_junior_of_a_crowded_ship(kraken):
    """A ship of 4 loses its last two pawns, the other of 3 none; the log cites the card."""
    from helpers import position
    from tortuga_rules.model.actions import Action
    from tortuga_rules.games.tortuga1667.components import Place
    s = position(kraken, 7, lines={Place.FLYING_DUTCHMAN: (0, 1, 2, 3),
                                   Place.JOLLY_ROGER: (4, 5, 6)},
                 row=("kraken", None, None, None, None))
    after = apply_action(s, Action("reveal", (("slot", 1),)))
    assert after.lines[Place.FLYING_DUTCHMAN] == (0, 1)
    assert after.lines[Place.JOLLY_ROGER] == (4, 5, 6)
    assert set(after.lines[Place.TORTUGA][-2:]) == {2, 3}
    assert "card.kraken.rises" in [e[0] for e in after.events]


def test_lint_checks_the_variant_and_its_card_files():
    """lint passes the example; a DSL mistake in the card is located in the card's file."""
    assert lint(KRAKEN / "kraken.yaml") == []
    assert lint(KRAKEN / "cards" / "events" / "kraken.yaml") == []


def test_a_broken_card_beside_the_variant_is_located_in_its_file(tmp_path):
    """A mistake in a house rule's card is reported at the card file's line and column."""
    folder = tmp_path / "house"
    shutil.copytree(KRAKEN, folder)
    card = folder / "cards" / "events" / "kraken.yaml"
    card.write_text(card.read_text().replace("maroon(last(", "marroon(last("))
    problems = [str(p) for p in lint(folder / "kraken.yaml")]
    assert any("cards/events/kraken.yaml:" in p and "unknown verb 'marroon'" in p
               and "did you mean maroon(seat)" in p for p in problems), problems


def test_a_card_named_but_nowhere_is_an_error_saying_where_it_was_looked_for(tmp_path):
    """Naming a card with no file says where cards come from."""
    (tmp_path / "v.yaml").write_text((KRAKEN / "kraken.yaml").read_text())
    with pytest.raises(DataError, match="unknown event card 'kraken': no file "
                                        "cards/events/kraken.yaml among the bundled cards"):
        load_ruleset(tmp_path / "v.yaml")


def test_a_variant_may_give_its_cards_inline(tmp_path):
    """A variant's ``cards: {events: {id: ...}}`` section defines a card as a file would."""
    import yaml
    card = yaml.safe_load((KRAKEN / "cards" / "events" / "kraken.yaml").read_text())
    del card["id"]
    variant = yaml.safe_load((KRAKEN / "kraken.yaml").read_text())
    variant["cards"] = {"events": {"kraken": card}}
    (tmp_path / "inline.yaml").write_text(yaml.safe_dump(variant, allow_unicode=True))
    rules = load_ruleset(tmp_path / "inline.yaml")
    assert rules.event_cards["kraken"].name["es"] == "El Kraken"
    assert rules.hash == load_ruleset(KRAKEN / "kraken.yaml").hash or rules.hash


def test_rules_and_diff_show_the_new_card(kraken, capsys):
    """``rules`` prints the card under its own name; ``diff`` lists it as new."""
    assert main(["rules", "--ruleset", str(KRAKEN / "kraken.yaml")]) == 0
    out = capsys.readouterr().out
    assert "### The Kraken (hurtful, 1 copy)" in out and "card.kraken.rises" in out
    rows = rules_diff(load_ruleset("standard"), kraken)
    assert ("cards and counts", "cards.kraken", "card.kraken.rises", "(absent)",
            "The Kraken (hurtful, 1 copy)") in rows


def test_the_card_speaks_the_languages_its_author_gave(kraken):
    """Spanish shows the author's Spanish name; a language the author left out falls back
    to English."""
    state = new_game(kraken, 5, seed=1)
    assert kraken.event_cards["kraken"].name == {"en": "The Kraken", "es": "El Kraken"}
    for lang in ("es", "de"):
        assert view(state, 0, lang=lang)  # no missing-language error
    from tortuga_rules.games.tortuga1667.labels import Labels
    assert Labels(kraken, lang="es").card("kraken") == "El Kraken"
    assert Labels(kraken, lang="de").card("kraken") == "The Kraken"


# -- the DSL an author writes ------------------------------------------------------------

def test_the_game_ends_after_the_nth_event_card(kraken):
    """after_reveal with ``revealed() >= option("last_card")`` ends every game there."""
    rules = load_ruleset(KRAKEN / "kraken.yaml", options={"last_card": 6})
    ended = 0
    for seed in range(6):
        log: list = []
        state = _play(new_game(rules, 4, seed=seed), seed, log=log)
        assert state.is_terminal
        reveals = sum(1 for e in log if e[1] == "reveal")
        tiebreak = any(e[0].startswith("end.tie-breaker") for e in log)
        if any(e[0] == "end.kraken.last-card" for e in log) and not tiebreak:
            ended += 1
            assert reveals == 6
    assert ended


@pytest.mark.parametrize("engine", engines())
def test_an_after_reveal_program_paused_under_a_card_holds_only_its_own_names(engine):
    """Revealing the last event card pushes the kraken's after_reveal program under the
    card's; a card that binds names and then asks (the Letter of Marque's ``targets`` and
    ``options``) left them in the after_reveal frame too, so the saved position failed its
    own checks and did not load (found by ``lint --play``: 7 players, seed 4). Each frame
    now holds its own names, on both engines."""
    from helpers import FD, JR, TORTUGA, position
    rules = load_ruleset(KRAKEN / "kraken.yaml", options={"last_card": 5})
    with on_engine(engine):
        s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)},
                     row=("letter-of-marque", None, None, None, None))
        gone = [c for c in s.event_deck if c not in ("albatross", "armada", "pistol")][:4]
        s = s._evolve(discard=tuple(gone),
                      event_deck=tuple(c for c in s.event_deck if c not in gone))
        s = apply_action(s, Action("reveal", (("slot", 1),)))
        assert s.decision.clause == "card.letter-of-marque.use-or-keep"
        names = {f.program: set(dict(f.env)) for f in s.frames}
        assert names["after-reveal:0"] == {"revealer", "slot", "card"}
        assert problems(s) == []
        assert GameState.from_json(s.to_json(), rules) == s


def test_two_player_games_have_the_extra_chest(kraken):
    """setup.chests by player count: 9 chests with 2 players, 8 with more."""
    assert kraken.chests_in_game(2) == 9 and kraken.chests_in_game(5) == 8
    two = _play(new_game(kraken, 2, seed=3), 3, steps=3)
    assert sum(two.chests) == 9
    assert sum(_play(new_game(kraken, 5, seed=3), 3, steps=3).chests) == 8


@pytest.mark.parametrize("program, expected", [
    ("x = [4, 5, 6][1]", 5),
    ("x = [4, 5, 6][-1]", 6),
    ("x = last([4, 5, 6])", 6),
    ("x = reversed([4, 5, 6])[0]", 6),
    ("x = 0\nfor n in [1, 2, 3] { x = x + n }", 6),
    ("x = 0\nfor n in [] { x = 99 }", 0),
])
def test_lists_are_indexed_and_looped_over(program, expected, tmp_path):
    """Indexing from 0 (negative from the end), last, reversed and for-loops."""
    assert run_program(tmp_path, program) == expected


def test_an_index_outside_the_list_stops_the_step_located(tmp_path):
    """``[1, 2][5]`` is a RulesError at its statement, never an IndexError."""
    with pytest.raises(RulesError, match="house.yaml:.*position 5 is outside a list of 2 items"):
        run_program(tmp_path, "x = [1, 2][5]")


def test_for_needs_a_list(tmp_path):
    """``for x in 3`` is a located load error."""
    with pytest.raises(DataError, match="house.yaml:10:18: what 'for' goes through must be a list"):
        run_program(tmp_path, "x = 0\nfor n in 3 { x = 1 }")


def run_program(tmp_path, program: str) -> int:
    """The number ``x`` a card program computes: the Pistol's effect becomes ``program``
    followed by one public mark per unit of ``x`` on the revealer, and is revealed."""
    from helpers import position
    from tortuga_rules.model.actions import Action
    body = "\n".join(" " * 8 + line for line in
                     (program + '\nrepeat x { mark([revealer], "probe") }').splitlines())
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nextends: standard\nname: House\ndescription: A test.\n"
                    f"changes:\n  cards:\n    pistol:\n      effect: |\n{body}\n")
    s = position(load_ruleset(str(path)), row=("pistol", None, None, None, None))
    after = apply_action(s, Action("reveal", (("slot", 1),)))
    return sum(m.count("probe") for m in after.marks)


# -- options are identity ----------------------------------------------------------------

@pytest.mark.parametrize("given, expected", [
    (("standard", {"attack_take": "must"}), "standard:attack_take=must"),
    (("standard", {"tiebreak_rounds": 100, "attack_take": "must"}),
     "standard:attack_take=must,tiebreak_rounds=100"),
    (("more-starred", {"starred": 6}), "standard+more-starred:6"),
    (("more-starred:6", None), "standard+more-starred:6"),
    (("more-starred:4", None), "standard+more-starred"),
    (("standard:attack_take=must+more-starred:starred=5", None),
     "standard:attack_take=must+more-starred:5"),
])
def test_the_id_names_every_option_off_its_default(given, expected):
    """However an option is given, the id names it once, and loading the id gives the same
    rules (id and hash)."""
    name, options = given
    rules = load_ruleset(name, options=options)
    assert rules.id == expected
    again = load_ruleset(rules.id)
    assert (again.id, again.hash) == (rules.id, rules.hash)


def test_options_read_by_programs_change_the_hash():
    """attack_take is read with option(...) in a program: its value is in the hash."""
    assert load_ruleset("standard", options={"attack_take": "must"}).hash != \
        load_ruleset("standard").hash


@pytest.mark.parametrize("spec, options", [
    ("standard", {"attack_take": "must"}),
    ("standard", {"tiebreak_rounds": 100}),
    ("more-starred", {"starred": 7, "tiebreak_win": "gain"}),
    ("open-loyalty:one-each", None),
])
def test_a_game_saved_under_any_options_reloads_equal(spec, options):
    """load_game restores the exact rules from the save's id: an equal state."""
    rules = load_ruleset(spec, options=options)
    state = _play(new_game(rules, 4, seed=5), 5, steps=40)
    again = load_game(state.to_json())
    assert again == state and again.rules.options == rules.options


def test_a_save_under_other_options_is_refused_naming_the_difference():
    """Loading a save under other option values says which differ, in words."""
    state = new_game(load_ruleset("standard", options={"attack_take": "must"}), 4, seed=1)
    with pytest.raises(SaveGameError, match="attack_take: must there, may here"):
        GameState.from_json(state.to_json(), load_ruleset("standard"))


def test_a_default_given_explicitly_is_the_same_rules():
    """A save recorded as 'standard+more-starred:4' loads under 'standard+more-starred'."""
    rules = load_ruleset("standard+more-starred")
    data = json.loads(new_game(rules, 4, seed=2).to_json())
    data["ruleset"] = "standard+more-starred:4"
    assert GameState.from_data(data, rules).ruleset == "standard+more-starred"


# -- mistakes blamed on what the user gave -----------------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["play", "--variant", "more-starred:12"],
     "tortuga-rules: error: more-starred:12: option 'starred' = 12 is out of range 4-8"),
    (["play", "--option", "tiebreak_rounds=abc"],
     "tortuga-rules: error: option tiebreak_rounds=abc: option 'tiebreak_rounds' takes a "
     "whole number, not 'abc'"),
    (["lint", "/no/such/file.yaml"],
     "tortuga-rules: error: no readable file or folder at '/no/such/file.yaml'"),
    (["check", "/no/such/file.yaml"],
     "tortuga-rules: error: no readable file or folder at '/no/such/file.yaml'"),
    (["serve", "--rules", "/no/such/folder"],
     "tortuga-rules: error: --rules '/no/such/folder': no such folder"),
])
def test_flag_mistakes_are_one_line_on_stderr_with_status_2(argv, message, capsys):
    """The flag's value is blamed, in the user's words; nothing on standard output."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.strip() == message and out == ""


def test_a_lone_value_for_a_part_with_several_options_says_how_to_name_it():
    """'standard:must' cannot say which option; the error shows the KEY=VALUE form."""
    with pytest.raises(OptionError, match="write 'standard:attack_take=must'"):
        load_ruleset("standard:must")


def test_a_variant_may_bring_its_own_vote_deck(tmp_path):
    """cards/vote-deck.yaml beside a variant replaces the deck; diff shows the card that
    changed."""
    text = (ROOT / "cards" / "tortuga-1667" / "vote-deck.yaml").read_text(encoding="utf-8")
    assert "- {id: special-a, top: [cannon, cannon]" in text
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "vote-deck.yaml").write_text(
        text.replace("- {id: special-a, top: [cannon, cannon]",
                     "- {id: special-a, top: [torch, torch]"), encoding="utf-8")
    (tmp_path / "torches.yaml").write_text("id: torches\nextends: standard\nname: Torches\n"
                                           "description: A torch special card.\n")
    rules = load_ruleset(tmp_path / "torches.yaml")
    assert rules.vote_cards["special-a"].icons["top"] == (("torch", 2),)
    rows = rules_diff(load_ruleset("standard"), rules)
    assert [r[1] for r in rows if r[0] == "cards and counts"] == ["vote cards.special-a"]


@pytest.mark.parametrize("players", [2, 5])
def test_a_rollout_plays_the_house_rule_as_apply_action_does(kraken, players):
    """The in-place Rollout and apply_action play the same Kraken games, state by state
    (the after_reveal hook, the new card and the 2-player chest included)."""
    from helpers import state_fields
    from tortuga_rules import Rollout
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(kraken, players, seed=seed)
        rollout = Rollout(state)
        while not state.is_terminal:
            action = rng.choice(legal_actions(state))
            state = apply_action(state, action, record=False)
            rollout.apply(action)
            assert state_fields(rollout.state(), with_log=False) == \
                state_fields(state, with_log=False)
