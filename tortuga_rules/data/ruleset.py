"""A compiled ruleset: the values the loader builds from the rules data.

A :class:`Ruleset` is immutable and holds only compiled code and tables: the game
loop never parses. The parts every game has are a clause table (:class:`Clause`), its
programs, its options and the catalogue of turn actions (:class:`ActionDef` with its
:class:`Param` s); a game's builder (its ``GameKind.build``) makes one, a game with tables
of its own a subclass (Tortuga 1667's ``TortugaRuleset``: cards, votes, board), the
component kit keeps its tables in ``tables``. :mod:`tortuga_rules.data.loader` loads one.
"""

from __future__ import annotations

import functools
import itertools
import math
import weakref
from typing import Any

import attrs

from ..dsl.compiler import Program, warnings_of
from ..errors import Problem, RulesError
from ..dsl.operations import MAX_OPTIONS
from ..model.actions import Action
from ..model.notation import PLAIN, Notation

__all__ = ["Ruleset", "ActionDef", "Param", "Clause", "Memo", "MEMOS", "memos"]

#: Every memo of legal-action answers alive: its id -> a weak reference to it (a plain
#: dict of weak references, which the native engine, where it is built, empties too
#: without running Python code).
MEMOS: dict[int, weakref.ref[Memo]] = {}


class Memo(dict[Any, Any]):
    """A memo of legal-action answers (filled by :mod:`tortuga_rules.game.legality`).

    What every memo of every ruleset holds - the native engine's too, where it is built -
    is counted against one budget; when it is spent they are all emptied together (they
    refill with what play needs), so a process that plays for weeks holds a bounded
    amount of them.
    """

    __slots__ = ("__weakref__",)

    def __init__(self) -> None:
        super().__init__()
        key = id(self)
        MEMOS[key] = weakref.ref(self, functools.partial(_gone, key))


def _gone(key: int, ref: weakref.ref[Memo]) -> None:
    """A memo was freed: its entry goes (unless a newer memo already took its id)."""
    if MEMOS.get(key) is ref:
        del MEMOS[key]


def memos() -> list[Memo]:
    """Every memo of legal-action answers alive."""
    return [m for m in (ref() for ref in list(MEMOS.values())) if m is not None]


#: The words a clause says in a language: quoted from that language's rulebook, our own
#: statement translated (no rulebook of that language says it), or - the Italian rulebook
#: being the 1st edition's - what that rulebook says where it states another rule.
CLAUSE_WORDS = ("quote", "own", "first_edition")


@attrs.frozen
class Clause:
    """A rule clause: a stable id, a short English statement and its source; ``said`` holds
    its words in the other languages, ``((kind, lang, text), ...)`` with ``kind`` one of
    :data:`CLAUSE_WORDS`."""

    id: str
    text: str
    source: str
    file: str
    said: tuple[tuple[str, str, str], ...] = ()

    def words(self, lang: str) -> tuple[str, str, str | None]:
        """``(text, kind, other)`` in ``lang``: the rulebook's quotation (``quote``), our
        statement translated (``own``), or the English statement (``en``) where there is
        neither; ``other`` is what that language's 1st-edition rulebook says instead."""
        found = {kind: text for kind, lang_, text in self.said if lang_ == lang}
        other = found.get("first_edition")
        if "quote" in found:
            return found["quote"], "quote", other
        if "own" in found:
            return found["own"], "own", other
        return self.text, "en", other

    @classmethod
    def of(cls, cid: str, data: dict[str, Any], file: str) -> Clause:
        """The clause a rules file's ``clauses`` entry defines."""
        said = tuple((kind, lang, text) for kind in CLAUSE_WORDS
                     for lang, text in sorted((data.get(kind) or {}).items()))
        return cls(cid, data["text"], data["source"], file, said)


@attrs.frozen
class Param:
    """A parameter of a turn action: its allowed values and the filters on each value.

    ``values`` lists candidate values (cited by ``clause``); each ``where`` entry is
    ``(test, clause, text)``, a test with the parameter's name bound to a candidate.
    ``domain`` is the compiled whole: the candidates every test lets through.
    """

    name: str
    values: object = attrs.field(repr=False)
    clause: str = ""
    where: tuple[tuple[Any, str, str], ...] = ()
    domain: object = attrs.field(default=None, repr=False)
    #: the DSL type of one value (a :class:`~tortuga_rules.dsl.types.Type`; None: unknown)
    type: object = attrs.field(default=None, repr=False)


