"""From DSL syntax to runnable code, once, at load time.

:func:`compile_program` turns a :class:`~tortuga_rules.dsl.syntax.Program` into a
:class:`Program`: a flat tuple of instructions (:mod:`.instructions`; what a paused frame's position counts
and a saved game's checks read) and one Python function that runs them, generated as
Python source (:mod:`.codegen`) and compiled once. :func:`compile_expression` makes a
lone expression a Python function.
Every name, verb, function, argument count and argument type (see
:mod:`~tortuga_rules.dsl.types`) is checked here, and every problem is collected (never
just the first) with its ``file:line:col``.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Collection, Iterable, cast

import attrs

from ..errors import DataError, Problem, Severity, TortugaError, did_you_mean, shortened
from ..procedures.workspace import HALT
from . import operations
from . import syntax as ast
from .codegen import Namespace, Source, StepFailed, program_function
from .instructions import (CALL, CHOOSE, JUMP, JUMP_IF_NOT, LET, SECRET_ALWAYS, Call,
                           Choose, Instruction, Jump, JumpIfNot, Let)
from .machine import MAX_EVENTS, MAX_INSTRUCTIONS, Budget
from .types import (ANY, BOOL, INT, KEPT, NONE, SEAT, TEXT, Type, fits, join, list_of,
                    maybe, returned)
from .values import checker, needs_check
from .words import Vocabulary, Word

#: How deeply expressions may nest (operators, calls, lists, indexing), checked at load.
MAX_DEPTH = ast.MAX_DEPTH

_COMPARE = ("==", "!=", "<", "<=", ">", ">=")

#: The names generated code is given besides the words it calls (see :mod:`.codegen`).
_RUNTIME = {"_failed": StepFailed, "_tortuga": TortugaError, "_halt": HALT, "_budget": Budget,
            "_max_ticks": MAX_INSTRUCTIONS, "_max_events": MAX_EVENTS}

#: The names bound at a point of a program, each with its type.
Names = dict[str, Type]
#: A program's instructions as they are compiled (None: a jump not yet placed).
Code = list[Instruction | None]
#: An expression compiled: its source and the type of its value.
Compiled = tuple[Source, Type]

__all__ = ["Program", "ProgramError", "Scope", "compile_program", "compile_expression",
           "internal_program", "asking_program", "warnings_of", "statement_text",
           "expression_text"]


class ProgramError(DataError):
    """A program that does not compile: every problem, and the clauses it cites
    (``((clause id, Span), ...)``), which can still be checked to exist."""

    def __init__(self, problems: Iterable[Problem],
                 clauses: Iterable[tuple[str, ast.Span]] = ()) -> None:
        self.clauses = tuple(clauses)
        super().__init__(problems)


@attrs.frozen
class Program:
    """A compiled program: its id, its instructions, and the clause ids it cites.

    ``spans`` gives, for each instruction, the source span of the statement it comes
    from (an engine program has none), so that an error while it runs is located.
    ``entry`` pairs each name bound when the program starts with its type, ``bound``
    each name it may also hold (it binds them itself with ``let``, ``choose``, a loop
    counter); a saved game's paused frame is checked against them.
    """

    key: str
    code: tuple[Instruction, ...] = attrs.field(repr=False)
    clauses: tuple[tuple[str, ast.Span], ...] = ()  # ((clause id, Span), ...)
    spans: tuple[ast.Span | None, ...] = attrs.field(default=(), repr=False, eq=False)
    #: ((name, Type), ...)
    entry: tuple[tuple[str, Type], ...] = attrs.field(default=(), repr=False, eq=False)
    bound: tuple[tuple[str, Type], ...] = attrs.field(default=(), repr=False, eq=False)
    #: ``run(machine, frame, pc)``: the program as one Python function (see :mod:`.codegen`).
    run: object = attrs.field(default=None, repr=False, eq=False)
    #: each instruction's expressions as trees of tuples (see :class:`.codegen.Source`),
    #: for the native engine: a verb call's ``("call", verb, args)`` (an engine step's
    #: ``("internal", name)``), a ``let``'s value, a ``choose``'s ``(options, chooser)``,
    #: a conditional jump's test, None for a jump
    ir: tuple[Any, ...] = attrs.field(default=(), repr=False, eq=False)
    #: for each instruction, the text of the statement it comes from as the rules write
    #: it (a block's header alone: ``for ship in [flying_dutchman, jolly_roger]``), which
    #: a run-time error quotes
    texts: tuple[str | None, ...] = attrs.field(default=(), repr=False, eq=False)
    #: what the checker warns about (:class:`~tortuga_rules.errors.Problem` s whose severity
    #: is a warning): the program runs, but likely not as meant - a choose that may have
    #: nothing to choose from, a name that may be none given to a verb (see
    #: :meth:`_Compiler.warn`); in the order of the program's text; ``lint`` prints them
    warnings: tuple[Problem, ...] = attrs.field(default=(), repr=False, eq=False)

    def span_at(self, pc: int) -> ast.Span | None:
        """The span of the statement instruction ``pc`` belongs to (None if unknown)."""
        return self.spans[pc] if 0 <= pc < len(self.spans) else None

    def text_at(self, pc: int) -> str | None:
        """The text of the statement instruction ``pc`` belongs to (None if unknown)."""
        return self.texts[pc] if 0 <= pc < len(self.texts) else None


def _scope_names(names: Any) -> tuple[tuple[str, Type], ...]:
    """A scope's names as sorted pairs (see :func:`_pairs`, defined below)."""
    return _pairs(names)


