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
given by name (``force target=@2 slots=1,3``), which is how an action of a kind no
loaded ruleset declares is written.

Which parameters a turn action has, in which order, and which values are seats
comes from the rulesets: each compiled ruleset records its signatures here
(:func:`record_signatures`), and :func:`parse` can also be given the ruleset.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import IllegalActionError
from .names import NAMES, Named

__all__ = ["format_action", "parse_action", "record_signatures", "signature", "Signature"]

#: A turn action's parameters in order, each with whether its value is a seat.
Signature = tuple[tuple[str, bool], ...]

#: kind -> ((parameter, is_seat), ...) of every turn action of the rulesets loaded.
_SIGNATURES: dict[str, Signature] = {}
#: Names of choices whose value is a seat in every ruleset loaded (and those that are not).
_SEAT_CHOICES: set[str] = set()
_OTHER_CHOICES: set[str] = set()

_BARE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
_INT = re.compile(r"^-?\d{1,6}$")
MAX_TEXT = 1000


def record_signatures(actions: Mapping[str, Signature], seat_choices: Iterable[str],
                      other_choices: Iterable[str]) -> None:
    """Record a ruleset's turn actions ``{kind: ((param, is_seat), ...)}`` and choice names.

    A kind recorded with other parameters by another ruleset keeps the last ones;
    its actions still round-trip, as :func:`format_action` names parameters that
    differ from the recorded signature.
    """
    _SIGNATURES.update(actions)
    _OTHER_CHOICES.update(other_choices)
    _SEAT_CHOICES.update(seat_choices)
    _SEAT_CHOICES.difference_update(_OTHER_CHOICES)


def signature(kind: str, rules: Any = None) -> Signature | None:
    """``((param, is_seat), ...)`` of turn action ``kind`` (from ``rules`` if given)."""
    return (_SIGNATURES if rules is None else rules.signatures).get(kind)


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

def format_action(action: tuple[str, tuple[tuple[str, Any], ...]]) -> str:
    """The canonical text of ``action``."""
    kind, args = action
    if kind == "choose" and len(args) == 1:
        name, value = args[0]
        return f"choose {name} {format_value(value, name in _SEAT_CHOICES)}"
    if kind == "vote" and len(args) == 1 and args[0][0] == ("cards" if isinstance(
            args[0][1], tuple) else "card"):
        return f"vote {format_value(args[0][1])}"
    sig = _SIGNATURES.get(kind)
    if sig is not None and tuple(n for n, _ in sig) == tuple(n for n, _ in args):
        return " ".join([kind] + [format_value(v, s) for (_, s), (_, v) in zip(sig, args)])
    return " ".join([kind] + [f"{n}={format_value(v)}" for n, v in args])


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
    """``(kind, args)`` of the action written ``text``; ``rules`` names the parameters.

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
    sig = signature(kind, rules)
    if sig is None:
        raise IllegalActionError(f"{text!r:.60}: no loaded ruleset has the action {kind!r} "
                                 f"(name its values: {kind} NAME=VALUE ...)")
    if len(words) != len(sig):
        names = " ".join(n.upper() for n, _ in sig)
        raise IllegalActionError(f"{text!r:.60}: {kind} takes {len(sig)} value(s): "
                                 f"{kind} {names}".rstrip())
    return tuple((n, parse_value(w)) for (n, _), w in zip(sig, words))
