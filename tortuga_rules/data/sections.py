"""The sections every game's ruleset file has, each built on its own (players), and its
guarded programs. A game's own sections are its package's (Tortuga 1667's:
``games/tortuga1667/sections.py``).

Each function takes the shared :class:`~tortuga_rules.data.build.Build` (the
resolved rules document, the clause and program tables, the problem list) and
returns its part of the :class:`~tortuga_rules.data.ruleset.Ruleset`; a mistake is
recorded as a located problem and building goes on, so an author sees them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dsl.compiler import Program, Scope
from .reader import Expression
from .yamlsource import DocPath, Locator

if TYPE_CHECKING:
    from .build import Build

__all__ = ["players", "guarded", "always"]


# -- players and setup -------------------------------------------------------------------

def players(b: Build) -> tuple[int, int]:
    """``(min, max)`` player counts."""
    pmin, pmax = b.data["players"]["min"], b.data["players"]["max"]
    if pmin > pmax:
        b.problem(("players",), f"min {pmin} is more than max {pmax}")
    return pmin, pmax


def guarded(b: Build, spec: Any, smap: Locator, path: DocPath, key: str,
            names: dict[str, Any], chooser: str | None = None
            ) -> tuple[Expression, Program] | None:
    """``(guard, program)`` of a program at ``path`` of ``smap``, written as its text or as
    ``{if: EXPRESSION, effect: PROGRAM}`` (without ``if`` the guard is :func:`always`);
    None if either has a problem (both are compiled, so every problem is reported)."""
    plain = isinstance(spec, str)
    prog = b.program(spec if plain else spec["effect"], smap, path if plain else path + ("effect",),
                     key, Scope(names, chooser=chooser))
    guard: Expression | None = always
    if not plain and "if" in spec:
        guard = b.expr(spec["if"], smap, path + ("if",), names)
    if prog is None or guard is None:
        return None
    return guard, prog


def always(m: Any) -> bool:
    """The guard of a program that always runs."""
    return True


always.ir = ("lit", True)  # type: ignore[attr-defined]  # its tree, as compiled guards have


# -- board and turn ----------------------------------------------------------------------


# -- actions -----------------------------------------------------------------------------


# -- votes -------------------------------------------------------------------------------

