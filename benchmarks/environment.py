"""Agent steps per second of the RL environments (the ``rl`` extra), by their options.

    python benchmarks/environment.py                    # 5 players, Tortuga 1667
    python benchmarks/environment.py --ruleset tortuga-dice --players 3
    python benchmarks/environment.py --modes vector --envs 256

Each mode plays random legal actions through whole games, dealt again as they end.
The PettingZoo AEC environment's modes (an agent reads its observation and mask, then
steps): ``plain`` (the default environment), ``history`` (``history=True``: the news of
what a seat saw since it last acted follows the view), ``labels``
(``action_labels=True``). The batched environment's (``TortugaVectorEnv``, ``--envs``
games at once; each step is one agent step per game, the actions drawn from the mask
array by numpy): ``vector``. Figures are agent steps per second of CPU time
(``time.process_time``), warm, the modes and the shared yardstick's ``mutable`` mode
(``../shared/bench/yardstick.py``) run in interleaved slices of ``--slice`` CPU seconds,
``--rounds`` times; the best round is printed with the median and the ratio of the
whole run's rate to the yardstick's. The engine is the one installed (the native engine
where it is built; set ``TORTUGA_RULES_ENGINE=python`` for the reference).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playout import Runner, yardstick  # noqa: E402 - the shared harness

from tortuga_rules.game import native  # noqa: E402
from tortuga_rules.rl import TortugaVectorEnv, raw_env  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MODES = {"plain": {}, "history": {"history": True}, "labels": {"action_labels": True},
         "vector": None}


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


def pick(mask: np.ndarray, rnd: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action id per row of ``mask`` (each row has one)."""
    n, width = mask.shape
    flat = np.flatnonzero(mask.view(bool))  # row by row: each row's ids in order
    counts = mask.sum(1, dtype=np.int64)
    starts = np.cumsum(counts) - counts
    return flat[starts + (rnd.random(n) * counts).astype(np.int64)] - np.arange(n) * width


class VectorPlayer:
    """The batched environment, ``envs`` games at once, played on from slice to slice."""

    def __init__(self, ruleset: str, players: int, envs: int, seed: int):
        self.env = TortugaVectorEnv(envs, ruleset=ruleset, players=players)
        self.rnd = np.random.default_rng(seed)
        self.obs, _ = self.env.reset(seed=seed)

    def play(self, seconds: float) -> int:
        """Agent steps made in ``seconds`` of CPU time."""
        e, steps, end = self.env, 0, time.process_time() + seconds
        while time.process_time() < end:
            for _ in range(20):
                self.obs = e.step(pick(self.obs["action_mask"], self.rnd))[0]
                steps += e.num_envs
        return steps


class YardstickPlayer:
    """The shared yardstick's ``mutable`` playout, whole games."""

    def __init__(self, path: Path, players: int):
        self.runner = Runner(yardstick(path), None, players, 100_000)
        self.runner.games(200)

    def play(self, seconds: float) -> int:
        before = self.runner.steps
        self.runner.slice(seconds)
        return self.runner.steps - before


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--modes", default=",".join(MODES),
                        help="the modes to measure, comma-separated (the yardstick always runs)")
    parser.add_argument("--envs", type=int, default=64, help="games of the vector mode")
    parser.add_argument("--yardstick", type=Path,
                        default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    args = parser.parse_args(argv)
    wanted = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not wanted or any(m not in MODES for m in wanted):
        parser.error(f"--modes: from {', '.join(MODES)}")
    players: dict = {m: VectorPlayer(args.ruleset, args.players, args.envs, 1) if m == "vector"
                     else Player(args.ruleset, args.players, MODES[m], 1) for m in wanted}
    for p in players.values():
        p.play(0.3)  # warm up
    if args.yardstick.is_file():
        players["yardstick"] = YardstickPlayer(args.yardstick, args.players)
    rates: dict = {m: [] for m in players}
    totals: dict = {m: [0, 0.0] for m in players}
    for _ in range(args.rounds):
        for mode, p in players.items():
            start = time.process_time()
            steps = p.play(args.slice)
            spent = time.process_time() - start
            rates[mode].append(steps / spent)
            totals[mode][0] += steps
            totals[mode][1] += spent
    engine = native.engine()
    print(f"RL environments, {args.ruleset}, {args.players} players, engine: {engine}"
          f" (vector: {args.envs} games)")
    whole = {m: steps / spent for m, (steps, spent) in totals.items()}
    base = whole.get("yardstick")
    for mode, r in rates.items():
        ratio = f"   {whole[mode] / base:6.3f}x yardstick" if base else ""
        print(f"  {mode:9} best {max(r):9,.0f} steps/s   median {statistics.median(r):9,.0f}"
              f"{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
