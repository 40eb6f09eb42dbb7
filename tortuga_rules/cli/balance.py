"""``tortuga-rules balance VARIANT``: what a variant does to the game, against a baseline."""

from __future__ import annotations

import sys

from .simulate import add_run_arguments, simulation_of, write_outputs

__all__ = ["add_parser", "run"]


def add_parser(sub):
    p = sub.add_parser("balance", help="simulate a variant and its baseline on the same seeds; "
                                       "significant differences and plots")
    p.add_argument("variants", nargs="+", metavar="VARIANT",
                   help="variant to study: a bundled name (more-starred:6) or a file; "
                        "several are composed")
    p.add_argument("--against", default="standard", metavar="RULESET",
                   help="the baseline ruleset (default standard); the variant is added to it")
    add_run_arguments(p, games=500, ruleset=False)
    p.add_argument("--plots", metavar="FOLDER",
                   help="write win-rates and game-length plots (PNG and SVG) here; needs "
                        "matplotlib: pip install 'tortuga-rules[plots]'")


def run(args) -> int:
    from ..lab.balance import Balance
    from ..lab.plots import plot_balance, pyplot
    from ..lab.progress import progress

    if args.plots:
        pyplot()  # refuse before playing if matplotlib is missing
    args.ruleset = args.against
    base = simulation_of(args, args.against, args.variant)
    args.variant = [*args.variant, *args.variants]
    variant = simulation_of(args, args.against, args.variant)
    total = 2 * base.games * len(base.players)
    with progress(total, quiet=args.quiet) as advance:
        balance = Balance.run(base, variant, jobs=args.jobs, backend=args.backend,
                              address=args.address, progress=advance)
    labels = (_name(base), _name(variant))
    print_balance(balance, labels)
    data = balance.to_data()
    write_outputs(args, data, balance.to_csv())
    if args.plots:
        for path in plot_balance(balance, args.plots, labels):
            print(f"wrote {path}")
    return 0


def _name(simulation) -> str:
    return "+".join([simulation.ruleset, *simulation.variants])


def print_balance(balance, labels):
    """The comparison as text: the significant differences, or plainly that there are none."""
    from ..lab.tally import ordered_sides

    s = balance.base.simulation
    print(f"{labels[1]} against {labels[0]}: {s.games} games a player count on the same "
          f"seeds (seed {s.seed}), bots {' '.join(s.bots)}")
    for name, report in zip(labels, (balance.base, balance.variant)):
        rates = "; ".join(
            f"{p}p " + ", ".join(f"{side} {tally.rate(tally.wins[side]).value:.3f}"
                                 for side in ordered_sides(tally.sides, tally.order))
            for p, tally in report.tallies.items())
        print(f"  {name}: win rates {rates}")
        for p, tally in report.tallies.items():
            for warning in tally.warnings():
                print(f"  warning: {name}, {p} players: {warning}")
    tested = len(balance.comparisons)
    found = balance.significant
    if not found:
        print(f"\nNo difference is statistically significant: {tested} measures tested, "
              f"none with a Holm-adjusted p below 0.05. More games may show smaller effects.")
        sys.stdout.flush()
        return
    print(f"\n{len(found)} of {tested} measures differ significantly (Holm-adjusted p < 0.05):")
    width = max(len(c.measure) for c in found)
    a, b = (max(8, len(label)) for label in labels)
    print(f"  {'players':>7}  {'measure':<{width}}  {labels[0]:>{a}}  {labels[1]:>{b}}  "
          f"difference [95% interval]  p (Holm)")
    for c in found:
        d = c.difference
        print(f"  {c.players:>7}  {c.measure:<{width}}  {c.base:>{a}.3f}  {c.variant:>{b}.3f}  "
              f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}]  {_p(c.p_holm)}")
    sys.stdout.flush()


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"
