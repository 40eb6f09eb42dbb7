"""The end of the game: scoring at the Spanish Armada, the Dutch tie, the tie-breaker."""

from __future__ import annotations

from ..model.components import team_totals
from ..model.state import Outcome
from .row import deal_row, take_resolving
from .workspace import HALT

__all__ = ["end_game", "finish", "start_tiebreak"]


def finish(m, winners, clause):
    """The game ends: ``winners`` win, as the rule ``clause`` decides."""
    f = m.f
    brit, french = team_totals(f["chests"])
    f["outcome"] = Outcome(tuple(winners), (("british", brit), ("french", french)), clause)
    f["decision"] = None
    m.log(clause, "game-over", tuple(winners), brit, french)
    return HALT


def end_game(m):
    """The Spanish Armada: score, and settle a tie (Dutch, or the tie-breaker)."""
    f = m.f
    brit, french = team_totals(f["chests"])
    m.log("end.score", "score", brit, french)
    if brit != french:
        return finish(m, ("british",) if brit > french else ("french",), "end.score")
    if f["players"] % 2:
        return finish(m, ("dutch",), "end.tie.odd")
    take_resolving(m, m.env.get("card"))  # the Armada leaves the game
    f["tie_level"] = brit
    return start_tiebreak(m, "end.tie.even")


def start_tiebreak(m, clause):
    """Begin (or rebuild) a tie-breaker round: a new event deck and row, or a draw at the limit."""
    f = m.f
    f["tiebreak"] = f["tiebreak"] + 1
    if f["tiebreak"] > m.rules.options["tiebreak_rounds"]:
        return finish(m, ("british", "french"), "end.tie-breaker.draw")
    pool = f["discard"]
    if m.rules.options.get("tiebreak_pool", "discard-and-unrevealed") == "discard-and-unrevealed":
        pool = pool + f["event_deck"] + tuple(c for c in f["row"] if c is not None)
    f["discard"] = ()
    f["event_deck"] = tuple(m.shuffled(pool, "tiebreak-deck"))
    deal_row(m)
    m.log(clause, "tiebreak", f["tiebreak"], len(pool))
    return None
