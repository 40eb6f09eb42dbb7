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
import os
from pathlib import Path
from typing import Any, Iterable, Sequence

import attrs

from ..errors import Problem, UnknownRulesetError, did_you_mean
from .overlay import LayeredMap, merge, option_value, substitute_options
from .reader import Reader
from .sources import RulesText, Source, is_path, resolve_source
from .yamlsource import DocPath, SourceMap

__all__ = ["parts", "Composition", "Resolved", "override_cards", "given_values", "spell_value"]

#: A part of a composition: a bundled name or a path as text, a path, or rules sent as text.
Part = str | Path | RulesText


def parts(spec: str | os.PathLike[str] | RulesText,
          variants: Sequence[str | os.PathLike[str] | RulesText] = ()
          ) -> tuple[tuple[Part, str | None], ...]:
    """``"standard+more-starred:5"`` and extra variants as ``((name or path, value), ...)``.

    Raises :class:`~tortuga_rules.errors.UnknownRulesetError` for an empty part
    (``standard++madness``) or a value too long to be an option's.
    """
    pieces: Sequence[Part] = [spec] if isinstance(spec, (Path, RulesText)) else str(spec).split("+")
    items = [_part(piece, spec) for piece in pieces]
    items += [_part(v if isinstance(v, RulesText) else str(v), v) for v in variants]
    return tuple(items)


def _part(piece: Part, whole: object) -> tuple[Part, str | None]:
    if isinstance(piece, (Path, RulesText)):
        return piece, None
    piece = piece.strip()
    if not piece:
        raise UnknownRulesetError(f"{str(whole)[:80]!r} has an empty part: join rulesets and "
                                  "variants with single '+' signs")
    if ":" not in piece:
        return piece, None
    if is_path(piece):  # a file's path may take values too: house/kraken.yaml:9
        path, _, value = piece.rpartition(":")
        if not path.endswith((".yaml", ".yml")):
            return piece, None
        name = path
    else:
        name, _, value = piece.partition(":")
    value = value.strip()
    for one in value.split(","):
        if len(one.partition("=")[2] or one) > 40:
            raise UnknownRulesetError(f"a value given to {name.strip()!r} is {len(one)} "
                                      "characters long; an option's value is a word or a number")
    return name.strip(), value or None


def given_values(value: str) -> list[tuple[str, ...]] | None:
    """``"k=v,k2=v2"`` as ``[(k, v), ...]``; None for a lone value (``more-starred:6``)."""
    if "=" not in value:
        return None
    return [tuple(x.strip() for x in item.partition("=")[::2]) for item in value.split(",")]


