"""The numbered action space: every legal action has a stable id, and the mask is exact."""

import random

import pytest
from helpers import sample_games

from tortuga_rules import (ActionSpace, ArgumentError, action_from_id, action_id, apply_action,
                           legal_actions, legal_mask, load_ruleset, new_game)


def test_every_legal_action_has_an_id_that_gives_it_back():
    """Over random games of several rulesets, ids cover every legal action and invert."""
    for _rules, states in sample_games():
        for s in states:
            legal = legal_actions(s)
            ids = [action_id(s, a) for a in legal]
            assert len(set(ids)) == len(ids)
            assert [action_from_id(s, i) for i in ids] == list(legal)
            mask = legal_mask(s)
            assert sum(mask) == len(legal) and all(mask[i] for i in ids)


def test_the_space_depends_only_on_the_ruleset_and_the_player_count():
    """Two loads of a ruleset number actions alike; another player count may differ."""
    a = ActionSpace.of(load_ruleset("standard"), 5)
    b = ActionSpace(a.ruleset_hash, 5, tuple(a.actions), {})
    assert a.actions == b.actions and a.size > 100
    s = new_game(load_ruleset("standard"), 5, 1)
    assert action_from_id(s, 0) == a.actions[0]
    assert ActionSpace.of(load_ruleset("standard"), 9).size > a.size


@pytest.mark.parametrize("number", [-1, 10**9, "3", 1.0, True, None])
def test_a_number_outside_the_space_is_refused(number):
    """action_from_id takes only an int inside the space."""
    s = new_game(load_ruleset("standard"), 4, 1)
    with pytest.raises(ArgumentError, match="no action"):
        action_from_id(s, number)


def test_an_action_outside_the_space_is_named():
    """action_id of something that is no action of this game says so."""
    from tortuga_rules import Action
    s = new_game(load_ruleset("standard"), 4, 1)
    with pytest.raises(ArgumentError, match="'fly' is not in the action space"):
        action_id(s, Action("fly"))
    with pytest.raises(ArgumentError):
        action_id(s, "row tortuga")


def test_values_equal_as_numbers_get_their_own_ids():
    """A choice that may name a chest move or a line's space ('take') numbers both: the move
    (galleon, jolly_roger_french) and the space flying_dutchman:4 are (0, 4) underneath and
    compare equal, yet are different actions with different ids."""
    from tortuga_rules.model.actions import Action
    from tortuga_rules.games.tortuga1667.components import ChestSpot, Place
    s = new_game(load_ruleset("standard"), 5, 1)
    space = ActionSpace.of(s.rules, 5)
    move = Action("choose", (("take", (ChestSpot.GALLEON, ChestSpot.JOLLY_ROGER_FRENCH)),))
    spot = Action("choose", (("take", (Place.FLYING_DUTCHMAN, 4)),))
    assert move == spot and move in space.actions and spot in space.actions
    assert action_id(s, move) != action_id(s, spot)
    assert type(action_from_id(s, action_id(s, move)).args[0][1][0]) is ChestSpot
    assert len(space.index) == space.size


def test_the_mask_marks_exactly_the_legal_actions_at_every_step():
    """legal_mask (which remembers the numbers of the action objects it saw) marks the
    numbers of the legal actions, at every step of random games, also when the same
    objects come back from the legality memo."""
    rules = load_ruleset("standard")
    for seed in range(2):
        rnd = random.Random(seed)
        state = new_game(rules, 5, seed)
        while not state.is_terminal:
            legal = legal_actions(state)
            mask = legal_mask(state)
            assert [i for i, m in enumerate(mask) if m] == \
                sorted(action_id(state, a) for a in legal)
            state = apply_action(state, legal[rnd.randrange(len(legal))])
