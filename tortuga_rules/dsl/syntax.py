"""The effect DSL's syntax: a frozen, typed AST with source spans, and its parser.

The grammar lives in ``grammar.lark`` beside this module. :func:`parse_program`
and :func:`parse_expression` turn DSL text taken from a YAML file into AST nodes
whose spans point into that file, and report syntax errors as located
:class:`~tortuga_rules.errors.Problem` values. The text's nesting (:data:`MAX_NESTING`: brackets of every
kind, counted over the text before it is parsed; :data:`MAX_DEPTH`: operators) and its
numbers' sizes (:data:`MAX_DIGITS`) are bounded, so that no program text makes the parser
recurse or compute without limit.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, cast

import attrs
import re

from lark import Lark, Token, Transformer_NonRecursive, Tree, v_args
from lark.tree import Meta
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import DataError, Position, Problem

__all__ = [
    "Span", "Node", "Num", "Str", "Name", "FuncCall", "BinOp", "BoolOp", "Not", "Neg", "ListLit",
    "Index", "Let", "Choose", "If", "Repeat", "For", "While", "Call", "Program", "parse_program", "parse_expression",
    "blocks",
    "MAX_DIGITS", "MAX_NESTING", "MAX_DEPTH",
]

#: The most digits a number written in a program may have.
MAX_DIGITS = 12
#: How deeply blocks, calls and brackets - ``{``, ``(`` and ``[`` together - may nest in a
#: program's text.
MAX_NESTING = 100
#: How deeply an expression may nest (operators, calls, lists, indexing): the compiler
#: counts every level; the parser, before it builds the syntax tree, the operators.
MAX_DEPTH = 64


@attrs.frozen
class Span:
    """Where a node starts in its data file (1-based line and column)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def problem(self, message: str) -> Problem:
        return Problem(self.file, self.line, self.col, message)


@attrs.frozen
class Node:
    """Base of every AST node."""

    span: Span


# -- expressions -------------------------------------------------------------------

@attrs.frozen
class Num(Node):
    value: int


@attrs.frozen
class Str(Node):
    value: str


@attrs.frozen
class Name(Node):
    id: str


@attrs.frozen
class FuncCall(Node):
    name: str
    args: tuple[Node, ...]


@attrs.frozen
class BinOp(Node):
    op: str
    left: Node
    right: Node


@attrs.frozen
class BoolOp(Node):
    op: str  # "and" | "or"
    values: tuple[Node, ...]


@attrs.frozen
class Not(Node):
    operand: Node


@attrs.frozen
class Neg(Node):
    operand: Node


@attrs.frozen
class ListLit(Node):
    items: tuple[Node, ...]


@attrs.frozen
class Index(Node):
    """``seq[i]``: an item by position, from 0; a negative position counts from the end."""

    seq: Node
    index: Node


# -- statements --------------------------------------------------------------------

@attrs.frozen
class Let(Node):
    name: str
    value: Node
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written


@attrs.frozen
class Choose(Node):
    """``choose NAME from DOMAIN [by SEAT]``: a decision, possibly mid-effect."""

    name: str
    domain: Node
    chooser: Node | None
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written
    secret: bool = False
    #: a secret choice asked even with one option or none (its options are the chooser's)
    always: bool = False
    #: ``else { ... }``: what runs instead when there is nothing to choose from (None:
    #: no fallback, so choosing from no options fails)
    orelse: tuple[Node, ...] | None = None


@attrs.frozen
class Repeat(Node):
    """``repeat COUNT { ... }``: the block, COUNT times (COUNT is evaluated once)."""

    count: Node
    body: tuple[Node, ...]
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written


@attrs.frozen
class For(Node):
    """``for NAME in LIST { ... }``: the block once per item (LIST is evaluated once)."""

    name: str
    seq: Node
    body: tuple[Node, ...]
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written


@attrs.frozen
class While(Node):
    """``while COND { ... }``: the block as long as COND holds (tested before each pass)."""

    test: Node
    body: tuple[Node, ...]
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written


@attrs.frozen
class If(Node):
    branches: tuple[tuple[Node, tuple[Node, ...]], ...]  # ((condition, body), ...)
    orelse: tuple[Node, ...]
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written


