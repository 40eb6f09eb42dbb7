"""The native engine against the reference, and both against the shared yardstick.

    python benchmarks/native.py                      # the dice game, 4 players
    python benchmarks/native.py --slice 1 --rounds 5 --players 3

Every figure is steps (decisions answered) per second of CPU time (``time.process_time``)
of random playouts: a new game, then a uniformly random option until the game ends.
After a warm-up, the modes and the yardstick's ``mutable`` mode run in interleaved slices
of ``--slice`` CPU seconds, ``--rounds`` times, so the machine's drift touches all alike;
ratios are to the yardstick (``../shared/bench/yardstick.py``, a Tortuga 1667 model: its
steps are that game's, so the ratio compares the cost of a step, not the same game).

Modes, each on the ruleset given (default: the Tortuga dice game):

- ``python``: :class:`tortuga_rules.Rollout` on the reference engine
  (``TORTUGA_RULES_ENGINE=python``);
- ``native``: the same ``Rollout`` loop in Python, each step on the native engine;
- ``numbered``: a ``Rollout`` on the native engine stepped from Python by option numbers
  (``legal_count`` / ``apply_index``: no Python object per step);
- ``native-loop``: the whole game loop in the native engine (``random_playout``), as
  the lab's random-bot games and search playouts use it, each game dealt by ``new_game``
  (natively: the native engine has Tortuga 1667's setup and the component kit's) and
  handed to the native engine;
- ``native-dealt``: the same loop from start positions dealt before the clock starts (one
  per seed of a pool, copied natively): the native engine's own rate, without a setup.

It also prints what a million random games would cost at the ``native-loop`` rate. It
needs the native build (``TORTUGA_RULES_NATIVE=1 pip install .``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playout import Runner, game_numbered, yardstick  # noqa: E402 - the shared harness

from tortuga_rules import Rollout, load_ruleset, new_game  # noqa: E402
from tortuga_rules.game import native  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def game_rollout(rules, players, seed, rnd) -> int:
    """One random game on a Rollout (whichever engine it picked); its steps."""
    game = Rollout(new_game(rules, players, seed))
    steps = 0
    while not game.is_terminal:
        options = game.legal_actions()
        game.apply(options[rnd.randrange(len(options))])
        steps += 1
    return steps


def on_python(game):
    """``game`` with the native engine turned off while it runs."""
    def run(*args):
        os.environ[native.ENGINE_VARIABLE] = "python"
        try:
            return game(*args)
        finally:
            del os.environ[native.ENGINE_VARIABLE]
    return run


def game_native_loop(rules, players, seed, rnd) -> int:
    """One random game played to the end inside the native engine; its steps."""
    return native.open_game(new_game(rules, players, seed)).random_playout(
        rnd.getrandbits(64), 1_000_000)


class Dealt:
    """Random playouts from a pool of start positions dealt in advance (native copies)."""

    def __init__(self, rules, players: int, pool: int = 64):
        self.games = [native.open_game(new_game(rules, players, 900_000 + i))
                      for i in range(pool)]

    def __call__(self, rules, players, seed, rnd) -> int:
        game = self.games[seed % len(self.games)].copy()
        return game.random_playout(rnd.getrandbits(64), 1_000_000)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="tortuga-dice")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--warmup", type=int, default=30, help="games per mode before measuring")
    p.add_argument("--modes", default="python,native,numbered,native-loop,native-dealt",
                   help="the modes to measure, comma-separated (the yardstick always runs)")
    p.add_argument("--yardstick", type=Path,
                   default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    args = p.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    if native.native_rules(rules) is None:
        print(f"{args.ruleset} runs on the Python engine: {native.why_python(rules)}")
        return 1
    modes = {"python": on_python(game_rollout), "native": game_rollout, "numbered": game_numbered,
             "native-loop": game_native_loop, "native-dealt": Dealt(rules, args.players)}
    wanted = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = [m for m in wanted if m not in modes]
    if unknown or not wanted:
        p.error(f"--modes: unknown {', '.join(unknown) or 'none given'}"
                f" (the modes: {', '.join(modes)})")
    runners = {m: Runner(modes[m], rules, args.players, 100_000) for m in wanted}
    for r in runners.values():
        r.games(args.warmup)
    if args.yardstick.is_file():
        runners["yardstick"] = Runner(yardstick(args.yardstick), rules, 5, 100_000)
        runners["yardstick"].games(100)
    for _ in range(args.rounds):
        for r in runners.values():
            r.slice(args.slice)
    rates = {m: r.rate for m, r in runners.items()}
    print(f"{args.ruleset}, {args.players} players; engine {native.describe()}")
    base = rates.get("yardstick")
    for mode, rate in rates.items():
        ratio = f"  {rate / base:6.3f}x yardstick" if base else ""
        print(f"  {mode:<12} {rate:>12,.0f} steps/s{ratio}")
    loop = runners.get("native-loop")
    if loop is not None:
        per_game = loop.seconds / max(1, loop.seed - 100_000 - args.warmup)  # games in slices
        print(f"  10^6 random games: {per_game * 1e6 / 3600:.2f} core-hours"
              " at the native-loop rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
