"""The DSL's vocabulary: verbs (commands that change the game) and functions (queries).

Each entry is a small Python function named like the word it implements; its
first parameter is the running :class:`~tortuga_rules.machine.Machine`, the rest
are the DSL arguments. The compiler checks names and argument counts against
these tables, so a misspelt verb is a load-time error, not a runtime one.
"""

from __future__ import annotations

import inspect
from itertools import combinations

import attrs

from . import procedures as proc
from .components import SHIPS, ChestSpot, Place
from .machine import HALT

__all__ = ["Word", "VERBS", "FUNCTIONS", "CONSTANTS", "FACETS"]


@attrs.frozen
class Word:
    """A DSL word: its Python function, parameter names, and whether it takes more."""

    name: str
    fn: object = attrs.field(repr=False)
    params: tuple
    variadic: bool
    doc: str
    setup_only: bool = False
    reads: frozenset = frozenset()

    def arity_ok(self, n: int) -> bool:
        return n >= len(self.params) if self.variadic else n == len(self.params)

    @property
    def signature(self) -> str:
        ps = list(self.params) + (["..."] if self.variadic else [])
        return f"{self.name}({', '.join(ps)})"


VERBS: dict[str, Word] = {}
FUNCTIONS: dict[str, Word] = {}


def _word(table, setup_only=False, reads=()):
    def register(fn):
        name = fn.__name__.rstrip("_")
        sig = inspect.signature(fn)
        params = [p for p in list(sig.parameters.values())[1:]]
        variadic = any(p.kind is p.VAR_POSITIONAL for p in params)
        names = tuple(p.name for p in params if p.kind is not p.VAR_POSITIONAL)
        table[name] = Word(name, fn, names, variadic, inspect.getdoc(fn) or "", setup_only,
                           frozenset(reads))
        return fn
    return register


verb = _word(VERBS)
setup_verb = _word(VERBS, setup_only=True)


def function(*reads):
    """Register a DSL function; ``reads`` names the state facets (see :data:`FACETS`) it reads.

    The engine remembers legal actions keyed by the facets their expressions read, so
    a function that reads the state must declare every facet it reads.
    """
    return _word(FUNCTIONS, reads=reads)


#: The parts of a state DSL functions may read, each with how to take it from a state.
FACETS = {
    "players": lambda s: s.players,
    "lines": lambda s: s.lines,
    "chests": lambda s: s.chests,
    "sunk": lambda s: s.sunk,
    "row_mask": lambda s: tuple([c is not None for c in s.row]),
    "hand_sizes": lambda s: tuple([len(h) for h in s.hands]),
    "hands": lambda s: s.hands,
    "kept": lambda s: s.kept,
    "marks": lambda s: s.marks,
    "vote_deck": lambda s: s.vote_deck,
}

#: Names with a fixed value in every program.
CONSTANTS = {
    **{str(p): p for p in Place},
    **{str(c): c for c in ChestSpot},
    "none": None, "true": True, "false": False,
    "british": "british", "french": "french", "dutch": "dutch",
}


# -- verbs -----------------------------------------------------------------------------

@verb
def maroon(m, seat):
    """Maroon a player: to the back of Tortuga (from Tortuga, also lose a random vote card).

    A kept card with a ``reaction`` to marooning from this cause (Fountain of Youth) is
    offered to its owner first.
    """
    cause = m.frames[-1][0].key if m.frames else ""
    kept = m.f["kept"][seat]
    for card, causes, program in m.rules.reactions.get("maroon", ()):
        if card in kept and cause in causes:
            m.push(program, {"owner": seat, "cause": cause})
            return None
    return proc.maroon(m, seat)


@verb
def maroon_anyway(m, seat):
    """Maroon a player without offering any reaction (a declined reaction goes on with this)."""
    return proc.maroon(m, seat)


@verb
def move(m, seat, place):
    """Move a player's pawn to the back of the line at ``place``."""
    return proc.move_to_back(m, seat, place)


@verb
def move_chest(m, src, dst):
    """Move one chest from ``src`` to ``dst`` (nothing if ``src`` is empty)."""
    return proc.move_chests(m, src, dst, 1)


@verb
def gather(m, dst, *srcs):
    """Move every chest from each of ``srcs`` to ``dst``."""
    for src in srcs:
        if proc.move_chests(m, src, dst, m.f["chests"][src]) is HALT:
            return HALT
    return None


