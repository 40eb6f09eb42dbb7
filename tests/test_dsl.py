"""The effect DSL: parsing, compiling, and the errors an author gets."""

import re

import pytest

from tortuga_rules.dsl.compiler import Scope, compile_program
from tortuga_rules.games.tortuga1667.vocabulary import VOCABULARY
from tortuga_rules.errors import DataError
from tortuga_rules.dsl.machine import CHOOSE, JUMP, JUMP_IF_NOT
from tortuga_rules.dsl.syntax import Call, Choose, If, parse_expression, parse_program
from tortuga_rules.dsl.types import SEAT, TEXT
from tortuga_rules.games.tortuga1667.types import SLOT
from tortuga_rules.errors import Position

SCOPE = Scope({"revealer": SEAT, "slot": SLOT, "card": TEXT}, chooser="revealer",
              vocabulary=VOCABULARY)


def compile_text(text, scope=SCOPE, base=Position(10, 5, "|")):
    return compile_program("test", parse_program(text, "cards/events/x.yaml", base), scope)


def errors(text, **kw):
    with pytest.raises(DataError) as exc:
        compile_text(text, **kw)
    return [str(p) for p in exc.value.problems]


def test_statements_carry_their_clause_and_span():
    """A clause tag attaches to its statement; spans point into the YAML file."""
    prog = parse_program("@card.x.one  maroon(revealer)\nstop()\n", "f.yaml", Position(7, 5, "|"))
    first, second = prog.body
    assert isinstance(first, Call) and first.clause == "card.x.one"
    assert (first.span.line, first.span.col) == (7, 18)
    assert second.clause is None and (second.span.line, second.span.col) == (8, 5)


def test_if_elif_else_and_choose_parse():
    """Blocks, elif/else and choose ... from ... by ... parse into typed nodes."""
    prog = parse_program("if 1 > 2 { stop() } elif not true { stop() } else {\n"
                         "  choose x from players() by revealer\n}\n")
    node, = prog.body
    assert isinstance(node, If) and len(node.branches) == 2
    assert isinstance(node.orelse[0], Choose)


def test_unknown_verb_suggests_the_close_one():
    """A misspelt verb is reported at file:line:col with a suggestion."""
    assert errors("@c.x  marroon(revealer)") == [
        "cards/events/x.yaml:10:11: unknown verb 'marroon' (did you mean maroon(seat)?)"]


def test_all_problems_are_reported_together():
    """Several mistakes give several located problems, not just the first."""
    found = errors("marroon(revealer)\nmaroon(revealer, 2)\nx = crew()\nmove(nobody, tortuga)")
    assert len(found) == 4
    assert "10:5: unknown verb 'marroon'" in found[0]
    assert "11:5: maroon takes 1 argument (maroon(seat)), given 2" in found[1]
    assert "12:9: crew takes 1 argument" in found[2]
    assert "13:10: unknown name 'nobody'" in found[3]


def test_syntax_error_is_located():
    """A syntax error names the place and what was expected."""
    with pytest.raises(DataError) as exc:
        parse_program("maroon(revealer\n", "cards/events/x.yaml", Position(3, 3, "|"))
    msg = str(exc.value)
    assert msg.startswith("cards/events/x.yaml:3:") and "syntax error" in msg


def test_function_used_as_statement_and_verb_as_value_are_errors():
    """Queries cannot stand alone; verbs have no value."""
    found = errors("crew(tortuga)\nx = maroon(revealer)")
    assert "'crew' is a function, not a verb" in found[0]
    assert "'maroon' is a verb" in found[1]


def test_names_bound_in_only_one_branch_are_not_visible_after_the_if():
    """A name must be bound on every path before it is used."""
    found = errors("if true { x = 1 }\nmaroon(x)")
    assert "unknown name 'x'" in found[0]
    compile_text("if true { x = 1 } else { x = 2 }\nmaroon(x)")


def test_setup_only_verbs_are_refused_elsewhere():
    """place_chest creates a chest, so it is only allowed in setup programs."""
    assert "only be used in setup programs" in errors("place_chest(galleon)")[0]


