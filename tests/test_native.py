"""The native engine plays the same game as the reference, step by step.

Lockstep: a seeded random game is played on the Python engine (``apply_action``) and on
the native engine (``tortuga_rules._native``) together, over every bundled ruleset of both
games, every option value and every player count; after each step the two
states are compared through ``to_data`` with their logs, and so are the options offered.
A house rule that fails, runs over its budget or fixes an impossible draw fails the same
way on both. Rulesets the native engine cannot run fall back to the reference, and say why.

These tests need the native build (``TORTUGA_RULES_NATIVE=1 pip install .``); they are
marked ``native`` and run by ``.ci/run`` on that build (``pytest -m native``).
"""

import os
import random
import sys
import threading

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers import refusals, replaced_word_file, tiny_kit
from strategies import states

from tortuga_rules import (Rollout, apply_action, bundled_rulesets, legal_actions,
                           load_ruleset, new_game, view)
from tortuga_rules.data.sources import RulesText
from tortuga_rules.errors import (ArgumentError, DataError, RiggedError, RulesError,
                                  TortugaError)
from tortuga_rules.model.actions import Action
from tortuga_rules.game import native

pytestmark = pytest.mark.native


def _native_specs() -> list:
    """Every bundled ruleset the native engine runs, with every option value it takes:
    each choice, and each number option's least and greatest (with another number option
    set so that the rules accept it, where they tie the two: the dice game's coin tokens
    add up to 13)."""
    specs = []
    for name in bundled_rulesets():
        rules = load_ruleset(name)
        if native.native_rules(rules) is None:
            continue
        specs.append((name, {}))
        decls = rules.option_decls
        for option, decl in decls.items():
            values = decl.get("choices") or [decl.get("min"), decl.get("max")]
            if decl.get("type") == "boolean":
                values = [not decl.get("default")]
            for value in values:
                if value is not None and value != decl.get("default"):
                    specs.append((name, _playable(name, decls, {option: value})))
    return specs


def _playable(name, decls, options) -> dict:
    """``options``, with one other number option changed if the rules refuse them alone."""
    if _loads(name, options):
        return options
    for other, decl in decls.items():
        if other in options or decl.get("type") != "integer":
            continue
        for value in range(decl["min"], decl["max"] + 1):
            if _loads(name, {**options, other: value}):
                return {**options, other: value}
    raise AssertionError(f"{name}: no playable rules with {options}")


def _loads(name, options) -> bool:
    try:
        load_ruleset(name, options=options)
    except DataError:
        return False
    return True


def _rules(name, options):
    return load_ruleset(name, options=options or None)


def _same(state, game, rules, *, events=True):
    """The native game is at ``state``: the same data, and the same log."""
    mine = native.state_of(game, rules)
    want, got = state.to_data(), mine.to_data()
    if not events:
        want.pop("events")
        got.pop("events")
    assert got == want
    assert mine.events == state.events or not events


def _on_the_reference():
    """Within: the public API plays on the reference engine (``TORTUGA_RULES_ENGINE``)."""
    return native.on_engine("python")


def _reference_step(state, action, **how):
    """``apply_action`` on the reference engine (on this build the public API plays
    natively)."""
    with _on_the_reference():
        after = apply_action(state, action, **how)
    assert "_native" not in after.__dict__
    return after


def _plain(state):
    """``state`` as Python values only (a state the native engine made, read in)."""
    return state._evolve()


def _lockstep(rules, players, seed):
    """Play a seeded random game on both engines at once; how many steps it took."""
    with _on_the_reference():
        state = new_game(rules, players, seed)
    game = native.open_game(state, record=True)
    _same(state, game, rules, events=False)  # a game opened natively starts with no log
    _, steps = _play_on(state, game, rules, random.Random(seed))
    assert game.is_terminal
    return steps


def _play_on(state, game, rules, rnd, limit=None) -> tuple:
    """Step the reference's ``state``, the native ``game`` and the public API (which plays
    natively on this build) together by random legal actions (to the end, or ``limit``
    steps), checking all three equal after each; ``(state, steps)``."""
    steps = 0
    public = state
    while not state.is_terminal and (limit is None or steps < limit):
        legal = legal_actions(state)
        assert native.actions(game) == legal
        assert legal_actions(public) == legal
        i = rnd.randrange(len(legal))
        state = _reference_step(state, legal[i])
        game.apply(i)
        public = apply_action(public, legal[i])
        _same(state, game, rules)
        assert "_native" in public.__dict__  # a state the native engine made
        assert public.to_data() == state.to_data() and public.events == state.events
        steps += 1
    return state, steps


def test_the_native_engine_is_built_and_chosen():
    """This build has the native engine, and it plays unless told not to."""
    assert native.built()
    assert native.engine() == "native"
    assert "native" in native.describe()


def test_every_bundled_ruleset_runs_natively():
    """Both games, every bundled ruleset: none falls back to the reference engine."""
    for name in bundled_rulesets():
        assert native.why_python(load_ruleset(name)) is None, name


def test_a_ruleset_it_cannot_run_falls_back_and_says_why():
    """Where the native engine cannot run a ruleset (here: a program whose expressions it
    was not given), the reference plays it, and says why."""
    rules = tiny_kit('choose c from [1, 2] by 0\nx = c + 1')
    play = rules.programs["play"]
    rules.programs["play"] = attrs.evolve(play, ir=(None,) * len(play.code))
    assert native.native_rules(rules) is None
    assert "the native engine does not know" in native.why_python(rules)
    assert Rollout(new_game(rules, 2, 1)).engine == "python"


@pytest.mark.parametrize("name,options", _native_specs(),
                         ids=lambda x: x if isinstance(x, str) else str(x))
def test_lockstep_over_every_player_count(name, options):
    """Random games on both engines give equal states, logs and options after every step."""
    rules = _rules(name, options)
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in range(2):
            assert _lockstep(rules, players, 1000 * players + seed) > 0


#: House rules that patch one statement of each game: Crow's Nest searching the revealer's
#: own hand, the dice game's Expand Fleet moving 3.
PATCHED = {
    "crows-nest": RulesText("own-nest.yaml", "id: own-nest\nextends: standard\n"
                            "name: Own nest\ndescription: A test.\npatches:\n"
                            "  - replace: card.crows-nest.target\n"
                            "    with: choose victim from [revealer]\n"),
    "dice": RulesText("fleet-three.yaml", "id: fleet-three\ngame: tortuga-dice\n"
                      "extends: tortuga-dice\nname: Fleet three\ndescription: A test.\n"
                      "patches:\n  - replace: dice.fleet.first\n"
                      "    with: 'advance(who, \"fleet\", 3)'\n"),
}


@pytest.mark.parametrize("name", sorted(PATCHED))
def test_a_patched_ruleset_plays_natively_in_lockstep_with_the_reference(name):
    """A variant's patches reach the native engine in its compiled programs: it runs the
    patched rules, step for step the reference's game."""
    rules = load_ruleset(PATCHED[name])
    assert rules.data["patches"] and native.why_python(rules) is None
    for players in range(rules.min_players, rules.max_players + 1):
        assert _lockstep(rules, players, 1000 * players + 1) > 0


@pytest.mark.parametrize("name,options", _native_specs(),
                         ids=lambda x: x if isinstance(x, str) else str(x))
def test_a_game_dealt_natively_is_the_one_the_reference_deals(name, options):
    """``new_game`` deals natively (Tortuga 1667's setup, and the component kit's, so the
    dice game's): the same state and the same setup log as the reference's, for every
    player count and seeds of every size."""
    rules = _rules(name, options)
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in (0, 7, -3, 2**64 - 1):
            dealt = new_game(rules, players, seed)
            with _on_the_reference():
                want = new_game(rules, players, seed)
            assert "_native" in dealt.__dict__
            assert dealt.to_data() == want.to_data() and dealt.events == want.events


