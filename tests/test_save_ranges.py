"""Every number a saved game carries is held to its range, on both games: a value out of
range is a SaveGameError naming the field's path, the value and the range, and changes
nothing. The dice game's data declares its counters' ranges and what a seat may hold in
secret; the same declarations stop a house rule that breaks them as it runs."""

import copy
import json
import re
import random
import textwrap

import pytest

from tortuga_rules import (GameState, RulesError, SaveGameError, apply_action, legal_actions,
                           load_ruleset, new_game)
from tortuga_rules.errors import DataError
from tortuga_rules.game.invariants import problems
from tortuga_rules.model.fields import numbers_of, state_fields
from tortuga_rules.model.games import game_ids, game_kind

STANDARD = load_ruleset("standard")
DICE = load_ruleset("tortuga-dice")
BIG = 2**63


def _played(rules, players, steps=12, seed=1, kind=None):
    """A real state of ``rules`` after about ``steps`` random steps (waiting for ``kind``)."""
    rnd = random.Random(seed)
    s = new_game(rules, players, seed)
    while not s.is_terminal and (s.step < steps or (kind and s.decision.kind != kind)):
        s = apply_action(s, rnd.choice(legal_actions(s)))
    assert not s.is_terminal
    return s


GAMES = {"standard": (STANDARD, 4), "tortuga-dice": (DICE, 3)}


def _refused(rules, state, edit) -> str:
    """The message a save of ``state`` edited by ``edit`` is refused with; the data loaded
    is left as it was."""
    data = json.loads(state.to_json())
    edit(data)
    before = copy.deepcopy(data)
    with pytest.raises(SaveGameError) as exc:
        GameState.from_data(data, rules)
    assert data == before
    return str(exc.value).replace("\n", " | ")


def _numbers(value):
    if type(value) is int:
        yield value
    elif isinstance(value, tuple):
        for v in value:
            yield from _numbers(v)


def test_every_field_holding_a_number_declares_how_big_it_may_be():
    """Each game's state fields: a field that holds a whole number in some real position
    says its range (a range, seats, a count or a check of its own), so a field added without
    one fails here."""
    for game in game_ids():
        kind = game_kind(game)
        rules = STANDARD if game == "tortuga-1667" else DICE
        players = 4 if game == "tortuga-1667" else 3
        states = [_played(rules, players, steps=k, seed=k) for k in (0, 5, 20, 40)]
        for f in state_fields(kind.state):
            if any(any(True for _ in _numbers(getattr(s, f.name))) for s in states):
                assert numbers_of(f) is not None, f"{game}: {f.name} declares no range"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_step_number_past_any_game_is_refused_naming_step_and_range(game):
    """step = 2**63 names the field, the value and the range (both games)."""
    rules, n = GAMES[game]
    message = _refused(rules, _played(rules, n), lambda d: d.update(step=BIG))
    assert f"step: {BIG} is out of range (0..1000000000000)" in message


def test_a_turn_number_past_any_game_is_refused():
    """Tortuga 1667's turn number is a count like the step."""
    message = _refused(STANDARD, _played(STANDARD, 4), lambda d: d.update(turn_number=BIG))
    assert f"turn_number: {BIG} is out of range (0..1000000000000)" in message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_decision_for_a_seat_that_does_not_play_is_refused(game):
    """The decision's seat is a seat of the game (both games)."""
    rules, n = GAMES[game]
    message = _refused(rules, _played(rules, n), lambda d: d["decision"].update(seat=n))
    assert f"decision/seat: {n} is not a seat of this {n}-player game (0..{n - 1})" in message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_logged_event_about_a_seat_that_does_not_play_is_refused(game):
    """An event's seat fields, as the game's catalogue types them, are seats of the game."""
    rules, n = GAMES[game]
    state = _played(rules, n)
    message = _refused(rules, state, lambda d: d["events"].append([None, "timeout", -1, 77]))
    assert f"events/{len(state.events)}/seat: 77 is not a seat of this {n}-player game" in message


def test_an_event_field_of_the_game_s_own_type_must_be_one():
    """A 1667 event's card field holds a card name, not a number."""
    state = _played(STANDARD, 4)
    message = _refused(STANDARD, state,
                       lambda d: d["events"].append(["x", "discard", 1, 77]))
    assert f"events/{len(state.events)}/card: 77 is not a card of this game" in message


