"""The DSL's vocabulary records: a :class:`Word` per verb or function, and how they register.

A word is a small Python function named like the DSL word it implements; its first
parameter is the running :class:`~tortuga_rules.dsl.machine.Machine`, the rest are
the DSL arguments. Registering reads the parameter names and docstring off the
function, so the compiler can check names and argument counts at load time and
docs/dsl.md can list every word.
"""

from __future__ import annotations

import inspect

import attrs

from .types import ANY, Type

__all__ = ["Word", "Vocabulary", "register"]


@attrs.frozen
class Word:
    """A DSL word: its Python function, parameters and their types, and what it gives back.

    ``types`` has one type per named parameter, then (if ``variadic``) the type of each
    further argument; ``returns`` is a function's value type (see :mod:`.types`).
    """

    name: str
    fn: object = attrs.field(repr=False)
    params: tuple
    variadic: bool
    doc: str
    setup_only: bool = False
    reads: frozenset = frozenset()
    types: tuple = ()
    returns: Type = ANY

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
    """

    name: str
    verbs: dict = attrs.field(repr=False)
    functions: dict = attrs.field(repr=False)
    constants: dict = attrs.field(repr=False)
    facets: dict = attrs.field(repr=False)
    internal: dict = attrs.field(factory=dict, repr=False)

    def word(self, name: str) -> Word | None:
        """The verb or function called ``name`` (None if the game has no such word)."""
        return self.functions.get(name) or self.verbs.get(name)


def register(table: dict, setup_only: bool = False, reads=()):
    """A decorator that records the function it decorates as a word of ``table``.

    The word's name is the function's, without a trailing underscore (``vote_`` for
    a Python keyword clash). Its parameters' annotations carry their DSL types, its return
    annotation a function's value type: ``typing.Annotated`` aliases such as
    :data:`~.types.Seat` (``Any`` to Python, the :class:`~.types.Type` in their metadata;
    the modules defining words do not postpone annotations, so these are objects, not
    text). ``setup_only`` words may appear only in setup programs; ``reads`` names the
    state facets a function reads.
    """
    def add(fn):
        name = fn.__name__.rstrip("_")
        params = list(inspect.signature(fn).parameters.values())[1:]
        variadic = any(p.kind is p.VAR_POSITIONAL for p in params)
        names = tuple(p.name for p in params if p.kind is not p.VAR_POSITIONAL)
        hints = {k: _dsl_type(v) for k, v in fn.__annotations__.items()}
        types = tuple(hints.get(p.name, ANY) for p in params)
        table[name] = Word(name, fn, names, variadic, inspect.getdoc(fn) or "", setup_only,
                           frozenset(reads), types, hints.get("return", ANY))
        return fn
    return add


def _dsl_type(annotation) -> Type:
    """The DSL type an annotation carries (``Annotated[Any, SEAT]``); ``any`` if none."""
    for meta in getattr(annotation, "__metadata__", ()):
        if isinstance(meta, Type):
            return meta
    return ANY