@attrs.frozen
class Call(Node):
    """A command statement: a verb applied to arguments."""

    verb: str
    args: tuple[Node, ...]
    clause: str | None = None
    clause_at: Span | None = None  # where the @clause tag is written


@attrs.frozen
class Program(Node):
    body: tuple[Node, ...]


def blocks(st: Node) -> tuple[tuple[Node, ...], ...]:
    """The blocks of statements inside statement ``st``: an ``if``'s branches and its
    ``else``, a loop's body, a ``choose``'s ``else`` (none for any other statement)."""
    if type(st) is If:
        return tuple(body for _, body in st.branches) + (st.orelse,)
    if type(st) is Choose:
        return (st.orelse,) if st.orelse is not None else ()
    if type(st) is For or type(st) is Repeat or type(st) is While:
        return (st.body,)
    return ()


@lru_cache(maxsize=1)
def _parser() -> Lark:
    text = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", start=["start", "expression"], propagate_positions=True,
                maybe_placeholders=False)


class _Builder(Transformer_NonRecursive[Token, Node]):
    """Builds the syntax tree from lark's parse tree, collecting problems (number sizes).

    It walks the tree without recursion, so however deep a (bounded) tree is, building it
    never meets Python's recursion limit."""

    def __init__(self, file: str, base: Position) -> None:
        super().__init__()
        self.file = file
        self.base = base
        self.problems: list[Problem] = []

    def _span(self, line: int, col: int) -> Span:
        if line == 1:
            return Span(self.file, self.base.line, self.base.col + col - 1)
        if self.base.style in ("|", ">"):
            return Span(self.file, self.base.line + line - 1, self.base.col + col - 1)
        return Span(self.file, self.base.line + line - 1, col)

    def _at(self, meta_or_token: Meta | Token) -> Span:
        if isinstance(meta_or_token, Token):
            return self._span(meta_or_token.line or 1, meta_or_token.column or 1)
        return self._span(getattr(meta_or_token, "line", 1), getattr(meta_or_token, "column", 1))

    @v_args(meta=True)
    def start(self, meta: Meta, items: list[Any]) -> Program:
        return Program(self._at(meta), tuple(items))

    @v_args(meta=True)
    def expression(self, meta: Meta, items: list[Any]) -> Node:
        expr: Node = items[0]
        return expr

    def tagged(self, items: list[Any]) -> Node:
        clause_tok, stmt = items
        tagged: Node = attrs.evolve(stmt, clause=str(clause_tok)[1:],
                                    clause_at=self._at(clause_tok))
        return tagged

    @v_args(meta=True)
    def let_stmt(self, meta: Meta, items: list[Any]) -> Let:
        name, value = items
        return Let(self._at(name), str(name), value)

    @v_args(meta=True)
    def choose_stmt(self, meta: Meta, items: list[Any]) -> Choose:
        name, domain, *rest = items
        orelse = None
        if rest and isinstance(rest[-1], tuple) and rest[-1][:1] == ("else",):
            orelse, rest = rest[-1][1], rest[:-1]
        always = bool(rest) and isinstance(rest[-1], Token) and rest[-1].type == "ALWAYS"
        if always or (rest and rest[-1] is None):
            rest = rest[:-1]
        secret = bool(rest) and isinstance(rest[-1], Token) and rest[-1].type == "SECRETLY"
        if secret or (rest and rest[-1] is None):
            rest = rest[:-1]
        return Choose(self._at(meta), str(name), domain, rest[0] if rest else None,
                      secret=secret, always=always, orelse=orelse)

    @v_args(meta=True)
    def repeat_stmt(self, meta: Meta, items: list[Any]) -> Repeat:
        count, body = items
        return Repeat(self._at(meta), count, body)

    @v_args(meta=True)
    def for_stmt(self, meta: Meta, items: list[Any]) -> For:
        name, seq, body = items
        return For(self._at(meta), str(name), seq, body)

    @v_args(meta=True)
    def while_stmt(self, meta: Meta, items: list[Any]) -> While:
        test, body = items
        return While(self._at(meta), test, body)

    @v_args(meta=True)
    def if_stmt(self, meta: Meta, items: list[Any]) -> If:
        cond, body, *rest = items
        branches = [(cond, body)]
        orelse = ()
        for part in rest:
            if part[0] == "elif":
                branches.append((part[1], part[2]))
            else:
                orelse = part[1]
        return If(self._at(meta), tuple(branches), orelse)

    def elif_part(self, items: list[Any]) -> tuple[str, Node, tuple[Node, ...]]:
        return ("elif", items[0], items[1])

    def else_part(self, items: list[Any]) -> tuple[str, tuple[Node, ...]]:
        return ("else", items[0])

    def block(self, items: list[Any]) -> tuple[Node, ...]:
        return tuple(items)

    @v_args(meta=True)
    def call_stmt(self, meta: Meta, items: list[Any]) -> Call:
        name, *args = items
        return Call(self._at(name), str(name), tuple(args))

    # expressions
    def _fold(self, meta: Meta, items: list[Any]) -> Node:
        left: Node = items[0]
        for op, right in zip(items[1::2], items[2::2]):
            left = BinOp(left.span, str(op), left, right)
        return left

    @v_args(meta=True)
    def sum(self, meta: Meta, items: list[Any]) -> Node:
        return self._fold(meta, items)

    @v_args(meta=True)
    def product(self, meta: Meta, items: list[Any]) -> Node:
        return self._fold(meta, items)

    @v_args(meta=True)
    def comparison(self, meta: Meta, items: list[Any]) -> Node:
        return self._fold(meta, items)

    @v_args(meta=True)
    def or_expr(self, meta: Meta, items: list[Any]) -> BoolOp:
        return BoolOp(items[0].span, "or", tuple(items))

    @v_args(meta=True)
    def and_expr(self, meta: Meta, items: list[Any]) -> BoolOp:
        return BoolOp(items[0].span, "and", tuple(items))

    @v_args(meta=True)
    def not_op(self, meta: Meta, items: list[Any]) -> Not:
        return Not(self._at(meta), items[0])

    @v_args(meta=True)
    def index(self, meta: Meta, items: list[Any]) -> Index:
        seq, index = items
        return Index(self._at(meta), seq, index)

    @v_args(meta=True)
    def neg(self, meta: Meta, items: list[Any]) -> Neg:
        return Neg(self._at(meta), items[0])

    def number(self, items: list[Any]) -> Num:
        tok = items[0]
        if len(tok) > MAX_DIGITS:
            self.problems.append(self._at(tok).problem(
                f"a number of {len(tok)} digits; numbers have at most {MAX_DIGITS}"))
            return Num(self._at(tok), 0)
        return Num(self._at(tok), int(tok))

    def string(self, items: list[Any]) -> Str:
        tok = items[0]
        return Str(self._at(tok), str(tok)[1:-1])

    def name(self, items: list[Any]) -> Name:
        tok = items[0]
        return Name(self._at(tok), str(tok))

    @v_args(meta=True)
    def call(self, meta: Meta, items: list[Any]) -> FuncCall:
        name, *args = items
        return FuncCall(self._at(name), str(name), tuple(args))

    @v_args(meta=True)
    def list_(self, meta: Meta, items: list[Any]) -> ListLit:
        return ListLit(self._at(meta), tuple(items))