@verb
def share(m, a, b, *srcs):
    """Put every chest of ``a``, ``b`` and ``srcs`` into ``a`` and ``b``, half each (odd: ``a``)."""
    chests = m.f["chests"]
    total = chests[a] + chests[b] + sum(chests[s] for s in srcs)
    want_b = total // 2
    for src in srcs:
        if proc.move_chests(m, src, a, m.f["chests"][src]) is HALT:
            return HALT
    have_b = m.f["chests"][b]
    if have_b > want_b:
        return proc.move_chests(m, b, a, have_b - want_b)
    return proc.move_chests(m, a, b, want_b - have_b)


@verb
def peek(m, seat, slots):
    """``seat`` secretly looks at the event cards in ``slots`` and puts them back."""
    return proc.peek(m, seat, slots)


@verb
def reveal(m, slot, seat):
    """Reveal the event card in ``slot`` with ``seat`` as its revealer, and resolve it."""
    return proc.reveal(m, slot, seat)


@verb
def reshuffle_line(m, place):
    """Draw every pawn at ``place`` from the pouch again, in a random order."""
    line = m.f["lines"][place]
    new = tuple(m.shuffled(line, "line-reshuffle"))
    m.set_item("lines", place, new)
    m.log(None, "line-reshuffle", place, new)
    proc.standing_checks(m, "pawns")


@verb
def swap_places(m, a, b):
    """Exchange the exact places of two pawns (on one line, they exchange ranks)."""
    if a == b:
        return
    lines = [list(line) for line in m.f["lines"]]
    pa, pb = m.where(a), m.where(b)
    ia, ib = lines[pa].index(a), lines[pb].index(b)
    lines[pa][ia], lines[pb][ib] = b, a
    m.f["lines"] = tuple(tuple(line) for line in lines)
    m.log(None, "swap-places", a, b, pa, pb)
    proc.standing_checks(m, "pawns")


@verb
def sink(m, boat):
    """Destroy a rowboat for the rest of the game; a pawn on it is marooned."""
    m.set_item("sunk", boat - 3, True)
    m.log(None, "sink", boat)
    for seat in m.f["lines"][boat]:
        proc.maroon(m, seat)


@verb
def swap_loyalties(m, a, b):
    """Shuffle the loyalty cards of two players unseen and deal them back, one each."""
    loyalty = list(m.f["loyalty"])
    new_a, new_b = m.shuffled([loyalty[a], loyalty[b]], "loyalty-swap")
    loyalty[a], loyalty[b] = new_a, new_b
    m.f["loyalty"] = tuple(loyalty)
    m.log(None, "loyalty-swap", a, b)
    m.log(None, "loyalty", a, new_a, to=a)
    m.log(None, "loyalty", b, new_b, to=b)


@verb
def keep(m, card, seat):
    """Put ``card``, the event card being resolved, face up in front of ``seat``."""
    if proc.take_resolving(m, card):
        proc.add_kept(m, seat, card)


@verb
def discard_kept(m, seat, card):
    """Discard one ``card`` (an id, as a string) that ``seat`` keeps in front of them."""
    proc.remove_kept(m, seat, card)


@verb
def draw_vote(m, seat):
    """``seat`` draws the top vote card (if the deck has one)."""
    proc.draw_vote_card(m, seat)


@verb
def vote_to_top(m, seat, card):
    """``seat`` puts ``card`` from their hand on top of the vote deck."""
    proc.remove_from_hand(m, seat, card)
    m.f["vote_deck"] = (card,) + m.f["vote_deck"]
    m.log(None, "vote-to-top", seat)


@verb
def lose_vote(m, seat, card):
    """``seat`` loses ``card`` from their hand to the bottom of the vote deck (seen by nobody else)."""
    proc.lose_vote_card(m, seat, card)


@verb
def hand_to_deck(m, seat):
    """Every vote card of ``seat`` goes under the vote deck."""
    hand = m.f["hands"][seat]
    m.set_item("hands", seat, ())
    m.f["vote_deck"] = m.f["vote_deck"] + tuple(hand)
    m.log(None, "hand-to-deck", seat, len(hand))


@verb
def take_vote(m, card, seat):
    """The vote card ``card`` leaves the vote deck for ``seat``'s hand."""
    deck = list(m.f["vote_deck"])
    deck.remove(card)
    m.f["vote_deck"] = tuple(deck)
    m.set_item("hands", seat, m.f["hands"][seat] + (card,))
    m.log(None, "take-vote", seat)
    m.log(None, "took-vote", seat, card, to=seat)


