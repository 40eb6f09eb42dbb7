"""Reading rules data while collecting every problem: YAML, schema checks, DSL texts.

Loading goes on after the first mistake so that an author sees them all at once.
A :class:`Reader` is used for one ruleset: it reads YAML files with source
positions, validates them against their schema, parses and compiles DSL programs
and expressions, records every :class:`~tortuga_rules.errors.Problem`, and feeds
the text of what it validates into the ruleset's content hash.
"""

from __future__ import annotations

import collections
import hashlib
import json
import pickle
from importlib.resources.abc import Traversable
from typing import Any, Callable, Collection, Iterable, Iterator

import attrs

from ..dsl import syntax
from ..dsl.compiler import Program, ProgramError, Scope, compile_expression, compile_program
from ..dsl.instructions import Call, Instruction, clause_of
from ..dsl.types import Type
from ..dsl.words import Vocabulary
from ..errors import DataError, Problem, Severity
from .patches import Patcher
from .ruleset import CLAUSE_WORDS
from .schema import schema_problem, validator
from .sources import RulesText
from .yamlsource import DocPath, Locator, SourceMap, load_yaml, read_text

__all__ = ["Reader", "Expression"]

#: A compiled expression: its value in a work area (``fn(machine) -> value``).
Expression = Callable[[Any], Any]


def _cites(ins: Instruction) -> bool:
    """True if instruction ``ins`` cites a clause (a tagged call, binding or choice)."""
    return bool(clause_of(ins))


def _untagged_inside(stmts: Iterable[Any], clause: str | None = None
                     ) -> Iterator[tuple[syntax.Call, str | None]]:
    """``(call, clause)`` for each verb call with no tag of its own: ``clause`` is the tag
    of the block statement (``if``, ``for``, ``repeat``, ``while``) it is inside, which does
    not reach it, or None. What such a call logs cites no clause (unless its word cites
    its own)."""
    for st in stmts:
        if isinstance(st, syntax.Call):
            if st.clause is None:
                yield st, clause
            continue
        inner = st.clause if st.clause is not None else clause
        for body in syntax.blocks(st):
            yield from _untagged_inside(body, inner)


def _tells_untold(key: str, call: syntax.Call, scope: Scope) -> bool:
    """Whether an untagged ``call`` logs something no clause is cited for: its word logs
    events and cites no clause of its own, in a program that is not a turn action's (an
    action cites its own) or the engine's."""
    if key.startswith(("action:", "builtin:")) or scope.vocabulary is None:
        return False
    word = scope.vocabulary.word(call.verb)
    return word is not None and bool(word.events) and not word.cites



def played(data: Any) -> Any:
    """``data`` without the words its clauses and cards say in other languages where no
    rulebook of that language says them (quotations and translations are no part of the
    rules played: they leave the rules' hash, and the saves made under it, as they are)."""
    if isinstance(data, dict):
        return {k: ({cid: {f: v for f, v in c.items() if f not in CLAUSE_WORDS}
                     if isinstance(c, dict) else c for cid, c in v.items()}
                    if k == "clauses" and isinstance(v, dict) else played(v))
                for k, v in data.items() if k != "own_text"}
    if isinstance(data, list):
        return [played(v) for v in data]
    return data


#: The files parsed lately, by name and text: their data (pickled: each read gets its own
#: copy to change) and source map. Compiling rules reads the same bundled files again and
#: again - standard.yaml, with every clause's quotations, takes 60 ms to parse and 0.2 ms
#: to copy. At most PARSED_FILES files of at most PARSED_SIZE characters are kept.
_PARSED: collections.OrderedDict[tuple[str, str], tuple[bytes, SourceMap]] = \
    collections.OrderedDict()
PARSED_FILES, PARSED_SIZE = 64, 256_000


def parse(text: str, display: str) -> tuple[Any, SourceMap]:
    """``load_yaml(text, display)``, from the memo of files parsed lately when it can be."""
    key = (display, text)
    hit = _PARSED.get(key)
    if hit is not None:
        _PARSED.move_to_end(key)
        return pickle.loads(hit[0]), hit[1]
    data, smap = load_yaml(text, display)
    if len(text) <= PARSED_SIZE:
        _PARSED[key] = (pickle.dumps(data, pickle.HIGHEST_PROTOCOL), smap)
        while len(_PARSED) > PARSED_FILES:
            _PARSED.popitem(last=False)
    return data, smap


