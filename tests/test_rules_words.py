"""A house rule that fails as it runs says so in the rules' own words, in both games: never
a Python exception (``IndexError: tuple index out of range``), always located at the
statement with its program and clause. Every word of each game's vocabulary is given
hostile values; a failure no word foresees is worded as the engine's own error."""

import itertools
import random
import re
import textwrap

import attrs
import pytest

from tortuga_rules import RulesError, apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.dsl.compiler import Scope, compile_program
from tortuga_rules.dsl.machine import INTERNAL_TEXT, Machine
from tortuga_rules.dsl.syntax import parse_program
from tortuga_rules.dsl.types import INT, SEAT, TEXT
from tortuga_rules.errors import DataError
from tortuga_rules.game import native
from tortuga_rules.model.actions import Action

from helpers import dice_house, house_rules, position, refusals, reveal_pistol

STANDARD = load_ruleset("standard")
DICE = load_ruleset("tortuga-dice")

#: What a message in Python's words looks like (an exception's name, or its phrasing).
PYTHON = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b|object is not|index out of range|"
                    r"unhashable|not subscriptable|not iterable|unsupported operand|NoneType|"
                    r"positional argument|not supported between")

#: Hostile values a house rule may compute: seats past the players, negative ones, empty
#: lists, none, texts where dice or zones are wanted, huge numbers.
HOSTILE = ["-1", "7", "1000000000000", "[]", "[7]", "none", '""', '"x"', '["A", 9]',
           "[[1]]", "true"]


def _state(rules, players, steps=12, seed=1):
    rnd = random.Random(seed)
    s = new_game(rules, players, seed)
    while s.step < steps:
        s = apply_action(s, rnd.choice(legal_actions(s)))
    return s


def _run(rules, state, text: str, names: dict, env: dict) -> str | None:
    """The message of ``text`` run as a card's program at ``state`` (None: it ran, or it does
    not load)."""
    try:
        program = compile_program("card:pistol", parse_program(text, "house.yaml"),
                                  Scope(names, chooser="revealer" if names else None,
                                        vocabulary=rules.vocabulary))
    except DataError:
        return None
    m = Machine(rules, state._plain())
    m.push(program, dict(env))
    try:
        m.run()
    except RulesError as exc:
        return str(exc)
    return None


