"""What every observation encoder shares: a fixed layout of named entries.

An encoder for learning agents (a game's ``GameKind.observer``) lists the name of every
entry once, in order, in its ``_layout``; :class:`Layout` numbers them and hands
``encode`` a zeroed vector with a ``put(name, value=1)`` that adds to a named entry (a
name outside the layout, such as a card of another ruleset, is left out).
"""

from __future__ import annotations

__all__ = ["Layout"]


class Layout:
    """The named entries of an encoder (subclasses define ``_layout`` and call
    :meth:`_number` once their own fields are set)."""

    size: int

    def _layout(self):
        raise NotImplementedError

    def _number(self) -> None:
        self._names = tuple(self._layout())
        self._at = {name: i for i, name in enumerate(self._names)}
        self.size = len(self._names)

    def names(self) -> tuple:
        """The name of each entry of an observation, in order."""
        return self._names

    def _vector(self):
        """A zeroed vector of this layout and the ``put`` that adds to a named entry."""
        out = [0] * self.size
        at = self._at

        def put(name, value=1):
            if name in at:
                out[at[name]] += value

        return out, put
