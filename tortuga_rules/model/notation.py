"""The short text form of actions: ``force 1,3 @2``, ``row jolly_roger``, ``vote v07``.

Like UCI in python-chess, an action has one canonical text that parses back to the
same :class:`~tortuga_rules.model.actions.Action`:

=========================  ==================================================
``view 1,4``               a turn action, its parameters in catalogue order
``force 1,3 @2``           ``@`` marks a seat (a plain number means the same)
``move_chest a>b``         an ordered pair (from > to); ``place:2`` a space
``choose slot 3``          an answer to a choice: its name and the value
``vote v07``               a vote card; ``vote v02,v07`` two at once
=========================  ==================================================

A comma list is a set: its items are sorted, so ``force 3,1 @2`` is ``force 1,3 @2``.
``-`` is "nothing"; text that could be read as something else is written as a JSON
string (``"tortuga"`` is text, ``tortuga`` the place). Any parameter may also be
given by name (``force target=@2 slots=1,3``), which is how an action of a kind its
ruleset does not declare is written.

Which parameters a turn action has, in which order, and which values are seats is
the ruleset's own :class:`Notation` (``rules.notation``): a house rule loaded beside
a game never changes how that game's actions are written. Without a ruleset, an
action is written in the :data:`PLAIN` notation, which knows no signature: a turn
action names its values (``force slots=1,3 target=2``) and no choice marks a seat;
that text reads back to the same action with or without the ruleset.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ..errors import IllegalActionError
from .names import NAMES, Named

__all__ = ["format_action", "parse_action", "shown", "Notation", "PLAIN", "Signature"]

#: A turn action's parameters in order, each with whether its value is a seat.
Signature = tuple[tuple[str, bool], ...]

_BARE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
_INT = re.compile(r"^-?\d{1,6}$")
MAX_TEXT = 1000


@attrs.frozen
class Notation:
    """How one ruleset writes its actions: each turn action's parameters in order (whether
    each is a seat) and the choices whose values are seats.

    A ruleset builds its own (``rules.notation``); :data:`PLAIN` is the notation of no
    ruleset. Its texts round-trip: :func:`parse_action` given it reads back what
    :meth:`format` wrote.
    """

    #: kind -> ((parameter, is_seat), ...) of each turn action (compared, not hashed)
    signatures: Mapping[str, Signature] = attrs.field(factory=dict, hash=False)
    #: names of the choices whose value is a seat
    seat_choices: frozenset[str] = frozenset()

    @classmethod
    def of(cls, signatures: Mapping[str, Signature], seat_choices: Iterable[str]) -> Notation:
        return cls(dict(signatures), frozenset(seat_choices))

    def format(self, action: tuple[str, tuple[tuple[str, Any], ...]]) -> str:
        """The canonical text of ``action``."""
        kind, args = action
        if kind == "choose" and len(args) == 1:
            name, value = args[0]
            return f"choose {name} {format_value(value, name in self.seat_choices)}"
        if kind == "vote" and len(args) == 1 and args[0][0] == ("cards" if isinstance(
                args[0][1], tuple) else "card"):
            return f"vote {format_value(args[0][1])}"
        sig = self.signatures.get(kind)
        if sig is not None and tuple(n for n, _ in sig) == tuple(n for n, _ in args):
            return " ".join([kind] + [format_value(v, s) for (_, s), (_, v) in zip(sig, args)])
        return " ".join([kind] + [f"{n}={format_value(v)}" for n, v in args])


#: The notation of no ruleset: turn actions name their values, no choice marks a seat.
PLAIN = Notation()


def _notation(rules: Any) -> Notation:
    """``rules``' notation (a ruleset, a :class:`Notation`, or none: :data:`PLAIN`)."""
    if rules is None:
        return PLAIN
    return rules if isinstance(rules, Notation) else rules.notation


# -- values ----------------------------------------------------------------------------

def _sortable(items: tuple[Any, ...]) -> bool:
    kinds = {type(x) for x in items}
    return len(kinds) == 1 and not isinstance(items[0], tuple)


