"""Simulations: many games of one ruleset between bots, summed up per player count.

A :class:`Simulation` is the recorded recipe of a run - rules, player counts, games per
count, bots and seed. Game *g* at *p* players is set up with :func:`game_seed` of
``(seed, g, p)`` and its bots seated in turn from ``bots`` (starting one seat further
each game), so the recipe alone reproduces every game, and two rulesets simulated with
the same recipe are played on the same seeds (how :mod:`~tortuga_rules.lab.balance`
compares them).
"""

from __future__ import annotations

import csv
import io
from typing import Iterator

import attrs

from .games import Table
from .tally import Tally
from .tournament import game_seed
from .workers import batch_size, played

__all__ = ["Simulation", "Report", "csv_rows", "csv_text"]


@attrs.frozen
class Simulation:
    """How a run is made: everything needed to play it again."""

    ruleset: str = "standard"
    variants: tuple = ()
    options: tuple = ()  # (name, value) pairs
    players: tuple = (4,)
    games: int = 100  # per player count
    bots: tuple = ("heuristic",)
    seed: int = 1

    def sides(self) -> tuple[str, ...]:
        """Its game's sides in report order (``GameKind.sides``; none: sorted as seen)."""
        if not self.players:
            return ()
        return tuple(self.table(self.players[0], 0).rules().game.sides)

    def tables(self) -> Iterator[Table]:
        """Every game's table, player count by player count (lazily)."""
        for p in self.players:
            for g in range(self.games):
                yield self.table(p, g)

    def table(self, players: int, game: int) -> Table:
        bots = tuple(self.bots[(i + game) % len(self.bots)] for i in range(players))
        return Table(self.ruleset, self.variants, self.options, players,
                     game_seed(self.seed, game, players), bots)

    def run(self, *, jobs: int = 1, backend: str = "processes", address: str | None = None,
            progress=None) -> "Report":
        """Play every game and tally it; ``progress(1)`` is called after each game."""
        order = self.sides()
        tallies = {p: Tally(p, order) for p in self.players}
        for index, result in played(self.tables(), jobs=jobs, backend=backend,
                                    address=address, progress=progress,
                                    batch=batch_size(self.games * len(self.players), jobs)):
            tallies[self.players[index // self.games]].add(result)
        return Report(self, tallies)

    def to_data(self) -> dict:
        return {"ruleset": self.ruleset, "variants": list(self.variants),
                "options": dict(self.options), "players": list(self.players),
                "games": self.games, "bots": list(self.bots), "seed": self.seed}


@attrs.frozen
class Report:
    """A simulation's tallies by player count."""

    simulation: Simulation
    tallies: dict  # players -> Tally

    def to_data(self) -> dict:
        return {"simulation": self.simulation.to_data(),
                "by_players": {str(p): t.summary() for p, t in self.tallies.items()}}

    def to_csv(self) -> str:
        return csv_text(["players", "measure", "subject", "value", "low", "high", "n"],
                        (row for t in self.tallies.values() for row in csv_rows(t.summary())))


def csv_text(header: list, rows) -> str:
    """A CSV table (``\n`` line ends) of ``header`` and ``rows``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def csv_rows(summary: dict) -> Iterator[list]:
    """One summary as long-format rows: players, measure, subject, value, low, high, n."""
    p = summary["players"]
    for measure, name in (("win_rates", "win_rate"), ("endings", "ending"),
                          ("revealed", "revealed")):
        for subject, rate in summary[measure].items():
            yield [p, name, subject, rate["rate"], rate["low"], rate["high"], rate["n"]]
    for measure in ("draws", "tie_breakers", "unfinished"):
        rate = summary[measure]
        yield [p, measure, "", rate["rate"], rate["low"], rate["high"], rate["n"]]
    for measure in ("turns", "steps"):
        d = summary[measure]
        for stat in ("mean", "sd", "min", "p10", "median", "p90", "max"):
            low, high = (d["low"], d["high"]) if stat == "mean" else ("", "")
            yield [p, measure, stat, d[stat], low, high, d["n"]]
