"""The machine that runs compiled programs over a state and produces the next state.

A :class:`Machine` is the work area of one step: it starts from a copy of a
state's flat field mapping (sub-tuples are shared, never copied), lets verbs
replace fields, runs program frames until the game needs a decision or ends, and
freezes the result into a new :class:`~tortuga_rules.state.GameState`.

Instructions are small tuples made by :mod:`tortuga_rules.compiler`:

* ``(CALL, fn, argfns, clause, verb)`` - run a verb (a tagged statement first logs a
  ``rule`` event citing its clause, then whatever the verb logs);
* ``(LET, name, fn, clause)`` - bind a name;
* ``(CHOOSE, name, domainfn, chooserfn, clause, secret)`` - ask a seat to choose
  (a secret choice's value is logged for the chooser only);
* ``(JUMP_IF_NOT, condfn, target)`` and ``(JUMP, target)`` - control flow.

A verb returns ``None`` to go on, :data:`SUSPEND` when it has set a pending
decision (the frames are saved in the state), or :data:`HALT` when the game ended.
"""

from __future__ import annotations

from . import rng as _rng
from .components import Place
from .errors import RiggedError
from .state import Decision, Frame, GameState

__all__ = ["Machine", "SUSPEND", "HALT", "CALL", "LET", "CHOOSE", "JUMP_IF_NOT", "JUMP"]

CALL, LET, CHOOSE, JUMP_IF_NOT, JUMP = range(5)
_PLACES = tuple(Place)
_new_frame = tuple.__new__
_DECISIONS: dict = {}  # shared Decision values without options (they are immutable)


class _Signal:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


SUSPEND = _Signal("SUSPEND")
HALT = _Signal("HALT")


