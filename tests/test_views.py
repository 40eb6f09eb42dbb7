"""Views leak nothing: what a seat sees depends only on what it may know."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import RULES, states

from tortuga_rules import legal_actions, view


def twin(state, seat, rnd):
    """``state`` with every fact hidden from ``seat`` shuffled."""
    n = state.players
    others = [s for s in range(n) if s != seat]
    changes = {}
    if state.outcome is None:
        loyal = list(state.loyalty)
        teams = [loyal[s] for s in others]
        rnd.shuffle(teams)
        for s, t in zip(others, teams):
            loyal[s] = t
        changes["loyalty"] = tuple(loyal)
    d = state.decision
    if not (d is not None and d.seat == seat and d.kind == "choose"):
        # (a seat choosing may be searching the vote deck - Crow's Nest - so knows it)
        pool = [c for s in others for c in state.hands[s]] + list(state.vote_deck)
        rnd.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            k = len(hands[s])
            hands[s], pool = tuple(sorted(pool[:k])), pool[k:]
        changes["hands"] = tuple(hands)
        changes["vote_deck"] = tuple(pool)
    seen = state.seen[seat]
    hidden_slots = [i for i, c in enumerate(state.row) if c is not None and not (seen >> i) & 1]
    cards = [state.row[i] for i in hidden_slots] + list(state.event_deck)
    rnd.shuffle(cards)
    row = list(state.row)
    for i in hidden_slots:
        row[i] = cards.pop()
    changes["row"] = tuple(row)
    changes["event_deck"] = tuple(cards)
    changes["rng"] = rnd.getrandbits(64)
    return state._evolve(**changes)


@settings(max_examples=150, deadline=None)
@given(state=states(), data=st.data())
def test_views_and_action_texts_ignore_hidden_facts(state, data):
    """view(state, s) and s's legal-action texts are the same when only hidden facts differ."""
    seat = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="seat")
    other = twin(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    assert view(state, seat) == view(other, seat)
    if state.current_player == seat:
        assert [str(a) for a in legal_actions(state)] == [str(a) for a in legal_actions(other)]


@settings(max_examples=100, deadline=None)
@given(state=states())
def test_views_are_json_and_hide_other_hands_and_loyalties(state):
    """A seat's view is JSON data with its own hand and loyalty only."""
    for seat in range(state.players):
        v = view(state, seat)
        json.dumps(v)
        assert v["my_hand"] == sorted(state.hands[seat])
        assert "hands" not in v and "vote_deck" not in v and "event_deck" not in v
        if state.outcome is None:
            assert "loyalty" not in v


@settings(max_examples=100, deadline=None)
@given(state=states())
def test_public_log_events_name_no_hidden_card(state):
    """Public events name vote cards only when they are revealed in a vote."""
    vote_ids = set(RULES.vote_cards)
    for e in state.events:
        if e[2] != -1 or e[1] in ("vote-reveal", "double-icons"):  # cards turned up
            continue
        flat = json.dumps([str(x) for x in e[3:]])
        assert not any(f'"{c}"' in flat or f"'{c}'" in flat for c in vote_ids), e


def test_referee_view_shows_everything(rules):
    """seat=None is the referee: loyalties, hands, decks."""
    from tortuga_rules import new_game
    v = view(new_game(rules, 4, 1))
    assert len(v["loyalty"]) == 4 and len(v["hands"]) == 4 and v["event_deck"]
