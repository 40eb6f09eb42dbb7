"""The PettingZoo environment (the ``rl`` extra) passes PettingZoo's own tests and leaks nothing."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from strategies import states
from twins import twin
from tortuga_rules import load_ruleset, view
from tortuga_rules.rl import Observer, env, raw_env


@pytest.fixture(autouse=True)
def _quiet():
    """api_test warns that a dict observation space is unusual; it is PettingZoo's own
    convention for action masks."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("ruleset, players", [("standard", 2), ("standard", 5),
                                              ("standard", 9), ("first-edition", 6),
                                              ("standard+madness", 4), ("tortuga-dice", 3),
                                              ("tortuga-dice", 4),
                                              ("tortuga-dice+two-players", 2),
                                              ("tortuga-dice+long-game", 3)])
def test_pettingzoo_api_test_passes(ruleset, players):
    """PettingZoo's api_test: spaces, agent iteration, observations inside their spaces,
    masks, rewards and terminations of whole games."""
    api_test(env(ruleset=ruleset, players=players), num_cycles=2000)


@pytest.mark.parametrize("ruleset, players", [("standard", 3), ("standard", 5),
                                              ("standard", 8), ("tortuga-dice", 3),
                                              ("tortuga-dice+two-players", 2)])
def test_pettingzoo_seed_test_passes(ruleset, players):
    """PettingZoo's seed_test: two environments reset with one seed play the same game."""
    seed_test(lambda: env(ruleset=ruleset, players=players), num_cycles=2000)


def _play(e, seed: int, pick) -> dict:
    e.reset(seed=seed)
    totals = {a: 0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        totals[agent] += reward
        if done or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(pick(legal)))
    return totals


def test_a_whole_game_rewards_the_winning_team():
    """Each seat of the winning team ends with +1, the others -1 (a shared draw: 0)."""
    e = raw_env(players=5)
    rnd = random.Random(3)
    totals = _play(e, 11, rnd.choice)
    outcome = e.state.outcome
    assert outcome is not None
    for seat, agent in enumerate(e.possible_agents):
        team = e.state.loyalty[seat]
        want = (1 if len(outcome.winners) == 1 else 0) if team in outcome.winners else -1
        assert totals[agent] == want, (agent, team, outcome.winners)
    assert not e.agents


def test_only_the_deciding_agent_has_a_mask_and_it_is_the_legal_actions():
    """The selected agent's mask marks exactly the legal actions; every other agent's is
    all zero, and the agent selected is the seat the game waits for."""
    from tortuga_rules import legal_mask
    e = raw_env(players=4)
    e.reset(seed=5)
    for _ in range(40):
        seat = e.possible_agents.index(e.agent_selection)
        assert seat == e.state.current_player
        for agent in e.possible_agents:
            mask = e.observe(agent)["action_mask"]
            if agent == e.agent_selection:
                assert list(mask) == legal_mask(e.state)
            else:
                assert not mask.any()
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))


def test_an_illegal_action_id_is_refused_and_changes_nothing():
    """An id the mask does not allow is an IllegalActionError; the game is unchanged."""
    from tortuga_rules import IllegalActionError
    e = raw_env(players=5)
    e.reset(seed=2)
    before = e.state
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.state is before


