"""The search player: single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse (2012), as OpenSpiel's ``ISMCTSBot`` does it. One
tree is grown over the bot's information set: each iteration draws a determinisation of
its knowledge (:meth:`~tortuga_rules.bots.knowledge.Knowledge.sample`), walks down the
tree choosing among the children legal in that world by UCB1 with availability counts
(an action is compared only over the iterations it could have been taken in), adds one
node, plays the game on (every seat by the game's ``playout`` policy - Tortuga 1667's is
its heuristic player's rules of thumb without look-ahead - or at random, for at most
``depth`` steps) on a :class:`~tortuga_rules.game.rollout.Rollout` and backs up each
seat's result (the game's ``returns``, or its ``heuristic`` if the game is not over) to
the decisions taken on the way.

It plays any game through the seam (:class:`~tortuga_rules.model.games.GameKind`): it
needs ``determinize``; seats on one side (the game's ``side`` of a seat in the sampled
world: Tortuga 1667's teams) share the tree's statistics, and the game's ``prior``, if
it has one, starts the root's children (progressive bias); a game without one but with a
rules-of-thumb player of its own (``GameKind.bots["heuristic"]``) starts them from that
player's choice instead (its action valued as a win, the others as even).

The budget is a number of ``iterations`` per decision or, with ``ms``, the CPU time per
decision (then the result depends on the machine's speed, not only on the seed). Forced
decisions (one legal action) are answered at once. The chosen action is the root child
visited most often.
"""

from __future__ import annotations

import math
import random
import time

from ..errors import ArgumentError
from ..game import native
from ..game.rollout import Rollout
from .knowledge import Knowledge

__all__ = ["IsmctsBot"]


class _Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self):
        self.children: dict = {}  # side -> {action: child}: a side's moves from here
        self.visits: float = 0
        self.avail: float = 0
        self.total = 0.0


class IsmctsBot:
    """ISMCTS with ``iterations`` per decision (or ``ms`` of CPU time), UCB constant ``c``."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 200, ms: float | None = None,
                 c: float = 0.7, depth: int = 30, prior: float = 10.0, engine: str | None = None):
        if engine not in (None, "python", "native"):
            raise ArgumentError(f"engine is python or native, not {engine!r:.40}")
        # its generator: Python's, or the same numbers drawn in the native engine (its
        # playouts draw from it there, in place)
        self._random = random.Random(seed) if engine == "python" else native.generator(seed)
        self.iterations, self.ms, self.c = int(iterations), ms, float(c)
        self.depth, self.prior = int(depth), float(prior)
        self.engine = engine  # which engine plays the iterations (None: the default one)

    def choose(self, knowledge: Knowledge):
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = knowledge.side
        root = self._root(knowledge, legal, me)
        deadline = None if self.ms is None else time.process_time() + self.ms / 1000
        done = 0
        while (done < self.iterations) if deadline is None else \
                (done == 0 or time.process_time() < deadline):
            self._iterate(root, knowledge)
            done += 1
        mine = root.children.get(me, {})
        visits = {a: mine[a].visits if a in mine else -1 for a in legal}
        return max(legal, key=lambda a: (visits[a], -legal.index(a)))

    def _root(self, knowledge: Knowledge, legal: tuple, me: str) -> _Node:
        """The root, its children started with ``prior`` virtual visits valued by the
        heuristic player's scores (progressive bias: search corrects the rules of thumb)."""
        root = _Node()
        prior = knowledge.rules.game.prior
        if self.prior <= 0:
            return root
        if prior is None:
            score = self._own_choice(knowledge)
            if score is None:
                return root
        else:
            score = prior(knowledge.sample(self._random.getrandbits(63)), knowledge.seat)
        for a in legal:
            child = root.children.setdefault(me, {})[a] = _Node()
            child.visits = child.avail = self.prior
            child.total = self.prior * (0.5 + 0.5 * math.tanh(score(a)))
        return root

    def _own_choice(self, knowledge: Knowledge):
        """A game with no prior but a rules-of-thumb player of its own (``GameKind.bots``'
        ``heuristic``): its choice scores 1, every other action 0 (None: no such player)."""
        own = knowledge.rules.game.bots.get("heuristic")
        if own is None:
            return None
        choice = own[0](self._random.getrandbits(63)).choose(knowledge)
        return lambda action: 1.0 if action == choice else 0.0

    def _iterate(self, root: _Node, knowledge: Knowledge):
        rnd = self._random
        kind = knowledge.rules.game
        # a playout policy written only in Python reads the game after every step: then the
        # reference engine plays (a native position would be copied into a state each time)
        policy = "random" if kind.playout is None else kind.native_playout
        # a world of the seat's knowledge, to play on (drawn natively where it can be)
        game, sides = knowledge.sample_game(rnd.getrandbits(63),
                                            "python" if policy is None else self.engine)
        path: list = []  # (node, seat that chose it)
        node = root
        while not game.is_terminal:
            legal = game.legal_actions()
            seat = game.current_player
            assert seat is not None  # the game is not over
            side = sides[seat]
            children = node.children.get(side)
            if children is None:
                children = node.children[side] = {}
            untried = []
            for a in legal:  # a child legal in this world was available once more
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rnd.randrange(len(untried))]
                child = children[action] = _Node()
                child.avail = 1
                game.apply(action)
                path.append((child, seat))
                break
            action, node = self._chosen(children, legal)
            game.apply(action)
            path.append((node, seat))
        if policy is not None and game.engine == "native":
            # the same policy in the native engine: the same draws, the same actions
            game.play_out(policy, rnd, self.depth)
        else:
            playout = kind.playout or _random_playout
            for _ in range(self.depth):
                if game.is_terminal:
                    break
                game.apply(playout(game, game.legal_actions(), rnd))
        result = _result(kind, game)
        for child, seat in path:
            child.visits += 1
            child.total += result[seat]

    def _chosen(self, children: dict, legal: tuple) -> tuple:
        """The legal action whose child scores best by UCB1 with availability counts (the
        first of equals), and that child."""
        c, log, sqrt = self.c, math.log, math.sqrt
        best, score = None, -math.inf
        for a in legal:
            node = children[a]
            visits = node.visits
            value = math.inf if visits == 0 else \
                node.total / visits + c * sqrt(log(node.avail) / visits)
            if best is None or value > score:
                best, score = (a, node), value
        assert best is not None  # a decision has a legal action
        return best


def _random_playout(game: Rollout, legal: tuple, rnd: random.Random):
    return legal[rnd.randrange(len(legal))]


def _result(kind, game: Rollout) -> tuple | list:
    """Each seat's result: the game's returns once it is over, else its heuristic (0.5
    for a game that has none) - judged by the native engine where the game judges there
    (the same numbers, without reading the position into Python: tested)."""
    if game.engine == "native":
        worth = game.native_game.worth()
        if worth is not None:
            return worth
    state = game.live
    if game.is_terminal:
        return kind.returns(state)
    if kind.heuristic is None:
        return (0.5,) * state.players
    return tuple(kind.heuristic(state, s) for s in range(state.players))
