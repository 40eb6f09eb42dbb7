"""Two or more builds of the native engine against each other, in one process.

    python benchmarks/native_builds.py before.so after.so
    python benchmarks/native_builds.py main.so main.so arc.so --ruleset standard --players 5

A change that costs a few percent (counting shared values atomically, a lock) hides in
the drift of a shared machine: fresh processes of the same build, or their ratios to the
yardstick (``benchmarks/native.py``), differ by 5-10% under load. Here every build given
(a compiled ``tortuga_rules/_native*.so``, copied aside and loaded from its own file, so
each has its own statics, allocator and memo) plays in the same process, in short slices
of CPU time, the builds' order rotated each round; each slice is compared with the first
build's slice of the same round, and the median of those paired ratios is printed with a
95% interval (ranks n/2 ± sqrt(n)). Give the first build twice to see the noise: its two
copies should differ by nothing.

Modes: ``dealt``, random playouts from positions dealt in advance (native copies, as
``benchmarks/native.py``'s ``native-dealt``), ``loop``, each game dealt by ``new_game``
first (its ``native-loop``), and ``reflex``, the search player's playouts (its native
policy, Tortuga 1667's rules of thumb, 30 decisions drawn from a native generator, as
ISMCTS plays them) from positions a few random steps into the dealt games (as
``benchmarks/search.py`` takes them), and ``api``, random games through the public API
(``legal_actions`` and ``apply_action`` from Python, each step a new immutable state on
the native engine). Figures are microseconds of CPU a step; with
``--mode ismcts``, milliseconds a decision of the search player (100 iterations on the
native engine, at ``benchmarks/search.py``'s positions; ``--games`` decisions a slice).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.bots.ismcts import IsmctsBot
from tortuga_rules.game import native

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search import positions  # noqa: E402 - the search benchmark's positions


class Build:
    """One build loaded from its own file: its module, its native rules, its dealt pool."""

    def __init__(self, path: Path, copy: Path, rules, players: int):
        shutil.copy(path, copy)
        spec = importlib.util.spec_from_file_location("tortuga_rules._native", copy)
        self.module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.module)
        self.module.share_memos(native.MEMOS)
        self.rules = rules
        native._LOADED[:] = [self.module]
        rules.engines.pop(native._KEY, None)
        native.native_rules(rules)
        self.engine = rules.engines[native._KEY]  # kept: its memo lives while it does
        self.pool = [native.open_game(new_game(rules, players, 900_000 + i)) for i in range(32)]
        self.places: list = []  # ``ismcts``: where the search player decides
        self.later = [g.copy() for g in self.pool]  # a few random steps on, for ``reflex``
        for i, g in enumerate(self.later):
            g.random_playout(i, 5 + i % 20)

    def use(self) -> None:
        """Make this build the one ``tortuga_rules.game.native`` plays on."""
        native._LOADED[:] = [self.module]
        self.rules.engines[native._KEY] = self.engine

    def slice(self, mode: str, games: int, players: int, r: int) -> int:
        """``games`` random games (dealt or from ``new_game``), or reflex playouts; the
        steps taken."""
        steps = 0
        if mode == "ismcts":
            for g in range(games):
                bot = IsmctsBot(seed=1000 * r + g, iterations=100, engine="native")
                bot.choose(self.places[(g + r) % len(self.places)])
            return games
        if mode == "reflex":
            rnd = self.module.Generator(random.Random(r).getstate())
            for g in range(games):
                game = self.later[(g + r) % len(self.later)].copy()
                steps += game.play_out_drawing(self.rules.game.native_playout, rnd, 30)
            return steps
        if mode == "api":
            for g in range(games):
                rnd = random.Random(1000 * r + g)
                state = new_game(self.rules, players, 1000 * r + g)
                while not state.is_terminal:
                    legal = legal_actions(state)
                    state = apply_action(state, legal[rnd.randrange(len(legal))])
                    steps += 1
            return steps
        for g in range(games):
            if mode == "dealt":
                game = self.pool[(g + r) % len(self.pool)].copy()
            else:
                game = native.open_game(new_game(self.rules, players, 1000 * r + g))
            steps += game.random_playout(1000 * r + g, 1_000_000)
        return steps


def paired(times: list[float], base: list[float]) -> tuple[float, float, float]:
    """The median ratio of ``times`` to ``base`` slice by slice, and its 95% interval."""
    ratios = sorted(t / b for t, b in zip(times, base))
    n = len(ratios)
    low, high = int(n / 2 - n ** 0.5), min(n - 1, int(n / 2 + n ** 0.5))
    return statistics.median(ratios), ratios[max(0, low)], ratios[high]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("builds", nargs="+", type=Path, help="compiled extensions (.so)")
    p.add_argument("--ruleset", default="tortuga-dice")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--mode", choices=("dealt", "loop", "reflex", "ismcts", "api"),
                   default="dealt")
    p.add_argument("--games", type=int, default=20, help="games a slice")
    p.add_argument("--rounds", type=int, default=100)
    args = p.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    if native.native_rules(rules) is None:
        print(f"{args.ruleset} runs on the Python engine: {native.why_python(rules)}")
        return 1
    if args.mode == "reflex" and not rules.game.native_playout:
        print(f"{args.ruleset} has no native playout policy")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        builds = [Build(path, Path(tmp) / f"build{i}.so", rules, args.players)
                  for i, path in enumerate(args.builds)]
        for b in builds:  # warm-up: each build's memo filled
            b.use()
            if args.mode == "ismcts":  # each its own: a position keeps its native game
                b.places = positions(rules, args.players, 20)
            b.slice(args.mode, args.games, args.players, 999)
        times: list[list[float]] = [[] for _ in builds]
        for r in range(args.rounds):
            order = list(range(len(builds)))
            for i in order[r % len(order):] + order[:r % len(order)]:
                builds[i].use()
                start = time.process_time()
                steps = builds[i].slice(args.mode, args.games, args.players, r)
                times[i].append((time.process_time() - start) / steps * 1e6)
    print(f"{args.ruleset}, {args.players} players, {args.mode}: {args.rounds} rounds"
          f" of {args.games} games")
    unit, scale = ("ms/decision", 1e-3) if args.mode == "ismcts" else ("us/step", 1)
    for path, t in zip(args.builds, times):
        ratio, low, high = paired(t, times[0])
        print(f"  {str(path):<40} {statistics.median(t) * scale:8.4f} {unit}  {ratio - 1:+6.1%}"
              f" ({low - 1:+.1%} to {high - 1:+.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
