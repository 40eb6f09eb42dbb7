"""Pawns: moving to the back of a line, and marooning."""

from __future__ import annotations

from ..components import Place
from .checks import standing_checks
from .hands import lose_vote_card

__all__ = ["where", "move_to_back", "maroon"]

_PLACES = tuple(Place)


def where(m, seat: int) -> Place:
    """The place where ``seat``'s pawn stands."""
    for place, line in zip(_PLACES, m.f["lines"]):
        if seat in line:
            return place
    raise AssertionError(f"seat {seat} has no pawn on the board")  # pragma: no cover


def _remove(m, seat: int, place: int):
    line = m.f["lines"][place]
    i = line.index(seat)
    m.set_item("lines", place, line[:i] + line[i + 1:])


def move_to_back(m, seat: int, dest: int, clause: str = "move.back-of-line", kind="move"):
    """Move ``seat``'s pawn to the back of ``dest``'s line (pawns behind it move up)."""
    src = where(m, seat)
    _remove(m, seat, src)
    m.set_item("lines", dest, m.f["lines"][dest] + (seat,))
    m.log(clause, kind, seat, src, Place(dest))
    standing_checks(m, "pawns")


def maroon(m, seat: int):
    """Maroon ``seat``: to the back of Tortuga; from Tortuga also lose a vote card."""
    src = where(m, seat)
    if src == Place.TORTUGA:
        move_to_back(m, seat, Place.TORTUGA, "maroon.from-tortuga.back", "maroon")
        hand = m.f["hands"][seat]
        program = m.rules.programs.get("marooning:lose-card")
        if hand and program is not None:  # the ruleset says how the card is chosen
            m.push(program, {"seat": seat})
        elif hand:
            lose_vote_card(m, seat, m.pick(hand, "lost-card"), "maroon.from-tortuga.lose-card")
    elif src.is_boat:
        move_to_back(m, seat, Place.TORTUGA, "maroon.from-rowboat", "maroon")
    else:
        move_to_back(m, seat, Place.TORTUGA, "maroon.from-ship", "maroon")
