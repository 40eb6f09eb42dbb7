"""Treasure chests: moving them between the Galleon, the holds and the Tortuga areas."""

from __future__ import annotations

from ..components import ChestSpot

__all__ = ["move_chests"]


def move_chests(m, src: int, dst: int, count: int, clause=None):
    """Move ``count`` chests (at most what ``src`` holds).

    In a tie-breaker the lead is not judged here, chest by chest, but once the action,
    card effect or vote result that moves them is over (:func:`~.ending.judge_tiebreak`).
    """
    chests = list(m.f["chests"])
    count = min(count, chests[src])
    if count <= 0 or src == dst:
        return None
    chests[src] -= count
    chests[dst] += count
    m.f["chests"] = tuple(chests)
    m.log(clause, "chests", ChestSpot(src), ChestSpot(dst), count)
    return None
