"""The machine that runs compiled programs over a step's work area.

:class:`Machine` is a :class:`~tortuga_rules.procedures.workspace.Workspace` that
can also run the frames pushed onto it: it runs program frames until the game
needs a decision or ends, then :meth:`~Workspace.freeze` gives the next state.

Instructions are small tuples made by :mod:`tortuga_rules.dsl.compiler`:

* ``(CALL, fn, argfns, clause, verb)`` - run a verb (a tagged statement first logs a
  ``rule`` event citing its clause, then whatever the verb logs);
* ``(LET, name, fn, clause)`` - bind a name;
* ``(CHOOSE, name, domainfn, chooserfn, clause, secret)`` - ask a seat to choose
  (a secret choice's value is logged for the chooser only);
* ``(JUMP_IF_NOT, condfn, target)`` and ``(JUMP, target)`` - control flow.

A verb returns ``None`` to go on, :data:`SUSPEND` when it has set a pending
decision (the frames are saved in the state), or :data:`HALT` when the game ended.

A step is bounded: it may run at most :data:`MAX_INSTRUCTIONS` instructions (counted,
as an upper bound, when a frame starts or a loop jumps back) and log at most
:data:`MAX_EVENTS` events. Over budget, or when a program fails (``1 // 0``, a value
that is no seat), :meth:`Machine.run` raises a
:class:`~tortuga_rules.errors.RulesError` located at the statement.
"""

from __future__ import annotations

from ..errors import Problem, RulesError, TortugaError
from ..model.state import Frame
from ..procedures.workspace import HALT, SUSPEND, Workspace
from .operations import MAX_OPTIONS

__all__ = ["Machine", "QuietMachine", "SUSPEND", "HALT", "CALL", "LET", "CHOOSE",
           "JUMP_IF_NOT", "JUMP", "MAX_INSTRUCTIONS", "MAX_EVENTS"]

CALL, LET, CHOOSE, JUMP_IF_NOT, JUMP = range(5)

#: The most instructions one step (one decision answered, or the setup) may run.
MAX_INSTRUCTIONS = 100_000
#: The most events one step may log.
MAX_EVENTS = 10_000


class _Budget(Exception):
    """A step ran over :data:`MAX_INSTRUCTIONS` or :data:`MAX_EVENTS`."""


class Machine(Workspace):
    """A step's work area that runs the DSL programs pushed onto its frame stack."""

    __slots__ = ()

    # -- running -------------------------------------------------------------------

    def run(self):
        """Run frames until the stack is empty, a decision is pending, or the game ends.

        Raises :class:`~tortuga_rules.errors.RulesError`, located at the statement, if a
        program fails or the step exceeds :data:`MAX_INSTRUCTIONS` or :data:`MAX_EVENTS`.
        """
        frames = self.frames
        events = self.events
        ticks = 0
        while frames:
            fr = frames[-1]
            pc = fr[1]
            try:
                if type(fr) is Frame:
                    fr = frames[-1] = self._thaw(fr)
                code = fr[0].code
                env = self.env = fr[2]
                n = len(code)
                ticks += n - pc  # at most this many before the frame ends or jumps back
                if ticks > MAX_INSTRUCTIONS or len(events) > MAX_EVENTS:
                    raise _Budget()
                while pc < n:
                    ins = code[pc]
                    op = ins[0]
                    if op == CALL:
                        fr[1] = pc + 1
                        clause = self.clause = ins[3]
                        if clause is not None:
                            events.append((clause, "rule", -1))
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
                            events.append((ins[3], "rule", -1))
                        pc += 1
                    elif op == JUMP_IF_NOT:
                        pc = pc + 1 if ins[1](self) else ins[2]
                    elif op == JUMP:
                        target = ins[1]
                        if target < pc:  # a loop: count the instructions it may run again
                            ticks += pc - target + 1
                            if ticks > MAX_INSTRUCTIONS or len(events) > MAX_EVENTS:
                                raise _Budget()
                        pc = target
                    else:  # CHOOSE
                        if self._choose(fr, pc, ins):
                            return
                        pc += 1
                else:
                    frames.pop()
            except TortugaError:
                raise
            except Exception as exc:
                raise self._failure(fr, pc, exc) from None

    def _choose(self, fr, pc: int, ins) -> bool:
        """Run a ``choose``: bind it if it has one option (or none); True if it must wait."""
        env = fr[2]
        options = tuple(ins[2](self))
        if len(options) > MAX_OPTIONS:
            raise ValueError(f"a choice of {len(options):,} options (at most {MAX_OPTIONS:,})")
        if len(options) == 1:
            env[ins[1]] = options[0]
            if ins[5]:
                seat = ins[3](self)
                self.log(ins[4], "auto-choice", ins[1], options[0], to=seat)
            else:
                self.log(ins[4], "auto-choice", ins[1], options[0])
            return False
        if not options:
            env[ins[1]] = None
            return False
        fr[1] = pc
        self.decide(ins[3](self), "choose", ins[1], options, ins[4])
        return True

    def _failure(self, fr, pc: int, exc: Exception) -> RulesError:
        """The located error for a program that failed (or ran over budget) at ``pc``."""
        program = fr[0] if type(fr) is not Frame else None
        key = program.key if program is not None else fr.program
        span = program.span_at(pc) if program is not None else None
        ins = program.code[pc] if program is not None and 0 <= pc < len(program.code) else None
        clause = ins[3] if ins is not None and ins[0] in (CALL, LET) else self.clause
        if isinstance(exc, _Budget):
            detail = (f"the step ran over its budget ({MAX_INSTRUCTIONS:,} instructions, "
                      f"{MAX_EVENTS:,} logged events): a loop that does not end?")
        elif isinstance(exc, ValueError):
            detail = str(exc)
        else:
            detail = f"{type(exc).__name__}: {exc}"
        where = f"program {key}" + (f", clause {clause}" if clause else "")
        message = f"{detail} ({where}); the step was not taken"
        if span is not None:
            problem = span.problem(message)
        else:
            problem = Problem(f"<{key}>", 0, 0, message)
        return RulesError(problem, key, clause)

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


class _Unrecorded(list):
    """A log that keeps nothing."""

    __slots__ = ()

    def append(self, event):
        pass


class QuietMachine(Machine):
    """A machine that records no log - its events are not even built (for playouts).

    The game it plays is the same: the log is write-only while a step runs.
    """

    __slots__ = ()

    def __init__(self, rules, fields: dict, frames: list | None = None):
        super().__init__(rules, fields, frames)
        self.events = _Unrecorded()

    def log(self, clause, kind, *args, to=-1):
        pass
