"""DSL programs compiled to Python source run exactly as their instructions say.

A program is one generated function over its basic blocks (``dsl/codegen.py``); these
tests run small programs through the machine and check what they do, that rules-file
text reaches the generated source only as data, and that a paused program resumes at
the instruction its frame records.
"""

import random

import pytest

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.dsl.compiler import Scope, compile_expression, compile_program
from tortuga_rules.games.tortuga1667.vocabulary import VOCABULARY
from tortuga_rules.dsl.machine import CALL, CHOOSE, Machine
from tortuga_rules.dsl.syntax import parse_expression, parse_program
from tortuga_rules.dsl.types import SEAT
from tortuga_rules.errors import RulesError


@pytest.fixture(scope="module")
def state():
    return new_game(load_ruleset("standard"), 4, 1)


def _run(state, text: str, **env):
    """The fields after running program ``text`` (seats bound as ``env``) from ``state``."""
    program = compile_program("test", parse_program(text), Scope(dict.fromkeys(env, SEAT),
                                                                   vocabulary=VOCABULARY))
    m = Machine.for_step(state)
    m.push(program, dict(env))
    m.run()
    return m.f


def test_loops_and_branches_run_as_written(state):
    """``repeat`` runs its body the given number of times; ``if``/``elif``/``else`` pick one."""
    f = _run(state, """
        repeat 3 { mark([who], "a") }
        if count(players()) > 9 {
            mark([who], "never")
        } elif count(players()) == 4 {
            mark([who], "four")
        } else {
            mark([who], "other")
        }
        n = 2
        repeat n + 1 { if n > 0 { mark([who], "b") } }
    """, who=1)
    assert f["marks"][1] == ("a", "a", "a", "four", "b", "b", "b")


@pytest.mark.parametrize("text", [
    "'); import os; os._exit(3); ('",
    r"''' \n \\ {env} %s \x00 '",
    r"\'; raise SystemExit #",
])
def test_rules_text_reaches_the_generated_code_only_as_data(state, text):
    """A string literal that looks like Python stays the very same string."""
    literal = f'"{text}"'  # a DSL string: any characters but a double quote or a newline
    f = _run(state, f"mark([who], {literal})", who=0)
    assert f["marks"][0] == (text,)
    fn, _, _ = compile_expression(parse_expression(literal), set(), vocabulary=VOCABULARY)
    assert fn(Machine.for_query(state, {})) == text


def test_and_or_give_the_deciding_value_and_three_way_ones_a_truth_value(state):
    """As before compilation: ``a or b`` is a value; ``a or b or c`` is true or false."""
    m = Machine.for_query(state, {})
    value = lambda text: compile_expression(parse_expression(text), set(),
                                                  vocabulary=VOCABULARY)[0](m)  # noqa: E731
    assert value("0 or 7") == 7 and value("3 and 0") == 0
    assert value("0 or 0 or 7") is True and value("1 and 2 and 0") is False


def test_a_failing_statement_is_located_and_the_loop_budget_holds(state):
    """A run-time failure names the statement's line; an endless loop stops on its budget."""
    with pytest.raises(RulesError, match=r"<dsl>:2:\d+: .*division by zero"):
        _run(state, "mark([who], \"x\")\nn = 1 // 0", who=0)
    with pytest.raises(RulesError, match="ran over its budget"):
        _run(state, "repeat 1000000 { repeat 1000000 { cite() } }", who=0)


def test_a_paused_choice_resumes_at_the_instruction_its_frame_records():
    """Mid-card states keep their instruction numbers: a frame pauses at its ``choose``."""
    rules = load_ruleset("standard")
    seen = 0
    for seed in range(40):
        rnd = random.Random(seed)
        s = new_game(rules, 4, seed)
        while not s.is_terminal:
            for fr in s.frames:
                code = rules.programs[fr.program].code
                assert code[fr.pc][0] == CHOOSE or code[fr.pc - 1][0] == CALL
                seen += 1
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
    assert seen > 100
