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
from typing import Any, NamedTuple

import attrs

from .components import ENUM_BY_NAME
from ..errors import SaveGameError

__all__ = ["GameState", "Decision", "Vote", "Frame", "Outcome", "encode_value", "decode_value",
           "SAVE_FORMAT", "install_loader"]

#: Version tag of the saved-game JSON format.
SAVE_FORMAT = "tortuga-rules/state/2"


def encode_value(value):
    """A DSL/action value as JSON: enums by name, tuples as lists."""
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, tuple):
        return [encode_value(v) for v in value]
    return value


def _tuplify(value):
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def decode_value(value):
    """The inverse of :func:`encode_value`."""
    if isinstance(value, list):
        return tuple(decode_value(v) for v in value)
    if isinstance(value, str):
        return ENUM_BY_NAME.get(value, value)
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
    options: tuple = ()
    clause: str | None = None

    def to_data(self):
        return {"seat": self.seat, "kind": self.kind, "name": self.name,
                "options": encode_value(self.options), "clause": self.clause}

    @classmethod
    def from_data(cls, d):
        return cls(d["seat"], d["kind"], d.get("name"), decode_value(d.get("options", [])),
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
    participants: tuple
    played: tuple = ()
    revealed: tuple = ()

    def to_data(self):
        return {"kind": self.kind, "caller": self.caller, "place": encode_value(self.place),
                "participants": list(self.participants),
                "played": [[s, list(c)] for s, c in self.played],
                "revealed": list(self.revealed)}

    @classmethod
    def from_data(cls, d):
        return cls(d["kind"], d["caller"], decode_value(d["place"]), tuple(d["participants"]),
                   tuple((s, tuple(c)) for s, c in d["played"]), tuple(d["revealed"]))


class Frame(NamedTuple):
    """A paused program: its id, the next instruction, and its bound names.

    ``env`` pairs each name with its value in the order the program bound them. A
    named tuple rather than an attrs class because one is built for every paused
    frame of every step.
    """

    program: str
    pc: int
    env: tuple  # ((name, value), ...)

    def to_data(self):
        return {"program": self.program, "pc": self.pc,
                "env": [[k, encode_value(v)] for k, v in self.env]}

    @classmethod
    def from_data(cls, d):
        return cls(d["program"], d["pc"], tuple((k, decode_value(v)) for k, v in d["env"]))


@attrs.frozen
class Outcome:
    """How the game ended: the winning team(s), each team's chests and why."""

    winners: tuple
    chests: tuple  # ((team, count), ...)
    reason: str

    def to_data(self):
        return {"winners": list(self.winners), "chests": dict(self.chests), "reason": self.reason}

    @classmethod
    def from_data(cls, d):
        return cls(tuple(d["winners"]), tuple(d["chests"].items()), d["reason"])


_NESTED: dict[str, Any] = {"decision": Decision, "vote": Vote, "outcome": Outcome}

#: How a saved state is read and checked; see :func:`install_loader`.
_loader = None
_reader = None


def install_loader(loader, reader) -> None:
    """Install how saved games are read (``reader(text) -> data``) and checked.

    ``loader(data, ruleset, scenario=False) -> GameState`` is what
    :meth:`GameState.from_data` calls. Checking a saved game needs the ruleset's
    tables and the position checks, which live in layers above this one;
    :mod:`tortuga_rules.game.savegame` plugs them in here, so that this module imports
    none of them.
    """
    global _loader, _reader
    _loader, _reader = loader, reader


@attrs.frozen(slots=False)
class GameState:
    """One position of a game, immutable.

    Seats are numbered ``0..players-1`` clockwise, which is turn order. Row slots
    are numbered 1–5 in actions and the log, 0–4 in :attr:`row`. Lines are indexed
    by :class:`~tortuga_rules.model.components.Place`, chest counts by
    :class:`~tortuga_rules.model.components.ChestSpot`; the first card of a deck tuple is
    its top card.

    ``removed`` holds the event cards out of the game: boxed at setup (a shorter
    game), the Armada once a tie is declared, the cards a tie-breaker round leaves out.
    With the deck, the row, the discard pile, the cards being resolved and the kept
    cards, they are exactly the game's event cards.

    ``marks`` are public markers on players, by name, that cards leave on them (a
    Scurvy victim's lost turn); a name may appear several times.

    ``tiebreak`` counts tie-breaker rounds (0: none) and ``tie_level`` is each team's
    chest total when the tie-breaker began.

    ``rigged`` holds random outcomes fixed in advance, ``(purpose, value)`` pairs
    taken by the next random draws for that purpose (``lost-card``,
    ``row-reshuffle``, ``vote-return``, ``tiebreak-deck``, ``line-reshuffle``,
    ``loyalty-swap``, ``vote-deck-shuffle``). Scenario files fix their
    "random" events this way; in a real game it is empty.
    """

    rules: Any = attrs.field(eq=False, repr=False)  # the compiled Ruleset (opaque here)
    ruleset: str
    players: int
    loyalty: tuple
    lines: tuple
    sunk: tuple
    chests: tuple
    hands: tuple
    vote_deck: tuple
    event_deck: tuple
    row: tuple
    discard: tuple
    resolving: tuple
    removed: tuple
    kept: tuple
    marks: tuple
    seen: tuple
    starred: tuple
    turn: int
    actions_left: int
    turn_number: int
    decision: Decision | None
    vote: Vote | None
    frames: tuple
    rng: int
    rigged: tuple
    tiebreak: int
    tie_level: int
    outcome: Outcome | None
    events: tuple
    step: int

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

    def _evolve(self, **changes) -> "GameState":
        """A copy with ``changes``; shares every other field (no validation, no deep copy)."""
        d = self.__dict__.copy()
        d.pop("_legal", None)
        d.update(changes)
        new = object.__new__(GameState)
        object.__setattr__(new, "__dict__", d)
        return new

    @classmethod
    def _from_fields(cls, fields: dict) -> "GameState":
        new = object.__new__(cls)
        object.__setattr__(new, "__dict__", fields)
        return new

    # -- JSON ----------------------------------------------------------------------

    def to_data(self) -> dict:
        """The state as JSON-ready data (see :meth:`to_json`)."""
        out = {"format": SAVE_FORMAT, "ruleset_hash": self.rules.hash}
        for f in attrs.fields(GameState):
            if f.name == "rules":
                continue
            v = getattr(self, f.name)
            if f.name in _NESTED:
                out[f.name] = None if v is None else v.to_data()
            elif f.name == "frames":
                out[f.name] = [fr.to_data() for fr in v]
            else:
                out[f.name] = encode_value(v)
        return out

    def to_json(self) -> str:
        """The whole state as JSON text; :meth:`from_json` restores an equal state."""
        return json.dumps(self.to_data(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_data(cls, data, ruleset, *, scenario: bool = False) -> "GameState":
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
    def from_json(cls, text: str, ruleset, *, scenario: bool = False) -> "GameState":
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
    def _decode_fields(cls, data: dict, rules) -> "GameState":
        fields: dict[str, Any] = {"rules": rules}
        for f in attrs.fields(GameState):
            if f.name == "rules":
                continue
            v = data[f.name]
            if f.name in _NESTED:
                fields[f.name] = None if v is None else _NESTED[f.name].from_data(v)
            elif f.name == "frames":
                fields[f.name] = tuple(Frame.from_data(x) for x in v)
            elif f.name == "events":
                fields[f.name] = decode_value(v)
            else:
                fields[f.name] = _tuplify(v)
        return cls._from_fields(fields)
