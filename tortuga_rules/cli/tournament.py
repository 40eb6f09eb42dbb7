"""``tortuga-rules tournament``: bots against each other, each kind's win rate as its side's
and its Elo rating with a bootstrap interval."""

from __future__ import annotations

import json
import sys

from .play import add_rules_arguments, check_writable, options, ruleset_of

__all__ = ["add_parser", "run", "add_game_arguments", "check_counts"]


def add_game_arguments(p, games: int, ruleset: bool = True):
    """The arguments a run of many games shares with ``simulate`` and ``balance``."""
    p.add_argument("--games", type=int, default=games, help=f"games to play (default {games})")
    p.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    p.add_argument("--jobs", type=int, default=1,
                   help="worker processes (default 1); results do not depend on it")
    add_rules_arguments(p, ruleset)
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def add_parser(sub):
    p = sub.add_parser("tournament", help="play bots against each other; win rates and Elo by kind")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="bot specs: random, heuristic, ismcts, ismcts:iterations=400, ...")
    p.add_argument("--players", type=int, default=4, help="players a game (default 4)")
    add_game_arguments(p, 200)


def check_counts(args):
    """Refuse counts that are not sensible before anything is played."""
    from ..errors import ArgumentError
    from ..lab.workers import cpu_count

    if not 1 <= args.games <= 10**7:
        raise ArgumentError("--games must be from 1 to 10^7")
    if not 1 <= args.jobs <= 4 * cpu_count():
        raise ArgumentError(f"--jobs must be from 1 to {4 * cpu_count()}")
    if args.json:
        check_writable(args.json)


def run(args) -> int:
    from ..bots import bot_spec
    from ..errors import ArgumentError
    from ..lab.workers import batch_size, played_tables
    from ..lab.progress import progress
    from ..lab.tournament import Tournament, tables

    check_counts(args)
    rules = ruleset_of(args)
    for spec in args.bots:
        bot_spec(spec, rules)  # (the game's own bots, or the generic ones)
    if not rules.min_players <= args.players <= rules.max_players:
        raise ArgumentError(f"--players must be from {rules.min_players} to {rules.max_players}")
    todo = tables(args.bots, games=args.games, players=args.players, seed=args.seed,
                  ruleset=args.ruleset, variants=args.variant,
                  options=tuple(options(args.option).items()))
    with progress(args.games, quiet=args.quiet) as advance:
        games = played_tables(todo, jobs=args.jobs, progress=advance,
                              batch=batch_size(args.games, args.jobs, most=8))
        t = Tournament.from_results(args.bots, games, args.seed)
    print(f"{t.games} games, {t.players} players, seed {t.seed}, ruleset {args.ruleset}")
    width = max(len(k) for k in t.kinds)
    print(f"{'bot':<{width}}  {'seats':>6}  {'wins':>6}  {'win rate':>8}  95% interval")
    for kind, rate in t.rates.items():
        print(f"{kind:<{width}}  {rate.n:>6}  {rate.hits:>6}  {rate.value:>8.3f}  "
              f"[{rate.low:.3f}, {rate.high:.3f}]")
    _print_elo(t, width)
    for line in t.warnings():
        print(f"warning: {line}")
    for line in t.verdicts():
        print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(t.to_data(), f, indent=1)
    sys.stdout.flush()
    return 0


def _print_elo(t, width: int):
    """Each kind's Elo (the first kind at 0) with its 95% bootstrap interval, and the gap
    between kinds given one after another."""
    elo = t.elo
    print(f"{'bot':<{width}}  {'Elo':>6}  95% interval (bootstrap over {elo.games} games; "
          f"{t.kinds[0]} = 0)")
    print("\n".join(elo.lines(width)))
