"""State fields declared once, with who may see them.

A game's state class is an attrs class whose fields are made with :func:`declare`: the
declaration says who may see the field (:class:`Seen`), how it is written to JSON and how
big the whole numbers it holds may be (``numbers``). The save format, the position checks,
the per-seat views and the non-interference tests read that one declaration, instead of
keeping their own lists of fields.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

__all__ = ["Seen", "declare", "seen_by", "shows", "numbers_of", "state_fields", "SEATS", "COUNT",
           "CHECKED"]

#: ``numbers`` of a field whose whole numbers are all seats of the game (0 .. players - 1).
SEATS = "seats"
#: ``numbers`` of a field that counts (a step, a turn): 0 up to the largest number the rules
#: compute with (``dsl.operations.MAX_NUMBER``).
COUNT = "count"
#: ``numbers`` of a field whose numbers a check of its own bounds: the engine's (the
#: decision, the paused programs, the log) or the game's position checks.
CHECKED = "checked"


class Seen(enum.Enum):
    """Who may see a state field."""

    #: every seat and every spectator
    ALL = "all"
    #: a tuple with one entry per seat: each seat sees its own entry, nobody else's
    OWNER = "owner"
    #: nobody but the referee (the order of a deck, the random generator)
    NOBODY = "nobody"
    #: partly hidden: the game's view says what each seat sees of it (1667's vote, its row)
    GAME = "game"


def declare(seen: Seen, codec: Any = None, about: str = "", shows: str | None = None,
            numbers: Any = None) -> Any:
    """An attrs field seen by ``seen``; ``codec`` is how it is written to JSON.

    ``codec`` is ``None`` (plain values: tuples as lists, enums by name), ``"frames"``
    (paused programs), ``"events"`` (the log) or a class with ``to_data`` / ``from_data``
    (a nested record, such as the pending decision). ``shows`` says, for a hidden field,
    what a step that changes it has shown or decided (a deck drawn from, something left to
    chance): such a step cannot be taken back (``game.record.undo``).

    ``numbers`` bounds every whole number the field holds, anywhere inside it (a saved
    game's are checked against it, ``game.ranges``): ``(low, high)``, :data:`SEATS`,
    :data:`COUNT`, a function of the state giving ``(low, high)``, or :data:`CHECKED`;
    ``None`` for a field that holds no number (``tests/test_save_ranges.py`` checks that
    every field holding one says how big it may be).
    """
    return attrs.field(metadata={"seen": seen, "codec": codec, "about": about,
                                 "shows": shows, "numbers": numbers})


def numbers_of(field: attrs.Attribute[Any]) -> Any:
    """How big the whole numbers of ``field`` may be (see :func:`declare`; None: it holds none)."""
    return field.metadata.get("numbers")


def shows(field: attrs.Attribute[Any]) -> str | None:
    """What a change of ``field`` shows that was hidden (None: nothing; see :func:`declare`)."""
    return field.metadata.get("shows")


def seen_by(field: attrs.Attribute[Any]) -> Seen:
    """Who may see ``field`` (a field declared without :func:`declare` is the referee's)."""
    seen: Seen = field.metadata.get("seen", Seen.NOBODY)
    return seen


def state_fields(state_class: type) -> tuple[attrs.Attribute[Any], ...]:
    """The declared fields of a state class (the compiled rules excepted), in order."""
    return tuple(f for f in attrs.fields(state_class) if f.name != "rules")