@settings(max_examples=60, deadline=None)
@given(state=states(), data=st.data())
def test_observations_ignore_hidden_facts(state, data):
    """A seat's observation is the same in twin states that differ only in what it must
    not know (the observation is made from its view alone)."""
    seat = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="seat")
    other = twin(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    observer = Observer(state.rules, state.players)
    assert (observer.encode(view(state, seat)) == observer.encode(view(other, seat))).all()


def test_every_observation_entry_is_named():
    """The layout names every entry once; it depends on the ruleset and player count."""
    observer = Observer(load_ruleset("standard"), 5)
    assert len(observer.names()) == observer.size == len(set(observer.names()))


def test_the_library_imports_without_the_rl_extra():
    """Importing the library and its command line loads none of the extra's packages."""
    code = ("import sys, tortuga_rules, tortuga_rules.cli; "
            "bad = {'numpy', 'pettingzoo', 'gymnasium'} & set(sys.modules); "
            "assert not bad, bad")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("kwargs", [{"players": 1}, {"players": "5"}, {"players": 10},
                                    {"render_mode": "rgb_array"}, {"lang": "xx"},
                                    {"ruleset": "no-such-ruleset"}])
def test_bad_arguments_are_refused_with_a_tortuga_error(kwargs):
    """A wrong player count, render mode, language or ruleset is a TortugaError."""
    from tortuga_rules import TortugaError
    with pytest.raises(TortugaError):
        raw_env(**kwargs)


@pytest.mark.parametrize("ruleset, players", [("tortuga-dice", 3), ("tortuga-dice", 4),
                                              ("tortuga-dice+two-players", 2)])
def test_a_whole_dice_game_rewards_its_winners_and_every_option_is_numbered(ruleset, players):
    """Random dice games through the environment: every legal action has a number (the
    kit's action space covers the game's answers), the winner gets +1 (a shared win: 0)
    and every other seat -1."""
    e = raw_env(ruleset=ruleset, players=players)
    for seed in range(3):
        rnd = random.Random(seed)
        totals = _play(e, seed, rnd.choice)
        winners = e.state.outcome.winners
        for seat, agent in enumerate(e.possible_agents):
            want = (1 if len(winners) == 1 else 0) if seat in winners else -1
            assert totals[agent] == want


def test_dice_observations_ignore_hidden_facts():
    """A seat's dice-game observation is the same in twin states that differ in what it
    must not know: other screens' rolls, secret picks, the bags and looked-at tokens."""
    from test_dice import TABLES
    from twins import twin
    from tortuga_rules import apply_action, legal_actions, new_game
    for rules, players in TABLES[:3]:
        observer = Observer(rules, players)
        state, rnd = new_game(rules, players, 1), random.Random(1)
        while not state.is_terminal:
            for seat in range(players):
                other = twin(state, seat, rnd)
                assert (observer.encode(view(state, seat)) ==
                        observer.encode(view(other, seat))).all()
            state = apply_action(state, rnd.choice(legal_actions(state)))


def test_a_dice_observation_names_every_entry_and_shows_what_the_seat_sees():
    """The kit observer's layout names each entry once; a seat's own dice behind its
    screen are in its observation, another seat's only by their count."""
    from tortuga_rules import new_game
    rules = load_ruleset("tortuga-dice")
    observer = Observer(rules, 3)
    assert len(observer.names()) == observer.size == len(set(observer.names()))
    state = new_game(rules, 3, 1)
    names = observer.names()
    mine = observer.encode(view(state, 0))
    dice = [i for i, n in enumerate(names) if n.startswith("zone.screen.0.") and
            not n.endswith("count")]
    theirs = [i for i, n in enumerate(names) if n.startswith("zone.screen.1.") and
              not n.endswith("count")]
    assert sum(mine[i] for i in dice) == mine[names.index("zone.screen.0.count")] > 0
    assert sum(mine[i] for i in theirs) == 0 < mine[names.index("zone.screen.1.count")]


@pytest.mark.parametrize("ruleset, players", [("standard", 3), ("standard", 6),
                                              ("tortuga-dice", 3)])
def test_a_fixed_size_environment_has_one_layout_for_every_player_count(ruleset, players):
    """With fixed_size the spaces are those of the ruleset's most players: an agent trained
    at one count plays another; absent seats' entries stay 0 and PettingZoo's api_test
    passes."""
    wide = raw_env(ruleset=ruleset, players=players, fixed_size=True)
    most = raw_env(ruleset=ruleset, players=wide.rules.max_players)
    agent = wide.possible_agents[0]
    assert wide.observation_space(agent) == most.observation_space(agent)
    assert wide.action_space(agent) == most.action_space(agent)
    wide.reset(seed=4)
    names = wide.observer.names()
    seen = wide.observe(agent)["observation"]
    absent = [i for i, n in enumerate(names) if n.startswith(f"me.{players}")]
    assert absent and all(seen[i] == 0 for i in absent)
    api_test(env(ruleset=ruleset, players=players, fixed_size=True), num_cycles=300)


def test_action_labels_name_the_deciding_agents_legal_actions():
    """With action_labels the deciding agent's infos map each legal action's id to its
    text, exactly the ids its mask allows."""
    e = raw_env(ruleset="standard", players=4, action_labels=True)
    e.reset(seed=2)
    for _ in range(30):
        agent = e.agent_selection
        labels = e.infos[agent]["legal_actions"]
        mask = e.observe(agent)["action_mask"]
        assert sorted(labels) == [int(i) for i in np.flatnonzero(mask)]
        assert all(isinstance(t, str) and t for t in labels.values())
        e.step(min(labels))
        if all(e.terminations.values()):
            break


def _random_steps(e, steps: int, seed: int):
    """Play ``e`` (reset) ``steps`` random legal steps, yielding (agent, action id) before
    each step."""
    rnd = random.Random(seed)
    for _ in range(steps):
        agent = e.agent_selection
        if e.terminations[agent]:
            return
        action = rnd.choice([int(i) for i in np.flatnonzero(e.observe(agent)["action_mask"])])
        yield agent, action
        e.step(action)


@pytest.mark.parametrize("ruleset, players", [("standard", 5), ("tortuga-dice", 3)])
def test_history_counts_the_events_a_seat_saw_since_it_last_acted(ruleset, players):
    """With history every agent's observation is its view's vector followed by the news of
    the log events its seat may see since its last action (from the deal for a seat that
    has not acted) - counted as the reference's own log of the game says."""
    from tortuga_rules import apply_action, new_game
    from tortuga_rules.game.view import visible

    e = raw_env(ruleset=ruleset, players=players, history=True)
    e.reset(seed=11)
    state = new_game(e.rules, players, 11)
    heard = [[ev for ev in state.events if visible(ev, s)] for s in range(players)]
    plain = raw_env(ruleset=ruleset, players=players)
    plain.reset(seed=11)
    assert e.observer.size == plain.observer.size + e.observer.news.size
    for agent, action in _random_steps(e, 300, seed=3):
        for s, name in enumerate(e.possible_agents):
            seen = e.observe(name)["observation"]
            news = np.clip(e.observer.count_news(heard[s]), 0, 255)
            assert (seen[e.observer.view_size:] == news).all()
            assert (seen[:e.observer.view_size] == plain.observe(name)["observation"]).all()
        seat = e.possible_agents.index(agent)
        state = apply_action(state, e.space.actions[action])
        plain.step(action)
        heard[seat] = []
        for s in range(players):
            heard[s] += [ev for ev in state.events if visible(ev, s)]


@pytest.mark.parametrize("ruleset, players", [("standard", 4), ("tortuga-dice", 3)])
def test_pettingzoo_tests_pass_with_history(ruleset, players):
    """PettingZoo's api_test and seed_test pass with the news in the observation."""
    api_test(env(ruleset=ruleset, players=players, history=True), num_cycles=500)
    seed_test(lambda: env(ruleset=ruleset, players=players, history=True), num_cycles=500)


def _seat_news(e, events, seat) -> dict:
    """The news ``seat`` hears of ``events`` in environment ``e``: everyone's and its own."""
    everyone, own = e.heard(events)
    return {i: everyone.get(i, 0) + own[seat].get(i, 0) for i in {*everyone, *own[seat]}}


def test_history_tells_nothing_another_seat_alone_was_shown():
    """A seat's news is the same whatever the events only another seat may see held (the
    cards it looked at, drew or lost): news goes through the log's one door, ``visible``."""
    e = raw_env(ruleset="standard", players=5, history=True)
    e.reset(seed=7)
    private = 0
    for _agent, _action in _random_steps(e, 400, seed=5):
        events = e._play().events
        for seat in range(5):
            scrambled = [ev if ev[2] in (-1, seat) else ev[:3] + ("anything",) * len(ev[3:])
                         for ev in events]
            private += sum(ev[2] not in (-1, seat) for ev in events)
            assert _seat_news(e, scrambled, seat) == _seat_news(e, events, seat)
    assert private > 0


def test_history_tells_a_vote_and_its_revealed_cards_to_every_seat():
    """After a vote every seat's news holds the cards revealed and the result, though the
    vote was over before most of them decided again."""
    e = raw_env(ruleset="standard", players=5, history=True)
    names = e.observer.names()
    for game in range(20):
        e.reset(seed=game)
        for _agent, _action in _random_steps(e, 1000, seed=game):
            results = [ev for ev in e._play().events if ev[1] == "vote-result"]
            if not results:
                continue
            kind = results[0][3]
            for name in e.possible_agents:
                seen = e.observe(name)["observation"]
                told = {names[i] for i in np.flatnonzero(seen)}
                assert {f"news.vote-result.{kind}", "news.vote-reveal"} <= told
                assert any(n.startswith(f"news.vote-reveal.{kind}.cards.") for n in told)
            return
    pytest.fail("no vote in 20 random games")


def test_observations_show_public_markers_and_who_looked_at_which_slot():
    """Every seat's observation shows which row slots each seat has looked at (the View
    action is public, the cards are not) and the markers cards leave on players."""
    e = raw_env(ruleset="standard", players=4)
    e.reset(seed=3)
    names = e.observer.names()
    assert "mark.0.scurvy" in names
    for _agent, _action in _random_steps(e, 500, seed=2):
        state = e.game
        for s, name in enumerate(e.possible_agents):
            told = {names[i] for i in np.flatnonzero(e.observe(name)["observation"])}
            for other, mask in enumerate(state.seen):
                looked = {f"looked.{other}.{i + 1}" for i in range(5) if mask >> i & 1}
                assert looked == {n for n in told if n.startswith(f"looked.{other}.")}
            marks = {f"mark.{o}.scurvy" for o, m in enumerate(state.marks) if "scurvy" in m}
            assert marks == {n for n in told if n.startswith("mark.")}