_TOKEN_WORDS = {
    "_NL": "end of line", "$END": "end of text", "NAME": "a name", "NUMBER": "a number",
    "STRING": "a string", "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'",
    "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "EQUAL": "'='", "CLAUSE": "a clause tag",
    "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '//' or '%'", "MINUS": "'-'",
    "SEMICOLON": "';'", "_NOT": "'not'", "_AND": "'and'", "_OR": "'or'", "_BY": "'by'",
    "IF": "'if'", "ELSE": "'else'", "REPEAT": "'repeat'", "WHILE": "'while'", "SECRETLY": "'secretly'", "ALWAYS": "'always'",
    "ELIF": "'elif'", "CHOOSE": "'choose'", "FROM": "'from'",
}


def _syntax_problem(exc: UnexpectedInput, text: str, file: str, base: Position) -> Problem:
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    at_end = isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    if isinstance(exc, UnexpectedEOF) or at_end:
        lines = text.rstrip("\n").split("\n")
        line, col = len(lines), len(lines[-1]) + 1
        found = "end of text"
    elif isinstance(exc, UnexpectedToken):
        found = "end of line" if exc.token.type == "_NL" else repr(str(exc.token))
    elif isinstance(exc, UnexpectedCharacters):
        found = repr(text.split("\n")[line - 1][col - 1:col])
    else:  # pragma: no cover
        found = "this"
    expected = sorted({_TOKEN_WORDS.get(t, t.lower()) for t in getattr(exc, "expected", ()) or ()})
    msg = f"syntax error: unexpected {found}"
    source = text.split("\n")[line - 1] if line <= text.count("\n") + 1 else ""
    first = source.split(None, 1)
    if first and first[0] in ("else", "elif"):
        msg = (f"syntax error: '{first[0]}' goes on the line of the closing brace: "
               f"}} {first[0]} {{")
        col = len(source) - len(source.lstrip()) + 1
    elif expected and len(expected) <= 6:
        msg += f" (expected {', '.join(expected)})"
    span = _Builder(file, base)._span(line, col)
    return Problem(file, span.line, span.col, msg)


