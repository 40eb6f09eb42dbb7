"""The search player's iterations in the native engine walk the reference's tree.

``IsmctsBot`` hands its iterations to the native engine (``NativeSearch``,
``native/src/py/search.rs``) where it can; its own walk in Python
(``IsmctsBot._iterate``) is the reference. Both run here on the native engine from the
same positions of random games with the same seed - the native one as the bot runs it, the
Python one forced by the bot's internal switch ``_native_walk`` - and must end with the
same decision, the same statistics at the root (visits, availability and total of each
legal action's child) and the bot's generator in the same state (the same draws, in the
same order).

These tests need the native build; they are marked ``native`` (``pytest -m native``).
"""

from __future__ import annotations

import random

import pytest
from helpers import tiny_kit

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.bots.ismcts import IsmctsBot
from tortuga_rules.bots.knowledge import Knowledge
from tortuga_rules.errors import RulesError
from tortuga_rules.game import native

pytestmark = pytest.mark.native


def _positions(rules, players: int, count: int) -> list:
    """``count`` positions of seeded random games where the seat to move has a choice."""
    out, seed = [], 0
    while len(out) < count:
        rnd = random.Random(seed)
        state = new_game(rules, players, seed)
        for _ in range(3 + seed % 25):
            legal = legal_actions(state)
            if not legal:
                break
            state = apply_action(state, rnd.choice(legal))
        if state.outcome is None and len(legal_actions(state)) > 1:
            out.append(Knowledge.of(state, state.current_player))
        seed += 1
    return out


def _decide(knowledge: Knowledge, walk_natively: bool, **options) -> tuple:
    """A fresh bot's decision, root statistics and generator state after deciding, its
    iterations walked natively or in Python."""
    bot = IsmctsBot(**options)
    bot._native_walk = walk_natively
    action, stats = bot._decide(knowledge)
    return action, stats, bot._random.getstate()


@pytest.mark.parametrize("ruleset,players,count", [
    ("standard", 5, 16), ("standard", 3, 10), ("first-edition", 6, 6), ("tortuga-dice", 3, 12)])
def test_the_native_walk_decides_and_counts_as_the_python_walk(ruleset, players, count):
    """Over positions of random games of Tortuga 1667 (5, 3 and 6 players) and the dice
    game (3): the same action, the same root statistics, the same draws."""
    rules = load_ruleset(ruleset)
    for i, knowledge in enumerate(_positions(rules, players, count)):
        options = {"seed": i, "iterations": 60}
        native_walk = _decide(knowledge, True, **options)
        assert native_walk == _decide(knowledge, False, **options), (ruleset, i)
        assert sum(s is not None for s in native_walk[1]) > 1  # a search took place


@pytest.mark.parametrize("options", [
    {"prior": 0.0, "c": 1.4, "depth": 5}, {"prior": 3.0, "c": 0.0, "depth": 60},
    {"iterations": 150, "depth": 0}])
@pytest.mark.parametrize("ruleset,players", [("standard", 4), ("tortuga-dice", 3)])
def test_the_native_walk_follows_the_python_walk_with_any_settings(ruleset, players, options):
    """No prior (the root starts empty), another UCB constant, no playout at all, more
    iterations than actions: still the same decision, statistics and draws."""
    rules = load_ruleset(ruleset)
    for i, knowledge in enumerate(_positions(rules, players, 4)):
        options = {"seed": 7 + i, "iterations": 40, **options}
        assert _decide(knowledge, True, **options) == _decide(knowledge, False, **options)


