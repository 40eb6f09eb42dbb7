"""Random programs: compiled and run, they give a game or a located TortugaError, alike on
every engine - never another exception.

The programs are drawn from a strategy over the DSL's statements (``let``, ``choose`` with
and without ``else``, ``if``/``else``, ``repeat``, ``for``, the kit's verbs ``say``,
``advance``, ``set_counter``, ``move_all``) and the kit's list and number words
(``first``, ``last``, ``rest``, ``without``, ``distinct``, ``count``, indexing, ``//``,
``%``, ``*``), so most of them compile and many fail as they run: empty
lists, positions outside a list, division by zero, numbers out of range, choosers that
are no seat, choices with nothing to choose from. Random Pistols do the same with Tortuga
1667's words (seats, places, holds and the choices among them).
"""

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tortuga_rules import Rollout, apply_action, legal_actions, new_game
from tortuga_rules.errors import RulesError, TortugaError

from tortuga_rules.model.actions import Action

from helpers import dice_house, house_rules, reveal_pistol

_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
                 database=None, phases=[Phase.explicit, Phase.generate])

numbers = st.deferred(lambda: st.one_of(
    st.integers(-3, 3).map(str), st.just("a"),
    st.builds("first({})".format, lists), st.builds("last({})".format, lists),
    st.builds("count({})".format, lists), st.builds("{}[{}]".format, lists, numbers),
    st.builds("({} {} {})".format, numbers, st.sampled_from(["+", "-", "*", "//", "%"]),
              numbers)))
lists = st.deferred(lambda: st.one_of(
    st.sampled_from(["b", "[]", "[1, 2]"]), st.builds("[{}, {}]".format, numbers, numbers),
    st.builds("rest({})".format, lists), st.builds("distinct({})".format, lists),
    st.builds("without({}, {})".format, lists, numbers),
    st.builds("({} + {})".format, lists, lists)))
seats = st.one_of(st.sampled_from(["0", "1", "2"]), numbers)


def _block(body: list) -> str:
    return "{\n" + "\n".join(body) + "\n}"


statements = st.deferred(lambda: st.one_of(
    st.builds("a = {}".format, numbers),
    st.builds("b = {}".format, lists),
    st.builds('say("v", {})'.format, numbers),
    st.builds('advance({}, "fleet", {})'.format, seats, numbers),
    st.builds('set_counter("target", {})'.format, numbers),
    st.builds('a = track({}, "crew")'.format, seats),
    st.builds('move_all({}, "bag", {}, "central")'.format, seats, seats),
    st.builds("choose a from {} by {}".format, lists, seats),
    st.builds("choose a from {} by {} else {{ a = {} }}".format, lists, seats, numbers),
    st.builds("if {} > {} {} else {}".format, numbers, numbers, blocks, blocks),
    st.builds("repeat {} {}".format, numbers, blocks),
    st.builds("for a in {} {}".format, lists, blocks)))
blocks = st.lists(statements, min_size=1, max_size=3).map(_block)
programs = st.lists(statements, min_size=1, max_size=6).map(
    lambda body: "a = 1\nb = [1, 2]\nchoose c from [1, 2] by 0\n" + "\n".join(body)
    + "\nchoose e from [1, 2] by 0")


def _outcome(play) -> str:
    """What playing gives: the decision after it, or the RulesError's text."""
    try:
        return repr(play())
    except RulesError as exc:
        return str(exc)


@settings(max_examples=25, **_SETTINGS)
@given(programs)
def test_a_random_kit_program_plays_or_fails_located_alike_on_every_engine(tmp_path_factory,
                                                                         program):
    """A random play program: its load, setup and first step give a game or a TortugaError,
    and its first step the same decision or the same located error on every path."""
    try:
        rules = dice_house(tmp_path_factory.mktemp("k"), program)
        state = new_game(rules, 3, 1)
    except TortugaError:
        return
    action = legal_actions(state)[0]

    def rolled(engine):
        roll = Rollout(state, engine=engine)
        roll.apply(action)
        return roll.state().decision

    told = {_outcome(lambda: apply_action(state, action).decision),
            _outcome(lambda: rolled("python")), _outcome(lambda: rolled(None))}
    assert len(told) == 1, (program, told)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs)
def test_many_random_kit_programs_play_or_fail_located_alike(tmp_path_factory, program):
    """The same with fresh random programs each run (opt in with -m slow)."""
    test_a_random_kit_program_plays_or_fails_located_alike_on_every_engine.hypothesis \
        .inner_test(tmp_path_factory, program)


# -- the same for Tortuga 1667's words: a random Pistol ------------------------------------

seats_1667 = st.deferred(lambda: st.one_of(
    st.sampled_from(["revealer", "0", "7", "captain(tortuga)", "captain(galleon)"]),
    st.builds("first({})".format, seat_lists), st.builds("last({})".format, seat_lists)))
seat_lists = st.deferred(lambda: st.one_of(
    st.sampled_from(["players()", "others(revealer)", "crew(tortuga)", "crew(jolly_roger)",
                     "[]"]),
    st.builds("rest({})".format, seat_lists), st.builds("without({}, {})".format, seat_lists,
                                                         seats_1667)))
spot_lists = st.sampled_from(["nonempty(holds(flying_dutchman))", "holds(jolly_roger)",
                              "nonempty([galleon])", "[]"])
places = st.sampled_from(["tortuga", "jolly_roger", "flying_dutchman",
                          "first(with_room([flying_dutchman, jolly_roger]))"])
card_statements = st.deferred(lambda: st.one_of(
    st.builds("maroon({})".format, seats_1667),
    st.builds("move({}, {})".format, seats_1667, places),
    st.builds("choose who from {}\nmaroon(who)".format, seat_lists),
    st.builds("choose who from {} else {{ who = revealer }}\nmaroon(who)".format, seat_lists),
    st.builds("choose hold from {}\nmove_chest(hold, galleon)".format, spot_lists),
    st.builds("for s in {} {{ {} }}".format, seat_lists, card_statements),
    st.builds("if count({}) > 1 {{ {} }}".format, seat_lists, card_statements),
    st.builds("repeat {} {{ {} }}".format, st.sampled_from(["2", "count(players())"]),
              card_statements)))
cards = st.lists(card_statements, min_size=1, max_size=4).map("\n".join)


@settings(max_examples=25, **_SETTINGS)
@given(cards)
def test_a_random_card_plays_or_fails_located_alike_on_every_engine(tmp_path_factory, effect):
    """A random Pistol (Tortuga 1667's words: seats, places, holds, choices among them):
    revealed, it gives the same next decision or the same located error on every path."""
    try:
        state, reveal = reveal_pistol(house_rules(tmp_path_factory.mktemp("c"), "pistol", effect))
    except TortugaError:
        return
    action = Action("reveal", (("slot", 1),))

    def rolled(engine):
        roll = Rollout(state, engine=engine)
        roll.apply(action)
        return roll.state().decision

    told = {_outcome(lambda: reveal().decision), _outcome(lambda: rolled("python")),
            _outcome(lambda: rolled(None))}
    assert len(told) == 1, (effect, told)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(cards)
def test_many_random_cards_play_or_fail_located_alike(tmp_path_factory, effect):
    """The same with fresh random cards each run (opt in with -m slow)."""
    test_a_random_card_plays_or_fails_located_alike_on_every_engine.hypothesis \
        .inner_test(tmp_path_factory, effect)
