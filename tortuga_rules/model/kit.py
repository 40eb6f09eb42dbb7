"""The component kit: a game's equipment declared in data, and the state that holds it.

A game whose rules are all data (the Tortuga dice game is one) declares its equipment in
its rules file's ``components`` section, in the spirit of Ludii's equipment: per-seat
**tracks** (a marker on numbered spaces), shared **counters**, **zones** of tokens (a
seat's own or shared; seen by all, by their owner only, or by nobody; a row whose order
matters or a bag drawn from at random), **dice** (each seat's set of dice, each die
with its own faces), token **values** and constant **lists**. :class:`Kit` is that
declaration compiled; :class:`KitState` is the state that holds it, the same fields for
every such game:

* ``tracks`` - by seat, each declared track's space;
* ``counters`` - each declared counter's value, within its declared range (``min``..``max``,
  ``max`` may be the game's last seat);
* ``zones`` - every zone's tokens: shared zones first, then each seat's zones, seat by seat
  (:meth:`Kit.slot`); a die in a zone is a ``(letter, face)`` pair, its face an index
  into that die's faces;
* ``held`` - by seat, a choice made in secret and not yet revealed: ``None`` while the
  seat holds none, else ``(value,)`` (that a seat holds a choice is public, as the log
  says; the value is seen by its seat only); the value is one of the shapes the data
  declares in ``held`` (:meth:`Kit.holds`);
* ``shown`` - by seat, the secret choices revealed together (seen by all).

Who may see a zone is the zone's declaration (``seen``); every other field is declared
with its visibility below, once. Views, position checks and the non-interference tests read
these declarations.

The whole kit, layer by layer: :mod:`tortuga_rules.game.kit`.
"""

from __future__ import annotations

from typing import Any

import attrs

from .events import ENGINE_EVENTS
from .fields import CHECKED, Seen, declare
from .state import GameState

__all__ = ["KitState", "Kit", "ZoneDef", "TrackDef", "SEEN_BY_ALL", "SEEN_BY_OWNER",
           "SEEN_BY_NOBODY", "KIT_EVENTS", "LAST_SEAT", "SHAPES"]

SEEN_BY_ALL, SEEN_BY_OWNER, SEEN_BY_NOBODY = "all", "owner", "nobody"
#: A counter's ``max`` that is the game's last seat (players - 1), whatever the player count.
LAST_SEAT = "last-seat"
#: The words a held pick's shape is written in (``components: held``), and a tuple of shapes
#: (``[side, letters]``) for a tuple of values.
SHAPES = ("seat", "int", "text", "bool", "none", "side", "letters", "token", "any")

_MOVE = (("tokens", "value"), ("src_seat", "value"), ("src", "text"), ("dst_seat", "value"),
         ("dst", "text"))
#: The log's vocabulary of a kit game: the engine's kinds and the kit's, each with its named
#: fields (see :mod:`~tortuga_rules.model.events`). ``tokens`` of a move is the tokens (dice
#: as ``[letter, face]``) or, for a seat who may not see them, how many; a zone's seat is
#: ``null`` for a shared zone; ``dice`` of a roll likewise is ``[letter, side, pips]`` each,
#: or how many.
KIT_EVENTS: dict[str, tuple[tuple[str, str], ...]] = {
    **ENGINE_EVENTS,
    "moved": _MOVE,
    "drawn": _MOVE,
    "zone-empty": (("seat", "value"), ("zone", "text")),
    "track": (("seat", "seat"), ("track", "text"), ("from", "int"), ("to", "int")),
    "counter": (("counter", "text"), ("value", "int")),
    "rolled": (("seat", "seat"), ("dice", "value"), ("open", "bool")),
    "die-turned": (("seat", "seat"), ("die", "text"), ("side", "text"), ("pips", "int")),
    "held": (("seat", "seat"),),
    "revealed-together": (("picks", "value"),),
    "scores": (("scores", "value"), ("winners", "value")),
    "said": (("what", "text"), ("values", "value")),
}


