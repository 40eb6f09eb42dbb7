"""Consistency checks of a state against its ruleset: is it a position the rules can reach?

Used when loading a saved game (anything else is refused), for scenario positions, and
by the test suite after every step of random games. Every number is held to its range
first (:mod:`.ranges`); the other checks are each game's own (``GameKind.problems``:
Tortuga 1667's in ``games/tortuga1667/invariants.py``, a kit game's in ``game/kit/loop.py``); :func:`finishing_problems` plays a position halfway through
something on until it is settled, for every game alike.
"""

from __future__ import annotations

from ..errors import TortugaError
from ..model.state import GameState
from .legality import legal_actions
from .ranges import range_problems
from .transition import apply_action

__all__ = ["problems", "finishing_problems", "played_on", "FINISH_STEPS"]


def problems(state: GameState, *, scenario: bool = False) -> list[str]:
    """Everything inconsistent in ``state`` (empty if it is a position the rules can reach).

    With ``scenario`` the checks of a rules lawyer's position apply: fixed "random"
    outcomes are allowed, and cards may be out of the game however the position says.
    """
    rules = state.rules
    n = state.players
    if not rules.min_players <= n <= rules.max_players:
        return [f"{n} players: the ruleset is for {rules.min_players}-{rules.max_players}"]
    out = range_problems(state)
    if out:  # a game's checks read a position whose numbers are in range
        return out
    return list(rules.game.problems(state, scenario))


#: How many decisions :func:`finishing_problems` takes at most to finish what is under way.
FINISH_STEPS = 200


def played_on(state: GameState) -> GameState | None:
    """``state`` played on, each decision taken as its first option, until nothing is under
    way (None if that takes over :data:`FINISH_STEPS` decisions); a step's error is raised."""
    s = state
    settled = state.rules.game.settled
    for _ in range(FINISH_STEPS):
        if s.decision is None or settled(s):
            return s
        s = apply_action(s, legal_actions(s)[0])
    return None


def finishing_problems(state: GameState, *, scenario: bool = False) -> list[str]:
    """What goes wrong when the programs under way in ``state`` run to their end.

    A paused program's future - what a setup program has still to place, what the frames
    under the top one will do - is known only by running it, so a position halfway
    through something (the setup, a card, a vote) is played on, each decision taken as
    its first option, until nothing is under way; that position must be consistent.
    Used for positions from outside (saved games, scenarios), whose frames nobody built.
    """
    try:
        s = played_on(state)
        if s is None:
            return [f"what is under way does not finish within {FINISH_STEPS} decisions"]
    except TortugaError as exc:  # a program of the rules fails from here (it says where)
        return [f"what is under way cannot finish ({str(exc):.200})"]
    except Exception:  # noqa: BLE001 - any failure means it cannot go on
        return ["what is under way cannot finish (the engine fails on it: an error of "
                "tortuga_rules, please report it)"]
    if s is state:
        return []
    return [f"what is under way finishes in an impossible position: {p}"
            for p in problems(s, scenario=scenario)]


