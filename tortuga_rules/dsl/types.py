"""The DSL's value types, checked when a program is compiled.

Every verb and function declares the type of each parameter and of its value (the
annotations of its Python function), and every program knows the types of the names
bound on entry, so ``maroon(flying_dutchman)`` (a place where a seat is wanted),
``move(revealer, 3)`` (a number where a place is wanted) and ``choose x from 5`` (not a
list of options) are load errors located at ``file:line:col``, not surprises halfway
through a game.

The core's types are few: a seat, a number, text, a truth value, ``none``, a list of one
type, a pair (or longer tuple) of types, and ``any`` (not known here: checked at run time).
A game adds its own (Tortuga 1667's places, chest spots and row slots) as :class:`Type`
values that say how messages name them, whether they are numbers in disguise and how a
running game tells one (:func:`named_type`, :func:`number_type`). A number fits where a
seat is wanted - seats are numbers - but not where a named value (a place) is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import attrs

__all__ = ["Type", "ANY", "SEAT", "INT", "TEXT", "BOOL", "NONE", "named_type", "number_type",
           "constant_type", "list_of", "tuple_of", "some", "maybe", "fits", "join", "returned", "ELEM",
           "FIRST", "SECOND", "SAME", "KEPT", "PAIRS", "Seat", "Text", "Int", "Bool", "Value",
           "Seats", "SomeSeats", "Values", "MaybeSeat", "Same", "Kept", "Texts", "Element", "First", "Second", "Pairs"]


@attrs.frozen
class Type:
    """A DSL value type: its name, and for lists and tuples what they hold."""

    name: str
    items: tuple[Type, ...] = ()  # a list: (element type,); a tuple: the part types
    optional: bool = False  # the value may be none (the captain of an empty line)
    #: how messages name one value and several ("a place", "places"; default: the name)
    article: str = attrs.field(default="", eq=False, repr=False)
    plural: str = attrs.field(default="", eq=False, repr=False)
    #: a number in disguise (a seat, a row slot): fits where a number or another such is
    number: bool = attrs.field(default=False, eq=False, repr=False)
    #: ``(machine, value) -> bool``: is ``value`` one of this type in the running game
    #: (None: anything is; see :mod:`.values`)
    test: Callable[[Any, Any], bool] | None = attrs.field(default=None, eq=False, repr=False)
    #: a list a word declares never empty (``players()``): a ``choose`` among its items
    #: always has one (only the checker's warnings read it)
    full: bool = attrs.field(default=False, repr=False)

    def __str__(self) -> str:
        if self.name == "list":
            return "a list" if self.items[0] == ANY else f"a list of {_plural(self.items[0])}"
        if self.name == "tuple":
            return "a pair" if len(self.items) == 2 else "a tuple"
        return self.article or self.name

    @property
    def short(self) -> str:
        """The type as the reference tables write it: ``list[seat]``, ``(place, int)``."""
        if self.optional:
            return f"{attrs.evolve(self, optional=False).short} or none"
        if self.name == "list":
            return "list" if self.items[0] == ANY else f"list[{self.items[0].short}]"
        if self.name == "tuple":
            return "(" + ", ".join(t.short for t in self.items) + ")"
        return _SHORT.get(self.name, self.name)

    @property
    def element(self) -> "Type":
        """What a list holds; for a tuple, the join of its parts; ``any`` for anything else."""
        if self.name == "list":
            return self.items[0]
        if self.name == "tuple" and self.items:
            out = self.items[0]
            for part in self.items[1:]:
                out = join(out, part)
            return out
        return ANY


_SHORT = {"elem": "item", "first": "first item", "second": "second item",
          "same": "same as seq", "kept": "same as seq", "pairs": "list[(item, item)]"}


def _plural(t: Type) -> str:
    return t.plural or {"tuple": "pairs", "list": "lists"}.get(t.name, str(t))


def _is_int(m: Any, v: Any) -> bool:
    return type(v) is int


def _is_seat(m: Any, v: Any) -> bool:
    return type(v) is int and 0 <= v < m.f["players"]


def _is_text(m: Any, v: Any) -> bool:
    return type(v) is str


def _is_bool(m: Any, v: Any) -> bool:
    return type(v) is bool


def _is_none(m: Any, v: Any) -> bool:
    return v is None


ANY = Type("any", article="anything", plural="values")
SEAT = Type("seat", article="a seat", plural="seats", number=True, test=_is_seat)
INT = Type("int", article="a number", plural="numbers", number=True, test=_is_int)
TEXT = Type("text", article="text", plural="texts", test=_is_text)
BOOL = Type("bool", article="true or false", plural="truth values", test=_is_bool)
NONE = Type("none", article="none", plural="nones", test=_is_none)


def named_type(name: str, enum: type, article: str, plural: str) -> Type:
    """A game's type of named values: the members of ``enum`` (a place, a chest spot)."""
    return Type(name, article=article, plural=plural, test=_Member(enum))


