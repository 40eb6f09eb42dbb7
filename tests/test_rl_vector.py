"""The batched environment (``rl/vector.py``) plays, game by game, the AEC environment's games."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tortuga_rules.errors import ArgumentError, IllegalActionError
from tortuga_rules.game import native
from tortuga_rules.rl import TortugaVectorEnv, raw_env

NATIVE = pytest.mark.native


def _plain(state) -> dict:
    f = state._plain()
    f.pop("events")  # the log: the environments keep none
    return f


def _reference(monkeypatch):
    """The reference engine for everything made from here on."""
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")


def _agree(vec: TortugaVectorEnv, obs: dict, aecs: list) -> None:
    """Each game of the batch is its AEC environment's game, seen alike."""
    for i, e in enumerate(aecs):
        seat = e.possible_agents.index(e.agent_selection)
        assert obs["current_player"][i] == seat
        mine = e.observe(e.agent_selection)
        assert np.array_equal(obs["observation"][i], mine["observation"]), i
        assert np.array_equal(obs["action_mask"][i], mine["action_mask"]), i
        assert _plain(vec.state(i)) == _plain(e.game), i


def _side_by_side(ruleset: str, players: int, steps: int, fixed_size: bool = False,
                  num_envs: int = 3) -> tuple[str, int]:
    """Play a batch and an AEC environment per game with the same seeds and actions;
    the engine the batch ran on and how many games ended."""
    vec = TortugaVectorEnv(num_envs, ruleset=ruleset, players=players, fixed_size=fixed_size)
    obs, info = vec.reset(seed=40)
    assert list(info["seed"]) == [40 + i for i in range(num_envs)]
    aecs = []
    for seed in info["seed"]:
        e = raw_env(ruleset=ruleset, players=players, fixed_size=fixed_size)
        e.reset(seed=int(seed))
        aecs.append(e)
    _agree(vec, obs, aecs)
    rnd, ended = np.random.default_rng(5), 0
    for _ in range(steps):
        actions = np.array([rnd.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, done, truncated, info = vec.step(actions)
        assert not truncated.any()
        for i, e in enumerate(aecs):
            e.step(int(actions[i]))
            assert done[i] == all(e.terminations.values())
            want = [e.rewards[a] if done[i] else 0 for a in e.possible_agents]
            assert list(rewards[i]) == want
            if done[i]:
                ended += 1
                e.reset(seed=int(info["seed"][i]))
        _agree(vec, obs, aecs)
    assert vec.observation_space.contains(obs)
    return vec.engine, ended


@pytest.mark.parametrize("ruleset, players, fixed_size, steps", [
    ("standard", 3, False, 90), ("standard", 5, False, 90), ("standard", 4, True, 90),
    ("tortuga-dice", 3, False, 250)])
def test_each_game_of_the_batch_is_the_aec_environments_game_on_the_reference(
        monkeypatch, ruleset, players, fixed_size, steps):
    """On the reference engine, every game of the batch goes through the states,
    observations, masks and rewards its AEC environment gives for the same seed and
    actions, across games dealt again as they end."""
    _reference(monkeypatch)
    engine, ended = _side_by_side(ruleset, players, steps, fixed_size)
    assert engine == "python"
    assert ended >= 1


@NATIVE
@pytest.mark.parametrize("ruleset, players, fixed_size, steps", [
    ("standard", 3, False, 250), ("standard", 5, False, 250), ("standard", 4, True, 250),
    ("tortuga-dice", 3, False, 400)])
def test_each_game_of_the_native_batch_is_the_aec_environments_game(
        ruleset, players, fixed_size, steps):
    """On the native engine (one native batch for Tortuga 1667), every game of the batch
    goes through the states, observations, masks and rewards of its AEC environment."""
    engine, ended = _side_by_side(ruleset, players, steps, fixed_size, num_envs=4)
    assert engine == ("native" if ruleset == "standard" else "python")
    assert ended >= 4


@NATIVE
def test_the_native_and_the_reference_batch_play_the_same_games(monkeypatch):
    """For the same seeds and actions the native batch and the reference's rollouts give
    the same arrays at every step."""
    def run():
        vec = TortugaVectorEnv(4, players=5)
        obs, _ = vec.reset(seed=7)
        rnd, seen = np.random.default_rng(1), []
        for _ in range(120):
            seen.append(obs)
            actions = [rnd.choice(np.flatnonzero(m)) for m in obs["action_mask"]]
            obs, rewards, done, _, _ = vec.step(actions)
            seen.append((rewards, done))
        return vec.engine, seen

    native_engine, fast = run()
    _reference(monkeypatch)
    reference_engine, slow = run()
    assert (native_engine, reference_engine) == ("native", "python")
    for a, b in zip(fast, slow):
        if isinstance(a, dict):
            assert all(np.array_equal(a[k], b[k]) for k in a)
        else:
            assert all(np.array_equal(x, y) for x, y in zip(a, b))


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=NATIVE)])
def test_an_illegal_action_is_refused_and_no_game_moves(monkeypatch, engine):
    """One id that is not legal in its game refuses the whole step: no game moves."""
    if engine == "python":
        _reference(monkeypatch)
    vec = TortugaVectorEnv(3, players=4)
    obs, _ = vec.reset(seed=3)
    before = [_plain(vec.state(i)) for i in range(3)]
    actions = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    actions[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalActionError):
        vec.step(actions)
    assert [_plain(vec.state(i)) for i in range(3)] == before
    with pytest.raises(ArgumentError):
        vec.step(actions[:2])


