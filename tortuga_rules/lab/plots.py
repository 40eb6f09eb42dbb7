"""The pictures of a balance run (matplotlib, an optional extra: ``[plots]``).

* ``win-rates``: each side's win rate by player count under both rulesets, with the 95%
  Wilson intervals as error bars;
* ``game-length``: the distributions of turns and of steps per player count, both
  rulesets overlaid, their means marked.

Each is written as PNG and SVG. The SVG carries no date and a fixed id salt, so the same
results draw the same file.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ArgumentError
from .tally import Distribution, ordered_sides

__all__ = ["plot_balance", "pyplot"]

COLOURS = ("#4c72b0", "#dd8452")


def plot_balance(balance, folder, labels=("standard", "variant")) -> list:
    """Draw ``balance``'s plots into ``folder``; return the files written."""
    plt = pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    reports = (balance.base, balance.variant)
    written = []
    for name, figure in (("win-rates", _win_rates(plt, reports, labels)),
                         ("game-length", _lengths(plt, reports, labels))):
        for suffix in ("png", "svg"):
            path = folder / f"{name}.{suffix}"
            figure.savefig(path, dpi=120, metadata={"Date": None} if suffix == "svg" else {})
            written.append(path)
        plt.close(figure)
    return written


def pyplot():
    """matplotlib's pyplot drawing off screen; a located error if matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        raise ArgumentError("plots need matplotlib: pip install 'tortuga-rules[plots]'") \
            from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "tortuga-rules"
    import matplotlib.pyplot as plt

    return plt


def _win_rates(plt, reports, labels):
    sides = ordered_sides((t for r in reports for tally in r.tallies.values()
                           for t in tally.sides),
                          next((t.order for r in reports for t in r.tallies.values()), ()))
    figure, axes = plt.subplots(1, len(sides), figsize=(4 * len(sides), 3.6), sharey=True,
                                squeeze=False)
    for ax, side in zip(axes[0], sides):
        for k, (report, label) in enumerate(zip(reports, labels)):
            xs: list = []
            ys: list = []
            errors: tuple = ([], [])
            for players, tally in report.tallies.items():
                if side not in tally.sides:
                    continue
                rate = tally.rate(tally.wins[side])
                xs.append(players + (k - 0.5) * 0.2)
                ys.append(rate.value)
                errors[0].append(rate.value - rate.low)
                errors[1].append(rate.high - rate.value)
            ax.errorbar(xs, ys, yerr=errors, fmt="o", capsize=3, color=COLOURS[k], label=label)
        ax.set_title(f"{side.capitalize()} win rate")
        ax.set_xlabel("players")
        ax.set_xticks(sorted(reports[0].tallies))
        ax.set_ylim(0, 1)
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("win rate (95% Wilson interval)")
    axes[0][0].legend()
    figure.tight_layout()
    return figure


def _bins(values: list) -> list:
    """Shared bin edges: one per whole number over a short range, else 40 equal bins."""
    if not values:
        return [0, 1]
    low, high = min(values), max(values) + 1
    if high - low <= 60:
        return list(range(low, high + 1))
    return [low + (high - low) * i / 40 for i in range(41)]


def _lengths(plt, reports, labels):
    counts = list(reports[0].tallies)
    figure, axes = plt.subplots(len(counts), 2, figsize=(9, 2.6 * len(counts)), squeeze=False)
    for row, players in zip(axes, counts):
        for ax, measure in zip(row, ("turns", "steps")):
            dists = [Distribution.of(getattr(r.tallies[players], measure)) for r in reports]
            bins = _bins([v for d in dists for v, _ in d.counts])
            for k, (dist, label) in enumerate(zip(dists, labels)):
                if dist.counts:
                    values, weights = zip(*dist.counts)
                    ax.hist(values, bins=bins, weights=weights, histtype="step",
                            color=COLOURS[k], label=label)
                    ax.axvline(dist.mean, color=COLOURS[k], linestyle="--", linewidth=1)
            ax.set_title(f"{players} players: {measure} per game")
            ax.set_ylabel("games")
    axes[0][0].legend()
    figure.tight_layout()
    return figure