@attrs.frozen
class Scope:
    """What a program may refer to: names bound on entry, and who chooses by default.

    ``names`` maps each name bound on entry to its :class:`~tortuga_rules.dsl.types.Type`
    (given as a dict; kept as sorted pairs so that a scope stays a frozen value).
    ``options`` are the ruleset's option names, which ``option("name")`` may read (None:
    not known here, so not checked). ``vocabulary`` is the game's words: the compiler
    knows none of its own.
    """

    names: tuple[tuple[str, Type], ...] = attrs.field(converter=_scope_names)
    chooser: str | None = None
    setup: bool = False
    options: frozenset[str] | None = None
    vocabulary: Vocabulary | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def types(self) -> Names:
        """The names bound on entry, with their types."""
        return dict(self.names)


def internal_program(name: str, entry: Names, vocabulary: Vocabulary,
                     bound: Names | None = None) -> Program:
    """A program (``builtin:<name>``) that runs the game's internal step ``name``.

    A game's engine epilogues (finish an action, a reveal, a vote...) are such programs,
    so that they are frames like any other: a state paused inside one saves and resumes.
    ``entry`` maps the names it is started with to their types; ``bound``, names it may
    also be started with (a saved game older than them lacks them).
    """
    ns = Namespace(_RUNTIME)
    key = f"builtin:{name}"
    code = (Call(CALL, vocabulary.internal[name], (), None, name),)
    return Program(key, code, entry=tuple(sorted(entry.items())),
                   bound=tuple(sorted((bound or {}).items())),
                   run=program_function(key, code, ns), ir=(("internal", name),))


def asking_program(name: str, entry: Names, vocabulary: Vocabulary, *, choice: str, among: str,
                   chooser: str, clause: str, then: str, bound: Names) -> Program:
    """A program (``builtin:<name>``) that asks the seat bound to ``chooser`` to choose
    ``choice`` among the list bound to ``among`` (citing ``clause``), then runs the game's
    internal step ``then``.

    ``bound`` are names it may carry on to ``then`` without checking them (with their
    types): whoever started it checks them.
    """
    ns = Namespace(_RUNTIME)
    key = f"builtin:{name}"
    code = (Choose(CHOOSE, choice, ns.closure(_env(among)), ns.closure(_env(chooser)), clause,
                   False, chooser),
            Call(CALL, vocabulary.internal[then], (), None, then))
    ir = ((_env(among).ir, _env(chooser).ir), ("internal", then))
    return Program(key, code, entry=tuple(sorted(entry.items())),
                   bound=tuple(sorted(bound.items())), run=program_function(key, code, ns),
                   ir=ir)


def _words_like(name: str, words: dict[str, Word]) -> str:
    """`` (did you mean give_card(seat, card)?)``: the words of ``words`` (a vocabulary's verbs
    or functions) spelt like ``name`` or sharing a part of it, each with its signature."""
    return did_you_mean(name, words, n=3, shown={w: words[w].signature for w in words})


def _env(name: str) -> Source:
    return Source(f"env[{name!r}]", env=True, ir=("env", name))


