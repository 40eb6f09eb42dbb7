"""Checking rules files without playing, as a compiler does: every problem in one run.

:func:`lint_paths` checks a set of files and folders together and returns a
:class:`LintReport`: every problem of every stage (YAML, schema, DSL parsing, compiling,
cross-references) and every warning, each once, in file order (file, line, column). A
file is checked the way the engine would load it: a ruleset or variant is compiled with
everything it brings; a card file is checked with the variant(s) beside it that bring it
(a variant's ``cards/`` folder), so the options they declare are known, and only on its
own (against the standard ruleset) when no variant brings it; a scenario is loaded with
its ruleset and position (its steps are not played: see :mod:`.playtest`).

Warnings (the rules load, but likely not as meant) come from the loader's
:class:`~tortuga_rules.data.reader.Reader` (``Reader.warnings``: the compiler's, a
program that cites no clause at all, a verb call a tagged block's tag does not reach) and
from here: an option a house rule declares that nothing reads.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import attrs

from ..data.loader import checked_ruleset, load_ruleset
from ..data.reader import Reader
from ..data.variants import options_substituted
from ..errors import DataError, Problem, Severity, TortugaError
from .scenario import load_scenarios

__all__ = ["LintReport", "lint", "lint_paths", "lint_files", "kind_of"]

#: Schema of each kind of card file, by a key only that kind has.
_CARD_KINDS = (("category", "event-card"), ("team", "loyalty"), ("sections", "vote-deck"),
               ("order", "brethren"))
_CARDS = frozenset(kind for _, kind in _CARD_KINDS)


@attrs.frozen
class LintReport:
    """What one ``lint`` run found: the files checked and every problem, once, in order."""

    files: tuple[str, ...]
    problems: tuple[Problem, ...]
    #: the rulesets and variants that load (given, or bringing a card given): they can be
    #: played (``lint --play``)
    playable: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.is_error)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if not p.is_error)

    def failed(self, strict: bool = False) -> bool:
        """True if there is an error (or, when ``strict``, any warning)."""
        return bool(self.problems if strict else self.errors)

    def bad_files(self, strict: bool = False) -> tuple[str, ...]:
        """The files checked that have an error (or a warning, when ``strict``)."""
        bad = {_key(p.file) for p in self.problems if strict or p.is_error}
        return tuple(f for f in self.files if _key(f) in bad)


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
    """Every problem of the rules file at ``path`` (empty if it is fine), warnings included."""
    return list(lint_paths([path]).problems)


def lint_paths(paths) -> LintReport:
    """Check every YAML file under ``paths`` together (see the module's docstring)."""
    files = lint_files(paths)
    kinds = {f: _kind(f) for f in files}
    rulesets = [f for f in files if kinds[f] in ("variant", "ruleset")]
    found: list[Problem] = []
    checked: dict = {}  # rules file -> its problems: a variant bringing cards is checked once
    for f in files:
        if kinds[f] in ("variant", "ruleset"):
            found += _rules_file(f, checked)
        elif kinds[f] in _CARDS:
            found += _card_file(f, kinds[f], rulesets, checked)
        else:
            found += _other_file(f, kinds[f])
    playable = tuple(r for r, told in checked.items() if not any(p.is_error for p in told))
    return LintReport(tuple(map(str, files)), tuple(_in_order(_untold(found))), playable)


#: How a scenario tells a problem of the rules it names (told in their own file if linted).
_RULES_HAVE_ERRORS = "the ruleset has errors: "


def _untold(problems: list) -> list:
    """``problems`` with a scenario's copies of its rules' problems that are told where
    they are (the rules file was linted too) made one problem saying so."""
    told = {_absolute(str(p)) for p in problems}
    out = []
    for p in problems:
        if p.message.startswith(_RULES_HAVE_ERRORS) and \
                _absolute(p.message[len(_RULES_HAVE_ERRORS):]) in told:
            p = attrs.evolve(p, message="the ruleset has errors (told in its own file)")
        out.append(p)
    return out


def _absolute(text: str) -> str:
    """A problem's text with its file as an absolute path."""
    file, sep, rest = text.partition(":")
    return f"{Path(file).resolve()}{sep}{rest}" if sep else text


def _key(file) -> str:
    return os.path.normpath(str(file))


def _in_order(problems) -> list[Problem]:
    """Each problem once, by file, line and column (a file's problems with no place first)."""
    return sorted(dict.fromkeys(problems), key=lambda p: (_key(p.file), p.line, p.col,
                                                          not p.is_error, p.message))


def _kind(path: Path) -> str:
    data, _ = Reader().read(path, str(path))
    return kind_of(data) if data is not None else "unreadable"


def _rules_file(path: Path, checked: dict) -> list[Problem]:
    """A ruleset or variant: everything its loading finds, and lint's own warnings."""
    if _key(path) not in checked:
        checked[_key(path)] = _rules_problems(path)
    return checked[_key(path)]


def _rules_problems(path: Path) -> list[Problem]:
    rules, reader = checked_ruleset(path)
    return reader.problems + reader.warnings + _unread_options(path, rules, reader)


def _card_file(path: Path, kind: str, rulesets, checked: dict) -> list[Problem]:
    """A card file, with the variants that bring it, or on its own if none does."""
    bringers = _bringers(path, rulesets)
    if not bringers:
        return _lone_card(path, kind)
    mine = _key(path)
    return [p for b in bringers for p in _rules_file(b, checked) if _key(p.file) == mine]


def _bringers(card: Path, rulesets) -> list[Path]:
    """The rules files that bring ``card``: those in a folder whose ``cards/`` holds it -
    among the files checked, else any such file on disk."""
    for folder in card.parents:
        if folder.name != "cards":
            continue
        home = _key(folder.parent)
        given = [r for r in rulesets if _key(r.parent) == home]
        if given:
            return given
        if folder.parent.is_dir():
            beside = sorted(folder.parent.glob("*.yaml"))
            found = [r for r in beside if _kind(r) in ("variant", "ruleset")]
            if found:
                return found
    return []


def _lone_card(path: Path, kind: str) -> list[Problem]:
    """A card file no variant brings: its schema, and an event card's DSL and clauses
    checked against the standard ruleset."""
    reader = Reader()
    data, smap = reader.read(path, str(path))
    if data is None or not reader.validate(data, smap, kind, digest=False):
        return reader.problems
    if kind != "event-card":
        return []
    if data["id"] != path.stem:
        return [smap.problem(("id",), f"id {data['id']!r} must match the file name "
                                      f"{path.stem!r}")]
    standard = load_ruleset("standard")
    standard.game.check_card(reader, standard, data, smap)
    return reader.problems + reader.warnings


def _other_file(path: Path, kind: str) -> list[Problem]:
    """A scenario (loaded with its ruleset and position), or a file lint cannot place."""
    if kind == "unreadable":
        reader = Reader()
        reader.read(path, str(path))
        return reader.problems or [Problem(str(path), 0, 0, "the file is empty")]
    if kind == "unknown":
        _, smap = Reader().read(path, str(path))
        return [smap.problem((), "not a ruleset, variant, card or scenario file (a ruleset "
                                 "has 'setup' and 'actions' or 'play', a variant 'extends' "
                                 "or 'changes', a scenario 'title' and 'players')")]
    try:
        scenarios = load_scenarios(path)
    except DataError as exc:
        return list(exc.problems)
    except TortugaError as exc:
        return [Problem(str(path), 0, 0, str(exc))]
    return [attrs.evolve(w, severity=Severity.WARNING) for sc in scenarios for w in sc.warnings]


# -- lint's own warnings ------------------------------------------------------------------


def _unread_options(path: Path, rules, reader: Reader) -> list[Problem]:
    """An option the rules file at ``path`` declares that no program or expression its rules
    compiled reads, nor any ``{option: NAME}``, nor the game's own procedures
    (``GameKind.engine_options``)."""
    data, smap = Reader().read(path, str(path))
    own = data.get("options") if isinstance(data, dict) else None
    if not isinstance(own, dict):
        return []
    used = options_substituted(data) | (options_substituted(rules.data) if rules else set())
    used |= set(rules.game.engine_options) if rules else set()
    out = []
    for name in own:
        read = _reading(str(name))
        if name not in used and not any(read.search(t) for t in reader.texts):
            problem = smap.problem(("options", name), f"option {name!r} is declared but "
                                                      f"nothing reads it (no option(\"{name}\") "
                                                      f"nor {{option: {name}}})")
            out.append(attrs.evolve(problem, severity=Severity.WARNING))
    return out


def _reading(name: str) -> re.Pattern:
    """``option("name")`` (or with single quotes) in DSL text."""
    return re.compile(r"""\boption\s*\(\s*["']""" + re.escape(name) + r"""["']\s*\)""")
