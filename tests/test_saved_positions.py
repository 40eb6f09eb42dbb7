"""Every position a game passes through is one a save can hold: random games under every
bundled ruleset and every rules file of docs/examples, on every engine installed, where
each intermediate position - halfway through a card, a vote or a kit program, its paused
frames included - passes the position checks and comes back equal from to_json/from_json.

A save is trusted with nothing (see game/paused.py), so a position the engine itself
reaches and then refuses to load is an engine bug: the Kraken's after_reveal frame once
held the Letter of Marque's names (found by ``lint --play``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tortuga_rules import (GameState, apply_action, bundled_rulesets, legal_actions,
                           load_ruleset, new_game)
from tortuga_rules.game.invariants import problems
from tortuga_rules.lawyer.lint import lint_paths
from tortuga_rules.errors import TortugaError
from tortuga_rules.lawyer.playtest import configurations, engines, on_engine

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

#: The bundled rulesets by name; the examples' rules files by path.
BUNDLED = list(bundled_rulesets())
EXAMPLE_RULES = [str(p) for p in lint_paths([EXAMPLES]).playable]

#: Decisions one game may take here (a game still going then is left, not failed).
STEPS = 600


def _counts(rules) -> list[int]:
    """The fewest, a middle and the most players the rules allow."""
    low, high = rules.min_players, rules.max_players
    return sorted({low, (low + high) // 2, high})


def _walk(rules, players: int, seed: int) -> int:
    """A random game checked at every position; how many positions were checked."""
    rng = random.Random(seed)
    s = new_game(rules, players, seed=seed)
    for step in range(STEPS):
        where = f"{players} players, seed {seed}, after step {step}"
        assert problems(s) == [], where
        assert GameState.from_json(s.to_json(), rules) == s, where
        if s.decision is None:
            return step + 1
        s = apply_action(s, rng.choice(legal_actions(s)), seat=s.decision.seat)
    return STEPS


def _tables(spec: str, engine: str, games: int, options: bool) -> int:
    """``games`` random games per table - the fewest, middle and most players, and with
    ``options`` the most with each option at its extremes, as ``lint --play`` plays -
    walked on ``engine``; how many positions were checked."""
    base = load_ruleset(spec)
    checked = 0
    with on_engine(engine):
        for config in configurations(base, _counts(base), (engine,)):
            if config.options and not options:
                continue
            try:
                rules = load_ruleset(spec, options=dict(config.options)) if config.options \
                    else base
            except TortugaError:  # an option's extreme the rest of the rules cannot take
                continue
            checked += sum(_walk(rules, config.players, seed) for seed in range(games))
    return checked


def test_the_examples_have_rules_to_play():
    """The docs' examples are found (the Kraken house rule, No Thanks! and its variant)."""
    names = {Path(p).name for p in EXAMPLE_RULES}
    assert {"kraken.yaml", "no-thanks.yaml", "seven-chips.yaml"} <= names


@pytest.mark.parametrize("engine", engines())
@pytest.mark.parametrize("spec", BUNDLED)
def test_every_position_of_a_bundled_ruleset_loads_back_equal_and_passes_its_checks(spec,
                                                                                    engine):
    """Two random games at the fewest, middle and most players: after every step the
    position passes its checks and a save of it loads back equal, paused programs and all
    (the options' extremes too under ``pytest -m slow``)."""
    assert _tables(spec, engine, 2, options=False) > 0


@pytest.mark.parametrize("engine", engines())
@pytest.mark.parametrize("spec", EXAMPLE_RULES, ids=lambda s: Path(s).stem)
def test_every_position_of_an_example_loads_back_equal_and_passes_its_checks(spec, engine):
    """The docs' examples, which authors copy, are walked deeper: five random games per
    table, the options' extremes included (the Kraken's after_reveal bug is met at 2
    players, seed 3)."""
    assert _tables(spec, engine, 5, options=True) > 0


@pytest.mark.slow
@pytest.mark.parametrize("engine", engines())
@pytest.mark.parametrize("spec", BUNDLED + EXAMPLE_RULES, ids=lambda s: Path(s).stem)
def test_every_position_of_many_games_loads_back_equal_and_passes_its_checks(spec, engine):
    """Twenty random games per table, options' extremes included (opt in: pytest -m slow)."""
    assert _tables(spec, engine, 20, options=True) > 0


def _alike(rules, players: int, seed: int) -> int:
    """A random game stepped on both engines at once, equal after every step (paused
    frames included); how many steps it took."""
    rng = random.Random(seed)
    with on_engine("python"):
        reference = new_game(rules, players, seed=seed)
    with on_engine("native"):
        state = new_game(rules, players, seed=seed)
    for step in range(STEPS):
        where = f"{players} players, seed {seed}, after step {step}"
        assert state.to_data() == reference.to_data(), where
        if reference.decision is None:
            return step
        action = rng.choice(legal_actions(reference))
        with on_engine("python"):
            reference = apply_action(reference, action, seat=reference.decision.seat)
        with on_engine("native"):
            state = apply_action(state, action, seat=state.decision.seat)
    return STEPS


@pytest.mark.native
@pytest.mark.parametrize("spec", EXAMPLE_RULES, ids=lambda s: Path(s).stem)
def test_the_examples_play_alike_on_both_engines(spec):
    """The docs' examples at every table ``lint --play`` plays them: the native engine's
    positions are the reference's after every step (the reference's Kraken once kept the
    Letter of Marque's names in its after_reveal frame, and the native engine did not);
    the bundled rulesets are held alike by tests/test_native.py."""
    base = load_ruleset(spec)
    for config in configurations(base, None, ("python",)):
        rules = load_ruleset(spec, options=dict(config.options)) if config.options else base
        assert sum(_alike(rules, config.players, seed) for seed in range(3)) > 0


@pytest.mark.parametrize("engine", engines())
def test_a_vote_saved_before_votes_kept_their_place_is_held_where_its_caller_stands(engine):
    """A save made while an Atlantis owner is asked about an Attack, from before a vote kept
    the place it was called at (its paused ``open-vote`` has no ``place``), still loads,
    and the vote is held where its caller stands, on every engine; saved now, the vote
    keeps its ship."""
    from tortuga_rules.lawyer.scenario import load_scenario
    scenario = load_scenario(str(Path(__file__).resolve().parent / "scenarios"
                                 / "first-edition-atlantis-into-a-vote.yaml"))
    rules, state = scenario.rules, scenario.start
    with on_engine(engine):
        state = apply_action(state, scenario.steps[0].action, seat=0)
        data = state.to_data()
        opening = [f for f in data["frames"] if f["program"] == "builtin:open-vote"]
        assert [dict(f["env"])["place"] for f in opening] == ["flying_dutchman"]
        for f in opening:
            f["env"] = [pair for pair in f["env"] if pair[0] != "place"]
        old = GameState.from_data(data, rules)
        join = next(a for a in legal_actions(old) if a.args == (("answer", "join"),))
        after = apply_action(old, join, seat=3).to_data()["vote"]
    assert (after["place"], after["participants"]) == ("flying_dutchman", [0, 1, 3])
