"""Named values: a game's closed sets whose members the DSL, JSON and the log spell by name.

A game declares its closed sets (Tortuga 1667's places and chest spots) as :class:`Named`
enums: integers, so they index the state's tuples directly, whose ``str()`` is the
lowercase name written in rules files, actions, saves and the log. The core knows no
member: a game hands its names to the registry with its
:class:`~tortuga_rules.model.games.GameKind` (``enums``), and :data:`NAMES` gathers every
registered game's, for reading an action when no ruleset is at hand.
"""

from __future__ import annotations

import enum

__all__ = ["Named", "NAMES", "names_of"]


class Named(enum.IntEnum):
    """A member of a game's closed set of named values: an index named in lowercase."""

    def __str__(self) -> str:
        return self.name.lower()

    __repr__ = __str__

    @property
    def label(self) -> str:
        return self.name.lower()


def names_of(*enums: type[Named]) -> dict[str, Named]:
    """Name -> member of every member of ``enums`` (:class:`Named` subclasses)."""
    return {str(m): m for e in enums for m in e}


#: Every registered game's named values by name (filled by ``model.games.register``).
NAMES: dict[str, Named] = {}
