"""Tortuga 1667's DSL functions: queries that read its game and return a value.

Each function is a small Python function named like the DSL word; each declares the
state facets it reads (:data:`FACETS`), because the engine remembers legal actions keyed
by exactly those facets. :data:`CONSTANTS` are the names with a fixed value in every
program of its rules. The generic functions every game may use (``players``, ``count``,
``first``, ``option``, ...) are :mod:`tortuga_rules.dsl.functions`'; its vocabulary
(:mod:`.vocabulary`) gathers both.
"""

from ...dsl import functions as generic
from . import types as t
from ...dsl.words import Word, register
from .components import SHIPS, ChestSpot, Place
from .procedures.pawns import where

__all__ = ["FUNCTIONS", "FACETS", "CONSTANTS", "ALL"]

#: Tortuga 1667's own functions, by name (with the generic ones: ``ALL``).
FUNCTIONS: dict[str, Word] = {}


def function(*reads):
    """Register a Tortuga 1667 function; ``reads`` names the state facets it reads."""
    return register(FUNCTIONS, reads=reads)


#: The parts of a state DSL functions may read, each with how to take it from a state.
FACETS = {
    **generic.FACETS,
    "lines": lambda s: s.lines,
    "places": lambda s: _places(s.lines, s.players),
    "line_sizes": lambda s: tuple([len(line) for line in s.lines]),
    "chests": lambda s: s.chests,
    "sunk": lambda s: s.sunk,
    "row_mask": lambda s: tuple([c is not None for c in s.row]),
    "hand_sizes": lambda s: tuple([len(h) for h in s.hands]),
    "hands": lambda s: s.hands,
    "kept": lambda s: s.kept,
    "marks": lambda s: s.marks,
    "vote_deck": lambda s: s.vote_deck,
    "revealed": lambda s: len(s.discard) + len(s.resolving) + sum(map(len, s.kept)),
}


def _places(lines: tuple, players: int) -> tuple:
    """The place of each seat (None before the setup places its pawn), by seat."""
    out: list = [None] * players
    for place, line in enumerate(lines):
        for seat in line:
            out[seat] = place
    return tuple(out)


#: Names with a fixed value in every program.
CONSTANTS = {
    **{str(p): p for p in Place},
    **{str(c): c for c in ChestSpot},
    "none": None, "true": True, "false": False,
    "british": "british", "french": "french", "dutch": "dutch",
}


@function('places')
def location(m, seat: t.Seat) -> t.Place:
    """The place where ``seat``'s pawn stands.

    Example: if location(revealer) == tortuga { draw_vote(revealer) }
    """
    return where(m, seat)


@function('lines')
def crew(m, place: t.Place) -> t.Seats:
    """The pawns at ``place``, in rank order.

    Example: mark(crew(jolly_roger), "aboard")
    """
    return m.f["lines"][place]


@function('lines')
def captain(m, place: t.Place) -> t.MaybeSeat:
    """The first pawn at ``place`` (captain or governor), or none.

    Example: if captain(jolly_roger) == revealer { extra_action() }
    """
    line = m.f["lines"][place]
    return line[0] if line else None


@function('chests')
def chests(m, spot: t.Spot) -> t.Int:
    """How many chests lie at ``spot``.

    Example: if chests(galleon) > 0 { move_chest(galleon, jolly_roger_british) }
    """
    return m.f["chests"][spot]


@function()
def holds(m, ship: t.Place) -> t.SomeSpots:
    """The British and French holds of ``ship``.

    Example: choose hold from holds(jolly_roger)
        move_chest(galleon, hold)
    """
    return m.rules.board.holds[ship]


@function('chests')
def nonempty(m, spots: t.Spots) -> t.Spots:
    """The chest spots of ``spots`` that hold at least one chest.

    Example: choose src from nonempty(holds(flying_dutchman))
        move_chest(src, galleon)
    """
    c = m.f["chests"]
    return tuple(s for s in spots if c[s])


@function('chests')
def chest_moves(m, sources: t.Spots,
                destinations: t.Spots) -> t.Transfers:
    """Every (from, to) pair: a spot of ``sources`` holding a chest, a spot of ``destinations``.

    Example: choose m from chest_moves(holds(jolly_roger), holds(flying_dutchman))
        move_chest(first(m), second(m))
    """
    c = m.f["chests"]
    return tuple((a, b) for a in sources if c[a] for b in destinations if a != b)


@function('chests')
def transfers(m, spots: t.Spots) -> t.Transfers:
    """Every (from, to) pair of distinct spots of ``spots`` whose 'from' holds a chest.

    Example: choose m from transfers(holds(jolly_roger))
        move_chest(first(m), second(m))
    """
    c = m.f["chests"]
    return tuple((a, b) for a in spots for b in spots if a != b and c[a])


@function()
def other_ship(m, ship: t.Place) -> t.Place:
    """The other pirate ship.

    Example: move(revealer, other_ship(jolly_roger))
    """
    return SHIPS[1 - ship]


@function('players')
def right_of(m, seat: t.Seat) -> t.Seat:
    """The player seated to the right of ``seat`` (the previous one in turn order).

    Example: swap_places(revealer, right_of(revealer))
    """
    return (seat - 1) % m.f["players"]


@function('players')
def left_of(m, seat: t.Seat) -> t.Seat:
    """The player seated to the left of ``seat`` (the next one in turn order).

    Example: swap_places(revealer, left_of(revealer))
    """
    return (seat + 1) % m.f["players"]