class _Compiler:
    """Compiles expressions and statements, checking names, arities and types."""

    def __init__(self, vocabulary: Vocabulary, options: Collection[str] | None = None) -> None:
        self.words = vocabulary
        self.options = options
        self.ns = Namespace(_RUNTIME)
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        #: the texts of the expressions known here to be lists with at least one item (a
        #: name bound to one, or an expression an enclosing 'if'/'while' tested)
        self.known: frozenset[str] = frozenset()
        self.tested = 0  # how many 'if'/'while' tests enclose the statement compiled
        self.clauses: list[tuple[str, ast.Span]] = []  # (clause id, where it is cited)
        self.reads: set[str] = set()  # the state facets the words called read
        self.used: set[str] = set()  # the bound names read
        self.depth = 0
        self.too_deep = False
        self.spans: dict[int, ast.Span] = {}  # instruction index -> the span of its statement
        self.texts: dict[int, str] = {}  # instruction index -> the text of its statement
        self.bound: Names = {}  # every name the program binds -> its type
        self.ir: dict[int, Any] = {}  # instruction index -> its expressions as trees (Program.ir)

    def error(self, node: ast.Node, message: str) -> None:
        self.problems.append(node.span.problem(message))

    def warn(self, node: ast.Node, message: str) -> None:
        """Record what may fail while the program runs (a warning: the rules still load)."""
        self.warnings.append(attrs.evolve(node.span.problem(message), severity=Severity.WARNING))

    def want(self, node: ast.Node, actual: Type, wanted: Type, what: str) -> None:
        """Record a problem unless a value of type ``actual`` fits where ``wanted`` is asked."""
        if not fits(actual, wanted):
            self.error(node, f"{what} must be {wanted}, not {actual}")

    # -- expressions ---------------------------------------------------------------

    def expr(self, node: ast.Node, names: Names) -> Compiled:
        """``(source, type)`` of the expression ``node`` with ``names`` bound."""
        if self.depth >= MAX_DEPTH:
            if not self.too_deep:
                self.error(node, f"expression nested too deep (at most {MAX_DEPTH} levels)")
            self.too_deep = True
            return _NOTHING, ANY
        self.depth += 1
        try:
            compiled: Compiled = getattr(self, "e_" + type(node).__name__)(node, names)
            return compiled
        finally:
            self.depth -= 1

    def e_Num(self, node: ast.Num, names: Names) -> Compiled:
        return Source.literal(node.value), INT

    def e_Str(self, node: ast.Str, names: Names) -> Compiled:
        return Source.literal(node.value), TEXT

    def e_Name(self, node: ast.Name, names: Names) -> Compiled:
        name = node.id
        if name in names:
            self.used.add(name)
            return _env(name), names[name]
        constants = self.words.constants
        if name in constants:
            v, t = constants[name]
            plain = v is None or type(v) in (bool, int, str)  # any other value by reference
            return (Source.literal(v) if plain
                    else Source(self.ns.ref(v, "c"), ir=("lit", v))), t
        word = self.words.word(name)
        if word is not None:
            self.error(node, f"'{name}' needs parentheses: {word.signature}")
        elif name in self.bound:  # bound above, but inside a block this place is not in
            self.error(node, f"unknown name '{name}': it is set only inside a block above "
                             f"(a branch of an 'if', a loop's body), so it may not be set "
                             f"here; set it before the block, or on every branch")
        else:
            self.error(node, f"unknown name '{name}'"
                             f"{did_you_mean(name, set(names) | set(constants), n=3)}")
        return _NOTHING, ANY

    def _args(self, node: ast.FuncCall | ast.Call, word: Word, names: Names,
              run_checks: bool = False) -> tuple[tuple[Source, ...], tuple[Type, ...]]:
        """The argument sources of a call of ``word``, and their types, checked.

        With ``run_checks`` (a verb's or a function's arguments), an argument whose type is
        not known exactly here is checked again when it runs (see :mod:`.values`): no word
        misreads a value (``hand(-1)`` is not the last seat's hand).
        """
        if not word.arity_ok(len(node.args)):
            n = len(word.params)
            want = f"at least {n}" if word.variadic else str(n)
            self.error(node, f"{word.name} takes {want} argument{'s' if want != '1' else ''} "
                             f"({word.signature}), given {len(node.args)}")
        fns, types = [], []
        for i, arg in enumerate(node.args):
            fn, t = self.expr(arg, names)
            label = word.params[i] if i < len(word.params) else "..."
            wanted = word.type_of_argument(i)
            what = f"{word.name}'s argument '{label}'"
            self.want(arg, t, wanted, what)
            if run_checks and needs_check(t, wanted):
                check = self.ns.ref(checker(wanted, what), "check")
                fn = Source(f"{check}(m, {fn.text})", fn.env, ("check", wanted, what, fn.ir))
            fns.append(fn)
            types.append(t)
        return tuple(fns), tuple(types)

    def _checked(self, src: Source, t: Type, wanted: Type, what: str) -> Source:
        """``src``, checked again when it runs where its type ``t`` is not known exactly to
        be ``wanted`` (a value of ``any`` type: the options of a choose, a count)."""
        if not needs_check(t, wanted):
            return src
        check = self.ns.ref(checker(wanted, what), "check")
        return Source(f"{check}(m, {src.text})", src.env, ("check", wanted, what, src.ir))

    def e_FuncCall(self, node: ast.FuncCall, names: Names) -> Compiled:
        word = self.words.functions.get(node.name)
        if word is None:
            if node.name in self.words.verbs:
                self.error(node, f"'{node.name}' is a verb: it changes the game and has no "
                                 "value; use it as a statement")
            else:
                self.error(node, f"unknown function '{node.name}'"
                                 f"{_words_like(node.name, self.words.functions)}")
            for arg in node.args:  # their own mistakes are told too
                self.expr(arg, names)
            return _NOTHING, ANY
        args, types = self._args(node, word, names, run_checks=True)
        if node.name == "option":
            self._check_option(node)
        self.reads |= word.reads
        fn = self.ns.ref(word.fn, "fn")
        text = f"{fn}(m{''.join(', ' + a.text for a in args)})"
        ir = ("call", word.name, tuple(a.ir for a in args))
        return Source(text, any(a.env for a in args), ir), returned(word.returns, types)

    def _check_option(self, node: ast.FuncCall) -> None:
        """``option(...)`` takes the name of one of the ruleset's options, written out."""
        if len(node.args) != 1 or not isinstance(node.args[0], ast.Str):
            self.error(node, 'option takes the name of an option, in quotes: option("attack_take")')
        elif self.options is not None and node.args[0].value not in self.options:
            name = node.args[0].value
            hint = did_you_mean(name, self.options, n=3)
            self.error(node.args[0], f"unknown option {name!r}{hint}; "
                                     f"the options are {', '.join(sorted(self.options)) or 'none'}")

    def e_BinOp(self, node: ast.BinOp, names: Names) -> Compiled:
        left, lt = self.expr(node.left, names)
        right, rt = self.expr(node.right, names)
        op = node.op
        env = left.env or right.env
        if op == "in":
            self.want(node.right, rt, list_of(ANY), "the right side of 'in'")
            contains = ("in", left.ir, right.ir)
            if rt.name not in ("list", "tuple") or rt.optional:  # any: a list, or not
                fn = self.ns.ref(operations.contains, "op")
                return Source(f"{fn}({left.text}, {right.text})", env, contains), BOOL
            return Source(f"({left.text} in {right.text})", env, contains), BOOL
        if op in _COMPARE:
            compare = ("cmp", op, left.ir, right.ir)
            if op in operations.ORDER and not _ordered(lt, rt):  # values Python may not order
                fn = self.ns.ref(operations.ORDER[op], "op")
                return Source(f"{fn}({left.text}, {right.text})", env, compare), BOOL
            return Source(f"({left.text} {op} {right.text})", env, compare), BOOL
        result = self._arithmetic(node, op, lt, rt)
        fn = self.ns.ref(operations.ARITHMETIC[op], "op")
        return Source(f"{fn}({left.text}, {right.text})", env, ("op", op, left.ir, right.ir)), result

    def _arithmetic(self, node: ast.BinOp, op: str, lt: Type, rt: Type) -> Type:
        """The type of ``lt op rt``; a problem if the DSL has no such operation."""
        if fits(lt, INT) and fits(rt, INT):
            return INT if ANY not in (lt, rt) or op != "+" else ANY
        if op == "+" and lt.name == rt.name and lt.name in ("list", "text"):
            return join(lt, rt)
        if op == "+" and ANY in (lt, rt) and {lt.name, rt.name} & {"list", "text"}:
            return rt if lt == ANY else lt  # the other side is checked when it runs
        if op == "+":
            self.error(node, f"'+' adds two numbers, joins two lists or two texts; not {lt} "
                             f"and {rt}")
        else:
            self.error(node, f"'{op}' takes two numbers, not {lt} and {rt}")
        return ANY

    def e_BoolOp(self, node: ast.BoolOp, names: Names) -> Compiled:
        compiled = [self.expr(v, names) for v in node.values]
        parts = [src for src, _ in compiled]
        env = any(p.env for p in parts)
        result = compiled[0][1]
        for _, t in compiled[1:]:
            result = join(result, t)
        joined = f" {node.op} ".join(p.text for p in parts)
        ir = (node.op, tuple(p.ir for p in parts))
        if len(parts) == 2:  # the value of the side that decided, as Python's and/or
            return Source(f"({joined})", env, ir), result
        return Source(f"bool({joined})", env, ir), BOOL  # as all()/any(): a truth value

    def e_Not(self, node: ast.Not, names: Names) -> Compiled:
        a, _ = self.expr(node.operand, names)
        return Source(f"(not {a.text})", a.env, ("not", a.ir)), BOOL

    def e_Neg(self, node: ast.Neg, names: Names) -> Compiled:
        a, t = self.expr(node.operand, names)
        self.want(node.operand, t, INT, "what '-' negates")
        return (Source(f"{self.ns.ref(operations.negative, 'op')}({a.text})", a.env, ("neg", a.ir)),
                INT)

    def e_ListLit(self, node: ast.ListLit, names: Names) -> Compiled:
        if len(node.items) > operations.MAX_ITEMS:
            self.error(node, f"a list holds at most {operations.MAX_ITEMS} items, "
                             f"this one {len(node.items)}")
            return _NOTHING, list_of(ANY)
        compiled = [self.expr(v, names) for v in node.items]
        element = compiled[0][1] if compiled else ANY  # an empty list's: not known yet
        for _, t in compiled[1:]:
            element = join(element, t)
        text = "".join(src.text + ", " for src, _ in compiled)
        ir = ("list", tuple(src.ir for src, _ in compiled))
        return Source(f"({text})", any(src.env for src, _ in compiled), ir), list_of(element)

    def e_Index(self, node: ast.Index, names: Names) -> Compiled:
        seq, st = self.expr(node.seq, names)
        index, it = self.expr(node.index, names)
        self.want(node.seq, st, list_of(ANY), "what '[...]' looks into")
        self.want(node.index, it, INT, "a position in '[...]'")
        fn = self.ns.ref(operations.item, "op")
        ir = ("index", seq.ir, index.ir)
        return Source(f"{fn}({seq.text}, {index.text})", seq.env or index.env, ir), st.element

    # -- statements ----------------------------------------------------------------

    def block(self, stmts: Iterable[Any], names: Names, scope: Scope, code: Code) -> Names:
        """Append ``stmts`` to ``code``; return the names (and types) bound afterwards."""
        names = dict(names)
        for st in stmts:
            if st.clause is not None:
                self.clauses.append((st.clause, st.clause_at or st.span))
            method = getattr(self, "s_" + type(st).__name__)
            start = len(code)
            names = method(st, names, scope, code)
            text = _quoted(st)
            for i in range(start, len(code)):
                self.spans.setdefault(i, st.span)
                self.texts.setdefault(i, text)
        return names

    def s_Let(self, st: ast.Let, names: Names, scope: Scope, code: Code) -> Names:
        src, t = self.expr(st.value, names)
        self.emit(code, Let(LET, st.name, src.text, st.clause), src.ir)
        self._bind(st.name, t)
        full = self._full(st.value)
        self._forget({st.name})
        if full:
            self.known |= {st.name}
        return {**names, st.name: t}

    def s_Choose(self, st: ast.Choose, names: Names, scope: Scope, code: Code) -> Names:
        domain, dt = self.expr(st.domain, names)
        self.want(st.domain, dt, list_of(ANY), "the options of 'choose'")
        domain = self._checked(domain, dt, list_of(ANY), "the options of 'choose'")
        full = self._full(st.domain) or (dt.name == "tuple" and bool(dt.items))
        if st.orelse is None and not st.always and not self.tested and not full:
            options = expression_text(st.domain)
            self.warn(st, f"{statement_text(st)}: there may be nothing to choose from, and "
                          "then the step fails; say what happens then with 'else { ... }', "
                          f"or test first: if {options} != [] {{ ... }}")
        self._forget({st.name})
        var = None  # the name the chooser is read from, when it is a plain name
        if st.chooser is not None:
            chooser, ct = self.expr(st.chooser, names)
            self.want(st.chooser, ct, SEAT, "who chooses ('by')")
            chooser = self._checked(chooser, ct, SEAT, "who chooses ('by')")  # 7: no seat
            if isinstance(st.chooser, ast.Name):
                var = st.chooser.id
        elif scope.chooser is not None:
            chooser, var = _env(scope.chooser), scope.chooser
        else:
            self.error(st, "say who chooses: choose NAME from OPTIONS by SEAT")
            chooser = _NOTHING
        test_at = len(code)
        if st.orelse is not None:  # the options are tested first: none, and else runs
            if st.always:
                self.error(st, "'secretly always' asks even when there is nothing to choose "
                               "from, so its 'else' would never run")
            code.append(None)
        self.emit(code, Choose(CHOOSE, st.name, self.ns.closure(domain), self.ns.closure(chooser),
                               st.clause, SECRET_ALWAYS if st.always else st.secret, var),
                  (domain.ir, chooser.ir))
        # "secretly always" among no options is asked among [none]; any other choose among
        # none fails or runs its else, so the name it binds always holds one of the options
        chosen = dt.element if not st.always or dt.element in (ANY, NONE) else maybe(dt.element)
        self._bind(st.name, chosen)
        after = {**names, st.name: chosen}
        if st.orelse is None:
            return after
        skip = len(code)
        code.append(None)
        code[test_at] = JumpIfNot(JUMP_IF_NOT, f"(len({domain.text}) > 0)", len(code))
        self.ir[test_at] = ("cmp", ">", ("len", domain.ir), ("lit", 0))
        chose = self.known
        instead = self.block(st.orelse, names, scope, code)
        self.known &= chose
        code[skip] = Jump(JUMP, len(code))
        return _common([after, instead])

    def emit(self, code: Code, instruction: Instruction, ir: Any) -> None:
        """Append ``instruction`` to ``code``, with its expressions' trees ``ir``."""
        self.ir[len(code)] = ir
        code.append(instruction)

    def _bind(self, name: str, t: Type) -> None:
        """Record that the program binds ``name`` to a value of type ``t`` somewhere."""
        self.bound[name] = join(self.bound[name], t) if name in self.bound else t

    def s_Repeat(self, st: ast.Repeat, names: Names, scope: Scope, code: Code) -> Names:
        counter = f"_repeat{len(code)}"  # a hidden name: DSL names cannot start with "_"
        count, t = self.expr(st.count, names)
        self.want(st.count, t, INT, "the count of 'repeat'")
        count = self._checked(count, t, INT, "the count of 'repeat'")
        self._bind(counter, INT)
        left = _env(counter)
        self.emit(code, Let(LET, counter, count.text, st.clause), count.ir)
        test_at = len(code)
        code.append(None)
        self._loop(st.body, names, scope, code)
        self.emit(code, Let(LET, counter, f"({left.text} - 1)", None),
                  ("op", "-", left.ir, ("lit", 1)))
        self.emit(code, Jump(JUMP, test_at), None)
        code[test_at] = JumpIfNot(JUMP_IF_NOT, f"({left.text} > 0)", len(code))
        self.ir[test_at] = ("cmp", ">", left.ir, ("lit", 0))
        return names

    def s_For(self, st: ast.For, names: Names, scope: Scope, code: Code) -> Names:
        items, at = f"_for{len(code)}", f"_at{len(code)}"  # hidden names, as repeat's
        seq, t = self.expr(st.seq, names)
        self.want(st.seq, t, list_of(ANY), "what 'for' goes through")
        seq = self._checked(seq, t, list_of(ANY), "what 'for' goes through")
        self._bind(items, t)
        self._bind(at, INT)
        self._bind(st.name, t.element)
        whole, i = _env(items), _env(at)
        self.emit(code, Let(LET, items, seq.text, st.clause), seq.ir)
        self.emit(code, Let(LET, at, "0", None), ("lit", 0))
        test_at = len(code)
        code.append(None)
        self.emit(code, Let(LET, st.name, f"{whole.text}[{i.text}]", None),
                  ("at", whole.ir, i.ir))
        self._forget({st.name})
        self._loop(st.body, {**names, st.name: t.element}, scope, code)
        self.emit(code, Let(LET, at, f"({i.text} + 1)", None), ("op", "+", i.ir, ("lit", 1)))
        self.emit(code, Jump(JUMP, test_at), None)
        code[test_at] = JumpIfNot(JUMP_IF_NOT, f"({i.text} < len({whole.text}))", len(code))
        self.ir[test_at] = ("cmp", "<", i.ir, ("len", whole.ir))
        return names

    def s_While(self, st: ast.While, names: Names, scope: Scope, code: Code) -> Names:
        test, t = self.expr(st.test, names)
        self.want(st.test, t, BOOL, "the condition of 'while'")
        test_at = len(code)
        code.append(None)
        self._loop(st.body, names, scope, code, st.test)
        self.emit(code, Jump(JUMP, test_at), None)
        code[test_at] = JumpIfNot(JUMP_IF_NOT, test.text, len(code))
        self.ir[test_at] = test.ir
        return names

    def s_Call(self, st: ast.Call, names: Names, scope: Scope, code: Code) -> Names:
        word = self.words.verbs.get(st.verb)
        if word is None:
            if st.verb in self.words.functions:
                self.error(st, f"'{st.verb}' is a function, not a verb: a statement must "
                               "change the game")
            else:
                self.error(st, f"unknown verb '{st.verb}'{_words_like(st.verb, self.words.verbs)}")
            for arg in st.args:  # their own mistakes are told too
                self.expr(arg, names)
            return names
        if word.setup_only and not scope.setup:
            self.error(st, f"'{st.verb}' can only be used in setup programs")
        args, types = self._args(st, word, names, run_checks=True)
        self._maybe_none(st, word, types)
        self.emit(code, Call(CALL, word.fn, tuple(a.text for a in args), st.clause, word.name),
                  ("call", word.name, tuple(a.ir for a in args)))
        return names

    def s_If(self, st: ast.If, names: Names, scope: Scope, code: Code) -> Names:
        jumps_to_end: list[int] = []
        bound: list[Names] = []
        ends: list[frozenset[str]] = []
        known = self.known  # what is known before; at the end of each branch
        failed = _Facts()  # what the branches not taken tell
        for cond, body in st.branches:
            test, _ = self.expr(cond, names)
            at = len(code)
            code.append(None)  # placeholder for the conditional jump
            facts = _facts(cond).merge(failed)
            bound.append(self._guarded(body, names, scope, code, known, facts))
            ends.append(self.known)
            failed = failed.merge(_facts(cond, negated=True))
            jumps_to_end.append(len(code))
            code.append(None)
            code[at] = JumpIfNot(JUMP_IF_NOT, test.text, len(code))
            self.ir[at] = test.ir
        bound.append(self._guarded(st.orelse, names, scope, code, known, failed))
        for end_known in ends:
            self.known &= end_known
        end = len(code)
        for j in jumps_to_end:
            code[j] = Jump(JUMP, end)
        return _common(bound)

    # -- what may be empty or none (the checker's warnings) ------------------------------

    def _guarded(self, body: Iterable[Any], names: Names, scope: Scope, code: Code,
                 known: frozenset[str], facts: _Facts, guard: int = 1) -> Names:
        """Compile ``body`` where ``facts`` hold (an 'if' branch; ``guard``: a block behind
        a test); ``self.known`` is left as it is at the end of the branch."""
        self.known = known | facts.full
        narrowed = {n: attrs.evolve(names[n], optional=False) for n in facts.some
                    if n in names and names[n].optional}
        self.tested += guard
        try:
            return self.block(body, {**names, **narrowed}, scope, code)
        finally:
            self.tested -= guard

    def _loop(self, body: Iterable[Any], names: Names, scope: Scope, code: Code,
              test: ast.Node | None = None) -> None:
        """Compile a loop's ``body``: what it rebinds is not known on its next pass, nor
        after it; a 'while' body knows what its ``test`` tells."""
        self._forget(_binds(body))
        known = self.known
        facts = _facts(test) if test is not None else _Facts()
        self._guarded(body, names, scope, code, known, facts, int(test is not None))
        self.known = known

    def _forget(self, rebound: set[str]) -> None:
        """Forget what was known of expressions reading the names ``rebound``."""
        if rebound:
            self.known = frozenset(t for t in self.known if not _mentions(t, rebound))

    def _full(self, node: Any) -> bool:
        """Whether the list ``node`` is known to have an item: a list written with items,
        ``+`` with such a list, a word declaring its list never empty (``players()``), or
        what an enclosing test or binding tells."""
        kind = type(node)
        if kind is ast.ListLit:
            return bool(node.items)
        if kind is ast.BinOp and node.op == "+":
            return self._full(node.left) or self._full(node.right)
        if kind is ast.FuncCall:
            word = self.words.functions.get(node.name)
            if word is not None and word.returns.full:
                return True
            if word is not None and word.returns == KEPT and node.args:
                return self._full(node.args[0])
        return expression_text(node) in self.known

    def _maybe_none(self, st: ast.Call, word: Word, types: tuple[Type, ...]) -> None:
        """Warn where a verb is given a value the program itself may have made none (a name
        it bound to none on some path, or none written out) where the verb needs one. A
        word's own value that may be none (``captain(place)`` of an empty place) is not
        warned about: whether it can be is the game's logic, which the checker cannot see."""
        for i, (arg, t) in enumerate(zip(st.args, types)):
            wanted = word.type_of_argument(i)
            if not (t.optional or t == NONE) or wanted.optional or wanted in (ANY, NONE):
                continue
            if type(arg) is not ast.Name:
                continue
            label = word.params[i] if i < len(word.params) else "..."
            text = expression_text(arg)
            if _is_none(arg):
                self.warn(arg, f"{word.name}'s argument '{label}' is none, and then the step "
                               f"fails: it needs {wanted}")
                continue
            self.warn(arg, f"{word.name}'s argument '{label}' may be none here ({text} is "
                           f"{t.short}), and then the step fails; test it first: "
                           f"if {text} != none {{ ... }}")


