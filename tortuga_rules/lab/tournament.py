"""Tournaments: bots of different kinds at the same tables, each kind's win rate as its team.

Game *g* seats the kinds in turn, starting one seat further each game (so each kind
sits everywhere and meets every loyalty equally often); the game's setup seed and each
bot's seed come from the tournament's seed. A seat wins when its team wins. Each kind's
rate is over its seats, with a Wilson interval; a kind beats another when the mean
per-game difference of their seats' win rates is above zero with 95% confidence (the
game is the unit: seats of one game are not independent).
"""

from __future__ import annotations

import itertools
import random

import attrs

from .games import Table
from .stats import paired_difference, wilson

__all__ = ["Tournament", "tables", "game_seed"]


def game_seed(seed: int, game: int, players: int | None = None) -> int:
    """The setup seed of game ``game`` (at ``players`` players, in a simulation) of a run
    seeded ``seed``; stable across versions, so recorded seeds stay reproducible."""
    key = f"{seed}:{game}" if players is None else f"{seed}:{players}p:{game}"
    return random.Random(f"tortuga-rules:{key}").getrandbits(63)


def tables(kinds, *, games: int, players: int, seed: int, ruleset="standard",
           variants=(), options=()) -> list:
    """The tables of a tournament between ``kinds`` (bot specs)."""
    kinds = list(kinds)
    return [Table(ruleset, tuple(variants), tuple(options), players, game_seed(seed, g),
                  tuple(kinds[(i + g) % len(kinds)] for i in range(players)))
            for g in range(games)]


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

    @classmethod
    def from_results(cls, kinds, tables_, results, seed: int) -> "Tournament":
        kinds = tuple(dict.fromkeys(kinds))
        hits = dict.fromkeys(kinds, 0)
        seats = dict.fromkeys(kinds, 0)
        per_game = []
        for table, result in zip(tables_, results):
            mine: dict = {}
            for spec, won in zip(table.bots, result.won):
                hits[spec] += won
                seats[spec] += 1
                mine.setdefault(spec, []).append(won)
            per_game.append({k: sum(v) / len(v) for k, v in mine.items()})
        rates = {k: wilson(hits[k], seats[k]) for k in kinds}
        differences = {(a, b): paired_difference(g[a] - g[b] for g in per_game
                                                 if a in g and b in g)
                       for a, b in itertools.combinations(kinds, 2)}
        players = tables_[0].players if tables_ else 0
        return cls(kinds, players, len(results), seed, rates, differences)

    def verdicts(self) -> list:
        """One sentence per pair of kinds: who beats whom, or that neither does."""
        out = []
        for (a, b), d in self.differences.items():
            span = f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}], {_p(d.p)}"
            if d.significant:
                win, lose = (a, b) if d.mean > 0 else (b, a)
                out.append(f"{win} beats {lose} with 95% confidence: win rate difference {span}")
            else:
                out.append(f"no significant difference between {a} and {b}: {span}")
        return out

    def to_data(self) -> dict:
        return {"kinds": list(self.kinds), "players": self.players, "games": self.games,
                "seed": self.seed,
                "win_rates": {k: r.to_data() for k, r in self.rates.items()},
                "differences": [{"first": a, "second": b, **d.to_data()}
                                for (a, b), d in self.differences.items()],
                "verdicts": self.verdicts()}


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"

