"""The JSON Schema of log events, made from every registered game's event catalogue.

``schema/event.schema.json`` is this module's :func:`event_schema` written out (a test
checks that the file is current; ``python -m tortuga_rules.game.schemas`` rewrites it).
The other protocol schemas - ``action``, ``decision``, ``view``, ``record`` - are
written by hand in ``schema/``.
"""

from __future__ import annotations

import json
from typing import Any

from ..model.events import ENGINE_CATALOGUE
from ..model.games import game_ids, game_kind

__all__ = ["event_schema", "FIELD_SCHEMAS"]

_SEAT = {"type": "integer", "minimum": 0, "maximum": 8}
_TEXT = {"type": "string"}

#: The core's field types (see :class:`~tortuga_rules.model.events.Catalogue`) -> their
#: JSON Schema; a game's catalogue adds its own.
FIELD_SCHEMAS: dict[str, dict[str, Any]] = {
    "int": {"type": "integer"},
    "bool": {"type": "boolean"},
    "text": _TEXT,
    "seat": _SEAT,
    "seats": {"type": "array", "items": _SEAT},
    "action": {"$ref": "#/$defs/action"},
    "value": {},
}


def _kinds() -> dict[str, tuple[tuple[tuple[str, str], ...], dict[str, Any]]]:
    """Every registered game's event kinds, each with the schemas of its fields."""
    out: dict[str, tuple[tuple[tuple[str, str], ...], dict[str, Any]]] = {}
    for gid in game_ids():
        catalogue = game_kind(gid).events or ENGINE_CATALOGUE
        types = {**FIELD_SCHEMAS, **catalogue.schemas}
        for kind, fields in catalogue.kinds.items():
            props = {name: types[ftype] for name, ftype in fields}
            if out.setdefault(kind, (fields, props))[1] != props:
                raise ValueError(f"event {kind!r} has other fields in game {gid}")
    return out


def _kind(kind: str, fields: tuple[tuple[str, str], ...],
          schemas: dict[str, Any]) -> dict[str, Any]:
    props = {"kind": {"const": kind}, "clause": {"type": ["string", "null"]},
             "private_to": {"oneOf": [_SEAT, {"const": "referee"}]},
             "step": {"type": "integer", "minimum": 0}, "text": _TEXT}
    props.update(schemas)
    required = ["kind", "clause"] + [name for name, _ in fields[:1]]
    return {"if": {"properties": {"kind": {"const": kind}}},
            "then": {"type": "object", "additionalProperties": False, "required": required,
                     "properties": props}}


def event_schema() -> dict[str, Any]:
    """The schema of one log event as :func:`~tortuga_rules.model.events.event_data` gives it,
    in any registered game."""
    kinds = _kinds()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "event.schema.json",
        "title": "A tortuga_rules log event: its kind, the clause it cites, its named fields",
        "description": "Generated from every game's event catalogue by "
                       "tortuga_rules.game.schemas; do not edit by hand. 'private_to' is "
                       "the one seat (or the referee) that may see it; 'step' is added by "
                       "history(); 'text' is its sentence in the language a view or "
                       "history was asked in (lang=...).",
        "type": "object",
        "required": ["kind", "clause"],
        "properties": {"kind": {"enum": sorted(kinds)}, "step": {"type": "integer"},
                       "text": _TEXT},
        "allOf": [_kind(kind, fields, props) for kind, (fields, props) in sorted(kinds.items())],
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