def _ordered(a: Type, b: Type) -> bool:
    """Whether values of types ``a`` and ``b`` always order (``<``): two numbers (seats,
    slots...), two texts, or lists of such."""
    if a.optional or b.optional:
        return False
    if a.number and b.number:
        return True
    if a == TEXT and b == TEXT:
        return True
    return a.name == b.name == "list" and _ordered(a.items[0], b.items[0])


@attrs.frozen
class _Facts:
    """What a test tells where it holds: expressions (their texts) that are lists with an
    item (``L != []``, ``count(L) > 0``) and names that are not none (``x != none``)."""

    full: frozenset[str] = frozenset()
    some: frozenset[str] = frozenset()

    def merge(self, other: _Facts) -> _Facts:
        return _Facts(self.full | other.full, self.some | other.some)


def _facts(cond: ast.Node, negated: bool = False) -> _Facts:
    """What ``cond`` tells where it holds (``negated``: where it does not). Only the plain
    tests are read: ``L != []``, ``count(L) > 0`` (``>= 1``, ``!= 0``), ``x != none``, each
    alone or as a part of an 'and' (negated: their opposites, alone)."""
    if not negated and type(cond) is ast.BoolOp and cond.op == "and":
        out = _Facts()
        for part in cond.values:
            out = out.merge(_facts(part))
        return out
    if negated and type(cond) is ast.Not:
        return _facts(cond.operand)
    if type(cond) is not ast.BinOp:
        return _Facts()
    op: str = _NEGATED.get(cond.op, "") if negated else cond.op
    left, right = cond.left, cond.right
    if type(left) in (ast.ListLit, ast.Num) or _is_none(left):  # [] != L: as L != []
        left, right = right, left
        op = _MIRRORED.get(op, op)
    if _is_none(right) and op == "!=" and type(left) is ast.Name:
        return _Facts(some=frozenset({left.id}))
    if op == "!=" and type(right) is ast.ListLit and not right.items:
        return _Facts(full=frozenset({expression_text(left)}))
    if (isinstance(left, ast.FuncCall) and left.name == "count" and len(left.args) == 1
            and isinstance(right, ast.Num) and (op, right.value) in _SOME_COUNTED):
        return _Facts(full=frozenset({expression_text(left.args[0])}))
    return _Facts()


_NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_MIRRORED = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
#: ``count(L) OP N`` tests that tell L has an item
_SOME_COUNTED = ((">", 0), (">=", 1), ("!=", 0))


def _is_none(node: ast.Node) -> bool:
    return type(node) is ast.Name and node.id == "none"


def _mentions(text: str, names: set[str]) -> bool:
    """Whether the expression ``text`` reads one of ``names``."""
    return any(re.search(rf"(?<![a-z0-9_]){re.escape(n)}(?![a-z0-9_(])", text) for n in names)


def _binds(stmts: Iterable[Any]) -> set[str]:
    """Every name the statements ``stmts`` bind, in blocks within them too."""
    out: set[str] = set()
    for st in stmts:
        kind = type(st)
        if kind in (ast.Let, ast.Choose, ast.For):
            out.add(st.name)
        for body in ast.blocks(st):
            out |= _binds(body)
    return out



#: The source standing in for an expression with a problem (never run).
_NOTHING = Source("None", ir=("lit", None))


def _common(branches: list[Names]) -> Names:
    """The names bound after every branch of an ``if``, each with the join of its types."""
    out = dict(branches[0])
    for names in branches[1:]:
        out = {k: join(t, names[k]) for k, t in out.items() if k in names}
    return out


def _pairs(names: Any) -> tuple[tuple[str, Type], ...]:
    """A scope's names as sorted ``(name, type)`` pairs (already pairs: unchanged)."""
    if isinstance(names, tuple):
        return names
    return tuple(sorted(typed(names).items()))