class Machine:
    """A mutable work area for one step of the game.

    ``f`` maps state field names to values; verbs replace values (always with new
    tuples) and never mutate what the previous state holds. ``env`` is the bound
    names of the running frame. ``frames`` is the stack of ``[program, pc, env]``.
    """

    __slots__ = ("rules", "f", "env", "frames", "events", "clause")

    def __init__(self, rules, fields: dict, frames: list | None = None):
        self.rules = rules
        self.f = fields
        self.env = {}
        self.frames = frames if frames is not None else []
        self.events = []
        self.clause = None

    @classmethod
    def for_step(cls, state: GameState) -> "Machine":
        """A machine that will build the state after ``state``."""
        f = state.__dict__.copy()
        f.pop("_legal", None)
        # Paused frames stay frozen until they run again; the ones that do not run
        # this step go into the next state as they are.
        return cls(f["rules"], f, list(f["frames"]))

    @classmethod
    def for_query(cls, state: GameState, env: dict) -> "Machine":
        """A read-only machine over ``state`` for evaluating expressions (no copy)."""
        m = cls(state.rules, state.__dict__)
        m.env = env
        return m

    # -- helpers for verbs ---------------------------------------------------------

    def where(self, seat: int) -> Place:
        """The place where ``seat``'s pawn stands."""
        for place, line in zip(_PLACES, self.f["lines"]):
            if seat in line:
                return place
        raise AssertionError(f"seat {seat} has no pawn on the board")  # pragma: no cover

    def log(self, clause, kind, *args, to=-1):
        """Record a log event citing ``clause`` (default: the running statement's clause).

        ``to`` is the only seat that may see it: -1 for everyone, -2 for nobody but the
        referee.
        """
        self.events.append((clause or self.clause, kind, to, *args))

    def _rigged(self, purpose):
        rigged = self.f["rigged"]
        if rigged and rigged[0][0] == purpose:
            self.f["rigged"] = rigged[1:]
            return True, rigged[0][1]
        return False, None

    def pick(self, items, purpose: str):
        """One of ``items`` at random (or the outcome fixed for ``purpose``)."""
        fixed, value = self._rigged(purpose) if self.f["rigged"] else (False, None)
        if fixed:
            if value not in items:
                raise RiggedError(f"the fixed {purpose} {value!r} is not one of {list(items)}")
            return value
        self.f["rng"], r = _rng.below(self.f["rng"], len(items))
        return items[r]

    def shuffled(self, items, purpose: str = "setup") -> list:
        """``items`` in a random order (or the order fixed for ``purpose``)."""
        fixed, value = self._rigged(purpose) if self.f["rigged"] else (False, None)
        if fixed:
            if sorted(map(str, value)) != sorted(map(str, items)):
                raise RiggedError(f"the fixed {purpose} {list(value)} is not an order of "
                                  f"{sorted(map(str, items))}")
            return list(value)
        self.f["rng"], out = _rng.shuffled(self.f["rng"], items)
        return out

    def set_item(self, field: str, index: int, value):
        """Replace item ``index`` of the tuple field ``field`` (a new tuple)."""
        seq = list(self.f[field])
        seq[index] = value
        self.f[field] = tuple(seq)

    def evaluate(self, fn, env: dict):
        """The value of compiled expression ``fn`` with the names ``env`` bound."""
        saved = self.env
        self.env = env
        try:
            return fn(self)
        finally:
            self.env = saved

    def decide(self, seat: int, kind: str, name=None, options=(), clause=None):
        """Make the game wait for ``seat``'s decision."""
        if options:
            self.f["decision"] = Decision(seat, kind, name, tuple(options), clause)
            return
        key = (seat, kind, name, clause)
        d = _DECISIONS.get(key)
        if d is None:
            d = _DECISIONS[key] = Decision(seat, kind, name, (), clause)
        self.f["decision"] = d

    def push(self, program, env: dict):
        """Run ``program`` next, before the rest of the current frame."""
        self.frames.append([program, 0, env])

    # -- running -------------------------------------------------------------------

    def run(self):
        """Run frames until the stack is empty, a decision is pending, or the game ends."""
        frames = self.frames
        while frames:
            fr = frames[-1]
            if type(fr) is Frame:
                fr = frames[-1] = self._thaw(fr)
            code = fr[0].code
            pc = fr[1]
            env = self.env = fr[2]
            n = len(code)
            while pc < n:
                ins = code[pc]
                op = ins[0]
                if op == CALL:
                    fr[1] = pc + 1
                    clause = self.clause = ins[3]
                    if clause is not None:
                        self.events.append((clause, "rule", -1))
                    argfns = ins[2]
                    if argfns:
                        r = ins[1](self, *[a(self) for a in argfns])
                    else:
                        r = ins[1](self)
                    if r is not None:
                        if r is HALT:
                            frames.clear()
                        return
                    if frames and frames[-1] is not fr:
                        break
                    pc = fr[1]
                elif op == LET:
                    env[ins[1]] = ins[2](self)
                    if ins[3] is not None:
                        self.events.append((ins[3], "rule", -1))
                    pc += 1
                elif op == JUMP_IF_NOT:
                    pc = pc + 1 if ins[1](self) else ins[2]
                elif op == JUMP:
                    pc = ins[1]
                else:  # CHOOSE
                    options = tuple(ins[2](self))
                    if len(options) == 1:
                        env[ins[1]] = options[0]
                        if ins[5]:
                            seat = ins[3](self)
                            self.log(ins[4], "auto-choice", ins[1], options[0], to=seat)
                        else:
                            self.log(ins[4], "auto-choice", ins[1], options[0])
                        pc += 1
                        continue
                    if not options:
                        env[ins[1]] = None
                        pc += 1
                        continue
                    fr[1] = pc
                    self.decide(ins[3](self), "choose", ins[1], options, ins[4])
                    return
            else:
                frames.pop()

    def _thaw(self, frame: Frame) -> list:
        return [self.rules.programs[frame.program], frame.pc, dict(frame.env)]

    def resume_choice(self, value):
        """Bind the pending ``choose`` to ``value`` and continue after it."""
        fr = self.frames[-1]
        if type(fr) is Frame:
            fr = self.frames[-1] = self._thaw(fr)
        ins = fr[0].code[fr[1]]
        fr[2][ins[1]] = value
        fr[1] += 1
        seat = self.f["decision"].seat
        if ins[5]:
            self.log(ins[4], "secret-choice", seat, ins[1])
            self.log(ins[4], "choice", seat, ins[1], value, to=seat)
        else:
            self.log(ins[4], "choice", seat, ins[1], value)
        self.f["decision"] = None

    def freeze(self) -> GameState:
        """The new state. Frames are saved only while a decision is pending."""
        f = self.f
        if f["decision"] is not None and self.frames:
            f["frames"] = tuple([
                fr if type(fr) is Frame else _new_frame(Frame, (fr[0].key, fr[1], tuple(fr[2].items())))
                for fr in self.frames if type(fr) is Frame or fr[1] < len(fr[0].code)
            ])
        else:
            f["frames"] = ()
        f["events"] = tuple(self.events)
        f["step"] = f["step"] + 1
        return GameState._from_fields(f)
