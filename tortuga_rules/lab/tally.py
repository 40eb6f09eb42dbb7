"""Tallies of many games at one player count, and what they show.

A :class:`Tally` only adds up counts (games won by each side, endings, histograms of
lengths, games revealing each card), so it comes out the same in whatever order the
games finish - the reason a simulation's results do not depend on its number of workers.
:meth:`Tally.summary` turns the counts into rates with 95% Wilson intervals and
:class:`Distribution` summaries of game length.
"""

from __future__ import annotations

import collections
import math
from collections.abc import Iterable, Sequence

import attrs

from .games import Result
from .stats import Z95, Rate, wilson

__all__ = ["Tally", "Distribution", "ordered_sides", "no_winner"]


def ordered_sides(sides: Iterable[str], order: Sequence[str] = ()) -> list[str]:
    """The sides seen, in report order: those of ``order`` (the game's ``GameKind.sides``:
    Tortuga 1667's teams) first, then the others (a game of scores groups seats: ``seat
    1``, ``seat 2``, ...) sorted."""
    seen = set(sides)
    return [t for t in order if t in seen] + sorted(seen - set(order))


@attrs.frozen
class Distribution:
    """A whole-number measure over games: mean with its 95% interval, spread, quantiles
    and the histogram itself (value -> games)."""

    counts: tuple  # (value, games) pairs, by value

    @classmethod
    def of(cls, counter) -> "Distribution":
        return cls(tuple(sorted(counter.items())))

    @property
    def n(self) -> int:
        return sum(c for _, c in self.counts)

    @property
    def mean(self) -> float:
        n = self.n
        return sum(v * c for v, c in self.counts) / n if n else math.nan

    @property
    def sd(self) -> float:
        n = self.n
        if n < 2:
            return 0.0
        mean = self.mean
        return math.sqrt(sum(c * (v - mean) ** 2 for v, c in self.counts) / (n - 1))

    def quantile(self, q: float) -> float:
        """The smallest value with at least ``q`` of the games at or below it."""
        need, seen = q * self.n, 0
        for value, count in self.counts:
            seen += count
            if seen >= need:
                return value
        return math.nan

    def to_data(self) -> dict:
        n = self.n
        half = Z95 * self.sd / math.sqrt(n) if n else math.nan
        return {"n": n, "mean": self.mean, "low": self.mean - half, "high": self.mean + half,
                "sd": self.sd, "min": self.quantile(0), "p10": self.quantile(0.1),
                "median": self.quantile(0.5), "p90": self.quantile(0.9),
                "max": self.quantile(1)}


@attrs.define
class Tally:
    """Counts over the games played at ``players`` players; ``order``: the game's sides in
    report order (``GameKind.sides``)."""

    players: int
    order: tuple[str, ...] = ()
    games: int = 0
    wins: collections.Counter[str] = attrs.Factory(collections.Counter)  # side -> games
    sides: set[str] = attrs.Factory(set)
    draws: int = 0
    unfinished: int = 0
    tiebreaks: int = 0
    endings: collections.Counter = attrs.Factory(collections.Counter)
    turns: collections.Counter = attrs.Factory(collections.Counter)
    steps: collections.Counter = attrs.Factory(collections.Counter)
    reveals: collections.Counter = attrs.Factory(collections.Counter)  # card -> games

    def add(self, result: Result):
        self.games += 1
        self.sides.update(result.sides)
        if len(result.winners) == 1:
            self.wins[result.winners[0]] += 1
        self.draws += result.draw
        self.unfinished += result.reason is None
        self.tiebreaks += result.tiebreak
        self.endings[result.reason or "unfinished"] += 1
        self.turns[result.turns] += 1
        self.steps[result.steps] += 1
        self.reveals.update(set(result.revealed))

    @property
    def teams(self) -> set[str]:
        """Deprecated: :attr:`sides`."""
        return self.sides

    def rate(self, hits: int) -> Rate:
        return wilson(hits, self.games)

    def summary(self) -> dict:
        """Every rate with its interval, the endings, lengths and card reveals."""
        teams = ordered_sides(self.sides, self.order)
        return {
            "players": self.players,
            "games": self.games,
            "win_rates": {t: self.rate(self.wins[t]).to_data() for t in teams},
            "draws": self.rate(self.draws).to_data(),
            "tie_breakers": self.rate(self.tiebreaks).to_data(),
            "unfinished": self.rate(self.unfinished).to_data(),
            "endings": {r: self.rate(n).to_data() for r, n in sorted(self.endings.items())},
            "turns": Distribution.of(self.turns).to_data(),
            "steps": Distribution.of(self.steps).to_data(),
            "revealed": {c: self.rate(n).to_data() for c, n in sorted(self.reveals.items())},
            "warnings": self.warnings(),
        }

    def warnings(self) -> list:
        """What makes the win rates meaningless, in words (none: they mean what they say)."""
        return no_winner(self.games, self.draws, self.unfinished)


def no_winner(games: int, draws: int, unfinished: int) -> list:
    """A warning when ``games`` games had no winner at all: every one a draw, or unfinished
    (a winner table would then claim nothing; the rules may never tell scores apart)."""
    if not games:
        return []
    if draws == games:
        return [f"every game was a draw ({draws}/{games}): the win rates say nothing; do the "
                f"rules ever tell the players apart (finish with equal scores?)"]
    if unfinished == games:
        return [f"no game finished ({games}/{games}): the win rates say nothing"]
    if draws + unfinished == games:
        return [f"no game had one winner ({draws} draws, {unfinished} unfinished of {games}): "
                f"the win rates say nothing"]
    return []
