"""The bot levels' Elo, measured: the figures of ``bots/levels.py`` and docs/server.md.

    python benchmarks/bot_levels.py --games 400 --out /tmp/levels-1667.jsonl
    python benchmarks/bot_levels.py --ruleset tortuga-dice --players 3 --games 200 \\
        --out /tmp/levels-dice.jsonl

The levels (``LEVELS``, the weakest first, each by its spec for the ruleset's game) play
the tournament ``tortuga-rules tournament SPEC... --players N --seed S`` plays - the same tables
(:func:`~tortuga_rules.lab.tournament.tables`), one worker unless ``--jobs`` says more - and
each finished game is written to ``--out`` as one JSON line (its number, bots by seat and
who won) as it ends, so a long run can be stopped and started again: the games already in
the file are not played again. Printed at the end (and with ``--report`` alone, from the
file): each level's Elo with its 95% bootstrap interval (:mod:`~tortuga_rules.lab.elo`;
the weakest at 0) and each step from one level to the next, with its interval.
``--specs`` rates other bots than the levels (say, a search with another budget), the
weakest first:

    python benchmarks/bot_levels.py --ruleset tortuga-dice --players 3 --games 200 \\
        --out /tmp/dice-450.jsonl --specs random heuristic ismcts:ms=450,depth=200
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tortuga_rules import load_ruleset
from tortuga_rules.bots.levels import LEVELS
from tortuga_rules.lab.elo import Ratings
from tortuga_rules.lab.tournament import tables
from tortuga_rules.lab.workers import played_tables


def _done(path: Path) -> dict:
    """The games already recorded in ``path``, by number."""
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            out[row["game"]] = row
    return out


def _play(args, path: Path, specs: tuple):
    """Play the games of the run not yet in ``path``, appending each as it ends."""
    done = _done(path)
    todo = [(g, t) for g, t in enumerate(tables(specs, games=args.games, players=args.players,
                                                 seed=args.seed, ruleset=args.ruleset))
            if g not in done]
    number = {t: g for g, t in todo}  # a table is a value: the same after a worker
    with path.open("a") as out:
        for table, result in played_tables((t for _, t in todo), jobs=args.jobs):
            row = {"game": number[table], "bots": list(table.bots), "won": list(result.won)}
            out.write(json.dumps(row) + "\n")
            out.flush()


def _report(path: Path, specs: tuple) -> str:
    """The ratings of the games in ``path``, as a text table."""
    games = [(tuple(r["bots"]), tuple(r["won"])) for r in _done(path).values()]
    ratings = Ratings.of(specs, games)
    return "\n".join([f"{ratings.games} games", *ratings.lines(max(map(len, specs)))])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="the games, one JSON line each")
    parser.add_argument("--report", action="store_true", help="only fit the games in --out")
    parser.add_argument("--specs", nargs="+", help="the bots to rate, the weakest first "
                                                    "(default: the levels')")
    args = parser.parse_args(argv)
    game = load_ruleset(args.ruleset).game.id
    specs = tuple(args.specs or (level.spec_for(game) for level in LEVELS))
    if not args.report:
        _play(args, args.out, specs)
    print(_report(args.out, specs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
