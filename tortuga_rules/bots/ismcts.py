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

On the native engine, for a game that draws its worlds natively (``native_sample``) and
plays out by a native policy (or at random), the iterations run in the native engine
(``native/src/py/search.rs``: the tree walk in Rust), and a game with a native prior
(``native_prior``) has its root's prior scored there too; this module's walk and
:meth:`IsmctsBot._root` are the reference it matches draw for draw - the same decisions,
root statistics and prior totals (``tests/test_search_native.py``).
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

    #: whether the iterations run in the native engine where they can (``_native_search``);
    #: the tests turn it off to walk the same tree in Python on the same engine
    _native_walk = True

    def choose(self, knowledge: Knowledge):
        return self._decide(knowledge)[0]

    def _decide(self, knowledge: Knowledge) -> tuple:
        """The action chosen, and the root's statistics on the seat's side: ``(visits,
        avail, total)`` of each legal action's child, in their order (None: never tried);
        no statistics for a forced decision."""
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal[0], None
        me = knowledge.side
        search = self._native_search(knowledge, legal, me)
        if search is None:
            root = self._root(knowledge, legal, me)
            self._budgeted(lambda: self._iterate(root, knowledge))
            mine = root.children.get(me, {})
            stats = [(n.visits, n.avail, n.total) if (n := mine.get(a)) is not None else None
                     for a in legal]
        else:
            try:
                if self.ms is None:
                    search.run(self.iterations)
                else:
                    self._budgeted(lambda: search.run(1))
            except native.NATIVE_FAILURES as exc:
                raise native.failure(knowledge.rules, exc) from None
            stats = search.root()
        visits = [-1 if s is None else s[0] for s in stats]
        return legal[max(range(len(legal)), key=lambda i: (visits[i], -i))], stats

    def _budgeted(self, iterate) -> None:
        """``iterate()`` ``iterations`` times, or with ``ms`` as long as the CPU time allows
        (at least once)."""
        if self.ms is None:
            for _ in range(self.iterations):
                iterate()
            return
        deadline = time.process_time() + self.ms / 1000
        done = 0
        while done == 0 or time.process_time() < deadline:
            iterate()
            done += 1

    def _native_search(self, knowledge: Knowledge, legal: tuple, me: str):
        """The iterations handed to the native engine (``NativeSearch``: the same draws,
        walk, playouts and backup as :meth:`_iterate` there, in Rust), started from
        :meth:`_root`'s prior - scored natively where the game has a native prior and
        sampler (``GameKind.native_prior``: the same totals from the same draw); None
        where they stay in Python - the reference engine, a game without native worlds
        (``native_sample``) or native playout policy, a position the native engine cannot
        play."""
        kind = knowledge.rules.game
        policy = _native_policy(kind)
        if not self._native_walk or policy is None or kind.native_sample is None \
                or self.engine == "python" or not native.is_generator(self._random):
            return None
        real = knowledge.native_position()
        if real is None:
            return None
        rules, seat = knowledge.rules, knowledge.seat

        def sample(seed: int) -> tuple:
            return kind.native_sample(real, rules, seat, native.generator(seed))

        def judge(world) -> tuple | list:
            return _result(kind, Rollout.of_native(world, rules))

        drawn = None if kind.native_sampler is None \
            else native.sampler(kind.native_sampler(rules, seat))
        if self.prior > 0 and kind.prior is not None and kind.native_prior \
                and drawn is not None and native.draws_prior():
            # _root's draw, its world and scores in the native engine
            drawn_prior = (self.prior, self._random.getrandbits(63))
            try:
                return native.search(real, me, self._random, sample, judge, policy,
                                     self.depth, self.c, None, drawn, drawn_prior)
            except native.NATIVE_FAILURES as exc:  # the prior's world failed to list
                raise native.failure(rules, exc) from None
        mine = self._root(knowledge, legal, me).children.get(me)
        prior = None if mine is None else (self.prior, [mine[a].total for a in legal])
        return native.search(real, me, self._random, sample, judge, policy, self.depth,
                             self.c, prior, drawn)

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
        policy = _native_policy(kind)
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


def _native_policy(kind) -> str | None:
    """The game's playout policy by its native name (``random`` for a game without one);
    None for a policy written only in Python - it reads the game after every step, so the
    reference engine plays (a native position would be copied into a state each time)."""
    return "random" if kind.playout is None else kind.native_playout


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
