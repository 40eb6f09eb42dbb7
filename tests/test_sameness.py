"""Every way of playing gives the same game: the public API (with and without its log),
rollouts (by action and by number), the legal-action memo, and the pure-Python and
compiled builds.

In one process, seeded random games are played through all paths in lockstep and
compared at every step: legal actions, states and cited logs. Across builds, a digest
of every game (each action, each state's JSON - the log and the random generator
included) is pinned in ``tests/golden/trajectories.json``: CI runs this suite on the
pure-Python package and on the compiled one (``TORTUGA_RULES_COMPILE=1``), and each must
reproduce the digests exactly. If a change of the rules data or the engine alters
games on purpose, regenerate with ``TORTUGA_REGENERATE_GOLDEN=1 pytest
tests/test_sameness.py`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import pytest
from helpers import state_fields

from tortuga_rules import (COMPILED, Rollout, apply_action, legal_actions, load_ruleset,
                           new_game)

GOLDEN = Path(__file__).resolve().parent / "golden" / "trajectories.json"
RULESETS = ["standard", "first-edition", "intermediate", "standard+madness",
            "open-loyalty:one-each"]
GAMES = 60  # per ruleset; player counts cycle through the ruleset's range


def _games(rules, count):
    low, high = rules.min_players, rules.max_players
    for seed in range(count):
        yield low + seed % (high - low + 1), seed


def _lockstep(rules, players, seed, digest) -> int:
    """Play one seeded game through every path at once, comparing each step; its length."""
    rnd = random.Random(seed)
    s = q = new_game(rules, players, seed)
    quiet, recording, numbered = Rollout(s), Rollout(s, record=True), Rollout(s)
    digest.update(s.to_json().encode())
    steps = 0
    while not s.is_terminal:
        la = legal_actions(s)
        assert legal_actions(q) == la and quiet.legal_actions() == la
        assert recording.legal_actions() == la and quiet.current_player == s.current_player
        assert numbered.legal_count() == len(la)
        at = rnd.randrange(len(la))
        a = la[at]
        s, q = apply_action(s, a), apply_action(q, a, record=False)
        quiet.apply(a)
        numbered.apply_index(at)
        recording.apply(a)
        assert state_fields(recording.state()) == state_fields(s)
        assert state_fields(quiet.state(), with_log=False) == state_fields(s, with_log=False)
        assert state_fields(numbered.state(), with_log=False) == state_fields(s, with_log=False)
        assert state_fields(q, with_log=False) == state_fields(s, with_log=False) and q.events == ()
        digest.update(a.to_json().encode())
        digest.update(s.to_json().encode())
        steps += 1
    assert quiet.is_terminal and quiet.outcome == s.outcome == q.outcome == numbered.outcome
    assert numbered.legal_count() == 0
    return steps


def _trajectories(ruleset: str) -> dict:
    rules = load_ruleset(ruleset)
    digest = hashlib.sha256()
    steps = sum(_lockstep(rules, players, seed, digest) for players, seed in _games(rules, GAMES))
    return {"games": GAMES, "steps": steps, "sha256": digest.hexdigest()}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_path_plays_the_same_games_as_the_pinned_trajectories(ruleset):
    """API, quiet API and rollouts agree at every step, and the games match their digest."""
    got = _trajectories(ruleset)
    pinned = json.loads(GOLDEN.read_text(encoding="utf-8"))
    if os.environ.get("TORTUGA_REGENERATE_GOLDEN") == "1":
        pinned[ruleset] = got
        GOLDEN.write_text(json.dumps(pinned, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    build = "compiled" if COMPILED else "pure Python"
    assert got == pinned[ruleset], f"{ruleset}: the {build} build plays other games"


def _from_scratch(state) -> tuple:
    """``legal_actions`` with every remembered option and precondition forgotten first."""
    rules = state.rules
    rules.memo.clear()
    for act in rules.actions:
        act.cache.clear()
        act.allowed.clear()
    return legal_actions(state._evolve())


@pytest.mark.parametrize("ruleset", ["standard", "first-edition"])
def test_remembered_legal_actions_equal_those_computed_from_scratch(ruleset):
    """The memo is keyed by exactly what the options depend on: it never answers wrongly."""
    rules = load_ruleset(ruleset)
    trail = []
    for players, seed in _games(rules, 30):
        rnd = random.Random(seed)
        s = new_game(rules, players, seed)
        while not s.is_terminal:
            trail.append(s)
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
    remembered = [legal_actions(old._evolve()) for old in trail]  # from a memo warm with all
    for old, warm in zip(trail, remembered):
        assert warm == _from_scratch(old)


def test_the_build_under_test_is_the_one_asked_for():
    """CI names the build it installed; the suite must really be running that one."""
    from tortuga_rules.game import native

    wanted = os.environ.get("TORTUGA_RULES_EXPECT_BUILD")
    if wanted is None:
        assert isinstance(COMPILED, bool)
    else:
        assert wanted in ("pure", "compiled", "native") and COMPILED == (wanted == "compiled")
        assert native.built() == (wanted == "native")
        assert (native.engine() == "native") == (wanted == "native")
    if not native.built():
        assert native.why_python(load_ruleset("tortuga-dice")) == "the native engine is not built"
        assert native.describe() == "python (the native engine is not built)"
