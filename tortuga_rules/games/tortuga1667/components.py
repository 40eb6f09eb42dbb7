"""The closed sets of the game: places, chest spots, teams, roles and vote sections.

Places and chest spots are :class:`enum.IntEnum` so they index the state's tuples
directly; their ``str()`` is the name used in the DSL, in JSON and in the log.
"""

from __future__ import annotations

import enum

from ...model.names import Named, names_of

__all__ = ["DECLINE", "Place", "ChestSpot", "Team", "Role", "Section", "SHIPS", "BOATS", "ENUM_BY_NAME",
           "team_totals"]


class Place(Named):
    """Where a pawn can stand: each is an ordered line (a rowboat holds one pawn)."""

    FLYING_DUTCHMAN = 0
    JOLLY_ROGER = 1
    TORTUGA = 2
    FLYING_DUTCHMAN_BOAT = 3
    JOLLY_ROGER_BOAT = 4

    @property
    def is_ship(self) -> bool:
        return self <= 1

    @property
    def is_boat(self) -> bool:
        return self >= 3


SHIPS = (Place.FLYING_DUTCHMAN, Place.JOLLY_ROGER)
BOATS = (Place.FLYING_DUTCHMAN_BOAT, Place.JOLLY_ROGER_BOAT)


class ChestSpot(Named):
    """Where a treasure chest can lie. ``TORTUGA_LOOSE`` (1st edition) scores for nobody."""

    GALLEON = 0
    FLYING_DUTCHMAN_BRITISH = 1
    FLYING_DUTCHMAN_FRENCH = 2
    JOLLY_ROGER_BRITISH = 3
    JOLLY_ROGER_FRENCH = 4
    TORTUGA_BRITISH = 5
    TORTUGA_FRENCH = 6
    TORTUGA_LOOSE = 7


class Team(str, enum.Enum):
    """A loyalty."""

    BRITISH = "british"
    FRENCH = "french"
    DUTCH = "dutch"

    def __str__(self) -> str:
        return self.value


class Role(str, enum.Enum):
    """A rank-derived role; ``ANYONE`` marks actions every player has."""

    ANYONE = "anyone"
    CAPTAIN = "captain"
    FIRST_MATE = "first_mate"
    CABIN_BOY = "cabin_boy"
    GOVERNOR = "governor"

    def __str__(self) -> str:
        return self.value


class Section(str, enum.Enum):
    """The three sections of a vote card."""

    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


def team_totals(chests) -> tuple[int, int]:
    """(British, French) chests: both ships' holds plus the Tortuga areas."""
    return (chests[ChestSpot.FLYING_DUTCHMAN_BRITISH] + chests[ChestSpot.JOLLY_ROGER_BRITISH]
            + chests[ChestSpot.TORTUGA_BRITISH],
            chests[ChestSpot.FLYING_DUTCHMAN_FRENCH] + chests[ChestSpot.JOLLY_ROGER_FRENCH]
            + chests[ChestSpot.TORTUGA_FRENCH])


#: Names of every enum member usable as a value in the DSL and in JSON.
ENUM_BY_NAME = names_of(Place, ChestSpot)


#: The answer that answers nothing, per event a kept card may answer (letting the
#: event happen): the last option of every reaction decision.
DECLINE = {"maroon": "accept", "vote-call": "stay"}
