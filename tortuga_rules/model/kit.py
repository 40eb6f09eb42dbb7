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
* ``counters`` - each declared counter's value;
* ``zones`` - every zone's tokens: shared zones first, then each seat's zones, seat by seat
  (:meth:`Kit.slot`); a die in a zone is a ``(letter, face)`` pair, its face an index
  into that die's faces;
* ``held`` - by seat, a choice made in secret and not yet revealed: ``None`` while the
  seat holds none, else ``(value,)`` (that a seat holds a choice is public, as the log
  says; the value is seen by its seat only);
* ``shown`` - by seat, the secret choices revealed together (seen by all).

Who may see a zone is the zone's declaration (``seen``); every other field is declared
with its visibility below, once. Views, position checks and the non-interference tests read
these declarations.
"""

from __future__ import annotations

import attrs

from .events import ENGINE_EVENTS
from .fields import Seen, declare
from .state import GameState

__all__ = ["KitState", "Kit", "ZoneDef", "TrackDef", "SEEN_BY_ALL", "SEEN_BY_OWNER",
           "SEEN_BY_NOBODY", "KIT_EVENTS"]

SEEN_BY_ALL, SEEN_BY_OWNER, SEEN_BY_NOBODY = "all", "owner", "nobody"

_MOVE = (("tokens", "value"), ("src_seat", "value"), ("src", "text"), ("dst_seat", "value"),
         ("dst", "text"))
#: The log's vocabulary of a kit game: the engine's kinds and the kit's, each with its named
#: fields (see :mod:`~tortuga_rules.model.events`). ``tokens`` of a move is the tokens (dice
#: as ``[letter, face]``) or, for a seat who may not see them, how many; a zone's seat is
#: ``null`` for a shared zone; ``dice`` of a roll likewise is ``[letter, side, pips]`` each,
#: or how many.
KIT_EVENTS: dict = {
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

    tracks: tuple = declare(Seen.ALL, about="by seat, the space of each track's marker")
    counters: tuple = declare(Seen.ALL, about="each counter's value")
    zones: tuple = declare(Seen.GAME, about="each zone's tokens; who sees a zone is its "
                                            "declaration's 'seen'")
    held: tuple = declare(Seen.OWNER, about="by seat, a secret choice not yet revealed: None, "
                                            "or (value,) - that one is held is public")
    shown: tuple = declare(Seen.ALL, about="by seat, the secret choices revealed together")


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
    start: tuple = ()
    #: whether a seat who may not see the tokens may still see how many there are
    counted: bool = True


@attrs.frozen
class Kit:
    """A game's equipment, compiled from its ``components`` (see the module)."""

    tracks: tuple  # (TrackDef, ...)
    counters: tuple  # ((name, start), ...)
    zones: tuple  # (ZoneDef, ...), shared ones first
    dice: tuple = ()  # each seat's dice letters
    faces: dict = attrs.field(factory=dict)  # letter -> ((side, pips), ...)
    wild: str | None = None  # the side of a wild face (a skull), if any
    values: dict = attrs.field(factory=dict)  # token -> number
    lists: dict = attrs.field(factory=dict)  # name -> tuple of values (constants)

    @property
    def shared(self) -> tuple:
        return tuple(z for z in self.zones if not z.per_seat)

    @property
    def own(self) -> tuple:
        return tuple(z for z in self.zones if z.per_seat)

    def zone(self, name: str) -> ZoneDef:
        """The zone called ``name`` (a ValueError naming the zones if there is none)."""
        for z in self.zones:
            if z.name == name:
                return z
        raise ValueError(f"no zone {name!r} (the zones: {', '.join(z.name for z in self.zones)})")

    def slot(self, name: str, seat, players: int) -> int:
        """Where zone ``name`` (of ``seat``, for a seat's own zone) is in ``zones``."""
        shared = self.shared
        for i, z in enumerate(shared):
            if z.name == name:
                if seat is not None:
                    raise ValueError(f"{name} is a shared zone: name it with seat none")
                return i
        own = self.own
        for j, z in enumerate(own):
            if z.name == name:
                if type(seat) is not int or not 0 <= seat < players:
                    raise ValueError(f"{name} is each seat's own zone: name its seat, "
                                     f"not {seat!r}")
                return len(shared) + seat * len(own) + j
        raise ValueError(f"no zone {name!r} (the zones: {', '.join(z.name for z in self.zones)})")

    def slots(self, players: int) -> tuple:
        """``(ZoneDef, seat or None)`` for each entry of ``zones``, in order."""
        out: list = [(z, None) for z in self.shared]
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

    def side(self, die) -> str:
        """The side a die (``(letter, face)``) shows."""
        return self.faces[die[0]][die[1]][0]

    def pips(self, die) -> int:
        """The number a die shows (0 on a wild face)."""
        return self.faces[die[0]][die[1]][1]

    def face_of(self, letter: str, side: str) -> int:
        """The face of die ``letter`` that shows ``side``."""
        for i, (s, _) in enumerate(self.faces[letter]):
            if s == side:
                return i
        raise ValueError(f"die {letter} has no {side} face")

    def may_see(self, z: ZoneDef, owner, seat) -> bool:
        """Whether ``seat`` (None: the referee; -3: a spectator) may see zone ``z`` of
        ``owner``'s tokens."""
        if seat is None or z.seen == SEEN_BY_ALL:
            return True
        return z.seen == SEEN_BY_OWNER and owner is not None and owner == seat