def test_choose_needs_a_chooser():
    """Without a default chooser the author must say 'by'."""
    found = errors("choose x from players()", scope=Scope(frozenset(), vocabulary=VOCABULARY))
    assert "say who chooses" in found[0]


def test_if_compiles_to_flat_jumps():
    """Control flow is compiled once into jumps over a flat instruction list."""
    prog = compile_text("if true { stop() } else { choose t from players() }")
    ops = [ins[0] for ins in prog.code]
    assert ops[0] == JUMP_IF_NOT and JUMP in ops and CHOOSE in ops


def test_expression_parser_handles_precedence():
    """'not' binds looser than comparisons, 'and' looser than 'not'."""
    node = parse_expression("not 1 > 2 and 3 - 1 * 2 >= 1")
    assert type(node).__name__ == "BoolOp"


@pytest.mark.parametrize("text, message", [
    ("maroon(flying_dutchman)", "10:12: maroon's argument 'seat' must be a seat, not a place"),
    ("move(revealer, 3)", "10:20: move's argument 'place' must be a place, not a number"),
    ("choose x from 5", "10:19: the options of 'choose' must be a list, not a number"),
    ("choose x from players() by galleon",
     "10:32: who chooses ('by') must be a seat, not a chest spot"),
    ('repeat "twice" { stop() }', "10:12: the count of 'repeat' must be a number, not text"),
    ('x = "ab" * 1000000000', "10:9: '*' takes two numbers, not text and a number"),
    ("x = players() + 1", "10:9: '+' adds two numbers, joins two lists or two texts"),
    ("x = 1 in 5", "10:14: the right side of 'in' must be a list, not a number"),
    ("peek(revealer, location(revealer))",
     "10:20: peek's argument 'slots' must be a list of row slots, not a place"),
    ("move_chest(galleon, tortuga)",
     "10:25: move_chest's argument 'dst' must be a chest spot, not a place"),
    ("gather(galleon, tortuga_loose, revealer)",
     "10:36: gather's argument '...' must be a chest spot, not a seat"),
])
def test_arguments_of_the_wrong_type_are_located_load_errors(text, message):
    """Each argument, count, domain and operand is checked against its type at load."""
    found = errors(text)
    assert len(found) == 1 and found[0].startswith("cards/events/x.yaml:" + message.split(":")[0])
    assert message.split(": ", 1)[1] in found[0]


def test_types_flow_through_names_choices_and_functions():
    """A name bound by let or choose has its value's type; functions give theirs back."""
    compile_text("choose s from face_down()\nreveal(s, revealer)")
    compile_text("choose p from pairs(face_down())\npeek(revealer, p)\nreveal(first(p), revealer)")
    compile_text("x = captain(location(revealer))\nif x != none { maroon(x) }")
    assert "must be a seat, not a place" in errors("choose p from adjacent(tortuga)\nmaroon(p)")[0]


def test_numbers_and_nesting_are_bounded_at_load():
    """Huge literals and deep nesting are located errors, never a RecursionError."""
    assert "numbers have at most 12" in errors("x = " + "9" * 4300)[0]
    assert "nested too deep (at most 64" in errors("x = " + " + ".join(["1"] * 500))[0]
    assert "nested too deep" in errors("x = " + "count(" * 3000 + "1" + ")" * 3000)[0]
    assert "nested too deep" in errors("if true {" * 3000 + "stop()" + "}" * 3000)[0]


TOO_DEEP = "nested too deep (at most 100 levels of blocks, calls and brackets)"


def nested(opening, inner, closing, times, before="x = "):
    return before + opening * times + inner + closing * times


@pytest.mark.parametrize("times", [101, 5000])
@pytest.mark.parametrize("opening, inner, closing", [
    ("(", "1", ")"), ("[", "1", "]"), ("rest(", "players()", ")"), ("if true { ", "x = 1", " }")])