def test_starred_cards_asked_for_are_dealt_by_the_reference():
    """A setup with the starred cards named is the reference's (the native setup deals
    only drawn ones), refusals included."""
    rules = load_ruleset("standard")
    dealt = new_game(rules, 4, 1, starred=["facade", "scurvy", "crows-nest"])
    assert "_native" not in dealt.__dict__
    assert dealt.starred == ("crows-nest", "facade", "scurvy")


def test_a_rollout_plays_on_the_native_engine_and_reaches_the_same_state():
    """``Rollout`` uses the native engine where it runs the rules, with the same result."""
    rules = load_ruleset("tortuga-dice")
    state = new_game(rules, 4, 11)
    game = Rollout(state, record=True)
    assert game.engine == "native"
    rnd, s = random.Random(3), _plain(state)
    while not game.is_terminal:
        legal = game.legal_actions()
        assert legal == legal_actions(s)
        a = legal[rnd.randrange(len(legal))]
        game.apply(a)
        s = _reference_step(s, a)
        assert game.state() == s and game.state().events == s.events
    assert game.outcome == s.outcome


def _public_game(rules, players, seed, **how):
    """A seeded random game through the public API, never reading a state's fields
    (the states the native engine makes stay unread); every state, in order."""
    rnd, s = random.Random(seed), new_game(rules, players, seed)
    out = [s]
    while s.current_player is not None:
        legal = legal_actions(s)
        s = apply_action(s, legal[rnd.randrange(len(legal))], **how)
        out.append(s)
    return out


@pytest.mark.parametrize("name,players", [("standard", 5), ("standard+madness", 9),
                                          ("tortuga-dice", 3)])
@pytest.mark.parametrize("record", [True, False])
def test_the_public_api_plays_natively_and_its_states_read_as_the_references(name, players,
                                                                             record):
    """``apply_action`` on this build steps the native engine: its states hold the native
    position and read, field by field, as the reference's - logged or not, the whole game
    stepped without reading one."""
    rules = load_ruleset(name)
    played = _public_game(rules, players, 7, record=record)
    assert all("_native" in s.__dict__ and len(s.__dict__) < 8 for s in played[1:])
    with _on_the_reference():
        reference = _public_game(rules, players, 7, record=record)
    assert len(played) == len(reference)
    for mine, theirs in zip(played, reference):
        assert mine.to_data() == theirs.to_data() and mine.events == theirs.events
        assert mine == theirs and hash(mine) == hash(theirs)


def test_a_state_the_native_engine_made_is_a_value_like_any_other():
    """Copied, evolved or compared, a natively made state is the reference's: the native
    position never leaves with it, and reading it changes nothing it says."""
    import copy
    rules = load_ruleset("standard")
    s = _public_game(rules, 4, 3)[30]
    with _on_the_reference():
        want = _public_game(rules, 4, 3)[30]
    for other in (copy.copy(s), s._evolve(), attrs.evolve(s)):
        assert "_native" not in other.__dict__
        assert other == want and other.to_data() == want.to_data()
    assert s.current_player == want.current_player and not s.is_terminal
    assert not hasattr(s, "no_such_field")


def test_a_listed_action_is_found_by_identity_and_an_equal_one_by_equality():
    """The native engine finds the very action a listing handed out (not an equal one
    before it); an equal action that is another object steps to the same state."""
    rules = load_ruleset("standard")
    s = _public_game(rules, 5, 7)[12]
    legal = legal_actions(s)
    assert len(legal) > 2
    for at, action in enumerate(legal):
        assert native.index_of(legal, action) == at
        twin = Action.from_data(action.to_data())
        assert twin == action and twin is not action
        assert native.index_of(legal, twin) is None
    last = legal[-1]
    assert apply_action(s, Action.from_data(last.to_data())) == apply_action(s, last)


def test_a_record_of_read_states_keeps_what_the_reference_keeps():
    """A state read in full and stepped from gives its native position up, and the next
    state, read, shares every unchanged value with it (as the reference's states do), so
    a record of read states does not hold a native game per state."""
    rules = load_ruleset("standard")
    rnd, s = random.Random(5), new_game(rules, 5, 5)
    for _ in range(25):
        s.to_data()
        before = s
        legal = legal_actions(s)
        s = apply_action(s, legal[rnd.randrange(len(legal))])
        assert "_native" not in before.__dict__ and "_native" in s.__dict__
        s.to_data()
        assert s.loyalty is before.loyalty and s.starred is before.starred
        same = [a is b for a, b in zip(s.hands, before.hands) if a == b]
        assert all(same)


def test_a_natively_made_state_refuses_what_the_reference_refuses_and_stays_as_it_was():
    """An illegal action, an action out of turn and a hostile value get the reference's
    refusal, word for word, from a state the native engine made; the state is unchanged."""
    rules = load_ruleset("standard")
    s = _public_game(rules, 5, 4)[12]
    want = _plain(s)
    seat = s.current_player
    for action, by in [(Action("attack"), None), (legal_actions(s)[0], (seat + 1) % 5),
                       ("move", None), (None, None), (legal_actions(s)[0], "0")]:
        with pytest.raises(TortugaError) as native_refusal:
            apply_action(s, action, seat=by)
        with _on_the_reference(), pytest.raises(TortugaError) as reference_refusal:
            apply_action(want, action, seat=by)
        assert type(native_refusal.value) is type(reference_refusal.value)
        assert str(native_refusal.value) == str(reference_refusal.value)
        assert s == want and s.to_data() == want.to_data()


def test_a_natively_made_state_is_read_stepped_and_dropped_by_any_thread():
    """Another thread reads a natively made state, steps on from it and drops it (the
    native engine's values go with the GIL, not with a thread): the same values as the
    reference, and nothing complains."""
    rules = load_ruleset("standard")
    states = _public_game(rules, 5, 9)
    with _on_the_reference():
        reference = _public_game(rules, 5, 9)
    seen, raised = [], []
    hook, sys.unraisablehook = sys.unraisablehook, lambda u: raised.append(u)
    try:
        def elsewhere():
            seen.extend(s.to_data() for s in states[::7])
            after = apply_action(states[20], legal_actions(states[20])[0])
            made.append(_public_game(rules, 3, 1)[-1])  # made here, dropped by the caller
            seen.append(after.to_data())
            states.clear()  # the last references: dropped in this thread
        made: list = []
        t = threading.Thread(target=elsewhere)
        t.start()
        t.join(60)
        assert made[0].is_terminal
        made.clear()
    finally:
        sys.unraisablehook = hook
    want = [s.to_data() for s in reference[::7]]
    want.append(_reference_step(reference[20], legal_actions(reference[20])[0]).to_data())
    assert seen == want and not raised


def test_a_failing_house_rule_fails_the_same_through_the_public_api():
    """A house rule whose step fails gives the reference's located error through
    ``apply_action`` on this build too."""
    rules = tiny_kit('choose c from [1, 2] by 0\nx = [1, 2][5]')
    state = new_game(rules, 2, 1)
    with pytest.raises(RulesError) as mine:
        apply_action(state, legal_actions(state)[0])
    with _on_the_reference(), pytest.raises(RulesError) as theirs:
        apply_action(state, legal_actions(state)[0])
    assert str(mine.value) == str(theirs.value)


def test_the_reference_is_chosen_by_the_environment(monkeypatch):
    """``TORTUGA_RULES_ENGINE=python`` keeps every game on the reference engine."""
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    rules = load_ruleset("tortuga-dice")
    assert native.engine() == "python"
    assert Rollout(new_game(rules, 3, 1)).engine == "python"
    assert native.why_python(rules) == "TORTUGA_RULES_ENGINE=python"