def test_games_dealt_again_take_the_next_seeds_in_order(monkeypatch):
    """After ``reset(seed=s)`` place i plays seed s + i; each game dealt as another ends
    takes the next seed on."""
    _reference(monkeypatch)
    vec = TortugaVectorEnv(2, ruleset="tortuga-dice+two-players", players=2)
    obs, info = vec.reset(seed=100)
    assert list(info["seed"]) == [100, 101]
    rnd, dealt = np.random.default_rng(0), 102
    for _ in range(400):
        actions = [rnd.choice(np.flatnonzero(m)) for m in obs["action_mask"]]
        obs, _, done, _, info = vec.step(actions)
        for i in np.flatnonzero(done):
            assert info["seed"][i] == dealt
            dealt += 1
    assert dealt > 102


def test_the_spaces_follow_gymnasiums_vector_conventions(monkeypatch):
    """Batched spaces, an autoreset mode, observations inside their space, and rewards
    for every seat of every game."""
    _reference(monkeypatch)
    vec = TortugaVectorEnv(2, players=3)
    obs, _ = vec.reset(seed=1)
    assert vec.observation_space.contains(obs)
    assert obs["observation"].shape == (2, vec.observer.size)
    assert obs["action_mask"].shape == (2, vec.space.size)
    assert vec.action_space.shape == (2,)
    assert vec.metadata["autoreset_mode"].value == "SameStep"
    _, rewards, done, truncated, _ = vec.step([np.flatnonzero(m)[0] for m in obs["action_mask"]])
    assert rewards.shape == (2, 3) and done.shape == truncated.shape == (2,)


@pytest.mark.parametrize("kwargs", [{"num_envs": 0}, {"players": 1}, {"fixed_size": "yes"},
                                    {"copy": None}])
def test_bad_arguments_are_refused_with_a_tortuga_error(kwargs):
    """A count of games, players or a switch out of range is an ArgumentError."""
    with pytest.raises(ArgumentError):
        TortugaVectorEnv(**kwargs)


def test_stepping_before_reset_is_refused():
    """The batch has no games before reset."""
    with pytest.raises(ArgumentError):
        TortugaVectorEnv(2).step([0, 0])


def test_the_api_docs_example_runs_as_written():
    """docs/api.md's example of the batched environment runs and steps its games."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text("utf-8")
    part = text.split("### The batched environment", 1)[1]
    block = re.findall(r"```python\n(.*?)```", part, re.S)[0]
    scope: dict = {}
    exec(compile(block, "docs/api.md", "exec"), scope)
    assert scope["obs"]["action_mask"].shape[0] == 64
