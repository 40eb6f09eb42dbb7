"""The search player: single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse (2012), as OpenSpiel's ``ISMCTSBot`` does it. One
tree is grown over the bot's information set: each iteration draws a determinisation of
its knowledge (:meth:`~tortuga_rules.bots.knowledge.Knowledge.sample`), walks down the
tree choosing among the children legal in that world by UCB1 with availability counts
(an action is compared only over the iterations it could have been taken in), adds one
node, plays the game on (every seat by :func:`~tortuga_rules.bots.heuristic.reflex`, the
heuristic player's rules of thumb without its look-ahead, for at most ``depth`` steps)
on a :class:`~tortuga_rules.game.rollout.Rollout`
and backs up each seat's result - 1 if that seat's team (in the sampled world) won -
to the decisions taken on the way.

The budget is a number of ``iterations`` per decision or, with ``ms``, the CPU time per
decision (then the result depends on the machine's speed, not only on the seed). Forced
decisions (one legal action) are answered at once. The chosen action is the root child
visited most often.
"""

from __future__ import annotations

import math
import random
import time

from ..game.rollout import Rollout
from ..model.components import team_totals
from .heuristic import Judge, reflex
from .knowledge import Knowledge

__all__ = ["IsmctsBot"]


class _Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self):
        self.children: dict = {}
        self.visits: float = 0
        self.avail: float = 0
        self.total = 0.0


class IsmctsBot:
    """ISMCTS with ``iterations`` per decision (or ``ms`` of CPU time), UCB constant ``c``."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 200, ms: float | None = None,
                 c: float = 0.7, depth: int = 30, prior: float = 10.0):
        self._random = random.Random(seed)
        self.iterations, self.ms, self.c = int(iterations), ms, float(c)
        self.depth, self.prior = int(depth), float(prior)

    def choose(self, knowledge: Knowledge):
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = knowledge.loyalty
        root = self._root(knowledge, legal, me)
        deadline = None if self.ms is None else time.process_time() + self.ms / 1000
        done = 0
        while (done < self.iterations) if deadline is None else \
                (done == 0 or time.process_time() < deadline):
            self._iterate(root, knowledge)
            done += 1
        visits = {a: root.children[(me, a)].visits if (me, a) in root.children else -1
                  for a in legal}
        return max(legal, key=lambda a: (visits[a], -legal.index(a)))

    def _root(self, knowledge: Knowledge, legal: tuple, me: str) -> _Node:
        """The root, its children started with ``prior`` virtual visits valued by the
        heuristic player's scores (progressive bias: search corrects the rules of thumb)."""
        root = _Node()
        if self.prior <= 0:
            return root
        judge = Judge(knowledge.sample(self._random.getrandbits(63)), knowledge.seat)
        for a in legal:
            child = root.children[(me, a)] = _Node()
            child.visits = child.avail = self.prior
            child.total = self.prior * (0.5 + 0.5 * math.tanh(judge.score(a)))
        return root

    def _iterate(self, root: _Node, knowledge: Knowledge):
        rnd = self._random
        world = knowledge.sample(rnd.getrandbits(63))
        loyalty = [str(t) for t in world.loyalty]
        game = Rollout(world)
        path: list = []  # (node, seat that chose it)
        node = root
        while not game.is_terminal:
            legal = game.legal_actions()
            seat = game.current_player
            assert seat is not None  # the game is not over
            team = loyalty[seat]
            for a in legal:
                child = node.children.get((team, a))
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if (team, a) not in node.children]
            if untried:
                action = untried[rnd.randrange(len(untried))]
                child = node.children[(team, action)] = _Node()
                child.avail = 1
                game.apply(action)
                path.append((child, seat))
                break
            action = max(legal, key=lambda a: self._ucb(node.children[(team, a)]))
            node = node.children[(team, action)]
            game.apply(action)
            path.append((node, seat))
        for _ in range(self.depth):
            if game.is_terminal:
                break
            game.apply(reflex(game, game.legal_actions(), rnd))
        result = _result(game, loyalty)
        for child, seat in path:
            child.visits += 1
            child.total += result[loyalty[seat]]

    def _ucb(self, node: _Node) -> float:
        if node.visits == 0:
            return math.inf
        return node.total / node.visits + self.c * math.sqrt(math.log(node.avail) / node.visits)


def _result(game: Rollout, loyalty: list) -> dict:
    """Each team's result: 1 won, 0 lost; a game still going is judged by its chests
    (a team two chests ahead scores about 0.9, level 0.5; the Dutch want them level)."""
    outcome = game.outcome
    if outcome is not None:
        return {team: 1.0 if team in outcome.winners else 0.0 for team in set(loyalty)}
    british, french = team_totals(game.live.chests)
    lead = math.tanh((british - french) / 2) / 2
    return {"british": 0.5 + lead, "french": 0.5 - lead,
            "dutch": 1.0 - abs(2 * lead)}
