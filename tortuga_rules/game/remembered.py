"""Parts of views made once and handed out again: a bounded memo of JSON-ready data.

A view's words - the deciding seat's options and their labels, each event's sentence,
the glossary entries it names - depend on far less than the state: on the listing of
legal actions, the events, the language and the players' names. A game's view keeps
those parts in the ruleset's :class:`Remembered` memo, keyed by exactly what made them,
and makes them once. Each part is kept as ``marshal`` bytes (:class:`Frozen`): handing
it out again is one C call that builds fresh lists and dicts, so a caller may change the
view it was given without touching the next one's, as when each view was made afresh.

What a ruleset's memo keeps is bounded by the bytes it holds (:data:`LIMIT`): past it,
the memo is emptied and refills as play needs. It lives in the ruleset's ``memo``, so
emptying every memo of legal actions (the one memory budget, ``legality.forget``) empties
it too.
"""

from __future__ import annotations

import json
import marshal
import re
import weakref
from contextlib import contextmanager
from typing import Any, Callable, Hashable, Iterator


__all__ = ["Frozen", "Remembered", "remembered", "afresh", "strings", "typed", "exact",
           "json_strings", "key_like", "LIMIT", "ROWS", "STATES"]

#: The bytes of parts a ruleset's memo holds at most before its parts are emptied.
LIMIT = 4_000_000

#: The words of single actions (:meth:`Remembered.row`) a ruleset's memo holds at most
#: before they are emptied (each a few short strings).
ROWS = 20_000

#: The states whose shared part a ruleset's memo keeps (:meth:`Remembered.of_state`).
STATES = 32

#: The bytes counted for each part and each object it holds, besides its own.
_EACH = 64

#: The key of the memo of view parts in a ruleset's ``memo``.
_KEY = ("remembered-views",)

#: Whether views remember their parts (``[False]`` inside :func:`afresh`).
_ON = [True]


class Frozen:
    """JSON-ready data as ``marshal`` bytes, with every string it holds (keys too; found
    the first time they are asked, from a copy)."""

    __slots__ = ("blob", "_strings", "_among")

    def __init__(self, blob: bytes, found: frozenset[str] | None = None):
        self.blob = blob
        self._strings: frozenset[str] | None = found
        self._among: tuple[frozenset[str], frozenset[str]] | None = None

    def thaw(self) -> Any:
        """A fresh copy of the data."""
        return marshal.loads(self.blob)

    @property
    def strings(self) -> frozenset[str]:
        """Every string of the data, keys too (:func:`strings`); besides them, the JSON
        text of its keys that are no strings (a number, ``true``: see :func:`key_like`)."""
        found = self._strings
        if found is None:
            found = self._strings = frozenset(json_strings(self.thaw()))
        return found

    def among(self, ids: frozenset[str]) -> frozenset[str]:
        """Its :attr:`strings` that are in ``ids`` (remembered for the last ``ids``)."""
        last = self._among
        if last is not None and last[0] is ids:
            return last[1]
        found = self.strings & ids
        self._among = (ids, found)
        return found


def freeze(data: Any, found: Callable[[Any], frozenset[str]] | None = None) -> Frozen | None:
    """``data`` frozen, or None where it holds something that is not JSON-ready data.
    A string of a subclass of ``str`` (a label's ``Noun``) is kept as its plain text, as
    JSON shows it. ``found``: how to find its strings (default: when first asked)."""
    try:
        blob = marshal.dumps(data)
        return Frozen(blob, None if found is None else found(data))
    except ValueError:
        try:
            return Frozen(marshal.dumps(_plain(data)), None if found is None else found(data))
        except ValueError:
            return None


def _plain(data: Any) -> Any:
    """``data`` with every string a plain ``str`` (dicts, lists and tuples copied)."""
    if isinstance(data, str):
        return str(data)
    if isinstance(data, dict):
        return {_plain(k): _plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v) for v in data]
    if isinstance(data, tuple):
        return tuple(_plain(v) for v in data)
    return data


def strings(data: Any, out: set[str], skip: frozenset[int] = frozenset()) -> None:
    """Add every string in ``data`` (nested lists, tuples and dicts, keys too) to ``out``;
    not inside the lists and dicts whose ``id`` is in ``skip``."""
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        out.update(k for k in data if isinstance(k, str))
        _inside(data.values(), out, skip)
    elif isinstance(data, (list, tuple)):
        _inside(data, out, skip)


#: The types of values that hold no string (a number, a truth value, nothing).
_ATOMS = frozenset({int, bool, float, type(None)})


def _inside(values: Any, out: set[str], skip: frozenset[int]) -> None:
    for v in values:
        t = type(v)
        if t is str:
            out.add(v)
        elif t not in _ATOMS and id(v) not in skip:
            strings(v, out, skip)


def typed(value: Any) -> Any:
    """``value`` with its type beside it (a tuple's, each item's), for a key that tells
    ``True``, ``1`` and ``Place.JOLLY_ROGER`` apart."""
    if isinstance(value, tuple):
        return tuple(typed(v) for v in value)
    return (type(value), value)


def exact(action: Any) -> Any:
    """A key for ``action`` (an :class:`~tortuga_rules.model.actions.Action`) that only
    an equal action with values of the same types has: the action itself where its
    values are strings, whole numbers (``int`` itself, not ``bool`` nor a named value)
    and tuples of them, else :func:`typed`."""
    for _, value in action[1]:
        t = type(value)
        if t is str or t is int:
            continue
        if t is tuple and all(type(v) is int or type(v) is str for v in value):
            continue
        return typed(action)
    return action


