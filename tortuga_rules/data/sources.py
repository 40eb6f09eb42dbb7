"""Where rules data comes from: the bundled folders, and names or paths resolved to files.

A ruleset or variant is named either by a bundled name (``"standard"``,
``"madness"``: a file of the package's ``variants/`` folder) or by a path to a
YAML file. Bundled data is read through :mod:`importlib.resources`, so an
installed package needs nothing outside itself.

Each data folder (``cards``, ``variants``, ``schema``) keeps what every game shares at
its top and each game's own files in a subfolder named by the game's id
(``variants/tortuga-1667/standard.yaml``, ``variants/tortuga-dice/two-players.yaml``,
``schema/kit/`` for the component kit's family). A bundled name is still a file's name
without its folder: the names of a folder and of all its game subfolders are one
namespace, so a name (in a composition, a save, a scenario, a server's table) says which
file it is without knowing its game; two files of the same name in one data folder are
refused (:func:`bundled_files`).
"""

from __future__ import annotations

import difflib
import io
import re
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType

import attrs

from ..errors import DataError, Problem, UnknownRulesetError, shortened

__all__ = ["package_dir", "bundled_files", "bundled_file", "bundled_rulesets", "is_path",
           "resolve_source", "RulesText", "Source"]


@attrs.frozen
class RulesText:
    """A variant or ruleset given as text rather than a file (a house rule uploaded to a
    server): ``name`` is how problems name it (``house-rules.yaml:3:5: ...``).

    It is read with every limit of a file from outside; its ``extends`` may name only
    bundled rulesets, and it has no folder, so no card files beside it: its own cards go
    in its ``cards:`` section.
    """

    name: str
    text: str = attrs.field(repr=False)

    def open(self, mode: str = "rb") -> io.BytesIO:
        return io.BytesIO(self.text.encode("utf-8", "surrogatepass"))


def package_dir(name: str) -> Traversable:
    """A data folder (``cards``, ``variants``, ``schema``) as an importlib resource.

    An installed package carries the folders inside it. In a source checkout they
    stand beside the package at the top of the repository, which is where authors
    edit them; there the package's own folder has no copy, so look one level up.
    """
    inside = resources.files("tortuga_rules").joinpath(name)
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent.parent / name


@lru_cache(maxsize=None)
def bundled_files(folder: str, suffix: str) -> Mapping[str, str]:
    """Bundled name -> the file's path inside ``folder``, for the files ending in ``suffix``
    at its top and in its games' subfolders (``bundled_files("variants", ".yaml")["standard"]
    == "tortuga-1667/standard.yaml"``).

    A name found twice (two games' overlays of the same file name, or a game's file and a
    shared one) is a :class:`~tortuga_rules.errors.DataError` naming both files: a bundled
    name must say which file it is without knowing its game. The bundled folders do not
    change while a process runs, so they are listed once (and the listing is read-only).
    """
    found: dict[str, str] = {}
    root = package_dir(folder)
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        inside = sorted(entry.iterdir(), key=lambda e: e.name) if entry.is_dir() else [entry]
        for item in inside:
            if not item.name.endswith(suffix) or not item.is_file():
                continue
            path = item.name if item is entry else f"{entry.name}/{item.name}"
            name = item.name[:-len(suffix)]
            if name in found:
                raise DataError([Problem(f"{folder}/{path}", 0, 0, (
                    f"the bundled name {name!r} is taken by {folder}/{found[name]}: bundled "
                    "names are one namespace across every game's folder; rename one file"))])
            found[name] = path
    return MappingProxyType(found)


def bundled_file(folder: str, path: str) -> Traversable:
    """The bundled file at ``path`` inside ``folder`` (as :func:`bundled_files` gives it),
    as an importlib resource."""
    return package_dir(folder).joinpath(*path.split("/"))


def bundled_rulesets() -> tuple[str, ...]:
    """The names of the rulesets shipped in the package (every game's)."""
    return tuple(sorted(bundled_files("variants", ".yaml")))


def is_path(name: str | Path) -> bool:
    """True if ``name`` is spelt as a file path rather than a bundled ruleset's name."""
    if isinstance(name, Path):
        return True
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


#: Where a ruleset or variant is read from: a file (bundled or a path) or a text.
Source = Traversable | RulesText

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_MAX_PATH = 4096


def resolve_source(name_or_path: str | Path | RulesText, base: str | Path | None = None,
                   bundled_only: bool = False) -> tuple[Source, str]:
    """``(traversable, display name)`` of a ruleset or variant given by bundled name or path.

    A relative path is taken from ``base`` (the folder of the file naming it) when given.
    With ``bundled_only`` any path is refused (a :class:`RulesText` is content, not a
    path, and is taken). Raises :class:`~tortuga_rules.errors.UnknownRulesetError` -
    never an ``OSError``, whatever the name.
    """
    if isinstance(name_or_path, RulesText):
        return name_or_path, name_or_path.name
    if is_path(name_or_path):
        return _resolve_path(Path(name_or_path), base, bundled_only)
    name = str(name_or_path)
    if not _NAME.match(name):
        raise UnknownRulesetError(f"{shortened(name, 60)!r} is not a ruleset name: names are "
                                  "lower-case letters, digits and '-', at most 64 of them")
    path = bundled_files("variants", ".yaml").get(name)
    if path is None:
        known = bundled_rulesets()
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise UnknownRulesetError(
            f"unknown ruleset or variant {name!r}{hint}; the bundled ones are: {', '.join(known)}")
    return bundled_file("variants", path), f"variants/{path}"


def _shown(path: Path) -> str:
    """``path`` as a message names it: a long one by its file's name alone, since cutting
    it at the end would drop the name a user recognises behind a long folder."""
    text = str(path)
    return text if len(text) <= 80 else ".../" + shortened(path.name, 76)


def _resolve_path(path: Path, base: str | Path | None, bundled_only: bool) -> tuple[Path, str]:
    if bundled_only:
        raise UnknownRulesetError(f"only bundled rulesets may be loaded here, not the file "
                                  f"{_shown(path)!r}")
    if base is not None and not path.is_absolute():
        path = Path(base) / path
    text = str(path)
    if len(text) > _MAX_PATH or any(len(part) > 255 for part in path.parts):
        raise UnknownRulesetError(f"no ruleset file at {_shown(path)!r}: the path is too long")
    try:
        found = path.is_file()
    except OSError as exc:
        raise UnknownRulesetError(f"no ruleset file at {text!r}: {exc.strerror}") from None
    if not found:
        raise UnknownRulesetError(f"no ruleset file at {text!r}")
    return path, text
