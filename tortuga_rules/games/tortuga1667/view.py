"""Tortuga 1667's per-seat view (its ``GameKind.view``): every public fact, the seat's own
loyalty and vote cards, the event cards it has looked at that are still where it saw them
(:func:`tortuga_rules.game.view.view` is the one door that calls it)."""

from __future__ import annotations

from .labels import (Labels, choices_of, choices_strings, decision_data, glossary, glossary_index,
                     said_of)
from .roles import roles_at, seat_roles
from .narration import Narrator
from ...game.legality import legal_actions
from ...game.remembered import Frozen, Remembered, exact, remembered, strings, typed
from ...game.view import PUBLIC, seen_events, visible
from .components import ChestSpot, Place, Role, team_totals
from ...model.state import GameState, encode_value

__all__ = ["view_1667"]


def view_1667(state: GameState, seat, lang, names=None, choices: bool = True) -> dict:
    """Tortuga 1667's view of ``state`` for ``seat`` (:data:`PUBLIC`: a spectator), its
    sentences naming the seats ``names``; the decision's options only with ``choices``.

    Its words - the decision's question and options, the events' data and sentences - are
    remembered in the ruleset's memo of view parts, keyed by what made them
    (:mod:`tortuga_rules.game.remembered`); the labels are the glossary's entries the
    view names (:func:`~tortuga_rules.games.tortuga1667.labels.glossary_index`)."""
    memo = remembered(state.rules)
    if memo is None:
        return _afresh(state, seat, lang, names, choices)
    words = None if lang is None else Narrator(state.rules, names, lang=lang)
    made = _Made(memo, (lang, names) if lang is not None else None)
    common = memo.of_state(state, lambda: _common(state))
    if common is None:
        out = _common(state)
    else:
        out = common.thaw()
        made.parts.append(common)
        made.common = True
    out["seat"] = None if seat == PUBLIC else seat
    out["decision"] = made.decision(state, seat, words, choices)
    out["row"] = _row(state, seat)
    out["vote"] = _vote(state, seat)
    out["events"] = made.events(state, seat, words)
    _hidden(state, seat, out)
    if seat == PUBLIC:
        out["public"] = True
    if words is not None:
        out["lang"] = words.lang
        index = glossary_index(state.rules, words.lang)
        if index.plain:
            named = made.named(out, index.ids)
        else:  # an id that reads as a number: only a walk of every string tells
            named = set()
            strings(out, named)
        out["labels"] = index.only(named)
    return out


def _common(state: GameState) -> dict:
    """What every seat's view of ``state`` shows alike, in the view's order; ``None`` where
    each seat's own entries go (``seat``, ``decision``, ``row``, ``vote``, ``events``)."""
    n = state.players
    brit, french = team_totals(state.chests)
    out = {
        "ruleset": state.ruleset,
        "players": n,
        "seat": None,
        "step": state.step,
        "turn": {"seat": state.turn, "number": state.turn_number,
                 "actions_left": state.actions_left},
        "current_player": state.current_player,
        "decision": None,
        "places": dict(zip(_PLACES, map(list, state.lines))),
        "sunk_rowboats": [_PLACES[3 + i] for i, s in enumerate(state.sunk) if s],
        "roles": _roles(state.lines, n),
        "chests": dict(zip(_SPOTS, state.chests)),
        "team_chests": {"british": brit, "french": french},
        "hand_sizes": [len(h) for h in state.hands],
        "vote_deck_size": len(state.vote_deck),
        "event_deck_size": len(state.event_deck),
        "row": None,
        "discard": list(state.discard),
        "resolving": list(state.resolving),
        "removed_count": len(state.removed),
        "kept": [list(k) for k in state.kept],
        "marks": [list(k) for k in state.marks],
        "looked": [_slots(mask) for mask in state.seen],
        "vote": None,
        "tiebreak": state.tiebreak,
        "events": None,
        "outcome": None if state.outcome is None else state.outcome.to_data(),
    }
    _clock(state, out)
    return out


def _clock(state: GameState, out: dict) -> None:
    """Who is on the clock, under rules with a timer: public (so is whose decision it
    is); a server running the clock sets ``deadline``, the engine itself has no clock."""
    timer = state.rules.timer
    if timer and state.decision is not None:
        out["clock"] = {"seat": state.decision.seat, "seconds": timer.get("seconds"),
                        "on_timeout": timer.get("on_timeout"),
                        "forced_chooser": timer.get("forced_chooser"), "deadline": None}


#: The names of the places and of the chest spots, in order (``str(Place(i))``).
_PLACES = tuple(str(p) for p in Place)
_SPOTS = tuple(str(c) for c in ChestSpot)


def _roles(lines, n: int) -> list:
    """Each seat's roles, sorted (``anyone`` left out), as :func:`seat_roles` gives them:
    from the first line that holds the seat's pawn."""
    out: list = [None] * n
    for place, line in enumerate(lines):
        size = len(line)
        for i, s in enumerate(line):
            if 0 <= s < n and out[s] is None:
                out[s] = list(_ranked(place, i, size))
    return [[] if r is None else r for r in out]


_RANKED: dict = {}


