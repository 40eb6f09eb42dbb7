"""Turns: the turn order, the actions of a turn, the cards' before-turn programs."""

from __future__ import annotations

from .ending import judge_tiebreak
from ....procedures.workspace import HALT, SUSPEND

__all__ = ["start_turn", "begin_turn", "finish_action"]


def start_turn(m, seat: int):
    """Begin ``seat``'s turn: its action count, the cards' before-turn programs, its action.

    Returns :data:`SUSPEND` when the game now waits for the action, None when
    before-turn programs were pushed to run first.
    """
    f = m.f
    f["turn"] = seat
    f["actions_left"] = m.rules.actions_per_turn(f["players"])
    f["turn_number"] = f["turn_number"] + 1
    m.log("turn.order", "turn", seat, f["turn_number"])
    env = {"seat": seat}
    hooks = [program for guard, program in m.rules.before_turn if m.evaluate(guard, env)]
    if not hooks:
        m.decide(seat, "action", clause="turn.actions")
        return SUSPEND
    m.push(m.rules.programs["builtin:begin-turn"], {"seat": seat})
    for program in hooks[::-1]:
        m.push(program, {"seat": seat})
    return None


def begin_turn(m):
    """After the before-turn programs: the turn's first action, or the next turn if skipped."""
    f = m.f
    if f["outcome"] is not None:
        return HALT
    if f["actions_left"] <= 0:
        return start_turn(m, (f["turn"] + 1) % f["players"])
    m.decide(f["turn"], "action", clause="turn.actions")
    return SUSPEND


def finish_action(m):
    """After an action has been fully resolved: the next action, or the next turn."""
    f = m.f
    if f["outcome"] is not None or judge_tiebreak(m) is HALT:
        return HALT
    left = f["actions_left"] - 1
    f["actions_left"] = left
    if left > 0:
        m.log("turn.actions", "actions-left", f["turn"], left)
        m.decide(f["turn"], "action", clause="turn.actions")
        return SUSPEND
    return start_turn(m, (f["turn"] + 1) % f["players"])
