"""Tortuga 1667 (Facade Games), the engine's first game: its :class:`GameKind`.

Its rules data is in its subfolders of the top-level data folders: ``variants/tortuga-1667/``
(every file naming no ``game``), ``cards/tortuga-1667/`` and ``schema/tortuga-1667/``. Its code is here - its rules-file builder, rule
procedures, DSL verbs, functions and vocabulary, setup, view, labels and narration,
determinisation, position checks, scenario positions, numbered actions, observation,
bots and outcome, its components (places, chest spots, teams, roles), their DSL types, its
compiled ruleset record and its log catalogue; this package gathers it behind the seam
every tool uses.
"""

from __future__ import annotations

from .narration import Narrator
from ...model.games import GameKind, register
from .actions import actions_1667
from .bot import HeuristicBot, Judge, reflex
from .build import build_ruleset
from .cardrules import check_card
from .determinize import determinize_1667
from .invariants import problems_1667, settled_1667
from .observation import Observer1667
from .position import build_position
from .roles import seat_roles
from .procedures import ENGINE_CLAUSES, ENGINE_OPTIONS, votes
from .setup import setup_1667
from .state import Tortuga1667State
from .outcome import heuristic, returns, side
from .view import view_1667
from .components import ENUM_BY_NAME, Team
from .events import CATALOGUE
from .diff import GUIDE
from .rulebook import chapters
from .vocabulary import VOCABULARY
from .voting import vote_options, vote_refusal
from .native import describe as describe_native, sample as native_sample, \
    sampler as native_sampler

__all__ = ["KIND", "Tortuga1667State", "HeuristicBot"]


def _build(reader, data, smap, cards, options=None):
    """Its rules data compiled with its words and the clauses its procedures cite."""
    return build_ruleset(reader, data, smap, cards, options, vocabulary=VOCABULARY,
                         engine_clauses=ENGINE_CLAUSES)


def _answer(m, decision, action) -> bool:
    """A vote card (or the cards a kept card lets a seat play at once) played."""
    name, value = action.args[0]
    return votes.play_vote(m, value if name == "cards" else (value,)) is None


def _prior(state, seat):
    """Search's first guess of each action: the heuristic player's score of it (chests)."""
    return Judge(state, seat).score


#: Tortuga 1667, as the engine's core sees it.
KIND = register(GameKind(
    id="tortuga-1667", name="Tortuga 1667", state=Tortuga1667State, vocabulary=VOCABULARY,
    schema="ruleset", build=_build, new_game=setup_1667, view=view_1667,
    problems=problems_1667, returns=returns, determinize=determinize_1667,
    heuristic=heuristic, side=side, sides=tuple(str(t) for t in Team), settled=settled_1667, cards=True, players=(2, 9),
    enums=ENUM_BY_NAME, bots={"heuristic": (HeuristicBot, {})}, playout=reflex, native_playout="reflex-1667", prior=_prior,
    native_prior=True,
    actions=actions_1667, observer=Observer1667, narrator=Narrator, answer=_answer,
    check_card=check_card, position=build_position, roles=seat_roles, options=vote_options,
    refusal=vote_refusal, events=CATALOGUE, chapters=chapters, diff=GUIDE,
    native=describe_native, native_sample=native_sample, native_sampler=native_sampler,
    engine_options=ENGINE_OPTIONS))
