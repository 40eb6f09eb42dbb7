"""The 30-second timer played (the ``timer`` variant): the TIMEOUT action, the clock in views.

The rule (RULES.md, optional rules): "if no action is declared in time the player must
View 2; a forced chooser who runs out has the choice made by the forcing player";
docs/readings.md T1 says what the engine plays where the rule is silent.
"""

from __future__ import annotations

import random

import pytest

from tortuga_rules import (TIMEOUT, GameState, IllegalActionError, apply_action, apply_timeout,
                           legal_actions, load_ruleset, new_game, view)


@pytest.fixture(scope="module")
def timed():
    return load_ruleset("timer", options={"seconds": 10})


def _to_turn(state):
    """Play the setup's choices (the captains' chests) until a turn's action is awaited."""
    while state.decision.kind != "action":
        state = apply_action(state, legal_actions(state)[0], seat=state.current_player)
    return state


def _forced_pick(rules):
    """A state awaiting a forced player's pick (after a Force), found in random play."""
    for seed in range(50):
        state, rng = new_game(rules, 5, seed=seed), random.Random(seed)
        while not state.is_terminal:
            d = state.decision
            if d.kind == "choose" and d.clause == "action.force.pick":
                return state
            state = apply_action(state, rng.choice(legal_actions(state)), seat=d.seat)
    raise AssertionError("no Force in 50 games")


def test_a_player_out_of_time_views_two_cards(timed):
    """A turn's action timed out is a View of two face-down cards, logged as a time-out."""
    state = _to_turn(new_game(timed, 5, seed=4))
    seat = state.current_player
    after = apply_action(state, TIMEOUT, seat=seat)
    assert after.events[0] == ("turn.timer", "timeout", -1, seat)
    acted = [e for e in after.events if e[1] == "action"]
    assert acted[0][3] == seat and acted[0][4].kind == "view"
    assert len(dict(acted[0][4].args)["slots"]) == 2


def test_the_same_state_times_out_the_same_way(timed):
    """The draw uses the game's own generator: a time-out is a function of the state."""
    state = _to_turn(new_game(timed, 5, seed=9))
    assert apply_timeout(state) == apply_timeout(state)
    assert apply_timeout(state, record=False) == apply_timeout(state)._evolve(events=())


def test_a_forced_players_pick_passes_to_the_forcing_player(timed):
    """Out of time, the forced player's pick is made by the forcing player; the forced
    player still reveals the card (as revealer); the paused state saves and loads."""
    state = _forced_pick(timed)
    forced = state.current_player
    forcer = dict(state.frames[-1].env)["actor"]
    passed = apply_action(state, TIMEOUT, seat=forced)
    assert passed.current_player == forcer
    assert passed.events == (("turn.timer", "timeout", -1, forced),
                             ("turn.timer", "choice-passed", -1, forced, forcer))
    assert GameState.from_json(passed.to_json(), timed) == passed
    picked = apply_action(passed, legal_actions(passed)[0], seat=forcer)
    reveal = [e for e in picked.events if e[1] == "reveal"][0]
    assert reveal[3] == forced


def test_without_a_timer_a_time_out_is_refused():
    """Rules with no timer refuse TIMEOUT; it is never among the legal actions."""
    rules = load_ruleset("standard")
    state = _to_turn(new_game(rules, 4, seed=1))
    with pytest.raises(IllegalActionError, match="these rules have no timer"):
        apply_action(state, TIMEOUT, seat=state.current_player)
    assert TIMEOUT not in legal_actions(state)
    assert "clock" not in view(state, 0)


def test_views_say_who_is_on_the_clock(timed):
    """Every seat's view carries the clock of the decision awaited (no deadline: the
    library has no clock; a server sets it)."""
    state = _to_turn(new_game(timed, 5, seed=2))
    for seat in range(5):
        assert view(state, seat)["clock"] == {"seat": state.current_player, "seconds": 10,
                                              "on_timeout": "view",
                                              "forced_chooser": "forcing-player",
                                              "deadline": None}


def test_a_game_of_time_outs_only_goes_on_and_saves(timed):
    """Timing out every decision of 150 steps keeps every state a loadable position."""
    state = new_game(timed, 4, seed=6)
    for _ in range(150):
        if state.is_terminal:
            break
        state = apply_timeout(state)
        assert GameState.from_json(state.to_json(), timed) == state
