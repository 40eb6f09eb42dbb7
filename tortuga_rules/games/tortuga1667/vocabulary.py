"""Tortuga 1667's vocabulary: the verbs, functions, constants and state facets its rules
are written with, gathered into one :class:`~tortuga_rules.dsl.words.Vocabulary`.

The compiler takes a vocabulary as an argument and knows no word of its own; this is the
one Tortuga 1667 hands it (:mod:`tortuga_rules.data.build` passes it for every program of
a 1667 ruleset). Another game brings another vocabulary.
"""

from __future__ import annotations

from .components import ChestSpot, Place
from .functions import ALL, CONSTANTS, FACETS
from ...dsl.types import SEAT, TEXT, Type, constant_type
from .types import PLACE, SPOT
from .verbs import INTERNAL, VERBS
from ...dsl.words import Vocabulary

__all__ = ["VOCABULARY"]


def _constant_type(value) -> Type:
    """The DSL type of a constant's value (its places and chest spots, else a plain one)."""
    if isinstance(value, Place):
        return PLACE
    if isinstance(value, ChestSpot):
        return SPOT
    return constant_type(value)


#: The words of Tortuga 1667's rules.
VOCABULARY = Vocabulary(
    "tortuga-1667", VERBS, ALL,
    {name: (value, _constant_type(value)) for name, value in CONSTANTS.items()},
    FACETS, INTERNAL,
    # its words' examples are written as in an event card's effect
    title="Tortuga 1667", examples={"revealer": SEAT, "card": TEXT}, example_chooser="revealer",
    example_rules="standard")
