"""Loading a ruleset: YAML data and DSL text, validated and compiled once.

:func:`load_ruleset` reads a ruleset or a composition of variants (bundled in the
package's ``variants/`` folder, or any path), the card files of its game
(``cards/<game id>/``), checks them against the JSON Schemas in ``schema/``, parses
and compiles every DSL text, and checks every cross-reference (card ids, clause ids,
counts). All problems of all files are reported together as one
:class:`~tortuga_rules.errors.DataError`, each as ``file:line:col: message``.

The pipeline: :mod:`~tortuga_rules.data.cards` reads the card files,
:mod:`~tortuga_rules.data.variants` merges the composition and resolves its
options, :mod:`~tortuga_rules.data.schema` validates the result and
:mod:`~tortuga_rules.data.build` compiles it section by section.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Any, Iterable, Sequence

import attrs

from ..errors import ArgumentError, DataError, OptionError, Problem, UnknownRulesetError
from ..model.games import (DEFAULT_GAME, GameKind, data_game, family_of, game_ids, game_kind,
                           keep_data_game)
from .cards import house_cards, read_cards
from .patches import Applied, Patcher, read_patches
from .reader import Reader, played
from .ruleset import Ruleset
from .sources import RulesText, Source, bundled_file, is_path, package_dir, resolve_source
from .variants import Composition, Resolved, override_cards, parts

__all__ = ["load_ruleset", "checked_ruleset"]


def load_ruleset(name_or_path: str | os.PathLike[str] | RulesText = "standard", *,
                 variants: Sequence[str | os.PathLike[str] | RulesText] = (),
                 options: dict[str, Any] | None = None,
                 cards_dir: str | os.PathLike[str] | None = None,
                 bundled_only: bool = False) -> Ruleset:
    """Load and compile a ruleset, with variants composed on top.

    ``name_or_path`` is a bundled name (``"standard"``, ``"madness"``), a path, a
    :class:`~tortuga_rules.data.sources.RulesText` (rules sent as text), or a
    composition ``"standard+open-loyalty+more-starred:5"`` (``:VALUE`` sets a variant's
    only option, ``:KEY=VALUE,...`` options by name). ``variants`` adds more; ``options`` sets option values by name.
    ``cards_dir`` replaces the bundled cards (the game's ``cards/<game id>/``). Raises
    :class:`~tortuga_rules.errors.DataError` listing every problem, or
    :class:`~tortuga_rules.errors.UnknownRulesetError`. Bundled compositions are
    loaded once per process (the newest :data:`BUNDLED_CACHED` of them stay compiled);
    files given by path are read each time (they may change).
    With ``bundled_only`` (a server loading what it is sent) every path is refused, in
    the composition and in any ``extends``, and so is ``cards_dir``.
    """
    _check_arguments(name_or_path, variants, cards_dir)
    named = parts(name_or_path, variants)
    if not named:
        raise UnknownRulesetError("no ruleset named")
    if bundled_only and cards_dir is not None:
        raise UnknownRulesetError("only the bundled cards may be used here, not cards_dir")
    if options is not None and (not isinstance(options, dict)
                                or not all(isinstance(k, str) for k in options)):
        raise UnknownRulesetError(f"options must be a mapping of option names to values, not "
                                  f"{options!r:.80}")
    sources = tuple((resolve_source(n, bundled_only=bundled_only), v) for n, v in named)
    opts = tuple(sorted((options or {}).items()))
    if cards_dir is None and not any(isinstance(n, RulesText) or is_path(n) for n, _ in named):
        try:
            return _load_bundled(tuple((d, v) for (_, d), v in sources), opts)
        except TypeError:  # an unhashable option value: do not cache
            pass
    return _load(sources, dict(opts), cards_dir, bundled_only)


def _check_arguments(name_or_path: object, variants: object, cards_dir: object) -> None:
    """Names and paths are text or paths; anything else is an ArgumentError."""
    if not isinstance(name_or_path, (str, os.PathLike, RulesText)):
        raise ArgumentError(f"load_ruleset takes a ruleset name or path, not "
                            f"{type(name_or_path).__name__}")
    if not isinstance(variants, (list, tuple)) or \
            not all(isinstance(v, (str, os.PathLike, RulesText)) for v in variants):
        raise ArgumentError(f"variants must be a list of variant names or paths, not "
                            f"{variants!r:.60}")
    if cards_dir is not None and not isinstance(cards_dir, (str, os.PathLike)):
        raise ArgumentError(f"cards_dir must be a folder's path, not {cards_dir!r:.60}")


#: How many bundled compositions (with their option values) stay compiled in a process: a
#: server whose tables pick options keeps the newest, not one of every composition it was
#: ever asked for (about 0.9 MB each; an older one is compiled again when asked).
BUNDLED_CACHED = 64


@lru_cache(maxsize=BUNDLED_CACHED)
def _load_bundled(sources: tuple[tuple[str, Any], ...],
                  options: tuple[tuple[str, Any], ...]) -> Ruleset:
    resolved = tuple(((bundled_file("variants", d[len("variants/"):]), d), v)
                     for d, v in sources)
    return _load(resolved, dict(options), None)


def checked_ruleset(path: str | os.PathLike[str]) -> tuple[Ruleset | None, Reader]:
    """The rules file at ``path`` loaded for checking (``lint``): ``(ruleset, reader)``, the
    ruleset None when they do not load, the reader holding every problem and warning.

    Unlike :func:`load_ruleset` this goes on past a stage that failed - a schema problem
    does not hide the DSL's - compiling what it can: a problem the later stages find at a
    line a schema problem already points at is left out (it is the same mistake), and so is
    anything the compilation of data its schema refused raised (it has been told).
    """
    reader = Reader()
    source = resolve_source(str(path))
    try:
        rules = _load(((source, None),), {}, None, reader=reader, keep_going=True)
        return rules, reader
    except DataError as exc:
        reader.problems[:] = _unseen(reader.problems, exc.problems)
    except OptionError as exc:
        reader.problems.append(Problem(str(path), 0, 0, str(exc)))
    except Exception:  # noqa: BLE001 - going on past a problem told: its consequence
        if not reader.problems:
            raise
    reader.problems[:] = _unseen(reader.problems, ())
    return None, reader


def _unseen(found: list[Problem], raised: Iterable[Problem]) -> list[Problem]:
    """``found`` and whatever of ``raised`` is not among them, in order: one problem per
    place (file, line, column), the first told (what going on past a problem finds at its
    very place is a consequence of it: an option with no default has no whole number)."""
    out: dict[Any, Problem] = {}
    for p in list(found) + list(raised):
        out.setdefault((p.file, p.line, p.col) if p.line else p, p)
    return list(out.values())


def _load(sources: tuple[tuple[tuple[Source, str], Any], ...], options: dict[str, Any],
          cards_dir: str | os.PathLike[str] | None, bundled_only: bool = False, *,
          reader: Reader | None = None, keep_going: bool = False) -> Ruleset:
    reader = Reader() if reader is None else reader
    composition = Composition(reader, bundled_only, keep_going)
    resolved = composition.resolve(sources, options)
    if resolved is None:
        if composition.bad_given and not reader.problems:
            raise OptionError("; ".join(composition.bad_given))
        raise DataError(reader.problems)
    kind = _game(reader, resolved)
    cards = None  # the card files of a game that has cards
    if kind.cards:
        cards = _cards(reader, kind, cards_dir)
    elif cards_dir is not None:
        raise UnknownRulesetError(f"{kind.name} has no cards: cards_dir does not apply to it")
    data = resolved.data
    reader.digest.update(json.dumps(played(data), sort_keys=True, ensure_ascii=False).encode())
    if resolved.played:  # option values no file's text shows: the hash covers them too
        reader.digest.update(json.dumps({"options": resolved.played}, sort_keys=True).encode())
    patches = data.pop("patches", None) or []  # in the hash; applied as programs compile
    malformed: list[Problem] = []
    reader.patcher = Patcher(read_patches(patches, resolved.where, malformed), malformed,
                             resolved.part_files)
    reader.texts.extend(p.text for p in reader.patcher.patches)  # what they read counts
    if cards is not None:
        house_cards(reader, cards, resolved.folders, composition.new_cards)
    ok = reader.validate(data, resolved.where, kind.schema, digest=False)
    if keep_going and reader.problems:
        _build_anyway(reader, kind, data, resolved, cards)
    if not ok or reader.problems:
        raise DataError(reader.problems)
    rules = _patched(reader, _build(reader, kind, data, resolved, cards, stop=True), data,
                     patches)
    if cards is None and kind.id not in game_ids(data=False):  # a new game, now known to
        keep_data_game(kind, _owner(resolved.where.file))  # compile
    more: dict[str, Any] = {} if cards is None else {
        "card_data": {cid: d for cid, (d, _) in cards["events"].items()}}
    return attrs.evolve(rules, id=resolved.id, options=resolved.values,
                        option_decls=resolved.decls, changed_clauses=resolved.changed,
                        data=data, game=kind, **more)


def _build(reader: Reader, kind: GameKind[Any], data: dict[str, Any], resolved: Resolved,
           cards: dict[str, Any] | None, stop: bool) -> Ruleset | None:
    """The game's rules compiled from ``data``; a card game's (``cards`` not None) cards are
    first overridden by the rules' ``cards:`` section - with ``stop``, the problems of that
    raise before compiling."""
    if cards is None:
        return kind.build(reader, data, resolved.where, resolved.decls)
    override_cards(reader, cards, data.pop("cards", None) or {}, resolved.where)
    if stop and reader.problems:
        raise DataError(reader.problems)
    return kind.build(reader, data, resolved.where, cards, resolved.decls)


def _build_anyway(reader: Reader, kind: GameKind[Any], data: dict[str, Any], resolved: Resolved,
                  cards: dict[str, Any] | None) -> None:
    """Compile rules that have problems already, for the problems of the later stages: the
    ones at a line no earlier problem points at join the reader's (see
    :func:`checked_ruleset`), but not those naming a card file that had a problem (the card
    is missing because of it). Whatever compiling data its schema refused raises is
    dropped: the schema's problem has told it."""
    told = list(reader.problems)
    lines = {(p.file, p.line) for p in told}
    try:
        _build(reader, kind, data, resolved, cards, stop=False)
    except Exception:  # noqa: BLE001 - data a schema refused; its problem is told
        pass
    missing = {f"'{PurePath(p.file).stem}'" for p in told if "cards" in PurePath(p.file).parts}
    new = reader.patcher.told(reader.problems[len(told):])  # with the patches' own
    later = [p for p in new if (p.file, p.line) not in lines
             and not any(card in p.message for card in missing)]
    reader.problems[:] = _unseen(told, later)