def typed(names: Iterable[str] | Names) -> Names:
    """``names`` as a dict name -> :class:`Type` (a plain set of names: all ``any``)."""
    if isinstance(names, dict):
        return dict(names)
    return dict.fromkeys(names, ANY)


def compile_program(key: str, program: ast.Program, scope: Scope) -> Program:
    """Compile ``program`` with the words of ``scope.vocabulary``; raise :class:`DataError`
    with every problem found."""
    c = _Compiler(_vocabulary(scope.vocabulary), scope.options)
    code: Code = []
    c.block(program.body, scope.types, scope, code)
    if c.problems:
        raise ProgramError(c.problems, tuple(c.clauses))
    spans = tuple(c.spans.get(i) for i in range(len(code)))
    instructions = cast(tuple[Instruction, ...], tuple(code))  # every jump is placed by now
    run = program_function(key, instructions, c.ns)
    return Program(key, instructions, tuple(c.clauses), spans, scope.names,
                   tuple(sorted(c.bound.items())), run, tuple(c.ir.get(i) for i in range(len(code))),
                   tuple(c.texts.get(i) for i in range(len(code))), tuple(c.warnings))


def warnings_of(programs: Iterable[Program]) -> tuple[Problem, ...]:
    """The checker's warnings of ``programs`` (compiled :class:`Program` s), each once, in
    the order of their files' text."""
    found = {w for p in programs for w in p.warnings}
    return tuple(sorted(found, key=lambda w: (w.file, w.line, w.col, w.message)))