class Reader:
    """Collects problems from every file while building one ruleset."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []  # errors: the rules do not load
        self.warnings: list[Problem] = []  # likely mistakes that load (``lint`` prints them)
        self.digest = hashlib.sha256()
        self.exprs: dict[tuple[Any, ...], Expression] = {}  # (text, scope) -> its closure
        # closure -> the state facets (and bound names) it reads
        self.reads: dict[Expression, Any] = {}
        self.types: dict[Expression, Type] = {}  # closure -> the type of its value
        # closure -> where its text is (the first place it is used)
        self.spans: dict[Expression, syntax.Span] = {}
        #: program key -> the clauses a program that did not compile cites (still checked)
        self.uncompiled: dict[str, tuple[tuple[str, syntax.Span], ...]] = {}
        self.texts: list[str] = []  # every DSL text compiled, in order (what reads options)
        self.patcher = Patcher()  # the composition's patches, applied to each program

    def warn(self, problem: Problem) -> None:
        """Record ``problem`` as a warning: the rules load, ``lint`` prints it."""
        self.warnings.append(attrs.evolve(problem, severity=Severity.WARNING))

    def read(self, traversable: Traversable | RulesText, display: str) -> tuple[Any, SourceMap]:
        """Parse one YAML file into ``(data, SourceMap)``; ``(None, ...)`` on a problem."""
        try:
            data, smap = parse(read_text(traversable, display), display)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None, SourceMap(display)
        return data, smap

    def validate(self, data: Any, smap: Locator, schema_name: str, digest: bool = True) -> bool:
        """Check ``data`` against schema ``schema_name``; its text feeds the hash if ``digest``."""
        if data is None:
            self.problems.append(smap.problem((), "the file is empty"))
            return False
        ok = True
        errors = validator(schema_name).iter_errors(data)
        for err in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
            ok = False
            self.problems.append(schema_problem(err, smap))
        if ok and digest:
            self.digest.update(json.dumps(played(data), sort_keys=True, ensure_ascii=False).encode())
        return ok

    def dsl(self, text: str, smap: Locator, path: DocPath, key: str,
            scope: Scope) -> Program | None:
        """Parse and compile the DSL program at ``path``; ``None`` on a problem."""
        self.texts.append(str(text))
        try:
            file, pos = smap.locate(path)
            try:
                ast = syntax.parse_program(str(text), file, pos)
            except DataError:
                self.patcher.failed(key)
                raise
            patched = self.patcher.apply(key, ast, str(text), file, pos)
            if self.patcher.tentatively(key):
                program = self._tentative(key, patched, ast, scope)
            else:
                program = compile_program(key, patched, scope)
            untagged = list(_untagged_inside(patched.body))
        except DataError as exc:
            self.problems.extend(exc.problems)
            if isinstance(exc, ProgramError):
                self.uncompiled[key] = exc.clauses
            return None
        for warning in program.warnings:
            self.warn(warning)
        self._cites_a_clause(program)
        for call, clause in untagged:
            if clause is not None:
                self.warn(call.span.problem(
                    f"'{call.verb}' is inside a statement tagged @{clause}, but a tag applies "
                    f"to its own statement only: what {call.verb} does is logged without a "
                    f"clause; tag it (@{clause}  {call.verb}(...))"))
            elif program.clauses and _tells_untold(key, call, scope):
                self.warn(call.span.problem(
                    f"'{call.verb}' has no clause tag: what it does is logged and told "
                    f"without a rule; tag it with the clause it applies "
                    f"(@clause.id  {call.verb}(...))"))
        return program

    def _tentative(self, key: str, patched: syntax.Program, plain: syntax.Program,
                   scope: Scope) -> Program:
        """Compile a program a patch naming no program changed; should the patch turn out
        to be meant for no one program, its problems are those of the program as written
        (:meth:`Patcher.hold`)."""
        try:
            return compile_program(key, patched, scope)
        except DataError as exc:
            try:
                compile_program(key, plain, scope)
                self.patcher.hold(key, exc.problems, [])
            except DataError as plain_exc:
                self.patcher.hold(key, exc.problems, plain_exc.problems)
            raise

    def _cites_a_clause(self, program: Program) -> None:
        """Warn about a program that does something but cites no clause anywhere (not a
        turn action's: the action cites its own): what it does is logged and told without
        a rule."""
        if program.key.startswith("action:") or program.clauses:
            return
        calls = [pc for pc, ins in enumerate(program.code) if isinstance(ins, Call)]
        if not calls or any(_cites(ins) for ins in program.code):
            return
        span = program.span_at(calls[0])
        if span is not None:
            self.warn(span.problem(f"{program.key} cites no clause: what it does is logged "
                                   f"and told without a rule; tag the statement that "
                                   f"applies a rule with @clause.id"))

    def expr(self, text: Any, smap: Locator, path: DocPath, names: dict[str, Type],
             options: Collection[str] | None = None, want: Type | None = None, *,
             vocabulary: Vocabulary | None = None) -> Expression | None:
        """Compile an expression; the same text in the same scope gives the same closure.

        Sharing closures lets the engine evaluate an expression used by several actions
        (``face_down()`` ...) once per state. ``names`` maps the names bound to their
        types; ``options`` are the ruleset's option names; ``want`` is the type the value
        must have. The value's type is kept in :attr:`types`.
        """
        key = (" ".join(str(text).split()), frozenset(names.items()), want,
               None if vocabulary is None else vocabulary.name)
        self.texts.append(str(text))
        try:
            file, pos = smap.locate(path)
            node = syntax.parse_expression(str(text), file, pos)
            fn, reads, vtype = compile_expression(node, names, options, want,
                                                  vocabulary=vocabulary)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None
        fn = self.exprs.setdefault(key, fn)
        self.reads[fn] = reads
        self.types[fn] = vtype
        self.spans.setdefault(fn, node.span)
        return fn
