"""Treasure chests: moving them, and the tie-breaker's lead judged on each move."""

from __future__ import annotations

from ..model.components import ChestSpot, team_totals
from .ending import finish

__all__ = ["move_chests"]


def move_chests(m, src: int, dst: int, count: int, clause=None):
    """Move ``count`` chests (at most what ``src`` holds); ends a tie-breaker on a lead."""
    chests = list(m.f["chests"])
    count = min(count, chests[src])
    if count <= 0 or src == dst:
        return None
    chests[src] -= count
    chests[dst] += count
    m.f["chests"] = tuple(chests)
    m.log(clause, "chests", ChestSpot(src), ChestSpot(dst), count)
    if m.f["tiebreak"]:
        brit, french = team_totals(chests)
        if m.rules.options.get("tiebreak_win", "lead") == "gain":
            level = m.f["tie_level"]  # the first team to gain a chest over the tie wins
            if brit > level or french > level:
                return finish(m, ("british",) if brit > level else ("french",),
                               "end.tie-breaker.lead")
        elif brit != french:
            return finish(m, ("british",) if brit > french else ("french",),
                           "end.tie-breaker.lead")
    return None
