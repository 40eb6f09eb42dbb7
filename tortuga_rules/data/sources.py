"""Where rules data comes from: the bundled folders, and names or paths resolved to files.

A ruleset or variant is named either by a bundled name (``"standard"``,
``"madness"``: a file of the package's ``variants/`` folder) or by a path to a
YAML file. Bundled data is read through :mod:`importlib.resources`, so an
installed package needs nothing outside itself.
"""

from __future__ import annotations

import difflib
from importlib import resources
from pathlib import Path

from ..errors import UnknownRulesetError

__all__ = ["package_dir", "bundled_rulesets", "is_path", "resolve_source"]


def package_dir(name: str):
    """A data folder (``cards``, ``variants``, ``schema``) as an importlib resource.

    An installed package carries the folders inside it. In a source checkout they
    stand beside the package at the top of the repository, which is where authors
    edit them; there the package's own folder has no copy, so look one level up.
    """
    inside = resources.files("tortuga_rules").joinpath(name)
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent.parent / name


def bundled_rulesets() -> tuple[str, ...]:
    """The names of the rulesets shipped in the package."""
    return tuple(sorted(p.name[:-5] for p in package_dir("variants").iterdir()
                        if p.name.endswith(".yaml")))


def is_path(name) -> bool:
    """True if ``name`` is spelt as a file path rather than a bundled ruleset's name."""
    if isinstance(name, Path):
        return True
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


def resolve_source(name_or_path):
    """``(traversable, display name)`` of a ruleset or variant given by bundled name or path."""
    if isinstance(name_or_path, Path) or (isinstance(name_or_path, str) and is_path(name_or_path)):
        path = Path(name_or_path)
        if not path.is_file():
            raise UnknownRulesetError(f"no ruleset file at {str(path)!r}")
        return path, str(path)
    name = str(name_or_path)
    candidate = package_dir("variants").joinpath(f"{name}.yaml")
    if not candidate.is_file():
        known = bundled_rulesets()
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise UnknownRulesetError(
            f"unknown ruleset or variant {name!r}{hint}; the bundled ones are: {', '.join(known)}")
    return candidate, f"variants/{name}.yaml"
