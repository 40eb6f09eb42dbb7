"""Compositions: a ruleset with variants merged on top, and the options they declare.

``"standard+open-loyalty+more-starred:5"`` names a ruleset and two variants; each
variant names the ruleset it ``extends`` (loaded first if the composition did not
already), states only what it ``changes``, adds or rewords ``clauses`` and
declares ``options``. :class:`Composition` merges the files in order, resolves the
option values (defaults, ``name:VALUE`` parts, the caller's ``options``) and
substitutes every ``{option: NAME}``. Variants may also override keys of event
card files (``changes.cards``), see :func:`override_cards`.
"""

from __future__ import annotations

import copy
from pathlib import Path

import attrs

from ..errors import Problem, UnknownRulesetError, did_you_mean
from .overlay import LayeredMap, merge, option_value, substitute_options
from .reader import Reader
from .sources import is_path, resolve_source

__all__ = ["parts", "Composition", "Resolved", "override_cards"]


def parts(spec, variants=()) -> tuple:
    """``"standard+more-starred:5"`` and extra variants as ``((name or path, value), ...)``.

    Raises :class:`~tortuga_rules.errors.UnknownRulesetError` for an empty part
    (``standard++madness``) or a value too long to be an option's.
    """
    pieces = [spec] if isinstance(spec, Path) else str(spec).split("+")
    items = [_part(piece, spec) for piece in pieces]
    items += [_part(str(v), v) for v in variants]
    return tuple(items)


def _part(piece, whole):
    if isinstance(piece, Path):
        return piece, None
    piece = piece.strip()
    if not piece:
        raise UnknownRulesetError(f"{str(whole)[:80]!r} has an empty part: join rulesets and "
                                  "variants with single '+' signs")
    if is_path(piece) or ":" not in piece:
        return piece, None
    name, _, value = piece.partition(":")
    value = value.strip()
    if len(value) > 40:
        raise UnknownRulesetError(f"the value given to {name.strip()!r} is {len(value)} "
                                  "characters long; an option's value is a word or a number")
    return name.strip(), value or None


@attrs.frozen
class Resolved:
    """The merged rules data of a composition, ready to be validated and built."""

    data: dict
    where: LayeredMap  # where each value of ``data`` was set, for located problems
    id: str  # the composition's id, e.g. "standard+more-starred:5"
    decls: dict  # option name -> its declaration
    values: dict  # option name -> the value in force
    changed: dict  # variant id -> the clause ids it adds or rewords


