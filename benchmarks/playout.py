"""Random-playout speed of the engine, measured against the shared yardstick.

    python benchmarks/playout.py                  # 5 players: cold and warm, API and rollouts
    python benchmarks/playout.py --slice 2 --rounds 10
    python benchmarks/playout.py --table          # also every player count: us per call, B/state

Every figure is steps per second of CPU time (``time.process_time``) of random playouts:
a new game, then a uniformly random legal action until the game ends.

- **cold**: the first ``--cold-games`` games of a fresh process (each mode in its own
  subprocess), with the rules loaded but nothing remembered yet;
- **warm**: after ``--warmup`` games, the engine's modes and the yardstick's ``mutable``
  mode run in interleaved slices of ``--slice`` CPU seconds, ``--rounds`` times, so the
  machine's drift touches all of them alike; the ratios are to the yardstick.

Modes: ``api`` is ``new_game`` / ``legal_actions`` / ``apply_action`` on immutable states;
``api-quiet`` the same with ``apply_action(..., record=False)`` (no log); ``rollout`` is
:class:`tortuga_rules.Rollout` (a game played in place, no log); ``numbered`` the same
rollout stepped by option numbers (``legal_count`` / ``apply_index``), the loop a search
or an agent written in Python runs.

It measures the build that is installed: run it once in an environment with ``pip
install -e .`` (pure Python), once with ``TORTUGA_RULES_COMPILE=1 pip install .`` (the
compiled build) and once with ``TORTUGA_RULES_NATIVE=1 pip install .`` (the native
engine, which the public API and rollouts then play on); the header says which, and the
goals are that build's.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import random
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from tortuga_rules import COMPILED, Rollout, apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.game import native
from tortuga_rules.game.build import build_name

ROOT = Path(__file__).resolve().parent.parent
#: Steps per second as a fraction of the yardstick's, per mode: pure Python, compiled.
GOALS = {"api": (0.10, 0.10), "api-quiet": (0.10, 0.10), "rollout": (0.13, 0.18),
         "numbered": (None, None)}
#: The same on the native engine: loops driven from Python by option numbers at half the
#: yardstick, the public API (immutable states) at 0.3 (the game loop inside the native
#: engine is benchmarks/native.py's).
NATIVE_GOALS = {"api": 0.3, "api-quiet": 0.3, "rollout": None, "numbered": 0.5}


def game_api(rules, players, seed, rnd) -> int:
    """One random game through the public API; its number of steps."""
    s = new_game(rules, players, seed)
    steps = 0
    while s.outcome is None:
        la = legal_actions(s)
        s = apply_action(s, la[rnd.randrange(len(la))])
        steps += 1
    return steps


def game_quiet(rules, players, seed, rnd) -> int:
    """One random game through the public API without recording the log."""
    s = new_game(rules, players, seed)
    steps = 0
    while s.outcome is None:
        la = legal_actions(s)
        s = apply_action(s, la[rnd.randrange(len(la))], record=False)
        steps += 1
    return steps


def game_rollout(rules, players, seed, rnd) -> int:
    """One random game as a rollout; its number of steps."""
    r = Rollout(new_game(rules, players, seed))
    steps = 0
    while r.outcome is None:
        la = r.legal_actions()
        r.apply(la[rnd.randrange(len(la))])
        steps += 1
    return steps


def game_numbered(rules, players, seed, rnd) -> int:
    """One random game as a rollout stepped by option numbers (``legal_count`` and
    ``apply_index``: no action object per step); its number of steps."""
    r = Rollout(new_game(rules, players, seed))
    steps = 0
    count, take, pick = r.legal_count, r.apply_index, rnd.randrange
    while n := count():
        take(pick(n))
        steps += 1
    return steps


def yardstick(path: Path):
    """The yardstick's ``mutable`` playout as ``game(rules, players, seed, rnd) -> steps``."""
    spec = importlib.util.spec_from_file_location("yardstick", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return lambda rules, players, seed, rnd: mod.playout_mut(players, seed)[0]


class Runner:
    """Plays one mode's games in CPU-time slices, keeping its totals."""

    def __init__(self, game, rules, players, first_seed):
        self.game, self.rules, self.players = game, rules, players
        self.seed = first_seed
        self.rnd = random.Random(first_seed)
        self.steps = 0
        self.seconds = 0.0

    def games(self, count: int):
        """Play ``count`` games (not counted in the totals: a warm-up)."""
        for _ in range(count):
            self.game(self.rules, self.players, self.seed, self.rnd)
            self.seed += 1

    def slice(self, budget: float):
        """Play whole games for about ``budget`` CPU seconds, adding to the totals."""
        t0 = time.process_time()
        while True:
            self.steps += self.game(self.rules, self.players, self.seed, self.rnd)
            self.seed += 1
            el = time.process_time() - t0
            if el >= budget:
                self.seconds += el
                return

    @property
    def rate(self) -> float:
        return self.steps / self.seconds


MODES = {"api": game_api, "api-quiet": game_quiet, "rollout": game_rollout,
         "numbered": game_numbered}


def cold(mode: str, ruleset: str, players: int, games: int) -> float:
    """Steps/s of CPU time over the first ``games`` games of this (fresh) process."""
    rules = load_ruleset(ruleset)
    rnd = random.Random(0)
    t0 = time.process_time()
    steps = sum(MODES[mode](rules, players, seed, rnd) for seed in range(games))
    return steps / (time.process_time() - t0)


def cold_in_subprocess(mode: str, args) -> float:
    out = subprocess.run(
        [sys.executable, __file__, "--cold-only", mode, "--ruleset", args.ruleset,
         "--players", str(args.players), "--cold-games", str(args.cold_games)],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)["steps_per_s"]


def warm(args, rules) -> dict:
    """Interleaved warm figures: steps/s per mode and for the yardstick."""
    runners = {m: Runner(fn, rules, args.players, 100_000) for m, fn in MODES.items()}
    for r in runners.values():
        r.games(args.warmup)
    if args.yardstick.is_file():
        runners["yardstick"] = Runner(yardstick(args.yardstick), rules, args.players, 100_000)
        runners["yardstick"].games(200)
    for _ in range(args.rounds):
        for r in runners.values():
            r.slice(args.slice)
    return {m: r.rate for m, r in runners.items()}


def table(rules, players_list):
    """Per player count: steps/game, us per legal_actions and apply_action, bytes per state."""
    print(f"\n{'players':>7} {'steps/game':>10} {'legal us':>9} {'apply us':>9} {'B/state':>8}")
    for n in players_list:
        states = sample_states(rules, n, 2000)
        fresh = [s._evolve() for s in states]
        t0 = time.process_time()
        for s in fresh:
            legal_actions(s)
        legal_us = (time.process_time() - t0) / len(fresh) * 1e6
        rnd = random.Random(7)
        choices = [la[rnd.randrange(len(la))] for la in map(legal_actions, fresh)]
        t0 = time.process_time()
        for s, a in zip(fresh, choices):
            apply_action(s, a)
        apply_us = (time.process_time() - t0) / len(fresh) * 1e6
        rnd = random.Random(n)
        per_game = sum(game_api(rules, n, seed, rnd) for seed in range(50)) / 50
        print(f"{n:>7} {per_game:>10.1f} {legal_us:>9.2f} {apply_us:>9.2f} "
              f"{bytes_per_state(rules, n):>8.0f}")


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
            kept.append(s)
    for s in kept:
        s.__dict__.pop("_legal", None)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / len(kept)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--cold-games", type=int, default=300, help="games measured cold")
    p.add_argument("--warmup", type=int, default=2000, help="games per mode before warm figures")
    p.add_argument("--slice", type=float, default=1.0, help="CPU seconds per interleaved slice")
    p.add_argument("--rounds", type=int, default=6, help="interleaved rounds")
    p.add_argument("--table", action="store_true", help="also the per-player-count table")
    p.add_argument("--cold-only", choices=sorted(MODES), help=argparse.SUPPRESS)
    p.add_argument("--yardstick", type=Path,
                   default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    args = p.parse_args(argv)
    if args.cold_only:
        rate = cold(args.cold_only, args.ruleset, args.players, args.cold_games)
        print(json.dumps({"steps_per_s": rate}))
        return 0
    rules = load_ruleset(args.ruleset)
    print(f"ruleset {rules.id} ({rules.hash}), {args.players} players, "
          f"Python {sys.version.split()[0]}, {build_name()}, engine {native.describe()}; "
          "steps/s of CPU time")
    colds = {m: cold_in_subprocess(m, args) for m in MODES}
    figures = warm(args, rules)
    ys = figures.get("yardstick")
    print(f"{'mode':>9} {'cold':>9} {'warm':>9} {'ratio':>7} {'goal':>6}")
    for m in MODES:
        ratio = f"{figures[m] / ys:>7.3f}" if ys else f"{'-':>7}"
        goal = NATIVE_GOALS[m] if native.native_rules(rules) is not None else GOALS[m][COMPILED]
        shown = f"{goal:>6.2f}" if goal is not None else f"{'-':>6}"
        print(f"{m:>9} {colds[m]:>9.0f} {figures[m]:>9.0f} {ratio} {shown}")
    if ys:
        print(f"{'yardstick':>9} {'':>9} {ys:>9.0f}   (mutable mode, interleaved)")
    else:
        print(f"(no yardstick at {args.yardstick}: ratios not measured)")
    if args.table:
        table(rules, range(rules.min_players, rules.max_players + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