def _both_fail(rules, players=2, seed=1):
    """The error each engine gives for the first step of ``rules`` (a choice, then on)."""
    errors = []
    for engine in ("python", "native"):
        state = new_game(rules, players, seed)
        game = Rollout(state, engine=engine)
        assert game.engine == engine
        with pytest.raises((RulesError, RiggedError)) as info:
            while not game.is_terminal:
                game.apply(game.legal_actions()[0])
        errors.append((type(info.value), str(info.value)))
    return errors


@pytest.mark.parametrize("failing", [
    "x = 1 // (counter(\"n\") - 0)",
    "x = [1, 2][5]",
    "x = 999999999999 * 10",
    "x = zone(0, \"bag\")",
    "x = zone(none, \"nowhere\")",
    "while true { set_counter(\"n\", counter(\"n\") + 1) }",
    "x = \"a\" < 1",
    "x = first([])",
    "move_token(none, \"bag\", \"green\", 0, \"hand\")",
])
def test_a_failing_house_rule_fails_the_same_on_both_engines(failing):
    """Division by zero, a position off a list, a number too large, a wrong zone, a loop
    over budget, an impossible comparison, a missing token: the same located error."""
    rules = tiny_kit('choose c from [1, 2] by 0\n' + failing)
    python, nat = _both_fail(rules)
    assert python == nat


@settings(max_examples=60, deadline=None)
@given(st.recursive(
    st.one_of(st.integers(-5, 5).map(str), st.sampled_from(['"a"', '"b"', "none", "true",
                                                             "[]", "[1, 2]", "counter(\"n\")"])),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%", "==", "<", ">=", "and",
                                          "or", "in"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda x: f"not {x}"),
        st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
        inner.map(lambda x: f"count({x})"),
    ), max_leaves=6))
def test_any_expression_has_the_same_value_or_error_on_both_engines(expression):
    """Hypothesis writes expressions; both engines bind the same value or fail alike."""
    try:
        rules = tiny_kit(f'choose c from [1, 2] by 0\nx = {expression}\nsay("v", x)\n'
                      'choose d from [1, 2] by 0')
    except DataError:
        return  # the compiler refused it: neither engine runs it
    outcomes = []
    for engine in ("python", "native"):
        game = Rollout(new_game(rules, 2, 1), record=True, engine=engine)
        try:
            game.apply(game.legal_actions()[0])
            outcomes.append(game.state().to_data())
        except RulesError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1]


def test_an_impossible_fixed_draw_is_refused_the_same_way():
    """A scenario's fixed draw that is not in the bag: the same RiggedError on both."""
    rules = tiny_kit('choose c from [1, 2] by 0\ndraw(none, "bag", 0, "hand")')
    state = new_game(rules, 2, 1)._evolve(rigged=(("draw:bag", "green"),))
    errors = []
    for engine in ("python", "native"):
        game = Rollout(state, engine=engine)
        with pytest.raises(RiggedError) as info:
            game.apply(game.legal_actions()[0])
        errors.append(str(info.value))
    assert errors[0] == errors[1]


@pytest.mark.parametrize("ruleset,players", [("standard", 5), ("first-edition", 4),
                                             ("tortuga-dice", 3)])
def test_a_table_of_random_bots_gives_the_same_result_on_both_engines(ruleset, players,
                                                                      monkeypatch):
    """The lab plays random-bot tables on the native engine: each seat draws from the same
    options as on the reference, so every result is the same."""
    from tortuga_rules.lab.games import Table, _all_random, play_game

    tables = [Table(ruleset, (), (), players, seed, ("random",) * players) for seed in range(6)]
    assert _all_random(tables[0], tables[0].rules())
    native_results = [play_game(t) for t in tables]
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    assert [play_game(t) for t in tables] == native_results


def test_a_rollout_may_ask_for_the_reference_engine():
    """``Rollout(state, engine="python")`` plays on the reference (for a rollout read after
    every step); an unknown engine is refused."""

    state = new_game(load_ruleset("standard"), 4, 2)
    assert Rollout(state).engine == "native"
    assert Rollout(state, engine="python").engine == "python"
    with pytest.raises(ArgumentError, match="engine must be"):
        Rollout(state, engine="rust")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["standard", "first-edition", "standard+madness", "tortuga-dice"])
       .flatmap(lambda name: states(rules=load_ruleset(name), max_steps=150)),
       st.integers(0, 2**32 - 1))
def test_a_position_handed_over_mid_game_comes_back_equal_and_plays_on_alike(state, seed):
    """Any position - a vote being collected, a card's effect paused on a choice - goes to
    the native engine and back unchanged, and both engines play on from it alike."""
    state = _plain(state)  # the Python values are what is handed over
    game = native.open_game(state, record=True)
    _same(state, game, state.rules, events=False)
    _play_on(state, game, state.rules, random.Random(seed), 20)


@pytest.mark.parametrize("ruleset,players", [("standard", 2), ("standard", 5), ("standard", 9),
                                             ("first-edition", 4), ("standard+madness", 6)])
def test_the_native_observation_is_the_encoders_vector_of_the_view(ruleset, players):
    """The RL observation made natively, straight from the state, equals the encoder's
    vector of the seat's view, for every seat after every step of random games (and so
    holds nothing the view does not)."""
    np = pytest.importorskip("numpy")
    from tortuga_rules.game.view import view
    from tortuga_rules.rl.observation import Observer

    rules = load_ruleset(ruleset)
    observer = Observer(rules, players)
    names = observer.names()
    for seed in range(2):
        state, rnd = new_game(rules, players, seed), random.Random(seed)
        game = Rollout(state)
        while True:
            for seat in range(players):
                made = np.frombuffer(native.observation(game, seat, names), dtype=np.uint8)
                assert list(made) == list(observer.encode(view(state, seat, choices=False)))
            if state.is_terminal:
                break
            legal = legal_actions(state)
            a = legal[rnd.randrange(len(legal))]
            state = apply_action(state, a)
            game.apply(a)


_ZERO_ROW = "1 // (count(face_down()) - count(face_down())) > 0"
_ZERO_KEPT = ('1 // (kept_count([actor], "letter-of-marque")'
              ' - kept_count([actor], "letter-of-marque")) > 0')


@pytest.mark.parametrize("failing", [
    {"view": _ZERO_ROW},  # reads what its listing reads: answered with the listing
    {"play_letter": _ZERO_KEPT},  # reads more (kept cards): asked before the listing
    {"view": _ZERO_ROW, "play_letter": _ZERO_KEPT},  # the first listed fails first
], ids=["with-its-listing", "asked-apart", "both"])
def test_a_house_rules_failing_precondition_is_the_references_located_error(tmp_path, failing):
    """A turn action whose precondition fails as it is listed: the native rollout, listing
    or playing out (by a draw or by the rules of thumb), gives the reference's RulesError,
    located where the precondition is written - whether the precondition reads only what
    the action's listing reads or more, and, where two fail, the one listed first."""
    house = tmp_path / "broken.yaml"
    changes = "".join(f"    {action}:\n      requires:\n"
                      f"        - {{test: '{test}', clause: action.view}}\n"
                      for action, test in failing.items())
    house.write_text("extends: standard\nid: broken\nname: Broken\n"
                     "description: a precondition that divides by zero\n"
                     "changes:\n  actions:\n" + changes, encoding="utf-8")
    rules = load_ruleset(str(house))
    state = new_game(rules, 4, 1)
    rnd = random.Random(1)
    reference = None
    while reference is None:
        try:
            legal = legal_actions(state)
        except RulesError as exc:
            reference = str(exc)
            break
        state = apply_action(state, legal[rnd.randrange(len(legal))])
    game = Rollout(state)
    assert game.engine == "native"
    with pytest.raises(RulesError) as info:
        game.legal_actions()
    assert str(info.value) == reference
    for policy in ("random", rules.game.native_playout):  # a draw, a rule of thumb
        with pytest.raises(RulesError) as played:
            Rollout(state).play_out(policy, random.Random(1), 1)
        assert str(played.value) == reference


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["standard", "first-edition", "standard+madness", "standard+open-loyalty",
                        "tortuga-dice"])
       .flatmap(lambda name: states(rules=load_ruleset(name), max_steps=150)),
       st.integers(0, 2**32 - 1))
