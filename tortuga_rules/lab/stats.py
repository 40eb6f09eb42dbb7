"""Statistics the lab reports: every rate with an interval, no claim without a test."""

from __future__ import annotations

import math

import attrs

__all__ = ["Rate", "Difference", "Sums", "wilson", "paired_difference", "difference_of_sums",
           "holm", "Z95"]

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


@attrs.frozen
class Rate:
    """``hits`` out of ``n`` with its 95% Wilson score interval ``[low, high]``."""

    hits: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else math.nan

    def to_data(self) -> dict:
        return {"hits": self.hits, "n": self.n, "rate": self.value, "low": self.low,
                "high": self.high}


def wilson(hits: int, n: int, z: float = Z95) -> Rate:
    """The rate ``hits / n`` with its Wilson score interval (good near 0 and 1 too)."""
    if n == 0:
        return Rate(0, 0, 0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Rate(hits, n, max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Difference:
    """A mean difference over independent games with its 95% interval and two-sided
    p-value (normal approximation); ``significant`` when the interval excludes 0."""

    mean: float
    low: float
    high: float
    p: float
    n: int

    @property
    def significant(self) -> bool:
        return self.n > 1 and (self.low > 0 or self.high < 0)

    def to_data(self) -> dict:
        return {"mean": self.mean, "low": self.low, "high": self.high, "p": self.p,
                "n": self.n, "significant": self.significant}


def paired_difference(values) -> Difference:
    """The mean of per-game differences (each game one independent value), with its
    interval. Seats of one game are not independent (team-mates win together), so the
    game, not the seat, is the unit."""
    values = list(values)
    if len(values) == 1:
        return Difference(values[0], -math.inf, math.inf, 1.0, 1)
    return difference_of_sums(len(values), sum(values), sum(v * v for v in values))


def difference_of_sums(n: int, total, squares) -> Difference:
    """:func:`paired_difference` from the count, sum and sum of squares of the per-game
    differences (whole numbers give the same result in any order of adding)."""
    if n < 2:
        return Difference(math.nan, -math.inf, math.inf, 1.0, n)
    mean = total / n
    var = max(0.0, (squares - total * total / n) / (n - 1))
    se = math.sqrt(var / n)
    if se == 0:
        return Difference(mean, mean, mean, 0.0 if mean else 1.0, n)
    p = math.erfc(abs(mean / se) / math.sqrt(2))
    return Difference(mean, mean - Z95 * se, mean + Z95 * se, p, n)


class Sums:
    """Per-game differences added as games finish: their count, sum and sum of squares.
    Whole numbers give the same :class:`Difference` in any order of adding."""

    __slots__ = ("n", "total", "squares")

    def __init__(self):
        self.n = self.total = self.squares = 0

    def add(self, value: int):
        self.n += 1
        self.total += value
        self.squares += value * value

    def difference(self, n: int | None = None, parts: int = 1) -> Difference:
        """The :class:`Difference` of the values added, over ``n`` games if more were
        played (each game not added a difference of 0), the values counted in ``parts``
        of a unit (a share of a game's seats: the values are ``parts`` times too big)."""
        d = difference_of_sums(self.n if n is None else n, self.total, self.squares)
        if parts == 1:
            return d
        return Difference(d.mean / parts, d.low / parts, d.high / parts, d.p, d.n)


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
