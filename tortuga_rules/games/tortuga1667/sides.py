"""Sides: which way a vote card's icons, a brawl's flags and a chest's destination lean.

The facts every bot's rules of thumb start from: a cannon or torch pushes an Attack
toward success, a helm pushes a Mutiny toward failure, a flag pushes a Brawl toward its
team, a chest put in a team's hold or area goes to that team.
"""

from __future__ import annotations

from .components import ChestSpot, Team, team_totals

__all__ = ["vote_push", "brawl_side", "chest_team", "PUSH"]

#: What each vote icon does for the vote's success (attack: top, mutiny: bottom).
PUSH = {"cannon": 1, "torch": 1, "water": -1, "skull": 1, "helm": -1}
_TEAM_OF_SPOT = {spot: team for spot in ChestSpot for team in ("british", "french")
                 if str(spot).endswith(team)}


def vote_push(rules, card: str, section: str) -> int:
    """How a card's icons in ``section`` push a vote: toward success (attack, mutiny:
    positive) or, for the brawl's flags, toward the British (positive) or French."""
    icons = rules.vote_cards[card].icons.get(section, ())
    if section == "middle":
        return sum(n if icon == "british" else -n if icon == "french" else 0
                   for icon, n in icons)
    return sum(PUSH.get(icon, 0) * n for icon, n in icons)


def brawl_side(chests, team: str) -> int:
    """The flag ``team`` wants a brawl to show most: +1 British, -1 French, 0 neither
    (the Dutch back the team that is behind, since a tie is their win)."""
    if team == Team.DUTCH.value:
        british, french = team_totals(chests)
        return 0 if british == french else (1 if british < french else -1)
    return 1 if team == Team.BRITISH.value else -1


def chest_team(action) -> str | None:
    """The team whose hold or area an action puts a chest in, if it names one."""
    return _TEAM_OF_SPOT.get(_spot(action))


def _spot(action):
    """The chest spot an action's last argument names (where a chest goes), if any."""
    if not action.args:
        return None
    value = action.args[-1][1]
    if isinstance(value, tuple):
        value = value[-1] if value else None
    return value if isinstance(value, ChestSpot) else None
