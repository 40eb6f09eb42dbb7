"""Patches: a variant changing one tagged statement of a program by its clause id.

A variant's ``patches`` list replaces, inserts before or after, or removes the statements
a clause tags (``@dice.fleet.first  advance(who, "fleet", 2)``) in any program of the
rules (an action's effect, a card's, the kit's ``play``, an ``effects`` program ...), so a
one-line house rule is one line:

.. code-block:: yaml

    patches:
      - program: effect:expand-first      # optional when one program has the clause
        replace: dice.fleet.first         # or before:, after:, remove:
        with: '@dice.2p.fleet  advance(who, "fleet", 1)'

Patches are applied to the program's syntax tree as it is compiled, in composition
order, so the patched program is checked like any other and a mistake in ``with`` is
located in the variant file. A clause tagging several statements needs ``nth`` (never one
picked silently); a clause or program not found is a located problem with a suggestion.
"""

from __future__ import annotations

import enum
from typing import Any, Callable, Iterable, Iterator, Sequence

import attrs

from ..dsl import syntax
from ..errors import DataError, Position, Problem, did_you_mean
from .yamlsource import DocPath, Locator

__all__ = ["PatchKind", "Patch", "Applied", "Patcher", "read_patches", "statement_text"]


class PatchKind(enum.Enum):
    """What a patch does to the statements its clause tags."""

    REPLACE = "replace"
    BEFORE = "before"
    AFTER = "after"
    REMOVE = "remove"


_LOOPS = (syntax.Repeat, syntax.For, syntax.While)  # statements with one body

#: A statement of :mod:`~tortuga_rules.dsl.syntax` (each kind has its ``clause`` and
#: ``clause_at``; they share no base class that says so).
Statement = Any
#: What a patched statement becomes: a function of it giving the statements in its place.
Splice = Callable[[Statement], tuple[Statement, ...]]


@attrs.frozen
class Patch:
    """One entry of a variant's ``patches``, with where it is written."""

    kind: PatchKind
    clause: str
    program: str | None
    nth: int | None
    #: the statements of ``with`` (parsed, located in the variant file)
    statements: tuple[Statement, ...]
    text: str  # ``with`` as written ("" for remove)
    at: syntax.Span  # where the patch's clause id is written

    def problem(self, message: str) -> Problem:
        return self.at.problem(message)


@attrs.frozen
class Applied:
    """A patch as it was applied: the statement it patched, as its program wrote it."""

    patch: Patch
    program: str
    was: str


def read_patches(entries: list[Any], where: Locator, problems: list[Problem]) -> tuple[Patch, ...]:
    """The :class:`Patch` records of the resolved ``patches`` list (``where`` locates them);
    a malformed entry is a located problem in ``problems`` and is left out."""
    out = []
    for i, entry in enumerate(entries):
        patch = _patch(entry, where, ("patches", i), problems)
        if patch is not None:
            out.append(patch)
    return tuple(out)


def _patch(entry: dict[str, Any], where: Locator, path: DocPath,
           problems: list[Problem]) -> Patch | None:
    kinds = [k for k in PatchKind if k.value in entry]
    if len(kinds) != 1:
        problems.append(where.problem(path, "a patch says one of replace, before, after or "
                                            "remove (the clause id of the statement it patches)"
                                      + (f", not {len(kinds)}" if kinds else "")))
        return None
    kind = kinds[0]
    text = entry.get("with")
    if (kind is PatchKind.REMOVE) != (text is None):
        problems.append(where.problem(path, "remove takes no 'with'" if text is not None else
                                      f"{kind.value} needs 'with': the statements to put there"))
        return None
    statements: tuple[Statement, ...] = ()
    if text is not None:
        file, pos = where.locate(path + ("with",))
        try:
            statements = syntax.parse_program(str(text), file, pos).body
        except DataError as exc:
            problems.extend(exc.problems)
            return None
    file, pos = where.locate(path + (kind.value,))
    return Patch(kind, str(entry[kind.value]), entry.get("program"), entry.get("nth"),
                 statements, str(text or ""), syntax.Span(file, pos.line, pos.col))