#: What the bracket count reads: a string, a comment, a bracket, a line end.
_BRACKETS = re.compile(r'"[^"\n]*"?|#[^\n]*|[(\[{]|[)\]}]|\n')


def _too_many_brackets(text: str) -> tuple[int, int] | None:
    """Where (line, column, from 1) a bracket opens past :data:`MAX_NESTING` levels, or None.

    Blocks ``{``, calls and brackets ``(`` and lists and indexing ``[`` count together,
    over the text as written (a string or a comment holds none), so that brackets the
    syntax tree leaves out - ``((1))`` is ``1`` - are counted as well."""
    depth = 0
    line, line_start = 1, 0
    for match in _BRACKETS.finditer(text):
        char = match.group()[0]
        if char == "\n":
            line += len(match.group())
            line_start = match.end()
        elif char in "([{":
            depth += 1
            if depth > MAX_NESTING:
                return line, match.start() - line_start + 1
        elif char in ")]}":
            depth = max(depth - 1, 0)  # one closed too many is the parser's syntax error
    return None


#: The parse tree's operators: their nesting is bounded here, before the tree is built.
_OPERATORS = frozenset({"or_expr", "and_expr", "not_op", "comparison", "sum", "product", "neg",
                        "index"})


def _too_deep(tree: Tree[Token]) -> Tree[Token] | None:
    """The first operator nested inside more than :data:`MAX_DEPTH` operators, or None.

    Brackets are bounded in the text (:func:`_too_many_brackets`); what else can make a tree
    deep is a chain of operators without brackets (``not not ...``, ``- - ...``,
    ``x[0][0]...``). The compiler then counts every level of an expression against the
    same bound, so nothing it would accept is refused here."""
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in _OPERATORS:
            depth += 1
            if depth > MAX_DEPTH:
                return node
        stack.extend((c, depth) for c in node.children if isinstance(c, Tree))
    return None


def _parse(text: str, file: str, base: Position, start: str) -> Node:
    builder = _Builder(file, base)
    brackets = _too_many_brackets(text)
    if brackets is not None:
        raise DataError([builder._span(*brackets).problem(
            f"nested too deep (at most {MAX_NESTING} levels of blocks, calls and brackets)")])
    try:
        tree = _parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise DataError([_syntax_problem(exc, text, file, base)]) from None
    deep = _too_deep(tree)
    if deep is not None:
        raise DataError([builder._at(deep.meta).problem(
            f"expression nested too deep (at most {MAX_DEPTH} levels)")])
    result = builder.transform(tree)
    if builder.problems:
        raise DataError(builder.problems)
    return result


def parse_program(text: str, file: str = "<dsl>", base: Position = Position(1, 1, "|")) -> Program:
    """Parse a DSL program; ``base`` is where ``text`` starts in ``file``."""
    return cast(Program, _parse(text, file, base, "start"))  # the grammar's start is one


def parse_expression(text: str, file: str = "<dsl>", base: Position = Position(1, 1, None)) -> Node:
    """Parse one DSL expression (a precondition, a domain, a vote condition)."""
    return _parse(str(text), file, base, "expression")
