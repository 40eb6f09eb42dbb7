"""Shared Hypothesis strategies: games and reachable states."""

import random

from hypothesis import strategies as st

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game

RULES = load_ruleset("standard")

players = st.integers(min_value=2, max_value=9)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def states(draw, rules=RULES, max_steps=60):
    """A state reached by random legal play from a random setup."""
    n = draw(players)
    seed = draw(seeds)
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    rnd = random.Random(draw(seeds))
    s = new_game(rules, n, seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        la = legal_actions(s)
        s = apply_action(s, la[rnd.randrange(len(la))])
    return s