@verb
def shuffle_votes(m):
    """Shuffle the vote deck."""
    m.f["vote_deck"] = tuple(m.shuffled(m.f["vote_deck"], "vote-deck-shuffle"))
    m.log(None, "vote-deck-shuffle")


@verb
def maroon_all(m, place):
    """Maroon every pawn at ``place``, lowest rank first (they reach Tortuga in reverse rank)."""
    for seat in reversed(m.f["lines"][place]):
        if proc.maroon(m, seat) is not None:
            return HALT
    return None


@verb
def discard(m, card):
    """Put ``card``, the event card being resolved, on the discard pile now."""
    if proc.take_resolving(m, card):
        m.f["discard"] = m.f["discard"] + (card,)
        m.log(None, "discard", card)


@verb
def vote(m, kind, caller):
    """``caller`` calls the vote named ``kind`` (a string) where they stand."""
    return proc.call_vote(m, kind, caller)


@verb
def end_game(m):
    """The game ends now: score it (ties: Dutch, or the tie-breaker)."""
    return proc.end_game(m)


@setup_verb
def place_chest(m, spot):
    """Set a chest from the box at ``spot`` (setup programs only)."""
    m.set_item("chests", spot, m.f["chests"][spot] + 1)
    m.log(None, "place-chest", spot)


@verb
def mark(m, seats, name):
    """Put the public marker ``name`` (a string) on each of ``seats``."""
    for seat in seats:
        proc.add_mark(m, seat, name)
    m.log(None, "mark", tuple(seats), name)


@verb
def unmark(m, seat, name):
    """Take one marker ``name`` off ``seat``."""
    marks = list(m.f["marks"][seat])
    if name in marks:
        marks.remove(name)
        m.set_item("marks", seat, tuple(marks))
        m.log(None, "unmark", seat, name)


@verb
def extra_action(m):
    """The current player gets one more action this turn."""
    m.f["actions_left"] = m.f["actions_left"] + 1
    m.log(None, "extra-action", m.f["turn"])


@verb
def skip_turn(m):
    """The turn that is beginning is lost: no action is taken in it (use before a turn)."""
    m.f["actions_left"] = 0
    m.log(None, "turn-skipped", m.f["turn"])


@verb
def cite(m):
    """Change nothing; the statement's clause tag is cited in the log (a rule that applies)."""


@setup_verb
def place_pawn(m, seat, place):
    """Set ``seat``'s pawn at the back of the line at ``place`` (setup programs only)."""
    m.set_item("lines", place, m.f["lines"][place] + (seat,))
    m.log(None, "place-pawn", seat, place)


@verb
def stop(m):
    """Leave the current program here."""
    m.frames[-1][1] = len(m.frames[-1][0].code)


# -- internal verbs (epilogues; not callable from the DSL) ---------------------------------

def finish_action(m):
    return proc.finish_action(m)


def finish_reveal(m):
    return proc.finish_reveal(m)


def finish_vote(m):
    return proc.finish_vote(m)


def start_play(m):
    """After setup: the first turn goes to the captain the ruleset names (or, if that ship
    was left empty, the other captain, then the Governor)."""
    lines = m.f["lines"]
    first = m.rules.first_player_ship
    for place in (first, 1 - first, Place.TORTUGA):
        if lines[place]:
            m.f["turn"] = lines[place][0]
            break
    m.log("setup.first-player", "first-player", m.f["turn"])
    return proc.start_turn(m, m.f["turn"])


def begin_turn(m):
    return proc.begin_turn(m)


def open_vote(m):
    return proc.open_vote(m, m.env["kind"], m.env["caller"])


INTERNAL = {"finish-action": finish_action, "finish-reveal": finish_reveal,
            "finish-vote": finish_vote, "start-play": start_play, "begin-turn": begin_turn,
            "open-vote": open_vote}


# -- functions ---------------------------------------------------------------------------

@function('players')
def players(m):
    """Every seat, in turn order."""
    return tuple(range(m.f["players"]))


@function('players')
def others(m, seat):
    """Every seat but ``seat``."""
    return tuple([s for s in range(m.f["players"]) if s != seat])


@function('lines')
def location(m, seat):
    """The place where ``seat``'s pawn stands."""
    return m.where(seat)


