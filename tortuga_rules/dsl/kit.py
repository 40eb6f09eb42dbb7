"""The component kit's DSL words, and the vocabulary of a game written with them.

These are generic mechanisms, usable by any game that declares its equipment in a
``components`` section (:mod:`tortuga_rules.model.kit`): zones of tokens and bags to draw
from, per-seat tracks, counters, dice with their own faces (a wild face standing for any
side), a secret choice collected from several seats and revealed together, a ranking whose
ties go to the seat nearest the start player, complete sets with wild tokens, and an
ending on per-seat scores. No word names a game's own things: zones, tracks, sides and
tokens are the names the rules file gives them.

A zone is named by its seat and its name: ``zone(seat, "crew")`` for a seat's own zone,
``zone(none, "central")`` for a shared one. A die is a ``(letter, face)`` pair.
:data:`VOCABULARY` is the kit's words with the engine's generic ones (``players``,
``count``, ``first``, ...), written once in :mod:`~tortuga_rules.dsl.functions`.
"""

from __future__ import annotations

from itertools import combinations

from ..procedures import kit as k
from ..procedures.workspace import HALT
from . import functions as generic
from . import types as t
from .types import constant_type
from .words import Vocabulary, Word, register

__all__ = ["VOCABULARY", "KIT_VERBS", "KIT_FUNCTIONS"]

#: The kit's verbs and functions, by name.
KIT_VERBS: dict[str, Word] = {}
KIT_FUNCTIONS: dict[str, Word] = {}
verb = register(KIT_VERBS)
function = register(KIT_FUNCTIONS)


# -- reading -------------------------------------------------------------------------------

@function
def zone(m, seat: t.MaybeSeat, name: t.Text) -> t.Values:
    """The tokens of zone ``name`` of ``seat`` (``none``: a shared zone), left to right."""
    return k.tokens(m, seat, name)


@function
def track(m, seat: t.Seat, name: t.Text) -> t.Int:
    """The space of ``seat``'s marker on track ``name``."""
    return m.f["tracks"][seat][k.kit(m).track(name)]


@function
def counter(m, name: t.Text) -> t.Int:
    """The value of counter ``name``."""
    return m.f["counters"][k.kit(m).counter(name)]


@function
def side(m, die) -> t.Text:
    """The side die ``die`` shows (its action, or the wild side)."""
    return k.kit(m).side(die)


@function
def pips(m, die) -> t.Int:
    """The number die ``die`` shows (0 on the wild face)."""
    return k.kit(m).pips(die)


@function
def letter(m, die) -> t.Text:
    """The letter that names die ``die`` among its seat's dice."""
    return die[0]


@function
def letters(m, dice: t.Values) -> t.Text:
    """The letters of ``dice`` written together (``"AC"``)."""
    return "".join(d[0] for d in dice)


@function
def picked(m, dice: t.Values, chosen: t.Text) -> t.Same:
    """The dice of ``dice`` whose letters are in ``chosen`` (``"AC"``)."""
    return tuple(d for d in dice if d[0] in chosen)


@function
def showing(m, dice: t.Values, face: t.Text) -> t.Same:
    """The dice of ``dice`` showing side ``face``."""
    kit = k.kit(m)
    return tuple(d for d in dice if kit.side(d) == face)


@function
def pips_on(m, dice: t.Values, face: t.Text) -> t.Int:
    """The sum of the numbers of the dice of ``dice`` showing side ``face``."""
    kit = k.kit(m)
    return sum(kit.pips(d) for d in dice if kit.side(d) == face)


