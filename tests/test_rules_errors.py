"""A house rule that goes wrong while the game runs: a located RulesError, nothing changed."""

import textwrap

import pytest

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.dsl.machine import MAX_EVENTS, MAX_INSTRUCTIONS
from tortuga_rules.errors import RulesError
from tortuga_rules.model.actions import Action

from helpers import dice_house, house_rules, play_random, position, refusals, reveal_pistol


@pytest.mark.parametrize("effect, message", [
    ("repeat 1000000000 { cite() }", "ran over its budget (100,000 instructions"),
    ("x = 1\nrepeat 100 { x = x * 1000 }", "a number beyond ±1,000,000,000,000"),
    ("x = [1, 2, 3, 4]\nrepeat 100 { x = x + x }", "a list of more than 256 items"),
    ("x = 1 // (count(players()) - count(players()))", "division by zero"),
    ("draw_vote(revealer - 1 - revealer)", "draw_vote's argument 'seat' must be a seat"),
    ("maroon(count(players()) + 40)",
     "maroon's argument 'seat' must be a seat of this game, not 45"),
    ("reveal(9, revealer)", "reveal's argument 'slot' must be a row slot of this game, not 9"),
])
def test_a_failing_card_program_is_a_located_rules_error(tmp_path, effect, message):
    """Runaway loops, huge values and bad values stop the step at the statement."""
    s, reveal = reveal_pistol(house_rules(tmp_path, "pistol", effect))
    before = s.to_json()
    with pytest.raises(RulesError) as exc:
        reveal()
    text = str(exc.value)
    assert text.startswith(f"{tmp_path / 'house.yaml'}:") and message in text
    assert "(program card:pistol" in text and "the step was not taken" in text
    assert exc.value.program == "card:pistol"
    assert s.to_json() == before


def test_the_error_names_the_clause_of_the_failing_statement(tmp_path):
    """A tagged statement's clause is named, and the error points at its line and column."""
    s, reveal = reveal_pistol(house_rules(
        tmp_path, "pistol", "cite()\n@card.pistol.maroon  maroon(first(rest([revealer])))"))
    with pytest.raises(RulesError) as exc:
        reveal()
    assert exc.value.clause == "card.pistol.maroon"
    assert exc.value.problem.line == 10 and exc.value.problem.col == 30
    assert "first of an empty list: it has no first item" in str(exc.value)


def test_an_endless_chain_of_skipped_turns_is_stopped(tmp_path):
    """Runaways through the engine's own steps (every turn skipped) also hit the budget."""
    extra = "      before_turn: skip_turn()\n"
    rules = house_rules(tmp_path, "pistol", "cite()", extra)
    with pytest.raises(RulesError, match=r"house.yaml:10:20: skip_turn\(\): the step ran over "
                                         r"its budget.*"
                                         r"\(program before-turn:pistol\)"):
        play_random(rules, 5, 1)


def test_a_runaway_setup_program_is_a_rules_error(tmp_path):
    """Setup programs run under the same budget."""
    path = tmp_path / "setup.yaml"
    path.write_text("id: setup\nextends: standard\nname: S\ndescription: A test.\n"
                    "changes:\n  setup:\n    treasure_program: |\n"
                    "      repeat 10000000 { cite() }\n",
                    encoding="utf-8")
    with pytest.raises(RulesError,
                       match="setup.yaml:8:7: repeat 10000000: the step ran over its budget"):
        new_game(load_ruleset(str(path)), 5, 1)


def test_the_budget_is_generous_and_stated():
    """The budget is far above what a real step needs, and docs/dsl.md states it."""
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "dsl.md").read_text(encoding="utf-8")
    assert f"{MAX_INSTRUCTIONS:,} instructions" in text and f"{MAX_EVENTS:,} events" in text


def house_actions(tmp_path, actions: str):
    """A variant of standard with these ``changes.actions`` (YAML, indented 4)."""
    path = tmp_path / "acts.yaml"
    path.write_text("id: acts\nextends: standard\nname: A\ndescription: A test.\nchanges:\n"
                    "  actions:\n" + textwrap.indent(textwrap.dedent(actions), "    "),
                    encoding="utf-8")
    return load_ruleset(str(path))


def test_a_failing_precondition_is_a_rules_error_located_at_the_action(tmp_path):
    """Listing the legal actions evaluates preconditions: their failure is located too."""
    rules = house_actions(tmp_path, """\
        view:
          requires:
            - {test: 1 // (count(players()) - count(players())) == 0, clause: action.view}
        """)
    with pytest.raises(RulesError) as exc:
        legal_actions(position(rules))
    assert "acts.yaml:9:18: division by zero (the parameters or preconditions of action view)" \
        in str(exc.value)


