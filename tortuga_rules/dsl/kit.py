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

Like every module that defines words, this one does not postpone its annotations: a word's
parameter types are read off them when it registers (:func:`~.words.register`), and so
``track(99, "fleet")`` is refused as no seat of the game before the word runs.

The whole kit, layer by layer: :mod:`tortuga_rules.game.kit`.
"""

from itertools import combinations
from typing import Any

from ..procedures import kit as k
from ..procedures.workspace import HALT, Workspace
from . import functions as generic
from . import operations
from . import types as t
from .types import constant_type
from .values import show
from .words import Vocabulary, Word, register

__all__ = ["VOCABULARY", "KIT_VERBS", "KIT_FUNCTIONS"]

#: The kit's verbs and functions, by name.
KIT_VERBS: dict[str, Word] = {}
KIT_FUNCTIONS: dict[str, Word] = {}
verb = register(KIT_VERBS)
function = register(KIT_FUNCTIONS)


# -- reading -------------------------------------------------------------------------------

@function
def zone(m: Workspace, seat: t.MaybeSeat, name: t.Text) -> t.Values:
    """The tokens of zone ``name`` of ``seat`` (``none``: a shared zone), left to right.

    Example: say("skipped", count(zone(seat, "crew")))
    """
    return k.tokens(m, seat, name)


@function
def track(m: Workspace, seat: t.Seat, name: t.Text) -> t.Int:
    """The space of ``seat``'s marker on track ``name``.

    Example: if track(seat, "fleet") >= 10 { say("skipped", seat) }
    """
    return m.f["tracks"][seat][k.kit(m).track(name)]


@function
def counter(m: Workspace, name: t.Text) -> t.Int:
    """The value of counter ``name``.

    Example: if counter("round") == 5 { say("skipped", seat) }
    """
    return m.f["counters"][k.kit(m).counter(name)]


def _die(m: Workspace, die: Any) -> Any:
    """``die`` if it is a die of the game's kit (a ``(letter, face)`` pair); a ValueError in
    the rules' words otherwise."""
    kit = k.kit(m)
    if die not in kit.all_dice or type(die[1]) is not int:
        raise ValueError(f"{show(die)} is not a die of this game (a die is a [letter, face] "
                         f"pair: letters {', '.join(kit.faces) or 'none'})")
    return die


def _dice(m: Workspace, dice: tuple[Any, ...]) -> tuple[Any, ...]:
    """``dice`` if each is a die of the game's kit (see :func:`_die`)."""
    valid = k.kit(m).all_dice
    for d in dice:
        if d not in valid or type(d[1]) is not int:
            _die(m, d)
    return dice


@function
def side(m: Workspace, die: Any) -> t.Text:
    """The side die ``die`` shows (its action, or the wild side).

    Example: turn_die(seat, "open", "A", side(first(zone(seat, "open"))))
    """
    return k.kit(m).side(_die(m, die))


@function
def pips(m: Workspace, die: Any) -> t.Int:
    """The number die ``die`` shows (0 on the wild face).

    Example: advance(seat, "fleet", pips(first(zone(seat, "open"))))
    """
    return k.kit(m).pips(_die(m, die))


@function
def letter(m: Workspace, die: Any) -> t.Text:
    """The letter that names die ``die`` among its seat's dice.

    Example: turn_die(seat, "open", letter(first(zone(seat, "open"))), "raid")
    """
    return _die(m, die)[0]


@function
def letters(m: Workspace, dice: t.Values) -> t.Text:
    """The letters of ``dice`` written together (``"AC"``).

    Example: move_dice(seat, "open", letters(showing(zone(seat, "open"), "raid")), "actions")
    """
    return "".join(d[0] for d in _dice(m, dice))


@function
def picked(m: Workspace, dice: t.Values, chosen: t.Text) -> t.Same:
    """The dice of ``dice`` whose letters are in ``chosen`` (``"AC"``).

    Example: advance(seat, "fleet", count(picked(zone(seat, "open"), "AC")))
    """
    return tuple(d for d in _dice(m, dice) if d[0] in chosen)


@function
def showing(m: Workspace, dice: t.Values, face: t.Text) -> t.Same:
    """The dice of ``dice`` showing side ``face``.

    Example: advance(seat, "fleet", count(showing(zone(seat, "open"), "raid")))
    """
    kit = k.kit(m)
    return tuple(d for d in _dice(m, dice) if kit.side(d) == face)