def _cards(reader: Reader, kind: GameKind[Any],
           cards_dir: str | os.PathLike[str] | None) -> dict[str, Any]:
    """The card files: the bundled ones (the game's subfolder of ``cards/``, named by its
    id), or those of ``cards_dir``."""
    if cards_dir is None:
        return read_cards(reader, package_dir("cards").joinpath(kind.id), f"cards/{kind.id}")
    try:
        return read_cards(reader, Path(cards_dir), str(cards_dir))
    except OSError as exc:
        raise DataError([Problem(str(cards_dir)[:200], 0, 0,
                                 f"cannot read the cards folder: {exc.strerror or exc}")])


def _patched(reader: Reader, rules: Ruleset | None, data: dict[str, Any],
             patches: list[Any]) -> Ruleset:
    """Raise every problem of the build and of its patches (one that found no statement, or
    too many); else keep the patches in ``data`` as applied, each with its program, the
    statement it patched and where it is written (``diff``, ``rules`` and ``explain`` show
    them), and give back ``rules``."""
    reader.problems[:] = reader.patcher.told(reader.problems)
    if rules is None or reader.problems:
        raise DataError(reader.problems)
    applied = _by_patch(reader.patcher)
    kept = [{**entry, "program": one.program, "was": one.was,
             "at": f"{one.patch.at.file}:{one.patch.at.line}"}
            for entry, one in zip(patches, applied) if one is not None]
    if kept:  # a patch of a program a later part wrote anew changed nothing: left out
        data["patches"] = kept
    return rules