def compile_expression(node: ast.Node, names: Iterable[str] | Names,
                       options: Collection[str] | None = None,
                       want: Type | tuple[Type, str] | None = None, *,
                       vocabulary: Vocabulary | None = None
                       ) -> tuple[Callable[[Any], Any], frozenset[str], Type]:
    """Compile one expression to ``(closure, reads, type)``; raise :class:`DataError`.

    ``closure(machine)`` evaluates it; ``reads`` is what its value depends on: the
    state facets it reads (see :data:`~tortuga_rules.dsl.functions.FACETS`) and the bound
    names it uses; ``type`` is its value's :class:`~tortuga_rules.dsl.types.Type`.
    ``names`` maps the bound names to their types (a plain set: types unknown);
    ``options`` are the option names ``option(...)`` may read; ``want`` is the type
    the value must have, or ``(type, what the value is)`` to name it in the message
    (``(list_of(SEAT), "a vote's participants")``). ``vocabulary`` is the game's words.
    """
    c = _Compiler(_vocabulary(vocabulary), options)
    src, t = c.expr(node, typed(names))
    if want is not None:
        wanted, what = want if isinstance(want, tuple) else (want, "this value")
        c.want(node, t, wanted, what)
    if c.problems:
        raise DataError(c.problems)
    return c.ns.closure(src), frozenset(c.reads) | frozenset(c.used), t