def test_an_action_with_too_many_options_is_refused(tmp_path):
    """Parameters whose combinations exceed the options bound stop with a RulesError."""
    numbers = "[" + ", ".join(str(i) for i in range(200)) + "]"
    rules = house_actions(tmp_path, f"""\
        count:
          clause: action.view
          text: counts {{a}} {{b}}
          role: anyone
          params: {{a: "{numbers}", b: "{numbers}"}}
          effect: cite()
        """)
    with pytest.raises(RulesError, match="count would have more than 10,000 options"):
        legal_actions(position(rules))


#: A card effect that logs 20,000 events in one step (a tagged statement logs one each
#: time it runs), within the instruction budget: only the event budget stops it.
LOUD_CARD = "repeat 20000 {\n  @card.pistol.maroon  cite()\n}"


def _every_path(state, action) -> dict:
    """The error (its text) each way of taking ``action`` from ``state`` gives: the public
    API with and without a log, and rollouts on the reference engine and on the default
    one (the native engine where it is built), with and without a log; ``state`` is
    checked unchanged after each."""
    from tortuga_rules import Rollout
    before = state.to_json()
    steps = {
        "apply_action": lambda: apply_action(state, action),
        "apply_action, record=False": lambda: apply_action(state, action, record=False),
    }
    for engine in ("python", None):
        for record in (True, False):
            def roll(engine=engine, record=record):
                Rollout(state, engine=engine, record=record).apply(action)
            steps[f"Rollout(engine={engine}, record={record})"] = roll
    return refusals(state, before, steps)


def test_a_step_logging_too_many_events_is_refused_alike_on_every_path(tmp_path):
    """A house rule logging 20,000 events in one step is over the event budget whether or
    not the log is kept: the public API with and without a log and rollouts on either
    engine refuse it with the same located error, and the state is unchanged."""
    s, _ = reveal_pistol(house_rules(tmp_path, "pistol", LOUD_CARD))
    errors = _every_path(s, Action("reveal", (("slot", 1),)))
    want = (f"{tmp_path / 'house.yaml'}:9:9: repeat 20000: the step ran over its budget (100,000 "
            f"instructions, 10,000 logged events)")
    assert all(text.startswith(want) for text in errors.values()), errors
    assert len(set(errors.values())) == 1, errors


def test_a_kit_game_step_logging_too_many_events_is_refused_alike_on_every_path(tmp_path):
    """The same in a game written with the component kit: announcements said 20,000 times
    in one step."""
    rules = dice_house(tmp_path, """\
        choose c from [1, 2] by 0
        repeat 20000 { say("v", c) }
        choose d from [1, 2] by 0
        """)
    s = new_game(rules, 3, 1)
    errors = _every_path(s, legal_actions(s)[0])
    assert all("the step ran over its budget" in text for text in errors.values()), errors
    assert len(set(errors.values())) == 1, errors


def test_a_play_program_that_ends_without_finishing_is_refused_on_every_path(tmp_path):
    """A kit game's play program that ends with no decision pending and no ``finish``
    would leave a position nobody can play on: the step is refused on every path, located
    at the program's last statement, in the rules' words; the state is unchanged."""
    rules = dice_house(tmp_path, """\
        choose c from [1, 2] by 0
        say("v", c)
        """)
    s = new_game(rules, 3, 1)
    errors = _every_path(s, legal_actions(s)[0])
    want = (f"{tmp_path / 'house.yaml'}:9:5: the program play ended without a decision or "
            "finish: the game cannot go on (program play); the step was not taken")
    assert set(errors.values()) == {want}, errors


def test_a_setup_that_leaves_nothing_to_play_is_refused(tmp_path):
    """A play program that ends without a decision or finish at the very start: new_game
    refuses, located; so does every engine (the reference here)."""
    rules = dice_house(tmp_path, 'say("v", 1)\nsay("v", 2)')
    with pytest.raises(RulesError) as exc:
        new_game(rules, 3, 1)
    assert str(exc.value) == (f"{tmp_path / 'house.yaml'}:9:5: the program play ended "
                              "without a decision or finish: the game cannot go on "
                              "(program play); the step was not taken")
    assert exc.value.program == "play"


