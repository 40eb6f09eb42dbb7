"""Steps per second of the PettingZoo environment (the ``rl`` extra), by its options.

    python benchmarks/environment.py                    # 5 players, Tortuga 1667
    python benchmarks/environment.py --ruleset tortuga-dice --players 3

Each mode plays random legal actions (an agent reads its observation and mask, then
steps) through whole games, reset as they end. Modes: ``plain`` (the default
environment), ``history`` (``history=True``: the news of what a seat saw since it last
acted follows the view), ``labels`` (``action_labels=True``). Figures are steps per
second of CPU time (``time.process_time``), warm, the modes run in interleaved slices of
``--slice`` CPU seconds, ``--rounds`` times; the best round is printed with the median.
The engine is the one installed (the native engine where it is built; set
``TORTUGA_RULES_ENGINE=python`` for the reference).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from tortuga_rules.game import native
from tortuga_rules.rl import raw_env

MODES = {"plain": {}, "history": {"history": True}, "labels": {"action_labels": True}}


class Player:
    """One environment of a mode, played on from slice to slice."""

    def __init__(self, ruleset: str, players: int, options: dict, seed: int):
        self.env = raw_env(ruleset=ruleset, players=players, **options)
        self.rnd = np.random.default_rng(seed)
        self.games = seed
        self.env.reset(seed=self.games)

    def play(self, seconds: float) -> int:
        """Steps made in ``seconds`` of CPU time."""
        e, steps, end = self.env, 0, time.process_time() + seconds
        while time.process_time() < end:
            for _ in range(200):
                agent = e.agent_selection
                if e.terminations[agent]:
                    self.games += 1
                    e.reset(seed=self.games)
                    continue
                mask = e.observe(agent)["action_mask"]
                e.step(int(self.rnd.choice(np.flatnonzero(mask))))
                steps += 1
        return steps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    players = {m: Player(args.ruleset, args.players, o, 1) for m, o in MODES.items()}
    for p in players.values():
        p.play(0.3)  # warm up
    rates: dict = {m: [] for m in MODES}
    for _ in range(args.rounds):
        for mode, p in players.items():
            start = time.process_time()
            steps = p.play(args.slice)
            rates[mode].append(steps / (time.process_time() - start))
    engine = native.engine()
    print(f"PettingZoo environment, {args.ruleset}, {args.players} players, engine: {engine}")
    for mode, r in rates.items():
        print(f"  {mode:8} best {max(r):9,.0f} steps/s   median {statistics.median(r):9,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
