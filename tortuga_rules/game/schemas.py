"""The JSON Schema of log events, made from the event catalogue.

``schema/event.schema.json`` is this module's :func:`event_schema` written out (a test
checks that the file is current; ``python -m tortuga_rules.game.schemas`` rewrites it).
The other protocol schemas - ``action``, ``decision``, ``view``, ``record`` - are
written by hand in ``schema/``.
"""

from __future__ import annotations

import json

from ..model.components import ChestSpot, Place
from ..model.events import EVENTS

__all__ = ["event_schema", "FIELD_SCHEMAS"]

_SEAT = {"type": "integer", "minimum": 0, "maximum": 8}
_TEXT = {"type": "string"}
_PLACE = {"enum": [str(p) for p in Place]}
_SPOT = {"enum": [str(s) for s in ChestSpot]}
_SLOT = {"type": "integer", "minimum": 1, "maximum": 9}


def _list(item) -> dict:
    return {"type": "array", "items": item}


#: Field type (see :data:`~tortuga_rules.model.events.EVENTS`) -> its JSON Schema.
FIELD_SCHEMAS = {
    "int": {"type": "integer"},
    "bool": {"type": "boolean"},
    "text": _TEXT,
    "seat": _SEAT,
    "seats": _list(_SEAT),
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
    "action": {"$ref": "#/$defs/action"},
    "value": {},
}


def _kind(kind: str, fields) -> dict:
    props = {"kind": {"const": kind}, "clause": {"type": ["string", "null"]},
             "private_to": {"oneOf": [_SEAT, {"const": "referee"}]},
             "step": {"type": "integer", "minimum": 0}, "text": _TEXT}
    props.update({name: FIELD_SCHEMAS[ftype] for name, ftype in fields})
    required = ["kind", "clause"] + [name for name, _ in fields[:1]]
    return {"if": {"properties": {"kind": {"const": kind}}},
            "then": {"type": "object", "additionalProperties": False, "required": required,
                     "properties": props}}


def event_schema() -> dict:
    """The schema of one log event as :func:`~tortuga_rules.model.events.event_data` gives it."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "event.schema.json",
        "title": "A tortuga_rules log event: its kind, the clause it cites, its named fields",
        "description": "Generated from tortuga_rules.model.events.EVENTS by "
                       "tortuga_rules.game.schemas; do not edit by hand. 'private_to' is "
                       "the one seat (or the referee) that may see it; 'step' is added by "
                       "history(); 'text' is its sentence in the language a view or "
                       "history was asked in (lang=...).",
        "type": "object",
        "required": ["kind", "clause"],
        "properties": {"kind": {"enum": sorted(EVENTS)}, "step": {"type": "integer"},
                       "text": _TEXT},
        "allOf": [_kind(kind, fields) for kind, fields in sorted(EVENTS.items())],
        "$defs": {"action": {"type": "object", "required": ["kind"],
                             "properties": {"kind": _TEXT}}},
    }


def render() -> str:
    """The text of ``schema/event.schema.json``."""
    return json.dumps(event_schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - regenerating the schema file
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[2] / "schema" / "event.schema.json"
    path.write_text(render(), encoding="utf-8")
    print(f"wrote {path}")