def test_a_native_playout_takes_the_reference_policys_actions_with_the_same_draws(state, seed):
    """From any position, search's playout policy run natively (Tortuga 1667's rules of
    thumb, or uniformly random) takes the actions the Python policy takes from a generator
    in the same state, and leaves the generator as the Python policy leaves it."""
    kind = state.rules.game
    policy = kind.playout or (lambda game, legal, rnd: legal[rnd.randrange(len(legal))])
    reference, fast = Rollout(state, engine="python"), Rollout(state, engine="native")
    mine, theirs = random.Random(seed), random.Random(seed)
    for _ in range(60):
        if reference.is_terminal:
            break
        reference.apply(policy(reference, reference.legal_actions(), mine))
    fast.play_out(kind.native_playout or "random", theirs, 60)
    assert fast.state().to_data() == reference.state().to_data()
    assert theirs.getstate() == mine.getstate()


@pytest.mark.parametrize("ruleset,players", [("standard", n) for n in range(2, 10)]
                         + [("first-edition", 4), ("standard+open-loyalty", 6)])
def test_every_reflex_decision_is_the_references_at_every_player_count(ruleset, players):
    """Tortuga 1667's rules of thumb run natively take, decision by decision, the action
    the Python reflex takes, and leave the generator where it leaves it: from positions
    early and late in games of every player count, each decision's legal actions listed
    first or not (the native pick then reads them from the listing, else straight from
    the memo), and over a whole playout at once."""
    from tortuga_rules.games.tortuga1667.bot import reflex

    rules = load_ruleset(ruleset)
    for seed in range(4):
        state, rnd = new_game(rules, players, seed), random.Random(seed)
        for _ in range(seed * 25):
            if state.is_terminal:
                break
            state = apply_action(state, rnd.choice(legal_actions(state)))
        reference, fast = Rollout(state, engine="python"), Rollout(state, engine="native")
        mine, theirs = random.Random(seed), random.Random(seed)
        for step in range(40):
            if reference.is_terminal:
                break
            reference.apply(reflex(reference, reference.legal_actions(), mine))
            if step % 3 == 0:
                fast.legal_actions()
            assert fast.play_out("reflex-1667", theirs, 1) == 1
            assert fast.state().to_data() == reference.state().to_data()
            assert theirs.getstate() == mine.getstate()
        whole, at_once = Rollout(state, engine="native"), random.Random(seed)
        whole.play_out("reflex-1667", at_once, 40)
        assert whole.state().to_data() == reference.state().to_data()
        assert at_once.getstate() == mine.getstate()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["standard", "first-edition", "standard+open-loyalty", "tortuga-dice"])
       .flatmap(lambda name: states(rules=load_ruleset(name), max_steps=200)))
def test_a_native_worth_is_the_games_returns_and_heuristic(state):
    """What the native engine says a position is worth to each seat is, float for float,
    the game's ``returns`` once it is over and its ``heuristic`` before (Tortuga 1667's,
    and every kit game's: the dice game's)."""
    kind = state.rules.game
    worth = Rollout(state, engine="native").native_game.worth()
    expected = kind.returns(state) if state.is_terminal else \
        tuple(kind.heuristic(state, s) for s in range(state.players))
    assert tuple(worth) == expected


@pytest.mark.parametrize("ruleset,players", [("standard", 5), ("standard", 3),
                                             ("first-edition", 6), ("tortuga-dice", 3)])
def test_the_search_player_decides_alike_on_both_engines(ruleset, players):
    """ISMCTS with its playouts in the native engine chooses what it chooses on the Python
    engine, drawing the same numbers (the same search, only faster)."""
    from tortuga_rules.bots.ismcts import IsmctsBot
    from tortuga_rules.bots.knowledge import Knowledge

    rules = load_ruleset(ruleset)
    for seed in range(3):
        state, rnd = new_game(rules, players, seed), random.Random(seed)
        for _ in range(8 + 5 * seed):
            state = apply_action(state, rnd.choice(legal_actions(state)))
        knowledge = Knowledge.of(state, state.current_player)
        bots = [IsmctsBot(seed=seed, iterations=40, engine=e) for e in ("python", "native")]
        assert bots[0].choose(knowledge) == bots[1].choose(knowledge)
        assert bots[0]._random.getstate() == bots[1]._random.getstate()


@pytest.mark.parametrize("policy,rnd,depth,message", [
    ("reflex-1667", random.Random(1), 5, "no playout policy 'reflex-1667' for Tortuga \\(dice game\\)"),
    (None, random.Random(1), 5, "no playout policy None"),
    ("random", random.Random(1), -1, "depth must be"),
    ("random", random.Random(1), 2.5, "depth must be"),
    ("random", 12, 5, "rnd must be")])
def test_bad_playout_arguments_are_refused_in_words(policy, rnd, depth, message):
    """An unknown policy (or another game's), a depth that is not a count, a generator that
    is not one: an ArgumentError saying which, and the rollout plays on unchanged."""
    state = new_game(load_ruleset("tortuga-dice"), 3, 1)
    game = Rollout(state)
    with pytest.raises(ArgumentError, match=message):
        game.play_out(policy, rnd, depth)
    assert game.state().to_data() == Rollout(state).state().to_data()


def test_a_native_playout_policy_is_asked_for_by_name():
    """A generator's state that is not one is refused by the native engine; a Rollout on
    the Python engine has no native playout."""
    state = new_game(load_ruleset("tortuga-dice"), 3, 1)
    with pytest.raises(ValueError, match="not the state"):
        Rollout(state).native_game.play_out("random", [1, 2, 3], 5)
    with pytest.raises(ArgumentError, match="native engine"):
        Rollout(state, engine="python").play_out("random", random.Random(1), 5)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**64), st.lists(st.one_of(
    st.just(("random",)), st.tuples(st.just("getrandbits"), st.integers(0, 64)),
    st.tuples(st.just("randrange"), st.integers(1, 2**63 - 1)),
    st.tuples(st.just("randrange"), st.integers(1, 40)), st.just(("getstate",)),
    st.tuples(st.just("shuffle"), st.integers(0, 60))),
    max_size=700))
def test_the_native_generator_draws_what_pythons_draws(seed, calls):
    """The native generator a search draws from - seeded natively, with any whole number -
    gives, call after call, exactly what a ``random.Random`` with the same seed gives (its
    words rolled over many times): numbers, shuffles and the same state."""
    mine, theirs = random.Random(seed), native.generator(seed)
    assert not isinstance(theirs, random.Random)
    assert theirs.getstate() == mine.getstate()
    for name, *args in calls * 3:
        if name == "shuffle":
            a, b = list(range(args[0])), list(range(args[0]))
            theirs.shuffle(a)
            mine.shuffle(b)
            assert a == b
            continue
        assert getattr(theirs, name)(*args) == getattr(mine, name)(*args)
    theirs.setstate(mine.getstate())
    assert theirs.random() == mine.random()
    with pytest.raises(ValueError):
        theirs.randrange(0)
    with pytest.raises(ValueError):
        theirs.setstate((3, (1, 2), None))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["standard", "first-edition", "standard+open-loyalty", "tortuga-dice"])
       .flatmap(lambda name: states(rules=load_ruleset(name), max_steps=150)),
       st.integers(0, 2**63), st.data())
