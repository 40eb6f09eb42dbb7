"""Every bundled variant plays random games with the core's invariants at every step.

The default run plays a handful of games per player count; ``pytest -m slow`` plays
thousands (a soak run, outside CI's time budget).
"""

import random

import pytest

from tortuga_rules import (GameState, apply_action, bundled_rulesets, legal_actions,
                           load_ruleset, new_game)
from tortuga_rules.game.invariants import problems


def soak(spec, games_per_count, seed=0):
    rules = load_ruleset(spec)
    rnd = random.Random(seed)
    played = 0
    for players in range(rules.min_players, rules.max_players + 1):
        for g in range(games_per_count):
            s = new_game(rules, players, seed * 100_000 + players * 1000 + g)
            for _ in range(5000):
                assert problems(s) == [], (spec, players, g)
                if s.is_terminal:
                    break
                actions = legal_actions(s)
                assert actions
                s = apply_action(s, actions[rnd.randrange(len(actions))])
            else:
                raise AssertionError(f"{spec}: a game did not end")
            assert GameState.from_json(s.to_json(), rules) == s
            played += 1
    return played


@pytest.mark.parametrize("spec", bundled_rulesets())
def test_variant_keeps_the_invariants(spec):
    """A few random games per player count under each bundled variant."""
    assert soak(spec, 4) > 0


@pytest.mark.slow
@pytest.mark.parametrize("spec", bundled_rulesets())
def test_variant_soak_thousands_of_games(spec):
    """Thousands of random games per variant (opt in: pytest -m slow)."""
    assert soak(spec, 250, seed=1) >= 1000
