"""The log's vocabulary: every kind of event, its named fields, and their JSON form.

A state's ``events`` are tuples ``(clause, kind, to, *values)``, kept positional
because one is built for every step of every playout. :data:`EVENTS` names each
kind's values in order, with the type of each, and :func:`event_data` gives an
event as JSON-ready data with those names::

    ("setup.treasure", "treasure", -1, (4, 0, 0, 0, 0, 1, 1, 0))
    -> {"kind": "treasure", "clause": "setup.treasure",
        "chests": {"galleon": 4, "tortuga_british": 1, "tortuga_french": 1}}

``to`` is -1 for everyone, a seat for that seat only, -2 for the referee only; the
data says so as ``"private_to"`` (a seat, or ``"referee"``). The types are the ones
``schema/event.schema.json`` is generated from (:mod:`tortuga_rules.game.schemas`).
"""

from __future__ import annotations

from .components import ChestSpot, Place
from .state import encode_value

__all__ = ["EVENTS", "ENGINE_EVENTS", "FIELD_TYPES", "RESERVED", "event_data", "fields_of"]

#: Names an event's data uses for itself; no field may take them.
RESERVED = frozenset({"kind", "clause", "private_to", "step"})

#: Event kind -> ``((field, type), ...)`` in the order the engine logs the values.
#: A trailing field may be missing from an event (``maroon`` without ``dst``).
EVENTS: dict[str, tuple[tuple[str, str], ...]] = {
    # setup
    "players": (("count", "int"),),
    "loyalty-dealt": (("cards", "teams"),),
    "loyalty-open": (("loyalties", "seat-teams"),),
    "loyalty-hidden": (("seats", "seats"),),
    "loyalty": (("seat", "seat"), ("team", "team")),
    "hand": (("seat", "seat"), ("cards", "vote-cards")),
    "starred": (("cards", "cards"),),
    "starred-avoided": (("cards", "cards"),),
    "removed": (("cards", "cards"),),
    "boxed": (("count", "int"),),
    "event-deck": (("size", "int"), ("armada_bottom", "bool")),
    "row-dealt": (("count", "int"),),
    "treasure": (("chests", "chests"),),
    "place-chest": (("spot", "spot"),),
    "pawns": (("lines", "lines"),),
    "pawn-draw": (("seats", "seats"),),
    "place-pawn": (("seat", "seat"), ("place", "place")),
    "first-player": (("seat", "seat"),),
    # turns, actions and choices
    "turn": (("seat", "seat"), ("number", "int")),
    "action": (("seat", "seat"), ("action", "action")),
    "actions-left": (("seat", "seat"), ("left", "int")),
    "extra-action": (("seat", "seat"),),
    "turn-skipped": (("seat", "seat"),),
    "choice": (("seat", "seat"), ("name", "text"), ("value", "value")),
    "auto-choice": (("name", "text"), ("value", "value")),
    "secret-choice": (("seat", "seat"), ("name", "text")),
    "rule": (),
    "timeout": (("seat", "seat"),),
    "choice-passed": (("seat", "seat"), ("to", "seat")),
    # pawns and marks
    "move": (("seat", "seat"), ("src", "place"), ("dst", "place")),
    "maroon": (("seat", "seat"), ("src", "place"), ("dst", "place")),
    "line-reshuffle": (("place", "place"), ("seats", "seats")),
    "swap-places": (("a", "seat"), ("b", "seat"), ("place_a", "place"), ("place_b", "place")),
    "sink": (("boat", "place"),),
    "loyalty-swap": (("a", "seat"), ("b", "seat")),
    "mark": (("seats", "seats"), ("name", "text")),
    "unmark": (("seat", "seat"), ("name", "text")),
    # chests
    "chests": (("src", "spot"), ("dst", "spot"), ("count", "int")),
    # the event row and cards
    "peek": (("seat", "seat"), ("slots", "slots")),
    "peek-cards": (("seat", "seat"), ("cards", "slot-cards")),
    "reveal": (("seat", "seat"), ("slot", "slot"), ("card", "card")),
    "discard": (("card", "card"),),
    "refill": (("slot", "slot"),),
    "row-reshuffle": (("slots", "slots"),),
    "keep": (("seat", "seat"), ("card", "card")),
    "discard-kept": (("seat", "seat"), ("card", "card")),
    # vote cards in hands
    "lose-card": (("seat", "seat"),),
    "lost-card": (("seat", "seat"), ("card", "vote-card")),
    "vote-draw": (("seat", "seat"),),
    "vote-drew": (("seat", "seat"), ("card", "vote-card")),
    "vote-to-top": (("seat", "seat"),),
    "hand-to-deck": (("seat", "seat"), ("count", "int")),
    "take-vote": (("seat", "seat"),),
    "took-vote": (("seat", "seat"), ("card", "vote-card")),
    "vote-deck-shuffle": (),
    # votes
    "vote-call": (("vote", "text"), ("caller", "seat"), ("place", "place"),
                  ("voters", "seats")),
    "vote-no-cards": (("seats", "seats"),),
    "vote-rowboat": (("seats", "seats"),),
    "sits-out": (("seat", "seat"), ("vote", "text"), ("card", "card")),
    "vote-played": (("seat", "seat"), ("count", "int")),
    "vote-played-cards": (("seat", "seat"), ("cards", "vote-cards")),
    "vote-deck-card": (),
    "vote-reveal": (("vote", "text"), ("cards", "vote-cards"), ("counts", "icon-counts")),
    "double-icons": (("cards", "vote-cards"),),
    "vote-result": (("vote", "text"), ("success", "bool")),
    "vote-return": (("count", "int"),),
    # the end
    "score": (("british", "int"), ("french", "int")),
    "game-over": (("winners", "teams"), ("british", "int"), ("french", "int")),
    "tiebreak": (("round", "int"), ("cards", "int")),
}