@function('sunk')
def rowboats(m) -> t.Places:
    """The rowboats that are not sunk.

    Example: choose boat from rowboats()
        sink(boat)
    """
    sunk = m.f["sunk"]
    return tuple(b for b in (Place.FLYING_DUTCHMAN_BOAT, Place.JOLLY_ROGER_BOAT) if not sunk[b - 3])


@function()
def is_boat(m, place: t.Place) -> t.Bool:
    """True for the two rowboats.

    Example: if is_boat(location(revealer)) { maroon(revealer) }
    """
    return place is not None and place >= 3


@function()
def is_ship(m, place: t.Place) -> t.Bool:
    """True for the two pirate ships.

    Example: if is_ship(location(revealer)) { draw_vote(revealer) }
    """
    return place is not None and place <= 1


@function()
def adjacent(m, place: t.Place) -> t.Places:
    """The places a pawn at ``place`` can move to with one move action (from the ruleset's
    ``board``).

    Example: choose place from with_room(adjacent(location(revealer)))
        move(revealer, place)
    """
    return m.rules.board.adjacent[place]


@function('line_sizes')
def with_room(m, places: t.Places) -> t.Places:
    """The places of ``places`` that can take one more pawn.

    Example: choose place from with_room([jolly_roger, flying_dutchman])
        move(revealer, place)
    """
    lines = m.f["lines"]
    cap = m.rules.board.capacity
    return tuple([p for p in places if len(lines[p]) < cap[p]])


@function('revealed')
def revealed(m) -> t.Int:
    """How many event cards have been turned up and not gone back into a deck: the discard
    pile, the cards being resolved (the one just revealed included) and the kept cards (a
    tie-breaker's deck is rebuilt from the discards, so count before one).

    Example: if revealed() >= 10 { end_game() }
    """
    f = m.f
    return len(f["discard"]) + len(f["resolving"]) + sum(map(len, f["kept"]))


@function('kept')
def kept_count(m, seats: t.Seats, card: t.Text) -> t.Int:
    """How many ``card`` cards (an id, as a string) the players ``seats`` keep in front of them.

    Example: if kept_count(players(), "letter-of-marque") == 0 { draw_vote(revealer) }
    """
    kept = m.f["kept"]
    n = 0
    for s in seats:
        n += kept[s].count(card)
    return n


@function('hands')
def hand(m, seat: t.Seat) -> t.Texts:
    """The vote cards in ``seat``'s hand, in id order (use only in choices made by ``seat``,
    with ``secretly``).

    Example: choose c from hand(revealer) secretly
        lose_vote(revealer, c)
    """
    return tuple(sorted(m.f["hands"][seat]))


@function('vote_deck')
def vote_deck_cards(m) -> t.Texts:
    """The cards of the vote deck, in id order (its order stays hidden).

    Example: choose c from vote_deck_cards() secretly
        take_vote(c, revealer)
    """
    return tuple(sorted(m.f["vote_deck"]))


@function('marks')
def marks(m, seat: t.Seat, name: t.Text) -> t.Int:
    """How many markers ``name`` lie on ``seat``.

    Example: if marks(revealer, "cursed") > 0 { skip_turn() }
    """
    return m.f["marks"][seat].count(name)


@function('kept')
def holder(m, card: t.Text) -> t.MaybeSeat:
    """The first seat keeping ``card`` (an id string) in front of them, or none.

    Example: owner = holder("letter-of-marque")
        if owner != none { maroon(owner) }
    """
    for seat, kept in enumerate(m.f["kept"]):
        if card in kept:
            return seat
    return None


@function('line_sizes')
def has_room(m, place: t.Place) -> t.Bool:
    """True if ``place`` can take one more pawn (its capacity).

    Example: if has_room(tortuga) { move(revealer, tortuga) }
    """
    return len(m.f["lines"][place]) < m.rules.board.capacity[place]


@function('sunk')
def sunk(m, place: t.Place) -> t.Bool:
    """True for a rowboat destroyed by Black Powder.

    Example: if not sunk(jolly_roger_boat) { sink(jolly_roger_boat) }
    """
    return place >= 3 and m.f["sunk"][place - 3]


@function('row_mask')
def face_down(m) -> t.Slots:
    """The row slots (1-5) holding a face-down event card.

    Example: peek(revealer, [first(face_down())])
    """
    return tuple([i + 1 for i, c in enumerate(m.f["row"]) if c is not None])


@function('hand_sizes')
def hand_size(m, seat: t.Seat) -> t.Int:
    """How many vote cards ``seat`` holds.

    Example: if hand_size(revealer) == 0 { draw_vote(revealer) }
    """
    return len(m.f["hands"][seat])


@function('players')
def free_spots(m, taken: t.Spaces) -> t.Spaces:
    """The spaces of the mat no pawn has taken at setup: ``(place, space)`` for each space
    1-5 of a ship (its capacity) and 1 up to the player count on Tortuga, not in ``taken``.

    Example: choose spot from free_spots([])
        place_pawn_at(revealer, spot, [])
    """
    cap = m.rules.board.capacity
    n = m.f["players"]
    taken = set(taken)
    return tuple((p, s) for p in (Place.FLYING_DUTCHMAN, Place.JOLLY_ROGER, Place.TORTUGA)
                 for s in range(1, min(cap[p], n if p == Place.TORTUGA else cap[p]) + 1)
                 if (p, s) not in taken)


#: Every function Tortuga 1667's rules may use: the generic ones and its own.
ALL: dict[str, Word] = {**generic.FUNCTIONS, **FUNCTIONS}