@function
def pips_on(m: Workspace, dice: t.Values, face: t.Text) -> t.Int:
    """The sum of the numbers of the dice of ``dice`` showing side ``face``.

    Example: advance(seat, "fleet", pips_on(zone(seat, "open"), "raid"))
    """
    kit = k.kit(m)
    return sum(kit.pips(d) for d in _dice(m, dice) if kit.side(d) == face)


@function
def of_a_kind(m: Workspace, dice: t.Values, room: t.Values) -> t.Values:
    """Every way to set aside dice of ``dice`` showing one side: ``(side, letters)`` pairs,
    the letters of the dice set aside written together (``("raid", "AC")``).

    A set is one or more dice showing the same side, wild dice (the kit's wild side)
    joining it, at most ``room``'s number for that side (``room`` is a list of ``[side,
    number]``; a side it does not name takes none). Wild dice alone form sets of the wild
    side, whatever their number, as long as some side has room for them.

    Example: choose pick from of_a_kind(zone(seat, "open"), [["raid", 2], ["board", 3]])
        move_dice(seat, "open", second(pick), "actions")
    """
    kit = k.kit(m)
    _dice(m, dice)
    if not all(isinstance(r, tuple) and len(r) == 2 and type(r[1]) is int for r in room):
        raise ValueError(f"of_a_kind's room must be a list of [side, number] pairs, not "
                         f"{show(room)}")
    limit = {s: n for s, n in room}
    wild = kit.wild
    wilds = [d[0] for d in dice if kit.side(d) == wild]
    out: list[Any] = []
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
def ranked(m: Workspace, seats: t.Seats, totals: t.Values, start: t.Seat) -> t.Seats:
    """``seats`` from the highest total to the lowest (``totals`` by seat); a tie goes to
    the seat nearest the start player ``start``, clockwise, the start player first.

    Example: totals = [track(0, "fleet"), track(1, "fleet"), track(2, "fleet")]
        say("skipped", first(ranked(players(), totals, seat)))
    """
    n = m.f["players"]
    if len(totals) != n or any(type(x) is not int for x in totals):
        raise ValueError(f"ranked's totals must be a number for each of the {n} seats, not "
                         f"{show(totals)}")
    return tuple(sorted(seats, key=lambda s: (-totals[s], (s - start) % n)))


@function
def seats_from(m: Workspace, seat: t.Seat) -> t.Seats:
    """Every seat, clockwise, starting with ``seat``.

    Example: for s in seats_from(seat) { advance(s, "fleet", 1) }
    """
    n = m.f["players"]
    return tuple((seat + i) % n for i in range(n))


@function
def next_seat(m: Workspace, seat: t.Seat) -> t.Seat:
    """The seat on ``seat``'s left (the next one clockwise).

    Example: advance(next_seat(seat), "fleet", 1)
    """
    return (seat + 1) % m.f["players"]


@function
def distinct(m: Workspace, seq: t.Values) -> t.Kept:
    """The different items of ``seq``, sorted.

    Example: advance(seat, "fleet", count(distinct(zone(seat, "crew"))))
    """
    return tuple(sorted(set(seq), key=_sort_key))


def _sort_key(x: Any) -> tuple[str, Any]:
    """Orders any values: by kind first, a list by its items' keys."""
    if isinstance(x, tuple):
        return ("tuple", tuple(_sort_key(i) for i in x))
    return (type(x).__name__, "" if x is None else x)


@function
def count_of(m: Workspace, seq: t.Values, item: Any) -> t.Int:
    """How many times ``item`` is in ``seq``.

    Example: advance(seat, "fleet", count_of(zone(seat, "coins"), "coins-1"))
    """
    return sum(1 for x in seq if x == item)


@function
def total(m: Workspace, seq: t.Values) -> t.Int:
    """The sum of the numbers of ``seq`` (0 for none).

    Example: advance(seat, "fleet", total([1, 2, 3]))
    """
    return operations.add(0, sum(_numbers(seq, "total")))


@function
def highest(m: Workspace, seq: t.Values) -> t.Int:
    """The largest number of ``seq`` (0 for none).

    Example: advance(seat, "fleet", highest([pips(first(zone(seat, "open"))), 1]))
    """
    return max(_numbers(seq, "highest"), default=0)


def _numbers(seq: tuple[Any, ...], word: str) -> tuple[int, ...]:
    """``seq`` if it holds only numbers; a ValueError naming ``word`` otherwise."""
    if any(type(x) is not int for x in seq):
        raise ValueError(f"{word} takes a list of numbers, not {show(seq)}")
    return seq


