"""The uniform random player: any legal action, with equal chances."""

from __future__ import annotations

import random

from .knowledge import Knowledge

__all__ = ["RandomBot"]


class RandomBot:
    """Picks one of its seat's legal actions uniformly, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)

    def choose(self, knowledge: Knowledge):
        actions = knowledge.legal_actions()
        return actions[self._random.randrange(len(actions))]
