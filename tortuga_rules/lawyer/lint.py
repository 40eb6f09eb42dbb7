"""Checking rules files without playing: rulesets, variants, card files and scenarios.

:func:`lint` tells what a YAML file is from its keys, checks it the way the engine
would load it - its schema, every DSL text compiled, every clause and card it names -
and returns every problem found, located as ``file:line:col``. An event card file is
compiled on its own, its clauses checked against the standard ruleset's; a scenario is
loaded with its ruleset and position (its steps are not played).
"""

from __future__ import annotations

from pathlib import Path

from ..data.loader import load_ruleset
from ..data.reader import Reader
from ..errors import DataError, Problem, TortugaError
from .scenario import load_scenarios

__all__ = ["lint", "lint_files", "kind_of"]

#: Schema of each kind of card file, by a key only that kind has.
_CARD_KINDS = (("category", "event-card"), ("team", "loyalty"), ("sections", "vote-deck"),
               ("order", "brethren"))


def kind_of(data) -> str:
    """``"scenario"``, ``"variant"``, ``"ruleset"``, a card kind, or ``"unknown"``."""
    if not isinstance(data, dict):
        return "unknown"
    if "title" in data and "players" in data:
        return "scenario"
    if "extends" in data or "changes" in data:
        return "variant"
    if "actions" in data or "setup" in data or "play" in data:  # (play: a kit game)
        return "ruleset"
    for key, kind in _CARD_KINDS:
        if key in data:
            return kind
    return "unknown"


def lint_files(paths) -> list[Path]:
    """Every ``*.yaml`` file under ``paths`` (files or folders), sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.rglob("*.yaml")) if p.is_dir() else [p])
    return out


def lint(path) -> list[Problem]:
    """Every problem of the rules file at ``path`` (empty if it is fine)."""
    path = Path(path)
    reader = Reader()
    data, smap = reader.read(path, str(path))
    if reader.problems:
        return reader.problems
    kind = kind_of(data)
    try:
        if kind == "scenario":
            load_scenarios(path)
        elif kind in ("variant", "ruleset"):
            load_ruleset(path)
        elif kind == "event-card":
            return _event_card(reader, path, data, smap)
        elif kind != "unknown":
            reader.validate(data, smap, kind, digest=False)
            return reader.problems
        else:
            return [smap.problem((), "not a ruleset, variant, card or scenario file (a ruleset "
                                     "has 'setup' and 'actions', a variant 'extends' or "
                                     "'changes', a scenario 'title' and 'players')")]
    except DataError as exc:
        return list(exc.problems)
    except TortugaError as exc:
        return [Problem(str(path), 0, 0, str(exc))]
    return []


def _event_card(reader: Reader, path: Path, data, smap) -> list[Problem]:
    """An event card file: its schema, its DSL, and the clauses it cites."""
    if not reader.validate(data, smap, "event-card", digest=False):
        return reader.problems
    if data["id"] != path.stem:
        return [smap.problem(("id",), f"id {data['id']!r} must match the file name "
                                      f"{path.stem!r}")]
    standard = load_ruleset("standard")
    standard.game.check_card(reader, standard, data, smap)
    return reader.problems