def json_strings(data: Any) -> set[str]:
    """Every string of JSON-ready ``data``, keys too, read from its JSON text in C where
    that has no escape (each other piece between quotes is a string), else walked
    (:func:`strings`); besides them, the JSON text of the keys that are no strings (a
    number, ``true``...: :func:`key_like`), which only :func:`strings` leaves out."""
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):
        text = "\\"
    if "\\" not in text:
        return set(text.split('"')[1::2])
    found: set[str] = set()
    strings(data, found)
    return found


#: What ``json.dumps`` writes for a dict key that is no string: a number, a truth value,
#: null.
_KEY_LIKE = re.compile(r"-?(?:\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|Infinity)|NaN|true|false|null")


def key_like(text: str) -> bool:
    """Whether ``text`` may be what ``json.dumps`` writes for a key that is no string, so
    that :func:`json_strings` may find it where :func:`strings` does not."""
    return _KEY_LIKE.fullmatch(text) is not None


class Remembered:
    """One ruleset's memo of view parts: key -> :class:`Frozen`, at most :data:`LIMIT`
    bytes.

    A key names what made the part. Where that is values whose equality would confuse
    types (``True == 1 == Place.JOLLY_ROGER``: each is said differently), the key names
    the objects themselves by ``id`` - the native engine and the reference hand out the
    same listing objects for a remembered listing, a state the same event objects to
    every seat - and the memo holds those objects (``held``) as long as the part, so no
    other object can take their ``id`` meanwhile."""

    def __init__(self, limit: int = LIMIT):
        self.limit = limit
        self.held = 0
        self.parts: dict[Hashable, tuple[Any, Frozen | None]] = {}
        self.rows: dict[Hashable, Any] = {}
        self.states: dict[int, tuple[weakref.ref[Any], int, Frozen | None]] = {}

    def get(self, key: Hashable, make: Callable[[], Any], held: Any = None,
            found: Callable[[Any], frozenset[str]] | None = None) -> Frozen | None:
        """The part under ``key``, made by ``make()`` the first time (``held``: the objects
        ``key`` names by ``id``, kept with it; ``found``: how its strings are found, see
        :func:`freeze`); None where it cannot be kept (the caller then makes it itself)."""
        try:
            kept = self.parts.get(key)
        except TypeError:  # a key holding a list: such a part is not remembered
            return None
        if kept is not None:
            return kept[1]
        frozen = freeze(make(), found)
        self.keep(key, frozen, held)
        return frozen

    def known(self, key: Hashable) -> Frozen | None:
        """The part under ``key`` if there is one (a key that is no key: None)."""
        try:
            kept = self.parts.get(key)
        except TypeError:
            return None
        return None if kept is None else kept[1]

    def keep(self, key: Hashable, frozen: Frozen | None, held: Any = None) -> None:
        """Keep ``frozen`` under ``key`` too (``held``: as for :meth:`get`)."""
        size = _EACH if frozen is None else len(frozen.blob) + _EACH
        if held is not None:
            size += _EACH * len(held)
        if self.held + size > self.limit:
            self.clear()
        self.parts[key] = (held, frozen)
        self.held += size

    def of_state(self, state: Any, make: Callable[[], Any]) -> Frozen | None:
        """The part of ``state`` (a game state) that ``make()`` makes, frozen the second
        time it is asked of this state at this step (None the first time: the caller makes
        it, as a view asked once of a state needs no copy): the views of every seat of
        one position share it. Kept for the newest :data:`STATES` states asked, each by a
        weak reference (a state's part dies with it; a live rollout's state, changed in
        place, is at another step)."""
        key, step = id(state), state.step
        states = self.states
        found = states.get(key)
        if found is not None and found[1] == step and found[0]() is state:
            frozen = found[2]
            if frozen is None:
                frozen = freeze(make())
                states[key] = (found[0], step, frozen)
            return frozen
        states.pop(key, None)
        if len(states) >= STATES:  # the oldest goes (popped: another thread may have)
            states.pop(next(iter(states), -1), None)
        states[key] = (weakref.ref(state), step, None)
        return None

    def row(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The value under ``key``, made by ``make()`` the first time: a small immutable
        value (strings, numbers, tuples), handed out as it is; at most :data:`ROWS` of
        them, apart from the parts' bytes."""
        rows = self.rows
        found = rows.get(key, rows)
        if found is rows:
            if len(rows) >= ROWS:
                rows.clear()
            found = rows[key] = make()
        return found

    def clear(self) -> None:
        """Forget every part (not the rows)."""
        self.parts.clear()
        self.held = 0


@contextmanager
def afresh() -> Iterator[None]:
    """Inside it, views make every part afresh and remember none (as before the memo):
    the lockstep tests and the benchmark compare the two. It holds for the whole process
    (every thread) while it lasts."""
    before = _ON[0]
    _ON[0] = False
    try:
        yield
    finally:
        _ON[0] = before


def remembered(rules: Any) -> Remembered | None:
    """The memo of view parts of ``rules`` (a compiled ruleset), made on first use; None
    inside :func:`afresh`."""
    if not _ON[0]:
        return None
    memo = rules.memo
    found = memo.get(_KEY)
    if found is None:
        found = memo[_KEY] = Remembered()
    assert isinstance(found, Remembered)
    return found
