"""Every whole number a position holds, bounded: the first thing a saved game is checked for.

A save may come from anyone, so before a game's own position checks every number in it is
held to how big it may be, and a value out of range is named with its path and the range:

    step: 9223372036854775808 is out of range (0..1000000000000)
    decision/seat: 7 is not a seat of this 4-player game (0..3)

What bounds a number is the declaration of its field (``numbers``, see
:func:`~tortuga_rules.model.fields.declare`: a range, the game's seats, a count, or a check
of its own) and, for the engine's records every game shares, this module: the decision's
seat and options, the values of the paused programs and of the fixed random outcomes
(values a program can hold: numbers within ``±MAX_NUMBER``, lists of at most ``MAX_ITEMS``
items, texts of at most ``MAX_TEXT`` characters), and the log's events, each field as the
game's catalogue types it. A game's own fields declared :data:`CHECKED` are bounded by its
position checks (``GameKind.problems``).
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from jsonschema import Draft202012Validator

from ..dsl.machine import MAX_EVENTS
from ..dsl.operations import MAX_ITEMS, MAX_NUMBER, MAX_TEXT
from ..errors import shortened
from ..model.events import ENGINE_CATALOGUE, Catalogue
from ..model.fields import CHECKED, COUNT, SEATS, numbers_of, state_fields
from ..model.names import Named
from ..model.state import GameState, encode_value

__all__ = ["range_problems", "value_problem", "out_of_range", "not_a_seat", "bounds"]


def out_of_range(path: str, value: Any, low: int, high: int) -> str:
    """``path: value is out of range (low..high)``."""
    return f"{path}: {_show(value)} is out of range ({low}..{high})"


def not_a_seat(path: str, value: Any, players: int) -> str:
    """``path: value is not a seat of this N-player game (0..N-1)``."""
    return f"{path}: {_show(value)} is not a seat of this {players}-player game (0..{players - 1})"


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, Named) else str(value)
    return shortened(text, 60)


def bounds(spec: Any, state: GameState) -> tuple[int, int]:
    """The range ``(low, high)`` a field's ``numbers`` declaration gives in ``state``
    (``spec``: :data:`SEATS`, :data:`COUNT`, a function of the state or the range itself)."""
    if spec == SEATS:
        return 0, state.players - 1
    if spec == COUNT:
        return 0, MAX_NUMBER
    ranged: tuple[int, int] = spec(state) if callable(spec) else spec
    return ranged


def _numbers(value: Any, path: str) -> Iterator[tuple[str, int]]:
    """``(path, number)`` for every whole number inside ``value`` (not truth values or names)."""
    stack = [(value, path)]
    while stack:
        v, at = stack.pop()
        if type(v) is int:
            yield at, v
        elif isinstance(v, tuple):
            stack.extend((x, f"{at}/{i}") for i, x in reversed(list(enumerate(v))))


def _declared(state: GameState) -> list[str]:
    """Each field's numbers against its declaration (the first one out of range per field)."""
    out = []
    for f in state_fields(type(state)):
        spec = numbers_of(f)
        if spec is None or spec == CHECKED:
            continue
        low, high = bounds(spec, state)
        for path, v in _numbers(getattr(state, f.name), f.name):
            if not low <= v <= high:
                out.append(not_a_seat(path, v, state.players) if spec == SEATS
                           else out_of_range(path, v, low, high))
                break
    return out


def value_problem(path: str, value: Any) -> str | None:
    """Why ``value`` is no value a program can hold (None if it is one): a number beyond
    ``±MAX_NUMBER``, a list of more than ``MAX_ITEMS`` items, a text of more than
    ``MAX_TEXT`` characters, or something else than numbers, texts, truth values, none,
    named values and lists of them."""
    stack = [(value, path)]
    while stack:
        v, at = stack.pop()
        if type(v) is int:
            if not -MAX_NUMBER <= v <= MAX_NUMBER:
                return out_of_range(at, v, -MAX_NUMBER, MAX_NUMBER)
        elif type(v) is str:
            if len(v) > MAX_TEXT:
                return f"{at}: a text of {len(v):,} characters (at most {MAX_TEXT:,})"
        elif isinstance(v, tuple):
            if len(v) > MAX_ITEMS:
                return f"{at}: a list of {len(v):,} items (at most {MAX_ITEMS})"
            stack.extend((x, f"{at}/{i}") for i, x in enumerate(v))
        elif not (v is None or type(v) is bool or isinstance(v, Named)):
            return f"{at}: {type(v).__name__} {_show(v)} is no value a game holds"
    return None