def _by_patch(patcher: Patcher) -> list[Applied | None]:
    """The first application of each patch (None: none), in the order they are written."""
    first: dict[int, Applied] = {}
    for applied in patcher.applied:
        first.setdefault(id(applied.patch), applied)
    return [first.get(id(p)) for p in patcher.patches]


def _game(reader: Reader, resolved: Resolved) -> GameKind[Any]:
    """The game the resolved rules name (``game:``; none: Tortuga 1667), located if unknown.

    A file on the component kit (a ``components`` section) naming a game no package
    registers is a new game, owned by the composition's first file (registered once its
    rules compile).
    """
    data = resolved.data
    name = data.get("game", DEFAULT_GAME)
    family = family_of(data) if isinstance(name, str) and _GAME_ID.match(name) else None
    try:
        if family is not None and name not in game_ids(data=False):
            return data_game(family, name, _text(data.get("name"), name),
                             _players(data.get("players")), _owner(resolved.where.file))
        kind = game_kind(name)
    except UnknownRulesetError as exc:
        raise DataError([resolved.where.problem(("game",), str(exc))]) from None
    if family is not None and kind.schema != family.schema:
        raise DataError([resolved.where.problem(("game",), (
            f"{kind.name} is not written on the {family.schema} (its rules have no "
            f"'{family.marker}'): a new game on it needs a game id of its own"))])
    return kind


#: a game id a rules file may give a new game (as ``schema/kit/kit.schema.json`` spells it)
_GAME_ID = re.compile(r"^[a-z][a-z0-9-]{0,63}$")


def _owner(file: str) -> str:
    """The file that defines a new game, spelt one way however it was named (its real
    path; rules sent as text: their name)."""
    try:
        return os.path.realpath(file) if os.path.isfile(file) else file
    except (OSError, ValueError):
        return file


def _text(value: Any, default: str) -> str:
    """A game's name as the registry keeps it: its first file's (a composition's name adds
    each variant's after a ``+``; the schema checks it is text afterwards)."""
    return value.split(" + ")[0][:200] if isinstance(value, str) else default


def _players(value: Any) -> tuple[int, int]:
    """``(fewest, most)`` of a ``players`` section (the schema checks it afterwards)."""
    if isinstance(value, dict) and all(type(value.get(k)) is int for k in ("min", "max")):
        return value["min"], value["max"]
    return (2, 4)