def test_the_bot_hands_its_iterations_to_the_native_engine_where_it_can(monkeypatch):
    """With the native engine the iterations are one native search (also under a CPU time
    budget); on the reference engine, or switched off, they stay in Python."""
    made = []
    search = native.search
    monkeypatch.setattr(native, "search", lambda *a: made.append(search(*a)) or made[-1])
    knowledge = _positions(load_ruleset("tortuga-dice"), 3, 1)[0]
    legal = knowledge.legal_actions()
    assert IsmctsBot(seed=1, iterations=20).choose(knowledge) in legal
    assert len(made) == 1 and len(made[0]) > 1
    assert IsmctsBot(seed=1, ms=5).choose(knowledge) in legal
    assert len(made) == 2 and len(made[1]) > 1
    IsmctsBot(seed=1, iterations=20, engine="python").choose(knowledge)
    off = IsmctsBot(seed=1, iterations=20)
    off._native_walk = False
    off.choose(knowledge)
    assert len(made) == 2


@pytest.mark.parametrize("ruleset,players", [
    ("standard", 5), ("standard", 3), ("first-edition", 6), ("tortuga-dice", 3)])
def test_the_native_sampler_draws_the_worlds_of_native_sample(ruleset, players):
    """A game's native sampler (``GameKind.native_sampler``) draws, from the same seed, the
    world its Python ``native_sample`` draws - field for field, with the same sides - for
    every seat of positions of random games."""
    rules = load_ruleset(ruleset)
    kind = rules.game
    for i, knowledge in enumerate(_positions(rules, players, 6)):
        real = knowledge.native_position()
        for seat in range(real.players):
            sampler = native.sampler(kind.native_sampler(rules, seat))
            seeds = random.Random(i * 10 + seat)
            for seed in [seeds.getrandbits(63) for _ in range(8)] + [0, 1, 2**63 - 1]:
                world, sides = kind.native_sample(real, rules, seat, native.generator(seed))
                drawn, drawn_sides = sampler.draw(real, seed)
                assert drawn.fields() == world.fields(), (ruleset, i, seat, seed)
                assert tuple(drawn_sides) == sides


@pytest.mark.parametrize("ruleset,players", [("standard", 5), ("tortuga-dice", 3)])
def test_the_native_search_draws_its_worlds_with_the_native_sampler(ruleset, players,
                                                                    monkeypatch):
    """The bot hands the game's native sampler to the native search, which then never
    calls into Python for a world; a search drawing them through ``native_sample``
    instead ends with the same tree and the same generator state."""
    handed = []
    search = native.search

    def refused(seed: int) -> tuple:
        raise AssertionError("a world drawn through Python")

    def spy(real, me, rnd, sample, judge, policy, depth, c, prior, drawn=None):
        handed.append((real, me, rnd.getstate(), sample, judge, policy, depth, c, prior, drawn))
        return search(real, me, rnd, refused, judge, policy, depth, c, prior, drawn)

    monkeypatch.setattr(native, "search", spy)
    for i, knowledge in enumerate(_positions(load_ruleset(ruleset), players, 3)):
        bot = IsmctsBot(seed=i, iterations=30)
        bot.choose(knowledge)
        real, me, state, sample, judge, policy, depth, c, prior, drawn = handed[-1]
        assert type(drawn).__name__ == "NativeSampler"
        runs = []
        for sampler in (drawn, None):
            rnd = native.generator(0)
            rnd.setstate(state)
            s = search(real, me, rnd, sample, judge, policy, depth, c, prior, sampler)
            s.run(30)
            runs.append((s.root(), len(s), rnd.getstate()))
        assert runs[0] == runs[1]
        assert runs[0][2] == bot._random.getstate()


def test_a_failing_house_rule_fails_the_same_under_either_walk():
    """A house rule whose step fails inside a search: the engine's located RulesError,
    the same from the native walk as from the Python one (never a Rust panic)."""
    rules = tiny_kit("choose c from [1, 2] by 0\nx = [1, 2][5]")
    knowledge = Knowledge.of(new_game(rules, 2, 1), 0)
    errors = []
    for walk_natively in (True, False):
        with pytest.raises(RulesError) as info:
            _decide(knowledge, walk_natively, seed=1, iterations=10, prior=0.0)
        errors.append(str(info.value))
    assert errors[0] == errors[1]
    assert "tiny.yaml" in errors[0]
