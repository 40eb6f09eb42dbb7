"""Balance: what a variant does to the game, against a baseline, on the same seeds.

Both rulesets are simulated with one recipe (the same setup seeds and bot seeds), so
game *g* of one is paired with game *g* of the other. Each measure - a side's win
rate, draws, tie-breakers, each ending, mean turns and steps - is compared per player
count by the mean of the per-game differences (the pairing removes the luck of the
deal the two games share) with its 95% interval and two-sided p-value. Many measures
are tested at once, so a difference is called significant only when its p-value
adjusted by Holm's method (which bounds the chance of any false claim at 5%) is
below 0.05.
"""

from __future__ import annotations

import attrs

from .games import Result
from .simulation import Report, Simulation, csv_text
from .stats import Difference, Sums, holm
from .tally import Tally, ordered_sides
from .workers import batch_size, played

__all__ = ["Balance", "Comparison", "holm"]

#: The family-wise error rate of the significance table.
ALPHA = 0.05


@attrs.frozen
class Comparison:
    """One measure at one player count: its value under each ruleset and the test."""

    players: int
    measure: str
    base: float
    variant: float
    difference: Difference  # variant minus base, per game
    p_holm: float

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    def to_data(self) -> dict:
        d = self.difference
        return {"players": self.players, "measure": self.measure, "base": self.base,
                "variant": self.variant, "difference": d.mean, "low": d.low,
                "high": d.high, "p": d.p, "p_holm": self.p_holm,
                "significant": self.significant}


@attrs.frozen
class Balance:
    """A variant's simulation against its baseline's, game by game."""

    base: Report
    variant: Report
    comparisons: tuple  # Comparison, every measure tested

    @classmethod
    def run(cls, base: Simulation, variant: Simulation, *, jobs: int = 1,
            backend: str = "processes", address: str | None = None, progress=None):
        """Play both simulations (the same recipe but for the rules) and compare them."""
        order = base.sides()
        tallies = ({p: Tally(p, order) for p in base.players},
                   {p: Tally(p, order) for p in base.players})
        sums = {p: Pairs() for p in base.players}
        waiting: dict = {}  # game -> the measures of the side that finished first
        tables = (t for both in zip(base.tables(), variant.tables()) for t in both)
        for index, result in played(tables, jobs=jobs, backend=backend, address=address,
                                    progress=progress,
                                    batch=batch_size(base.games * len(base.players), jobs)):
            game, side = divmod(index, 2)
            players = base.players[game // base.games]
            tallies[side][players].add(result)
            mine, first = _measures(result, order), waiting.pop(game, None)
            if first is None:
                waiting[game] = mine
            else:
                sums[players].add(*((first, mine) if side else (mine, first)))
        return cls(Report(base, tallies[0]), Report(variant, tallies[1]),
                   _compare(sums, base.games, order))

    @property
    def significant(self) -> tuple:
        return tuple(c for c in self.comparisons if c.significant)

    def to_csv(self) -> str:
        """Every comparison, significant or not, one row each."""
        fields = ["players", "measure", "base", "variant", "difference", "low", "high", "p",
                  "p_holm", "significant"]
        return csv_text(fields, ([c.to_data()[f] for f in fields] for c in self.comparisons))

    def to_data(self) -> dict:
        return {"base": self.base.to_data(), "variant": self.variant.to_data(),
                "alpha": ALPHA, "adjustment": "holm",
                "comparisons": [c.to_data() for c in self.comparisons]}


def _measures(result: Result, order: tuple[str, ...]) -> dict[str, int]:
    """What the comparison needs of a game, one whole number per measure (``order``: the
    game's sides in report order)."""
    values = {f"{side} win": int(result.winners == (side,))
              for side in ordered_sides(result.sides, order)}
    values["draw"] = int(result.draw)
    values["tie-breaker"] = int(result.tiebreak)
    values[f"ended by {result.reason or 'unfinished'}"] = 1
    values["turns"] = result.turns
    values["steps"] = result.steps
    return values


class Pairs:
    """Sums over the paired games of one player count, per measure: the base's and the
    variant's totals and the per-game differences (a measure a game lacks is 0 there).
    Whole numbers: the same in any order of arrival."""

    def __init__(self):
        self.sums: dict = {}  # measure -> [base total, variant total, Sums of differences]

    def add(self, base: dict, variant: dict):
        for measure in base.keys() | variant.keys():
            b, v = base.get(measure, 0), variant.get(measure, 0)
            s = self.sums.setdefault(measure, [0, 0, Sums()])
            s[0] += b
            s[1] += v
            s[2].add(v - b)


def _compare(sums: dict, games: int, order: tuple[str, ...]) -> tuple:
    """Every measure at every player count, tested and Holm-adjusted (a measure that is
    0 in every game under both rulesets is left out: there is nothing to test)."""
    raw = []
    for players, pairs in sums.items():
        for measure in sorted(pairs.sums, key=lambda m: _order(m, order)):
            b, v, differences = pairs.sums[measure]
            if b == v == 0:
                continue  # never seen under either ruleset (draws at odd counts): no test
            raw.append((players, measure, b / games, v / games, differences.difference(games)))
    adjusted = holm([d.p for *_, d in raw])
    return tuple(Comparison(*r, p) for r, p in zip(raw, adjusted))


def _order(measure: str, sides: tuple[str, ...]) -> tuple[float, str]:
    fixed = [f"{t} win" for t in sides] + ["draw", "tie-breaker", "turns", "steps"]
    if measure.startswith("seat ") and measure.endswith(" win"):  # a game of scores' seats
        return (len(sides) - 0.5, measure)
    return (fixed.index(measure), "") if measure in fixed else (len(fixed), measure)