class Patcher:
    """Applies a composition's patches to each program as it is compiled, and tells at the
    end which patch found no statement, or statements in more than one program."""

    def __init__(self, patches: tuple[Patch, ...] = (), problems: list[Problem] | None = None,
                 files: tuple[str, ...] = ()) -> None:
        self.patches = patches
        self.files = files  # the composition's files, in order
        self.superseded: set[int] = set()  # patches of programs a later part wrote anew
        # program key -> the clause ids tagging its statements
        self.tags: dict[str, set[str]] = {}
        self.unread: set[str] = set()  # programs that did not parse (their tags are unknown)
        self.found: dict[int, list[str]] = {}  # patch index -> the program keys it applied to
        self.applied: list[Applied] = []  # Applied records, in order
        #: malformed patches, nth out of range: told at the end, with the others
        self.problems: list[Problem] = list(problems or [])
        # program key -> patches naming no program it took
        self.tentative: dict[str, list[int]] = {}
        # (program key, problems patched, problems plain)
        self.held: list[tuple[str, Sequence[Problem], Sequence[Problem]]] = []

    def apply(self, key: str, program: syntax.Program, text: str, file: str,
              base: Position) -> syntax.Program:
        """``program`` (compiled as ``key`` from ``text``, written in ``file`` at ``base``),
        patched."""
        if not self.patches:
            return program
        self.tags[key] = set(_tags(program.body))
        for i, patch in enumerate(self.patches):
            if patch.program not in (None, key):
                continue
            if self._rank(file) > self._rank(patch.at.file):
                if patch.program == key:
                    self.superseded.add(i)  # a later part wrote the program anew
                continue
            if patch.clause not in _tags(program.body):
                continue
            self.found.setdefault(i, []).append(key)
            if patch.program is None:
                if len(set(self.found[i])) > 1:
                    continue  # ambiguous: told at the end, applied to the first program only
                self.tentative.setdefault(key, []).append(i)
            program = self._one(patch, key, program, (text, file, base))
        return program

    def _rank(self, file: str) -> int:
        """Where ``file`` comes in the composition (-1: before it, as card files do)."""
        return self.files.index(file) if file in self.files else -1

    def tentatively(self, key: str) -> bool:
        """Whether a patch naming no program changed program ``key`` (it may turn out to
        tag statements of another program too: see :meth:`hold`)."""
        return key in self.tentative

    def hold(self, key: str, patched: Sequence[Problem], plain: Sequence[Problem]) -> None:
        """Program ``key``'s problems, compiled with and without the patches naming no
        program: the plain ones are told instead if one of those patches turns out
        ambiguous (:meth:`told`)."""
        self.held.append((key, patched, plain))

    def failed(self, key: str) -> None:
        """Program ``key`` did not parse: no patch is said not to find its statements."""
        self.unread.add(key)

    def _one(self, patch: Patch, key: str, program: syntax.Program,
             source: tuple[str, str, Position]) -> syntax.Program:
        tagged = [s for s in _walk(program.body) if s.clause == patch.clause]
        if patch.nth is None and len(tagged) > 1:
            self.problems.append(patch.problem(
                f"@{patch.clause} tags {len(tagged)} statements of program {key} "
                f"({_lines(tagged)}): say which with nth: 1 to {len(tagged)}"))
            return program
        nth = patch.nth or 1
        if nth > len(tagged):
            self.problems.append(patch.problem(
                f"nth: {nth}, but @{patch.clause} tags {len(tagged)} statement"
                f"{'s' if len(tagged) != 1 else ''} of program {key}"))
            return program
        target = tagged[nth - 1]
        text, file, base = source
        self.applied.append(Applied(patch, key, statement_text(text, file, base, target)))
        new = tuple(_tagged(s, patch) if patch.kind is PatchKind.REPLACE else s
                    for s in patch.statements)
        body = _rewrite(program.body, target, _splice(patch, new))
        if _depth(body) > syntax.MAX_NESTING:
            self.problems.append(patch.problem(
                f"patched, program {key} would nest blocks more than {syntax.MAX_NESTING} "
                "levels deep"))
            return program
        return attrs.evolve(program, body=body)

    def told(self, problems: list[Problem]) -> list[Problem]:
        """``problems`` (the build's) as they stand once every program is compiled, with
        those of the patches, each once, in file order: a program's problems with a patch
        that turns out ambiguous are those it has without it."""
        ambiguous = {i for i, p in enumerate(self.patches)
                     if p.program is None and len(set(self.found.get(i, []))) > 1}
        out = list(problems)
        for key, patched, plain in self.held:
            if ambiguous & set(self.tentative[key]):
                out = [p for p in out if p not in patched] + list(plain)
        mine = self.unapplied()
        if not self.patches and not mine:
            return out  # no patches: the build's problems as they are
        return sorted(dict.fromkeys(out + mine),  # each once, in file order
                      key=lambda p: (p.file, p.line, p.col))

    def unapplied(self) -> list[Problem]:
        """The problems of patches that found nothing, or more than one program."""
        out = list(self.problems)
        for i, patch in enumerate(self.patches):
            keys = self.found.get(i, [])
            if len(set(keys)) > 1 and patch.program is None:
                out.append(patch.problem(
                    f"@{patch.clause} tags statements of programs {', '.join(sorted(set(keys)))}:"
                    f" name the one to patch with program:"))
            elif not keys and not self._unknowable(patch) and i not in self.superseded:
                out.append(patch.problem(self._missing(patch)))
        return out

    def _unknowable(self, patch: Patch) -> bool:
        return patch.program in self.unread or (patch.program is None and bool(self.unread))

    def _missing(self, patch: Patch) -> str:
        if patch.program is not None and patch.program not in self.tags:
            return (f"no program {patch.program!r}{did_you_mean(patch.program, self.tags)} "
                    f"(the programs: {', '.join(sorted(self.tags))})")
        tags = self.tags[patch.program] if patch.program else set().union(*self.tags.values())
        where = f"program {patch.program}" if patch.program else "any program"
        return (f"no statement of {where} is tagged @{patch.clause}"
                f"{did_you_mean(patch.clause, tags)}")


