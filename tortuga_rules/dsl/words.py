"""The DSL's vocabulary records: a :class:`Word` per verb or function, and how they register.

A word is a small Python function named like the DSL word it implements; its first
parameter is the running :class:`~tortuga_rules.dsl.machine.Machine`, the rest are
the DSL arguments. Registering reads the parameter names and docstring off the
function, so the compiler can check names and argument counts at load time and
the author's reference (``tortuga-rules words``) can list every word.

A word's docstring is its documentation, in one place: a description, then the fields
the reference shows, each starting a line - ``Logs:`` the event kinds a verb logs (in
double backquotes), ``Cites:`` the clause it cites whatever the statement's tag, and
``Example:`` a statement that uses it (further lines indented by four spaces), which a
test compiles against its game's vocabulary.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from .types import ANY, Type

__all__ = ["Word", "Vocabulary", "register", "documented", "FIELDS"]


@attrs.frozen
class Word:
    """A DSL word: its Python function, parameters and their types, and what it gives back.

    ``types`` has one type per named parameter, then (if ``variadic``) the type of each
    further argument; ``returns`` is a function's value type (see :mod:`.types`).
    ``doc`` is its description; ``logs``, ``cites`` and ``example`` are its docstring's
    fields (see the module; empty if it has none).
    """

    name: str
    fn: Callable[..., Any] = attrs.field(repr=False)
    params: tuple[str, ...]
    variadic: bool
    doc: str
    setup_only: bool = False
    reads: frozenset[str] = frozenset()
    types: tuple[Type, ...] = ()
    returns: Type = ANY
    logs: str = ""
    cites: str = ""
    example: str = ""

    @property
    def summary(self) -> str:
        """The first sentence-long paragraph of its description, on one line."""
        return " ".join(self.doc.split("\n\n", 1)[0].split())

    @property
    def events(self) -> tuple[str, ...]:
        """The event kinds its ``Logs:`` field names (each in double backquotes)."""
        return tuple(re.findall(r"``([a-z][a-z-]*)``", self.logs))

    def arity_ok(self, n: int) -> bool:
        return n >= len(self.params) if self.variadic else n == len(self.params)

    def type_of_argument(self, i: int) -> Type:
        """The type the ``i``-th argument must have."""
        if i < len(self.types):
            return self.types[i]
        return self.types[-1] if self.variadic and self.types else ANY

    @property
    def typed_signature(self) -> str:
        """The word with its parameters' types: ``crew(place: place)``."""
        ps = [f"{p}: {t.short}" for p, t in zip(self.params, self.types)]
        if self.variadic:
            ps.append(f"...: {self.types[-1].short}")
        return f"{self.name}({', '.join(ps)})"

    @property
    def signature(self) -> str:
        ps = list(self.params) + (["..."] if self.variadic else [])
        return f"{self.name}({', '.join(ps)})"


@attrs.frozen
class Vocabulary:
    """The words a game gives its DSL, handed to the compiler (no table is module-global).

    ``verbs`` and ``functions`` map names to :class:`Word` s; ``constants`` map names to
    ``(value, Type)``; ``facets`` map the state facets functions declare they read to how
    each is taken from a state (legal actions are remembered by them); ``internal`` are the
    engine's own steps its builtin programs call (finish an action, a reveal, a vote...).
    ``title`` names it in its reference (``the component kit``). ``examples`` are the
    names its words' examples may use, each with its type,
    ``example_chooser`` the one of them a ``choose`` asks by default (as a program of the
    game has them: a card's ``revealer``), and ``example_rules`` the bundled ruleset whose
    things (zones, tracks, cards) the examples name, and which they are run in.
    """

    name: str
    verbs: dict[str, Word] = attrs.field(repr=False)
    functions: dict[str, Word] = attrs.field(repr=False)
    constants: dict[str, tuple[Any, Type]] = attrs.field(repr=False)
    facets: dict[str, Callable[..., Any]] = attrs.field(repr=False)
    internal: dict[str, Callable[..., Any]] = attrs.field(factory=dict, repr=False)
    title: str = ""
    examples: dict[str, Type] = attrs.field(factory=dict, repr=False)
    example_chooser: str | None = None
    example_rules: str | None = None

    def word(self, name: str) -> Word | None:
        """The verb or function called ``name`` (None if the game has no such word)."""
        return self.functions.get(name) or self.verbs.get(name)


F = TypeVar("F", bound=Callable[..., Any])


def register(table: dict[str, Word], setup_only: bool = False,
             reads: Iterable[str] = ()) -> Callable[[F], F]:
    """A decorator that records the function it decorates as a word of ``table``.

    The word's name is the function's, without a trailing underscore (``vote_`` for
    a Python keyword clash). Its parameters' annotations carry their DSL types, its return
    annotation a function's value type: ``typing.Annotated`` aliases such as
    :data:`~.types.Seat` (``Any`` to Python, the :class:`~.types.Type` in their metadata;
    the modules defining words do not postpone annotations, so these are objects, not
    text). ``setup_only`` words may appear only in setup programs; ``reads`` names the
    state facets a function reads.
    """
    def add(fn: F) -> F:
        name = fn.__name__.rstrip("_")
        params = list(inspect.signature(fn).parameters.values())[1:]
        variadic = any(p.kind is p.VAR_POSITIONAL for p in params)
        names = tuple(p.name for p in params if p.kind is not p.VAR_POSITIONAL)
        hints = {k: _dsl_type(v) for k, v in fn.__annotations__.items()}
        types = tuple(hints.get(p.name, ANY) for p in params)
        doc, fields = documented(inspect.getdoc(fn) or "")
        table[name] = Word(name, fn, names, variadic, doc, setup_only, frozenset(reads), types,
                           hints.get("return", ANY), **fields)
        return fn
    return add


def _dsl_type(annotation: object) -> Type:
    """The DSL type an annotation carries (``Annotated[Any, SEAT]``); ``any`` if none."""
    for meta in getattr(annotation, "__metadata__", ()):
        if isinstance(meta, Type):
            return meta
    return ANY


#: The fields a word's docstring may end with, by the heading that starts their line.
FIELDS = {"Logs:": "logs", "Cites:": "cites", "Example:": "example"}


def documented(docstring: str) -> tuple[str, dict[str, str]]:
    """A word's docstring split into its description and its fields (:data:`FIELDS`).

    The fields come last; a line after one that starts no other field goes on with it: an
    example's lines keep their line breaks (less the four spaces of indent), the other
    fields' are joined into one.
    """
    lines = docstring.splitlines()
    start = next((i for i, line in enumerate(lines) if line.split(" ", 1)[0] in FIELDS),
                 len(lines))
    fields: dict[str, str] = {}
    name = ""
    for line in lines[start:]:
        head = line.split(" ", 1)[0]
        if head in FIELDS:
            name = FIELDS[head]
            fields[name] = line[len(head):].strip()
        elif name == "example":
            fields[name] += "\n" + line.removeprefix("    ")
        elif line.strip():
            fields[name] += " " + line.strip()
    return "\n".join(lines[:start]).strip(), fields
