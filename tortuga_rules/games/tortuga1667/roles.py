"""Tortuga 1667's roles (its ``GameKind.roles``): who is Captain, First Mate, Cabin Boy or
Governor, from where the pawns stand. A turn action names the role it needs; the engine's
legal actions ask the game which roles a seat holds
(:func:`tortuga_rules.game.legality.roles_of`).
"""

from __future__ import annotations

from .components import Role
from ...model.state import GameState

__all__ = ["seat_roles", "roles_at"]


def seat_roles(state: GameState, seat: int) -> frozenset:
    """The roles ``seat`` holds (always ``Role.ANYONE`` among them; empty while the setup
    has not placed its pawn yet)."""
    for place, line in enumerate(state.lines):
        if seat in line:
            return _roles(place, line, seat)
    return frozenset()


_ANYONE = frozenset({Role.ANYONE})


_ROLE_SETS: dict = {}


def _roles(place, line, seat) -> frozenset:
    i = line.index(seat)
    key = (place, i, len(line))
    roles = _ROLE_SETS.get(key)
    if roles is None:
        roles = _ROLE_SETS[key] = roles_at(place, i, len(line))
    return roles


def roles_at(place, i, n) -> frozenset:
    """The roles of the pawn at rank ``i`` (0-based) of a line of ``n`` at ``place``."""
    if place >= 2:
        if place == 2 and i == 0:
            return frozenset({Role.ANYONE, Role.GOVERNOR})
        return _ANYONE
    roles = {Role.ANYONE}
    if i == 0:
        roles.add(Role.CAPTAIN)
    elif i == 1:
        roles.add(Role.FIRST_MATE)
    if i == n - 1:
        roles.add(Role.CABIN_BOY)
    return frozenset(roles)
