"""What building a :class:`~tortuga_rules.data.ruleset.Ruleset` from validated rules data
shares, for every game: :class:`Build`, which collects clauses, clause citations,
compiled programs and problems while a game's builder (its ``GameKind.build``: Tortuga
1667's ``games/tortuga1667/build.py``, a kit game's ``data/kit.py``) builds its sections.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from typing import Any

import attrs

from ..dsl.compiler import Program, Scope
from ..dsl.instructions import Call, Choose
from ..dsl.words import Vocabulary
from ..dsl.types import ANY, Type, join
from ..errors import Problem, did_you_mean
from ..model.notation import Notation
from .overlay import LayeredMap
from .reader import Expression, Reader
from .ruleset import Clause
from .yamlsource import DocPath, Locator

__all__ = ["Build"]

class Build:
    """What the section builders share while building one ruleset.

    ``data`` is the resolved rules document and ``smap`` where each of its values
    came from. Sections add to ``clauses`` (id -> :class:`Clause`), ``programs``
    (key -> compiled program) and ``cited`` (every clause id a section or program
    refers to, with how to report it if it is not defined); every mistake goes to
    the reader's ``problems``.
    """

    def __init__(self, reader: Reader, data: dict[str, Any], smap: Locator,
                 options: Iterable[str] | None = None, *, vocabulary: Vocabulary,
                 engine_clauses: frozenset[str] = frozenset()) -> None:
        self.reader = reader
        self.vocabulary = vocabulary  # the game's DSL words, handed to the compiler
        self.options = None if options is None else frozenset(options)
        self.problems = reader.problems
        self.data = data
        self.smap = smap
        self.clauses: dict[str, Clause] = {}
        self.cited: list[tuple[str, Callable[[str], Problem]]] = []  # (clause id, its problem)
        self.programs: dict[str, Program] = {}
        self.reworded: set[str] = set()
        self.engine_clauses = engine_clauses  # clause ids the game's procedures cite
        if isinstance(smap, LayeredMap):  # clauses a variant rewords win over the card files'
            self.reworded = {cid for cid in data["clauses"]
                             if smap.locate(("clauses", cid))[0] != smap.base.file}

    def problem(self, path: DocPath, message: str, smap: Locator | None = None) -> None:
        """Record a problem at ``path`` of ``smap`` (default: the rules document)."""
        self.problems.append((smap or self.smap).problem(path, message))

    def add_clauses(self, table: dict[str, Any], cmap: Locator, path: DocPath) -> None:
        """Define the clauses of ``table`` (a ruleset's or a card file's ``clauses``)."""
        for cid, c in table.items():
            if cid in self.reworded and cmap is not self.smap:
                continue
            if cid in self.clauses:
                self.problem(path + (cid,), f"clause {cid!r} is defined twice "
                                            f"(also in {self.clauses[cid].file})", cmap)
                continue
            self.clauses[cid] = Clause.of(cid, c, cmap.file)

    def cite(self, cid: str | None, cmap: Locator, path: DocPath) -> None:
        """Note that the value at ``path`` of ``cmap`` refers to clause ``cid``."""
        if cid is not None:
            self.cited.append((cid, lambda msg: cmap.problem(path, msg)))

    def program(self, text: str, cmap: Locator, path: DocPath, key: str,
                scope: Scope) -> Program | None:
        """Compile the DSL program at ``path``, note the clauses it cites and keep it."""
        scope = attrs.evolve(scope, vocabulary=self.vocabulary)
        if self.options is not None:
            scope = attrs.evolve(scope, options=self.options)
        prog = self.reader.dsl(text, cmap, path, key, scope)
        if prog is not None:
            self.cited.extend((cid, span.problem) for cid, span in prog.clauses)
            self.programs[prog.key] = prog
        else:  # its clauses are checked all the same: every problem at once
            uncompiled = self.reader.uncompiled.get(key, ())
            self.cited.extend((cid, span.problem) for cid, span in uncompiled)
        return prog

    def expr(self, text: Any, cmap: Locator, path: DocPath, names: dict[str, Type],
             want: Type | None = None) -> Expression | None:
        """Compile the DSL expression at ``path`` (``None`` on a problem).

        ``names`` maps the names bound to their types; ``want`` is the type its value must
        have (None: any).
        """
        return self.reader.expr(text, cmap, path, names, self.options, want,
                                vocabulary=self.vocabulary)

    def named_calls(self, verb: str
                    ) -> Iterator[tuple[Callable[[str], Problem] | None, str, Call]]:
        """``(where, name, instruction)`` for every call of ``verb`` whose first argument is
        written out as text (``vote("attack", caller)``, ``run("place", ...)``): a name the
        builder can check against its tables at load (a computed one is checked as it runs).
        ``where`` makes a problem located at the statement (None: a program without spans)."""
        for program in self.programs.values():
            for pc, ins in enumerate(program.code):
                if not isinstance(ins, Call) or ins.verb != verb or not ins.args:
                    continue
                text = ins.args[0]
                if not (text.startswith("'") or text.startswith('"')):
                    continue  # computed
                span = program.span_at(pc)
                yield (span.problem if span is not None else None), text[1:-1], ins

    def check_names(self, verb: str, names: Collection[str], what: str) -> None:
        """Every call of ``verb`` with its first argument written out names one of ``names``
        (``what``: what they are, as a message says it)."""
        for where, name, _ in self.named_calls(verb):
            if name not in names and where is not None:
                known = ", ".join(sorted(names)) or "none"
                self.problems.append(where(f"no {what} named {name!r}"
                                           f"{did_you_mean(name, names)} (the {what}s: {known})"))

    def check_citations(self) -> None:
        """Every cited clause, and every clause the engine cites, must be defined."""
        for cid, make in self.cited:
            if cid not in self.clauses:
                problem = make(f"unknown clause {cid!r}{did_you_mean(cid, self.clauses)}")
                if problem not in self.problems:
                    self.problems.append(problem)
        for cid in sorted(self.engine_clauses - set(self.clauses)):
            self.problem(("clauses",), f"clause {cid!r} is missing: the engine cites it")


def _choices(programs: dict[str, Program]) -> dict[str, Type]:
    """Each name a ``choose`` binds, with the type of its values (joined over programs)."""
    out: dict[str, Type] = {}
    for program in programs.values():
        bound = dict(program.bound)
        for ins in program.code:
            if isinstance(ins, Choose):
                t = bound.get(ins.name, ANY)
                out[ins.name] = join(out[ins.name], t) if ins.name in out else t
    return out


def _is_seat(t: Type | None) -> bool:
    return t is not None and t.name == "seat"


def notation_of(actions: Iterable[Any], choices: dict[str, Type]) -> Notation:
    """How rules with these turn actions (:class:`~tortuga_rules.data.ruleset.ActionDef`)
    and choices write their actions: which values are seats, in which order."""
    return Notation.of({a.id: tuple((p.name, _is_seat(p.type)) for p in a.params)
                        for a in actions}, {n for n, t in choices.items() if _is_seat(t)})
