"""From DSL syntax to runnable code, once, at load time.

:func:`compile_program` turns a :class:`~tortuga_rules.dsl.syntax.Program` into a
:class:`Program`: a flat tuple of instructions for the
:class:`~tortuga_rules.dsl.machine.Machine`, with expressions turned into small
Python closures. :func:`compile_expression` does the same for a lone expression.
Every name, verb, function and argument count is checked here, and every problem
is collected (never just the first) with its ``file:line:col``.
"""

from __future__ import annotations

import operator

import attrs

from ..errors import DataError, Problem, did_you_mean
from . import syntax as ast
from .functions import CONSTANTS, FUNCTIONS
from .machine import CALL, CHOOSE, JUMP, JUMP_IF_NOT, LET
from .verbs import INTERNAL, VERBS

__all__ = ["Program", "Scope", "compile_program", "compile_expression", "builtin_program"]


@attrs.frozen
class Program:
    """A compiled program: its id, its instructions, and the clause ids it cites."""

    key: str
    code: tuple = attrs.field(repr=False)
    clauses: tuple = ()  # ((clause id, Span), ...)


@attrs.frozen
class Scope:
    """What a program may refer to: names bound on entry, and who chooses by default.

    ``options`` are the ruleset's option names, which ``option("name")`` may read (None:
    not known here, so not checked).
    """

    names: frozenset
    chooser: str | None = None
    setup: bool = False
    options: frozenset | None = None


def builtin_program(name: str) -> Program:
    """One of the engine's epilogue programs (finish an action, a reveal, a vote...).

    ``react`` is the one builtin that asks a question: the owner of cards answering an
    event chooses among ``answers`` (clause ``card.answers``), then the answer is carried
    out.
    """
    if name == "react":
        code = ((CHOOSE, "answer", _env("answers"), _env("owner"), "card.answers", False),
                (CALL, INTERNAL["respond"], (), None, "respond"))
        return Program("builtin:react", code)
    return Program(f"builtin:{name}", ((CALL, INTERNAL[name], (), None, name),))


def _env(name: str):
    return lambda m: m.env[name]


_BINOPS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
    "%": operator.mod, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
    "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


