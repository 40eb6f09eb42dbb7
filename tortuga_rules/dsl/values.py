"""Run-time checks of the values a verb is given, where loading could not check them.

Most arguments are checked when a program is compiled (:mod:`.types`). Some cannot be:
a number computed by arithmetic may be no seat of this game (``revealer - 1`` of seat
0), and ``option("name")`` may hold anything. The compiler wraps such an argument in
:func:`checker`, so that a verb never receives a value it would misread (seat ``-1``
taken as the last seat, a text taken as a place); a wrong value raises
:class:`ValueError`, which the machine reports as a located
:class:`~tortuga_rules.errors.RulesError`.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..errors import shortened
from ..model.names import Named
from .types import ANY, Type

__all__ = ["needs_check", "checker", "has_type", "show", "Test", "Check"]

#: A value's test: ``(machine, value) -> bool`` (the machine is any work area).
Test = Callable[[Any, Any], bool]
#: A checked argument: ``(machine, value) -> value``, or :class:`ValueError`.
Check = Callable[[Any, Any], Any]


def needs_check(actual: Type, wanted: Type) -> bool:
    """True if a value of static type ``actual`` must be checked where ``wanted`` is asked
    (a list known never empty is checked as any list of its items)."""
    if actual.full:
        actual = attrs.evolve(actual, full=False)
    return wanted != ANY and actual != wanted


def _anything(m: Any, v: Any) -> bool:
    return True


def _is_list(m: Any, v: Any) -> bool:
    return isinstance(v, tuple)


def _test(t: Type) -> Test:
    """A function ``(machine, value) -> bool``: does ``value`` have type ``t`` here?"""
    if t.optional:  # ``t`` or none
        inner = _test(attrs.evolve(t, optional=False))
        return lambda m, v: v is None or inner(m, v)
    if t.name == "list":
        if t.items[0] == ANY:  # a list of anything: no item to look at
            return _is_list
        item = _test(t.items[0])
        return lambda m, v: isinstance(v, tuple) and all(item(m, x) for x in v)
    if t.name == "tuple":
        parts = tuple(_test(p) for p in t.items)
        return lambda m, v: (isinstance(v, tuple) and len(v) == len(parts)
                             and all(p(m, x) for p, x in zip(parts, v)))
    return t.test or _anything


def has_type(m: Any, value: Any, t: Type) -> bool:
    """True if ``value`` has type ``t`` in the game of work area ``m`` (a saved frame's name)."""
    return _test(t)(m, value)


def checker(wanted: Type, what: str) -> Check:
    """A function ``(machine, value) -> value`` that refuses a value not of type ``wanted``.

    Generated code wraps an argument in it (see :mod:`.codegen`); ``what`` names the
    argument in the message.
    """
    test = _test(wanted)
    optional = wanted.optional  # a seat or none (a shared zone's "seat")

    def check(m: Any, v: Any) -> Any:
        if (v is None and not optional) or (v is not None and not test(m, v)):
            raise ValueError(f"{what} must be {wanted} of this game, not {show(v)}")
        return v
    return check


def show(v: Any) -> str:
    """A value as a message names it (``none``, a place by name, others as written)."""
    if v is None:
        return "none"
    text = str(v) if isinstance(v, Named) else repr(v)
    return shortened(text, 60)
