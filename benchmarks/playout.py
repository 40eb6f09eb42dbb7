"""Random-playout speed of the engine, measured back to back with the shared yardstick.

    python benchmarks/playout.py                 # every player count, 2 s each
    python benchmarks/playout.py --players 5 --budget 5

Prints, per player count: games/s and steps/s of random playouts (setup, legal
actions, a uniform random choice and apply, every step), microseconds per
``legal_actions`` (computed fresh) and per ``apply_action``, and bytes per state
(the memory a stored trajectory grows by per step, shared structure counted once).
Then it runs the yardstick's ``mutable`` mode at 5 players in the same process and
prints the ratio of the engine's 5-player steps/s to it (goal: at least 0.25).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import sys
import time
import tracemalloc
from pathlib import Path

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game

ROOT = Path(__file__).resolve().parent.parent


def playouts(rules, players, budget):
    """(games, steps, seconds) of random playouts for about ``budget`` seconds."""
    rnd = random.Random(players)
    games = steps = 0
    seed = 0
    t0 = time.perf_counter()
    while True:
        s = new_game(rules, players, seed)
        seed += 1
        while s.outcome is None:
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
            steps += 1
        games += 1
        el = time.perf_counter() - t0
        if el >= budget:
            return games, steps, el


def sample_states(rules, players, count):
    rnd = random.Random(1000 + players)
    out = []
    seed = 10_000
    while len(out) < count:
        s = new_game(rules, players, seed)
        seed += 1
        while s.outcome is None:
            out.append(s)
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
    return out[:count]


def per_call_us(rules, players, budget):
    states = sample_states(rules, players, 2000)
    fresh = [s._evolve() for s in states]  # no remembered legal actions
    t0 = time.perf_counter()
    for s in fresh:
        legal_actions(s)
    legal_us = (time.perf_counter() - t0) / len(fresh) * 1e6
    rnd = random.Random(7)
    choices = [la[rnd.randrange(len(la))] for la in map(legal_actions, fresh)]
    t0 = time.perf_counter()
    for s, a in zip(fresh, choices):
        apply_action(s, a)
    apply_us = (time.perf_counter() - t0) / len(fresh) * 1e6
    return legal_us, apply_us


def bytes_per_state(rules, players, games=20):
    """Memory a kept trajectory grows by per state (structure shared with the previous state)."""
    rnd = random.Random(3)
    gc.collect()
    tracemalloc.start()
    kept = []
    base = tracemalloc.get_traced_memory()[0]
    for g in range(games):
        s = new_game(rules, players, 50_000 + g)
        kept.append(s)
        while s.outcome is None:
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
            s.__dict__.pop("_legal", None)
            kept.append(s)
    for s in kept:
        s.__dict__.pop("_legal", None)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / len(kept)


def yardstick_steps_per_s(path: Path, players: int, budget: float):
    spec = importlib.util.spec_from_file_location("yardstick", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    t0 = time.perf_counter()
    steps = 0
    seed = 10_000
    while time.perf_counter() - t0 < budget:
        st, _ = mod.playout_mut(players, seed)
        steps += st
        seed += 1
    return steps / (time.perf_counter() - t0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, nargs="*", default=list(range(2, 10)))
    p.add_argument("--budget", type=float, default=2.0, help="seconds per measurement")
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--yardstick", type=Path, default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    args = p.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    print(f"ruleset {rules.id} ({rules.hash}), Python {sys.version.split()[0]}")
    print(f"{'players':>7} {'games/s':>9} {'steps/s':>9} {'steps/game':>10} "
          f"{'legal us':>9} {'apply us':>9} {'B/state':>8}")
    five = None
    for n in args.players:
        games, steps, el = playouts(rules, n, args.budget)
        legal_us, apply_us = per_call_us(rules, n, args.budget)
        mem = bytes_per_state(rules, n)
        rate = steps / el
        if n == 5:
            five = rate
        print(f"{n:>7} {games / el:>9.0f} {rate:>9.0f} {steps / games:>10.1f} "
              f"{legal_us:>9.2f} {apply_us:>9.2f} {mem:>8.0f}")
    if five is not None and args.yardstick.is_file():
        ys = yardstick_steps_per_s(args.yardstick, 5, args.budget)
        # measure the engine again right after, to bracket the machine's drift
        games, steps, el = playouts(rules, 5, args.budget)
        five = (five + steps / el) / 2
        print(f"yardstick mutable (5 players): {ys:.0f} steps/s; engine {five:.0f} steps/s; "
              f"ratio {five / ys:.3f} (goal >= 0.25)")
    elif five is not None:
        print(f"(no yardstick at {args.yardstick}: ratio not measured)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
