"""How ``tortuga-rules simulate`` scales: games per second with 1 and 2 processes and on Ray.

    python benchmarks/simulate_scale.py                   # heuristic bots, 4 players
    python benchmarks/simulate_scale.py --games 400 --rounds 5 --bots random

Each round runs, one after the other (interleaved, so the machine's drift touches all
alike), a simulation of ``--games`` games with

- ``K=1``: in this process;
- ``K=2``: two worker processes;
- ``ray``: a local Ray instance with 2 CPUs (started once, before the rounds);
- the shared yardstick's ``playout_mut`` for about one CPU second.

A warm-up simulation runs first. Printed: games per second of wall time for each mode
(the throughput scaling is about), the speed-up and efficiency against K=1, and the CPU
cost of a game in K=1 - in seconds and in yardstick steps (CPU seconds per game times
the yardstick's steps per CPU second), a figure that carries over to other machines.
Every round plays different seeds (``--seed`` + round), the same for every mode.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path

from tortuga_rules.lab.simulation import Simulation

ROOT = Path(__file__).resolve().parent.parent


def yardstick_rate(path: Path, budget: float, seed: int) -> tuple[int, float]:
    """Steps and CPU seconds of the yardstick's mutable playouts for about ``budget`` s."""
    spec = importlib.util.spec_from_file_location("yardstick", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    steps, t0 = 0, time.process_time()
    while time.process_time() - t0 < budget:
        steps += mod.playout_mut(4, seed)[0]
        seed += 1
    return steps, time.process_time() - t0


def timed(simulation: Simulation, **how) -> tuple[float, float]:
    """Wall and CPU (this process) seconds of one run."""
    w0, c0 = time.perf_counter(), time.process_time()
    simulation.run(**how)
    return time.perf_counter() - w0, time.process_time() - c0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="games per mode and round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", nargs="+", default=["heuristic"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-ray", action="store_true", help="skip the Ray mode")
    p.add_argument("--yardstick", type=Path, default=ROOT.parent / "shared/bench/yardstick.py")
    args = p.parse_args()

    def recipe(r):
        return Simulation(players=(args.players,), games=args.games, bots=tuple(args.bots),
                          seed=args.seed + r)

    modes = {"K=1": {"jobs": 1}, "K=2": {"jobs": 2}}
    if not args.no_ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level="ERROR")
        modes["ray"] = {"jobs": 2, "backend": "ray"}
    timed(Simulation(players=(args.players,), games=max(10, args.games // 10),
                     bots=tuple(args.bots), seed=10_000))  # warm-up
    if "ray" in modes:
        timed(recipe(-1), **modes["ray"])  # Ray's workers start and import the library
    wall = dict.fromkeys(modes, 0.0)
    cpu1 = 0.0
    yard_steps, yard_cpu = 0, 0.0
    for r in range(args.rounds):
        for mode, how in modes.items():
            w, c = timed(recipe(r), **how)
            wall[mode] += w
            if mode == "K=1":
                cpu1 += c
        if args.yardstick.is_file():
            s, c = yardstick_rate(args.yardstick, 1.0, 1000 * r)
            yard_steps, yard_cpu = yard_steps + s, yard_cpu + c
    games = args.games * args.rounds
    print(f"simulate scaling: {games} games per mode ({args.rounds} rounds of {args.games}), "
          f"{args.players} players, bots {' '.join(args.bots)}")
    print(f"{'mode':>5} {'games/s':>9} {'speed-up':>9} {'efficiency':>10}")
    base = games / wall["K=1"]
    for mode, seconds in wall.items():
        rate = games / seconds
        workers = 1 if mode == "K=1" else 2
        print(f"{mode:>5} {rate:>9.1f} {rate / base:>9.2f} {rate / base / workers:>10.0%}")
    per_game = cpu1 / games
    print(f"CPU per game (K=1): {per_game * 1000:.1f} ms")
    if yard_cpu:
        rate = yard_steps / yard_cpu
        print(f"yardstick: {rate:,.0f} steps per CPU second; a game costs "
              f"{per_game * rate:,.0f} yardstick steps")
    print(f"10^6 games: {per_game * 1e6 / 3600:.1f} core-hours at this rate")


if __name__ == "__main__":
    main()