def spell_value(value: Any) -> str:
    """An option value as the composition's text writes it (``true``, ``6``, ``must``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@attrs.frozen
class Resolved:
    """The merged rules data of a composition, ready to be validated and built."""

    data: dict[str, Any]
    where: LayeredMap  # where each value of ``data`` was set, for located problems
    id: str  # the composition's id, e.g. "standard+more-starred:5": every option off its default
    decls: dict[str, dict[str, Any]]  # option name -> its declaration
    values: dict[str, Any]  # option name -> the value in force
    changed: dict[str, list[str]]  # variant id -> the clause ids it adds or rewords
    #: options off their default that no ``{option: NAME}`` substitutes into the data (read
    #: by programs with ``option("NAME")``): the content hash must cover them too
    played: dict[str, Any] = attrs.field(factory=dict)
    #: the folders of the rules files read by path, in order: cards beside them join in
    folders: tuple[tuple[Path, str], ...] = ()
    #: the file of each part, in the order they apply: a patch applies to a program a part
    #: before it (or its own) wrote, not to one a later part wrote anew
    part_files: tuple[str, ...] = ()


class Composition:
    """Merges a ruleset and its variants, one file at a time, into one rules document."""

    def __init__(self, reader: Reader, bundled_only: bool = False,
                 keep_going: bool = False) -> None:
        self.reader = reader
        self.bundled_only = bundled_only
        #: go on merging a variant whose schema problems leave it mergeable (``lint``: the
        #: problems of the later stages are wanted too)
        self.keep_going = keep_going
        self.problems = reader.problems
        self.data: dict[str, Any] | None = None
        self.where: LayeredMap | None = None
        # option name -> (declaration, SourceMap, path)
        self.decls: dict[str, tuple[dict[str, Any], SourceMap, DocPath]] = {}
        self.owner: dict[str, int] = {}  # option name -> index in ``applied`` of its last declarer
        self.own: list[list[str]] = []  # per applied part: the options its own file declares
        self.given: dict[str, tuple[Any, str]] = {}  # option name -> (value, how it was given)
        self.bad_given: list[str] = []  # what is wrong with values given (in the caller's terms)
        self.changed: dict[str, list[str]] = {}  # variant id -> the clauses it adds or rewords
        self.applied: list[str] = []  # the id of each part applied, in order
        self.part_files: list[str] = []  # the file of each applied part, in order (for patches)
        # folders of files read by path (cards beside them)
        self.folders: list[tuple[Path, str]] = []
        self.files: set[str] = set()  # the real path of the whole ruleset read by path
        # (cards section, SourceMap) of variants bringing cards
        self.new_cards: list[tuple[dict[str, Any], SourceMap]] = []
        self.stack: list[str] = []  # the variants whose parents are being applied (cycles)
        self.stack_maps: list[SourceMap] = []  # where each of them is written

    def resolve(self, sources: Iterable[tuple[tuple[Source, str], Any]],
                options: dict[str, Any]) -> Resolved | None:
        """Apply ``sources`` (``((traversable, display), value)``) with ``options``.

        ``None`` if anything is wrong; the reader's problems (or :attr:`bad_given`, for
        values given that the options do not take) say what.
        """
        for (source, display), value in sources:
            if not self.apply(source, display, value):
                return None
        if self.data is None or self.where is None:
            return None
        defaults, values = self._option_values(options)
        if (self.problems and not self.keep_going) or self.bad_given:
            return None
        try:
            data = {k: (v if k == "options" else substitute_options(v, values))
                    for k, v in self.data.items()}
        except KeyError as exc:
            self.problems.append(self.where.problem(
                (), f"{{option: {exc.args[0]}}} names an undeclared option"))
            return None
        decls = {name: decl for name, (decl, _, _) in self.decls.items()}
        off = {n: v for n, v in values.items() if v != defaults.get(n)}
        substituted = options_substituted(self.data)
        played = {n: v for n, v in off.items() if n not in substituted}
        return Resolved(data, self.where, self._identity(off), decls, values, self.changed,
                        played, tuple(self.folders), tuple(self.part_files))

    def _identity(self, off: dict[str, Any]) -> str:
        """The composition's id, naming every option off its default on the part declaring it.

        A part whose file declares one option writes ``name:VALUE``; others
        ``name:KEY=VALUE,KEY=VALUE`` (keys in order). Loading the id gives the same rules.
        """
        out = []
        for i, part in enumerate(self.applied):
            mine = sorted(n for n in off if self.owner.get(n) == i)
            if not mine:
                out.append(part)
            elif len(self.own[i]) == 1 and mine == self.own[i]:
                out.append(f"{part}:{spell_value(off[mine[0]])}")
            else:
                out.append(f"{part}:" + ",".join(f"{n}={spell_value(off[n])}" for n in mine))
        return "+".join(out)

    def apply(self, source: Source, display: str, value: str | None) -> bool:
        """Merge one ruleset or variant file (``value`` sets a variant's options)."""
        data, smap = self.reader.read(source, display)
        if data is None:
            return False
        if not isinstance(data, dict):
            self.problems.append(smap.problem((), "a ruleset or variant file is a mapping"))
            return False
        if isinstance(source, Path):
            self.folders.append((source.parent, display))
        if "extends" in data or "changes" in data:
            base = source.parent if isinstance(source, Path) else None
            # a bundled variant, or one sent as text, extends bundled rulesets only
            bundled = display.startswith("variants/") or isinstance(source, RulesText)
            ok = self._variant(data, smap, base, bundled)
        else:
            ok = self._ruleset(data, smap, display)
            if ok and isinstance(source, Path):
                self.files.add(os.path.realpath(source))
        return ok and self._take_value(value)

    def _declare(self, data: dict[str, Any], smap: SourceMap) -> None:
        """The options a file declares, owned by the part just applied."""
        own = []
        for name, decl in (data.get("options") or {}).items():
            if isinstance(decl, dict):
                self.decls[name] = (decl, smap, ("options", name))
                self.owner[name] = len(self.applied) - 1
                own.append(name)
        self.own.append(sorted(own))

    def _take_value(self, value: str | None) -> bool:
        """``NAME:VALUE`` (the part's only option) or ``NAME:KEY=VALUE,...`` given to a part."""
        if value is None:
            return True
        part = self.applied[-1]
        named = given_values(value)
        if named is not None:
            for key, val in named:
                self.given[key] = (val, f"{part}:{key}={val}")
            return True
        own = self.own[-1]
        if len(own) != 1:
            self.bad_given.append(
                f"'{part}:{value}' gives a lone value, which only a variant with exactly one "
                f"option takes; {part} has " + (f"the options {', '.join(own)}: write "
                                                f"'{part}:{own[0]}={value}'" if own else
                                                "no options"))
            return False
        self.given[own[0]] = (value, f"{part}:{value}")
        return True

    def _ruleset(self, data: dict[str, Any], smap: SourceMap, display: str) -> bool:
        if self.data is not None and self.stack:  # a variant extends another whole ruleset
            self.problems.append(self.stack_maps[-1].problem(("extends",), (
                f"{self.stack[-1]} is a variant of {data.get('id', display)}; it cannot go on "
                f"{self.applied[0]} (start the composition with {data.get('id', display)})")))
            return False
        if self.data is not None:
            self.problems.append(smap.problem((), f"{display} is a whole ruleset; only the first "
                                                  "part of a composition may be one"))
            return False
        self.data = copy.deepcopy(data)
        self.where = LayeredMap(smap)
        self.applied.append(str(data.get("id", display)))
        self.part_files.append(smap.file)
        self._declare(data, smap)
        return True

    def _variant(self, data: dict[str, Any], smap: SourceMap, base: Path | None,
                 bundled: bool) -> bool:
        if not self.reader.validate(data, smap, "variant", digest=False) and \
                not (self.keep_going and _mergeable(data)):
            return False
        vid = data["id"]
        if not self._extend(data, smap, vid, None if bundled else base, bundled):
            return False
        assert self.data is not None and self.where is not None  # the base was applied
        merge(self.data, data.get("changes", {}), self.where, smap)
        if data.get("cards"):
            self.new_cards.append((data["cards"], smap))
        for cid, clause in (data.get("clauses") or {}).items():
            self.data.setdefault("clauses", {})[cid] = clause
            self.where.add(("clauses", cid), smap, ("clauses", cid))
            self.changed.setdefault(vid, []).append(cid)
        self._patches(data, smap, vid)
        name, description = self.data.get("name", ""), self.data.get("description", "")
        if isinstance(name, str) and isinstance(description, str):  # else: a schema error
            self.data["name"] = f"{name} + {data['name']}"
            self.data["description"] = (f"{description.strip()} "
                                        f"{data['name']}: {data['description'].strip()}")
        self.applied.append(vid)
        self.part_files.append(smap.file)
        self._declare(data, smap)
        return True

    def _patches(self, data: dict[str, Any], smap: SourceMap, vid: str) -> None:
        """A variant's ``patches``, after those of the parts before it (applied in order);
        the clauses whose statements they patch are among those the variant changes."""
        assert self.data is not None and self.where is not None
        patches = self.data.setdefault("patches", [])
        for i, patch in enumerate(data.get("patches") or []):
            self.where.add(("patches", len(patches)), smap, ("patches", i))
            patches.append(copy.deepcopy(patch))
            clause = next((patch[k] for k in ("replace", "before", "after", "remove")
                           if isinstance(patch.get(k), str)), None)
            if clause is not None and clause not in self.changed.get(vid, []):
                self.changed.setdefault(vid, []).append(clause)
        if not patches:
            del self.data["patches"]

    def _extend(self, data: dict[str, Any], smap: SourceMap, vid: str, base: Path | None,
                bundled: bool) -> bool:
        """Apply the ruleset a variant extends, unless the composition already has it.

        A path in ``extends`` is taken from the variant file's own folder (``base``); a
        bundled variant extends only bundled rulesets.
        """
        if vid in self.stack:
            self.problems.append(smap.problem(("extends",), "a cycle in 'extends': "
                                                            + " -> ".join(self.stack + [vid])))
            return False
        parent = data.get("extends", "standard")
        # (a parent named by its path, already applied by that path: a new game's variant)
        if parent not in self.applied and not (
                base is not None and isinstance(parent, str) and is_path(parent)
                and os.path.realpath(Path(base) / parent) in self.files):
            try:
                psource, pdisplay = resolve_source(parent, base, self.bundled_only or bundled)
            except UnknownRulesetError as exc:
                self.problems.append(smap.problem(("extends",), str(exc)))
                return False
            self.stack.append(vid)
            self.stack_maps.append(smap)
            try:
                if not self.apply(psource, pdisplay, None):
                    return False
            finally:
                self.stack.pop()
                self.stack_maps.pop()
        if self.data is None:
            self.problems.append(smap.problem(("extends",), "nothing to extend"))
            return False
        return True

    def _option_values(self, options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(defaults, values)``: each declared option's default, and its value in force.

        A value given that its option does not take, or for an option nobody declares, is
        told in the caller's terms (:attr:`bad_given`), not blamed on the declaring file.
        """
        defaults: dict[str, Any] = {}
        for name, (decl, smap, path) in self.decls.items():
            try:
                defaults[name] = option_value(name, decl, decl.get("default"))
            except ValueError as exc:
                self.problems.append(smap.problem(path + ("default",), str(exc)))
        values = dict(defaults)
        given = list(self.given.items()) + [(k, (v, f"option {k}={spell_value(v)}"))
                                            for k, v in options.items()]
        for name, (value, origin) in given:
            if name not in self.decls:
                known = ", ".join(sorted(self.decls)) or "none"
                self.bad_given.append(f"{origin}: unknown option {name!r}"
                                      f"{did_you_mean(name, self.decls)}; the options are: {known}")
                continue
            try:
                values[name] = option_value(name, self.decls[name][0], value)
            except ValueError as exc:
                self.bad_given.append(f"{origin}: {exc}")
        return defaults, values


def _mergeable(data: dict[str, Any]) -> bool:
    """True if a variant its schema refused still has the shape merging reads."""
    mappings = ("changes", "clauses", "options", "cards")
    return all(isinstance(data.get(k), str) for k in ("id", "name", "description")) and \
        all(isinstance(data.get(k) or {}, dict) for k in mappings)


def options_substituted(data: Any) -> set[str]:
    """The option names that ``{option: NAME}`` mappings in ``data`` stand for."""
    if isinstance(data, dict):
        if set(data) == {"option"}:
            return {str(data["option"])}
        return set().union(*map(options_substituted, data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*map(options_substituted, data)) if data else set()
    return set()


def override_cards(reader: Reader, cards: dict[str, Any], overrides: dict[str, Any],
                   where: LayeredMap) -> None:
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