class Composition:
    """Merges a ruleset and its variants, one file at a time, into one rules document."""

    def __init__(self, reader: Reader, bundled_only: bool = False):
        self.reader = reader
        self.bundled_only = bundled_only
        self.problems = reader.problems
        self.data: dict | None = None
        self.where: LayeredMap | None = None
        self.decls: dict = {}  # option name -> (declaration, SourceMap, path)
        self.given: dict = {}  # option name -> (value, where it was given)
        self.changed: dict = {}
        self.applied: list = []
        self.stack: list = []  # the variants whose parents are being applied (cycles)

    def resolve(self, sources, options: dict) -> Resolved | None:
        """Apply ``sources`` (``((traversable, display), value)``) with ``options``.

        ``None`` if anything is wrong; the reader's problems say what.
        """
        for (source, display), value in sources:
            if not self.apply(source, display, value):
                return None
        if self.data is None or self.where is None:
            return None
        values = self._option_values(options)
        if self.problems:
            return None
        try:
            data = {k: (v if k == "options" else substitute_options(v, values))
                    for k, v in self.data.items()}
        except KeyError as exc:
            self.problems.append(self.where.problem(
                (), f"{{option: {exc.args[0]}}} names an undeclared option"))
            return None
        decls = {name: decl for name, (decl, _, _) in self.decls.items()}
        return Resolved(data, self.where, "+".join(self.applied), decls, values, self.changed)

    def apply(self, source, display: str, value) -> bool:
        """Merge one ruleset or variant file (``value`` sets a variant's only option)."""
        data, smap = self.reader.read(source, display)
        if data is None:
            return False
        if not isinstance(data, dict):
            self.problems.append(smap.problem((), "a ruleset or variant file is a mapping"))
            return False
        if "extends" in data or "changes" in data:
            base = source.parent if isinstance(source, Path) else None
            return self._variant(data, smap, value, base, display.startswith("variants/"))
        return self._ruleset(data, smap, display)

    def _ruleset(self, data: dict, smap, display: str) -> bool:
        if self.data is not None:
            self.problems.append(smap.problem((), f"{display} is a whole ruleset; only the first "
                                                  "part of a composition may be one"))
            return False
        self.data = copy.deepcopy(data)
        self.where = LayeredMap(smap)
        for name, decl in (data.get("options") or {}).items():
            if isinstance(decl, dict):
                self.decls[name] = (decl, smap, ("options", name))
        self.applied.append(str(data.get("id", display)))
        return True

    def _variant(self, data: dict, smap, value, base, bundled: bool) -> bool:
        if not self.reader.validate(data, smap, "variant", digest=False):
            return False
        vid = data["id"]
        if not self._extend(data, smap, vid, None if bundled else base, bundled):
            return False
        assert self.data is not None and self.where is not None  # the base was applied
        merge(self.data, data.get("changes", {}), self.where, smap)
        for cid, clause in (data.get("clauses") or {}).items():
            self.data.setdefault("clauses", {})[cid] = clause
            self.where.add(("clauses", cid), smap, ("clauses", cid))
            self.changed.setdefault(vid, []).append(cid)
        for name, decl in (data.get("options") or {}).items():
            self.decls[name] = (decl, smap, ("options", name))
        if value is not None:
            own = list(data.get("options") or {})
            if len(own) != 1:
                self.problems.append(smap.problem(
                    ("options",), f"'{vid}:{value}' needs a variant with exactly one option; "
                                  f"{vid} has {own}"))
                return False
            self.given[own[0]] = (value, f"{vid}:{value}")
        name, description = self.data.get("name", ""), self.data.get("description", "")
        if isinstance(name, str) and isinstance(description, str):  # else: a schema error
            self.data["name"] = f"{name} + {data['name']}"
            self.data["description"] = (f"{description.strip()} "
                                        f"{data['name']}: {data['description'].strip()}")
        self.applied.append(f"{vid}:{value}" if value is not None else vid)
        return True

    def _extend(self, data: dict, smap, vid: str, base, bundled: bool) -> bool:
        """Apply the ruleset a variant extends, unless the composition already has it.

        A path in ``extends`` is taken from the variant file's own folder (``base``); a
        bundled variant extends only bundled rulesets.
        """
        if vid in self.stack:
            self.problems.append(smap.problem(("extends",), "a cycle in 'extends': "
                                                            + " -> ".join(self.stack + [vid])))
            return False
        parent = data.get("extends", "standard")
        if parent not in [a.split(":")[0] for a in self.applied]:
            try:
                psource, pdisplay = resolve_source(parent, base, self.bundled_only or bundled)
            except UnknownRulesetError as exc:
                self.problems.append(smap.problem(("extends",), str(exc)))
                return False
            self.stack.append(vid)
            try:
                if not self.apply(psource, pdisplay, None):
                    return False
            finally:
                self.stack.pop()
        if self.data is None:
            self.problems.append(smap.problem(("extends",), "nothing to extend"))
            return False
        return True

    def _option_values(self, options: dict) -> dict:
        """Every declared option's value: its default, or the value given for it."""
        values = {}
        for name, (decl, smap, path) in self.decls.items():
            try:
                values[name] = option_value(name, decl, decl.get("default"))
            except ValueError as exc:
                self.problems.append(smap.problem(path + ("default",), str(exc)))
        given = list(self.given.items()) + [(k, (v, "options")) for k, v in options.items()]
        for name, (value, origin) in given:
            if name not in self.decls:
                known = ", ".join(sorted(self.decls)) or "none"
                self.problems.append(Problem(origin, 0, 0, f"unknown option {name!r}; the options "
                                                           f"are: {known}"))
                continue
            decl, smap, path = self.decls[name]
            try:
                values[name] = option_value(name, decl, value)
            except ValueError as exc:
                self.problems.append(smap.problem(path, f"{exc} (given as {origin})"))
        return values


def override_cards(reader: Reader, cards: dict, overrides: dict, where: LayeredMap):
    """Apply a variant's ``changes.cards``: keys of card files replaced, located in the variant."""
    for cid, changes in overrides.items():
        if cid not in cards["events"]:
            hint = did_you_mean(cid, cards["events"])
            reader.problems.append(where.problem(("cards", cid),
                                                 f"unknown event card {cid!r}{hint}"))
            continue
        cdata, cmap = cards["events"][cid]
        merged = copy.deepcopy(cdata)
        layered = LayeredMap(cmap)
        for key, value in (changes or {}).items():
            if value is None:
                merged.pop(key, None)
            elif key == "clauses" and isinstance(value, dict):
                merged.setdefault("clauses", {}).update(value)
                for clause in value:
                    layered.add(("clauses", clause),
                                *where.source(("cards", cid, "clauses", clause)))
            else:
                merged[key] = value
                layered.add((key,), *where.source(("cards", cid, key)))
        if reader.validate(merged, layered, "event-card", digest=False):
            cards["events"][cid] = (merged, layered)
