"""A game written on the component kit, as the core sees it: one :class:`GameKind` made of
the kit's generic parts.

The Tortuga dice game registers one with its own bot; a rules file on the kit naming a new
``game:`` gets one on the fly (:data:`KIT_FAMILY`, registered by the ``games`` package),
with no Python: its state, vocabulary, builder, setup, view, checks, determinisations,
numbered actions and observations, narrator and scenario positions are all the kit's.
"""

from __future__ import annotations

from typing import Any, Callable

from ...data.kit import build_kit_ruleset
from ...dsl.kit import VOCABULARY
from ...model.events import Catalogue
from ...model.games import Family, GameKind
from ...model.kit import KIT_EVENTS, KitState
from .determinize import determinize_kit, native_sample_kit, native_sampler_kit
from .loop import kit_heuristic, kit_problems, kit_returns, kit_side, setup_kit, view_kit
from .position import build_kit_position
from .space import KitObserver, kit_actions
from .words import KitNarrator

__all__ = ["kit_game", "KIT_FAMILY"]


def kit_game(game_id: str, name: str, players: tuple[int, int],
             bots: dict[str, tuple[Callable[..., Any], dict[str, type]]] | None = None
             ) -> GameKind[KitState]:
    """The game ``game_id`` written on the kit (``players``: its fewest and most players;
    ``bots``: its own players, if any - the generic ones play it in any case)."""
    fewest, most = players
    return GameKind(
        id=game_id, name=name, state=KitState, vocabulary=VOCABULARY, schema="kit",
        build=build_kit_ruleset, new_game=setup_kit, view=view_kit, problems=kit_problems,
        returns=kit_returns, determinize=determinize_kit, heuristic=kit_heuristic,
        side=kit_side, save_schema="kit-savegame", players=(fewest, most),
        bots=dict(bots or {}), actions=kit_actions, observer=KitObserver,
        narrator=KitNarrator, events=Catalogue(KIT_EVENTS), position=build_kit_position,
        native_sample=native_sample_kit, native_sampler=native_sampler_kit)


#: Rules files with a ``components`` section: a ``game:`` no package registers is a new game.
KIT_FAMILY = Family(schema="kit", marker="components", make=kit_game)
