"""The game's random number generator: SplitMix64, a single 64-bit integer of state.

The generator's state is an ``int`` stored inside :class:`~tortuga_rules.model.state.GameState`,
so a saved game carries it and replays are exact; nothing here is global. The
functions are pure: each takes a state and returns the new state with its result.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

__all__ = ["seed_state", "next_u64", "below", "shuffled"]

_MASK = (1 << 64) - 1
T = TypeVar("T")
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0xBF58476D1CE4E5B9 + _GOLDEN) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: return ``(new_state, 64 random bits)``."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, r)`` with ``r`` in ``range(n)`` (``n`` >= 1).

    Lemire's multiply-shift: ``r = (u64 * n) >> 64``. Its bias is below ``n / 2**64``
    (under 1e-17 for any count in this game), so no rejection loop is needed.
    The SplitMix64 step of :func:`next_u64` is written out here and in
    :func:`shuffled`: these run on every shuffle and draw, and a call costs more
    than the arithmetic.
    """
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, ((z ^ (z >> 31)) * n) >> 64


def shuffled(state: int, items: Iterable[T]) -> tuple[int, list[T]]:
    """Return ``(new_state, list)``: a Fisher-Yates shuffle of ``items``."""
    out = list(items)
    mask = _MASK
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return state, out