@attrs.frozen(slots=False)
class KitState(GameState):
    """A position of a game played with the component kit (see the module)."""

    tracks: tuple[tuple[int, ...], ...] = declare(Seen.ALL, about="by seat, the space of each track's marker",
                            numbers=CHECKED)
    counters: tuple[int, ...] = declare(Seen.ALL, about="each counter's value", numbers=CHECKED)
    zones: tuple[tuple[Any, ...], ...] = declare(Seen.GAME, about="each zone's tokens; who sees a zone is its "
                                            "declaration's 'seen'", numbers=CHECKED)
    held: tuple[tuple[Any] | None, ...] = declare(Seen.OWNER, about="by seat, a secret choice not yet revealed: None, "
                                            "or (value,) - that one is held is public",
                          numbers=CHECKED)
    shown: tuple[Any, ...] = declare(Seen.ALL, about="by seat, the secret choices revealed together",
                           numbers=CHECKED)


@attrs.frozen
class TrackDef:
    """A per-seat track: its name, lowest and highest space, and where markers start."""

    name: str
    low: int
    high: int
    start: int


@attrs.frozen
class ZoneDef:
    """A zone of tokens: a seat's own (``per_seat``) or shared; who sees its tokens
    (``all``, ``owner`` or ``nobody``); a ``bag`` is drawn from at random (its tokens are
    kept sorted: it has no order); ``dice`` zones hold dice; ``start`` is its tokens at setup."""

    name: str
    per_seat: bool
    seen: str
    bag: bool = False
    dice: bool = False
    start: tuple[Any, ...] = ()
    #: whether a seat who may not see the tokens may still see how many there are
    counted: bool = True


