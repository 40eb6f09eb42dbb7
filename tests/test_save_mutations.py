"""Mutated saves: each is refused with SaveGameError, or is a position that plays on cleanly."""

import random

import pytest

from hypothesis import HealthCheck, given, settings

from tortuga_rules import GameState, SaveGameError, apply_action, legal_actions
from tortuga_rules.game.invariants import problems

from strategies import mutated_saves

_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def _play_on(state, steps=80):
    """Random legal play from ``state``: every state stays a consistent position."""
    rnd = random.Random(0)
    for _ in range(steps):
        assert problems(state) == [], problems(state)
        if state.is_terminal:
            return
        la = legal_actions(state)
        state = apply_action(state, la[rnd.randrange(len(la))])


def _check(case):
    rules, data, how = case
    try:
        state = GameState.from_data(data, rules)
    except SaveGameError:
        return
    _play_on(state)


@settings(max_examples=1000, **_SETTINGS)
@given(mutated_saves())
def test_a_mutated_save_is_refused_or_plays_without_error(case):
    """Types, ranges, counts, removals: SaveGameError, or a reachable position that plays."""
    _check(case)


@pytest.mark.slow
@settings(max_examples=30_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated_saves())
def test_many_random_mutated_saves_are_refused_or_play(case):
    """The same, with fresh random mutations each run (opt in with -m slow)."""
    _check(case)