def test_a_world_determinised_from_a_seed_is_the_one_pythons_generator_draws(state, seed, data):
    """``determinize(state, seat, seed)`` draws its world with the native generator; it is
    the world ``random.Random(seed)`` draws, field for field."""
    from tortuga_rules import determinize

    seat = data.draw(st.integers(0, state.players - 1))
    assert determinize(state, seat, seed).to_data() == \
        determinize(state, seat, random.Random(seed)).to_data()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["standard", "first-edition", "standard+open-loyalty", "standard+madness",
                        "standard+shorter-game"])
       .flatmap(lambda name: states(rules=load_ruleset(name), max_steps=200)),
       st.integers(0, 2**63), st.data())
def test_a_world_drawn_natively_is_the_world_determinize_draws(state, seed, data):
    """A search's world drawn in the native engine (Tortuga 1667's determinisation ported,
    from a native copy of the real position) is the world ``determinize`` draws from the
    same seed - every field - with each seat's side."""
    from tortuga_rules import determinize
    from tortuga_rules.bots.knowledge import Knowledge, side_of

    seat = data.draw(st.integers(0, state.players - 1))
    knowledge = Knowledge.of(state, seat)
    game, sides = knowledge.sample_game(seed)
    want = determinize(state, seat, seed)
    if state.is_terminal:
        return
    assert game.engine == "native"
    got = game.state().to_data()
    expected = want.to_data()
    got.pop("events"), expected.pop("events")
    assert got == expected
    assert sides == tuple(side_of(want, s) for s in range(state.players))


def _worlds_compared(ruleset: str, players: int, games: int) -> int:
    """Plays ``games`` random games of ``ruleset`` and, at every step, checks every seat's
    world drawn natively (``Knowledge.sample_game``) against the one ``determinize`` draws
    from the same seed - every field but the log, and each seat's side; the worlds
    compared."""
    from tortuga_rules import determinize
    from tortuga_rules.bots.knowledge import Knowledge, side_of

    rules = load_ruleset(ruleset)
    assert rules.game.native_sample is not None
    compared = 0
    for seed in range(games):
        state, rnd = new_game(rules, players, seed), random.Random(seed)
        while not state.is_terminal:
            for seat in range(players):
                game, sides = Knowledge.of(state, seat).sample_game(seed * 7919 + state.step)
                assert game.engine == "native"
                world = determinize(state, seat, seed * 7919 + state.step)
                got, want = game.state().to_data(), world.to_data()
                got.pop("events"), want.pop("events")
                assert got == want, (seed, state.step, seat)
                assert sides == tuple(side_of(world, s) for s in range(players))
                compared += 1
            state = apply_action(state, rnd.choice(legal_actions(state)))
    return compared


@pytest.mark.parametrize("ruleset,players", [("standard", 5), ("first-edition", 7),
                                             ("standard+madness", 3), ("standard", 2)])
def test_every_position_of_random_games_draws_the_same_world_natively(ruleset, players):
    """At every step of random games - votes with face-down cards, searches of the vote
    deck, secret choices, the Armada among the last cards - every seat's world drawn
    natively is the one ``determinize`` draws."""
    assert _worlds_compared(ruleset, players, games=6) > 200


@pytest.mark.parametrize("ruleset,players", [("tortuga-dice", 3), ("tortuga-dice", 4),
                                             ("tortuga-dice+two-players", 2),
                                             ("tortuga-dice+long-game", 3)])
def test_every_position_of_random_kit_games_draws_the_same_world_natively(ruleset, players):
    """At every step of random games of the component kit - dice behind screens, picks
    held in secret, treasure tokens looked at, chests in the bag - every seat's world drawn
    natively (``game/kit/determinize.py`` ported) is the one ``determinize`` draws from the
    same seed, every field, with each seat's side."""
    assert _worlds_compared(ruleset, players, games=3) > 300


# -- every step limit on every path ------------------------------------------------------------

def _native_paths(state, at: int = 0) -> dict:
    """The error (its text) each native path gives taking legal action number ``at`` of
    ``state``, a step that fails: a rollout stepping natively with and without a log, the
    native playout policy drawing from Python's generator and from a native one, the
    lab's whole game loop (``random_playout``) with and without a log, and a game opened
    natively and stepped as ``apply_action`` steps it; ``state`` is checked unchanged
    after each. The playouts draw from seeds whose first draw is the failing step."""
    rules = state.rules
    before = state.to_json()
    count = len(legal_actions(state))
    drawn = next(s for s in range(10_000) if random.Random(s).randrange(count) == at)

    def rollout(record):
        game = Rollout(state, record=record)
        assert game.engine == "native"
        game.apply(game.legal_actions()[at])

    def natively(play):
        try:
            play()
        except native.NATIVE_FAILURES as exc:
            raise native.failure(rules, exc) from None

    def loop(record):
        for seed in range(10_000):  # the loop's own generator: a seed whose draw fails
            natively(lambda: native.open_game(state, record).random_playout(seed, 1))
        raise AssertionError("no seed draws the failing step")

    paths = {
        "Rollout": lambda: rollout(True),
        "Rollout, record=False": lambda: rollout(False),
        "play_out, random.Random": lambda: Rollout(state).play_out(
            "random", random.Random(drawn), 9),
        "play_out, native generator": lambda: Rollout(state).play_out(
            "random", native.generator(drawn), 9),
        "random_playout": lambda: loop(True),
        "random_playout, record=False": lambda: loop(False),
        "stepped": lambda: natively(lambda: native.open_game(state).stepped(at, True)),
        "stepped, record=False": lambda: natively(
            lambda: native.open_game(state).stepped(at, False)),
    }
    return refusals(state, before, paths)


def _the_references_error(state, at: int = 0) -> str:
    """The reference engine's error for legal action number ``at`` of ``state``."""
    with _on_the_reference(), pytest.raises(RulesError) as exc:
        plain = _plain(state)
        apply_action(plain, legal_actions(plain)[at])
    return str(exc.value)


@pytest.mark.parametrize("play, message", [
    ("repeat 20000 { say(\"v\", c) }", "the step ran over its budget"),
    ("while true { set_counter(\"n\", counter(\"n\") + 1) }", "the step ran over its budget"),
    ("say(\"v\", c)", "the program play ended without a decision or finish"),
], ids=["events", "instructions", "no-decision"])
def test_every_step_limit_holds_on_every_native_path(play, message):
    """A step over the event budget (20,000 announcements), over the instruction budget (a
    loop that does not end) or ending with nothing left to decide fails on every native
    path, logged or not, with the reference engine's located error, the state unchanged."""
    rules = tiny_kit("choose c from [1, 2] by 0\n" + play)
    state = new_game(rules, 2, 1)
    want = _the_references_error(state)
    assert message in want
    assert set(_native_paths(state).values()) == {want}


def test_a_tortuga_1667_step_over_the_event_budget_fails_on_every_native_path(tmp_path):
    """The same in Tortuga 1667: a house card whose effect logs 20,000 events, revealed."""
    from helpers import position
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nextends: standard\nname: House\ndescription: A test.\n"
                     "changes:\n  cards:\n    pistol:\n      effect: |\n"
                     "        repeat 20000 {\n          @card.pistol.maroon  cite()\n        }\n",
                     encoding="utf-8")
    state = position(load_ruleset(str(house)), row=("pistol", None, None, None, None))
    at = legal_actions(state).index(Action("reveal", (("slot", 1),)))
    want = _the_references_error(state, at)
    assert want.startswith(f"{house}:9:9: repeat 20000: the step ran over its budget")
    assert set(_native_paths(state, at).values()) == {want}


