"""A seat's view as a fixed-length vector of small whole numbers, for learning agents.

:class:`Observer` asks the game being played for its encoder (``GameKind.observer``:
Tortuga 1667's in ``games/tortuga1667/observation.py``, the component kit's in
``game/kit/space.py``) and gives its vectors as numpy arrays of ``uint8``. Every encoder
reads only the seat's :func:`~tortuga_rules.game.view.view`, so an observation can tell an
agent nothing its view does not (the tests check twin states give equal observations).
The layout depends on the ruleset and player count only; :meth:`Observer.names` names
every entry. With ``news`` an observation goes on with what the seat saw happen since it
last acted (:class:`~tortuga_rules.game.observation.News`: the log events it may see,
counted - votes and their result, cards revealed, who looked at what).
"""

from __future__ import annotations

import numpy as np

from ..errors import ArgumentError
from ..game.observation import News

__all__ = ["Observer", "HIGH"]

#: The largest value an entry takes (counts of cards, chests and tokens stay below it).
HIGH = 255


class Observer:
    """Encodes the views of games under ``rules`` with ``players`` seats (and, with
    ``news``, the log events a seat saw since it last acted, after them)."""

    def __init__(self, rules, players: int, news: bool = False):
        game = rules.game
        if game.observer is None:
            raise ArgumentError(f"{game.name} has no observation encoder for learning agents")
        self._encoder = game.observer(rules, players)
        self.news = News(rules, players, self._encoder.news_values()) if news else None
        self.players = players
        self.view_size = self._encoder.size
        self.size = self.view_size + (self.news.size if self.news else 0)

    def names(self) -> tuple:
        """The name of each entry of an observation, in order."""
        names = self._encoder.names()
        return names + self.news.names() if self.news else names

    def view_names(self) -> tuple:
        """The names of the entries encoding the view (the observation's first part)."""
        return self._encoder.names()

    def count_news(self, events) -> np.ndarray:
        """The news entries' counts of log ``events`` (already those the seat may see)."""
        assert self.news is not None, "an Observer made with news=True"
        return np.asarray(self.news.encode(events), dtype=np.int64)

    def news_entries(self, event: tuple) -> tuple:
        """What one log event adds to the news: ``((entry number, amount), ...)``,
        numbered within the news (the observation's part after :attr:`view_size`)."""
        assert self.news is not None, "an Observer made with news=True"
        return self.news.entries(event)

    def encode(self, v: dict) -> np.ndarray:
        """The vector of view ``v`` (a seat's view of a game of this layout), without news."""
        return np.minimum(np.asarray(self._encoder.encode(v), dtype=np.int64), HIGH) \
            .clip(0).astype(np.uint8)
