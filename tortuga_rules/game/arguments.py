"""Checking the arguments of the public game functions: a state, a seat.

Every public function answers a bad argument with
:class:`~tortuga_rules.errors.ArgumentError` (a :class:`TortugaError`), never with
whatever Python would raise deep inside, and never by reading it as something else
(``True`` is not seat 1; seat 42 is not "a seat with no roles").
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError, shortened
from ..model.state import GameState

__all__ = ["require_state", "require_seat", "check_names", "Unchecked"]

#: The annotation of a public function's parameter that a caller may get wrong. The
#: function checks it itself (an ArgumentError, an IllegalActionError), so a compiled
#: build must not refuse it with a TypeError first: to Python and mypy it is ``Any``.
Unchecked = Any


def require_state(state: Unchecked, where: str) -> GameState:
    """``state`` if it is a :class:`GameState`; otherwise an ArgumentError from ``where``."""
    if not isinstance(state, GameState):
        raise ArgumentError(f"{where} takes a GameState, not {_show(state)}")
    return state


def require_seat(state: GameState, seat: Unchecked, where: str, *,
                 referee: bool = False) -> int | None:
    """``seat`` if it is a seat of ``state``'s game (or None, the referee, if allowed)."""
    if seat is None and referee:
        return None
    if type(seat) is not int or not 0 <= seat < state.players:
        also = " or None (the referee)" if referee else ""
        raise ArgumentError(f"{where} takes a seat from 0 to {state.players - 1}{also}, "
                            f"not {_show(seat)}")
    return seat


def check_names(names: Unchecked, players: int) -> tuple[str, ...] | None:
    """``names`` (one non-empty string per seat, at most 60 characters each) as a tuple,
    or None; anything else is an ArgumentError."""
    if names is None:
        return None
    if (not isinstance(names, (list, tuple)) or len(names) != players
            or not all(isinstance(n, str) and 0 < len(n) <= 60 for n in names)):
        raise ArgumentError(f"names are {players} strings of 1 to 60 characters, "
                            f"not {_show(names)}")
    return tuple(names)


def _show(value: object) -> str:
    return shortened(repr(value), 40)
