"""The generic rules-of-thumb player: one ply of look-ahead judged by random playouts.

For a game with no ``heuristic`` player of its own (every game written on the component
kit in data alone), ``heuristic`` is this bot. Each legal action is tried in ``playouts``
worlds of the seat's knowledge (:meth:`~tortuga_rules.bots.knowledge.Knowledge.sample_game`),
the game played on at random for at most ``depth`` decisions, and judged by what the seat
got: its side's result (the game's ``returns``) plus, where the game ends on scores, a
little for the margin of its score over the best other one (so a bot that cannot win
still loses by less). The best average wins; ties go to the first action. It knows no
rule of any game: the same bot plays No Thanks! and a race to ten.
"""

from __future__ import annotations

import math
import random

from ..errors import ArgumentError
from ..game import native
from .knowledge import Knowledge

__all__ = ["LookaheadBot"]

#: how much a point of score margin is worth beside a win (1), at most
_MARGIN = 0.25


class LookaheadBot:
    """Each action tried in ``playouts`` sampled worlds played on at random (``depth``
    decisions at most); the best on average is taken."""

    name = "heuristic"

    def __init__(self, seed: int = 0, playouts: int = 8, depth: int = 400,
                 engine: str | None = None):
        if engine not in (None, "python", "native"):
            raise ArgumentError(f"engine is python or native, not {engine!r:.40}")
        self._random = random.Random(seed) if engine == "python" else native.generator(seed)
        self.playouts, self.depth, self.engine = max(1, int(playouts)), int(depth), engine

    def choose(self, knowledge: Knowledge):
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal[0]
        worth = [sum(self._playout(knowledge, a) for _ in range(self.playouts)) for a in legal]
        return legal[worth.index(max(worth))]

    def _playout(self, knowledge: Knowledge, action) -> float:
        """What ``action`` got the seat in one sampled world played on at random."""
        game, _ = knowledge.sample_game(self._random.getrandbits(63), self.engine)
        game.apply(action)
        if game.engine == "native":
            game.play_out("random", self._random, self.depth)
        else:
            for _ in range(self.depth):
                if game.is_terminal:
                    break
                legal = game.legal_actions()
                game.apply(legal[self._random.randrange(len(legal))])
        return _worth(knowledge, game)


def _worth(knowledge: Knowledge, game) -> float:
    """The seat's result in a played-on world: its returns, and its score margin if any."""
    kind, seat = knowledge.rules.game, knowledge.seat
    state = game.live
    if not game.is_terminal:
        return 0.5 if kind.heuristic is None else kind.heuristic(state, seat)
    result = kind.returns(state)[seat]
    scores = getattr(game.outcome, "scores", None) or ()
    if len(scores) == state.players and state.players > 1 and \
            all(type(x) is int for x in scores):
        best_other = max(x for s, x in enumerate(scores) if s != seat)
        result += _MARGIN * math.tanh((scores[seat] - best_other) / 10)
    return result
