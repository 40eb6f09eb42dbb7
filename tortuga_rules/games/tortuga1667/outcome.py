"""What a Tortuga 1667 position is worth to each seat: its team's result.

``returns`` gives each seat 1 if its team won and 0 otherwise (a tie-break with no
winner: 0 for all); ``heuristic`` judges a game still going by the team chests (a team
two chests ahead scores about 0.9, level 0.5; the Dutch want them level); ``side`` is the
seat's loyalty, which balance tables group seats by once the game is over.
"""

from __future__ import annotations

import math

from .components import team_totals
from ...model.state import GameState

__all__ = ["returns", "heuristic", "side"]


def returns(state: GameState) -> tuple:
    """Each seat's result once the game is over: 1.0 if its team won, else 0.0."""
    outcome = state.outcome
    if outcome is None:
        return tuple(heuristic(state, s) for s in range(state.players))
    return tuple(1.0 if str(team) in map(str, outcome.winners) else 0.0
                 for team in state.loyalty)


def heuristic(state: GameState, seat: int) -> float:
    """How well the game goes for ``seat``'s team, 0..1, from the team chests."""
    if state.outcome is not None:
        return returns(state)[seat]
    british, french = team_totals(state.chests)
    lead = math.tanh((british - french) / 2) / 2
    team = str(state.loyalty[seat])
    return {"british": 0.5 + lead, "french": 0.5 - lead}.get(team, 1.0 - abs(2 * lead))


def side(state: GameState, seat: int) -> str:
    """The seat's loyalty (its team), by which balance tables group seats."""
    return str(state.loyalty[seat])
