"""The end of the game: scoring at the Spanish Armada, the Dutch tie, the tie-breaker."""

from __future__ import annotations

from ..components import team_totals
from ....model.state import Outcome
from .row import deal_row, take_resolving
from ....procedures.workspace import HALT

__all__ = ["end_game", "finish", "start_tiebreak", "judge_tiebreak"]


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
    card = m.env.get("card")
    if take_resolving(m, card):  # the Armada leaves the game
        f["removed"] = f["removed"] + (card,)
    f["tie_level"] = brit
    return start_tiebreak(m, "end.tie.even")


def start_tiebreak(m, clause):
    """Begin (or rebuild) a tie-breaker round: a new event deck and row, or a draw at the limit."""
    f = m.f
    f["tiebreak"] = f["tiebreak"] + 1
    if f["tiebreak"] > m.rules.options["tiebreak_rounds"]:
        return finish(m, ("british", "french"), "end.tie-breaker.draw")
    pool = f["discard"]
    unrevealed = f["event_deck"] + tuple(c for c in f["row"] if c is not None)
    if m.rules.options.get("tiebreak_pool", "discard-and-unrevealed") == "discard-and-unrevealed":
        pool = pool + unrevealed
    else:  # the discards only: the unrevealed cards leave the game
        f["removed"] = f["removed"] + unrevealed
    f["discard"] = ()
    f["event_deck"] = tuple(m.shuffled(pool, "tiebreak-deck"))
    deal_row(m)
    m.log(clause, "tiebreak", f["tiebreak"], len(pool))
    return None


def judge_tiebreak(m):
    """In a tie-breaker, end the game if a team is now ahead; None while the teams are tied.

    Called once an action, a card's effect or a vote's result has been carried out in
    full, never in the middle of one (a Stormy Seas moves all of a ship's chests before
    anyone is judged ahead). With the option ``tiebreak_win: gain`` (1st edition) a team
    must also have more chests than when the tie-breaker began.
    """
    f = m.f
    if not f["tiebreak"] or f["outcome"] is not None:
        return None
    brit, french = team_totals(f["chests"])
    if brit == french:
        return None
    leader, total = ("british", brit) if brit > french else ("french", french)
    if m.rules.options.get("tiebreak_win", "lead") == "gain" and total <= f["tie_level"]:
        return None
    m.log("end.tie-breaker.judged", "rule")
    return finish(m, (leader,), "end.tie-breaker.lead")
