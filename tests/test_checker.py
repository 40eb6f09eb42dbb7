"""The checker's warnings: what a program may do wrong while it runs, told before play.

A ``choose`` that may have nothing to choose from (and no ``else``), and a name the program
may have bound to none given to a verb that needs a value, are warnings on the compiled
program (``Program.warnings``) and the ruleset (``Ruleset.warnings``); no bundled or
documented rules file has one.
"""

from pathlib import Path

import pytest
import yaml

from tortuga_rules import bundled_rulesets, load_ruleset
from tortuga_rules.dsl.compiler import (Scope, compile_program, expression_text,
                                        statement_text)
from tortuga_rules.dsl.syntax import parse_expression, parse_program
from tortuga_rules.dsl.types import SEAT, TEXT
from tortuga_rules.errors import Position, Severity
from tortuga_rules.games.tortuga1667.types import SLOT
from tortuga_rules.games.tortuga1667.vocabulary import VOCABULARY

from helpers import house_rules

SCOPE = Scope({"revealer": SEAT, "slot": SLOT, "card": TEXT}, chooser="revealer",
              vocabulary=VOCABULARY)
EXAMPLES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "docs" / "examples")
                  .glob("*/*.yaml")
                  if {"extends", "components"} & set(yaml.safe_load(p.read_text(encoding="utf-8"))))


def warnings(text: str, scope=SCOPE) -> list:
    program = compile_program("test", parse_program(text, "x.yaml", Position(10, 5, "|")), scope)
    assert all(w.severity is Severity.WARNING for w in program.warnings)
    return [str(w) for w in program.warnings]


CUSTOMS = """\
for ship in [flying_dutchman, jolly_roger] {
  repeat 2 {
    choose hold from nonempty(holds(ship))
    @card.x.take  move_chest(hold, galleon)
  }
}"""


def test_a_choose_from_a_list_that_may_be_empty_is_warned_about_once_located():
    """The issue's customs inspection: one warning, at the choose, quoting it."""
    assert warnings(CUSTOMS) == [
        "x.yaml:12:9: warning: choose hold from nonempty(holds(ship)): there may be nothing "
        "to choose from, and then the step fails; say what happens then with 'else { ... }', "
        "or test first: if nonempty(holds(ship)) != [] { ... }"]


@pytest.mark.parametrize("text", [
    "choose hold from nonempty(holds(flying_dutchman)) else { hold = galleon }\n"
    "move_chest(hold, galleon)",
    "if nonempty(holds(jolly_roger)) != [] {\n"
    "  choose hold from nonempty(holds(jolly_roger))\n  move_chest(hold, galleon)\n}",
    "spots = nonempty(holds(jolly_roger))\nif count(spots) > 0 {\n"
    "  choose hold from spots\n  move_chest(hold, galleon)\n}",
    "spots = nonempty(holds(jolly_roger))\nwhile spots != [] {\n"
    "  choose hold from spots\n  move_chest(hold, galleon)\n"
    "  spots = nonempty(holds(jolly_roger))\n}",
    "choose who from players()\nmaroon(who)",
    "choose who from others(revealer)\nmaroon(who)",
    "choose hold from holds(jolly_roger)\nmove_chest(galleon, hold)",
    'choose how from ["use", "keep"]',
    "choose who from crew(tortuga) + [revealer]\nmaroon(who)",
    "choose card from hand(revealer) secretly always",
])
def test_a_choose_that_always_has_an_option_or_says_what_then_is_not_warned_about(text):
    """Literal lists, words that never give an empty list, tests of the options ('!= []',
    'count(...) > 0', a while's test), an 'else' and 'secretly always' give no warning."""
    assert warnings(text) == []


def test_a_name_the_program_may_have_left_none_given_to_a_verb_is_warned_about():
    """``victim`` may be none (the list offers none); a verb needing a seat is warned."""
    assert warnings("choose victim from others(revealer) + [none]\nmaroon(victim)") == [
        "x.yaml:11:12: warning: maroon's argument 'seat' may be none here (victim is seat or "
        "none), and then the step fails; test it first: if victim != none { ... }"]


def test_none_written_out_for_a_verb_that_needs_a_value_is_warned_about():
    """``maroon(none)`` always fails as it runs: a warning says what the verb needs."""
    assert warnings("maroon(none)") == [
        "x.yaml:10:12: warning: maroon's argument 'seat' is none, and then the step fails: "
        "it needs a seat"]


@pytest.mark.parametrize("text", [
    "choose victim from others(revealer) + [none]\nif victim != none { maroon(victim) }",
    "choose victim from others(revealer) + [none]\n"
    "if victim == none { stop() } else { maroon(victim) }",
    "maroon(captain(tortuga))",
])
def test_a_name_tested_for_none_or_a_words_own_value_is_not_warned_about(text):
    """A test ``!= none`` (or the else of ``== none``) clears the name; a word's own value
    that may be none is the game's logic, not warned about."""
    assert warnings(text) == []


@pytest.mark.parametrize("spec", [*bundled_rulesets(), *EXAMPLES])
def test_no_bundled_or_documented_rules_file_has_a_warning(spec):
    """Every bundled ruleset and every example under docs/examples compiles without one."""
    assert [str(w) for w in load_ruleset(spec).warnings] == []


def test_a_house_rules_warnings_are_on_its_ruleset_in_file_order(tmp_path):
    """Ruleset.warnings gathers its programs' warnings, each once, in file order."""
    rules = house_rules(tmp_path, "pistol", CUSTOMS.replace("card.x.take", "card.pistol.maroon")
                        + "\nchoose who from nonempty(holds(flying_dutchman))")
    found = [(w.line, w.col) for w in rules.warnings]
    assert found == [(11, 13), (15, 9)]


@pytest.mark.parametrize("text", [
    "a + b * (c - 1) // 2", "(a + b) * c", "not a and (b or c)", "a - (b - c)",
    "x[0][-1] in [1, 2]", "-(a + 1)", '(a == b) != c', 'f(g(1), "t", [])',
])
def test_an_expression_written_back_parses_to_the_same_expression(text):
    """``expression_text`` writes an expression that parses back to itself (brackets where
    needed), so a run-time error quotes the rules' own statement."""
    once = expression_text(parse_expression(text))
    assert expression_text(parse_expression(once)) == once
    assert once.replace(" ", "") == text.replace(" ", "") or "(" in text


def test_a_block_statement_is_quoted_by_its_header():
    """A loop or test is quoted by its first line, a choose with its by and secrecy."""
    first, = parse_program("for s in players() {\n  x = 1\n}").body
    choose, = parse_program("choose c from hand(s) by s secretly else { c = none }").body
    assert statement_text(first) == "for s in players()"
    assert statement_text(choose) == "choose c from hand(s) by s secretly"


def test_a_long_statement_is_quoted_shortened():
    """A run-time error quotes at most 120 characters of its statement."""
    items = ", ".join(str(i) for i in range(100))
    program = compile_program("test", parse_program(f"x = [{items}]"), SCOPE)
    quoted = program.text_at(0)
    assert len(quoted) == 120 and quoted.startswith("x = [0, 1, 2") and quoted.endswith("...")