def _vocabulary(vocabulary: object) -> Vocabulary:
    """The vocabulary a program is compiled with; a compile without one is a mistake of the
    caller, not of the rules."""
    if not isinstance(vocabulary, Vocabulary):
        raise TypeError("the DSL compiler needs the game's Vocabulary")
    return vocabulary


#: How tightly each operator binds (the grammar's levels), to write an expression back.
_BINDING = {"or": 1, "and": 2, "not": 3, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
            "in": 4, "+": 5, "-": 5, "*": 6, "//": 6, "%": 6, "neg": 7}


def expression_text(node: Any, outer: int = 0) -> str:
    """``node`` written back as DSL text (spacing normalised, brackets where needed)."""
    kind = type(node)
    if kind is ast.Num:
        return str(node.value)
    if kind is ast.Str:
        return f'"{node.value}"'
    if kind is ast.Name:
        return str(node.id)
    if kind is ast.FuncCall:
        return f"{node.name}({', '.join(expression_text(a) for a in node.args)})"
    if kind is ast.ListLit:
        return f"[{', '.join(expression_text(a) for a in node.items)}]"
    if kind is ast.Index:
        return f"{expression_text(node.seq, 8)}[{expression_text(node.index)}]"
    if kind is ast.Not:
        text, level = f"not {expression_text(node.operand, 3)}", 3
    elif kind is ast.Neg:
        text, level = f"-{expression_text(node.operand, 7)}", 7
    elif kind is ast.BoolOp:
        level = _BINDING[node.op]
        text = f" {node.op} ".join(expression_text(v, level + 1) for v in node.values)
    elif kind is ast.BinOp:
        level = _BINDING[node.op]
        first = level + 1 if level == 4 else level  # comparisons do not chain
        text = (f"{expression_text(node.left, first)} {node.op} "
                f"{expression_text(node.right, level + 1)}")
    else:
        return "..."
    return f"({text})" if level < outer else text


#: The longest a run-time error quotes a statement (longer ones end in "...").
QUOTED = 120


def _quoted(st: Any) -> str:
    """The statement ``st`` as a run-time error quotes it: at most :data:`QUOTED` characters."""
    text = statement_text(st)
    return shortened(text, QUOTED)


def statement_text(st: Any) -> str:
    """The statement ``st`` as its rules write it; a block statement by its header alone."""
    kind = type(st)
    if kind is ast.Call:
        return f"{st.verb}({', '.join(expression_text(a) for a in st.args)})"
    if kind is ast.Let:
        return f"{st.name} = {expression_text(st.value)}"
    if kind is ast.Choose:
        by = f" by {expression_text(st.chooser)}" if st.chooser is not None else ""
        secret = " secretly always" if st.always else " secretly" if st.secret else ""
        return f"choose {st.name} from {expression_text(st.domain)}{by}{secret}"
    if kind is ast.Repeat:
        return f"repeat {expression_text(st.count)}"
    if kind is ast.For:
        return f"for {st.name} in {expression_text(st.seq)}"
    if kind is ast.While:
        return f"while {expression_text(st.test)}"
    if kind is ast.If:
        return f"if {expression_text(st.branches[0][0])}"
    return type(st).__name__.lower()
