"""The DSL's arithmetic, bounded: numbers, lists and texts never grow without limit.

A house rule may loop (``repeat``) and combine values, so every operator that makes a
new value checks its size: a number stays within ``±MAX_NUMBER``, a list within
:data:`MAX_ITEMS` items and a text within :data:`MAX_TEXT` characters; and operators
take only the operands they are defined for (``*`` multiplies two numbers; it never
repeats a text or a list). A value out of bounds raises :class:`ValueError`, which the
machine reports as a located :class:`~tortuga_rules.errors.RulesError`.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

from ..errors import shortened

__all__ = ["ARITHMETIC", "ORDER", "MAX_NUMBER", "MAX_ITEMS", "MAX_TEXT", "MAX_OPTIONS",
           "negative", "item", "contains"]

#: The largest number (in size) a program may compute.
MAX_NUMBER = 10**12
#: The most items a list may hold.
MAX_ITEMS = 256
#: The most characters a text may hold.
MAX_TEXT = 1_000
#: The most options one decision may offer (a choice, a turn's actions, a vote's plays).
MAX_OPTIONS = 10_000


def _number(value: Any) -> int:
    if type(value) is bool or not isinstance(value, int):
        raise ValueError(f"expected a number, got {value!r}")
    return value


def _bounded(value: int) -> int:
    if -MAX_NUMBER <= value <= MAX_NUMBER:
        return value
    raise ValueError(f"a number beyond ±{MAX_NUMBER:,}")


def add(a: Any, b: Any) -> Any:
    """``a + b``: two numbers, two lists (joined) or two texts (joined)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) + len(b) > MAX_ITEMS:
            raise ValueError(f"a list of more than {MAX_ITEMS} items")
        return a + b
    if isinstance(a, str) and isinstance(b, str):
        if len(a) + len(b) > MAX_TEXT:
            raise ValueError(f"a text of more than {MAX_TEXT} characters")
        return a + b
    return _bounded(_number(a) + _number(b))


def subtract(a: Any, b: Any) -> int:
    """``a - b`` of two numbers."""
    return _bounded(_number(a) - _number(b))


def multiply(a: Any, b: Any) -> int:
    """``a * b`` of two numbers."""
    return _bounded(_number(a) * _number(b))


def divide(a: Any, b: Any) -> int:
    """``a // b`` of two numbers (division by zero is an error)."""
    divisor = _number(b)
    if divisor == 0:
        raise ValueError("division by zero")
    return _number(a) // divisor


def remainder(a: Any, b: Any) -> int:
    """``a % b`` of two numbers (by zero is an error)."""
    divisor = _number(b)
    if divisor == 0:
        raise ValueError("remainder of a division by zero")
    return _number(a) % divisor


def negative(a: Any) -> int:
    """``-a`` of a number."""
    return -_number(a)


#: The arithmetic operators, by their DSL spelling.
ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": add, "-": subtract, "*": multiply, "//": divide, "%": remainder}


def _shown(value: Any) -> str:
    """A value as a message writes it (``none``, ``[1, 2]``, ``"text"``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        text = "[" + ", ".join(_shown(v) for v in value) + "]"
    elif isinstance(value, str):
        text = '"' + value + '"'
    else:
        text = str(value)
    return shortened(text, 40)


def _kind(value: Any) -> str:
    """What a value is, as a message says it (``a number``, ``a list``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, tuple):
        return "a list"
    return "a value"


def _ordered(op: str, compare: Callable[[Any, Any], Any], a: Any, b: Any) -> bool:
    """``compare(a, b)`` for values whose types the program does not know: Python's order,
    or a ValueError when the two cannot be ordered (a number and a list)."""
    try:
        return bool(compare(a, b))
    except TypeError:
        raise ValueError(f"'{op}' orders two numbers or two texts, not {_shown(a)} and "
                         f"{_shown(b)}") from None


def less(a: Any, b: Any) -> bool:
    """``a < b`` of values of types not known when loading."""
    return _ordered("<", operator.lt, a, b)


def less_or_equal(a: Any, b: Any) -> bool:
    """``a <= b`` of values of types not known when loading."""
    return _ordered("<=", operator.le, a, b)


def greater(a: Any, b: Any) -> bool:
    """``a > b`` of values of types not known when loading."""
    return _ordered(">", operator.gt, a, b)


def greater_or_equal(a: Any, b: Any) -> bool:
    """``a >= b`` of values of types not known when loading."""
    return _ordered(">=", operator.ge, a, b)


#: ``<``, ``<=``, ``>``, ``>=`` for operands whose types are not known when loading.
ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": less, "<=": less_or_equal, ">": greater, ">=": greater_or_equal}


def contains(item: Any, seq: Any) -> bool:
    """``item in seq`` where ``seq``'s type is not known when loading: it must be a list."""
    if not isinstance(seq, tuple):
        raise ValueError(f"the right side of 'in' must be a list, not {_kind(seq)}")
    return item in seq


def item(seq: Any, index: Any) -> Any:
    """``seq[index]``: positions count from 0, negative ones from the end (``-1``: the last)."""
    if not isinstance(seq, (tuple, list)):
        raise ValueError(f"'[...]' looks into a list, not {seq!r:.40}")
    index = _number(index)
    if not -len(seq) <= index < len(seq):
        raise ValueError(f"position {index} is outside a list of {len(seq)} "
                         f"item{'s' if len(seq) != 1 else ''}")
    return seq[index]
