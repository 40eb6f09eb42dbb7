"""CPU time per decision of the search player (ISMCTS) on each engine.

    python benchmarks/search.py                       # Tortuga 1667, 5 players
    python benchmarks/search.py --ruleset tortuga-dice --players 3

Positions are taken from random games (``--positions`` of them, each after a few random
steps); at each, a fresh ``IsmctsBot(seed, iterations=...)`` chooses once on the Python
engine and once on the native one (``engine=``), the two interleaved position by position,
``--rounds`` times. Printed: the median CPU milliseconds per decision of each engine
(``time.process_time``, warm) and how many decisions agree - they must all agree: the
native engine plays the same playouts (Tortuga 1667's by its native rules of thumb, the
dice game's at random), drawing the same numbers from the bot's generator.

The shared yardstick (``../shared/bench/yardstick.py``, its ``mutable`` mode) runs a
slice after each round; its rate in the run is printed with each engine's figure as
*yardstick steps per decision* (milliseconds times the yardstick's steps per millisecond:
how many yardstick steps a decision costs), which moves less with the machine's speed
than the milliseconds do. ``--engines native`` leaves the Python engine out (then no
decisions are compared). ``--engines python-walk,native`` compares, on the native engine,
the iterations walked in Python (``IsmctsBot._iterate``, as before the walk moved into the
native engine) with the native search (``NativeSearch``): the same decisions, the walk's
cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.bots.ismcts import IsmctsBot
from tortuga_rules.bots.knowledge import Knowledge
from tortuga_rules.game import native

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playout import Runner, yardstick  # noqa: E402 - the shared harness

ROOT = Path(__file__).resolve().parent.parent

#: ``--engines``' names, and the engine each plays on (``python-walk``: the native engine,
#: its iterations walked in Python)
ENGINES = {"python": "python", "native": "native", "python-walk": "native"}


def positions(rules, players: int, count: int) -> list:
    """``count`` positions of random games where the seat to move has a choice."""
    out, seed = [], 0
    while len(out) < count:
        rnd = random.Random(seed)
        state = new_game(rules, players, seed)
        for _ in range(5 + seed % 20):
            legal = legal_actions(state)
            if not legal:
                break
            state = apply_action(state, rnd.choice(legal))
        if state.outcome is None and len(legal_actions(state)) > 1:
            out.append(Knowledge.of(state, state.current_player))
        seed += 1
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--iterations", type=int, default=100)
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--engines", default="python,native",
                   help="the engines to time, comma-separated (python, native, python-walk)")
    p.add_argument("--yardstick", type=Path,
                   default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    args = p.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    if native.native_rules(rules) is None:
        print(f"{args.ruleset} runs on the Python engine: {native.why_python(rules)}")
        return 1
    places = positions(rules, args.players, args.positions)
    ms: dict = {e.strip(): [] for e in args.engines.split(",") if e.strip()}
    if not ms or set(ms) - set(ENGINES):
        p.error(f"--engines: some of {', '.join(ENGINES)}, not {args.engines!r}")
    ruler = None
    if args.yardstick.is_file():
        ruler = Runner(yardstick(args.yardstick), rules, 5, 100_000)
        ruler.games(100)
    agree = total = 0
    for _ in range(args.rounds):
        if ruler is not None:
            ruler.slice(0.5)
        for i, knowledge in enumerate(places):
            chosen = []
            for engine in ms:
                bot = IsmctsBot(seed=i, iterations=args.iterations, engine=ENGINES[engine])
                bot._native_walk = engine != "python-walk"
                start = time.process_time()
                chosen.append(bot.choose(knowledge))
                ms[engine].append((time.process_time() - start) * 1000)
            agree += all(c == chosen[0] for c in chosen)
            total += 1
    print(f"ISMCTS, {args.iterations} iterations, {args.ruleset}, {args.players} players; "
          f"engine {native.describe()}")
    per_ms = ruler.rate / 1000 if ruler is not None else None
    for engine, times in ms.items():
        median = statistics.median(times)
        ruled = f"; {median * per_ms:,.0f} yardstick steps" if per_ms else ""
        print(f"  {engine:<11} {median:7.1f} ms CPU per decision (median of "
              f"{len(times)}){ruled}")
    if per_ms:
        print(f"  yardstick {ruler.rate:,.0f} steps/s in this run")
    print(f"  the same decision in {agree} of {total}")
    return 0 if agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
