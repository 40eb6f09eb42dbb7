"""Elo ratings of bots from many-player games, with bootstrap intervals.

A game of *n* seats is read as the pairs of seats it decided: a seat whose side won
beat each seat whose side did not (a bot's result is its side's: teammates, and seats
that lost together, are not compared; a draw compares nobody). Over those pairs a
Bradley-Terry model - ``P(a beats b) = p_a / (p_a + p_b)`` - is fitted by Hunter's (2004)
MM iterations, each pair of kinds starting from half a win each way (so a kind that
never lost still gets a finite rating), and put on the Elo scale
(``400 log10(p_a / p_b)``), the first kind at 0. The pairs of one game are not
independent (one deal decides them all), so the intervals come from the percentile
bootstrap over games: the games are drawn again with replacement and the ratings
refitted, :data:`BOOTSTRAP` times, with a fixed seed.
"""

from __future__ import annotations

import itertools
import math
import random

import attrs

__all__ = ["Rating", "Ratings", "BOOTSTRAP", "decided_pairs", "fit"]

#: How many resampled sets of games the intervals are read from.
BOOTSTRAP = 400
#: The MM iterations' stop: the largest change of a strength, relative.
TOLERANCE = 1e-9


@attrs.frozen
class Rating:
    """One kind's Elo (the first kind at 0) and its 95% bootstrap interval."""

    elo: float
    low: float
    high: float

    def to_data(self) -> dict:
        return {"elo": self.elo, "low": self.low, "high": self.high}


@attrs.frozen
class Ratings:
    """Each kind's :class:`Rating`, and each pair of kinds next to one another's gap
    (the later minus the earlier) with its interval, from ``games`` games."""

    kinds: tuple
    ratings: dict  # kind -> Rating
    gaps: dict  # (lower kind, higher kind) -> Rating of the difference
    games: int

    @classmethod
    def of(cls, kinds, games, seed: int = 1, samples: int = BOOTSTRAP) -> "Ratings":
        """The ratings of ``kinds`` from ``games``: ``(bots by seat, won by seat)`` pairs."""
        kinds = tuple(dict.fromkeys(kinds))
        games = [decided_pairs(bots, won) for bots, won in games]
        point = fit(kinds, games)
        rnd = random.Random(seed)
        drawn = [fit(kinds, [games[rnd.randrange(len(games))] for _ in games])
                 for _ in range(samples if games else 0)]
        ratings = {k: _rating(point[k], [d[k] for d in drawn]) for k in kinds}
        gaps = {(a, b): _rating(point[b] - point[a], [d[b] - d[a] for d in drawn])
                for a, b in zip(kinds, kinds[1:])}
        return cls(kinds, ratings, gaps, len(games))

    def lines(self, width: int) -> list[str]:
        """As text: each kind's Elo with its 95% interval (kinds padded to ``width``), then
        each gap between kinds next to one another."""
        return [*(f"{kind:<{width}}  {r.elo:>+6.0f}  [{r.low:+.0f}, {r.high:+.0f}]"
                  for kind, r in self.ratings.items()),
                *(f"{b} - {a}: {r.elo:+.0f} Elo [{r.low:+.0f}, {r.high:+.0f}]"
                  for (a, b), r in self.gaps.items())]

    def to_data(self) -> dict:
        return {"games": self.games, "anchor": self.kinds[0] if self.kinds else None,
                "elo": {k: r.to_data() for k, r in self.ratings.items()},
                "gaps": [{"lower": a, "higher": b, **r.to_data()}
                         for (a, b), r in self.gaps.items()]}


def decided_pairs(bots, won) -> tuple:
    """The ``(winner's kind, loser's kind)`` pairs one game decided (kinds that differ)."""
    return tuple((bots[i], bots[j]) for i, j in itertools.permutations(range(len(bots)), 2)
                 if won[i] and not won[j] and bots[i] != bots[j])


def fit(kinds: tuple, games) -> dict:
    """Each kind's Elo (the first at 0) fitted to the decided pairs of ``games``."""
    wins = {(a, b): 0.5 for a in kinds for b in kinds if a != b}  # half a win each way
    for pairs in games:
        for pair in pairs:
            wins[pair] += 1.0
    total = {k: sum(wins[k, b] for b in kinds if b != k) for k in kinds}
    strength = dict.fromkeys(kinds, 1.0)
    for _ in range(10_000):
        new = {}
        for k in kinds:
            met = sum((wins[k, b] + wins[b, k]) / (strength[k] + strength[b])
                      for b in kinds if b != k)
            new[k] = total[k] / met if met else 1.0
        scale = sum(new.values()) / len(new)
        new = {k: v / scale for k, v in new.items()}
        done = all(abs(new[k] - strength[k]) <= TOLERANCE * strength[k] for k in kinds)
        strength = new
        if done:
            break
    anchor = strength[kinds[0]] if kinds else 1.0
    return {k: 400 * math.log10(strength[k] / anchor) for k in kinds}


def _rating(value: float, drawn: list) -> Rating:
    """``value`` with the 2.5th and 97.5th percentiles of its bootstrap draws."""
    if not drawn:
        return Rating(value, value, value)
    drawn = sorted(drawn)
    last = len(drawn) - 1
    return Rating(value, drawn[round(0.025 * last)], drawn[round(0.975 * last)])