def _ranked(place: int, i: int, size: int) -> tuple:
    """The sorted role names (but ``anyone``) of the pawn at rank ``i`` of a line of
    ``size`` at ``place``."""
    key = (place, i, size)
    names = _RANKED.get(key)
    if names is None:
        roles = roles_at(place, i, size)
        names = _RANKED[key] = tuple(sorted(r.value for r in roles if r.value != "anyone"))
    return names


def _afresh(state: GameState, seat, lang, names=None, choices: bool = True) -> dict:
    """:func:`view_1667` with every part made afresh, nothing remembered (as before the
    memo of view parts; inside :func:`~tortuga_rules.game.remembered.afresh`)."""
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
    _clock(state, out)
    _hidden(state, seat, out)
    if seat == PUBLIC:
        out["public"] = True
    if words is not None:
        out["lang"] = words.lang
        named: set = set()
        strings(out, named)
        out["labels"] = glossary(state.rules, words.lang, only=named)
    return out


class _Made:
    """The remembered parts of one view (:mod:`tortuga_rules.game.remembered`): ``memo``
    the ruleset's (None: every part made afresh), ``words`` the language and names they
    are in (None: no words)."""

    def __init__(self, memo: Remembered | None, words):
        self.memo, self.words = memo, words
        self.parts: list[Frozen] = []
        self.found: set[str] = set()  # the strings of what is made afresh inside those parts
        self.common = False  # whether the entries every seat sees alike are a part
        self.whole: set[int] = set()  # ids of the view's lists and dicts made of parts alone

    def decision(self, state: GameState, seat, words, choices: bool):
        """:func:`decision_data`: its question remembered by what it is made of, the
        options it offers by the listing of legal actions (the object)."""
        d, memo = state.decision, self.memo
        if memo is None or d is None:
            return decision_data(state, seat, words, choices)
        vote_kind = state.vote.kind if state.vote is not None else None
        first = typed(d.options[0]) if d.options else None
        head = memo.get(("decision", self.words, d.seat, d.kind, d.name, d.clause, first,
                         vote_kind), lambda: decision_data(state, seat, words, False))
        if head is None:
            return decision_data(state, seat, words, choices)
        out = head.thaw()
        parts = [head]
        if choices and (seat is None or d.seat == seat):
            legal = legal_actions(state)
            labels = words or Labels(state.rules)
            key = self.words

            def said(action):
                return memo.row(("said", key, exact(action)), lambda: said_of(labels, action))

            # the listing object first (the same one for a listing the engine remembers),
            # then its actions' values with their types (an equal listing made anew)
            asked = memo.known(("offered", key, d.kind, id(legal)))
            if asked is None:
                asked = memo.get(("listing", key, d.kind, tuple(map(exact, legal))),
                                 lambda: choices_of(d.kind, labels, legal, said), None,
                                 choices_strings)
                memo.keep(("offered", key, d.kind, id(legal)), asked, legal)
            if asked is None:
                return decision_data(state, seat, words, choices)
            if d.kind == "choose":
                out["options"] = options = encode_value(d.options)
                strings(options, self.found)
            out.update(asked.thaw())
            parts.append(asked)
        self._add(out, parts)
        return out

    def events(self, state: GameState, seat, words) -> list:
        """:func:`seen_events`, remembered by the events ``seat`` sees (the objects)."""
        if self.memo is None:
            return seen_events(state, seat, words)
        shown = tuple(e for e in state.events if visible(e, seat))
        got = self.memo.get(("events", self.words, tuple(map(id, shown))),
                            lambda: seen_events(state, seat, words), shown)
        if got is None:
            return seen_events(state, seat, words)
        out: list = got.thaw()
        self._add(out, [got])
        return out

    def _add(self, data, parts: list[Frozen]):
        self.parts.extend(parts)
        self.whole.add(id(data))

    def named(self, view: dict, ids: frozenset) -> set:
        """Strings of ``view`` (keys too) among which are all of it that are ``ids``, and
        no other id: of its remembered parts, theirs that are ``ids``; not its entries of
        numbers and of the game's own names (places, chest spots, roles, teams) unless one
        of those names is one of ``ids``; the rest walked."""
        found: set = set(view)
        found |= self.found
        if self.common:  # the entries every seat sees alike: a part
            known: frozenset = _COMMON
        else:
            known = _NUMBERS if ids.isdisjoint(_NAMES) else frozenset()
        whole = self.whole
        for k, v in view.items():
            t = type(v)
            if t is str:
                found.add(v)
            elif t not in _ATOMS and k not in known and id(v) not in whole:
                strings(v, found)
        for part in self.parts:
            found |= part.among(ids)
        return found


#: The view's entries holding only numbers and :data:`_NAMES` (keys too).
_NUMBERS = frozenset({"turn", "places", "sunk_rowboats", "roles", "chests", "team_chests",
                      "hand_sizes", "looked"})
#: The strings those entries may hold: the places, chest spots, roles, teams, turn keys.
_NAMES = frozenset({*_PLACES, *_SPOTS, *(r.value for r in Role), "british", "french",
                    "seat", "number", "actions_left"})
#: The entries of :func:`_common` that every seat sees alike.
_COMMON = frozenset({"turn", "places", "sunk_rowboats", "roles", "chests", "team_chests",
                     "hand_sizes", "discard", "resolving", "kept", "marks", "looked",
                     "outcome", "clock"})
_ATOMS = frozenset({int, bool, float, type(None)})


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
