"""Determinisation: full states a seat cannot tell from the real one, hidden facts redrawn."""

import itertools
import random

from helpers import play_random, sample_games

from tortuga_rules import (GameRecord, apply_action, determinize, history, legal_actions,
                           load_ruleset, new_game, view)
from tortuga_rules.game.invariants import problems


def test_the_seat_sees_the_same_view_and_the_position_is_reachable():
    """For sampled states of several rulesets and every seat: same view, no broken rule."""
    rnd = random.Random(1)
    for _rules, states in sample_games():
        for s in states[::5]:
            for seat in range(s.players):
                d = determinize(s, seat, rnd)
                assert view(d, seat) == view(s, seat)
                assert problems(d) == []
                if s.current_player == seat:
                    assert legal_actions(d) == legal_actions(s)


def test_the_seat_history_is_unchanged():
    """A record ending in a determinisation gives the seat the same history."""
    rules, states = sample_games()[0]
    rec = GameRecord(tuple(states[:40]), ())
    for seat in range(states[0].players):
        d = determinize(rec.state, seat, random.Random(seat))
        assert history(GameRecord(rec.states[:-1] + (d,), ()), seat) == history(rec, seat)


def test_every_consistent_loyalty_assignment_appears():
    """Over many samples, each way of dealing the others' unseen loyalties comes up."""
    s = new_game(load_ruleset("standard"), 5, 4)
    others = [t for i, t in enumerate(s.loyalty) if i != 0]
    possible = set(itertools.permutations(others))
    drawn = {determinize(s, 0, random.Random(i)).loyalty[1:] for i in range(600)}
    assert drawn == possible


def test_hidden_cards_are_redrawn_and_known_ones_kept():
    """Other hands and the deck are dealt again; the seat's hand and seen cards stay."""
    s = new_game(load_ruleset("standard"), 4, 2)
    hands1 = set()
    tops = set()
    for i in range(200):
        d = determinize(s, 0, random.Random(i))
        assert d.hands[0] == s.hands[0]
        assert sorted(c for h in d.hands[1:] for c in h) + sorted(d.vote_deck) != [] and \
            sorted([c for h in d.hands[1:] for c in h] + list(d.vote_deck)) == \
            sorted([c for h in s.hands[1:] for c in h] + list(s.vote_deck))
        hands1.add(d.hands[1])
        tops.add(d.event_deck[0])
        assert d.event_deck[-1] == "spanish-armada"
    assert len(hands1) > 100 and len(tops) > 5


def test_determinisations_play_on_to_the_end():
    """A search bot can play a determinised state out: it is a real game."""
    rules = load_ruleset("standard")
    seen = []
    play_random(rules, 5, 8, on_state=seen.append)
    rnd = random.Random(3)
    for s in seen[::25]:
        if s.is_terminal:
            continue
        d = determinize(s, s.current_player, rnd)
        for _ in range(2000):
            if d.is_terminal:
                break
            d = apply_action(d, rnd.choice(legal_actions(d)))
        assert d.is_terminal


def test_the_same_generator_draws_the_same_state():
    """Determinisation is a function of the state, the seat and the generator's seed."""
    s = new_game(load_ruleset("standard"), 6, 1)
    assert determinize(s, 2, 7).to_json() == determinize(s, 2, random.Random(7)).to_json()
