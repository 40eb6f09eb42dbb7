"""The DSL's value types, checked when a program is compiled.

Every verb and function declares the type of each parameter and of its value (the
annotations of its Python function), and every program knows the types of the names
bound on entry, so ``maroon(flying_dutchman)`` (a place where a seat is wanted),
``move(revealer, 3)`` (a number where a place is wanted) and ``choose x from 5`` (not a
list of options) are load errors located at ``file:line:col``, not surprises halfway
through a game.

The types are few: a seat, a place, a chest spot, a row slot, a number, text, a truth
value, ``none``, a list of one type, a pair (or longer tuple) of types, and ``any`` (not
known here: checked at run time). A number fits where a seat or a row slot is wanted -
seats and slots are numbers - but not where a place or a spot is.
"""

from __future__ import annotations

from typing import Annotated, Any

import attrs

__all__ = ["Type", "ANY", "SEAT", "PLACE", "SPOT", "SLOT", "INT", "TEXT", "BOOL", "NONE",
           "constant_type", "list_of", "tuple_of", "maybe", "fits", "join", "returned", "ELEM",
           "FIRST", "SECOND", "SAME", "PAIRS", "Seat", "Place", "Text", "Spot", "Int", "Bool", "Slot", "Value",
           "Spots", "Seats", "Values", "Places", "Spaces", "Slots", "MaybeSeat", "Same",
           "Transfers", "Texts", "Space", "Element", "First", "Second", "Pairs"]


@attrs.frozen
class Type:
    """A DSL value type: its name, and for lists and tuples what they hold."""

    name: str
    items: tuple = ()  # a list: (element type,); a tuple: the part types
    optional: bool = False  # the value may be none (the captain of an empty line)

    def __str__(self) -> str:
        if self.name == "list":
            return "a list" if self.items[0] == ANY else f"a list of {_plural(self.items[0])}"
        if self.name == "tuple":
            return "a pair" if len(self.items) == 2 else "a tuple"
        return _ARTICLE.get(self.name, self.name)

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


_ARTICLE = {"seat": "a seat", "place": "a place", "spot": "a chest spot", "slot": "a row slot",
            "int": "a number", "text": "text", "bool": "true or false", "none": "none",
            "any": "anything"}


_SHORT = {"elem": "item", "first": "first item", "second": "second item",
          "same": "same as seq", "pairs": "list[(item, item)]"}


def _plural(t: Type) -> str:
    return {"seat": "seats", "place": "places", "spot": "chest spots", "slot": "row slots",
            "int": "numbers", "text": "texts", "bool": "truth values", "any": "values",
            "tuple": "pairs", "list": "lists", "none": "nones"}.get(t.name, str(t))


ANY = Type("any")
SEAT = Type("seat")
PLACE = Type("place")
SPOT = Type("spot")
SLOT = Type("slot")
INT = Type("int")
TEXT = Type("text")
BOOL = Type("bool")
NONE = Type("none")

#: Return types that depend on the first argument: its element (for a tuple: its first
#: or second part), itself, its pairs.
ELEM = Type("elem")
FIRST = Type("first")
SECOND = Type("second")
SAME = Type("same")
PAIRS = Type("pairs")


def constant_type(value) -> Type:
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


_NUMBERS = {"int", "seat", "slot"}


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
    if actual.name in _NUMBERS and wanted.name in _NUMBERS:
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
    if a.name in _NUMBERS and b.name in _NUMBERS:
        return INT
    if a.name == b.name == "list":
        return list_of(join(a.items[0], b.items[0]))
    return ANY


def returned(declared: Type, args: tuple) -> Type:
    """The type a function gives back, its declared type resolved against its arguments."""
    first = args[0] if args else ANY
    if declared in (FIRST, SECOND) and first.name == "tuple":
        index = 0 if declared == FIRST else 1
        return first.items[index] if index < len(first.items) else ANY
    if declared in (ELEM, FIRST, SECOND):
        return first.element
    if declared == SAME:
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
Place = Annotated[Any, PLACE]  # a place
Text = Annotated[Any, TEXT]  # text
Spot = Annotated[Any, SPOT]  # a chest spot
Int = Annotated[Any, INT]  # a number
Bool = Annotated[Any, BOOL]  # a truth value
Slot = Annotated[Any, SLOT]  # a row slot
Value = Annotated[Any, ANY]  # any value
Spots = Annotated[Any, list_of(SPOT)]  # a list of chest spots
Seats = Annotated[Any, list_of(SEAT)]  # a list of seats
Values = Annotated[Any, list_of(ANY)]  # a list
Places = Annotated[Any, list_of(PLACE)]  # a list of places
Spaces = Annotated[Any, list_of(tuple_of(PLACE, INT))]  # a list of (place, space) pairs
Slots = Annotated[Any, list_of(SLOT)]  # a list of row slots
MaybeSeat = Annotated[Any, maybe(SEAT)]  # a seat or none
Same = Annotated[Any, SAME]  # the type of the first argument
Transfers = Annotated[Any, list_of(tuple_of(SPOT, SPOT))]  # a list of (from, to) chest spot pairs
Texts = Annotated[Any, list_of(TEXT)]  # a list of texts
Space = Annotated[Any, tuple_of(PLACE, INT)]  # a (place, space) pair
Element = Annotated[Any, ELEM]  # the type of one item of the first argument
First = Annotated[Any, FIRST]  # the type of the first argument's first item
Second = Annotated[Any, SECOND]  # the type of the first argument's second item
Pairs = Annotated[Any, PAIRS]  # every pair of the first argument's items