def _decision(state: GameState) -> list[str]:
    d = state.decision
    if d is None:
        return []
    out = []
    if type(d.seat) is not int or not 0 <= d.seat < state.players:
        out.append(not_a_seat("decision/seat", d.seat, state.players))
    problem = value_problem("decision/options", d.options)
    if problem:
        out.append(problem)
    return out


def _frames(state: GameState) -> list[str]:
    out = []
    for i, fr in enumerate(state.frames):  # (where each stands: game.paused)
        for name, v in fr.env:
            problem = value_problem(f"frames/{i}/{name}", v)
            if problem:
                out.append(problem)
    return out


def _rigged(state: GameState) -> list[str]:
    problem = value_problem("rigged", state.rigged)
    return [problem] if problem else []


def _events(state: GameState) -> list[str]:
    """The log's events: who each is for, and each field as the game's catalogue types it."""
    n = state.players
    if len(state.events) > MAX_EVENTS:
        return [f"events: {len(state.events):,} events in one step (at most {MAX_EVENTS:,})"]
    catalogue = state.rules.game.events or ENGINE_CATALOGUE
    for i, e in enumerate(state.events):
        at = f"events/{i}"
        if (not isinstance(e, tuple) or len(e) < 3 or not isinstance(e[1], str)
                or not (e[0] is None or isinstance(e[0], str))):
            return [f"{at}: a malformed event {_show(e)}"]
        to = e[2]
        if type(to) is not int or not -2 <= to < n:
            return [f"{at}/2: {_show(to)} is not a seat of this {n}-player game (0..{n - 1}), "
                    f"-1 (everyone) or -2 (the referee)"]
        fields = catalogue.kinds.get(e[1])
        if fields is None:
            return [f"{at}/1: {e[1]!r:.40} is no kind of event of {state.rules.game.name}"]
        values = e[3:]
        if len(values) > len(fields):
            return [f"{at}: a {e[1]} event has at most {len(fields)} values, not {len(values)}"]
        for (name, kind), v in zip(fields, values):
            problem = _field_problem(f"{at}/{name}", kind, v, n, catalogue)
            if problem:
                return [problem]
    return []


def _field_problem(at: str, kind: str, v: Any, n: int, catalogue: Catalogue) -> str | None:
    """Why ``v`` is no value of an event field of type ``kind`` (None if it is one)."""
    if kind == "action" and hasattr(v, "to_data"):
        return None  # an action the engine logged (a saved one is a value)
    if kind in catalogue.schemas:
        return _game_field_problem(at, kind, v, catalogue)
    if kind == "seat":
        return None if type(v) is int and 0 <= v < n else not_a_seat(at, v, n)
    if kind == "seats":
        if not isinstance(v, tuple):
            return f"{at}: {_show(v)} is not a list of seats"
        for j, s in enumerate(v):
            if not (type(s) is int and 0 <= s < n):
                return not_a_seat(f"{at}/{j}", s, n)
        return None
    if kind == "bool" and type(v) is not bool:
        return f"{at}: {_show(v)} is not true or false"
    if kind == "int" and type(v) is not int:
        return f"{at}: {_show(v)} is not a whole number"
    if kind == "text" and type(v) is not str:
        return f"{at}: {_show(v)} is not a text"
    return value_problem(at, v)


def _game_field_problem(at: str, kind: str, v: Any, catalogue: Catalogue) -> str | None:
    """Why ``v`` is no value of the game's own field type ``kind`` (its JSON as the
    catalogue's schema describes it; None if it is one)."""
    problem = value_problem(at, v)
    if problem:
        return problem
    encode = catalogue.encoders.get(kind)
    try:
        data = encode(v) if encode else encode_value(v)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        data = None
    if data is None or not _validator(catalogue.schemas[kind]).is_valid(data):
        return f"{at}: {_show(v)} is not a {kind} of this game"
    return None


#: Each schema's validator, made once (keyed by the schema's text); a game read from a
#: rules file brings schemas of its own, so past VALIDATORS they are emptied and refill.
_VALIDATORS: dict[str, Draft202012Validator] = {}
VALIDATORS = 256


def _validator(schema: dict[str, Any]) -> Draft202012Validator:
    key = json.dumps(schema, sort_keys=True)
    found = _VALIDATORS.get(key)
    if found is None:
        if len(_VALIDATORS) >= VALIDATORS:
            _VALIDATORS.clear()
        found = _VALIDATORS[key] = Draft202012Validator(schema)
    return found


def range_problems(state: GameState) -> list[str]:
    """Every number of ``state`` out of its range, each named with its path (empty if none):
    the fields' declarations, then the engine's records (see the module)."""
    return _declared(state) + _decision(state) + _frames(state) + _rigged(state) + _events(state)
