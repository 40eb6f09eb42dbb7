"""The words house-rule authors reached for: ``left_of`` beside ``right_of``, ``give_vote``
moving a vote card between hands (seen by its two players only), and choices narrated by
what is chosen, never by a program's name for it, in both games. (Both words are native
too: tests/test_native.py plays them on both engines in lockstep.)"""

import random

from helpers import house_rules, refusals, reveal_pistol
from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game, view
from tortuga_rules.data.sources import RulesText
from tortuga_rules.game.invariants import problems
from tortuga_rules.games.tortuga1667.narration import Narrator
from tortuga_rules.model.actions import Action

#: A kit game whose one choice the rules file does not word.
KIT = """\
game: tortuga-dice
id: tiny
name: Tiny
description: A kit game with one unworded choice.
clauses: {}
players: {min: 2, max: 4}
components:
  counters: {n: 0}
play: |
  choose c from [1, 2] by 0
  set_counter("n", c)
  finish([c, 0], "")
"""


def _give(tmp_path):
    """The Pistol's revealer secretly chooses a vote card and gives it to the player on
    their left: the rules, and the state at the choice."""
    rules = house_rules(tmp_path, "pistol", """
        choose c from hand(revealer) secretly
        give_vote(revealer, left_of(revealer), c)""")
    return rules, reveal_pistol(rules)[1]()


def _texts(state, seat, lang="en") -> list:
    return [e["text"] for e in view(state, seat, lang)["events"]]


def test_left_of_is_the_next_seat_in_turn_order_and_right_of_the_previous(tmp_path):
    """From seat 0 of five, left_of is seat 1 and right_of seat 4."""
    rules = house_rules(tmp_path, "pistol", """
        mark([left_of(revealer)], "left")
        mark([right_of(revealer)], "right")""")
    after = reveal_pistol(rules)[1]()
    assert after.marks[1] == ("left",) and after.marks[4] == ("right",)


def test_give_vote_moves_the_chosen_card_and_only_its_two_players_see_which(tmp_path):
    """Seat 0 gives its first vote card to seat 1: both hands change; seats 0 and 1 read
    which card it was, seat 2 only that a vote card changed hands."""
    _, at = _give(tmp_path)
    card = at.decision.options[0]
    after = apply_action(at, Action("choose", (("c", card),)))
    assert card not in after.hands[0] and after.hands[1][-1] == card
    name = Narrator(at.rules, None, "en").vote_card(card)
    for seat in (0, 1):
        assert f"Seat 0 gives {name} to seat 1" in _texts(after, seat)
    public = [t for t in _texts(after, 2) if " gives " in t]
    assert public and all("gives a vote card to" in t for t in public)


def test_give_vote_of_a_card_not_in_the_hand_is_refused_in_the_rules_words(tmp_path):
    """A card the giver does not hold stops the step with a located error naming the hand;
    the state is unchanged."""
    rules = house_rules(tmp_path, "pistol", 'give_vote(revealer, left_of(revealer), "v99")')
    state, step = reveal_pistol(rules)
    errors = refusals(state, state.to_json(), {"apply_action": step})
    assert "house.yaml" in errors["apply_action"]
    assert "seat 0 holds no vote card 'v99' to give (their hand: " in errors["apply_action"]
    assert "list.remove" not in errors["apply_action"]


def test_a_choice_is_narrated_by_what_is_chosen_not_the_program_name(tmp_path):
    """``choose c from hand(revealer)`` reads "chooses a vote card: ...", in every language
    its words are translated; the program's name ``c`` is nowhere."""
    _, at = _give(tmp_path)
    after = apply_action(at, Action("choose", (("c", at.decision.options[0]),)))
    chose = [t for t in _texts(after, 0) if "chooses" in t]
    card = Narrator(at.rules, None, "en").vote_card(at.decision.options[0])
    assert chose and chose[-1] == f"Seat 0 chooses {card}"
    assert view(at, 0, "en")["decision"]["prompt"] == "Choose a vote card."
    german = Narrator(at.rules, None, "de").vote_card(at.decision.options[0])
    assert f"Platz 0 wählt {german}" in _texts(after, 0, "de")
    assert not any(" c:" in t or " c " in t for t in _texts(after, 0))


def test_a_kit_choice_the_rules_do_not_word_asks_without_the_program_name():
    """A kit game's choice its rules file does not word is asked as "make a choice", never
    "choose c"."""
    rules = load_ruleset(RulesText("tiny.yaml", KIT))
    state = new_game(rules, 2, 1)
    assert view(state, 0, "en")["decision"]["prompt"] == "make a choice"


def test_a_game_with_give_vote_plays_on_keeping_the_invariants(tmp_path):
    """Random games whose Pistol hands a vote card to the left keep every invariant."""
    rules = house_rules(tmp_path, "pistol",
                        "if hand_size(revealer) > 0 { give_vote(revealer, left_of(revealer), "
                        "first(hand(revealer))) }")
    for seed in range(3):
        s, rnd = new_game(rules, 4, seed), random.Random(seed)
        while s.outcome is None and s.step < 300:
            s = apply_action(s, rnd.choice(legal_actions(s)))
            assert problems(s) == []


def test_a_third_seat_cannot_tell_which_vote_card_was_given(tmp_path):
    """Seat 0 gives one card or another of its hand (chosen secretly): seat 2's whole view
    is the same either way, and seats 0 and 1 can tell."""
    _, at = _give(tmp_path)
    first, other = (apply_action(at, Action("choose", (("c", card),)))
                    for card in at.decision.options[:2])
    assert view(first, 2, "en") == view(other, 2, "en")
    assert view(first, 0, "en") != view(other, 0, "en")
    assert view(first, 1, "en") != view(other, 1, "en")
