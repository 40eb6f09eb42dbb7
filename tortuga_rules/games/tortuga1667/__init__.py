"""Tortuga 1667 (Facade Games), the engine's first game: its :class:`GameKind`.

Its rules data is the top-level ``variants/`` (every file naming no ``game``), ``cards/``
and ``schema/ruleset.schema.json``. Its code still lives mostly in the core packages it
was written in (``procedures/``, ``dsl/tortuga1667``, ``data/sections``, the 1667 parts of
``game/``); this package gathers it behind the seam every tool uses.
"""

from __future__ import annotations

from ...data.build import build_ruleset
from ...game.narration import Narrator
from ...dsl.tortuga1667 import VOCABULARY
from ...model.components import ENUM_BY_NAME
from ...model.games import GameKind, register
from .actions import actions_1667
from .bot import HeuristicBot, Judge, reflex
from .determinize import determinize_1667
from .invariants import problems_1667, settled_1667
from .observation import Observer1667
from .setup import setup_1667
from .state import Tortuga1667State
from .outcome import heuristic, returns, side
from .view import view_1667

__all__ = ["KIND", "Tortuga1667State", "HeuristicBot"]


def _prior(state, seat):
    """Search's first guess of each action: the heuristic player's score of it (chests)."""
    return Judge(state, seat).score


#: Tortuga 1667, as the engine's core sees it.
KIND = register(GameKind(
    id="tortuga-1667", name="Tortuga 1667", state=Tortuga1667State, vocabulary=VOCABULARY,
    schema="ruleset", build=build_ruleset, new_game=setup_1667, view=view_1667,
    problems=problems_1667, returns=returns, determinize=determinize_1667,
    heuristic=heuristic, side=side, settled=settled_1667, cards=True, players=(2, 9),
    enums=ENUM_BY_NAME, bots={"heuristic": (HeuristicBot, {})}, playout=reflex, prior=_prior,
    actions=actions_1667, observer=Observer1667, narrator=Narrator))