#: A kit game whose one step moves tokens round zones seen by nobody, by their owner and
#: by all, ``{n}`` times: each kind of move logs another number of events.
MOVES = """\
game: tortuga-dice
id: moves
name: Moves
description: Tokens moved round every kind of zone, many times in one step.
clauses: {{}}
players: {{min: 2, max: 2}}
components:
  zones:
    bag: {{seen: nobody, bag: true, tokens: {{red: 1}}}}
    hand: {{of: seat, seen: owner}}
    table: {{seen: all}}
play: |
  choose c from [1, 2] by 0
  repeat {n} {{
    move_token(none, "bag", "red", 0, "hand")
    move_token(0, "hand", "red", 0, "hand")
    move_token(0, "hand", "red", 1, "hand")
    move_token(1, "hand", "red", none, "table")
    move_token(none, "table", "red", none, "bag")
  }}
  choose d from [1, 2] by 0
"""


def test_a_quiet_step_counts_exactly_the_events_a_logged_step_keeps():
    """At the event budget's edge, a step is refused on every path or on none: a step that
    keeps no log counts exactly the events a logged one keeps (a token moved between zones
    seen by nobody, by an owner, by two owners or by all logs one, two or three events)."""
    from tortuga_rules.dsl.machine import MAX_EVENTS

    def game(n):
        rules = load_ruleset(RulesText(f"moves-{n}.yaml", MOVES.format(n=n)))
        return rules, _plain(new_game(rules, 2, 1))

    def logged(n):
        _, state = game(n)
        return len(_reference_step(state, legal_actions(state)[0]).events)

    first, each = logged(0), logged(1) - logged(0)
    assert each == 9
    # the budget is checked as the loop goes round: the fewest rounds it stops
    edge = (MAX_EVENTS - first) // each + 1
    for n, want in ((edge - 1, "played"), (edge, "refused")):
        rules, state = game(n)
        seen = {}
        for path in ("reference", "reference, record=False", "Rollout",
                     "Rollout, record=False", "random_playout", "random_playout, logged"):
            record = path.endswith("logged") or not path.endswith("False") \
                and not path.startswith("random")
            try:
                if path.startswith("reference"):
                    _reference_step(state, legal_actions(state)[0], record=record)
                elif path.startswith("random_playout"):
                    try:
                        native.open_game(state, record).random_playout(1, 1)
                    except native.NATIVE_FAILURES as exc:
                        raise native.failure(rules, exc) from None
                else:
                    rollout = Rollout(state, record=record)
                    rollout.apply(rollout.legal_actions()[0])
                seen[path] = "played"
            except RulesError as exc:
                assert "ran over its budget" in str(exc)
                seen[path] = "refused"
        assert set(seen.values()) == {want}, (n, seen)


# -- one memo budget for the process ------------------------------------------------------------

#: Rulesets whose turn actions the native engine remembers, each with a memo of its own.
MEMO_RULESETS = ["standard", "first-edition", "standard+madness", "standard+more-starred:6",
                 "standard+open-loyalty", "standard+shorter-game:2"]


def _python_held() -> int:
    """What the reference engine's memos hold, weighed as the budget weighs it."""
    from tortuga_rules.data.ruleset import memos
    return sum(1 + (len(v) if isinstance(v, tuple) else 0) for m in memos() for v in m.values())


def _python_memos(rules) -> list:
    """The reference engine's memos of ``rules``' turn actions."""
    return [m for act in rules.actions for m in (act.cache, act.allowed)]


def test_every_memo_of_every_ruleset_on_both_engines_shares_one_budget():
    """One budget for every legal-action memo of the process: with a small one, games of
    several rulesets on the native engine and of one on the reference fill their memos;
    what they all hold never passes it, and whenever it is spent every memo - the idle
    rulesets' too, native and Python - is emptied."""
    from tortuga_rules.game import legality
    budget = 1_500
    old = legality.set_memo_budget(budget)
    try:
        legality.forget()
        assert legality.memo_items() == 0
        rulesets = {name: load_ruleset(name) for name in MEMO_RULESETS}
        natives = {name: native.native_rules(r) for name, r in rulesets.items()}
        reference = rulesets["standard"]  # also played on the reference engine
        emptied = {"native": 0, "python": 0}
        held = 0
        for g in range(3 * len(MEMO_RULESETS)):
            name = MEMO_RULESETS[g % len(MEMO_RULESETS)]
            on = "python" if g % 3 == 2 else "native"
            game = Rollout(new_game(rulesets[name], 5, g), engine=on)
            assert game.engine == on
            rnd = random.Random(g)
            while not game.is_terminal:
                legal = game.legal_actions()
                game.apply(legal[rnd.randrange(len(legal))])
                now = legality.memo_items()
                assert now <= budget
                assert sum(n.memo_items for n in natives.values()) + _python_held() <= now
                if now < held:  # spent during this step: every memo was emptied
                    emptied[on] += 1
                    idle = [n for other, n in natives.items() if other != name or on != "native"]
                    assert all(n.memo_items == 0 for n in idle)
                    if on == "native":
                        assert not any(_python_memos(reference))
                held = now
        assert emptied["native"] >= 3 and emptied["python"] >= 1, emptied
    finally:
        legality.set_memo_budget(old)
        legality.forget()


def test_a_ruleset_dropped_frees_what_its_native_memo_held():
    """A ruleset's native memo dies with it: the Python objects its listings made (the
    public API's actions) are freed, and what it held is given back to the budget."""
    import gc
    import weakref
    from tortuga_rules.game import legality

    class Made:
        """An action as a listing makes it, that a weak reference can follow."""

        def __init__(self, kind, args):
            self.kind, self.args = kind, args

    legality.forget()
    rules = load_ruleset(RulesText("house.yaml", "id: house\nextends: standard\nname: House\n"
                                                 "description: A house rule of its own.\n"))
    state = new_game(rules, 5, 1)
    while state.decision.kind != "action":
        state = apply_action(state, legal_actions(state)[0])
    game = native.open_game(state)
    made = game.legal_actions(Made)
    assert game.legal_actions(Made)[0] is made[0]  # remembered with the listing
    mine, total = native.native_rules(rules).memo_items, legality.memo_items()
    assert mine >= len(made)
    freed = weakref.ref(made[0])
    del state, game, made, rules
    gc.collect()
    assert freed() is None
    assert legality.memo_items() == total - mine


def test_a_native_setup_that_leaves_nothing_to_play_fails_as_the_references():
    """A play program that ends at once, with nothing to decide and no finish: the native
    setup fails, logged or not, with the error the reference's new_game gives."""
    from tortuga_rules.model.rng import seed_state
    rules = tiny_kit('say("v", 1)\nsay("v", 2)')
    with _on_the_reference(), pytest.raises(RulesError) as theirs:
        new_game(rules, 2, 1)
    assert "the program play ended without a decision or finish" in str(theirs.value)
    for record in (True, False):
        with pytest.raises(native.NATIVE_FAILURES) as mine:
            native.native_rules(rules).new_game(2, seed_state(1), record)
        assert str(native.failure(rules, mine.value)) == str(theirs.value)
    with pytest.raises(RulesError) as public:  # the public API: the reference says why
        new_game(rules, 2, 1)
    assert str(public.value) == str(theirs.value)


# -- the words' checks as they run, alike on both engines -----------------------------------------

#: A kit game with dice, a counter with a range and a declared ``held``, for house rules that
#: give the kit's words values they refuse.
CHECKED = """\
game: tortuga-dice
id: checked
name: Checked
description: A kit game whose words refuse what they are given, on purpose.
clauses: {}
players: {min: 2, max: 4}
components:
  counters: {n: 0, target: {start: -1, min: -1, max: last-seat}}
  held: [seat, [side, letters], token]
  zones:
    bag: {seen: nobody, bag: true, tokens: {red: 2, blue: 2}}
    hand: {of: seat, seen: owner}
    cup: {of: seat, dice: start, seen: owner}
  dice:
    wild: skull
    faces:
      B: [[raid, 2], [skull, 0]]
      A: [[raid, 1], [board, 3]]
play: |
  %s
"""


