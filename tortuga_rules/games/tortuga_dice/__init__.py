"""Tortuga, the dice game (Queen Games, 2014): the engine's second game, all in data.

Its rules are ``variants/tortuga-dice.yaml`` and its overlays (``two-players``,
``long-game``), written with the component kit's generic words (zones, tracks, dice,
secret choices revealed together, rankings, scores); this package only registers the game
with the core, with its rules-of-thumb player (``bot``). Nothing here is a rule of the game.
"""

from __future__ import annotations

from ...data.kit import build_kit_ruleset
from ...dsl.kit import VOCABULARY
from ...game.kitdeterminize import determinize_kit
from ...game.kitposition import build_kit_position
from ...game.kitspace import KitObserver, kit_actions
from ...game.kitwords import KitNarrator
from ...game.kit import (kit_heuristic, kit_problems, kit_returns, kit_side, setup_kit,
                         view_kit)
from ...model.games import GameKind, register
from ...model.events import Catalogue
from ...model.kit import KIT_EVENTS, KitState
from .bot import DiceHeuristicBot

__all__ = ["KIND"]

#: The Tortuga dice game, as the engine's core sees it.
KIND = register(GameKind(
    id="tortuga-dice", name="Tortuga (dice game)", state=KitState, vocabulary=VOCABULARY,
    schema="kit", build=build_kit_ruleset, new_game=setup_kit, view=view_kit,
    problems=kit_problems, returns=kit_returns, determinize=determinize_kit, heuristic=kit_heuristic, side=kit_side,
    save_schema="kit-savegame", players=(2, 4),
    bots={"heuristic": (DiceHeuristicBot, {})}, actions=kit_actions, observer=KitObserver,
    narrator=KitNarrator, events=Catalogue(KIT_EVENTS), position=build_kit_position))