GAMES = {
    "tortuga-1667": (STANDARD, 4, {"revealer": SEAT, "slot": INT, "card": TEXT},
                     {"revealer": 0, "slot": 1, "card": "pistol"}),
    "tortuga-dice": (DICE, 3, {}, {}),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_word_given_hostile_values_fails_in_the_rules_words(game):
    """Each verb and function of the game, called with hostile values (up to 2 arguments:
    every combination; more: a sample), either runs or stops with a located RulesError that
    names no Python exception and says no Python phrase."""
    rules, players, names, env = GAMES[game]
    state = _state(rules, players)
    vocabulary = rules.vocabulary
    rnd = random.Random(0)
    words = [(w, True) for w in vocabulary.verbs.values() if not w.setup_only]
    words += [(w, False) for w in vocabulary.functions.values()]
    failures = []
    for word, is_verb in words:
        k = len(word.params) + word.variadic
        combos = (list(itertools.product(HOSTILE, repeat=k)) if k <= 2
                  else [tuple(rnd.choice(HOSTILE) for _ in range(k)) for _ in range(150)])
        for args in combos:
            call = f"{word.name}({', '.join(args)})"
            message = _run(rules, state, call if is_verb else f"x = {call}", names, env)
            if message is None:
                continue
            assert message.startswith("house.yaml:1:") and "(program card:pistol" in message
            if PYTHON.search(message) or INTERNAL_TEXT in message:
                failures.append(f"{call}: {message}")
    assert not failures, "\n".join(failures[:20])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_operators_and_statements_on_values_of_any_type_fail_in_the_rules_words(game):
    """Values whose type loading cannot know (``first([v, "x"])``) reach every operator,
    loop and choice: a mismatch is said in the rules' words."""
    rules, players, names, env = GAMES[game]
    state = _state(rules, players)
    statements = [f"x = a {op} b" for op in
                  ("+", "-", "*", "//", "%", "<", "<=", ">", ">=", "in", "==")]
    statements += ["x = -a", "x = a[b]", "repeat a { x = 1 }", "for i in a { x = i }",
                   "choose x from a by 0", "x = a + [b]", "x = count(a)"]
    values = ["-1", "3", "[]", "[1, 2]", '"ab"', "none", "true", '["a", 1]']
    failures = []
    for st in statements:
        for va, vb in itertools.product(values, repeat=2):
            text = f'a = first([{va}, "zz"])\nb = first([{vb}, "zz"])\n{st}'
            message = _run(rules, state, text, names, env)
            if message is not None and (PYTHON.search(message) or INTERNAL_TEXT in message):
                failures.append(f"{st} with {va}, {vb}: {message}")
    assert not failures, "\n".join(failures[:20])


def _reveal_pistol(rules) -> str:
    """The error revealing the Pistol gives under ``rules`` (the state unchanged)."""
    s, reveal = reveal_pistol(rules)
    return refusals(s, s.to_json(), {"reveal": reveal})["reveal"]


@pytest.mark.parametrize("effect, message", [
    ("@card.pistol.maroon  maroon(first(rest([revealer])))",
     "house.yaml:9:30: maroon(first(rest([revealer]))): first of an empty list: it has no "
     "first item (program card:pistol, clause card.pistol.maroon); the step was not taken"),
    ("x = second([revealer])", "second of a list of 1 item: it has no second item"),
    ("x = last(rest([revealer]))", "last of an empty list: it has no last item"),
    ("x = hand(revealer + 7)", "hand's argument 'seat' must be a seat of this game, not 7"),
    ("x = location(revealer - revealer - 1)",
     "location's argument 'seat' must be a seat of this game, not -1"),
    ('vote("mut" + "ini", revealer)', "no vote named 'mutini' (the votes: attack, brawl, mutiny)"),
    ("reveal(slot, revealer)", "row slot 1 holds no card to reveal"),
    ("choose who from rest([revealer])\nmaroon(who)",
     "house.yaml:9:9: choose who from rest([revealer]): there is nothing to choose from"),
    ('x = first([1, "a"]) < "b"', """'<' orders two numbers or two texts, not 1 and "b\""""),
    ('x = 1 in first([none, [1]])', "the right side of 'in' must be a list, not none"),
    ('choose x from first([3, "a"])', "the options of 'choose' must be a list of this game, not 3"),
    ('repeat first(["a", 1]) { cite() }', "the count of 'repeat' must be a number of this game"),
])
def test_a_1667_house_rule_failure_is_said_in_the_rules_words(tmp_path, effect, message):
    """Each failure is located at its statement, names its program, and reads as the rules
    speak (the state is unchanged)."""
    text = _reveal_pistol(house_rules(tmp_path, "pistol", effect))
    assert message in text and not PYTHON.search(text)


@pytest.mark.parametrize("setup, message", [
    ('x = track(count(players()) + 4, "fleet")',
     "dice.yaml:8:5: x = track(count(players()) + 4, \"fleet\"): track's argument 'seat' must "
     "be a seat of this game, not 7"),
    ('x = side(first(["x", 1]))', "'x' is not a die of this game (a die is a [letter, face] pair"),
    ('x = pips(first([["A", 9], 1]))', "('A', 9) is not a die of this game"),
    ('move_last(0, "fleet", 0, "crew")', "zone fleet of seat 0 is empty: it has no token to move"),
    ('finish(first([["a", "b"], 1]), "dice.score.winner")',
     "finish takes a number for each seat, not"),
    ("x = between(0, 999999999999)", "would be a list of more than 256 items"),
    ("x = ranked(players(), [1], 0)", "ranked's totals must be a number for each of the 3 seats"),
    ('x = total(first([["a"], 1]))', "total takes a list of numbers"),
    ('hold(0, ["nonsense", "ZZ"])', 'seat 0 may hold [side, letters] or none, not ["nonsense", "ZZ"]'),
    ('set_counter("target", 99)', "counter target takes -1..2 in this 3-player game, not 99"),
])
def test_a_dice_house_rule_failure_is_said_in_the_rules_words(tmp_path, setup, message):
    """The kit's words check their values (a seat, a die, a zone with a token) and say what
    is wrong in the rules' terms, located at the statement."""
    with pytest.raises(RulesError) as exc:
        new_game(dice_house(tmp_path, setup, "dice.yaml", "setup"), 3, 1)
    text = str(exc.value)
    assert text.startswith(f"{tmp_path / 'dice.yaml'}:8:") and "(program setup" in text
    assert message in text and not PYTHON.search(text)


def test_a_complete_set_count_with_a_huge_wild_number_is_quick():
    """complete_sets counts by halving, not one set at a time: 10**12 wild tokens answer at
    once."""
    word = DICE.vocabulary.functions["complete_sets"]
    assert word.fn(None, (1, 2, 3), 10**12) == 333_333_333_335


def _broken(monkeypatch, name: str, error: Exception):
    """The 1667 vocabulary's function ``name`` made to raise ``error`` (for rules loaded
    while the patch holds; no bundled rule uses it)."""
    table = STANDARD.vocabulary.functions
    word = table[name]

    def broken(m, *args):
        raise error
    monkeypatch.setitem(table, name, attrs.evolve(word, fn=broken))


def test_a_failure_no_word_foresees_is_worded_as_the_engine_s_own(tmp_path, monkeypatch):
    """A word that fails with another exception than its rules' ValueError stops the step
    naming the program and the clause, without Python's words."""
    _broken(monkeypatch, "reversed", KeyError("boom"))
    rules = house_rules(tmp_path, "pistol", "@card.pistol.maroon  x = reversed(players())")
    text = _reveal_pistol(rules)
    assert INTERNAL_TEXT in text and "KeyError" not in text and "boom" not in text
    assert "(program card:pistol, clause card.pistol.maroon)" in text


def test_a_precondition_failing_unforeseen_is_worded_as_the_engine_s_own(tmp_path, monkeypatch):
    """The same for a turn action's precondition, located at the action."""
    _broken(monkeypatch, "reversed", IndexError("boom"))
    path = tmp_path / "acts.yaml"
    path.write_text("id: acts\nextends: standard\nname: A\ndescription: A test.\nchanges:\n"
                    "  actions:\n    view:\n      requires:\n"
                    "        - {test: count(reversed(players())) > 0, clause: action.view}\n",
                    encoding="utf-8")
    rules = load_ruleset(str(path))
    with pytest.raises(RulesError) as exc:
        legal_actions(position(rules))
    text = str(exc.value)
    assert text.startswith(f"{path}:9:18: {INTERNAL_TEXT}") and "IndexError" not in text
    assert "(the parameters or preconditions of action view)" in text


def test_a_native_failure_of_another_kind_is_worded_as_the_engine_s_own():
    """The native engine reports what the reference would raise as another exception than a
    ValueError (``IndexError: ...``); the bridge words it as the engine's own error."""
    class Failure(Exception):
        pass
    error = native.failure(STANDARD, Failure("builtin:finish-action", 0,
                                             "IndexError: tuple index out of range", "other",
                                             None))
    assert INTERNAL_TEXT in str(error) and "IndexError" not in str(error)
