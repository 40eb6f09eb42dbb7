"""The work area of one step: a state's fields opened for change, the log, the frame stack.

A :class:`Workspace` starts from a copy of a state's flat field mapping (sub-tuples
are shared, never copied); rule procedures and DSL verbs replace fields with new
tuples, log events citing clauses, draw from the random generator kept in the
fields, and push programs to run next. :meth:`Workspace.freeze` turns the result
into the next :class:`~tortuga_rules.model.state.GameState`.

Running the pushed programs is the DSL machine's job
(:class:`~tortuga_rules.dsl.machine.Machine` extends this class); the procedures
only need the work area, so they sit below the DSL and know nothing of it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence, Self

from ..errors import RiggedError
from ..model import rng as _rng
from ..model.state import Decision, Frame, GameState

__all__ = ["Workspace", "EventLog", "SUSPEND", "HALT", "open_frames", "frozen_frames"]

_new_frame = tuple.__new__
# shared Decision values without options (they are immutable), by (seat, kind, name, clause);
# names and clauses come from rules data, so a server loading house rules for weeks would
# grow it without end: emptied past SHARED_DECISIONS (it refills with the ones in use)
_DECISIONS: dict[tuple[int, str, str | None, str | None], Decision] = {}
SHARED_DECISIONS = 4096


class EventLog(Protocol):
    """Where a step's log events go: a list, or a log that keeps nothing (playouts)."""

    def append(self, event: tuple[Any, ...], /) -> None: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[tuple[Any, ...]]: ...


class _Signal:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: Returned by a procedure or verb that has set a pending decision: the step stops here.
SUSPEND = _Signal("SUSPEND")
#: Returned by a procedure or verb that ended the game: every paused program is dropped.
HALT = _Signal("HALT")


class Workspace:
    """A mutable work area for one step of the game.

    ``f`` maps state field names to values; procedures replace values (always with
    new tuples) and never mutate what the previous state holds. ``env`` is the
    bound names of the running program. ``frames`` is the stack of programs to run,
    each ``[program, pc, env]`` (or a frozen :class:`Frame` not yet resumed).
    """

    __slots__ = ("rules", "f", "env", "frames", "events", "clause")

    def __init__(self, rules: Any, fields: dict[str, Any],
                 frames: list[Any] | None = None) -> None:
        self.rules = rules
        self.f = fields
        self.env: dict[str, Any] = {}
        self.frames = frames if frames is not None else []
        self.events: EventLog = []
        self.clause: str | None = None

    @classmethod
    def for_step(cls, state: GameState) -> Self:
        """A work area that will build the state after ``state``."""
        f = state._plain()
        # Paused frames stay frozen until they run again; the ones that do not run
        # this step go into the next state as they are.
        return cls(f["rules"], f, list(f["frames"]))

    @classmethod
    def for_query(cls, state: GameState, env: dict[str, Any]) -> Self:
        """A read-only work area over ``state`` for evaluating expressions (no copy)."""
        m = cls(state.rules, state._read_all())
        m.env = env
        return m

    # -- reading -------------------------------------------------------------------

    def evaluate(self, fn: Callable[[Any], Any], env: dict[str, Any]) -> Any:
        """The value of compiled expression ``fn`` with the names ``env`` bound."""
        saved = self.env
        self.env = env
        try:
            return fn(self)
        finally:
            self.env = saved

    # -- changing ------------------------------------------------------------------

    def log(self, clause: str | None, kind: str, *args: Any, to: int = -1) -> None:
        """Record a log event citing ``clause`` (default: the running statement's clause).

        ``to`` is the only seat that may see it: -1 for everyone, -2 for nobody but the
        referee.
        """
        self.events.append((clause or self.clause, kind, to, *args))

    def set_item(self, field: str, index: int, value: Any) -> None:
        """Replace item ``index`` of the tuple field ``field`` (a new tuple)."""
        seq = list(self.f[field])
        seq[index] = value
        self.f[field] = tuple(seq)

    def decide(self, seat: int, kind: str, name: str | None = None,
               options: Sequence[Any] = (), clause: str | None = None) -> None:
        """Make the game wait for ``seat``'s decision."""
        if options:
            self.f["decision"] = Decision(seat, kind, name, tuple(options), clause)
            return
        key = (seat, kind, name, clause)
        d = _DECISIONS.get(key)
        if d is None:
            if len(_DECISIONS) >= SHARED_DECISIONS:
                _DECISIONS.clear()
            d = _DECISIONS[key] = Decision(seat, kind, name, (), clause)
        self.f["decision"] = d

    def push(self, program: Any, env: dict[str, Any]) -> None:
        """Run ``program`` next, before the rest of the current frame. ``env`` becomes the
        new frame's own names (its program binds into it): never give two frames one dict."""
        self.frames.append([program, 0, env])

    # -- chance --------------------------------------------------------------------

    def _rigged(self, purpose: str) -> tuple[bool, Any]:
        rigged = self.f["rigged"]
        if rigged and rigged[0][0] == purpose:
            self.f["rigged"] = rigged[1:]
            return True, rigged[0][1]
        return False, None

    def pick(self, items: Sequence[Any], purpose: str) -> Any:
        """One of ``items`` at random (or the outcome fixed for ``purpose``)."""
        fixed, value = self._rigged(purpose) if self.f["rigged"] else (False, None)
        if fixed:
            if value not in items:
                raise RiggedError(f"the fixed {purpose} {value!r} is not one of {list(items)}")
            return value
        self.f["rng"], r = _rng.below(self.f["rng"], len(items))
        return items[r]

    def shuffled(self, items: Iterable[Any], purpose: str = "setup") -> list[Any]:
        """``items`` in a random order (or the order fixed for ``purpose``)."""
        fixed, value = self._rigged(purpose) if self.f["rigged"] else (False, ())
        if fixed:
            if sorted(map(str, value)) != sorted(map(str, items)):
                raise RiggedError(f"the fixed {purpose} {list(value)} is not an order of "
                                  f"{sorted(map(str, items))}")
            return list(value)
        self.f["rng"], out = _rng.shuffled(self.f["rng"], items)
        return out

    # -- the result ----------------------------------------------------------------

    def freeze(self) -> GameState:
        """The new state. Frames are saved only while a decision is pending."""
        f = self.f
        f["frames"] = frozen_frames(self.frames) if f["decision"] is not None else ()
        f["events"] = tuple(self.events)
        f["step"] = f["step"] + 1
        state: GameState = self.rules.game.state._from_fields(f)
        return state


def open_frames(frames: list[Any]) -> list[Any]:
    """The frames with work left (one run to its end is dropped)."""
    return [fr for fr in frames if type(fr) is Frame or fr[1] < len(fr[0].code)]


def frozen_frames(frames: list[Any]) -> tuple[Frame, ...]:
    """The paused programs with work left, as state values."""
    return tuple([
        fr if type(fr) is Frame else _new_frame(Frame, (fr[0].key, fr[1], tuple(fr[2].items())))
        for fr in open_frames(frames)
    ])
