"""Tortuga, the dice game (Queen Games, 2014): the engine's second game, all in data.

Its rules are ``variants/tortuga-dice/tortuga-dice.yaml`` and its overlays (``two-players``,
``long-game``) beside it, written with the component kit's generic words (zones, tracks, dice,
secret choices revealed together, rankings, scores); this package only registers the game
with the core (the kit's generic parts, :func:`~tortuga_rules.game.kit.kind.kit_game`), with
its rules-of-thumb player (``bot``). Nothing here is a rule of the game.
"""

from __future__ import annotations

from ...game.kit.kind import kit_game
from ...model.games import register
from .bot import DiceHeuristicBot

__all__ = ["KIND"]

#: The Tortuga dice game, as the engine's core sees it.
KIND = register(kit_game("tortuga-dice", "Tortuga (dice game)", (2, 4),
                         bots={"heuristic": (DiceHeuristicBot, {})}))
