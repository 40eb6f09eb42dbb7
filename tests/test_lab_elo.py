"""Elo ratings of bots from many-player games: the fit recovers known strengths, a bot's
result is its team's, and ``tournament`` prints each kind's Elo with an interval."""

from __future__ import annotations

import math
import random

from tortuga_rules.cli import main
from tortuga_rules.lab.elo import Ratings, decided_pairs, fit


def _games(strengths: dict, n: int, seed: int) -> list:
    """``n`` two-seat games between kinds of known Elo ``strengths`` (each game's winner
    drawn by the Elo formula)."""
    rnd = random.Random(seed)
    kinds = list(strengths)
    out = []
    for g in range(n):
        a, b = kinds[g % len(kinds)], kinds[(g + 1 + g // len(kinds)) % len(kinds)]
        if a == b:
            continue
        p = 1 / (1 + 10 ** ((strengths[b] - strengths[a]) / 400))
        first = rnd.random() < p
        out.append(((a, b), (first, not first)))
    return out


def test_the_fit_recovers_known_elo_gaps_within_its_intervals():
    """Games drawn from kinds 0, 200 and 350 Elo apart are fitted back close to those
    ratings, each inside its 95% bootstrap interval, the gaps too."""
    truth = {"weak": 0.0, "middle": 200.0, "strong": 350.0}
    ratings = Ratings.of(truth, _games(truth, 3000, 7), samples=200)
    for kind, want in truth.items():
        r = ratings.ratings[kind]
        assert r.low <= want <= r.high and abs(r.elo - want) < 60, (kind, r)
    gap = ratings.gaps["middle", "strong"]
    assert gap.low <= 150 <= gap.high


def test_a_bots_result_is_its_teams_and_teammates_are_not_compared():
    """Winners beat each seat of the losing teams; seats that won or lost together, and
    seats of one kind, are no pair."""
    pairs = decided_pairs(("a", "b", "a", "c"), (True, True, False, False))
    assert sorted(pairs) == [("a", "c"), ("b", "a"), ("b", "c")]
    assert decided_pairs(("a", "b"), (False, False)) == ()


def test_a_kind_that_never_lost_still_gets_a_finite_rating():
    """Half a win each way keeps the fit finite when one kind won every game."""
    elo = fit(("a", "b"), [(("b", "a"),)] * 20)
    assert elo["a"] == 0 and math.isfinite(elo["b"]) and elo["b"] > 300


def test_tournament_prints_each_kinds_elo_with_an_interval(capsys):
    """``tournament`` ends its table with each kind's Elo (the first given at 0), its
    interval and the gap between kinds given one after another."""
    assert main(["tournament", "random", "heuristic", "--games", "6", "--players", "4",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Elo" in out and "random = 0" in out
    assert "heuristic - random:" in out
