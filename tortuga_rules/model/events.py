"""The log's vocabulary: every kind of event, its named fields, and their JSON form.

A state's ``events`` are tuples ``(clause, kind, to, *values)`` (:data:`Event`), kept
plain because one is built for every step of every playout; a reader names their parts
with :meth:`LogEvent.of` (``LogEvent.of(e).kind``) rather than reading them by index. A
game's :class:`Catalogue`
(its ``GameKind.events``) names each kind's values in order, with the type of each, and
:func:`event_data` gives an event as JSON-ready data with those names; Tortuga 1667's::

    ("setup.treasure", "treasure", -1, (4, 0, 0, 0, 0, 1, 1, 0))
    -> {"kind": "treasure", "clause": "setup.treasure",
        "chests": {"galleon": 4, "tortuga_british": 1, "tortuga_french": 1}}

``to`` is -1 for everyone (:data:`EVERYONE`), a seat for that seat only, -2 for the
referee only (:data:`REFEREE`); the
data says so as ``"private_to"`` (a seat, or ``"referee"``). The field types are the ones
``schema/event.schema.json`` is generated from (:mod:`tortuga_rules.game.schemas`), over
every registered game's catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import attrs

from .state import encode_value

__all__ = ["Catalogue", "ENGINE_EVENTS", "ENGINE_CATALOGUE", "RESERVED", "event_data", "Event",
           "LogEvent", "EVERYONE", "REFEREE"]

#: A log event as a state holds it: ``(clause, kind, to, *values)``.
Event = tuple[str | None, str, int, *tuple[Any, ...]]

#: An event's ``to`` when everyone may see it.
EVERYONE = -1
#: An event's ``to`` when only the referee may see it.
REFEREE = -2


class LogEvent(NamedTuple):
    """A log event's parts by name: the ``clause`` it cites (None: none), its ``kind``, who
    may see it (``to``: :data:`EVERYONE`, a seat, or :data:`REFEREE`) and its ``values``,
    in the order its kind's catalogue names them."""

    clause: str | None
    kind: str
    to: int
    values: tuple[Any, ...]

    @classmethod
    def of(cls, event: Event) -> LogEvent:
        """The parts of ``event``, as a state holds it."""
        return cls(event[0], event[1], event[2], event[3:])

    @property
    def public(self) -> bool:
        """Whether everyone may see it."""
        return self.to == EVERYONE

#: Names an event's data uses for itself; no field may take them.
RESERVED = frozenset({"kind", "clause", "private_to", "step"})

#: The kinds the engine itself logs for every game (setup's player count, actions,
#: choices, time-outs), a part of every game's catalogue: kind -> ``((field, type), ...)``
#: in the order the engine logs the values.
ENGINE_EVENTS: dict[str, tuple[tuple[str, str], ...]] = {
    "players": (("count", "int"),),
    "action": (("seat", "seat"), ("action", "action")),
    "choice": (("seat", "seat"), ("name", "text"), ("value", "value")),
    "auto-choice": (("name", "text"), ("value", "value")),
    "secret-choice": (("seat", "seat"), ("name", "text")),
    "rule": (),
    "timeout": (("seat", "seat"),),
    "choice-passed": (("seat", "seat"), ("to", "seat")),
}


def _action(value: Any) -> Any:
    return value.to_data() if hasattr(value, "to_data") else encode_value(value)


@attrs.frozen
class Catalogue:
    """A game's log vocabulary.

    ``kinds`` maps each event kind to ``((field, type), ...)`` in the order the engine
    logs the values (a trailing field may be missing from an event: ``maroon`` without
    ``dst``). The core knows the field types ``int``, ``bool``, ``text``, ``seat``,
    ``seats``, ``action`` and ``value``; a game's own types say how their values become
    JSON (``encoders``: type -> function; others: as any DSL value) and their JSON Schema
    (``schemas``: type -> schema).
    """

    kinds: dict[str, tuple[tuple[str, str], ...]] = attrs.field(repr=False)
    encoders: dict[str, Callable[[Any], Any]] = attrs.field(factory=dict, repr=False)
    schemas: dict[str, dict[str, Any]] = attrs.field(factory=dict, repr=False)

    def fields_of(self, kind: str) -> tuple[str, ...]:
        """The field names of events of ``kind``, in order (``()`` for an unknown kind)."""
        return tuple(name for name, _ in self.kinds.get(kind, ()))

    @property
    def field_types(self) -> frozenset[str]:
        """Every field type its kinds use."""
        return frozenset(t for fields in self.kinds.values() for _, t in fields)


#: The catalogue of a game that logs only the engine's own kinds.
ENGINE_CATALOGUE = Catalogue(ENGINE_EVENTS)


def event_data(event: Event, catalogue: Catalogue | None) -> dict[str, Any]:
    """A log event as JSON-ready data: its kind, clause and named fields.

    ``catalogue`` is the game's (``GameKind.events``; None: :data:`ENGINE_CATALOGUE`). An
    event of a kind it does not name (a saved log from elsewhere) keeps its values as
    ``"values"``.
    """
    clause, kind, to, values = LogEvent.of(event)
    out: dict[str, Any] = {"kind": kind, "clause": clause}
    if catalogue is None:
        catalogue = ENGINE_CATALOGUE
    fields = catalogue.kinds.get(kind)
    if fields is None or len(values) > len(fields):
        out["values"] = [encode_value(v) for v in values]
    else:
        encoders = catalogue.encoders
        for (name, ftype), value in zip(fields, values):
            encode = _action if ftype == "action" else encoders.get(ftype)
            out[name] = encode(value) if encode else encode_value(value)
    if to != EVERYONE:
        out["private_to"] = "referee" if to == REFEREE else to
    return out