def test_brackets_past_100_levels_are_refused_at_the_101st(opening, inner, closing, times):
    """Parentheses (which the syntax tree leaves out), lists, calls and blocks: the bracket
    that opens the 101st level is named, however many follow."""
    before = "" if "{" in opening else "x = "
    column = 5 + len(before) + 100 * len(opening) + opening.index(opening.strip()[-1])
    assert errors(nested(opening, inner, closing, times, before)) == [
        f"cards/events/x.yaml:10:{column}: {TOO_DEEP}"]


def test_brackets_up_to_100_levels_are_accepted():
    """Exactly 100 levels load: parentheses alone; blocks alone; lists and calls under
    blocks, up to an expression's own 64 levels."""
    compile_text(nested("(", "1", ")", 100))
    compile_text(nested("while true { ", "x = 1", " }", 100, before=""))
    compile_text(nested("if true { ", nested("[", "1", "]", 60), " }", 40, before=""))
    compile_text(nested("repeat 1 { ", nested("rest(", "players()", ")", 63), " }", 36, before=""))
    compile_text(nested("(", nested("[", "1", "]", 40, before=""), ")", 60))


def test_every_kind_of_bracket_counts_toward_the_same_100_levels():
    """Blocks, calls, lists and parentheses nest together: 40 + 40 + 20 is 100, one more
    parenthesis is the 101st level."""
    inner = nested("count([", nested("(", "1", ")", 20, before=""), "])", 20)
    compile_text(nested("repeat 1 { ", inner, " }", 40, before=""))
    inner = nested("count([", nested("(", "1", ")", 21, before=""), "])", 20)
    assert errors(nested("repeat 1 { ", inner, " }", 40, before="")) == [
        f"cards/events/x.yaml:10:{5 + 440 + 4 + 140 + 20}: {TOO_DEEP}"]


def test_brackets_in_strings_and_comments_are_not_counted():
    """A text or a comment holds no brackets: only those of the program count."""
    compile_text('x = "' + "(" * 200 + '"  # ' + "{" * 200 + "\ncite()")


def test_operators_chained_without_brackets_are_bounded_before_the_tree_is_built():
    """'not not ...', '- - ...' and 'x[0][0]...' nest without brackets: the 65th operator
    is named, never a RecursionError."""
    assert errors("x = " + "not " * 5000 + "true") == [
        f"cards/events/x.yaml:10:{9 + 64 * 4}: expression nested too deep (at most 64 levels)"]
    assert errors("x = " + "- " * 5000 + "1") == [
        f"cards/events/x.yaml:10:{9 + 64 * 2}: expression nested too deep (at most 64 levels)"]
    assert "expression nested too deep" in errors("x = [1]" + "[0]" * 5000)[0]
    compile_text("x = " + "not " * 63 + "true")


def test_a_lone_expression_counts_its_brackets_too():
    """Preconditions and domains are parsed the same way: 101 parentheses are refused."""
    with pytest.raises(DataError, match=re.escape(f"f.yaml:3:107: {TOO_DEEP}")):
        parse_expression("(" * 101 + "1" + ")" * 101, "f.yaml", Position(3, 7, None))
    assert parse_expression("(" * 100 + "1" + ")" * 100).value == 1


def test_the_compiler_knows_only_the_vocabulary_it_is_given():
    """The compiler has no words of its own: the game's vocabulary is an argument, and a
    vocabulary without a word makes that word unknown."""
    from tortuga_rules.dsl.words import Vocabulary
    bare = Vocabulary("bare", {}, {}, {}, {})
    with pytest.raises(DataError, match="unknown verb 'maroon'"):
        compile_text("maroon(revealer)", scope=Scope({"revealer": SEAT}, vocabulary=bare))
    with pytest.raises(TypeError, match="needs the game's Vocabulary"):
        compile_text("cite()", scope=Scope({}))


def test_the_grammar_is_built_once_per_process():
    """Building lark's LALR tables takes a tenth of a second: every program and expression
    parsed shares one parser, so loading a ruleset (dozens of programs) stays quick."""
    from tortuga_rules.dsl import syntax
    parse_program("x = 1", "a.yaml")
    assert syntax._parser() is syntax._parser()
