"""The DSL's generic functions: queries any game's rules may use.

Each function is a small Python function named like the DSL word; each declares
the state facets it reads (:data:`FACETS`), because the engine remembers legal
actions keyed by exactly those facets. These read only what every game has (the
players, the options) or their arguments: ``players``, ``others``, ``rest``, ``without``,
``count``, ``first``, ``second``, ``last``, ``reversed``, ``pairs``, ``option``. A game's
own functions are its package's (Tortuga 1667's: ``games/tortuga1667/functions.py``; the
component kit's: ``dsl/kit.py``).
"""

from itertools import combinations
from typing import Any, Callable

from . import types as t
from .values import show
from ..procedures.workspace import Workspace
from .words import F, Word, register

__all__ = ["FUNCTIONS", "FACETS", "CONSTANTS"]

#: Every generic function, by name.
FUNCTIONS: dict[str, Word] = {}


def function(*reads: str) -> Callable[[F], F]:
    """Register a DSL function; ``reads`` names the state facets (see :data:`FACETS`) it reads.

    The engine remembers legal actions keyed by the facets their expressions read, so
    a function that reads the state must declare every facet it reads.
    """
    return register(FUNCTIONS, reads=reads)


#: The parts of a state the generic functions read, each with how to take it from a state
#: (a game's vocabulary adds its own).
FACETS: dict[str, Callable[[Any], Any]] = {
    "players": lambda s: s.players,
}

#: Names with a fixed value in every program of every game.
CONSTANTS = {"none": None, "true": True, "false": False}


@function('players')
def players(m: Workspace) -> t.SomeSeats:
    """Every seat, in turn order.

    Example: everyone = players()
    """
    return tuple(range(m.f["players"]))


@function('players')
def others(m: Workspace, seat: t.Seat) -> t.SomeSeats:
    """Every seat but ``seat``.

    Example: rivals = others(first(players()))
    """
    return tuple([s for s in range(m.f["players"]) if s != seat])


@function()
def rest(m: Workspace, seq: t.Values) -> t.Same:
    """All but the first item of ``seq``.

    Example: after_first = rest(players())
    """
    return tuple(seq[1:])


@function()
def without(m: Workspace, seq: t.Values, item: Any) -> t.Same:
    """``seq`` without ``item``.

    Example: rivals = without(players(), first(players()))
    """
    return tuple(x for x in seq if x != item)


@function()
def count(m: Workspace, seq: t.Values) -> t.Int:
    """How many items ``seq`` has.

    Example: crowded = count(players()) > 3
    """
    return len(seq)


def _items(seq: Any, word: str, wanted: int) -> tuple[Any, ...]:
    """``seq`` if it is a list (or a pair) of at least ``wanted`` items; a ValueError in the
    rules' words otherwise (``first([])``, ``second`` of one item)."""
    if not isinstance(seq, tuple):
        raise ValueError(f"{word} takes a list, not {show(seq)}")
    if len(seq) < wanted:
        has = "an empty list" if not seq else f"a list of {len(seq)} item{'s' * (len(seq) != 1)}"
        raise ValueError(f"{word} of {has}: it has no {word} item")
    return seq


@function()
def first(m: Workspace, seq: Any) -> t.First:
    """The first item of ``seq`` (of an empty list: an error).

    Example: leader = first(players())
    """
    return _items(seq, "first", 1)[0]


@function()
def second(m: Workspace, seq: Any) -> t.Second:
    """The second item of ``seq`` (of a shorter list: an error).

    Example: runner_up = second(players())
    """
    return _items(seq, "second", 2)[1]


@function()
def last(m: Workspace, seq: t.Values) -> t.Element:
    """The last item of ``seq`` (a line's last pawn: its most junior crew; of an empty list:
    an error).

    Example: youngest = last(players())
    """
    return _items(seq, "last", 1)[-1]


@function()
def reversed_(m: Workspace, seq: t.Values) -> t.Same:
    """The items of ``seq`` in the opposite order (a line from its back).

    Example: backwards = reversed(players())
    """
    return tuple(seq[::-1])


@function()
def pairs(m: Workspace, seq: t.Values) -> t.Pairs:
    """Every unordered pair of items of ``seq``.

    Example: choose pair from pairs(players()) by first(players())
    """
    return tuple(combinations(seq, 2))


@function()
def option(m: Workspace, name: t.Text) -> t.Value:
    """The value in force of the ruleset's option ``name`` (written in quotes:
    ``option("attack_take")``; an unknown name is a load error).

    Example: wanted = option("variant")
    """
    options = m.rules.options
    if name not in options:
        raise ValueError(f"no option named {show(name)} (the options: "
                         f"{', '.join(sorted(options)) or 'none'})")
    return options[name]


