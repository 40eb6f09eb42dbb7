"""Any game of the engine as a PettingZoo AEC environment (``pip install .[rl]``).

Agents are ``player_0`` ... ``player_<n-1>``, one per seat; the agent selected is the
seat whose decision the game waits for (a turn action, a choice inside a card's effect,
or a vote card), so the same agent may act several times in a row. Each agent's
observation is a dict of ``observation`` (its view encoded by
:class:`~tortuga_rules.rl.observation.Observer`: nothing it may not know) and
``action_mask`` (:func:`~tortuga_rules.game.action_space.legal_mask`, all zero when it is
not deciding); actions are the ids of the game's
:class:`~tortuga_rules.game.action_space.ActionSpace` (one the mask does not allow is
refused by ``apply_action``, an ``IllegalActionError``). At the end each winning seat
(Tortuga 1667: each seat of the winning team) gets +1, the others -1; a win shared by
several sides (teams, or seats of the dice game) gives 0 to its sharers. The game is the
library's: ``env.unwrapped.state`` is the current :class:`GameState`. Tortuga 1667
(``ruleset="standard"``) and the dice game (``ruleset="tortuga-dice"``) are both played;
a game brings its numbered actions and its observation encoder through its ``GameKind``.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..data.loader import load_ruleset
from ..errors import ArgumentError
from ..game import native
from ..game.action_space import ActionSpace
from ..game.rollout import Rollout
from ..game.setup import new_game, new_seed
from ..game.view import PUBLIC, view, visible
from ..model.events import LogEvent
from ..model.state import GameState
from .observation import HIGH, Observer

__all__ = ["TortugaEnv", "env", "raw_env", "table", "final_rewards"]


def env(**kwargs) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are (order enforced, an
    out-of-bounds action refused)."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(**kwargs) -> "TortugaEnv":
    """The environment without wrappers."""
    return TortugaEnv(**kwargs)


def table(ruleset, players, variants=(), options=None) -> tuple:
    """The rules of ``ruleset`` (with ``variants`` and ``options``) and the player count,
    five or the nearest the ruleset allows when ``players`` is None; refused if out of
    range."""
    rules = load_ruleset(ruleset, variants=list(variants), options=options or {})
    low, high = rules.min_players, rules.max_players
    if players is None:
        players = min(max(5, low), high)  # five, or what the ruleset allows nearest
    if type(players) is not int or not low <= players <= high:
        raise ArgumentError(f"players must be a whole number from {low} to {high}, "
                            f"not {players!r:.20}")
    return rules, players


def final_rewards(state: GameState) -> list[int]:
    """Each seat's reward at the end of ``state``'s game: +1 for a winning seat (Tortuga
    1667: a seat of the winning team), -1 for the others, 0 for the sharers of a win."""
    assert state.outcome is not None  # the game is over
    shared = len(state.outcome.winners) > 1
    returns = state.rules.game.returns(state)
    return [(0 if shared else 1) if returns[seat] >= 1 else -1
            for seat in range(state.players)]


class TortugaEnv(AECEnv):
    """One game of ``ruleset`` (a bundled name, path or composition) for ``players`` seats.

    ``variants`` and ``options`` are as :func:`load_ruleset` takes them; ``render_mode``
    ``"ansi"`` returns (``"human"`` prints) the narration of the last step in ``lang``.
    With ``fixed_size`` the observation and the action space are those of the ruleset's
    most players whatever the table's count (entries of absent seats stay 0; their
    actions are never legal), so one agent plays every player count. With
    ``action_labels`` the deciding agent's ``infos`` hold ``legal_actions``: each legal
    action's id with its text (the action notation). With ``history`` each observation
    goes on with the public history the agent has seen since it last acted - the log
    events its seat may see, counted (:class:`~tortuga_rules.game.observation.News`:
    votes called and their result, the vote cards revealed, event cards revealed, who
    looked at which slots, actions taken, ...) - so that an agent without memory still
    learns what happened between its turns.
    """

    RENDER_MODES = ("human", "ansi")
    metadata = {"name": "tortuga_v0", "render_modes": list(RENDER_MODES),
                "is_parallelizable": False}

    def __init__(self, ruleset: str = "standard", players: int | None = None, variants=(),
                 options=None, render_mode: str | None = None, lang: str = "en",
                 fixed_size: bool = False, action_labels: bool = False, history: bool = False):
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ArgumentError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.rules, players = table(ruleset, players, variants, options)
        if not all(isinstance(x, bool) for x in (fixed_size, action_labels, history)):
            raise ArgumentError("fixed_size, action_labels and history are true or false")
        self.players = players
        self.render_mode = render_mode
        self.action_labels = action_labels
        self.narrator = self.rules.game.narrator(self.rules, lang=lang)
        width = self.rules.max_players if fixed_size else players  # the layout's seats
        self.space = ActionSpace.of(self.rules, width)
        self.observer = Observer(self.rules, width, news=history)
        self.history = history
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._actions = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._observations = {a: spaces.Dict({
            "observation": spaces.Box(0, HIGH, (self.observer.size,), np.uint8),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8)})
            for a in self.possible_agents}
        self._rollout: Rollout | None = None  # the game, played in place
        self._state: GameState | None = None  # its position as a state, once asked for
        # with history: per seat, the news counts of what it heard since it last acted
        self._news = np.zeros((0, 0), dtype=np.int64)

    @property
    def state(self) -> GameState | None:
        """The game's current position (None before :meth:`reset`)."""
        if self._state is None and self._rollout is not None:
            self._state = self._rollout.state()
        return self._state

    @property
    def game(self) -> GameState:
        """The game being played (after :meth:`reset`)."""
        state = self.state
        if state is None:
            raise ArgumentError("reset() the environment before using it")
        return state

    def _play(self) -> Rollout:
        if self._rollout is None:
            raise ArgumentError("reset() the environment before using it")
        return self._rollout

    def action_space(self, agent):
        return self._actions[agent]

    def observation_space(self, agent):
        return self._observations[agent]

    def reset(self, seed: int | None = None, options=None):
        """A new game, dealt from ``seed`` (drawn at random when None)."""
        state = new_game(self.rules, self.players, new_seed() if seed is None else seed)
        # the game is played in place - on the native engine where it is built - and read
        # as a state only when asked (``state``, the render, the end)
        self._rollout = Rollout(state, record=self.render_mode is not None or self.history)
        self._state = state
        if self.history:
            news = self.observer.size - self.observer.view_size
            self._news = np.zeros((self.players, news), dtype=np.int64)
            self._hear(state.events)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict = {a: {} for a in self.agents}
        self.agent_selection = self._agent(state.current_player)
        self._label()

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        game = self._play()
        mask = np.zeros(self.space.size, dtype=np.int8)
        if game.current_player == seat:
            mask[self.space.numbers(game.legal_actions())] = 1
        made = native.observation(game, seat, self.observer.view_names())
        if made is None:
            # the observation reads no option of the decision (the mask says them): without
            # them a view is three times cheaper
            vector = self.observer.encode(view(self.game, seat, choices=False))
        else:
            vector = np.frombuffer(made, dtype=np.uint8).copy()
        if self.history:
            vector = np.concatenate((vector, self._news[seat].clip(0, HIGH).astype(np.uint8)))
        return {"observation": vector, "action_mask": mask}

    def _hear(self, events) -> None:
        """With history: every seat hears what it may of log ``events``."""
        everyone, own = self.heard(events)
        if everyone:
            at = np.fromiter(everyone.keys(), dtype=np.int64, count=len(everyone))
            self._news[:, at] += np.fromiter(everyone.values(), dtype=np.int64,
                                             count=len(everyone))
        for seat, heard in enumerate(own):
            for i, k in heard.items():
                self._news[seat, i] += k

    def heard(self, events) -> tuple:
        """The news of log ``events``: what every seat hears, and what each seat alone
        hears (``{entry: count}``, entries numbered within the news) - through the log's one
        door, ``visible``."""
        entries = self.observer.news_entries
        own: list = [{} for _ in range(self.players)]
        everyone: dict = {}
        for e in events:
            # an event is everyone's (to -1) or one seat's; the referee's alone go to nobody
            to = LogEvent.of(e).to
            news = everyone if visible(e, PUBLIC) else own[to] if 0 <= to < len(own) \
                and visible(e, to) else None
            if news is not None:
                for i, k in entries(e):
                    news[i] = news.get(i, 0) + k
        return everyone, own

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        number = int(action)
        if not 0 <= number < self.space.size:
            raise ArgumentError(f"no action {number} in an action space of {self.space.size}")
        move = self.space.actions[number]
        game = self._play()
        if game.current_player != seat:  # pragma: no cover - the agent selected is the seat
            raise ArgumentError(f"{agent} does not decide now")
        game.apply(move)  # refused if illegal, changing nothing
        self._state = None
        if self.history:
            self._news[seat] = 0  # it acted: its news starts again
            self._hear(game.events)
        self._clear_rewards()
        if game.is_terminal:
            self._finish(self.game)
        else:
            self.agent_selection = self._agent(game.current_player)
            self._label()
        self._cumulative_rewards[agent] = 0
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _label(self):
        """With ``action_labels``: the deciding agent's legal actions, by id, in words."""
        game = self._rollout
        if self.action_labels and game is not None and not game.is_terminal:
            self.infos[self.agent_selection] = {
                "legal_actions": {self.space.number(a): a.text(self.rules)
                                  for a in game.legal_actions()}}

    def _finish(self, state: GameState):
        for agent, reward in zip(self.possible_agents, final_rewards(state)):
            self.rewards[agent] = reward
            self.terminations[agent] = True

    def _agent(self, seat) -> str:
        return self.possible_agents[seat]

    def render(self):
        """The narration of the last step, as the referee sees it."""
        if self.render_mode is None or self.state is None:
            return None
        text = "\n".join(self.narrator.event(e) for e in self.state.events if visible(e, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
