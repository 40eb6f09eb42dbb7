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
from ..game.action_space import ActionSpace, action_from_id, legal_mask
from ..game.setup import new_game, new_seed
from ..game.transition import apply_action
from ..game.view import view, visible
from ..model.state import GameState
from .observation import HIGH, Observer

__all__ = ["TortugaEnv", "env", "raw_env"]


def env(**kwargs) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are (order enforced, an
    out-of-bounds action refused)."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(**kwargs) -> "TortugaEnv":
    """The environment without wrappers."""
    return TortugaEnv(**kwargs)


class TortugaEnv(AECEnv):
    """One game of ``ruleset`` (a bundled name, path or composition) for ``players`` seats.

    ``variants`` and ``options`` are as :func:`load_ruleset` takes them; ``render_mode``
    ``"ansi"`` returns (``"human"`` prints) the narration of the last step in ``lang``.
    """

    RENDER_MODES = ("human", "ansi")
    metadata = {"name": "tortuga_v0", "render_modes": list(RENDER_MODES),
                "is_parallelizable": False}

    def __init__(self, ruleset: str = "standard", players: int | None = None, variants=(),
                 options=None, render_mode: str | None = None, lang: str = "en"):
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ArgumentError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.rules = load_ruleset(ruleset, variants=list(variants), options=options or {})
        low, high = self.rules.min_players, self.rules.max_players
        if players is None:
            players = min(max(5, low), high)  # five, or what the ruleset allows nearest
        if type(players) is not int or not low <= players <= high:
            raise ArgumentError(f"players must be a whole number from {low} to {high}, "
                                f"not {players!r:.20}")
        self.players = players
        self.render_mode = render_mode
        self.narrator = self.rules.game.narrator(self.rules, lang=lang)
        self.space = ActionSpace.of(self.rules, players)
        self.observer = Observer(self.rules, players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._actions = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._observations = {a: spaces.Dict({
            "observation": spaces.Box(0, HIGH, (self.observer.size,), np.uint8),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8)})
            for a in self.possible_agents}
        self.state: GameState | None = None

    @property
    def game(self) -> GameState:
        """The game being played (after :meth:`reset`)."""
        if self.state is None:
            raise ArgumentError("reset() the environment before using it")
        return self.state

    def action_space(self, agent):
        return self._actions[agent]

    def observation_space(self, agent):
        return self._observations[agent]

    def reset(self, seed: int | None = None, options=None):
        """A new game, dealt from ``seed`` (drawn at random when None)."""
        self.state = new_game(self.rules, self.players, new_seed() if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.state.current_player)

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.space.size, dtype=np.int8)
        if self.game.current_player == seat:
            mask[:] = legal_mask(self.game)
        # the observation reads no option of the decision (the mask says them): without
        # them a view is three times cheaper
        return {"observation": self.observer.encode(view(self.game, seat, choices=False)),
                "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        move = action_from_id(self.game, int(action))
        state = self.state = apply_action(self.game, move, seat=seat)  # refused if illegal
        self._clear_rewards()
        if state.is_terminal:
            self._finish(state)
        else:
            self.agent_selection = self._agent(state.current_player)
        self._cumulative_rewards[agent] = 0
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, state: GameState):
        assert state.outcome is not None  # the game is over
        shared = len(state.outcome.winners) > 1
        returns = state.rules.game.returns(state)
        for seat, agent in enumerate(self.possible_agents):
            if returns[seat] >= 1:
                self.rewards[agent] = 0 if shared else 1
            else:
                self.rewards[agent] = -1
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
