"""Bots: a registry by name, deterministic given a seed, seeing only their seat's knowledge."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import states

from tortuga_rules import determinize, view
from tortuga_rules.bots import Knowledge, bot_spec, bots_for, make_bot
from tortuga_rules.errors import ArgumentError
from tortuga_rules.lab.workers import play_games
from tortuga_rules.lab.tournament import Tournament, tables

#: Every registered bot, the search one with a small budget.
SPECS = ["random", "heuristic", "ismcts:iterations=12,depth=8"]


def test_every_registered_bot_is_tested():
    """The specs these tests use cover the whole registry (Tortuga 1667's own and the
    generic bots)."""
    assert {bot_spec(s)[0] for s in SPECS} == set(bots_for())


@settings(max_examples=40, deadline=None)
@given(state=states(), spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_a_bot_chooses_a_legal_action_and_the_same_one_again_with_its_seed(state, spec, seed):
    """Given the same seed and knowledge, a bot makes the same legal choice."""
    if state.is_terminal:
        return
    knowledge = Knowledge.of(state, state.current_player)
    first = make_bot(spec, seed).choose(knowledge)
    assert first in knowledge.legal_actions()
    assert make_bot(spec, seed).choose(knowledge) == first


@settings(max_examples=40, deadline=None)
@given(state=states(), spec=st.sampled_from(SPECS), data=st.data())
def test_a_bots_choice_depends_only_on_what_its_seat_knows(state, spec, data):
    """In a world the seat cannot tell from the real one (its hidden facts dealt again),
    every bot makes exactly the same choice: it never reads the real state."""
    if state.is_terminal:
        return
    seat = state.current_player
    other = determinize(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    assert view(other, seat) == view(state, seat)
    seed = data.draw(st.integers(0, 2**32))
    assert make_bot(spec, seed).choose(Knowledge.of(state, seat)) == \
        make_bot(spec, seed).choose(Knowledge.of(other, seat))


@settings(max_examples=40, deadline=None)
@given(state=states(), data=st.data())
def test_indistinguishable_states_give_the_same_determinisation(state, data):
    """Determinising two states one seat cannot tell apart, with the same generator seed,
    gives the same state: the draw depends on the seat's information only."""
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    other = determinize(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    seed = data.draw(st.integers(0, 2**32))
    assert determinize(state, seat, seed) == determinize(other, seat, seed)


@settings(max_examples=40, deadline=None)
@given(state=states(), data=st.data())
def test_a_search_world_depends_only_on_what_its_seat_knows(state, data):
    """The game a search plays on (``Knowledge.sample_game``: drawn in the native engine
    where it can be) is the world ``sample`` draws from the seed, with each seat's side -
    and the same world for two states the seat cannot tell apart."""
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    other = determinize(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    seed = data.draw(st.integers(0, 2**63), label="seed")

    def world(s):
        game, sides = Knowledge.of(s, seat).sample_game(seed)
        data = game.state().to_data()
        data.pop("events")
        return data, sides

    sampled = Knowledge.of(state, seat).sample(seed).to_data()
    sampled.pop("events")
    assert world(state) == world(other)
    assert world(state)[0] == sampled


def test_a_search_world_needs_a_whole_number_seed(rules):
    """``sample_game`` refuses a seed that is not a whole number, or an unknown engine."""
    from tortuga_rules import new_game

    knowledge = Knowledge.of(new_game(rules, 4, 1), 0)
    for seed, engine in ((1.5, None), ("x", None), (1, "rust")):
        with pytest.raises(ArgumentError, match="whole-number seed"):
            knowledge.sample_game(seed, engine)


@pytest.mark.parametrize("spec, message", [
    ("wizard", "no bot 'wizard'"), ("ismcts:budget=3", "no parameter 'budget'"),
    ("ismcts:iterations=many", "must be a number"), ("ismcts:iterations=-1", "from 0"),
    ("random:iterations=3", "parameters: none"), ("x" * 500, "short text")])
def test_bad_bot_specs_are_refused_with_a_reason(spec, message):
    """A spec naming no bot, a parameter it lacks or a bad value says what is wrong."""
    with pytest.raises(ArgumentError, match=message):
        make_bot(spec)


def test_a_spec_sets_the_search_budget():
    """``ismcts:iterations=50,c=1.5`` builds a search bot with that budget."""
    bot = make_bot("ismcts:iterations=50,c=1.5", seed=3)
    assert (bot.iterations, bot.c) == (50, 1.5)


def test_the_heuristic_bot_beats_the_random_one_with_95_percent_confidence():
    """In 60 seeded games at 4 players the heuristic's seats win significantly more."""
    todo = list(tables(["heuristic", "random"], games=60, players=4, seed=5))
    t = Tournament.from_results(["heuristic", "random"], zip(todo, play_games(todo)), 5)
    d = t.differences[("heuristic", "random")]
    assert d.significant and d.mean > 0
    assert t.rates["heuristic"].low > t.rates["random"].value


def test_games_give_the_same_results_with_any_number_of_processes():
    """The same tables played in one process or two give equal results, in order."""
    todo = list(tables(["heuristic", "random"], games=6, players=5, seed=2))
    assert play_games(todo, jobs=1) == play_games(todo, jobs=2)


@pytest.mark.parametrize("players", [2, 3, 4, 6, 9])
def test_a_table_of_heuristic_bots_finishes_its_games(players):
    """The clock rule makes cautious players reveal events in the end: no game of
    heuristic bots runs on without the Armada (each ends well before the step limit)."""
    from tortuga_rules.lab.games import play_game

    for table in tables(["heuristic"], games=4, players=players, seed=players):
        result = play_game(table)
        assert result.reason is not None and result.steps < 1000


def test_simulated_seats_play_legal_actions_by_the_rules_of_thumb():
    """``reflex`` (how search plays simulated seats) picks a legal action, putting a chest
    in its own team's hold or area when it places one."""
    from tortuga_rules.games.tortuga1667.bot import reflex
    from tortuga_rules.games.tortuga1667.sides import chest_team
    from tortuga_rules.game.rollout import Rollout
    from tortuga_rules import load_ruleset, new_game

    rnd = random.Random(4)
    for seed in range(6):
        game = Rollout(new_game(load_ruleset("standard"), 4, seed))
        while not game.is_terminal:
            legal = game.legal_actions()
            action = reflex(game, legal, rnd)
            assert action in legal
            team = str(game.live.loyalty[game.current_player])
            goes = {chest_team(a) for a in legal} - {None}
            if goes and team != "dutch" and len(goes) > 1:
                assert chest_team(action) in (team, None)
            game.apply(action)


def test_a_tournament_of_three_kinds_adjusts_its_claims_over_the_pairs():
    """Three kinds make three tests: each verdict quotes its Holm-adjusted p-value, which
    is never below the pair's own."""
    kinds = ["heuristic", "random", "ismcts:iterations=4,depth=4"]
    todo = list(tables(kinds, games=9, players=3, seed=1))
    t = Tournament.from_results(kinds, zip(todo, play_games(todo)), 1)
    adjusted = t.adjusted()
    assert len(adjusted) == 3 and all(adjusted[k] >= t.differences[k].p for k in adjusted)
    assert all("Holm-adjusted" in v for v in t.verdicts())
    assert all("p_holm" in d for d in t.to_data()["differences"])


def test_a_verdict_states_the_difference_from_the_side_of_the_winner():
    """Whichever order the kinds are given in, "X beats Y" quotes X's lead as positive."""
    todo = list(tables(["random", "heuristic"], games=40, players=4, seed=5))
    t = Tournament.from_results(["random", "heuristic"], zip(todo, play_games(todo)), 5)
    [verdict] = t.verdicts()
    assert verdict.startswith("heuristic beats random") and "difference +" in verdict