@function('lines')
def crew(m, place):
    """The pawns at ``place``, in rank order."""
    return m.f["lines"][place]


@function('lines')
def captain(m, place):
    """The first pawn at ``place`` (captain or governor), or none."""
    line = m.f["lines"][place]
    return line[0] if line else None


@function()
def rest(m, seq):
    """All but the first item of ``seq``."""
    return tuple(seq[1:])


@function()
def without(m, seq, item):
    """``seq`` without ``item``."""
    return tuple(x for x in seq if x != item)


@function()
def count(m, seq):
    """How many items ``seq`` has."""
    return len(seq)


@function()
def first(m, seq):
    """The first item of ``seq``."""
    return seq[0]


@function()
def second(m, seq):
    """The second item of ``seq``."""
    return seq[1]


@function()
def pairs(m, seq):
    """Every unordered pair of items of ``seq``."""
    return tuple(combinations(seq, 2))


@function('chests')
def chests(m, spot):
    """How many chests lie at ``spot``."""
    return m.f["chests"][spot]


@function()
def holds(m, ship):
    """The British and French holds of ``ship``."""
    return m.rules.board.holds[ship]


@function('chests')
def nonempty(m, spots):
    """The chest spots of ``spots`` that hold at least one chest."""
    c = m.f["chests"]
    return tuple(s for s in spots if c[s])


@function('chests')
def transfers(m, spots):
    """Every (from, to) pair of distinct spots of ``spots`` whose 'from' holds a chest."""
    c = m.f["chests"]
    return tuple((a, b) for a in spots for b in spots if a != b and c[a])


@function()
def other_ship(m, ship):
    """The other pirate ship."""
    return SHIPS[1 - ship]


@function('players')
def right_of(m, seat):
    """The player seated to the right of ``seat`` (the previous one in turn order)."""
    return (seat - 1) % m.f["players"]


@function('sunk')
def rowboats(m):
    """The rowboats that are not sunk."""
    sunk = m.f["sunk"]
    return tuple(b for b in (Place.FLYING_DUTCHMAN_BOAT, Place.JOLLY_ROGER_BOAT) if not sunk[b - 3])


@function()
def is_boat(m, place):
    """True for the two rowboats."""
    return place is not None and place >= 3


@function()
def is_ship(m, place):
    """True for the two pirate ships."""
    return place is not None and place <= 1


@function()
def adjacent(m, place):
    """The places a pawn at ``place`` can move to with one move action."""
    return m.rules.board.adjacent[place]


@function('lines')
def with_room(m, places):
    """The places of ``places`` that can take one more pawn."""
    lines = m.f["lines"]
    cap = m.rules.board.capacity
    return tuple([p for p in places if len(lines[p]) < cap[p]])


@function('kept')
def kept_count(m, seats, card):
    """How many ``card`` cards (an id, as a string) the players ``seats`` keep in front of them."""
    kept = m.f["kept"]
    return sum(kept[s].count(card) for s in seats)


@function('hands')
def hand(m, seat):
    """The vote cards in ``seat``'s hand, in id order (use only in choices made by ``seat``)."""
    return tuple(sorted(m.f["hands"][seat]))


@function('vote_deck')
def vote_deck_cards(m):
    """The cards of the vote deck, in id order (its order stays hidden)."""
    return tuple(sorted(m.f["vote_deck"]))


@function('marks')
def marks(m, seat, name):
    """How many markers ``name`` lie on ``seat``."""
    return m.f["marks"][seat].count(name)


@function('kept')
def holder(m, card):
    """The first seat keeping ``card`` (an id string) in front of them, or none."""
    for seat, kept in enumerate(m.f["kept"]):
        if card in kept:
            return seat
    return None


@function('lines')
def has_room(m, place):
    """True if ``place`` can take one more pawn (its capacity)."""
    return len(m.f["lines"][place]) < m.rules.board.capacity[place]


@function('sunk')
def sunk(m, place):
    """True for a rowboat destroyed by Black Powder."""
    return place >= 3 and m.f["sunk"][place - 3]


@function('row_mask')
def face_down(m):
    """The row slots (1-5) holding a face-down event card."""
    return tuple([i + 1 for i, c in enumerate(m.f["row"]) if c is not None])


@function('hand_sizes')
def hand_size(m, seat):
    """How many vote cards ``seat`` holds."""
    return len(m.f["hands"][seat])
