"""The game state: one immutable value, JSON round-trippable, random generator included.

:class:`GameState` is a frozen attrs class of tuples, ints and strings. A state that
is waiting for a choice in the middle of a card's effect is a value too: the
effect's continuation is kept as :class:`Frame` records (program id, position,
bound names), never as a generator or closure. This module knows nothing of the
DSL or of loading: a frame names its program by id only, and the checks of a
saved game are installed from above (:func:`install_loader`).

Successive states share every sub-tuple that did not change; building the next
state copies one flat mapping of fields, never a deep copy.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Self

import attrs

from .names import NAMES
from .fields import CHECKED, COUNT, Seen, declare
from .games import DEFAULT_GAME
from ..errors import SaveGameError

if TYPE_CHECKING:  # events.py reads this module's values
    from .events import Event

__all__ = ["GameState", "Decision", "Vote", "Frame", "Outcome", "encode_value", "decode_value",
           "SAVE_FORMAT", "install_loader"]

#: Version tag of the saved-game JSON format.
SAVE_FORMAT = "tortuga-rules/state/2"


def encode_value(value: Any) -> Any:
    """A DSL/action value as JSON: enums by name, tuples as lists."""
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, tuple):
        return [encode_value(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def decode_value(value: Any, enums: Mapping[str, Any] = NAMES) -> Any:
    """The inverse of :func:`encode_value`; ``enums`` maps the names of a game's enum values
    (a game with none passes ``{}``, so every text stays text)."""
    if isinstance(value, list):
        return tuple(decode_value(v, enums) for v in value)
    if isinstance(value, str):
        return enums.get(value, value)
    return value


@attrs.frozen
class Decision:
    """What the game waits for: whose decision, of what kind, and for ``choose`` the options.

    ``kind`` is ``"action"`` (a turn action from the catalogue), ``"choose"`` (a
    choice inside an effect, bound to ``name``) or ``"vote"`` (a secret vote card).
    """

    seat: int
    kind: str
    name: str | None = None
    options: tuple[Any, ...] = ()
    clause: str | None = None

    def to_data(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name,
                "options": encode_value(self.options), "clause": self.clause}

    @classmethod
    def from_data(cls, d: dict[str, Any], enums: Mapping[str, Any] = NAMES) -> Decision:
        return cls(d["seat"], d["kind"], d.get("name"), decode_value(d.get("options", []), enums),
                   d.get("clause"))


@attrs.frozen
class Vote:
    """A vote being collected: the kind, who called it where, and the cards played so far.

    ``played`` pairs each participant who has voted with the card(s) they put face
    down; only the referee's view shows them. ``revealed`` is every card turned up
    (the played cards and the deck card, in a canonical order) once the vote is
    counted, until they go back under the deck.
    """

    kind: str
    caller: int
    place: int
    participants: tuple[int, ...]
    played: tuple[tuple[int, tuple[Any, ...]], ...] = ()
    revealed: tuple[Any, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "caller": self.caller, "place": encode_value(self.place),
                "participants": list(self.participants),
                "played": [[s, list(c)] for s, c in self.played],
                "revealed": list(self.revealed)}

    @classmethod
    def from_data(cls, d: dict[str, Any], enums: Mapping[str, Any] = NAMES) -> Vote:
        return cls(d["kind"], d["caller"], decode_value(d["place"], enums), tuple(d["participants"]),
                   tuple((s, tuple(c)) for s, c in d["played"]), tuple(d["revealed"]))


class Frame(NamedTuple):
    """A paused program: its id, the next instruction, and its bound names.

    ``env`` pairs each name with its value in the order the program bound them. A
    named tuple rather than an attrs class because one is built for every paused
    frame of every step.
    """

    program: str
    pc: int
    env: tuple[tuple[str, Any], ...]  # ((name, value), ...)

    def to_data(self) -> dict[str, Any]:
        return {"program": self.program, "pc": self.pc,
                "env": [[k, encode_value(v)] for k, v in self.env]}

    @classmethod
    def from_data(cls, d: dict[str, Any], enums: Mapping[str, Any] = NAMES) -> Frame:
        return cls(d["program"], d["pc"], tuple((k, decode_value(v, enums)) for k, v in d["env"]))


@attrs.frozen
class Outcome:
    """How the game ended: the winners, and why (the clause that ended it).

    In a game of sides (Tortuga 1667's teams) ``winners`` are sides and ``totals`` each
    side's total (1667's chests); in a game of scores ``winners`` are seats (several on a
    shared win) and ``scores`` each seat's points, by seat. Saved games spell ``totals``
    ``"chests"``, as they always have.
    """

    winners: tuple[Any, ...]
    totals: tuple[tuple[str, int], ...]  # ((side, total), ...)
    reason: str
    scores: tuple[int, ...] = ()

    @property
    def chests(self) -> tuple[tuple[str, int], ...]:
        """Deprecated: :attr:`totals` (Tortuga 1667's chests by team)."""
        return self.totals

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winners": list(self.winners), "chests": dict(self.totals),
                               "reason": self.reason}
        if self.scores:
            out["scores"] = list(self.scores)
        return out

    @classmethod
    def from_data(cls, d: dict[str, Any], enums: Mapping[str, Any] = NAMES) -> Outcome:
        return cls(tuple(d["winners"]), tuple(d["chests"].items()), d["reason"],
                   tuple(d.get("scores", ())))


