"""Game records: per-seat history, the end-of-game reveal, undo bounded by what was shown."""

import json
import random

import pytest
from helpers import FD, FD_BOAT, JR, TORTUGA, first_step, logs, position, sample_games
from twins import twin

from tortuga_rules import SaveGameError, legal_actions, load_ruleset, view
from tortuga_rules import GameRecord, UndoError, history, public_history, public_view, reveal, undo
from tortuga_rules.model.actions import Action


def _record(rules, states):
    """The record of a sampled game (its moves found from consecutive states)."""
    rec = GameRecord.start(states[0])
    for s, nxt in zip(states, states[1:]):
        for a in legal_actions(s):
            cand = rec.play(a, seat=s.current_player)
            if cand.state.to_json() == nxt.to_json():
                rec = cand
                break
    return rec


@pytest.fixture(scope="module")
def records():
    return [_record(r, states) for r, states in sample_games()[::4]]


def test_history_is_what_the_views_showed_step_by_step(records):
    """history(record, seat) is the concatenation of view(state, seat)["events"], in order."""
    for rec in records:
        for seat in range(rec.state.players):
            shown = [e for s in rec.states for e in view(s, seat)["events"]]
            assert [{k: v for k, v in e.items() if k != "step"} for e in history(rec, seat)] \
                == shown
            assert all(e.get("private_to", seat) == seat for e in history(rec, seat))


def test_history_ignores_what_the_seat_must_not_know(records):
    """Twin records (hidden facts shuffled at every state) give the seat the same history."""
    rnd = random.Random(5)
    for rec in records:
        for seat in range(rec.state.players):
            other = GameRecord(tuple(twin(s, seat, rnd) for s in rec.states), rec.moves)
            assert history(other, seat) == history(rec, seat)


def test_public_history_is_what_spectators_saw_and_every_seat_saw(records):
    """public_history is the concatenation of public_view's events: the public events,
    which every seat's history also has."""
    for rec in records:
        public = public_history(rec, lang="de")
        assert [{k: v for k, v in e.items() if k != "step"} for e in public] \
            == [e for s in rec.states for e in public_view(s, lang="de")["events"]]
        assert all("private_to" not in e for e in public)
        for seat in range(rec.state.players):
            assert [e for e in history(rec, seat) if "private_to" not in e] \
                == public_history(rec)
        rnd = random.Random(len(public))
        other = GameRecord(tuple(twin(s, 0, rnd) for s in rec.states), rec.moves)
        assert public_history(other) == public_history(rec)


def test_reveal_waits_for_the_end_and_then_shows_every_event(records):
    """The whole log is an explicit call, refused until the game is over."""
    rec = records[0]
    assert rec.state.is_terminal
    assert len(reveal(rec)) == sum(len(s.events) for s in rec.states)
    with pytest.raises(UndoError, match="not over"):
        reveal(GameRecord(rec.states[:5], rec.moves[:4]))


def test_a_rowboat_move_is_taken_back_exactly(rules):
    """Moving to a ship shows nothing hidden: undo gives back the very state before it."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=3)
    rec = GameRecord.start(s).play(Action("row", (("to", FD_BOAT),)), seat=3)
    back = undo(rec, 3)
    assert back.state is s and back.moves == ()


def test_a_view_cannot_be_taken_back(rules):
    """A View shows cards to its seat: undo is refused and says why."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=3)
    rec = GameRecord.start(s).play(Action("view", (("slots", (1, 2)),)), seat=3)
    with pytest.raises(UndoError, match="step 1 cannot be taken back: it showed something "
                                        "to one seat only"):
        undo(rec, 3)


def test_why_a_step_cannot_be_taken_back_reads_only_what_views_show(rules):
    """Whether a step showed something is judged from what the views show, never from which
    face-down cards a position holds: the same move from two positions its seat cannot tell
    apart (another card face down in a row slot nobody looked at) is taken back from both;
    a hidden field declared with ``shows`` changing its shape (a deck drawn from) is a
    reason, said in public terms."""
    from tortuga_rules.game.record import reveals
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=3,
                 row=("black-spot",) * 5)
    swapped = s._evolve(row=("black-spot", "pistol") + ("black-spot",) * 3)
    assert view(s, 3) == view(swapped, 3)
    row = Action("row", (("to", FD_BOAT),))
    for start in (s, swapped):
        rec = GameRecord.start(start).play(row, seat=3)
        assert undo(rec, 3).state is start
    after = GameRecord.start(s).play(row, seat=3).state
    drawn = after._evolve(event_deck=after.event_deck[1:])
    assert reveals(s, drawn, (3, row)) == "the event deck was drawn from"