@attrs.frozen
class ActionDef:
    """A turn action of the catalogue, compiled."""

    id: str
    clause: str
    role: Any  # the role it needs, as the game names it (``anyone``: every seat)
    params: tuple[Param, ...]
    requires: tuple[tuple[Any, str, str], ...]  # ((test closure, clause id, source text), ...)
    program: Program = attrs.field(repr=False)
    text: str = ""
    depends: tuple[str, ...] = ()  # the facet names (and "actor") its parameter domains depend on
    cache: dict[Any, Any] = attrs.field(factory=Memo, eq=False, repr=False)  # facets -> options
    #: the facet names (and "actor") its preconditions depend on
    requires_depends: tuple[str, ...] = ()
    allowed: dict[Any, Any] = attrs.field(factory=Memo, eq=False, repr=False)  # facets -> bool
    span: object = attrs.field(default=None, eq=False, repr=False)  # where it is defined
    #: where each of its expressions (preconditions, parameter values) is written
    spans: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def expressions(self) -> tuple[Any, ...]:
        """Its preconditions' tests, then its parameters' values: the expressions a
        listing's failure is looked for among, in this order (a failure elsewhere, in a
        filter or the count of options, is placed at the action)."""
        return tuple(t for t, _, _ in self.requires) + tuple(p.values for p in self.params)

    def failure(self, detail: str, at: int = 0) -> RulesError:
        """The located error of a listing of this action that failed as ``detail`` says,
        at its expression number ``at`` (1 + its place in :attr:`expressions`; 0: placed at
        the action): nothing was taken."""
        message = (f"{detail} (the parameters or preconditions of action {self.id}); "
                   "no action was taken")
        tests = self.expressions
        span: Any = (self.spans.get(tests[at - 1]) if 0 < at <= len(tests) else None) or self.span
        problem = span.problem(message) if span else Problem(f"<action:{self.id}>", 0, 0, message)
        return RulesError(problem, f"action:{self.id}", self.clause)

    def options(self, values: tuple[tuple[Any, ...], ...]) -> tuple[Action, ...]:
        """Every :class:`Action` for the parameter domains ``values``.

        Raises :class:`ValueError` beyond :data:`MAX_OPTIONS` combinations (a house
        rule whose parameters multiply out of bounds).
        """
        if (math.prod(map(len, values)) if len(values) > 1 else len(values[0]) if values
                else 0) > MAX_OPTIONS:
            raise ValueError(f"{self.id} would have more than {MAX_OPTIONS:,} options "
                             f"({' x '.join(str(len(v)) for v in values)})")
        names = [p.name for p in self.params]
        return tuple(Action(self.id, tuple(zip(names, combo)))
                     for combo in itertools.product(*values))


@attrs.frozen
class Ruleset:
    """A complete, compiled rule set. Immutable; share it between games freely."""

    id: str
    name: str
    description: str
    hash: str
    min_players: int
    max_players: int
    options: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    actions: tuple[ActionDef, ...] = attrs.field(default=(), repr=False)
    programs: dict[str, Program] = attrs.field(factory=dict, eq=False, repr=False)
    clauses: dict[str, Clause] = attrs.field(factory=dict, eq=False, repr=False)
    source: str = ""
    action_by_id: dict[str, ActionDef] = attrs.field(factory=dict, eq=False, repr=False)
    #: option name -> its declaration (label, description, type, default, ...)
    option_decls: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: the optional turn timer, as data for front ends (seconds, default action, ...)
    timer: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: event card id -> its definition data (after variants' overrides), for diffing
    card_data: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: the resolved rules data (after variants and options), for showing and diffing
    data: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: variant id -> the clause ids it adds or rewords
    changed_clauses: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: choice name -> the DSL type of its values (joined over every ``choose`` of that name)
    choices: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: how these rules write their actions (each turn action's parameters, the choices
    #: whose values are seats): ``str(action)`` knows no ruleset, ``action.text(rules)`` does
    notation: Notation = attrs.field(default=PLAIN, eq=False, repr=False)
    #: the game's DSL words its programs were compiled with (its facets key legal actions)
    vocabulary: Any = attrs.field(default=None, eq=False, repr=False)
    #: the game these rules are of (a :class:`~tortuga_rules.model.games.GameKind`)
    game: Any = attrs.field(default=None, eq=False, repr=False)
    #: a game's own compiled tables (its components, ...), by name
    tables: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: role set -> how legal_actions lists the actions those roles allow (filled in play)
    memo: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)
    #: what other engines made of these rules, by engine (the native engine's copy, or why
    #: it cannot run them; see :mod:`tortuga_rules.game.native`)
    engines: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """What the DSL checker found its programs may do wrong while they run (a choose
        that may have nothing to choose from, a value that may be none given to a verb):
        located :class:`~tortuga_rules.errors.Problem` s of severity warning, each once, in
        file order (see :func:`~tortuga_rules.dsl.compiler.warnings_of`)."""
        return warnings_of(self.programs.values())

    @property
    def title(self) -> str:
        """The last layer's own name: a variant's (``Madness``), or the ruleset's."""
        return self.name.rsplit(" + ", 1)[-1]

    @property
    def about(self) -> str:
        """The last layer's own description (a composition's ``description`` has them all)."""
        if " + " not in self.name:
            return self.description
        return self.description.rsplit(f" {self.title}: ", 1)[-1]

    @property
    def action_ids(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.actions)

    def action_def(self, kind: str) -> ActionDef | None:
        """The catalogue entry of the turn action ``kind`` (None if there is none)."""
        return self.action_by_id.get(kind)