def test_choosing_from_nothing_is_refused_in_the_rules_words_on_every_path(tmp_path):
    """A choose without 'else' among no options fails at the choose, quoting it, alike on
    every engine and path, and changes nothing."""
    rules = dice_house(tmp_path, """\
        choose c from [1, 2] by 0
        choose d from without([c], c) by 0
        say("v", d)
        """)
    s = new_game(rules, 3, 1)
    errors = _every_path(s, legal_actions(s)[0])
    want = (f"{tmp_path / 'house.yaml'}:9:5: choose d from without([c], c) by 0: there is "
            "nothing to choose from (program play); the step was not taken")
    assert set(errors.values()) == {want}, errors


def test_a_card_choosing_a_hold_from_an_empty_list_is_refused_at_the_choose(tmp_path):
    """The issue's customs inspection: a hold chosen from nonempty(holds(ship)) once the
    holds are empty is refused at the choose, in the rules' words, not at the next verb."""
    s, reveal = reveal_pistol(house_rules(tmp_path, "pistol", """\
        for ship in [flying_dutchman, jolly_roger] {
          repeat 20 {
            choose hold from nonempty(holds(ship))
            @card.pistol.maroon  move_chest(hold, galleon)
          }
        }"""))
    before = s.to_json()
    with pytest.raises(RulesError) as exc:
        reveal()
    assert str(exc.value).startswith(
        f"{tmp_path / 'house.yaml'}:11:13: choose hold from nonempty(holds(ship)): there is "
        "nothing to choose from (program card:pistol)")
    assert s.to_json() == before


def test_a_failure_cites_its_own_statements_clause_whatever_ran_before(tmp_path):
    """The clause a run-time failure cites is the failing statement's own tag (none here),
    not the last clause that happened to run before it: the first ship's chests moved
    under card.pistol.maroon, and the choose that then fails is untagged."""
    s, reveal = reveal_pistol(house_rules(tmp_path, "pistol", """\
        @card.pistol.maroon  move_chest(first(holds(flying_dutchman)), galleon)
        choose hold from []
        """))
    with pytest.raises(RulesError) as exc:
        reveal()
    assert "(program card:pistol)" in str(exc.value), str(exc.value)


def test_a_choose_with_else_runs_the_else_block_when_there_is_nothing_to_choose(tmp_path):
    """'choose ... else { ... }' runs its block instead of failing, alike on every engine
    and path, and binds what the block binds."""
    from tortuga_rules import Rollout
    rules = dice_house(tmp_path, """\
        choose c from [1, 2] by 0
        choose d from without([c], c) by 0 else { d = 7 }
        say("v", d)
        choose e from [1, 2] by 0
        """)
    s = new_game(rules, 3, 1)
    action = legal_actions(s)[0]
    told = [apply_action(s, action).events[-1], apply_action(s, action, record=False).events]
    for engine in ("python", None):
        roll = Rollout(s, engine=engine, record=True)
        roll.apply(action)
        told.append(roll.state().events[-1])
    assert told[0] == (None, "said", -1, "v", (7,))
    assert told[2:] == [told[0]] * 2


def test_else_after_secretly_always_is_a_load_error(tmp_path):
    """'secretly always' asks even among no options, so an 'else' after it is refused at
    load, located."""
    from tortuga_rules.errors import DataError
    with pytest.raises(DataError, match="'secretly always' asks even when there is nothing"):
        dice_house(tmp_path, 'choose c from [1] by 0 secretly always else { c = 1 }')


@pytest.mark.parametrize("statement, words", [
    ("x = first([])", "first of an empty list: it has no first item"),
    ("x = [1, 2][5]", "position 5 is outside a list of 2 items"),
    ("x = 1 % 0", "remainder of a division by zero"),
    ("x = 999999999999 * 999999", "a number beyond ±1,000,000,000,000"),
    ("choose d from [] by 0", "there is nothing to choose from"),
    ("choose d from [1, 2] by 7", "who chooses ('by') must be a seat of this game, not 7"),
    ("choose d from [1, 2] by count([]) - 1",
     "who chooses ('by') must be a seat of this game, not -1"),
    ('x = [1, "a"][1] + 1', "expected a number, got 'a'"),
])
def test_a_failing_statement_is_quoted_with_its_words_alike_on_every_path(tmp_path, statement,
                                                                          words):
    """Each way a kit program fails as it runs is the same located RulesError - the
    statement as written, then what is wrong - through the API and rollouts on every
    engine, and changes nothing."""
    rules = dice_house(tmp_path, f"choose c from [1, 2] by 0\n{statement}\n"
                                 "choose e from [1, 2] by 0")
    s = new_game(rules, 3, 1)
    errors = _every_path(s, legal_actions(s)[0])
    want = (f"{tmp_path / 'house.yaml'}:9:5: {statement}: {words} (program play); "
            "the step was not taken")
    assert set(errors.values()) == {want}, errors
