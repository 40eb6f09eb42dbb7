"""Rollouts: frozen states, the starting state untouched, refusals, bad arguments.

That a rollout plays the same game as the public API, step by step and log included,
is proven with every other path in ``test_sameness.py``.
"""

import random

import pytest
from helpers import state_fields

from tortuga_rules import (ArgumentError, IllegalActionError, Rollout, apply_action,
                           legal_actions, load_ruleset, new_game)

def _games(ruleset, count):
    rules = load_ruleset(ruleset)
    low, high = rules.min_players, rules.max_players
    for seed in range(count):
        yield rules, low + seed % (high - low + 1), seed


def test_a_frozen_state_plays_on_through_the_public_api():
    """A state frozen mid-game (a paused effect too) is a real state: saved, loaded, played."""
    rules = load_ruleset("standard")
    rnd = random.Random(3)
    r = Rollout(new_game(rules, 5, 3))
    frozen = []
    while not r.is_terminal:
        la = r.legal_actions()
        r.apply(la[rnd.randrange(len(la))])
        frozen.append(r.state())
    assert any(s.frames for s in frozen)
    for s in frozen[::7]:
        again = type(s).from_json(s.to_json(), rules)
        assert state_fields(again) == state_fields(s)
        if not s.is_terminal:
            apply_action(s, legal_actions(s)[0])


def test_the_state_a_rollout_starts_from_is_never_changed():
    """Playing a rollout to the end leaves its starting state and frozen states as they were."""
    rules = load_ruleset("standard")
    s = new_game(rules, 4, 9)
    before = s.to_json()
    r = Rollout(s)
    mid = None
    rnd = random.Random(9)
    while not r.is_terminal:
        la = r.legal_actions()
        r.apply(la[rnd.randrange(len(la))])
        if mid is None and r.current_player is not None:
            mid, mid_json = r.state(), r.state().to_json()
    assert s.to_json() == before and mid.to_json() == mid_json


def test_an_illegal_action_is_refused_and_changes_nothing():
    """The API's refusal, and the rollout plays on as if it had not been tried."""
    rules = load_ruleset("standard")
    s = new_game(rules, 4, 1)
    r = Rollout(s)
    with pytest.raises(IllegalActionError):
        r.apply("row")
    with pytest.raises(IllegalActionError):
        r.apply(legal_actions(apply_action(s, legal_actions(s)[0]))[-1])
    assert state_fields(r.state()) == state_fields(s)


def test_a_rollout_takes_only_a_state():
    """Anything but a GameState is an ArgumentError."""
    with pytest.raises(ArgumentError):
        Rollout("standard")


def test_apply_action_without_recording_plays_the_same_game_and_the_log_can_be_rebuilt():
    """``record=False`` gives the same states with an empty log; re-applying a step from
    its parent with recording on gives that step's cited log."""
    for rules, players, seed in _games("standard", 12):
        rnd = random.Random(seed)
        s = q = new_game(rules, players, seed)
        while not s.is_terminal:
            la = legal_actions(s)
            a = la[rnd.randrange(len(la))]
            parent, s, q = q, apply_action(s, a), apply_action(q, a, record=False)
            assert q.events == ()
            assert state_fields(q, with_log=False) == state_fields(s, with_log=False)
            assert apply_action(parent, a).events == s.events


@pytest.mark.parametrize("engine", [None, "python"])
@pytest.mark.parametrize("ruleset", ["standard", "tortuga-dice"])
def test_the_numbered_path_plays_the_same_games_as_actions(ruleset, engine):
    """``legal_count``/``apply_index(i)`` are ``legal_actions()``/``apply(la[i])``: the same
    count and the same positions at every step, on either engine, for both games."""
    for rules, players, seed in _games(ruleset, 6):
        rnd = random.Random(seed)
        by_action = Rollout(new_game(rules, players, seed), engine=engine)
        by_number = Rollout(new_game(rules, players, seed), engine=engine)
        while not by_action.is_terminal:
            la = by_action.legal_actions()
            assert by_number.legal_count() == len(la)
            at = rnd.randrange(len(la))
            by_action.apply(la[at])
            by_number.apply_index(at)
            assert by_number.current_player == by_action.current_player
        assert by_number.is_terminal and by_number.legal_count() == 0
        assert state_fields(by_number.state(), with_log=False) == \
            state_fields(by_action.state(), with_log=False)


@pytest.mark.parametrize("engine", [None, "python"])
@pytest.mark.parametrize("index", [-1, 10_000, True, 1.0, "0", None])
def test_an_option_number_that_is_not_legal_is_refused_and_changes_nothing(index, engine):
    """Out of range, negative, a truth value, a float or a text: an ArgumentError in words
    naming the legal numbers, and the rollout plays on as before."""
    s = new_game(load_ruleset("standard"), 4, 2)
    r = Rollout(s, engine=engine)
    before = state_fields(r.state())
    with pytest.raises(ArgumentError, match="apply_index takes the number of a legal action"):
        r.apply_index(index)
    assert state_fields(r.state()) == before
    r.apply_index(r.legal_count() - 1)
    assert state_fields(r.state(), with_log=False) == \
        state_fields(apply_action(s, legal_actions(s)[-1]), with_log=False)