def format_value(value: Any, seat: bool = False) -> str:
    """One value's text (``seat``: a number is written ``@n``)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, Named):
        return str(value)
    if isinstance(value, int):
        return f"@{value}" if seat else str(value)
    if isinstance(value, str):
        if _BARE.match(value) and value not in NAMES and value not in ("true", "false"):
            return value
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple):
        parts = [format_value(v, seat) for v in value]
        if len(value) == 2 and isinstance(value[0], Named) and type(value[1]) is int:
            return f"{parts[0]}:{value[1]}"
        if value and all(isinstance(v, Named) for v in value):
            return ">".join(parts)
        if not value:
            return ","
        if _sortable(value) and list(value) == sorted(value):
            return ",".join(parts) + ("," if len(value) == 1 else "")
        return ">".join(parts)
    raise IllegalActionError(f"no text form for the value {value!r:.60}")


def parse_value(text: str) -> Any:
    """The value written ``text`` (see the module's table)."""
    if text.startswith('"'):
        try:
            value = json.loads(text)
        except ValueError:
            raise IllegalActionError(f"not a quoted text: {text:.60}") from None
        if not isinstance(value, str):
            raise IllegalActionError(f"not a quoted text: {text:.60}")
        return value
    if text == "-":
        return None
    if text == ",":
        return ()
    if "," in text:
        items = tuple(parse_value(p) for p in text.split(",") if p != "")
        return tuple(sorted(items)) if items and _sortable(items) else items
    if ">" in text:
        return tuple(parse_value(p) for p in text.split(">"))
    if ":" in text:
        place, _, index = text.partition(":")
        return (parse_value(place), parse_value(index))
    if text in ("true", "false"):
        return text == "true"
    if text.startswith("@") and _INT.match(text[1:]):
        return int(text[1:])
    if _INT.match(text):
        return int(text)
    if text in NAMES:
        return NAMES[text]
    if _BARE.match(text):
        return text
    raise IllegalActionError(f"cannot read the value {text!r:.60}")


# -- actions ---------------------------------------------------------------------------

def format_action(action: tuple[str, tuple[tuple[str, Any], ...]], rules: Any = None) -> str:
    """The canonical text of ``action`` in ``rules``' notation (none: :data:`PLAIN`)."""
    return _notation(rules).format(action)


def shown(action: Any, rules: Any = None) -> str:
    """``action``'s text in ``rules``' notation for a message, or its ``repr`` cut short
    when it is no action or one of its values has no text form."""
    try:
        kind, args = action
        if isinstance(kind, str) and isinstance(args, tuple):
            return format_action((kind, args), rules)
    except (TypeError, ValueError, IllegalActionError):
        pass
    return repr(action)[:80]


def _tokens(text: str) -> list[str]:
    """Split on spaces, keeping a quoted text (which may hold spaces) whole."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == " ":
            i += 1
            continue
        j = i
        while j < n and text[j] != " ":
            if text[j] == '"':
                j += 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
            j += 1
        out.append(text[i:j])
        i = j
    return out


def parse_action(text: object, rules: Any = None) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """``(kind, args)`` of the action written ``text``; ``rules`` (a ruleset or a
    :class:`Notation`) names a turn action's parameters when they are not named.

    Raises :class:`~tortuga_rules.errors.IllegalActionError` saying what cannot be read.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"not an action's text: {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise IllegalActionError(f"not an action's text: {len(text):,} characters, "
                                 f"more than {MAX_TEXT}")
    words = _tokens(text.strip())
    if not words or not _BARE.match(words[0]):
        raise IllegalActionError(f"not an action: {text!r:.60} (expected a kind such as "
                                 f"'row' or 'choose', then its values)")
    kind, rest = words[0], words[1:]
    if kind == "choose":
        if len(rest) != 2 or not _BARE.match(rest[0]):
            raise IllegalActionError(f"{text!r:.60}: a choice is 'choose NAME VALUE'")
        return "choose", ((rest[0], parse_value(rest[1])),)
    if kind == "vote":
        if len(rest) != 1:
            raise IllegalActionError(f"{text!r:.60}: a vote is 'vote CARD' or 'vote CARD,CARD'")
        value = parse_value(rest[0])
        return "vote", (("cards" if isinstance(value, tuple) else "card", value),)
    return kind, _arguments(kind, rest, text, rules)


def _arguments(kind: str, words: list[str], text: str, rules: Any) -> tuple[tuple[str, Any], ...]:
    named = [w.partition("=") for w in words if "=" in w.split('"', 1)[0]]
    if named and len(named) == len(words):
        return tuple((n, parse_value(v)) for n, _, v in named)
    if named:
        raise IllegalActionError(f"{text!r:.60}: give every value by name, or none")
    sig = _notation(rules).signatures.get(kind)
    if sig is None and not words and rules is None:
        return ()  # an action without values: the same text in every ruleset
    if sig is None:
        if rules is None:
            raise IllegalActionError(f"{text!r:.60}: without the rules the values of {kind!r} "
                                     f"have no names: pass the rules, or name them "
                                     f"({kind} NAME=VALUE ...)")
        raise IllegalActionError(f"{text!r:.60}: these rules have no action {kind!r} "
                                 f"(name its values: {kind} NAME=VALUE ...)")
    if len(words) != len(sig):
        names = " ".join(n.upper() for n, _ in sig)
        raise IllegalActionError(f"{text!r:.60}: {kind} takes {len(sig)} value(s): "
                                 f"{kind} {names}".rstrip())
    return tuple((n, parse_value(w)) for (n, _), w in zip(sig, words))
