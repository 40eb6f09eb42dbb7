"""The uniform random player: any legal action, with equal chances."""

from __future__ import annotations

import random

from ..game.legality import legal_actions

__all__ = ["RandomBot"]


class RandomBot:
    """Picks a legal action uniformly at random, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)

    def choose(self, state):
        actions = legal_actions(state)
        return actions[self._random.randrange(len(actions))]