def _seat_teams(value):
    return [{"seat": s, "team": t} for s, t in value]


def _slot_cards(value):
    return [{"slot": s, "card": c} for s, c in value]


def _chests(value):
    return {str(ChestSpot(i)): k for i, k in enumerate(value) if k}


def _lines(value):
    return {str(Place(i)): list(line) for i, line in enumerate(value)}


def _counts(value):
    return {str(icon): k for icon, k in value}


def _action(value):
    return value.to_data() if hasattr(value, "to_data") else encode_value(value)


#: Field type -> how its value becomes JSON (others: :func:`encode_value`).
_ENCODE = {"seat-teams": _seat_teams, "slot-cards": _slot_cards, "chests": _chests,
           "lines": _lines, "icon-counts": _counts, "action": _action}

#: The kinds the engine itself logs for every game (setup's player count, actions,
#: choices, time-outs), a part of every game's catalogue.
ENGINE_EVENTS = {kind: EVENTS[kind] for kind in (
    "players", "action", "choice", "auto-choice", "secret-choice", "rule", "timeout",
    "choice-passed")}

#: Every field type, for the schemas.
FIELD_TYPES = frozenset(t for fields in EVENTS.values() for _, t in fields)


def fields_of(kind: str) -> tuple:
    """The field names of events of ``kind``, in order (``()`` for an unknown kind)."""
    return tuple(name for name, _ in EVENTS.get(kind, ()))


def event_data(event: tuple, catalogue: dict | None = None) -> dict:
    """A log event as JSON-ready data: its kind, clause and named fields.

    ``catalogue`` is the game's (``GameKind.events``; by default Tortuga 1667's,
    :data:`EVENTS`). An event of a kind it does not name (a saved log from elsewhere)
    keeps its values as ``"values"``.
    """
    clause, kind, to = event[:3]
    out: dict = {"kind": kind, "clause": clause}
    fields = (EVENTS if catalogue is None else catalogue).get(kind)
    values = event[3:]
    if fields is None or len(values) > len(fields):
        out["values"] = [encode_value(v) for v in values]
    else:
        for (name, ftype), value in zip(fields, values):
            encode = _ENCODE.get(ftype)
            out[name] = encode(value) if encode else encode_value(value)
    if to != -1:
        out["private_to"] = "referee" if to == -2 else to
    return out