def number_type(name: str, article: str, plural: str,
                test: Callable[[Any, Any], bool]) -> Type:
    """A game's type of numbers in disguise (a row slot); ``test(machine, value)`` tells one."""
    return Type(name, article=article, plural=plural, number=True, test=test)


@attrs.frozen
class _Member:
    """The test of a named type: is the value a member of the enum?"""

    enum: type

    def __call__(self, m: Any, v: Any) -> bool:
        return isinstance(v, self.enum)

#: Return types that depend on the first argument: its element (for a tuple: its first
#: or second part), itself, its pairs.
ELEM = Type("elem")
FIRST = Type("first")
SECOND = Type("second")
SAME = Type("same")
#: the type of the first argument, with an item whenever it has one (``distinct(seq)``)
KEPT = Type("kept")
PAIRS = Type("pairs")


def constant_type(value: object) -> Type:
    """The DSL type of a constant's plain value: a truth value, a text, none (else any)."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, str):
        return TEXT
    return NONE if value is None else ANY


def list_of(t: Type) -> Type:
    """A list of ``t``."""
    return Type("list", (t,))


def tuple_of(*parts: Type) -> Type:
    """A tuple (a pair) of these parts."""
    return Type("tuple", tuple(parts))


def some(t: Type) -> Type:
    """A list ``t`` that is never empty (what a word such as ``players()`` declares)."""
    return attrs.evolve(t, full=True)


def maybe(t: Type) -> Type:
    """``t`` or none: what a function returns that may find nothing (checked when it runs)."""
    return attrs.evolve(t, optional=True)


def fits(actual: Type, wanted: Type) -> bool:
    """True if a value of type ``actual`` may be given where ``wanted`` is asked for.

    A value that may be none fits where its type is wanted; whether it is none is
    checked when the program runs.
    """
    if actual.optional:
        actual = attrs.evolve(actual, optional=False)
    if ANY in (actual, wanted) or actual == wanted or actual == NONE:
        return True  # none: "nobody" or "nothing" flows where a value may be missing
    if actual.number and wanted.number:
        return True
    if actual.name in ("list", "tuple") and wanted.name == "list":
        return fits(actual.element, wanted.items[0])  # a pair of slots is a list of slots
    if actual.name == wanted.name == "tuple" and len(actual.items) == len(wanted.items):
        return all(fits(a, w) for a, w in zip(actual.items, wanted.items))
    return False


def join(a: Type, b: Type) -> Type:
    """The type of a value that is either ``a`` or ``b`` (list items, ``+`` of lists)."""
    if a == b:
        return a
    if NONE in (a, b):
        other = b if a == NONE else a
        return other if other == ANY else maybe(other)
    if a.name == b.name and not a.items and not b.items:  # one of them may be none
        return maybe(a)
    if a.number and b.number:
        return INT
    if a.name == b.name == "list":
        return list_of(join(a.items[0], b.items[0]))
    return ANY


def returned(declared: Type, args: tuple[Type, ...]) -> Type:
    """The type a function gives back, its declared type resolved against its arguments."""
    first = args[0] if args else ANY
    if declared in (FIRST, SECOND) and first.name == "tuple":
        index = 0 if declared == FIRST else 1
        return first.items[index] if index < len(first.items) else ANY
    if declared in (ELEM, FIRST, SECOND):
        return first.element
    if declared in (SAME, KEPT):
        return first
    if declared == PAIRS:
        return list_of(tuple_of(first.element, first.element))
    return declared


# -- the annotations of the DSL's words ---------------------------------------------------
#
# A verb's or function's parameters and value are annotated with these: to Python (and
# mypy) each is ``Any``, and :func:`~tortuga_rules.dsl.words.register` reads the DSL type
# it carries (``typing.Annotated`` metadata).

Seat = Annotated[Any, SEAT]  # a seat
Text = Annotated[Any, TEXT]  # text
Int = Annotated[Any, INT]  # a number
Bool = Annotated[Any, BOOL]  # a truth value
Value = Annotated[Any, ANY]  # any value
Seats = Annotated[Any, list_of(SEAT)]  # a list of seats
SomeSeats = Annotated[Any, some(list_of(SEAT))]  # a list of seats, never empty
Values = Annotated[Any, list_of(ANY)]  # a list
MaybeSeat = Annotated[Any, maybe(SEAT)]  # a seat or none
Same = Annotated[Any, SAME]  # the type of the first argument
Kept = Annotated[Any, KEPT]  # the first argument's type, never empty when it is not
Texts = Annotated[Any, list_of(TEXT)]  # a list of texts
Element = Annotated[Any, ELEM]  # the type of one item of the first argument
First = Annotated[Any, FIRST]  # the type of the first argument's first item
Second = Annotated[Any, SECOND]  # the type of the first argument's second item
Pairs = Annotated[Any, PAIRS]  # every pair of the first argument's items
