"""Tortuga 1667's DSL types: places, chest spots and row slots, and the words' annotations.

The core's types (:mod:`tortuga_rules.dsl.types`) know seats, numbers, texts and truth
values; this game adds where a pawn stands (a place), where a chest lies (a chest spot)
and a slot of the event row (a number from 1 to the row's length). Its verbs and functions
are annotated with the aliases below, so ``maroon(flying_dutchman)`` (a place where a seat
is wanted) is a load error located in the rules file.
"""

from __future__ import annotations

from typing import Annotated, Any

from ...dsl.types import (Bool, Int, MaybeSeat, Seat, Seats, Text, Texts, INT, list_of,  # noqa: F401
                          named_type, number_type, some, tuple_of)
from .components import ChestSpot, Place as PlaceEnum

__all__ = ["PLACE", "SPOT", "SLOT", "Place", "Spot", "Slot", "Places", "Spots", "SomeSpots", "Slots", "Space",
           "Spaces", "Transfers", "Bool", "Int", "MaybeSeat", "Seat", "Seats", "Text", "Texts"]


def _is_slot(m, v) -> bool:
    return type(v) is int and 1 <= v <= len(m.f["row"])


PLACE = named_type("place", PlaceEnum, "a place", "places")
SPOT = named_type("spot", ChestSpot, "a chest spot", "chest spots")
SLOT = number_type("slot", "a row slot", "row slots", _is_slot)

Place = Annotated[Any, PLACE]  # a place
Spot = Annotated[Any, SPOT]  # a chest spot
Slot = Annotated[Any, SLOT]  # a row slot
Places = Annotated[Any, list_of(PLACE)]  # a list of places
Spots = Annotated[Any, list_of(SPOT)]  # a list of chest spots
SomeSpots = Annotated[Any, some(list_of(SPOT))]  # a list of chest spots, never empty
Slots = Annotated[Any, list_of(SLOT)]  # a list of row slots
Space = Annotated[Any, tuple_of(PLACE, INT)]  # a (place, space) pair
Spaces = Annotated[Any, list_of(tuple_of(PLACE, INT))]  # a list of (place, space) pairs
Transfers = Annotated[Any, list_of(tuple_of(SPOT, SPOT))]  # a list of (from, to) chest spot pairs
