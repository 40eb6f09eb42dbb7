"""Memory of one long-running process playing many games: does it level off?

    python benchmarks/memory_soak.py                         # 2,000 games, RSS every 200
    python benchmarks/memory_soak.py --games 10000 --every 1000 --engine python

A server runs for weeks in one process, and every ruleset it plays - each bundled one,
each house rule a host composes - has memos of legal-action answers of its own. This
plays random games one after another, keeping nothing, as a server would: every bundled
ruleset and variant of both games at every player count, and 50 distinct house-rule
compositions (bundled variants composed, with option values: ``standard+madness+
shorter-game:2``, the dice game with other coin tokens, ...), each a ruleset of its own.
It prints the process's resident memory (RSS) and what the legal-action memos of every
engine hold (``memo_items``, at most the one budget they share) as it goes. The goal: RSS
levels off - what the games leave behind is bounded - however many games and rulesets.

``--engine`` picks the engine (``native``: where the native engine is built, it plays
every ruleset it runs; ``python``: the reference for all); the header says which plays.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import random
import resource
import sys

#: Tortuga 1667's bundled variants, one option value each where they take one, to compose.
VARIANTS_1667 = (["madness", "intermediate", "spanish-vote-mix", "tiebreak-discards-only",
                  "crows-nest-another-player", "crows-nest-no-reshuffle", "el-dorado-next-vote",
                  "letter-of-marque-others-only", "open-loyalty:one-each", "timer:60"]
                 + [f"more-starred:{n}" for n in (5, 6, 7, 8)]
                 + [f"shorter-game:{n}" for n in (1, 2, 4, 6)])
#: The dice game's coin tokens (2-coin, 3-coin: 13 in all) and its other option, to set.
DICE_OPTIONS = [{"two_coin_tokens": two, "three_coin_tokens": 13 - two} for two in (13, 11, 7, 5, 0)]
HOUSE_RULES = 50


def rss_mb() -> float:
    """Resident memory now, in MB (Linux /proc; else the peak)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * resource.getpagesize() / 2**20
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def house_rules(load, count: int = HOUSE_RULES) -> list:
    """``count`` distinct house-rule compositions, loaded: four in five are pairs of
    Tortuga 1667's variants on the standard rules (some with another number of tie-breaker
    rounds), the rest the dice game (or its longer game) with other coin tokens or its
    other reroll rule."""
    dice = [("tortuga-dice" + extra, dict(opts, **({"blocked_reroll": "one"} if i % 2 else {})))
            for i, (extra, opts) in enumerate(itertools.product(("", "+long-game"), DICE_OPTIONS))]
    pairs = [("standard+" + a + "+" + b, {"tiebreak_rounds": 1 + i % 5} if i % 4 == 0 else {})
             for i, (a, b) in enumerate(itertools.combinations(VARIANTS_1667, 2))
             if a.split(":")[0] != b.split(":")[0]][::3]
    made: dict = {}
    for wanted, candidates in ((count - count // 5, pairs), (count, dice)):
        for name, options in candidates:
            if len(made) >= wanted:
                break
            try:
                rules = load(name, options=options or None)
            except Exception as exc:  # a composition the rules refuse: another one instead
                print(f"  (skipped {name} {options}: {exc})", file=sys.stderr)
                continue
            made.setdefault(rules.id, rules)
    if len(made) < count:
        raise SystemExit(f"only {len(made)} distinct house rules could be composed")
    return list(made.values())


def tables(load, bundled) -> list:
    """``(rules, players)`` for every bundled ruleset at every player count it takes, and
    every house rule at every player count."""
    rulesets = [load(name) for name in bundled] + house_rules(load)
    return [(rules, n) for rules in rulesets for n in range(rules.min_players, rules.max_players + 1)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--every", type=int, default=200)
    ap.add_argument("--engine", choices=("python", "native"), default=None,
                    help="the engine that plays (default: the build's)")
    args = ap.parse_args(argv)
    if args.engine is not None:
        os.environ["TORTUGA_RULES_ENGINE"] = args.engine
    from tortuga_rules import apply_action, bundled_rulesets, legal_actions, load_ruleset, new_game
    from tortuga_rules.game import legality, native
    played = tables(load_ruleset, bundled_rulesets())
    rulesets = {id(r): r for r, _ in played}
    natively = sum(1 for r in rulesets.values() if native.native_rules(r) is not None)
    budget = getattr(legality, "memo_budget", lambda: legality.MEMO_BUDGET)()  # older: per ruleset
    print(f"engine: {native.describe()}; {len(rulesets)} rulesets ({natively} on the native "
          f"engine), {len(played)} tables; memo budget {budget:,}")
    gc.collect()
    print(f"{'games':>6} {'RSS MB':>8} {'memo items':>11}")
    print(f"{0:>6} {rss_mb():>8.1f} {legality.memo_items():>11}", flush=True)
    order = list(range(len(played)))
    random.Random(0).shuffle(order)
    for g in range(1, args.games + 1):
        rules, players = played[order[g % len(order)]]
        state, rnd = new_game(rules, players, seed=g), random.Random(g)
        while not state.is_terminal:
            state = apply_action(state, rnd.choice(legal_actions(state)))
        if g % args.every == 0:
            gc.collect()
            print(f"{g:>6} {rss_mb():>8.1f} {legality.memo_items():>11}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