def test_a_vote_decided_by_the_deck_top_card_cannot_be_taken_back(rules):
    """When nobody votes, the vote deck's top card decides and is shown to all, then goes
    back under the deck: the deck keeps its size, yet the step showed a hidden card, so
    undo is refused (found by playing the step again in worlds the seats cannot tell from
    the real one)."""
    for players in (2, 5):
        rec, seat = first_step(rules, players, logs("vote-deck-card"))
        with pytest.raises(UndoError, match="step 1 cannot be taken back: it showed something "
                                            "hidden"):
            undo(rec, seat)


def test_a_reveal_cannot_be_taken_back(rules):
    """Revealing an event card turns up something hidden."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=3,
                 row=("black-spot",) * 5)
    rec = GameRecord.start(s).play(Action("reveal", (("slot", 2),)), seat=3)
    with pytest.raises(UndoError, match="cannot be taken back"):
        undo(rec, 3)


def test_undo_waits_for_later_decisions_of_other_seats(rules):
    """Another seat's later decision is theirs: undo names it and changes nothing."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=3,
                 actions_left=1)
    rec = GameRecord.start(s).play(Action("row", (("to", FD_BOAT),)), seat=3)
    nxt = rec.state.current_player
    assert nxt != 3
    rec = rec.play(legal_actions(rec.state)[0], seat=nxt)
    with pytest.raises(UndoError, match=f"seat {nxt} has decided since"):
        undo(rec, 3)
    with pytest.raises(UndoError, match="no decision to take back"):
        undo(rec, 1 if nxt != 1 else 2)


def test_undo_by_random_play_always_restores_the_state_before(records):
    """Whatever undo grants gives back the state before the seat's decision, unchanged."""
    granted = 0
    for rec in records:
        for i in range(1, len(rec.states)):
            part = GameRecord(rec.states[:i + 1], rec.moves[:i])
            seat = rec.moves[i - 1][0]
            try:
                back = undo(part, seat)
            except UndoError as exc:
                assert "cannot be taken back" in exc.reason
                continue
            granted += 1
            assert back.state is rec.states[i - 1]
            assert not any(e[2] != -1 for e in rec.states[i].events)
    assert granted > 10


def test_a_record_round_trips_through_json(records):
    """to_data -> JSON -> from_data plays the same game again."""
    rec = records[1]
    data = json.loads(json.dumps(rec.to_data()))
    again = GameRecord.from_data(data, rec.state.rules)
    assert [s.to_json() for s in again.states] == [s.to_json() for s in rec.states]


@pytest.mark.parametrize("tamper, message", [
    (lambda d: d["log"][3].append({"kind": "rule", "clause": "x"}), "does not reproduce its log"),
    (lambda d: d["moves"][0].update(seat=(d["moves"][0]["seat"] + 1) % d["players"]),
     "record move 1: it is not seat"),
    (lambda d: d.update(format="x"), "not a record"),
    (lambda d: d.update(moves="none"), "not a valid record"),
])
def test_a_tampered_record_is_refused(records, tamper, message):
    """A record whose moves, seats or log were edited is refused, naming what is wrong."""
    data = json.loads(json.dumps(records[1].to_data()))
    tamper(data)
    with pytest.raises(SaveGameError, match=message):
        GameRecord.from_data(data, records[1].state.rules)


def test_a_record_needs_its_own_ruleset(records):
    """A record made under one ruleset is refused under another."""
    data = records[0].to_data()
    other = load_ruleset("shorter-game:3")
    with pytest.raises(SaveGameError, match="recorded under other rules: remove: no such option there, 3 here"):
        GameRecord.from_data(data, other)