class _Compiler:
    def __init__(self, options=None):
        self.options = options
        self.problems: list[Problem] = []
        self.clauses: list = []
        self.reads: set = set()
        self.used: set = set()

    def error(self, node, message: str):
        self.problems.append(node.span.problem(message))

    # -- expressions ---------------------------------------------------------------

    def expr(self, node, names):
        method = getattr(self, "e_" + type(node).__name__)
        return method(node, names)

    def e_Num(self, node, names):
        v = node.value
        return lambda m: v

    e_Str = e_Num

    def e_Name(self, node, names):
        name = node.id
        if name in names:
            self.used.add(name)
            return lambda m: m.env[name]
        if name in CONSTANTS:
            v = CONSTANTS[name]
            return lambda m: v
        if name in FUNCTIONS or name in VERBS:
            self.error(node, f"'{name}' needs parentheses: {self._sig(name)}")
        else:
            self.error(node, f"unknown name '{name}'"
                             f"{did_you_mean(name, set(names) | set(CONSTANTS), cutoff=0.7)}")
        return lambda m: None

    def _sig(self, name):
        word = FUNCTIONS.get(name) or VERBS.get(name)
        return word.signature

    def _args(self, node, word, names):
        if not word.arity_ok(len(node.args)):
            n = len(word.params)
            want = f"at least {n}" if word.variadic else str(n)
            self.error(node, f"{word.name} takes {want} argument{'s' if want != '1' else ''} "
                             f"({word.signature}), given {len(node.args)}")
        return tuple(self.expr(a, names) for a in node.args)

    def e_FuncCall(self, node, names):
        word = FUNCTIONS.get(node.name)
        if word is None:
            if node.name in VERBS:
                self.error(node, f"'{node.name}' is a verb: it changes the game and has no "
                                 "value; use it as a statement")
            else:
                self.error(node, f"unknown function '{node.name}'"
                                 f"{did_you_mean(node.name, FUNCTIONS, cutoff=0.7)}")
            return lambda m: None
        args = self._args(node, word, names)
        if node.name == "option":
            self._check_option(node)
        self.reads |= word.reads
        fn = word.fn
        if not args:
            return lambda m: fn(m)
        if len(args) == 1:
            a, = args
            return lambda m: fn(m, a(m))
        if len(args) == 2:
            a, b = args
            return lambda m: fn(m, a(m), b(m))
        return lambda m: fn(m, *[a(m) for a in args])

    def _check_option(self, node):
        """``option(...)`` takes the name of one of the ruleset's options, written out."""
        if len(node.args) != 1 or not isinstance(node.args[0], ast.Str):
            self.error(node, 'option takes the name of an option, in quotes: option("attack_take")')
        elif self.options is not None and node.args[0].value not in self.options:
            name = node.args[0].value
            self.error(node.args[0], f"unknown option {name!r}{did_you_mean(name, self.options)}; "
                                     f"the options are {', '.join(sorted(self.options)) or 'none'}")

    def e_BinOp(self, node, names):
        left = self.expr(node.left, names)
        right = self.expr(node.right, names)
        if node.op == "in":
            return lambda m: left(m) in right(m)
        op = _BINOPS[node.op]
        return lambda m: op(left(m), right(m))

    def e_BoolOp(self, node, names):
        parts = tuple(self.expr(v, names) for v in node.values)
        if len(parts) == 2:
            a, b = parts
            if node.op == "and":
                return lambda m: a(m) and b(m)
            return lambda m: a(m) or b(m)
        if node.op == "and":
            return lambda m: all(p(m) for p in parts)
        return lambda m: any(p(m) for p in parts)

    def e_Not(self, node, names):
        a = self.expr(node.operand, names)
        return lambda m: not a(m)

    def e_Neg(self, node, names):
        a = self.expr(node.operand, names)
        return lambda m: -a(m)

    def e_ListLit(self, node, names):
        items = tuple(self.expr(v, names) for v in node.items)
        return lambda m: tuple(i(m) for i in items)

    # -- statements ----------------------------------------------------------------

    def block(self, stmts, names, scope, code):
        """Append ``stmts`` to ``code``; return the names bound afterwards."""
        names = set(names)
        for st in stmts:
            if st.clause is not None:
                self.clauses.append((st.clause, st.clause_at or st.span))
            method = getattr(self, "s_" + type(st).__name__)
            names = method(st, names, scope, code)
        return names

    def s_Let(self, st, names, scope, code):
        code.append((LET, st.name, self.expr(st.value, names), st.clause))
        return names | {st.name}

    def s_Choose(self, st, names, scope, code):
        domain = self.expr(st.domain, names)
        if st.chooser is not None:
            chooser = self.expr(st.chooser, names)
        elif scope.chooser is not None:
            who = scope.chooser
            chooser = lambda m: m.env[who]  # noqa: E731
        else:
            self.error(st, "say who chooses: choose NAME from OPTIONS by SEAT")
            chooser = lambda m: None  # noqa: E731
        code.append((CHOOSE, st.name, domain, chooser, st.clause, st.secret))
        return names | {st.name}

    def s_Repeat(self, st, names, scope, code):
        counter = f"_repeat{len(code)}"  # a hidden name: DSL names cannot start with "_"
        count = self.expr(st.count, names)
        code.append((LET, counter, count, st.clause))
        test_at = len(code)
        code.append(None)
        self.block(st.body, names, scope, code)
        code.append((LET, counter, lambda m: m.env[counter] - 1, None))
        code.append((JUMP, test_at))
        code[test_at] = (JUMP_IF_NOT, lambda m: m.env[counter] > 0, len(code))
        return names

    def s_Call(self, st, names, scope, code):
        word = VERBS.get(st.verb)
        if word is None:
            if st.verb in FUNCTIONS:
                self.error(st, f"'{st.verb}' is a function, not a verb: a statement must "
                               "change the game")
            else:
                hint = did_you_mean(st.verb, VERBS, cutoff=0.7)
                self.error(st, f"unknown verb '{st.verb}'{hint}")
            return names
        if word.setup_only and not scope.setup:
            self.error(st, f"'{st.verb}' can only be used in setup programs")
        args = self._args(st, word, names)
        code.append((CALL, word.fn, args, st.clause, word.name))
        return names

    def s_If(self, st, names, scope, code):
        jumps_to_end = []
        bound = None
        for cond, body in st.branches:
            test = self.expr(cond, names)
            at = len(code)
            code.append(None)  # placeholder for the conditional jump
            after = self.block(body, names, scope, code)
            bound = after if bound is None else bound & after
            jumps_to_end.append(len(code))
            code.append(None)
            code[at] = (JUMP_IF_NOT, test, len(code))
        after = self.block(st.orelse, names, scope, code)
        bound = bound & after
        end = len(code)
        for j in jumps_to_end:
            code[j] = (JUMP, end)
        return bound


def compile_program(key: str, program: ast.Program, scope: Scope) -> Program:
    """Compile ``program``; raise :class:`DataError` with every problem found."""
    c = _Compiler(scope.options)
    code: list = []
    c.block(program.body, scope.names, scope, code)
    if c.problems:
        raise DataError(c.problems)
    return Program(key, tuple(code), tuple(c.clauses))


def compile_expression(node: ast.Node, names, options=None) -> tuple:
    """Compile one expression to ``(closure, reads)``; raise :class:`DataError`.

    ``closure(machine)`` evaluates it; ``reads`` is what its value depends on: the
    state facets it reads (see :data:`~tortuga_rules.dsl.functions.FACETS`) and the bound
    names it uses. ``options`` are the option names ``option(...)`` may read.
    """
    c = _Compiler(options)
    fn = c.expr(node, frozenset(names))
    if c.problems:
        raise DataError(c.problems)
    return fn, frozenset(c.reads) | frozenset(c.used)