@function
def of_a_kind(m, dice: t.Values, room: t.Values) -> t.Values:
    """Every way to set aside dice of ``dice`` showing one side: ``(side, letters)`` pairs,
    the letters of the dice set aside written together (``("raid", "AC")``).

    A set is one or more dice showing the same side, wild dice (the kit's wild side)
    joining it, at most ``room``'s number for that side (``room`` is a list of ``[side,
    number]``; a side it does not name takes none). Wild dice alone form sets of the wild
    side, whatever their number, as long as some side has room for them.
    """
    kit = k.kit(m)
    limit = {s: n for s, n in room}
    wild = kit.wild
    wilds = [d[0] for d in dice if kit.side(d) == wild]
    out: list = []
    for face in limit:
        plain = [d[0] for d in dice if kit.side(d) == face]
        pool = sorted(plain + wilds)
        for n in range(1, min(len(pool), limit[face]) + 1):
            for combo in combinations(pool, n):
                if any(x in plain for x in combo):
                    out.append((face, "".join(combo)))
    most = max(limit.values(), default=0)
    for n in range(1, min(len(wilds), most) + 1):
        for combo in combinations(sorted(wilds), n):
            out.append((wild, "".join(combo)))
    return tuple(out)


@function
def ranked(m, seats: t.Seats, totals: t.Values, start: t.Seat) -> t.Seats:
    """``seats`` from the highest total to the lowest (``totals`` by seat); a tie goes to
    the seat nearest the start player ``start``, clockwise, the start player first."""
    n = m.f["players"]
    return tuple(sorted(seats, key=lambda s: (-totals[s], (s - start) % n)))


@function
def seats_from(m, seat: t.Seat) -> t.Seats:
    """Every seat, clockwise, starting with ``seat``."""
    n = m.f["players"]
    return tuple((seat + i) % n for i in range(n))


@function
def next_seat(m, seat: t.Seat) -> t.Seat:
    """The seat on ``seat``'s left (the next one clockwise)."""
    return (seat + 1) % m.f["players"]


@function
def distinct(m, seq: t.Values) -> t.Same:
    """The different items of ``seq``, sorted."""
    return tuple(sorted(set(seq), key=_sort_key))


def _sort_key(x):
    return (type(x).__name__, x)


@function
def count_of(m, seq: t.Values, item) -> t.Int:
    """How many times ``item`` is in ``seq``."""
    return sum(1 for x in seq if x == item)


@function
def total(m, seq: t.Values) -> t.Int:
    """The sum of the numbers of ``seq`` (0 for none)."""
    return sum(seq)


@function
def highest(m, seq: t.Values) -> t.Int:
    """The largest number of ``seq`` (0 for none)."""
    return max(seq, default=0)


@function
def value(m, token) -> t.Int:
    """The number the kit's ``values`` give ``token`` (0 if it gives none)."""
    return k.kit(m).values.get(token, 0)


@function
def complete_sets(m, counts: t.Values, wild: t.Int) -> t.Int:
    """How many complete sets (one of each kind) ``counts`` make, each kind's count given,
    with ``wild`` tokens that may each stand in for any one missing token."""
    if not counts:
        return 0
    best = 0
    n = min(counts) if counts else 0
    while True:
        missing = sum(max(0, n - c) for c in counts)
        if missing > wild:
            return best
        best = n
        n += 1


@function
def held(m, seat: t.Seat) -> t.Value:
    """``seat``'s secret choice not yet revealed (only its own programs read it)."""
    h = m.f["held"][seat]
    return None if h is None else h[0]


@function
def shown(m, seat: t.Seat) -> t.Value:
    """``seat``'s secret choice as revealed (none before it is)."""
    return m.f["shown"][seat]


@function
def between(m, low: t.Int, high: t.Int) -> t.Values:
    """The numbers from ``low`` up to ``high``, both included."""
    return tuple(range(low, high + 1))


# -- changing ------------------------------------------------------------------------------

@verb
def move_token(m, src_seat: t.MaybeSeat, src: t.Text, token, dst_seat: t.MaybeSeat,
               dst: t.Text):
    """Move one ``token`` from zone ``src`` of ``src_seat`` to the right-hand end of zone
    ``dst`` of ``dst_seat``."""
    k.move(m, src_seat, src, token, dst_seat, dst)


