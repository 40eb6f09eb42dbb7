"""Balance: what a variant does to the game, against a baseline, on the same seeds.

Both rulesets are simulated with one recipe (the same setup seeds and bot seeds), so
game *g* of one is paired with game *g* of the other. Each measure - a team's win
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
from .simulation import Report, Simulation, batch_size
from .stats import Difference, paired_difference
from .tally import TEAMS, Tally
from .workers import played

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
        games = base.games * len(base.players)
        pairs: list = [[None, None] for _ in range(games)]
        tallies = ({p: Tally(p) for p in base.players}, {p: Tally(p) for p in base.players})
        tables = (t for both in zip(base.tables(), variant.tables()) for t in both)
        for index, result in played(tables, jobs=jobs, backend=backend, address=address,
                                    batch=batch_size(base, jobs)):
            game, side = divmod(index, 2)
            pairs[game][side] = _compact(result)
            tallies[side][base.players[game // base.games]].add(result)
            if progress:
                progress(1)
        comparisons = _compare(base, pairs)
        return cls(Report(base, tallies[0]), Report(variant, tallies[1]), comparisons)

    @property
    def significant(self) -> tuple:
        return tuple(c for c in self.comparisons if c.significant)

    def to_data(self) -> dict:
        return {"base": self.base.to_data(), "variant": self.variant.to_data(),
                "alpha": ALPHA, "adjustment": "holm",
                "comparisons": [c.to_data() for c in self.comparisons]}


def _compact(result: Result) -> dict:
    """What the comparison needs of a game, one number per measure."""
    values = {f"{team} win": float(result.winners == (team,)) for team in TEAMS
              if team in result.loyalty}
    values["draw"] = float(result.draw)
    values["tie-breaker"] = float(result.tiebreak)
    values[f"ended by {result.reason or 'unfinished'}"] = 1.0
    values["turns"] = float(result.turns)
    values["steps"] = float(result.steps)
    return values


def _compare(simulation: Simulation, pairs: list) -> tuple:
    """Every measure at every player count, tested and Holm-adjusted."""
    raw = []
    for i, players in enumerate(simulation.players):
        block = pairs[i * simulation.games:(i + 1) * simulation.games]
        measures = dict.fromkeys(k for pair in block for side in pair for k in side)
        for measure in sorted(measures, key=_order):
            base = [pair[0].get(measure, 0.0) for pair in block]
            variant = [pair[1].get(measure, 0.0) for pair in block]
            d = paired_difference(v - b for b, v in zip(base, variant))
            raw.append((players, measure, _mean(base), _mean(variant), d))
    adjusted = holm([d.p for *_, d in raw])
    return tuple(Comparison(*r, p) for r, p in zip(raw, adjusted))


def _order(measure: str) -> tuple:
    fixed = [f"{t} win" for t in TEAMS] + ["draw", "tie-breaker", "turns", "steps"]
    return (fixed.index(measure), "") if measure in fixed else (len(fixed), measure)


def _mean(values: list) -> float:
    return sum(values) / len(values) if values else 0.0


def holm(p_values) -> list:
    """Holm's step-down adjustment: each p-value made valid for the whole family."""
    p_values = list(p_values)
    order = sorted(range(len(p_values)), key=p_values.__getitem__)
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