@function
def value(m: Workspace, token: Any) -> t.Int:
    """The number the kit's ``values`` give ``token`` (0 if it gives none).

    Example: advance(seat, "fleet", value("coins-2"))
    """
    return k.kit(m).values.get(token, 0)


@function
def complete_sets(m: Workspace, counts: t.Values, wild: t.Int) -> t.Int:
    """How many complete sets (one of each kind) ``counts`` make, each kind's count given,
    with ``wild`` tokens that may each stand in for any one missing token.

    Example: coins = zone(seat, "coins")
        sets = complete_sets([count_of(coins, "coins-1"), count_of(coins, "coins-2")], 1)
        advance(seat, "fleet", sets)
    """
    if not counts:
        return 0
    _numbers(counts, "complete_sets")
    if wild < 0:
        return 0

    def missing(n: int) -> int:
        return sum(max(0, n - c) for c in counts)

    low, high = min(counts), min(counts) + wild + 1  # low makes sets, high cannot
    while high - low > 1:  # the most sets, found in as many steps as wild has digits
        mid = (low + high) // 2
        if missing(mid) <= wild:
            low = mid
        else:
            high = mid
    return low


@function
def held(m: Workspace, seat: t.Seat) -> t.Value:
    """``seat``'s secret choice not yet revealed (only its own programs read it).

    Example: if held(seat) == none { say("skipped", seat) }
    """
    h = m.f["held"][seat]
    return None if h is None else h[0]


@function
def shown(m: Workspace, seat: t.Seat) -> t.Value:
    """``seat``'s secret choice as revealed (none before it is).

    Example: if shown(seat) == none { say("skipped", seat) }
    """
    return m.f["shown"][seat]


@function
def between(m: Workspace, low: t.Int, high: t.Int) -> t.Values:
    """The numbers from ``low`` up to ``high``, both included (a list holds at most 256).

    Example: choose n from between(1, 6)
        advance(seat, "fleet", n)
    """
    if high - low + 1 > operations.MAX_ITEMS:
        raise ValueError(f"between({low}, {high}) would be a list of more than "
                         f"{operations.MAX_ITEMS} items")
    return tuple(range(low, high + 1))


# -- changing ------------------------------------------------------------------------------

@verb
def move_token(m: Workspace, src_seat: t.MaybeSeat, src: t.Text, token: Any,
               dst_seat: t.MaybeSeat, dst: t.Text) -> None:
    """Move one ``token`` from zone ``src`` of ``src_seat`` to the right-hand end of zone
    ``dst`` of ``dst_seat``.

    Logs: ``moved``: the token to whoever may see both zones, how many to the others.
    Example: move_token(none, "central", first(zone(none, "central")), seat, "crew")
    """
    k.move(m, src_seat, src, token, dst_seat, dst)


@verb
def move_last(m: Workspace, src_seat: t.MaybeSeat, src: t.Text, dst_seat: t.MaybeSeat,
              dst: t.Text) -> None:
    """Move the right-most token of zone ``src`` to zone ``dst`` (of an empty zone: an
    error).

    Logs: ``moved``, as ``move_token``.
    Example: move_last(seat, "crew", none, "central")
    """
    tokens = k.tokens(m, src_seat, src)
    if not tokens:
        raise ValueError(f"zone {src}{'' if src_seat is None else f' of seat {src_seat}'} is "
                         f"empty: it has no token to move")
    token = tokens[-1]
    k.move(m, src_seat, src, token, dst_seat, dst)


@verb
def draw(m: Workspace, src_seat: t.MaybeSeat, src: t.Text, dst_seat: t.MaybeSeat,
         dst: t.Text) -> None:
    """Move a token drawn at random from zone ``src`` to zone ``dst`` (nothing if empty).

    Logs: ``drawn``, seen as move_token's moves are; ``zone-empty`` if there was nothing to
    draw.
    Example: draw(none, "bag", seat, "crew")
    """
    k.draw(m, src_seat, src, dst_seat, dst)


@verb
def advance(m: Workspace, seat: t.Seat, name: t.Text, by: t.Int) -> None:
    """Move ``seat``'s marker on track ``name`` by ``by`` spaces (back if negative),
    never past either end.

    Logs: ``track``.
    Example: advance(seat, "fleet", 2)
    """
    k.advance(m, seat, name, by)


@verb
def set_counter(m: Workspace, name: t.Text, to: t.Int) -> None:
    """Set counter ``name`` to ``to`` (a value outside the counter's declared range stops
    the step).

    Logs: ``counter``.
    Example: set_counter("round", counter("round") + 1)
    """
    k.set_counter(m, name, to)


