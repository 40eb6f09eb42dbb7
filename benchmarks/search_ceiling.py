"""How far a better model of what a seat cannot see could lift the search: a ceiling.

    python benchmarks/search_ceiling.py --told loyalty --games 150 --seed 12
    python benchmarks/search_ceiling.py --told all --games 60 --seed 11

Three kinds play Tortuga 1667 (``--players``, 5 by default) seated in turn as
``tortuga-rules tournament`` seats them: the search *told* something no seat may know, the
same search playing fair (``ismcts:iterations=N``) and the heuristic player. Told
``loyalty``, the told search's worlds are drawn as the fair one's but every seat's loyalty
is the real one - the most an opponent model (inferring who is on whose side from how
they played) could give it; told ``all``, every world is the real state (the cards in
every hand, the decks' order, the dice to come). Printed: each kind's Elo with its 95%
bootstrap interval (:mod:`~tortuga_rules.lab.elo`; the told search at 0) and the gaps.

The told search cheats and exists only here, to measure: no level, table or tournament
can seat it.
"""

from __future__ import annotations

import argparse
import sys

from tortuga_rules.bots import make_bot
from tortuga_rules.bots.ismcts import IsmctsBot
from tortuga_rules.bots.knowledge import Knowledge, side_of
from tortuga_rules.data.loader import load_ruleset
from tortuga_rules.game.rollout import Rollout
from tortuga_rules.game.setup import new_game
from tortuga_rules.game.transition import apply_action
from tortuga_rules.lab.elo import Ratings
from tortuga_rules.lab.tournament import tables

TOLD = "told"


class _Told:
    """A seat's knowledge with the real state's ``told`` facts let through (a cheat)."""

    def __init__(self, knowledge: Knowledge, real, told: str):
        self._knowledge, self._real, self._told = knowledge, real, told

    def __getattr__(self, name):
        return getattr(self._knowledge, name)

    def sample_game(self, seed: int, engine=None) -> tuple:
        real = self._real
        world = real if self._told == "all" else \
            self._knowledge.sample(seed)._evolve(loyalty=real.loyalty)
        return Rollout(world, engine=engine), tuple(side_of(world, s)
                                                    for s in range(world.players))


def _play(table, rules, told: str, iterations: int) -> tuple:
    """Each seat's win in ``table``'s game, the told search at its seats."""
    bots = [IsmctsBot(table.seed * 1009 + s, iterations=iterations) if spec == TOLD else
            make_bot(spec, table.seed * 1009 + s, rules) for s, spec in enumerate(table.bots)]
    state = new_game(rules, table.players, table.seed)
    while not state.is_terminal:
        seat = state.current_player
        knowledge = Knowledge.of(state, seat)
        if table.bots[seat] == TOLD:
            knowledge = _Told(knowledge, state, told)
        state = apply_action(state, bots[seat].choose(knowledge), seat=seat)
    winners = tuple(state.outcome.winners)
    return tuple(winners == (side_of(state, s),) for s in range(state.players))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--told", choices=("loyalty", "all"), default="loyalty")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--iterations", type=int, default=300)
    args = parser.parse_args(argv)
    rules = load_ruleset("standard")
    fair = f"ismcts:iterations={args.iterations}"
    kinds = (TOLD, fair, "heuristic")
    games = []
    for n, table in enumerate(tables(kinds, games=args.games, players=args.players,
                                     seed=args.seed)):
        games.append((table.bots, _play(table, rules, args.told, args.iterations)))
        print(f"\r{n + 1}/{args.games}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    ratings = Ratings.of(kinds, games)
    print(f"{ratings.games} games, the search told {args.told} at 0")
    print("\n".join(ratings.lines(max(map(len, kinds)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
