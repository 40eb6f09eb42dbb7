"""What one seat knows of a game: the only door a bot has to it.

A bot never receives a :class:`~tortuga_rules.model.state.GameState`. It is handed a
:class:`Knowledge`, made by whoever runs the game (a tournament, the server, the command
line) from the real state and the bot's seat, and it may ask it for

* :attr:`Knowledge.side` - the side the seat plays for (Tortuga 1667: its own team; a
  game without sides: the seat itself);
* :attr:`Knowledge.view` - the seat's view (:func:`~tortuga_rules.game.view.view`);
* :meth:`Knowledge.legal_actions` - the seat's options, as its view lists them;
* :meth:`Knowledge.sample` - a whole state the seat cannot tell from the real one
  (:func:`~tortuga_rules.game.determinize.determinize`), to reason or search on;
* :attr:`Knowledge.history` - what the seat saw since the start, when the runner keeps it.

All of these are the same for two states the seat cannot tell apart (the non-interference
tests prove it for views, options and determinisations), so a bot's choice depends on
its seat's information only; ``tests/test_bots.py`` checks it for every registered bot.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..errors import ArgumentError
from ..game import native
from ..game.determinize import determinize
from ..game.legality import legal_actions
from ..game.rollout import Rollout
from ..game.view import view
from ..model.state import GameState

__all__ = ["Knowledge", "side_of"]


def side_of(state: GameState, seat: int) -> str:
    """The side ``seat`` plays for in ``state``: its game's ``side`` (Tortuga 1667: its
    team), or ``"seat N"`` in a game without sides."""
    side = state.rules.game.side
    return f"seat {seat}" if side is None else side(state, seat)


@attrs.frozen
class Knowledge:
    """What ``seat`` knows of a game (its real state stays private)."""

    seat: int
    _state: GameState = attrs.field(repr=False, alias="state")
    history: tuple = ()
    # the real position opened in the native engine, once asked (a search's worlds are
    # drawn from copies of it)
    _native: list = attrs.field(factory=list, repr=False, eq=False, alias="_native")

    @classmethod
    def of(cls, state: GameState, seat: int, history=()) -> "Knowledge":
        """The knowledge of ``seat`` in ``state``; ``history`` is what it saw so far (as
        :func:`~tortuga_rules.game.record.history` gives it), if the runner keeps it."""
        return cls(seat, state, tuple(history))

    @property
    def rules(self):
        """The compiled ruleset being played (public)."""
        return self._state.rules

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def loyalty(self) -> str:
        """Deprecated: :attr:`side` (the same: a Tortuga 1667 seat's side is its team)."""
        return self.side

    @property
    def side(self) -> str:
        """The side the seat plays for, by its game's ``side`` (its own, so its to know);
        ``"seat N"`` in a game without sides."""
        return side_of(self._state, self.seat)

    @property
    def view(self) -> dict:
        """The seat's view of the game, as a front end gets it."""
        return view(self._state, self.seat)

    def legal_actions(self) -> tuple:
        """The actions the seat may take now (empty when the decision is someone else's)."""
        if self._state.current_player != self.seat:
            return ()
        return legal_actions(self._state)

    def sample(self, rng) -> GameState:
        """A state consistent with everything the seat sees; its hidden facts drawn with
        ``rng`` (a :class:`random.Random` or a seed)."""
        return determinize(self._state, self.seat, rng)

    def sample_game(self, seed: int, engine: str | None = None) -> tuple:
        """:meth:`sample` as a game to play on, and each seat's side in it:
        ``(rollout, sides)``. Where the native engine plays and the game draws its worlds
        natively (``GameKind.native_sample``), the world is drawn there from a native copy
        of the real position - the same world :meth:`sample` draws from ``seed``, without a
        state made in Python; otherwise it is :meth:`sample`'s world in a
        :class:`~tortuga_rules.game.rollout.Rollout` (on ``engine``)."""
        if type(seed) is not int or engine not in (None, "python", "native"):
            raise ArgumentError(f"sample_game takes a whole-number seed and an engine (python, "
                                f"native or None), not {seed!r:.40}, {engine!r:.40}")
        kind = self._state.rules.game
        if kind.native_sample is not None and engine != "python" and not self._state.is_terminal:
            real = self.native_position()
            if real is not None:
                world, sides = kind.native_sample(real, self.rules, self.seat,
                                                  native.generator(seed))
                return Rollout.of_native(world, self.rules), sides
        world = self.sample(seed)
        return Rollout(world, engine=engine), tuple(side_of(world, s) for s in range(world.players))

    def native_position(self) -> Any:
        """The real position opened in the native engine (once, then kept), which a
        search's worlds are drawn from; None where the native engine cannot play it."""
        if not self._native:
            self._native.append(native.open_game(self._state, False))
        return self._native[0]