@verb
def roll(m: Workspace, seat: t.Seat, src: t.Text, dst: t.Text) -> None:
    """Roll every die of ``seat``'s zone ``src`` into its zone ``dst``; who sees the faces
    is who may see ``dst``.

    Logs: ``rolled``: the faces to whoever may see the zone rolled into, how many dice to the
    others.
    Example: roll(seat, "cup", "screen")
    """
    k.roll(m, seat, src, dst)


@verb
def move_dice(m: Workspace, seat: t.Seat, src: t.Text, chosen: t.Text, dst: t.Text) -> None:
    """Move ``seat``'s dice whose letters are in ``chosen`` (``"AC"``) from its zone ``src``
    to ``dst``.

    Logs: ``moved``, as ``move_token``.
    Example: move_dice(seat, "screen", "AC", "open")
    """
    dice = k.tokens(m, seat, src)
    k.move_many(m, seat, src, tuple(d for d in dice if d[0] in chosen), seat, dst)


@verb
def move_all(m: Workspace, src_seat: t.MaybeSeat, src: t.Text, dst_seat: t.MaybeSeat,
             dst: t.Text) -> None:
    """Move every token of zone ``src`` to zone ``dst``, left to right.

    Logs: ``moved``, as ``move_token``.
    Example: move_all(seat, "open", seat, "cup")
    """
    k.move_many(m, src_seat, src, k.tokens(m, src_seat, src), dst_seat, dst)


@verb
def turn_die(m: Workspace, seat: t.Seat, name: t.Text, which: t.Text, face: t.Text) -> None:
    """Turn ``seat``'s die ``which`` (a letter) in zone ``name`` to its side ``face``.

    Logs: ``die-turned``.
    Example: turn_die(seat, "open", "A", "raid")
    """
    k.turn_die(m, seat, name, which, face)


@verb
def hold(m: Workspace, seat: t.Seat, choice: Any) -> None:
    """Keep ``choice`` as ``seat``'s secret until ``reveal_held`` (it must have one of the
    shapes the rules declare in ``held``).

    Logs: ``held`` (that the seat holds a choice, not which).
    Example: choose pick from of_a_kind(zone(seat, "screen"), [["raid", 2]]) secretly
        hold(seat, pick)
    """
    k.hold(m, seat, choice)


@verb
def reveal_held(m: Workspace, seats: t.Seats) -> None:
    """Reveal together the secret choices of ``seats`` (each becomes ``shown(seat)``).

    Logs: ``revealed-together``.
    Example: reveal_held(players())
    """
    k.reveal_held(m, seats)


@verb
def say(m: Workspace, what: t.Text, *values: Any) -> None:
    """Log a named announcement with ``values`` (the rules file words it for each language).

    Logs: ``said``, worded by the rules file's words for the announcement.
    Example: say("skipped", seat)
    """
    m.log(None, "said", what, tuple(values))


@verb
def run(m: Workspace, effect: t.Text, *args: Any) -> None:
    """Run the ruleset's effect named ``effect`` now, its parameters bound to ``args``.

    Logs: nothing itself: the effect's statements log.
    Example: run("bonus", seat)
    """
    params = m.rules.tables["effects"].get(effect)
    if params is None:
        raise ValueError(f"no effect named {effect!r}")
    if len(params) != len(args):
        raise ValueError(f"effect {effect} takes {len(params)} values, given {len(args)}")
    env = dict(k.kit(m).lists)  # every program sees the constant lists
    env.update(zip(params, args))
    m.push(m.rules.programs[f"effect:{effect}"], env)


@verb
def finish(m: Workspace, scores: t.Values, reason: t.Text) -> object:
    """End the game on ``scores`` (one per seat, by seat): the best score wins, a tie is a
    shared win; ``reason`` is the clause that ended it.

    Logs: ``scores``.
    Example: finish([track(0, "fleet"), track(1, "fleet"), track(2, "fleet")], "end.score")
    """
    k.finish(m, scores, reason)
    return HALT


#: The words of a game written with the component kit: its own and the generic ones.
VOCABULARY = Vocabulary(
    "kit", dict(KIT_VERBS), {**generic.FUNCTIONS, **KIT_FUNCTIONS},
    {name: (v, constant_type(v)) for name, v in generic.CONSTANTS.items()},
    dict(generic.FACETS),
    # its words' examples are written as in a program run for one seat of the dice game
    title="the component kit", examples={"seat": t.SEAT}, example_chooser="seat",
    example_rules="tortuga-dice")
