"""Tournaments: bots of different kinds at the same tables, each kind's win rate as its side's.

Game *g* seats the kinds in turn, starting one seat further each game (so each kind
sits everywhere and meets every side equally often); the game's setup seed and each
bot's seed come from the tournament's seed. A seat wins when its side wins alone (a
draw is nobody's win). Each kind's rate is over its seats, with a Wilson interval; a
kind beats another when the mean per-game difference of their seats' win rates is above
zero with 95% confidence (the game is the unit: seats of one game are not independent)
- with three kinds or more, after Holm's adjustment over the pairs. Each kind's Elo
rating (the first kind given at 0) comes with a 95% bootstrap interval (:mod:`.elo`).
"""

from __future__ import annotations

import itertools
import random
from typing import Iterator

import attrs

from .elo import Ratings
from .games import Table
from .stats import Difference, Sums, holm, wilson

__all__ = ["Tournament", "tables", "game_seed"]


def game_seed(seed: int, game: int, players: int | None = None) -> int:
    """The setup seed of game ``game`` (at ``players`` players, in a simulation) of a run
    seeded ``seed``; stable across versions, so recorded seeds stay reproducible."""
    key = f"{seed}:{game}" if players is None else f"{seed}:{players}p:{game}"
    return random.Random(f"tortuga-rules:{key}").getrandbits(63)


def tables(kinds, *, games: int, players: int, seed: int, ruleset="standard",
           variants=(), options=()) -> Iterator[Table]:
    """The tables of a tournament between ``kinds`` (bot specs), made as they are needed."""
    kinds = list(kinds)
    for g in range(games):
        yield Table(ruleset, tuple(variants), tuple(options), players, game_seed(seed, g),
                    tuple(kinds[(i + g) % len(kinds)] for i in range(players)))


#: The least common multiple of 1..9: a kind's share of a game's wins times this is whole.
SHARES = 2520


@attrs.frozen
class Tournament:
    """The results of a tournament: per kind a :class:`~tortuga_rules.lab.stats.Rate`, per
    pair a :class:`~tortuga_rules.lab.stats.Difference`."""

    kinds: tuple
    players: int
    games: int
    seed: int
    rates: dict  # kind -> Rate
    differences: dict  # (kind, kind) -> Difference: first minus second
    #: games that had no single winner (draws and unfinished games)
    undecided: int = 0
    #: each kind's Elo (the first kind at 0) with bootstrap intervals (:mod:`.elo`)
    elo: Ratings | None = None

    @classmethod
    def from_results(cls, kinds, results, seed: int) -> "Tournament":
        """The tournament of ``results``: ``(table, result)`` pairs in any order."""
        kinds = tuple(dict.fromkeys(kinds))
        hits = dict.fromkeys(kinds, 0)
        seats = dict.fromkeys(kinds, 0)
        pairs = list(itertools.combinations(kinds, 2))
        sums = {pair: Sums() for pair in pairs}
        games = players = undecided = 0
        played = []  # (bots by seat, won by seat), for the ratings
        for table, result in results:
            played.append((table.bots, result.won))
            games, players = games + 1, table.players
            undecided += not any(result.won)
            won: dict = {}
            for spec, w in zip(table.bots, result.won):
                hits[spec] += w
                seats[spec] += 1
                won.setdefault(spec, []).append(w)
            share = {k: SHARES * sum(v) // len(v) for k, v in won.items()}
            for a, b in pairs:
                if a in share and b in share:
                    sums[a, b].add(share[a] - share[b])
        rates = {k: wilson(hits[k], seats[k]) for k in kinds}
        differences = {pair: sums[pair].difference(parts=SHARES) for pair in pairs}
        return cls(kinds, players, games, seed, rates, differences, undecided,
                   Ratings.of(kinds, played, seed))

    def warnings(self) -> list:
        """What makes the win rates meaningless: no game with a single winner."""
        if self.games and self.undecided == self.games:
            return [f"no game had a single winner ({self.games}/{self.games} draws or "
                    f"unfinished): the win rates say nothing"]
        return []

    def adjusted(self) -> dict:
        """Each pair's p-value adjusted by Holm's method over all pairs (with three kinds
        or more, three claims or more are tested at once); as is with two kinds."""
        return dict(zip(self.differences, holm(d.p for d in self.differences.values())))

    def verdicts(self) -> list:
        """One sentence per pair of kinds: who beats whom, or that neither does."""
        out = []
        adjusted = self.adjusted()
        for (a, b), d in self.differences.items():
            if d.mean < 0:  # say it from the side of the kind ahead
                a, b = b, a
                d = Difference(-d.mean, -d.high, -d.low, d.p, d.n)
                adjusted[a, b] = adjusted[b, a]
            span = f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}], {_p(d.p)}"
            if len(adjusted) > 1:
                span += f", Holm-adjusted {_p(adjusted[a, b])}"
            if d.significant and adjusted[a, b] < 0.05:
                out.append(f"{a} beats {b} with 95% confidence: win rate difference {span}")
            else:
                out.append(f"no significant difference between {a} and {b}: {span}")
        return out

    def to_data(self) -> dict:
        return {"kinds": list(self.kinds), "players": self.players, "games": self.games,
                "seed": self.seed,
                "win_rates": {k: r.to_data() for k, r in self.rates.items()},
                "differences": [{"first": a, "second": b, **d.to_data(),
                                 "p_holm": self.adjusted()[a, b]}
                                for (a, b), d in self.differences.items()],
                "verdicts": self.verdicts(), "warnings": self.warnings(),
                "elo": None if self.elo is None else self.elo.to_data()}


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"

