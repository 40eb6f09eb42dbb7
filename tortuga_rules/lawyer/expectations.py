"""Scenario expectations: a path in a view, and what its value must be.

A path names a value of the referee's view (``chests.galleon``, ``places.tortuga.0``,
``winner``), or of what one seat sees (``view.3.my_hand``, ``view.2.open_loyalty``).
The expected value is compared for equality, or given as a matcher:

=====================  ==========================================================
``{contains: x}``      ``x`` is an item of the list (a key of the mapping, a part of
                       the text); ``{contains: [x, y]}``: each of them is
``{length: n}``        the list (mapping, text) has ``n`` items
``{count: {x: n}}``    ``x`` occurs ``n`` times in the list, for each ``x`` given
``{unordered: [..]}``  the list has exactly these items, in any order
=====================  ==========================================================
"""

from __future__ import annotations

import json
import re
from collections import Counter

from ..game.view import view

__all__ = ["MATCHERS", "lookup", "matcher_problem", "unmet"]

MATCHERS = ("contains", "length", "count", "unordered")
_INDEX = re.compile(r"^-?\d+$")
_VIEW = re.compile(r"^view\.(\d+)\.(.+)$")


def lookup(data, path: str):
    """The value at dotted ``path`` of view data (``chests.galleon``, ``places.tortuga.0``)."""
    if path == "winner":
        out = data.get("outcome")
        if out is None:
            return None
        winners = out["winners"]
        return winners[0] if len(winners) == 1 else winners
    cur = data
    for part in path.split("."):
        if isinstance(cur, list) and _INDEX.match(part):
            i = int(part)
            if not -len(cur) <= i < len(cur):
                raise KeyError(path)
            cur = cur[i]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, dict) and _INDEX.match(part) and int(part) in cur:
            cur = cur[int(part)]
        else:
            raise KeyError(path)
    return cur


def _matcher(want):
    """``(name, argument)`` if ``want`` is a matcher, else None."""
    if isinstance(want, dict) and len(want) == 1:
        (name, arg), = want.items()
        if name in MATCHERS:
            return name, arg
    return None


def matcher_problem(want) -> str | None:
    """What is wrong with a matcher as written, or None (also for a plain value)."""
    found = _matcher(want)
    if found is None:
        return None
    name, arg = found
    if name == "length" and (not isinstance(arg, int) or isinstance(arg, bool) or arg < 0):
        return f"length takes a whole number >= 0, not {arg!r}"
    if name == "count" and not (isinstance(arg, dict) and arg and all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in arg.values())):
        return ("count takes a mapping of items to how many times each occurs, "
                "e.g. {count: {albatross: 0}}")
    if name == "unordered" and not isinstance(arg, list):
        return "unordered takes a list of the items, e.g. {unordered: [v01, v02]}"
    return None


def _norm(v):
    """Expected (YAML) and actual (view) values in one comparable JSON form."""
    if isinstance(v, (list, tuple)):
        return [_norm(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _norm(x) for k, x in v.items()}
    return v


def _key(v) -> str:
    return json.dumps(_norm(v), sort_keys=True)


def _holds(got, name: str, arg) -> bool:
    if name == "length":
        return hasattr(got, "__len__") and len(got) == arg
    if name == "unordered":
        return isinstance(got, list) and Counter(map(_key, got)) == Counter(map(_key, arg))
    if name == "count":
        if not isinstance(got, list):
            return False
        counts = Counter(map(_key, got))
        return all(counts[_key(item)] == n for item, n in arg.items())
    wanted = arg if isinstance(arg, list) else [arg]  # contains
    if isinstance(got, str):
        return all(isinstance(w, str) and w in got for w in wanted)
    if isinstance(got, dict):
        return all(str(w) in got for w in wanted)
    if isinstance(got, list):
        items = set(map(_key, got))
        return all(_key(w) in items for w in wanted)
    return False


def unmet(expect, state, file: str, where: str) -> list[str]:
    """Every expectation of ``expect`` (``(path, value, line)`` triples) that ``state`` fails."""
    views: dict = {}
    out = []
    for path, want, line in expect:
        seat, sub = None, path
        found = _VIEW.match(path)
        if found:
            seat, sub = int(found.group(1)), found.group(2)
            if seat >= state.players:
                out.append(f"{file}:{line}: {where}: no seat {seat} in a {state.players}-player "
                           "game")
                continue
        data = views.get(seat)
        if data is None:
            data = views[seat] = view(state, seat)
        try:
            got = lookup(data, sub)
        except KeyError:
            who = "the position" if seat is None else f"seat {seat}'s view"
            out.append(f"{file}:{line}: {where}: no field {sub!r} in {who} "
                       f"(fields: {', '.join(sorted(data))})")
            continue
        matcher = _matcher(want)
        ok = _holds(got, *matcher) if matcher else _norm(got) == _norm(want)
        if not ok:
            out.append(f"{file}:{line}: {where}: {path}: expected {json.dumps(_norm(want))}, "
                       f"got {json.dumps(_norm(got))}")
    return out
