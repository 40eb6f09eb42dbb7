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
    ("standard", 5, 16), ("standard", 3, 10), ("standard", 2, 6), ("standard", 9, 6),
    ("first-edition", 6, 6), ("tortuga-dice", 3, 12)])
def test_the_native_walk_decides_and_counts_as_the_python_walk(ruleset, players, count):
    """Over positions of random games of Tortuga 1667 (2 to 9 players; its prior scored
    natively, the Python walk's by ``_root``) and the dice game (3): the same action, the
    same root statistics, the same draws."""
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

    def spy(real, me, rnd, sample, judge, policy, depth, c, prior, drawn=None,
            drawn_prior=None):
        handed.append((real, me, rnd.getstate(), sample, judge, policy, depth, c, prior, drawn,
                       drawn_prior))
        return search(real, me, rnd, refused, judge, policy, depth, c, prior, drawn,
                      drawn_prior)

    monkeypatch.setattr(native, "search", spy)
    for i, knowledge in enumerate(_positions(load_ruleset(ruleset), players, 3)):
        bot = IsmctsBot(seed=i, iterations=30)
        bot.choose(knowledge)
        real, me, state, sample, judge, policy, depth, c, prior, drawn, drawn_prior = handed[-1]
        assert type(drawn).__name__ == "NativeSampler"
        if drawn_prior is not None:  # the same root from totals handed over
            made = search(real, me, native.generator(0), sample, judge, policy, depth, c, None,
                          drawn, drawn_prior)
            prior = (drawn_prior[0], [s[2] for s in made.root()])
        runs = []
        for sampler in (drawn, None):
            rnd = native.generator(0)
            rnd.setstate(state)
            s = search(real, me, rnd, sample, judge, policy, depth, c, prior, sampler)
            s.run(30)
            runs.append((s.root(), len(s), rnd.getstate()))
        assert runs[0] == runs[1]
        assert runs[0][2] == bot._random.getstate()


class _Drawn:
    """A generator whose one draw is ``seed``: the prior's seed chosen."""

    def __init__(self, seed: int):
        self.seed = seed

    def getrandbits(self, k: int) -> int:
        return self.seed


def _native_totals(knowledge: Knowledge, visits: float, seed: int) -> list:
    """The root's totals of a native search whose prior the native engine scored in the
    world of ``seed``."""
    rules, seat = knowledge.rules, knowledge.seat
    kind = rules.game
    sampler = native.sampler(kind.native_sampler(rules, seat))
    search = native.search(knowledge.native_position(), knowledge.side, native.generator(0),
                           None, None, kind.native_playout, 30, 0.7, None, sampler,
                           (visits, seed))
    return [s[2] for s in search.root()]


def _python_totals(knowledge: Knowledge, visits: float, seed: int) -> list:
    """The root's totals as the reference's ``IsmctsBot._root`` makes them from ``seed``."""
    bot = IsmctsBot(prior=visits, engine="python")
    bot._random = _Drawn(seed)
    legal = knowledge.legal_actions()
    mine = bot._root(knowledge, legal, knowledge.side).children[knowledge.side]
    return [mine[a].total for a in legal]


@pytest.mark.parametrize("ruleset,players", [
    *(("standard", n) for n in range(2, 10)), ("first-edition", 4), ("first-edition", 7)])
def test_the_native_prior_totals_equal_the_python_prior(ruleset, players):
    """Tortuga 1667's prior scored natively (``GameKind.native_prior``: the world drawn by
    its native sampler, each legal action scored by the native judge's look-ahead, the
    totals through Rust's ``tanh``) is the reference's ``_root`` float for float - at
    positions of random games of every size, from many seeds, the extremes included."""
    assert native.draws_prior()
    rules = load_ruleset(ruleset)
    assert rules.game.native_prior
    for i, knowledge in enumerate(_positions(rules, players, 8)):
        seeds = random.Random(i)
        for seed in [0, 1, 2**63 - 1] + [seeds.getrandbits(63) for _ in range(5)]:
            for visits in (10.0, 0.3):
                python = _python_totals(knowledge, visits, seed)
                assert _native_totals(knowledge, visits, seed) == python, (i, seed, visits)


def test_the_bot_scores_the_prior_natively_where_the_game_has_one(monkeypatch):
    """Tortuga 1667's root prior is handed to the native search as its seed alone (no
    prior made in Python); the dice game's, from its own heuristic player's choice, as
    totals made in Python."""
    handed = []
    search = native.search

    def spy(*args):
        handed.append(args)
        return search(*args)

    monkeypatch.setattr(native, "search", spy)
    monkeypatch.setattr(IsmctsBot, "_root", lambda *a: pytest.fail("a prior made in Python"))
    knowledge = _positions(load_ruleset("standard"), 5, 1)[0]
    assert IsmctsBot(seed=3, iterations=10).choose(knowledge) in knowledge.legal_actions()
    assert handed[-1][8] is None and handed[-1][10][0] == 10.0
    monkeypatch.undo()
    monkeypatch.setattr(native, "search", spy)
    IsmctsBot(seed=3, iterations=10).choose(_positions(load_ruleset("tortuga-dice"), 3, 1)[0])
    assert len(handed[-1]) == 10 and handed[-1][8] is not None


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