def test_a_paused_program_s_value_past_the_numbers_of_the_rules_is_refused():
    """A value a program could never hold (a number beyond ±10**12) in a paused frame."""
    state = _played(DICE, 3, kind="choose")
    message = _refused(DICE, state, lambda d: d["frames"][0]["env"].append(["rolls", BIG]))
    assert f"frames/0/rolls: {BIG} is out of range (-1000000000000..1000000000000)" in message


def test_a_kit_game_s_paused_programs_are_checked_like_1667_s():
    """A dice save's frames rest on its play program and stand where programs pause."""
    state = _played(DICE, 3, kind="choose")
    assert "impossible position 1000000" in _refused(
        DICE, state, lambda d: d["frames"][0].update(pc=1_000_000))
    assert "the paused programs rest on 'nope', not on 'play'" in _refused(
        DICE, state, lambda d: d["frames"][0].update(program="nope"))


@pytest.mark.parametrize("name, value, message", [
    ("target", 99, "counters/target: 99 is out of range (-1..2)"),
    ("target", -2, "counters/target: -2 is out of range (-1..2)"),
    ("start", 3, "counters/start: 3 is out of range (0..2)"),
    ("round", -1, "counters/round: -1 is out of range (0..1000000000000)"),
    ("round", BIG, f"counters/round: {BIG} is out of range (0..1000000000000)"),
])
def test_a_dice_counter_outside_its_declared_range_is_refused(name, value, message):
    """Each counter holds what its data declares: target a seat or -1, start a seat, round
    a count."""
    names = [n for n, _ in DICE.tables["kit"].counters]
    edit = lambda d: d["counters"].__setitem__(names.index(name), value)  # noqa: E731
    assert message in _refused(DICE, _played(DICE, 3), edit)


def test_a_dice_counter_anywhere_in_its_range_is_accepted():
    """target -1 (nobody) and every seat load."""
    state = _played(DICE, 3)
    i = [n for n, _ in DICE.tables["kit"].counters].index("target")
    for value in (-1, 0, 2):
        data = json.loads(state.to_json())
        data["counters"][i] = value
        assert GameState.from_data(data, DICE).counters[i] == value


@pytest.mark.parametrize("field, value, message", [
    ("held", [["nonsense", "ZZ"]],
     'held/0/0: ["nonsense", "ZZ"] is not a pick of this game ([side, letters] or none)'),
    ("held", [["raid", "AZ"]], 'held/0/0: ["raid", "AZ"] is not a pick of this game'),
    ("held", [["raid", "AA"]], 'held/0/0: ["raid", "AA"] is not a pick of this game'),
    ("held", [5], "held/0/0: 5 is not a pick of this game"),
    ("held", 5, "held/0: 5 is no secret pick (null, or [the pick])"),
    ("held", [], "held/0: [] is no secret pick"),
    ("shown", ["raid", 7], 'shown/0: ["raid", 7] is not a pick of this game'),
])
def test_a_held_or_shown_pick_of_no_declared_shape_is_refused(field, value, message):
    """A secret pick is one of the shapes the rules declare: a side with dice letters, or
    none."""
    edit = lambda d: d[field].__setitem__(0, value)  # noqa: E731
    assert message in _refused(DICE, _played(DICE, 3), edit)


def test_a_held_pick_of_a_declared_shape_loads():
    """["raid", "AC"] and none are picks of the dice game."""
    for pick in (["raid", "AC"], None):
        data = json.loads(_played(DICE, 3).to_json())
        data["held"][0] = [pick]
        assert problems(GameState._decode_fields(data, DICE)) == []


def _house(tmp_path, changes: str, name="house"):
    text = (f"id: {name}\ngame: tortuga-dice\nextends: tortuga-dice\nname: House\n"
            f"description: A test.\nchanges:\n" + textwrap.indent(textwrap.dedent(changes), "  "))
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_set_counter_outside_the_counter_s_range_stops_the_step_at_the_statement(tmp_path):
    """A house rule setting target to 99 is a RulesError in the rules' words, located."""
    rules = load_ruleset(_house(tmp_path, """\
        setup: |
          @dice.setup.first_player  set_counter("target", 99)
        """))
    with pytest.raises(RulesError, match=r"house.yaml:8:31: set_counter\(\"target\", 99\): counter target takes -1..2 in this "
                                         r"3-player game, not 99 \(program setup"):
        new_game(rules, 3, 1)
    new_game(load_ruleset(_house(tmp_path, """\
        setup: |
          @dice.setup.first_player  set_counter("target", 2)
        """, "fine")), 3, 1)


