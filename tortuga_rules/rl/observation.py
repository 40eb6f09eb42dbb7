"""A seat's view as a fixed-length vector of small whole numbers, for learning agents.

:class:`Observer` asks the game being played for its encoder (``GameKind.observer``:
Tortuga 1667's in ``games/tortuga1667/observation.py``, the component kit's in
``game/kitspace.py``) and gives its vectors as numpy arrays of ``uint8``. Every encoder
reads only the seat's :func:`~tortuga_rules.game.view.view`, so an observation can tell an
agent nothing its view does not (the tests check twin states give equal observations).
The layout depends on the ruleset and player count only; :meth:`Observer.names` names
every entry.
"""

from __future__ import annotations

import numpy as np

from ..errors import ArgumentError

__all__ = ["Observer", "HIGH"]

#: The largest value an entry takes (counts of cards, chests and tokens stay below it).
HIGH = 255


class Observer:
    """Encodes the views of games under ``rules`` with ``players`` seats."""

    def __init__(self, rules, players: int):
        game = rules.game
        if game.observer is None:
            raise ArgumentError(f"{game.name} has no observation encoder for learning agents")
        self._encoder = game.observer(rules, players)
        self.players = players
        self.size = self._encoder.size

    def names(self) -> tuple:
        """The name of each entry of an observation, in order."""
        return self._encoder.names()

    def encode(self, v: dict) -> np.ndarray:
        """The vector of view ``v`` (a seat's view of a game of this layout)."""
        return np.minimum(np.asarray(self._encoder.encode(v), dtype=np.int64), HIGH) \
            .clip(0).astype(np.uint8)