def _lines(statements: list[Statement]) -> str:
    """Where ``statements`` are written: ``lines 3, 5 of FILE``, or each ``FILE:LINE``."""
    spans = [s.clause_at or s.span for s in statements]
    files = {span.file for span in spans}
    if len(files) == 1:
        return f"lines {', '.join(str(span.line) for span in spans)} of {files.pop()}"
    return ", ".join(f"{span.file}:{span.line}" for span in spans)


def _tagged(statement: Statement, patch: Patch) -> Statement:
    """A statement replacing a tagged one: written without a tag, it implements the clause
    of the statement it replaces (statements put before or after one are tagged as written)."""
    if statement.clause is not None:
        return statement
    return attrs.evolve(statement, clause=patch.clause, clause_at=patch.at)


def _splice(patch: Patch, new: tuple[Statement, ...]) -> Splice:
    """What the patched statement becomes: a tuple of statements."""
    return {PatchKind.REPLACE: lambda s: new, PatchKind.REMOVE: lambda s: (),
            PatchKind.BEFORE: lambda s: new + (s,), PatchKind.AFTER: lambda s: (s,) + new,
            }[patch.kind]


def _walk(body: Iterable[Statement]) -> Iterator[Statement]:
    """Every statement of ``body``, nested ones included, in the order they are written."""
    for statement in body:
        yield statement
        for block in syntax.blocks(statement):
            yield from _walk(block)


def _depth(body: tuple[Statement, ...]) -> int:
    """How deeply the blocks of ``body`` nest (counted without recursion)."""
    deepest, stack = 0, [(body, 1)]
    while stack:
        block, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((inner, depth + 1) for s in block for inner in syntax.blocks(s))
    return deepest


def _tags(body: tuple[Statement, ...]) -> list[str]:
    return [s.clause for s in _walk(body) if s.clause is not None]



def _rewrite(body: tuple[Statement, ...], target: Statement,
             splice: Splice) -> tuple[Statement, ...]:
    """``body`` with ``target`` (found by identity, at any depth) replaced by ``splice``'s."""
    out: list[Statement] = []
    for statement in body:
        if statement is target:
            out.extend(splice(statement))
            continue
        if isinstance(statement, syntax.If):
            statement = attrs.evolve(
                statement, branches=tuple((c, _rewrite(b, target, splice))
                                          for c, b in statement.branches),
                orelse=_rewrite(statement.orelse, target, splice))
        elif isinstance(statement, _LOOPS):
            statement = attrs.evolve(statement,
                                     body=_rewrite(statement.body, target, splice))
        elif isinstance(statement, syntax.Choose) and statement.orelse is not None:
            statement = attrs.evolve(statement,
                                     orelse=_rewrite(statement.orelse, target, splice))
        out.append(statement)
    return tuple(out)


def statement_text(text: str, file: str, base: Position, statement: Statement) -> str:
    """The text of ``statement`` (its tag included) as ``text``, written in ``file`` at
    ``base``, has it: from its tag to the end of its line, or of its block, or to the ``}``
    closing the block it is in. A statement written elsewhere (a patch's) is its tag alone."""
    at = statement.clause_at or statement.span
    lines = text.split("\n")
    row = at.line - base.line
    col = at.col - (base.col if row == 0 or base.style in ("|", ">") else 1)
    if at.file != file or not 0 <= row < len(lines) or lines[row][col:col + 1] != "@":
        return f"@{statement.clause}"
    return _until_end("\n".join(lines[row:])[col:]).strip()


def _until_end(rest: str) -> str:
    depth, quote = 0, None
    for i, ch in enumerate(rest):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return rest[:i]
            depth -= 1
        elif ch == "\n" and depth == 0:
            return rest[:i]
    return rest
