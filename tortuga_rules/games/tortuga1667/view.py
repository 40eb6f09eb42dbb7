"""Tortuga 1667's per-seat view (its ``GameKind.view``): every public fact, the seat's own
loyalty and vote cards, the event cards it has looked at that are still where it saw them
(:func:`tortuga_rules.game.view.view` is the one door that calls it)."""

from __future__ import annotations

from .labels import decision_data, glossary
from .roles import seat_roles
from .narration import Narrator
from ...game.view import PUBLIC, seen_events
from .components import ChestSpot, Place, team_totals
from ...model.state import GameState

__all__ = ["view_1667"]


def view_1667(state: GameState, seat, lang, names=None, choices: bool = True) -> dict:
    """Tortuga 1667's view of ``state`` for ``seat`` (:data:`PUBLIC`: a spectator), its
    sentences naming the seats ``names``; the decision's options only with ``choices``."""
    words = None if lang is None else Narrator(state.rules, names, lang=lang)
    n = state.players
    brit, french = team_totals(state.chests)
    out = {
        "ruleset": state.ruleset,
        "players": n,
        "seat": None if seat == PUBLIC else seat,
        "step": state.step,
        "turn": {"seat": state.turn, "number": state.turn_number,
                 "actions_left": state.actions_left},
        "current_player": state.current_player,
        "decision": decision_data(state, seat, words, choices),
        "places": {str(Place(i)): list(line) for i, line in enumerate(state.lines)},
        "sunk_rowboats": [str(Place(3 + i)) for i, s in enumerate(state.sunk) if s],
        "roles": [sorted(r.value for r in seat_roles(state, s) if r.value != "anyone")
                  for s in range(n)],
        "chests": {str(c): state.chests[c] for c in ChestSpot},
        "team_chests": {"british": brit, "french": french},
        "hand_sizes": [len(h) for h in state.hands],
        "vote_deck_size": len(state.vote_deck),
        "event_deck_size": len(state.event_deck),
        "row": _row(state, seat),
        "discard": list(state.discard),
        "resolving": list(state.resolving),
        "removed_count": len(state.removed),
        "kept": [list(k) for k in state.kept],
        "marks": [list(k) for k in state.marks],
        "looked": [_slots(mask) for mask in state.seen],
        "vote": _vote(state, seat),
        "tiebreak": state.tiebreak,
        "events": seen_events(state, seat, words),
        "outcome": None if state.outcome is None else state.outcome.to_data(),
    }
    timer = state.rules.timer
    if timer and state.decision is not None:
        # who is on the clock is public (so is whose decision it is); a server running the
        # clock sets "deadline", the engine itself has no clock
        out["clock"] = {"seat": state.decision.seat, "seconds": timer.get("seconds"),
                        "on_timeout": timer.get("on_timeout"),
                        "forced_chooser": timer.get("forced_chooser"), "deadline": None}
    _hidden(state, seat, out)
    if seat == PUBLIC:
        out["public"] = True
    if words is not None:
        out["lang"] = words.lang
        named: set = set()
        _strings(out, named)
        out["labels"] = glossary(state.rules, words.lang, only=named)
    return out


def _strings(data, out: set):
    """Every string in ``data`` (nested lists and dicts, keys too)."""
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        out.update(k for k in data if isinstance(k, str))
        for v in data.values():
            _strings(v, out)
    elif isinstance(data, (list, tuple)):
        for v in data:
            _strings(v, out)


def _row(state: GameState, seat) -> list:
    """Each row slot; a face-down card's id only if ``seat`` has seen it where it lies."""
    seen = 0 if seat is None or seat == PUBLIC else state.seen[seat]
    row = []
    for i, card in enumerate(state.row):
        slot = {"slot": i + 1, "face_down": card is not None}
        if card is not None and (seat is None or (seen >> i) & 1):
            slot["card"] = card
        row.append(slot)
    return row


def _slots(mask: int) -> list:
    """The row slots (1-based) of ``mask``."""
    return [i + 1 for i in range(mask.bit_length()) if (mask >> i) & 1]


def _vote(state: GameState, seat):
    """The vote under way: who voted; the cards played only to the referee or their player."""
    v = state.vote
    if v is None:
        return None
    vote = {"kind": v.kind, "caller": v.caller, "place": str(Place(v.place)),
            "participants": list(v.participants),
            "voted": [s for s, _ in v.played], "revealed": list(v.revealed)}
    if seat is None:
        played: list = [None] * state.players
        for s, c in v.played:
            played[s] = list(c)
        vote["played"] = played
    else:
        mine = [list(c) for s, c in v.played if s == seat]
        if mine:
            vote["my_cards"] = mine[0]
    return vote


def _hidden(state: GameState, seat, out: dict):
    """Add what only some may see: loyalties, hands and decks."""
    referee = seat is None
    if referee or state.outcome is not None:
        out["loyalty"] = list(state.loyalty)
        if referee:
            out["hands"] = [sorted(h) for h in state.hands]
            out["vote_deck"] = list(state.vote_deck)
            out["event_deck"] = list(state.event_deck)
            out["removed"] = list(state.removed)
            out["starred"] = list(state.starred)
    if "loyalty" not in out:
        out["open_loyalty"] = [state.loyalty[s] if "loyalty-open" in state.marks[s] else None
                               for s in range(state.players)]
    if not referee and seat != PUBLIC:
        out["my_loyalty"] = state.loyalty[seat]
        out["my_hand"] = sorted(state.hands[seat])
