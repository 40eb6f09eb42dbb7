"""Memory of one long-running process playing many games: does it level off?

    python benchmarks/memory_soak.py                 # 2,000 random games, RSS every 200
    python benchmarks/memory_soak.py --games 5000 --every 500

A server runs for weeks in one process. This plays random games one after another - the
standard rules at every player count, the first edition, both dice rulesets - as a server
would, keeping nothing, and prints the process's resident memory (RSS) as it goes, and
what the legal-action memos hold. The goal: RSS levels off (what a game leaves behind is
bounded), instead of growing with the number of games played.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game

TABLES = [("standard", n) for n in range(2, 10)] + [("first-edition", 5),
                                                     ("tortuga-dice", 3), ("tortuga-dice+two-players", 2)]


def rss_mb() -> float:
    """Resident memory now, in MB (Linux /proc; else the peak)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * resource.getpagesize() / 2**20
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--every", type=int, default=200)
    args = ap.parse_args(argv)
    rules = {name: load_ruleset(name) for name, _ in TABLES}
    from tortuga_rules.game import legality
    print(f"{'games':>6} {'RSS MB':>8} {'memo items':>11}")
    for g in range(1, args.games + 1):
        name, players = TABLES[g % len(TABLES)]
        state, rnd = new_game(rules[name], players, seed=g), random.Random(g)
        while not state.is_terminal:
            state = apply_action(state, rnd.choice(legal_actions(state)))
        if g % args.every == 0:
            gc.collect()
            held = getattr(legality, "memo_items", lambda: -1)()  # -1: an older engine
            print(f"{g:>6} {rss_mb():>8.1f} {held:>11}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