def test_hold_of_a_value_of_no_declared_shape_stops_the_step(tmp_path):
    """A house rule holding a nonsense pick is a RulesError naming the declared shapes."""
    rules = load_ruleset(_house(tmp_path, """\
        setup: |
          @dice.setup.first_player  hold(0, ["nonsense", "ZZ"])
        """))
    with pytest.raises(RulesError, match=r'house.yaml:8:31: hold\(0, \["nonsense", "ZZ"\]\): seat 0 may hold \[side, letters\] '
                                         r'or none, not \["nonsense", "ZZ"\]'):
        new_game(rules, 3, 1)


def test_a_counter_that_starts_outside_its_range_is_a_located_load_error(tmp_path):
    """The start is checked against the range, with the fewest players for last-seat; a max
    below the min is named at the max."""
    with pytest.raises(DataError, match=r"house.yaml:9:23: counter target starts at 5, "
                                        r"outside -1..last-seat \(2 with 3 players\)"):
        load_ruleset(_house(tmp_path, """\
            components:
              counters:
                target: {start: 5}
            """))
    with pytest.raises(DataError, match=r"house2.yaml:9:20: counter start goes from 0 to -3: "
                                        r"its max is below its min"):
        load_ruleset(_house(tmp_path, """\
            components:
              counters:
                start: {max: -3}
            """, "house2"))


def test_a_counter_written_as_a_plain_number_takes_any_number_of_the_rules(tmp_path):
    """``round: 7`` is its start, and its range is every number a program computes with."""
    rules = load_ruleset(_house(tmp_path, """\
        components:
          counters:
            round: 7
        """))
    kit = rules.tables["kit"]
    assert dict(kit.counters)["round"] == 7
    assert kit.counter_range("round", 3) == (-10**12, 10**12)


def test_a_dice_scenario_naming_a_counter_outside_its_range_is_located(tmp_path):
    """A scenario position's counters are held to the same ranges."""
    from tortuga_rules.lawyer.scenario import load_scenarios
    from tortuga_rules.lawyer.runner import run_scenario
    path = tmp_path / "s.yaml"
    path.write_text("ruleset: tortuga-dice\ntitle: x\nplayers: 3\nposition:\n"
                    "  counters: {start: 5}\nsteps: []\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"s.yaml:5:\d+: counter start takes 0..2 in a "
                                        r"3-player game, not 5"):
        for sc in load_scenarios(path):
            run_scenario(sc)


PYTHON = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b|unhashable|NoneType|object is not")


def test_a_dice_zone_holding_a_mapping_is_refused_as_a_token_or_a_die():
    """A zone's entries are tokens (texts) or dice ([letter, face]): the schema says so,
    instead of a Python error from counting them."""
    message = _refused(DICE, _played(DICE, 3), lambda d: d["zones"][0].append({"a": 1}))
    assert message.startswith("not a valid saved game: | zones/0/") and not PYTHON.search(message)


def test_paused_programs_failing_on_the_values_a_save_gives_them_say_so_in_the_rules_words():
    """A Letter of Marque paused with no targets (a save's forgery) cannot finish; the
    statement that fails says why, as the rules speak."""
    rnd = random.Random(0)
    s = new_game(STANDARD, 4, 0)
    while not (len(s.frames) >= 3 and s.frames[2].program == "card:letter-of-marque"):
        s = apply_action(s, rnd.choice(legal_actions(s)))

    def no_targets(d):
        d["frames"][2]["env"] = [[k, [] if k == "targets" else v] for k, v in d["frames"][2]["env"]]
    message = _refused(STANDARD, s, no_targets)
    assert "what is under way cannot finish" in message
    assert "choose who from targets: there is nothing to choose from" in message
    assert not PYTHON.search(message)


def test_a_save_the_checks_do_not_foresee_is_refused_without_python_words(monkeypatch):
    """Should a game's checks themselves fail on a save, it is refused saying so, never with
    the exception's name."""
    from tortuga_rules.game.kit import loop as kit

    def broken(*args):
        raise KeyError("boom")
    monkeypatch.setattr(kit, "_picks", broken)
    message = _refused(DICE, _played(DICE, 3), lambda d: None)
    assert "not a valid saved game: its fields do not make a position of Tortuga (dice game)" \
        in message and not PYTHON.search(message) and "boom" not in message
