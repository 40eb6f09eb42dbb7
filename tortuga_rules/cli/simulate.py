"""``tortuga-rules simulate``: many bot games of a ruleset, summed up per player count."""

from __future__ import annotations

import json
import sys

from .play import check_writable, options, ruleset_of
from .tournament import add_game_arguments, check_counts

__all__ = ["add_parser", "run", "player_counts", "add_run_arguments", "simulation_of"]


def add_parser(sub):
    p = sub.add_parser("simulate", help="simulate many bot games; rates with intervals per "
                                        "player count")
    add_run_arguments(p, games=500)


def add_run_arguments(p, games: int, ruleset: bool = True):
    """What ``simulate`` and ``balance`` share: counts, bots, seed, workers and outputs."""
    p.add_argument("--players", nargs="+", default=["4"], metavar="N",
                   help="player counts: 4, 4 5 6, 2-9 (default 4)")
    p.add_argument("--bots", nargs="+", default=["heuristic"], metavar="BOT",
                   help="bot specs seated in turn (default heuristic)")
    add_game_arguments(p, games, ruleset)
    p.add_argument("--backend", choices=("processes", "ray"), default="processes",
                   help="play on --jobs processes here (default) or on Ray "
                        "(pip install 'tortuga-rules[ray]')")
    p.add_argument("--address", help="with --backend ray: a running Ray cluster "
                                     "(auto, ray://head:10001); default a local instance")
    p.add_argument("--csv", metavar="FILE", help="also write the results as CSV")


def player_counts(words, low: int, high: int) -> tuple:
    """``["4", "6-8"]`` as ``(4, 6, 7, 8)``, each within the ruleset's ``low..high``."""
    from ..errors import ArgumentError

    counts: list = []
    for word in (w for text in words for w in str(text).split(",") if w):
        first, dash, last = word.partition("-")
        try:
            a, b = int(first), int(last if dash else first)
        except ValueError:
            raise ArgumentError(f"--players takes counts such as 4 or 2-9, not {word!r}") \
                from None
        if not low <= a <= b <= high:
            raise ArgumentError(f"--players {word}: this ruleset plays {low} to {high} players")
        counts.extend(n for n in range(a, b + 1) if n not in counts)
    if not counts:
        raise ArgumentError("--players needs at least one count")
    return tuple(counts)


def simulation_of(args, ruleset: str, variants):
    """The :class:`~tortuga_rules.lab.simulation.Simulation` the arguments describe (checked)."""
    from ..bots import bot_spec
    from ..errors import ArgumentError
    from ..lab.simulation import Simulation

    check_counts(args)
    if args.csv:
        check_writable(args.csv)
    if args.address and args.backend != "ray":
        raise ArgumentError("--address is for --backend ray")
    rules = ruleset_of(args)
    for spec in args.bots:
        bot_spec(spec, rules)  # (the game's own bots, or the generic ones)
    counts = player_counts(args.players, rules.min_players, rules.max_players)
    return Simulation(ruleset, tuple(variants), tuple(options(args.option).items()), counts,
                      args.games, tuple(args.bots), args.seed)


def run(args) -> int:
    from ..lab.progress import progress

    simulation = simulation_of(args, args.ruleset, args.variant)
    total = simulation.games * len(simulation.players)
    with progress(total, quiet=args.quiet) as advance:
        report = simulation.run(jobs=args.jobs, backend=args.backend, address=args.address,
                                progress=advance)
    data = report.to_data()
    print_report(data)
    write_outputs(args, data, report.to_csv())
    return 0


def write_outputs(args, data: dict, table: str):
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
    if args.csv:
        with open(args.csv, "w", encoding="utf-8", newline="") as f:
            f.write(table)


def print_report(data: dict):
    """The summary as text: one block per player count."""
    s = data["simulation"]
    rules = "+".join([s["ruleset"], *s["variants"]])
    opts = "".join(f" {k}={v}" for k, v in s["options"].items())
    print(f"{rules}{opts}: {s['games']} games a player count, bots {' '.join(s['bots'])}, "
          f"seed {s['seed']}")
    for block in data["by_players"].values():
        print(f"\n{block['players']} players, {block['games']} games")
        for warning in block["warnings"]:
            print(f"  warning: {warning}")
        for side, r in block["win_rates"].items():
            if not block["warnings"]:  # no winner table where no game had a winner
                print(f"  {side + ' win':<22}{_rate(r)}")
        for key, label in (("draws", "draw"), ("tie_breakers", "tie-breaker played"),
                           ("unfinished", "unfinished")):
            if key == "tie_breakers" and not block["revealed"] and not block[key]["rate"]:
                continue  # a game with no event cards has no tie-breaker either
            print(f"  {label:<22}{_rate(block[key])}")
        for key in ("turns", "steps"):
            d = block[key]
            if key == "turns" and not d["max"]:
                continue  # a game with no turn actions (a kit game's choices) counts none
            print(f"  {key:<22}mean {d['mean']:.1f} [{d['low']:.1f}, {d['high']:.1f}]  "
                  f"median {d['median']}  10-90% {d['p10']}-{d['p90']}  "
                  f"range {d['min']}-{d['max']}")
        print("  ended by")
        for reason, r in block["endings"].items():
            print(f"    {reason:<26}{_rate(r)}")
        if block["revealed"]:
            print("  games revealing each card")
        for card, r in sorted(block["revealed"].items(), key=lambda kv: -kv[1]["rate"]):
            print(f"    {card:<26}{_rate(r)}")
    sys.stdout.flush()


def _rate(r: dict) -> str:
    return f"{r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]  ({r['hits']}/{r['n']})"
