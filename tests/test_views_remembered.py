"""Views made of remembered parts are the views made afresh, byte for byte.

Lockstep: seeded random games are played and, at every step, every seat's view, the
referee's and the spectators' (``public_view``) - without words, in English and in
another language, with and without the players' names, with and without the deciding
seat's options - are compared as JSON text with the same view made inside
``remembered.afresh()`` (the code that made every view before the memo of view parts), on
the reference engine and on the native engine, for Tortuga 1667 and the dice game; and
the native engine's views with the reference engine's of the same game.
"""

import json
import random

import pytest

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game, public_view, view
from tortuga_rules.game import native
from tortuga_rules.game.remembered import Remembered, afresh, remembered

#: What each lockstep game is: ruleset, players, seed.
GAMES = [("standard", 5, 1), ("standard", 4, 2), ("first-edition", 4, 3),
         ("timer", 5, 4), ("tortuga-dice", 4, 5), ("two-players", 2, 6)]
#: The players' names of the games that have them.
NAMES = ("Anne", "Bartholomew", "Calico Jack", "Mary", "Ned")


def _views(state, names) -> list:
    """Every view of ``state`` the test compares, each as JSON text."""
    out = []
    audiences = [None, *range(state.players)]
    for lang, named in ((None, None), ("en", names), ("en", None), ("ko", names)):
        for seat in audiences:
            out.append(json.dumps(view(state, seat, lang, named)))
            out.append(json.dumps(view(state, seat, lang, named, choices=False)))
        out.append(json.dumps(public_view(state, lang, named)))
    return out


def _lockstep(ruleset: str, players: int, seed: int) -> list:
    """Play one seeded random game; at each step the views (remembered, asked twice)
    equal the views made afresh. The views of every step, in order."""
    rules = load_ruleset(ruleset)
    rnd = random.Random(seed)
    state = new_game(rules, players, seed)
    names = NAMES[:players] if seed % 2 else None
    seen = []
    while True:
        first = _views(state, names)
        again = _views(state, names)
        with afresh():
            fresh = _views(state, names)
        assert first == fresh, f"{ruleset} step {state.step}: a remembered view differs"
        assert again == fresh, f"{ruleset} step {state.step}: a view asked again differs"
        seen.append(fresh)
        if state.outcome is not None or state.step >= 120:
            return seen
        actions = legal_actions(state)
        state = apply_action(state, actions[rnd.randrange(len(actions))])


@pytest.mark.parametrize("ruleset, players, seed", GAMES)
def test_remembered_views_are_the_views_made_afresh_on_the_reference_engine(ruleset, players,
                                                                            seed):
    """On the reference engine, every view of a random game - every seat, the referee and
    the spectators, with and without words, names and options - is the JSON text it was
    before views remembered their parts."""
    with native.on_engine("python"):
        _lockstep(ruleset, players, seed)


@pytest.mark.native
@pytest.mark.skipif(not native.built(), reason="the native engine is not built")
@pytest.mark.parametrize("ruleset, players, seed", GAMES)
def test_remembered_views_on_the_native_engine_are_the_reference_engine_views(ruleset,
                                                                             players, seed):
    """On the native engine, every view of a random game is the one made afresh, and the
    one the reference engine shows of the same game."""
    with native.on_engine("native"):
        played = _lockstep(ruleset, players, seed)
    with native.on_engine("python"):
        reference = _lockstep(ruleset, players, seed)
    assert played == reference


def test_a_view_changed_by_its_caller_leaves_the_next_view_as_it_was():
    """A view handed out is the caller's own: changing its options, events and labels
    does not change the next view of the same state."""
    rules = load_ruleset("standard")
    state = new_game(rules, 5, 7)
    for _ in range(30):
        state = apply_action(state, legal_actions(state)[0])
    seat = state.current_player
    before = json.dumps(view(state, seat, "en"))
    shown = view(state, seat, "en")
    shown["decision"]["choices"].clear()
    shown["events"].append({"kind": "made up"})
    shown["labels"]["places"].clear()
    shown["labels"]["cards"]["made up"] = {}
    assert json.dumps(view(state, seat, "en")) == before


def test_the_same_decision_is_labelled_with_each_tables_names():
    """The remembered options of one listing are labelled with each table's own names
    (the names are part of what they are remembered by)."""
    rules = load_ruleset("standard")
    state = new_game(rules, 5, 8)
    for _ in range(12):
        state = apply_action(state, legal_actions(state)[-1])
    seat = state.current_player
    ours = view(state, seat, "en", ["A1", "B1", "C1", "D1", "E1"])
    theirs = view(state, seat, "en", ["A2", "B2", "C2", "D2", "E2"])
    with afresh():
        assert view(state, seat, "en", ["A2", "B2", "C2", "D2", "E2"]) == theirs
        assert view(state, seat, "en", ["A1", "B1", "C1", "D1", "E1"]) == ours


def test_the_memo_of_view_parts_is_bounded_by_its_bytes():
    """A ruleset's memo of view parts never holds more than its limit: past it, it is
    emptied and refills."""
    memo = Remembered(limit=2_000)
    for i in range(200):
        memo.get(("part", i), lambda: {"text": "x" * 100, "i": i})
        assert memo.held <= 2_000
    assert 0 < len(memo.parts) < 200
    assert memo.get(("part", 199), lambda: None).thaw() == {"text": "x" * 100, "i": 199}


def test_afresh_remembers_nothing():
    """Inside afresh() no view part is remembered (the comparison the lockstep makes)."""
    rules = load_ruleset("standard")
    with afresh():
        assert remembered(rules) is None
    assert remembered(rules) is not None


@pytest.mark.parametrize("engine", ["python", "native"])
def test_views_of_a_live_rollout_follow_it_as_it_is_played(engine):
    """A rollout's live position, changed in place by each step, is viewed as it is now,
    not as it was when last viewed (what every seat's views share is kept per step)."""
    if engine == "native" and not native.built():
        pytest.skip("the native engine is not built")
    from tortuga_rules import Rollout
    rules = load_ruleset("standard")
    rnd = random.Random(9)
    with native.on_engine(engine):
        rollout = Rollout(new_game(rules, 5, 9))
        for _ in range(60):
            live = rollout.live
            shown = [json.dumps(view(live, seat, "en")) for seat in range(5)] * 2
            with afresh():
                fresh = [json.dumps(view(live, seat, "en")) for seat in range(5)] * 2
            assert shown == fresh
            actions = rollout.legal_actions()
            if not actions:
                break
            rollout.apply(actions[rnd.randrange(len(actions))])


def test_actions_equal_in_python_but_said_differently_are_remembered_apart():
    """True, 1 and a place numbered 1 are equal in Python and said differently: an
    action's key for its remembered words tells them apart, and is the action itself
    where its values are plain strings and whole numbers."""
    from tortuga_rules.game.remembered import exact
    from tortuga_rules.games.tortuga1667.components import Place
    from tortuga_rules.model.actions import Action
    plain = Action("force", (("slots", (1, 3)), ("target", 2)))
    assert exact(plain) is plain
    keys = {exact(Action("choose", (("x", v),))) for v in (True, 1, Place.JOLLY_ROGER)}
    assert len(keys) == 3


def test_the_words_of_single_actions_are_bounded_by_their_count(monkeypatch):
    """The memo's words of single actions never pass their count: past it they are
    emptied and refill."""
    from tortuga_rules.game import remembered as module
    monkeypatch.setattr(module, "ROWS", 10)
    memo = Remembered()
    for i in range(50):
        assert memo.row(("said", i), lambda: ("a", "b")) == ("a", "b")
        assert len(memo.rows) <= 10