@verb
def move_last(m, src_seat: t.MaybeSeat, src: t.Text, dst_seat: t.MaybeSeat, dst: t.Text):
    """Move the right-most token of zone ``src`` to zone ``dst``."""
    token = k.tokens(m, src_seat, src)[-1]
    k.move(m, src_seat, src, token, dst_seat, dst)


@verb
def draw(m, src_seat: t.MaybeSeat, src: t.Text, dst_seat: t.MaybeSeat, dst: t.Text):
    """Move a token drawn at random from zone ``src`` to zone ``dst`` (nothing if empty)."""
    k.draw(m, src_seat, src, dst_seat, dst)


@verb
def advance(m, seat: t.Seat, name: t.Text, by: t.Int):
    """Move ``seat``'s marker on track ``name`` by ``by`` spaces (back if negative),
    never past either end."""
    k.advance(m, seat, name, by)


@verb
def set_counter(m, name: t.Text, to: t.Int):
    """Set counter ``name`` to ``to``."""
    k.set_counter(m, name, to)


@verb
def roll(m, seat: t.Seat, src: t.Text, dst: t.Text):
    """Roll every die of ``seat``'s zone ``src`` into its zone ``dst``; who sees the faces
    is who may see ``dst``."""
    k.roll(m, seat, src, dst)


@verb
def move_dice(m, seat: t.Seat, src: t.Text, chosen: t.Text, dst: t.Text):
    """Move ``seat``'s dice whose letters are in ``chosen`` (``"AC"``) from its zone ``src``
    to ``dst``."""
    dice = k.tokens(m, seat, src)
    k.move_many(m, seat, src, tuple(d for d in dice if d[0] in chosen), seat, dst)


@verb
def move_all(m, src_seat: t.MaybeSeat, src: t.Text, dst_seat: t.MaybeSeat, dst: t.Text):
    """Move every token of zone ``src`` to zone ``dst``, left to right."""
    k.move_many(m, src_seat, src, k.tokens(m, src_seat, src), dst_seat, dst)


@verb
def turn_die(m, seat: t.Seat, name: t.Text, which: t.Text, face: t.Text):
    """Turn ``seat``'s die ``which`` (a letter) in zone ``name`` to its side ``face``."""
    k.turn_die(m, seat, name, which, face)


@verb
def hold(m, seat: t.Seat, choice):
    """Keep ``choice`` as ``seat``'s secret until ``reveal_held``."""
    k.hold(m, seat, choice)


@verb
def reveal_held(m, seats: t.Seats):
    """Reveal together the secret choices of ``seats`` (each becomes ``shown(seat)``)."""
    k.reveal_held(m, seats)


@verb
def say(m, what: t.Text, *values):
    """Log a named announcement with ``values`` (the rules file words it for each language)."""
    m.log(None, "said", what, tuple(values))


@verb
def run(m, effect: t.Text, *args):
    """Run the ruleset's effect named ``effect`` now, its parameters bound to ``args``."""
    params = m.rules.tables["effects"].get(effect)
    if params is None:
        raise ValueError(f"no effect named {effect!r}")
    if len(params) != len(args):
        raise ValueError(f"effect {effect} takes {len(params)} values, given {len(args)}")
    env = dict(k.kit(m).lists)  # every program sees the constant lists
    env.update(zip(params, args))
    m.push(m.rules.programs[f"effect:{effect}"], env)


@verb
def finish(m, scores: t.Values, reason: t.Text):
    """End the game on ``scores`` (one per seat, by seat): the best score wins, a tie is a
    shared win; ``reason`` is the clause that ended it."""
    k.finish(m, scores, reason)
    return HALT


#: The words of a game written with the component kit: its own and the generic ones.
VOCABULARY = Vocabulary(
    "kit", dict(KIT_VERBS), {**generic.FUNCTIONS, **KIT_FUNCTIONS},
    {name: (v, constant_type(v)) for name, v in generic.CONSTANTS.items()},
    dict(generic.FACETS))
