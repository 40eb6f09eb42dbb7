"""The action notation: a short text for every action that parses back to it."""

import pytest
from helpers import house_rules, sample_games
from hypothesis import given, settings
from hypothesis import strategies as st

from tortuga_rules import IllegalActionError, load_ruleset
from tortuga_rules.model.actions import Action
from tortuga_rules.games.tortuga1667.components import ChestSpot, Place


def test_every_legal_action_of_random_games_round_trips():
    """action.text(rules) parses back with the rules, str(action) with or without them,
    for every legal action of every step."""
    from tortuga_rules import legal_actions
    for rules, states in sample_games():
        for s in states:
            for a in legal_actions(s):
                assert Action.parse(a.text(rules), rules) == a, a
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
    assert Action.parse(text, rules) == Action(kind, args)


def test_the_canonical_text_marks_seats_and_sorts_slots(rules):
    """text(rules) writes seats as @n, slot pairs ascending, choices by name."""
    assert Action("force", (("slots", (1, 3)), ("target", 2))).text(rules) == "force 1,3 @2"
    assert Action("maroon", (("target", 4),)).text(rules) == "maroon @4"
    assert Action("choose", (("victim", 1),)).text(rules) == "choose victim @1"
    assert Action("attack").text(rules) == "attack"


def test_without_rules_an_action_names_its_values_and_reads_back(rules):
    """str(action) knows no ruleset: a turn action names its values, no seat is marked,
    and the text reads back to the action with or without the rules."""
    force = Action("force", (("slots", (1, 3)), ("target", 2)))
    assert str(force) == "force slots=1,3 target=2"
    assert str(Action("choose", (("victim", 1),))) == "choose victim 1"
    assert str(Action("attack")) == "attack"
    assert Action.parse(str(force)) == force == Action.parse(str(force), rules)
    with pytest.raises(IllegalActionError, match="pass the rules"):
        Action.parse("force 1,3 @2")


def test_loading_other_rules_never_changes_how_a_game_writes_its_actions(tmp_path, rules):
    """A house rule whose choice 'who' is no seat writes that choice its way; the
    standard game, loaded before and after it, still writes 'choose who @2'."""
    who = Action("choose", (("who", 2),))
    before = who.text(rules)
    house = house_rules(tmp_path, "pistol", "choose who from []\nmaroon(who)")
    assert who.text(house) == "choose who 2"
    assert who.text(rules) == before == "choose who @2"
    assert who.text(load_ruleset("standard")) == before


@pytest.mark.parametrize("text, message", [
    ("", "not an action"),
    ("force 1,3", "force takes 2 value"),
    ("fly 1", "these rules have no action 'fly'"),
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
        Action.parse(text, rules)


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
    rules = load_ruleset("standard")
    for given_rules in (None, rules):
        try:
            a = Action.parse(text, given_rules)
        except IllegalActionError:
            continue
        assert Action.parse(str(a)) == a
        assert Action.parse(a.text(given_rules), given_rules) == a