def _checked(play: str):
    return load_ruleset(RulesText("checked.yaml", CHECKED % play.replace("\n", "\n  ")))


@pytest.mark.parametrize("failing, message", [
    ("x = first([])", "first of an empty list: it has no first item"),
    ("x = second([c])", "second of a list of 1 item: it has no second item"),
    ("x = last(rest([c]))", "last of an empty list: it has no last item"),
    ("x = first(first([3, [1]]))", "first takes a list, not 3"),
    ('x = first([1, "a"]) < "b"', """'<' orders two numbers or two texts, not 1 and "b\""""),
    ("x = first([none, 1]) >= none", "'>=' orders two numbers or two texts, not none and none"),
    ('x = [1, "a"] < [1, 2]', """'<' orders two numbers or two texts, not [1, "a"] and [1, 2]"""),
    ("x = 1 in first([none, [1]])", "the right side of 'in' must be a list, not none"),
    ('x = 1 in first(["ab", [1]])', "the right side of 'in' must be a list, not text"),
    ("x = side(none)", "none is not a die of this game (a die is a [letter, face] pair: "
                       "letters B, A)"),
    ('x = pips(first([["A", 9], 1]))', "('A', 9) is not a die of this game"),
    ('x = letter(["A", true])', "('A', True) is not a die of this game"),
    ('x = showing([["B", 1], "x"], "raid")', "'x' is not a die of this game"),
    ('x = of_a_kind(zone(0, "cup"), [["raid", "2"]])',
     "of_a_kind's room must be a list of [side, number] pairs, not (('raid', '2'),)"),
    ('move_last(0, "hand", none, "bag")', "zone hand of seat 0 is empty: it has no token to move"),
    ("x = total([1, true])", "total takes a list of numbers, not (1, True)"),
    ("x = total([999999999999, 999999999999])", "a number beyond ±1,000,000,000,000"),
    ('x = highest(["a"])', "highest takes a list of numbers, not ('a',)"),
    ('x = complete_sets([1, "a"], 2)', "complete_sets takes a list of numbers"),
    ("x = ranked(players(), [1], 0)", "ranked's totals must be a number for each of the 2 seats, "
                                      "not (1,)"),
    ("x = between(1, 257)", "between(1, 257) would be a list of more than 256 items"),
    ('finish([1, "a"], "r")', 'finish takes a number for each seat, not [1, "a"]'),
    ('set_counter("target", 99)', "counter target takes -1..1 in this 2-player game, not 99"),
    ('set_counter("target", -2)', "counter target takes -1..1 in this 2-player game, not -2"),
    ('hold(0, ["raid", "AA"])', 'seat 0 may hold seat or [side, letters] or token, not '
                                '["raid", "AA"]'),
    ('hold(1, ["skull", "C"])', 'may hold seat or [side, letters] or token, not ["skull", "C"]'),
    ('hold(0, "green")', 'seat 0 may hold seat or [side, letters] or token, not "green"'),
    ("hold(0, none)", "seat 0 may hold seat or [side, letters] or token, not none"),
    ("choose x from first([3, [1]]) by 0", "the options of 'choose' must be a list of this game, not 3"),
    ('for i in first(["ab", [1]]) { say("v", i) }', "what 'for' goes through must be"),
    ('repeat first(["a", 1]) { say("v", 1) }', "the count of 'repeat' must be a number of this game"),
    ('x = track(first([7, 1]), "fleet")', ""),  # no track: refused at load, or by the seat check
    ('x = zone(first([7, 1]), "hand")', "zone's argument 'seat' must be a seat of this game, not 7"),
    ('x = zone(first(["abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq", 1]), "hand")',
     "zone's argument 'seat' must be a seat of this game, not 'abcdefghijklmnopqrstuvwxyz"),
    ('x = zone(none, "hand" + "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq")', "no zone "),
])
def test_a_word_refusing_its_values_fails_alike_on_every_path(failing, message):
    """Each word's check as it runs (a list too short, values that do not order, a die that
    is none, an empty zone, no numbers, a counter out of its range, a pick the rules do not
    let a seat hold, a choice's options, a loop's list or count of another type): the
    reference's located error, the same text on every native path and through
    ``apply_action``, the state unchanged."""
    try:
        rules = _checked("choose c from [1, 2] by 0\n" + failing)
    except DataError:
        assert message == "", failing  # refused at load: neither engine runs it
        return
    assert native.why_python(rules) is None
    state = new_game(rules, 2, 1)
    want = _the_references_error(state)
    assert message in want, want
    assert set(_native_paths(state).values()) == {want}
    with pytest.raises(RulesError) as public:
        apply_action(state, legal_actions(state)[0])
    assert str(public.value) == want


@pytest.mark.parametrize("ok", [
    'hold(0, 1)\nhold(1, ["raid", "AB"])\nhold(0, "red")\nx = held(1)',
    'set_counter("target", 1)\nset_counter("target", -1)',
    "x = second([c, 2]) + last([c]) + first([c])",
    "x = complete_sets([1, 2, 3], 999999999999) + complete_sets([4], -1)",
    "x = between(1, 256)",
    'x = distinct([[1, "a"], [1, 2], none, 3, "b", [1]])',
    'x = [pips(["A", 1]), side(["B", 1]), letter(["B", 0])]',
    'x = [1, 2] < [1, 3] and "a" < "b" and 1 in [1] and total([1, 2]) == 3',
    'move_last(none, "bag", 0, "hand")\nx = zone(0, "hand")',
    'x = zone(first([none, 1]), "bag")\nmove_token(first([none, 1]), "bag", "red", 1, "hand")',
])
def test_a_word_given_what_it_takes_runs_alike_on_both_engines(ok):
    """The same words given values they take: the same state and log on both engines."""
    rules = _checked("choose c from [1, 2] by 0\n" + ok + "\nsay(\"v\", c)\n"
                     "choose d from [1, 2] by 0")
    assert native.why_python(rules) is None
    outcomes = []
    for engine in ("python", "native"):
        game = Rollout(new_game(rules, 2, 1), record=True, engine=engine)
        game.apply(game.legal_actions()[0])
        outcomes.append((game.state().to_data(), game.state().events))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("effect, message", [
    ("reveal(slot, revealer)", "row slot 1 holds no card to reveal"),
    ('vote("mut" + "ini", revealer)', "no vote named 'mutini' (the votes: attack, brawl, mutiny)"),
    ("choose who from rest([revealer])\nmaroon(who)",
     "choose who from rest([revealer]): there is nothing to choose from"),
    ("choose who from rest([revealer]) else { who = none }\nmaroon(who)",
     "maroon's argument 'seat' must be a seat of this game, not none"),
    ("x = first(rest([revealer]))", "first of an empty list: it has no first item"),
    ('give_vote(revealer, left_of(revealer), "v99")',
     "seat 0 holds no vote card 'v99' to give (their hand: "),
])
def test_a_tortuga_1667_word_refusing_its_values_fails_alike_on_every_path(tmp_path, effect,
                                                                            message):
    """Tortuga 1667's words check as they run on both engines: an empty row slot revealed, a
    computed vote name, a choice of no options (without else, and with an else giving a
    verb that wants a seat none), a vote card given that the giver does not hold."""
    from helpers import position
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nextends: standard\nname: House\ndescription: A test.\n"
                     "changes:\n  cards:\n    pistol:\n      effect: |\n"
                     + "".join(f"        {line}\n" for line in effect.split("\n")),
                     encoding="utf-8")
    rules = load_ruleset(str(house))
    assert native.why_python(rules) is None
    state = position(rules, row=("pistol", None, None, None, None))
    at = legal_actions(state).index(Action("reveal", (("slot", 1),)))
    want = _the_references_error(state, at)
    assert message in want, want
    assert set(_native_paths(state, at).values()) == {want}
    with pytest.raises(RulesError) as public:
        apply_action(state, legal_actions(state)[at])
    assert str(public.value) == want


