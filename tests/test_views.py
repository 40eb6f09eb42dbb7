"""Views leak nothing: what a seat sees depends only on what it may know."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import RULES, states
from twins import twin

from tortuga_rules import legal_actions, public_view, view
from tortuga_rules.game.language import LANGUAGES


@settings(max_examples=150, deadline=None)
@given(state=states(), data=st.data())
def test_views_and_action_texts_ignore_hidden_facts(state, data):
    """view(state, s) - in every language, with its narrated events and labels - and s's
    legal-action texts are the same when only hidden facts differ; so is the spectators'
    public_view (whatever s knows besides)."""
    seat = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="seat")
    other = twin(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    assert view(state, seat) == view(other, seat)
    lang = data.draw(st.sampled_from(LANGUAGES), label="lang")
    assert view(state, seat, lang=lang) == view(other, seat, lang=lang)
    assert public_view(state, lang=lang) == public_view(other, lang=lang)
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


@settings(max_examples=100, deadline=None)
@given(state=states())
def test_public_view_shows_what_every_seat_sees_and_no_more(state):
    """A spectator's view has no hand, no loyalty before the end, no face-down card, no
    private event and no decision options; its public facts are each seat's."""
    v = public_view(state)
    assert v["public"] is True and v["seat"] is None
    assert not {"my_hand", "my_loyalty", "hands", "vote_deck", "event_deck"} & set(v)
    assert ("loyalty" in v) == (state.outcome is not None)
    assert all("card" not in slot for slot in v["row"])
    assert all("private_to" not in e for e in v["events"])
    if v["decision"] is not None:
        assert "choices" not in v["decision"] and "options" not in v["decision"]
    seat = view(state, 0)
    for key in ("places", "chests", "kept", "hand_sizes", "turn", "outcome", "discard"):
        assert v[key] == seat[key]


def test_referee_view_shows_everything(rules):
    """seat=None is the referee: loyalties, hands, decks."""
    from tortuga_rules import new_game
    v = view(new_game(rules, 4, 1))
    assert len(v["loyalty"]) == 4 and len(v["hands"]) == 4 and v["event_deck"]


def _refusal(state, action, seat):
    """The refusal ``seat`` gets for ``action`` (None if it is legal)."""
    from tortuga_rules import IllegalActionError, apply_action
    try:
        apply_action(state, action, seat=seat)
    except IllegalActionError as exc:
        return (exc.reason, exc.clause, exc.remedy)
    return None


@settings(max_examples=100, deadline=None)
@given(state=states(), data=st.data())
def test_refusals_prompts_and_notation_ignore_hidden_facts(state, data):
    """What a seat is told when it acts - refusals, prompts, labels, action texts - is the
    same in twin states that differ only in what it must not know."""
    from tortuga_rules import Action
    seat = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="seat")
    other = twin(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    probes = [Action("vote", (("card", c),)) for c in sorted(RULES.vote_cards)[:8]]
    probes += [Action("choose", (("pick", "v01"),)), Action("reveal", (("slot", 9),)),
               Action("choose", (("slot", 2),)), Action("row", (("to", "tortuga"),))]
    if state.current_player == seat:
        probes += list(legal_actions(state))[:5]
    for a in probes:
        assert _refusal(state, a, seat) == _refusal(other, a, seat), str(a)
    assert view(state, seat)["decision"] == view(other, seat)["decision"]


def test_decisions_carry_a_prompt_the_asker_and_labelled_options():
    """The force pick asks 'Which card will you reveal?', cites its clause, labels slots."""
    from helpers import FD, JR, TORTUGA, act, position
    s = position(RULES, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=0)
    d = view(s, 0)["decision"]
    force = [g for g in d["groups"] if g["kind"] == "force"][0]
    assert [p["name"] for p in force["params"]] == ["slots", "target"]
    assert force["count"] == len(force["params"][0]["values"]) * len(force["params"][1]["values"])
    assert len(d["groups"]) < len(d["choices"])
    s = act(s, "force", slots=(1, 2), target=2)
    d = view(s, 2)["decision"]
    assert d["prompt"] == "Which card will you reveal?" and d["asked_by"] == {"rule":
                                                                             "action.force.pick"}
    assert [c["label"] for c in d["choices"]] == ["slot 1", "slot 2"]
    assert [c["action"] for c in d["choices"]] == ["choose slot 1", "choose slot 2"]
    shown = view(s, 0)["decision"]
    assert shown["prompt"] == d["prompt"] and "choices" not in shown and "options" not in shown


def test_a_letter_of_marque_asks_use_it_now_or_keep_it():
    """A card's choice names the card that asks."""
    from helpers import FD, JR, TORTUGA, act, position
    s = position(RULES, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=0,
                 row=("letter-of-marque",) * 5)
    s = act(s, "reveal", slot=1)
    d = view(s, 0)["decision"]
    assert d["prompt"] == "Use it now or keep it?"
    assert d["asked_by"] == {"card": "letter-of-marque"}
    assert sorted(c["action"] for c in d["choices"]) == ["choose how keep", "choose how use"]


@pytest.mark.parametrize("spec", ["standard", "tortuga-dice"])
def test_a_view_without_choices_is_the_view_less_the_deciding_seats_options(spec):
    """view(..., choices=False) - what the RL observation reads - is the full view with the
    decision's options, choices and groups left out, for every seat, the referee and a
    spectator's public view, at every step of a game of each game."""
    from helpers import play_random
    from tortuga_rules import load_ruleset
    rules = load_ruleset(spec)
    states: list = []
    play_random(rules, rules.min_players + 1, 4, on_state=states.append)
    for state in states[::7]:
        for seat in (None, *range(state.players)):
            full, lean = view(state, seat), view(state, seat, choices=False)
            if full["decision"] is not None:
                for key in ("options", "choices", "groups"):
                    full["decision"].pop(key, None)
            assert lean == full
