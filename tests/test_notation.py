"""The action notation: a short text for every action that parses back to it."""

import pytest
from helpers import sample_games
from hypothesis import given, settings
from hypothesis import strategies as st

from tortuga_rules import IllegalActionError, load_ruleset
from tortuga_rules.model.actions import Action
from tortuga_rules.games.tortuga1667.components import ChestSpot, Place


def test_every_legal_action_of_random_games_round_trips():
    """str(action) parses back to the same action, for every legal action of every step."""
    from tortuga_rules import legal_actions
    for rules, states in sample_games():
        for s in states:
            for a in legal_actions(s):
                assert Action.parse(str(a)) == a, a
                assert Action.parse(str(a), rules) == a, a


@pytest.mark.parametrize("text, kind, args", [
    ("force 1,3 @2", "force", (("slots", (1, 3)), ("target", 2))),
    ("force 3,1 2", "force", (("slots", (1, 3)), ("target", 2))),
    ("  view   4,2 ", "view", (("slots", (2, 4)),)),
    ("row jolly_roger", "row", (("to", Place.JOLLY_ROGER),)),
    ("move_chest galleon>jolly_roger_french", "move_chest",
     (("move", (ChestSpot.GALLEON, ChestSpot.JOLLY_ROGER_FRENCH)),)),
    ("choose slot 3", "choose", (("slot", 3),)),
    ("choose spot tortuga:2", "choose", (("spot", (Place.TORTUGA, 2)),)),
    ("choose take none", "choose", (("take", "none"),)),
    ('choose how "tortuga"', "choose", (("how", "tortuga"),)),
    ("vote v07", "vote", (("card", "v07"),)),
    ("vote v07,v02", "vote", (("cards", ("v02", "v07")),)),
    ("force target=@2 slots=3,1", "force", (("target", 2), ("slots", (1, 3)))),
])
def test_texts_parse_to_actions_with_slots_in_any_order(rules, text, kind, args):
    """The notation's forms, sets normalised (slots sorted), seats with or without '@'."""
    assert Action.parse(text) == Action(kind, args)


def test_the_canonical_text_marks_seats_and_sorts_slots(rules):
    """str() writes seats as @n, slot pairs ascending, choices by name."""
    assert str(Action("force", (("slots", (1, 3)), ("target", 2)))) == "force 1,3 @2"
    assert str(Action("maroon", (("target", 4),))) == "maroon @4"
    assert str(Action("choose", (("victim", 1),))) == "choose victim @1"
    assert str(Action("attack")) == "attack"


@pytest.mark.parametrize("text, message", [
    ("", "not an action"),
    ("force 1,3", "force takes 2 value"),
    ("fly 1", "no loaded ruleset has the action 'fly'"),
    ("choose 3", "a choice is 'choose NAME VALUE'"),
    ("vote", "a vote is"),
    ("row ???", "cannot read the value"),
    ("force slots=1,3 @2", "give every value by name, or none"),
    ("x" * 2000, "more than 1000"),
    ('choose how "unclosed', "not a quoted text"),
])
def test_unreadable_texts_are_refused_saying_why(rules, text, message):
    """A text that is no action gets an IllegalActionError naming the problem."""
    with pytest.raises(IllegalActionError, match=message):
        Action.parse(text)


def test_a_ruleset_names_the_parameters_of_its_own_actions():
    """parse(text, rules) reads positional values with that ruleset's catalogue."""
    first = load_ruleset("first-edition")
    assert Action.parse("row tortuga", first) == Action("row", (("to", Place.TORTUGA),))
    with pytest.raises(IllegalActionError, match="play_letter"):
        Action.parse("play_letter @1 jolly_roger", first)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_parse_never_fails_with_anything_but_an_illegal_action(text):
    """Hostile text is refused with IllegalActionError, never another exception."""
    load_ruleset("standard")
    try:
        a = Action.parse(text)
    except IllegalActionError:
        return
    assert Action.parse(str(a)) == a