#: House rules calling ``left_of`` and ``give_vote`` on the Pistol: the revealer's left
#: neighbour is marooned, or gets a vote card the revealer chooses secretly.
NEW_WORDS = {
    "left_of": "move(left_of(revealer), tortuga)",
    "give_vote": "choose c from hand(revealer) secretly\n"
                 "give_vote(revealer, left_of(revealer), c)",
}


@pytest.mark.parametrize("word", sorted(NEW_WORDS))
def test_rules_calling_left_of_or_give_vote_play_natively_the_references_games(tmp_path, word):
    """A ruleset calling the word runs natively; from the Pistol's reveal, random games are
    the reference's step by step (states, logs, options), and every seat's view of each
    end - what it was told of the given card, in narration - is the reference's."""
    from helpers import house_rules, position
    rules = house_rules(tmp_path, "pistol", NEW_WORDS[word])
    assert native.why_python(rules) is None
    start = position(rules, row=("pistol", None, None, None, None))
    reveal = legal_actions(start).index(Action("reveal", (("slot", 1),)))
    for seed in range(3):
        game = native.open_game(start, record=True)
        game.apply(reveal)
        state = _reference_step(start, legal_actions(start)[reveal])
        _same(state, game, rules)
        state, _ = _play_on(state, game, rules, random.Random(seed), limit=200)
        mine = native.state_of(game, rules)
        for seat in range(5):
            assert view(mine, seat, "en") == view(state, seat, "en")


def test_after_a_vote_card_is_given_every_seats_world_is_drawn_natively_as_determinize_draws(
        tmp_path):
    """Just after the Pistol's revealer gave a vote card to the left, each seat's world
    drawn natively (the giver's, the taker's, a third seat's) is ``determinize``'s."""
    from helpers import house_rules, reveal_pistol
    from tortuga_rules import determinize
    from tortuga_rules.bots.knowledge import Knowledge

    rules = house_rules(tmp_path, "pistol", NEW_WORDS["give_vote"])
    at = reveal_pistol(rules)[1]()
    for card in at.decision.options:
        given = apply_action(at, Action("choose", (("c", card),)))
        assert "gave-vote" in [e[1] for e in given.events]
        for seat in range(given.players):
            game, _ = Knowledge.of(given, seat).sample_game(seat)
            assert game.engine == "native"
            got, want = game.state().to_data(), determinize(given, seat, seat).to_data()
            got.pop("events"), want.pop("events")
            assert got == want, (card, seat)


def test_a_word_a_host_replaced_runs_on_the_reference(tmp_path, monkeypatch):
    """The native engine knows a word by its name: rules loaded while a word is not
    tortuga_rules' own run on the reference, which calls it."""
    house = replaced_word_file(tmp_path, monkeypatch)
    rules = load_ruleset(str(house))
    assert native.why_python(rules) == ("the native engine does not know the word reversed "
                                        "as helpers defines it")
    assert native.why_python(tiny_kit("choose c from [1, 2] by 0")) is None  # another game's


def _played_by_steps(game, seed) -> tuple:
    """``game`` played to its end one native step a call, each option drawn in Python by
    a generator seeded with ``seed`` (so threads take turns between steps, and the memo
    its rules share is read and filled by both); its steps, outcome and fields then."""
    rnd = random.Random(seed)
    while not game.is_terminal:
        game.apply(rnd.randrange(game.option_count()))
    return game.step_number, game.outcome, game.fields()


def _in_threads(*jobs) -> list:
    """What each of ``jobs`` returned, every job run at once in a thread of its own,
    each holding the GIL by turns (the interpreter asked to switch often)."""
    results, raised = [None] * len(jobs), []

    def run(i, job):
        try:
            results[i] = job()
        except BaseException as exc:  # any failure, handed back to the test
            raised.append(exc)
    switch, threads = sys.getswitchinterval(), [
        threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    sys.setswitchinterval(1e-6)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    finally:
        sys.setswitchinterval(switch)
    assert not raised, raised
    return results


@pytest.mark.parametrize("name,players", [("standard", 5), ("tortuga-dice", 3)])
def test_two_threads_playing_copies_of_native_games_at_once_end_as_played_one_by_one(
        name, players):
    """Two threads play copies of the same native games at once, by steps and by whole
    playouts, on rules (and a memo) they share: every game ends as it does when the
    games are played one after another."""
    from tortuga_rules.game import legality
    rules = load_ruleset(name)
    dealt = [native.open_game(new_game(rules, players, seed)) for seed in range(4)]
    assert all(dealt)

    def by_steps(order):
        return lambda: [_played_by_steps(dealt[i].copy(), i) for i in order]

    def by_playouts(order):
        return lambda: [_played_out(dealt[i].copy(), i) for i in order]
    forward, backward = range(len(dealt)), range(len(dealt) - 1, -1, -1)
    alone = [by_steps(forward)(), by_playouts(forward)()]
    legality.forget()  # the threads fill the memo afresh, together
    assert _in_threads(by_steps(forward), by_steps(backward)) == [alone[0], alone[0][::-1]]
    assert _in_threads(by_playouts(forward), by_steps(forward)) == [alone[1], alone[0]]


def _played_out(game, seed) -> tuple:
    """``game`` played to its end in one native call (a random playout seeded by
    ``seed``); its steps, outcome and fields then."""
    game.random_playout(seed, 1_000_000)
    return game.step_number, game.outcome, game.fields()


def test_native_rules_made_in_one_thread_play_in_another():
    """Rules read natively in a worker thread (as the server builds a ruleset in
    ``asyncio.to_thread``) play in the thread that asked for them, and a game opened in
    one thread plays on in another: the same games as the reference's."""
    text = RulesText("house.yaml", "id: house\nextends: standard\nname: House\n"
                                   "description: A house rule of its own.\n")
    rules = _in_threads(lambda: load_ruleset(text))[0]
    made = _in_threads(lambda: native.native_rules(rules))[0]
    assert made is not None and native.native_rules(rules) is made
    games = _in_threads(lambda: [native.open_game(new_game(rules, 4, s)) for s in (1, 2)])[0]
    assert [_played_by_steps(g, 5) for g in games] == [
        _played_by_steps(native.open_game(new_game(rules, 4, s)), 5) for s in (1, 2)]
    mine = _public_game(rules, 4, 3)[-1]
    with _on_the_reference():
        theirs = _public_game(rules, 4, 3)[-1]
    assert mine.to_data() == theirs.to_data()


@pytest.mark.parametrize("name,players", [("standard", 5), ("tortuga-dice", 3)])
def test_a_random_playout_plays_the_games_stepped_by_its_own_draws(name, players):
    """``random_playout`` (which draws a turn action without listing every one where the
    memo answers) plays the game that stepping by option numbers plays with the same
    generator's draws: with the memo empty, warm, and emptied again and again by a small
    budget."""
    from tortuga_rules.game import legality
    from tortuga_rules.model import rng
    rules = load_ruleset(name)
    dealt = [native.open_game(new_game(rules, players, seed)) for seed in range(3)]

    def stepped(game, seed):
        state = seed
        while (count := game.option_count()) > 0:
            state, at = rng.below(state, count)
            game.apply(at)
        return game.step_number, game.outcome, game.fields()

    def played_out(game, seed):
        game.random_playout(seed, 1_000_000)
        return game.step_number, game.outcome, game.fields()

    def both():
        return [(played_out(g.copy(), s), stepped(g.copy(), s))
                for s, g in enumerate(dealt)]
    legality.forget()
    for out, by_steps in both() + both():  # empty, then warm
        assert out == by_steps
    old = legality.set_memo_budget(40)
    try:
        for out, by_steps in both():
            assert out == by_steps
    finally:
        legality.set_memo_budget(old)
