"""Variants as overlays: merging a variant's changes into the ruleset it extends.

A variant file states only what it changes (``changes``: a partial ruleset, merged
mapping by mapping; a list or a value replaces what was there; ``null`` removes a
key), the clauses it adds or rewords, and the options it offers. Options are
declared with a label, a description, a type and a default, so a front end can show a
settings screen; anywhere in the data, ``{option: NAME}`` stands for the option's
value. :class:`LayeredMap` remembers which file set each value, so a mistake in the
merged rules is still reported at its own ``file:line:col``.
"""

from __future__ import annotations

import copy
from typing import Any, Iterable

from ..errors import Position, Problem
from .yamlsource import DocPath, SourceMap

__all__ = ["LayeredMap", "merge", "option_value", "substitute_options"]


class LayeredMap:
    """Source positions of merged data: each path maps to the file that last set it."""

    def __init__(self, base: SourceMap) -> None:
        self.base = base
        # (merged path prefix, SourceMap, prefix in that file)
        self.layers: list[tuple[DocPath, SourceMap, DocPath]] = []
        self.file = base.file

    def add(self, merged_prefix: Iterable[Any], smap: SourceMap,
            file_prefix: Iterable[Any]) -> None:
        self.layers.append((tuple(merged_prefix), smap, tuple(file_prefix)))

    def source(self, path: Iterable[Any]) -> tuple[SourceMap, DocPath]:
        """The file map that set the value at ``path``, and that value's path in the file."""
        path = tuple(path)
        for prefix, smap, file_prefix in reversed(self.layers):
            if path[:len(prefix)] == prefix:
                return smap, file_prefix + path[len(prefix):]
        return self.base, path

    def locate(self, path: Iterable[Any]) -> tuple[str, Position]:
        """``(file, position)`` of the value at ``path`` of the merged data."""
        smap, file_path = self.source(path)
        return smap.file, smap.at(file_path)

    def at(self, path: Iterable[Any]) -> Position:
        return self.locate(path)[1]

    def problem(self, path: Iterable[Any], message: str) -> Problem:
        file, pos = self.locate(path)
        return Problem(file, pos.line, pos.col, message)


def merge(target: dict[str, Any], changes: dict[str, Any], where: LayeredMap, smap: SourceMap,
          path: DocPath = (), file_path: DocPath = ("changes",)) -> None:
    """Merge ``changes`` into ``target`` in place, recording where each value came from."""
    for key, value in changes.items():
        p, fp = path + (key,), file_path + (key,)
        if value is None:
            target.pop(key, None)
            continue
        if isinstance(value, dict) and isinstance(target.get(key), dict) and "option" not in value:
            merge(target[key], value, where, smap, p, fp)
        else:
            target[key] = copy.deepcopy(value)
            where.add(p, smap, fp)


def option_value(name: str, decl: dict[str, Any], value: Any) -> Any:
    """``value`` checked against the option's declaration; raises ``ValueError`` with why."""
    kind = decl.get("type", "choice")
    if kind == "boolean":
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
            value = value.lower() in ("true", "yes")
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} takes true or false, not {value!r}")
        return value
    if kind == "integer":
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"option {name!r} takes a whole number, not {value!r}")
        lo, hi = decl.get("min"), decl.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ValueError(f"option {name!r} = {value} is out of range {lo}-{hi}")
        return value
    choices = decl.get("choices", [])
    if value not in choices:
        raise ValueError(f"option {name!r} = {value!r} is not one of {choices}")
    return value


def substitute_options(data: Any, values: dict[str, Any]) -> Any:
    """``data`` with every ``{option: NAME}`` replaced by the option's value."""
    if isinstance(data, dict):
        if set(data) == {"option"}:
            return values[data["option"]]
        return {k: substitute_options(v, values) for k, v in data.items()}
    if isinstance(data, list):
        return [substitute_options(v, values) for v in data]
    return data
