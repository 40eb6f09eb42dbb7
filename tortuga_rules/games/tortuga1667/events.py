"""Tortuga 1667's log vocabulary (its ``GameKind.events``): every kind of event it logs,
its named fields, and how this game's own field types become JSON.

Chests are logged as a tuple of counts by chest spot and lines as a tuple of seats by
place; their JSON names the spots and places (``{"galleon": 4, ...}``).
"""

from __future__ import annotations

from ...model.events import ENGINE_EVENTS, Catalogue
from .components import ChestSpot, Place

__all__ = ["EVENTS", "CATALOGUE"]

#: Event kind -> ``((field, type), ...)`` in the order the engine logs the values.
#: A trailing field may be missing from an event (``maroon`` without ``dst``).
EVENTS: dict[str, tuple[tuple[str, str], ...]] = {
    **ENGINE_EVENTS,
    # setup
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
    "actions-left": (("seat", "seat"), ("left", "int")),
    "extra-action": (("seat", "seat"),),
    "turn-skipped": (("seat", "seat"),),
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
    "give-vote": (("src", "seat"), ("dst", "seat")),
    "gave-vote": (("src", "seat"), ("dst", "seat"), ("card", "vote-card")),
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


_SEAT = {"type": "integer", "minimum": 0, "maximum": 8}
_TEXT = {"type": "string"}
_PLACE = {"enum": [str(p) for p in Place]}
_SPOT = {"enum": [str(s) for s in ChestSpot]}
_SLOT = {"type": "integer", "minimum": 1, "maximum": 9}


def _list(item) -> dict:
    return {"type": "array", "items": item}


#: This game's field types -> their JSON Schema.
SCHEMAS = {
    "team": _TEXT,
    "teams": _list(_TEXT),
    "place": _PLACE,
    "spot": _SPOT,
    "slot": _SLOT,
    "slots": _list(_SLOT),
    "card": _TEXT,
    "cards": _list(_TEXT),
    "vote-card": _TEXT,
    "vote-cards": _list(_TEXT),
    "seat-teams": _list({"type": "object", "required": ["seat", "team"],
                         "additionalProperties": False,
                         "properties": {"seat": _SEAT, "team": _TEXT}}),
    "slot-cards": _list({"type": "object", "required": ["slot", "card"],
                         "additionalProperties": False,
                         "properties": {"slot": _SLOT, "card": _TEXT}}),
    "chests": {"type": "object", "propertyNames": _SPOT,
               "additionalProperties": {"type": "integer", "minimum": 0}},
    "lines": {"type": "object", "propertyNames": _PLACE, "additionalProperties": _list(_SEAT)},
    "icon-counts": {"type": "object", "additionalProperties": {"type": "integer"}},
}

#: Tortuga 1667's log, as the core reads it.
CATALOGUE = Catalogue(EVENTS, encoders={"seat-teams": _seat_teams, "slot-cards": _slot_cards,
                                        "chests": _chests, "lines": _lines,
                                        "icon-counts": _counts}, schemas=SCHEMAS)
