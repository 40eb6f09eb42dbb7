"""The sections every game's ruleset file has, each built on its own (players), and its
guarded programs. A game's own sections are its package's (Tortuga 1667's:
``games/tortuga1667/sections.py``).

Each function takes the shared :class:`~tortuga_rules.data.build.Build` (the
resolved rules document, the clause and program tables, the problem list) and
returns its part of the :class:`~tortuga_rules.data.ruleset.Ruleset`; a mistake is
recorded as a located problem and building goes on, so an author sees them all.
"""

from __future__ import annotations
from ..dsl.compiler import Scope

__all__ = ["players", "guarded", "always"]


# -- players and setup -------------------------------------------------------------------

def players(b) -> tuple[int, int]:
    """``(min, max)`` player counts."""
    pmin, pmax = b.data["players"]["min"], b.data["players"]["max"]
    if pmin > pmax:
        b.problem(("players",), f"min {pmin} is more than max {pmax}")
    return pmin, pmax


def guarded(b, spec, smap, path: tuple, key: str, names: dict, chooser=None):
    """``(guard, program)`` of a program at ``path`` of ``smap``, written as its text or as
    ``{if: EXPRESSION, effect: PROGRAM}`` (without ``if`` the guard is :func:`always`);
    None if either has a problem (both are compiled, so every problem is reported)."""
    plain = isinstance(spec, str)
    prog = b.program(spec if plain else spec["effect"], smap, path if plain else path + ("effect",),
                     key, Scope(names, chooser=chooser))
    guard = always
    if not plain and "if" in spec:
        guard = b.expr(spec["if"], smap, path + ("if",), names)
    if prog is None or guard is None:
        return None
    return guard, prog


def always(m) -> bool:
    """The guard of a program that always runs."""
    return True


always.ir = ("lit", True)  # type: ignore[attr-defined]  # its tree, as compiled guards have


# -- board and turn ----------------------------------------------------------------------


# -- actions -----------------------------------------------------------------------------


# -- votes -------------------------------------------------------------------------------