@attrs.frozen
class Kit:
    """A game's equipment, compiled from its ``components`` (see the module)."""

    tracks: tuple[TrackDef, ...]
    counters: tuple[tuple[str, int], ...]  # ((name, start), ...)
    zones: tuple[ZoneDef, ...]  # shared ones first
    dice: tuple[str, ...] = ()  # each seat's dice letters
    #: letter -> ((side, pips), ...)
    faces: dict[str, tuple[tuple[str, int], ...]] = attrs.field(factory=dict)
    wild: str | None = None  # the side of a wild face (a skull), if any
    values: dict[Any, int] = attrs.field(factory=dict)  # token -> number
    #: name -> tuple of values (constants)
    lists: dict[str, tuple[Any, ...]] = attrs.field(factory=dict)
    #: counter name -> ``(low, high)``, ``high`` an int or :data:`LAST_SEAT`
    ranges: dict[str, tuple[int, Any]] = attrs.field(factory=dict)
    #: what a seat may hold in secret (``hold``): the shapes its value may have (None: any
    #: value a program can hold)
    held: tuple[Any, ...] | None = None
    #: worked out once from the fields above: the shared and own zones, each zone's place
    #: among them, and every die there is (``(letter, face)``)
    shared: tuple[ZoneDef, ...] = attrs.field(init=False, eq=False, repr=False)
    own: tuple[ZoneDef, ...] = attrs.field(init=False, eq=False, repr=False)
    _places: dict[str, tuple[int, bool]] = attrs.field(init=False, eq=False, repr=False)
    all_dice: frozenset[tuple[str, int]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        shared = tuple(z for z in self.zones if not z.per_seat)
        own = tuple(z for z in self.zones if z.per_seat)
        places = {z.name: (i, False) for i, z in enumerate(shared)}
        places.update({z.name: (j, True) for j, z in enumerate(own)})
        object.__setattr__(self, "shared", shared)
        object.__setattr__(self, "own", own)
        object.__setattr__(self, "_places", places)
        object.__setattr__(self, "all_dice", frozenset(
            (letter, face) for letter, fs in self.faces.items() for face in range(len(fs))))

    def zone(self, name: str) -> ZoneDef:
        """The zone called ``name`` (a ValueError naming the zones if there is none)."""
        for z in self.zones:
            if z.name == name:
                return z
        raise ValueError(f"no zone {name!r} (the zones: {', '.join(z.name for z in self.zones)})")

    def slot(self, name: str, seat: int | None, players: int) -> int:
        """Where zone ``name`` (of ``seat``, for a seat's own zone) is in ``zones``."""
        place = self._places.get(name) if type(name) is str else None
        if place is None:
            raise ValueError(f"no zone {name!r:.40} (the zones: "
                             f"{', '.join(z.name for z in self.zones)})")
        i, per_seat = place
        if not per_seat:
            if seat is not None:
                raise ValueError(f"{name} is a shared zone: name it with seat none")
            return i
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"{name} is each seat's own zone: name its seat, not {seat!r:.40}")
        return len(self.shared) + seat * len(self.own) + i

    def slots(self, players: int) -> tuple[tuple[ZoneDef, int | None], ...]:
        """``(ZoneDef, seat or None)`` for each entry of ``zones``, in order."""
        out: list[tuple[ZoneDef, int | None]] = [(z, None) for z in self.shared]
        out += [(z, s) for s in range(players) for z in self.own]
        return tuple(out)

    def track(self, name: str) -> int:
        """The index of track ``name``."""
        for i, t in enumerate(self.tracks):
            if t.name == name:
                return i
        raise ValueError(f"no track {name!r} (the tracks: "
                         f"{', '.join(t.name for t in self.tracks)})")

    def counter(self, name: str) -> int:
        """The index of counter ``name``."""
        for i, (n, _) in enumerate(self.counters):
            if n == name:
                return i
        raise ValueError(f"no counter {name!r} (the counters: "
                         f"{', '.join(n for n, _ in self.counters)})")

    def counter_range(self, name: str, players: int) -> tuple[int, int]:
        """The lowest and highest value counter ``name`` may take in a game of ``players``."""
        low, high = self.ranges[name]
        return low, players - 1 if high == LAST_SEAT else high

    def holds(self, value: Any, players: int) -> bool:
        """Whether a seat may hold ``value`` in secret: it has one of the ``held`` shapes."""
        if self.held is None:
            return True
        return any(self._fits(value, shape, players) for shape in self.held)

    def _fits(self, value: Any, shape: object, players: int) -> bool:
        """Whether ``value`` has ``shape`` (a word of :data:`SHAPES`, or a tuple of shapes)."""
        if isinstance(shape, tuple):
            return (isinstance(value, tuple) and len(value) == len(shape)
                    and all(self._fits(v, s, players) for v, s in zip(value, shape)))
        if shape == "seat":
            return type(value) is int and 0 <= value < players
        if shape == "int":
            return type(value) is int
        if shape == "text":
            return type(value) is str
        if shape == "bool":
            return type(value) is bool
        if shape == "none":
            return value is None
        if shape == "side":
            return type(value) is str and any(value == s for fs in self.faces.values()
                                              for s, _ in fs)
        if shape == "letters":
            return (type(value) is str and value != "" and len(set(value)) == len(value)
                    and all(c in self.faces for c in value))
        if shape == "token":
            return any(value == t for z in self.zones if not z.dice for t in z.start)
        return shape == "any"

    def held_words(self) -> str:
        """The ``held`` shapes as the rules file writes them (``[side, letters] or none``)."""
        def word(shape: Any) -> str:
            if isinstance(shape, tuple):
                return "[" + ", ".join(word(s) for s in shape) + "]"
            return str(shape)
        return " or ".join(word(s) for s in self.held or ("any",))

    def side(self, die: tuple[str, int]) -> str:
        """The side a die (``(letter, face)``) shows."""
        return self.faces[die[0]][die[1]][0]

    def pips(self, die: tuple[str, int]) -> int:
        """The number a die shows (0 on a wild face)."""
        return self.faces[die[0]][die[1]][1]

    def face_of(self, letter: str, side: str) -> int:
        """The face of die ``letter`` that shows ``side``."""
        for i, (s, _) in enumerate(self.faces[letter]):
            if s == side:
                return i
        raise ValueError(f"die {letter} has no {side} face")

    def may_see(self, z: ZoneDef, owner: int | None, seat: int | None) -> bool:
        """Whether ``seat`` (None: the referee; -3: a spectator) may see zone ``z`` of
        ``owner``'s tokens."""
        if seat is None or z.seen == SEEN_BY_ALL:
            return True
        return z.seen == SEEN_BY_OWNER and owner is not None and owner == seat