#: How a saved state is read and checked; see :func:`install_loader`.
_loader: Callable[..., GameState] | None = None
_reader: Callable[[str], Any] | None = None


def install_loader(loader: Callable[..., GameState], reader: Callable[[str], Any]) -> None:
    """Install how saved games are read (``reader(text) -> data``) and checked.

    ``loader(data, ruleset, scenario=False) -> GameState`` is what
    :meth:`GameState.from_data` calls. Checking a saved game needs the ruleset's
    tables and the position checks, which live in layers above this one;
    :mod:`tortuga_rules.game.savegame` plugs them in here, so that this module imports
    none of them.
    """
    global _loader, _reader
    _loader, _reader = loader, reader


def _field_names(state_class: type) -> frozenset[str]:
    """The names of a state class's fields (each game's class, remembered)."""
    names = _FIELD_NAMES.get(state_class)
    if names is None:
        names = _FIELD_NAMES[state_class] = frozenset(f.name for f in attrs.fields(state_class))
    return names


_FIELD_NAMES: dict[type, frozenset[str]] = {}


@attrs.frozen(slots=False)
class GameState:
    """One position of a game, immutable: the engine's fields, and the game's own.

    This class holds what every game has: the compiled rules it is played under, the
    player count, the pending :class:`Decision`, the paused programs (:class:`Frame` s),
    the random generator's state and the outcomes fixed in advance (``rigged``), the
    :class:`Outcome` once it is over, the log of the step that led here and the step
    number. A game's state class (``Ruleset.game.state``) adds the game's own fields,
    each declared once with who may see it (:mod:`~tortuga_rules.model.fields`); the
    view, the save format and the checks read that declaration.

    Seats are numbered ``0..players-1`` clockwise, which is turn order.

    ``rigged`` holds random outcomes fixed in advance, ``(purpose, value)`` pairs
    taken by the next random draws for that purpose. Scenario files fix their
    "random" events this way; in a real game it is empty.
    """

    rules: Any = attrs.field(eq=False, repr=False)  # the compiled Ruleset (opaque here)
    ruleset: str = declare(Seen.ALL)
    players: int = declare(Seen.ALL, numbers=CHECKED)
    decision: Decision | None = declare(Seen.GAME, Decision, "who decides and what is "
                                        "public; the options only the deciding seat sees",
                                        numbers=CHECKED)
    frames: tuple[Frame, ...] = declare(Seen.NOBODY, "frames", numbers=CHECKED)
    rng: int = declare(Seen.NOBODY, shows="it left something to chance",
                       numbers=(0, 2**64 - 1))
    rigged: tuple[tuple[str, Any], ...] = declare(Seen.NOBODY, shows="it left something to chance", numbers=CHECKED)
    outcome: Outcome | None = declare(Seen.ALL, Outcome, numbers=CHECKED)
    events: tuple[Event, ...] = declare(Seen.ALL, "events", numbers=CHECKED)
    step: int = declare(Seen.ALL, numbers=COUNT)

    # -- fields read when asked -----------------------------------------------------
    #
    # A state made by a faster engine (the native one, game/backed.py) may hold only
    # ``rules``, ``ruleset``, ``players`` and, under the key ``_native``, that engine's
    # position - an object with ``fields(rules)`` (every field, as this class holds them)
    # and ``field(name)`` (``(value,)`` of one cheap field, or None). Its other fields are
    # read from the position the first time they are asked for, so a state the caller
    # only steps on never pays for copying the position into Python values. To its users
    # it is the same value: attributes, equality, hashing, saves and copies read the same
    # fields.

    def __getattr__(self, name: str) -> Any:
        """A field not read yet from the position behind this state (see above)."""
        d = self.__dict__
        held = d.get("_native")
        if held is None or name not in _field_names(type(self)):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = held.field(name)
        if value is None:
            self._read_all()
            return d[name]
        d[name] = value[0]
        return value[0]

    def _read_all(self) -> dict[str, Any]:
        """The state's own mapping, every field read in (the fields a faster engine's
        position holds; no-op for a state of the reference engine)."""
        d: dict[str, Any] = self.__dict__
        held = d.get("_native")
        if held is not None and not _field_names(type(self)) <= d.keys():
            for k, v in held.fields(d["rules"]).items():
                d.setdefault(k, v)
        return d

    def _plain(self) -> dict[str, Any]:
        """A new mapping of the fields alone (read in; no remembered listing or engine
        position), to build another state from."""
        d = self._read_all().copy()
        d.pop("_legal", None)
        d.pop("_native", None)
        return d

    def __getstate__(self) -> dict[str, Any]:
        """What a copy keeps: the fields, never an engine's position."""
        return self._plain()

    # -- the public face -----------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat whose decision the game waits for; ``None`` once the game is over."""
        d = self.decision
        return None if d is None else d.seat

    @property
    def is_terminal(self) -> bool:
        """True once the game has ended."""
        return self.outcome is not None

    def _evolve(self, **changes: Any) -> Self:
        """A copy with ``changes``; shares every other field (no validation, no deep copy)."""
        d = self._plain()
        d.update(changes)
        new = object.__new__(type(self))
        object.__setattr__(new, "__dict__", d)
        return new

    @classmethod
    def _from_fields(cls, fields: dict[str, Any]) -> Self:
        new = object.__new__(cls)
        object.__setattr__(new, "__dict__", fields)
        return new

    # -- JSON ----------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The state as JSON-ready data (see :meth:`to_json`)."""
        out: dict[str, Any] = {"format": SAVE_FORMAT, "ruleset_hash": self.rules.hash}
        game = self.rules.game
        if game is not None and game.id != DEFAULT_GAME:  # 1667 saves keep their old shape
            out["game"] = game.id
        for f in attrs.fields(type(self)):
            if f.name == "rules":
                continue
            v = getattr(self, f.name)
            codec = f.metadata.get("codec")
            if codec == "frames":
                out[f.name] = [fr.to_data() for fr in v]
            elif codec is not None and codec != "events":
                out[f.name] = None if v is None else v.to_data()
            else:
                out[f.name] = encode_value(v)
        return out

    def to_json(self) -> str:
        """The whole state as JSON text; :meth:`from_json` restores an equal state."""
        return json.dumps(self.to_data(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_data(cls, data: Any, ruleset: Any, *, scenario: bool = False) -> GameState:
        """Rebuild a state from :meth:`to_data` output, checked against ``ruleset``.

        ``ruleset`` is a :class:`~tortuga_rules.data.ruleset.Ruleset` or a ruleset name
        such as ``"standard+madness"``. Only a position the ruleset can reach is
        accepted; ``scenario`` also accepts random outcomes fixed in advance.
        """
        if _loader is None:  # pragma: no cover - importing the package installs it
            raise SaveGameError("saved games are checked by tortuga_rules.game.savegame; "
                                "import tortuga_rules first")
        return _loader(data, ruleset, scenario=scenario)

    @classmethod
    def from_json(cls, text: str, ruleset: Any, *, scenario: bool = False) -> GameState:
        """Load a state saved with :meth:`to_json` under ``ruleset`` (a Ruleset or a name).

        Raises :class:`~tortuga_rules.errors.SaveGameError` naming what is wrong if
        the text is not a saved game (or too long, or nested too deep), was saved under
        another ruleset, or describes a position the rules cannot reach.
        """
        if _reader is None:  # pragma: no cover - importing the package installs it
            raise SaveGameError("saved games are read by tortuga_rules.game.savegame; "
                                "import tortuga_rules first")
        return cls.from_data(_reader(text), ruleset, scenario=scenario)

    @classmethod
    def _decode_fields(cls, data: dict[str, Any], rules: Any) -> GameState:
        fields: dict[str, Any] = {"rules": rules}
        state_class = rules.game.state
        enums = rules.game.enums
        for f in attrs.fields(state_class):
            if f.name == "rules":
                continue
            v = data[f.name]
            codec = f.metadata.get("codec")
            if codec == "frames":
                fields[f.name] = tuple(Frame.from_data(x, enums) for x in v)
            elif codec == "events":
                fields[f.name] = decode_value(v, enums)
            elif codec is not None:
                fields[f.name] = None if v is None else codec.from_data(v, enums)
            else:
                fields[f.name] = _tuplify(v)
        state: GameState = state_class._from_fields(fields)
        return state
