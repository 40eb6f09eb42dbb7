"""Many games of one ruleset stepped together: a batched environment (``pip install .[rl]``).

:class:`TortugaVectorEnv` follows **Gymnasium's vector conventions** (``gymnasium.vector.
VectorEnv``, autoreset mode ``SAME_STEP``): ``reset(seed) -> (obs, infos)`` and
``step(actions) -> (obs, rewards, terminations, truncations, infos)``, every value an
array with one row per game. Decisions alternate between seats, so each game says who
acts: ``obs`` is a dict of arrays,

- ``observation`` (games x entries, ``uint8``): the deciding seat's observation, as the
  PettingZoo environment (:class:`~tortuga_rules.rl.environment.TortugaEnv`) gives it;
- ``action_mask`` (games x actions, ``int8``): its legal actions' ids;
- ``current_player`` (games, ``int64``): the seat deciding in each game.

``actions`` holds one action id per game, for that game's deciding seat. ``rewards`` is
(games x players, ``float32``): every seat's reward, nonzero only on the step a game
ends (+1 a winner, -1 the others, 0 the sharers of a win, as the AEC environment
rewards). A game that ends is dealt again at once (``SAME_STEP``): its ``terminations``
entry is True, its rewards are the finished game's, and its observation is the new
game's first. ``truncations`` is always False (a game always ends). ``infos["seed"]``
is each place's seed of its current game.

Seeds: ``reset(seed=s)`` deals place ``i`` from seed ``s + i``; each game dealt after
that takes the next seed on (``s + n``, ``s + n + 1``, ...), in the order of the places
whose games ended, so a run is reproducible and each of its games is the one the AEC
environment plays after ``reset(seed=...)`` with that seed. ``seed=None`` draws every
seed at random.

Where the native engine plays the ruleset and encodes its observations (Tortuga 1667),
the batch runs natively (``_native.NativeBatch``): one call steps every game by its id and
one call writes every seat, mask and observation into the arrays, with no Python object
per step. Otherwise (the reference engine, ``TORTUGA_RULES_ENGINE=python``, or the dice
game, whose observation the native engine does not encode) each game is a
:class:`~tortuga_rules.game.rollout.Rollout` observed as the AEC environment observes
it: slower, the same games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..errors import ArgumentError, IllegalActionError
from ..game import native
from ..game.action_space import ActionSpace
from ..game.rollout import Rollout
from ..game.setup import new_game, new_seed
from ..game.view import view
from ..model.actions import Action, typed_key
from ..model.state import GameState
from .environment import final_rewards, table
from .observation import HIGH, Observer

__all__ = ["TortugaVectorEnv"]


class TortugaVectorEnv(VectorEnv):
    """``num_envs`` games of ``ruleset`` for ``players`` seats, stepped together.

    ``ruleset``, ``players``, ``variants``, ``options`` and ``fixed_size`` are as
    :class:`~tortuga_rules.rl.environment.TortugaEnv` takes them. With ``copy`` (the
    default) ``reset`` and ``step`` return fresh arrays; without it they return the
    environment's own, overwritten by the next step.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 8, ruleset: str = "standard",
                 players: int | None = None, variants=(), options=None,
                 fixed_size: bool = False, copy: bool = True):
        if type(num_envs) is not int or num_envs < 1:
            raise ArgumentError(f"num_envs must be a whole number from 1, not {num_envs!r:.20}")
        if not isinstance(fixed_size, bool) or not isinstance(copy, bool):
            raise ArgumentError("fixed_size and copy are true or false")
        self.rules, self.players = table(ruleset, players, variants, options)
        self.num_envs, self.copy = num_envs, copy
        width = self.rules.max_players if fixed_size else self.players  # the layout's seats
        self.space = ActionSpace.of(self.rules, width)
        self.observer = Observer(self.rules, width)
        self.single_action_space = spaces.Discrete(self.space.size)
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0, HIGH, (self.observer.size,), np.uint8),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
            "current_player": spaces.Discrete(self.players)})
        self.action_space = spaces.MultiDiscrete([self.space.size] * num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self._obs = {"observation": np.zeros((num_envs, self.observer.size), np.uint8),
                     "action_mask": np.zeros((num_envs, self.space.size), np.int8),
                     "current_player": np.zeros(num_envs, np.int64)}
        self._rewards = np.zeros((num_envs, self.players), np.float32)
        self.seeds = np.zeros(num_envs, np.int64)
        self._next_seed: int | None = None
        self._loop: _Loop | None = None

    @property
    def engine(self) -> str:
        """Where the batch runs: ``"native"`` (one native batch), or ``"python"`` (a
        rollout per game, on whichever engine plays it); ``""`` before :meth:`reset`."""
        return "" if self._loop is None else self._loop.engine

    def reset(self, *, seed: int | None = None, options=None):
        """Every game dealt afresh: place ``i`` from ``seed + i`` (at random if None)."""
        if seed is not None and type(seed) is not int:
            raise ArgumentError(f"seed must be a whole number or None, not {seed!r:.20}")
        super().reset(seed=seed)  # Gymnasium's own generator (np_random), unused here
        self._next_seed = seed
        games = [self._deal(i) for i in range(self.num_envs)]
        self._loop = _open(self, games)
        self._loop.observe(self._obs)
        return self._out(self._obs), {"seed": self.seeds.copy()}

    def step(self, actions):
        """Each game's deciding seat plays its id of ``actions``; games that end are dealt
        again. Refused (no game moves) if any id is not legal in its game. A step that
        fails (a house rule's mistake, a ``RulesError``) leaves the batch unusable: reset
        it."""
        loop = self._play()
        ids = np.asarray(actions, dtype=np.int64).reshape(-1)
        if ids.shape != (self.num_envs,):
            raise ArgumentError(f"{ids.size} actions for {self.num_envs} games")
        over = loop.step(np.ascontiguousarray(ids))
        self._rewards[:] = 0
        done = np.zeros(self.num_envs, dtype=bool)
        for i in over:
            self._rewards[i] = final_rewards(loop.state(i))
            done[i] = True
            loop.deal(i, self._deal(i))
        loop.observe(self._obs)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return (self._out(self._obs), self._rewards.copy(), done, truncated,
                {"seed": self.seeds.copy()})

    def state(self, i: int) -> GameState:
        """The position of the game at place ``i``."""
        return self._play().state(i)

    def _play(self) -> _Loop:
        if self._loop is None:
            raise ArgumentError("reset() the environment before using it")
        return self._loop

    def _deal(self, i: int) -> GameState:
        """A new game for place ``i``, from the next seed."""
        if self._next_seed is None:
            seed = new_seed()
        else:
            seed, self._next_seed = self._next_seed, self._next_seed + 1
        self.seeds[i] = seed
        return new_game(self.rules, self.players, seed)

    def _out(self, obs: dict) -> dict:
        return {k: v.copy() for k, v in obs.items()} if self.copy else obs

    def close(self, **kwargs):
        self._loop = None


class _Loop:
    """How the games of a batch are held and stepped."""

    engine = ""

    def observe(self, obs: dict) -> None:
        """Each game's deciding seat, mask and observation, into ``obs``'s arrays."""
        raise NotImplementedError

    def step(self, ids: np.ndarray) -> list[int]:
        """Each game plays its id; the places whose games are now over."""
        raise NotImplementedError

    def deal(self, i: int, state: GameState) -> None:
        """Place ``i`` plays the game at ``state`` from now on."""
        raise NotImplementedError

    def state(self, i: int) -> GameState:
        """The position of the game at place ``i``."""
        raise NotImplementedError


def _open(env: TortugaVectorEnv, games: list[GameState]) -> _Loop:
    """The native batch where the native engine plays and observes the games, else a
    rollout per game."""
    rollouts = [Rollout(g) for g in games]
    made = [r.native_game for r in rollouts]
    mod = native.extension()
    if mod is not None and all(m is not None for m in made):
        batch = _NativeLoop(env, mod, made)
        if batch.observes:
            return batch
    return _PythonLoop(env, rollouts)


class _NativeLoop(_Loop):
    """The games held by one native batch."""

    engine = "native"

    def __init__(self, env: TortugaVectorEnv, mod: Any, games: list[Any]):
        self.rules = env.rules
        index = env.space.index

        def resolve(kind: str, args: tuple) -> int:
            return int(index.get(typed_key(Action(kind, args)), -1))

        self.batch = mod.NativeBatch(len(games), resolve, env.observer.view_names())
        for i, g in enumerate(games):
            self.batch.set(i, g)
        self.observes = bool(self.batch.observes())

    def observe(self, obs: dict) -> None:
        try:
            self.batch.observe(obs["current_player"], obs["action_mask"], obs["observation"])
        except native.NATIVE_FAILURES as exc:  # a house rule's listing that fails
            raise native.failure(self.rules, exc) from None
        except ValueError as exc:  # a legal action the action space does not number
            raise ArgumentError(str(exc)) from None

    def step(self, ids: np.ndarray) -> list[int]:
        try:
            over: list[int] = self.batch.step(ids)
        except native.NATIVE_FAILURES as exc:
            raise native.failure(self.rules, exc) from None
        except ValueError as exc:  # an id not legal in its game
            raise IllegalActionError(str(exc)) from None
        return over

    def deal(self, i: int, state: GameState) -> None:
        game = native.open_game(state)
        assert game is not None  # a ruleset the native engine plays
        self.batch.set(i, game)

    def state(self, i: int) -> GameState:
        return native.state_of(self.batch.game(i), self.rules)


class _PythonLoop(_Loop):
    """A rollout per game, observed as the AEC environment observes its game."""

    engine = "python"

    def __init__(self, env: TortugaVectorEnv, rollouts: list[Rollout]):
        self.space, self.observer = env.space, env.observer
        self.names = env.observer.view_names()
        self.rollouts = rollouts
        self.legal: list[dict[int, Any]] = [{} for _ in rollouts]

    def observe(self, obs: dict) -> None:
        mask, vectors, seats = obs["action_mask"], obs["observation"], obs["current_player"]
        mask[:] = 0
        for i, r in enumerate(self.rollouts):
            seat = r.current_player
            seats[i] = -1 if seat is None else seat
            legal = r.legal_actions()
            self.legal[i] = dict(zip(self.space.numbers(legal), legal))
            mask[i, list(self.legal[i])] = 1
            vectors[i] = 0 if seat is None else self._vector(r, seat)

    def _vector(self, r: Rollout, seat: int) -> np.ndarray:
        made = native.observation(r, seat, self.names)
        if made is None:
            return self.observer.encode(view(r.state(), seat, choices=False))
        return np.frombuffer(made, dtype=np.uint8)

    def step(self, ids: np.ndarray) -> list[int]:
        moves = []
        for i, a in enumerate(ids.tolist()):
            if self.legal[i] and a not in self.legal[i]:
                raise IllegalActionError(f"game {i}: action {a} is not legal now")
            moves.append(self.legal[i].get(a))
        over = []
        for i, (r, move) in enumerate(zip(self.rollouts, moves)):
            if move is not None:
                r.apply(move)
                self.legal[i] = {}
                if r.is_terminal:
                    over.append(i)
        return over

    def deal(self, i: int, state: GameState) -> None:
        self.rollouts[i] = Rollout(state)

    def state(self, i: int) -> GameState:
        return self.rollouts[i].state()
