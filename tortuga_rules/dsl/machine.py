"""The machine that runs compiled programs over a step's work area.

:class:`Machine` is a :class:`~tortuga_rules.procedures.workspace.Workspace` that
can also run the frames pushed onto it: it runs program frames until the game
needs a decision or ends, then :meth:`~Workspace.freeze` gives the next state.

A program is a flat tuple of instructions made by :mod:`tortuga_rules.dsl.compiler`
(typed records, :mod:`tortuga_rules.dsl.instructions`: ``Call``, ``Let``, ``Choose``,
``JumpIfNot``, ``Jump``), and one Python function generated from them
(:mod:`tortuga_rules.dsl.codegen`) that the machine calls with the frame and the
instruction to start at. The instructions are what a paused frame's position counts and
what a saved game's checks read; the machine itself runs a ``Choose`` (with its two
closures), and so do a saved game's checks.

A verb returns ``None`` to go on, :data:`SUSPEND` when it has set a pending
decision (the frames are saved in the state), or :data:`HALT` when the game ended.

A step is bounded: it may run at most :data:`MAX_INSTRUCTIONS` instructions (counted,
as an upper bound, when a frame starts or a loop jumps back) and log at most
:data:`MAX_EVENTS` events. Over budget, or when a program fails (``1 // 0``, a value
that is no seat), :meth:`Machine.run` raises a
:class:`~tortuga_rules.errors.RulesError` located at the statement.
"""

from __future__ import annotations

from typing import Any, Iterator

from ..errors import Problem, RulesError, TortugaError
from ..model.state import Frame
from ..procedures.workspace import HALT, SUSPEND, Workspace
from .codegen import DONE, STOPPED, StepFailed
from .instructions import (CALL, CHOOSE, JUMP, JUMP_IF_NOT, LET, OPCODES, SECRET_ALWAYS, Choose,
                           clause_of)
from .operations import MAX_OPTIONS

__all__ = ["Machine", "QuietMachine", "SUSPEND", "HALT", "CALL", "LET", "CHOOSE",
           "JUMP_IF_NOT", "JUMP", "OPCODES", "MAX_INSTRUCTIONS", "MAX_EVENTS", "Budget",
           "BUDGET_TEXT", "INTERNAL_TEXT", "NOTHING_TO_CHOOSE", "failure_detail", "step_failure",
           "unsettled_text"]

#: The most instructions one step (one decision answered, or the setup) may run.
MAX_INSTRUCTIONS = 100_000
#: The most events one step may log.
MAX_EVENTS = 10_000


class Budget(Exception):
    """A step ran over :data:`MAX_INSTRUCTIONS` or :data:`MAX_EVENTS`."""


class Machine(Workspace):
    """A step's work area that runs the DSL programs pushed onto its frame stack.

    ``ticks`` counts the instructions the step may have run so far (the budget).
    """

    __slots__ = ("ticks",)

    # -- running -------------------------------------------------------------------

    def run(self, settle: bool = True) -> None:
        """Run frames until the stack is empty, a decision is pending, or the game ends.

        Raises :class:`~tortuga_rules.errors.RulesError`, located at the statement, if a
        program fails or the step exceeds :data:`MAX_INSTRUCTIONS` or :data:`MAX_EVENTS`;
        and, unless ``settle`` is false (a setup program run alone), located at the last
        statement of the program that ended last, if every program ended with no decision
        pending and the game not over (a position nobody can play on).
        """
        frames = self.frames
        events = self.events
        self.ticks = 0
        ended = None  # the frame that ended last
        while frames:
            fr = frames[-1]
            pc = fr[1]
            try:
                if type(fr) is Frame:
                    fr = frames[-1] = self._thaw(fr)
                program = fr[0]
                self.env = fr[2]
                self.ticks += len(program.code) - pc  # at most this many before it ends or loops
                if self.ticks > MAX_INSTRUCTIONS or len(events) > MAX_EVENTS:
                    raise Budget()
                done = program.run(self, fr, pc)
            except StepFailed as failed:
                raise self._failure(fr, failed.pc, failed.error) from None
            except TortugaError:
                raise
            except Exception as exc:
                raise self._failure(fr, pc, exc) from None
            if done is DONE:
                ended = frames.pop()
            elif done is STOPPED:
                return
        if settle and self.f["decision"] is None and self.f["outcome"] is None:
            raise _unsettled(ended[0] if ended is not None else None)

    def _choose(self, fr: list[Any], pc: int, ins: Choose) -> bool:
        """Run a ``choose``: bind it if it has one option; True if it must wait.

        A choose among no options fails (:data:`NOTHING_TO_CHOOSE`): one with an ``else``
        is compiled to test its options first and never gets here with none, and one
        ``secretly always`` is asked among ``[none]``."""
        env = fr[2]
        options = tuple(ins.options(self))
        if len(options) > MAX_OPTIONS:
            raise ValueError(f"a choice of {len(options):,} options (at most {MAX_OPTIONS:,})")
        if ins.secret == SECRET_ALWAYS:  # asked whatever the options, so none leaks out
            fr[1] = pc
            self.decide(ins.chooser(self), "choose", ins.name, options or (None,), ins.clause)
            return True
        if len(options) == 1:
            env[ins.name] = options[0]
            if ins.secret:
                seat = ins.chooser(self)
                self.log(ins.clause, "auto-choice", ins.name, options[0], to=seat)
            else:
                self.log(ins.clause, "auto-choice", ins.name, options[0])
            return False
        if not options:
            raise ValueError(NOTHING_TO_CHOOSE)
        fr[1] = pc
        self.decide(ins.chooser(self), "choose", ins.name, options, ins.clause)
        return True

    def _failure(self, fr: Any, pc: int, exc: BaseException) -> RulesError:
        """The located error for a program that failed (or ran over budget) at ``pc``
        (``fr``: its frame, running or still frozen)."""
        program = fr[0] if type(fr) is not Frame else None
        key = program.key if program is not None else fr.program
        ins = program.code[pc] if program is not None and 0 <= pc < len(program.code) else None
        # a statement's own tag, never the last clause that ran before it: the same failure
        # is then told alike whatever happened earlier in the step
        clause = clause_of(ins) if ins is not None and ins[0] in (CALL, LET, CHOOSE) \
            else self.clause
        return step_failure(program, key, pc, failure_detail(exc), clause)

    def _thaw(self, frame: Frame) -> list[Any]:
        return [self.rules.programs[frame.program], frame.pc, dict(frame.env)]

    def resume_choice(self, value: Any) -> None:
        """Bind the pending ``choose`` to ``value`` and continue after it."""
        fr = self.frames[-1]
        if type(fr) is Frame:
            fr = self.frames[-1] = self._thaw(fr)
        ins: Choose = fr[0].code[fr[1]]
        fr[2][ins.name] = value
        fr[1] += 1
        seat = self.f["decision"].seat
        if ins.secret:
            self.log(ins.clause, "secret-choice", seat, ins.name)
            self.log(ins.clause, "choice", seat, ins.name, value, to=seat)
        else:
            self.log(ins.clause, "choice", seat, ins.name, value)
        self.f["decision"] = None


def _unsettled(program: Any) -> RulesError:
    """The located error for a step whose programs all ended, ``program`` (None: unknown)
    the last, with no decision pending and the game not over: nobody could play on."""
    key = program.key if program is not None else "step"
    pc = max(len(program.code) - 1, 0) if program is not None else 0
    return step_failure(program, key, pc, unsettled_text(key), None)


def unsettled_text(key: str) -> str:
    """Why a step whose programs all ended, ``key`` the last, with no decision pending and
    the game not over, failed (any engine's)."""
    return (f"the program {key} ended without a decision or finish: the game cannot go "
            "on")


#: Why a ``choose`` without ``else`` among no options failed (any engine's).
NOTHING_TO_CHOOSE = "there is nothing to choose from"

#: Why a step over its budget failed.
BUDGET_TEXT = (f"the step ran over its budget ({MAX_INSTRUCTIONS:,} instructions, "
               f"{MAX_EVENTS:,} logged events): a loop that does not end?")

#: What a statement that failed in a way no word foresaw says (never Python's words).
INTERNAL_TEXT = ("this statement failed in a way the engine does not foresee: an error of "
                 "tortuga_rules, not of the rules as written (please report it)")


def failure_detail(exc: BaseException) -> str:
    """What the located error of a statement that raised ``exc`` says: a word or an operation
    says what is wrong in the rules' own terms with a ValueError (``first of an empty
    list``, ``division by zero``); the budget has its text; anything else is the engine's
    own failure, said as such - a user never reads a Python exception's name."""
    if isinstance(exc, Budget):
        return BUDGET_TEXT
    if isinstance(exc, ValueError):
        return str(exc)
    return INTERNAL_TEXT


def step_failure(program: Any, key: str, pc: int, detail: str,
                 clause: str | None) -> RulesError:
    """The located error for program ``key`` (``program``, if known) failing at instruction
    ``pc`` for the reason ``detail``, in clause ``clause`` (any engine's)."""
    span = program.span_at(pc) if program is not None else None
    text = program.text_at(pc) if program is not None else None
    where = f"program {key}" + (f", clause {clause}" if clause else "")
    message = f"{detail} ({where}); the step was not taken"
    if text and detail != unsettled_text(key):  # a program that ended quotes no statement
        message = f"{text}: {message}"
    if span is not None:
        problem = span.problem(message)
    else:
        problem = Problem(f"<{key}>", 0, 0, message)
    return RulesError(problem, key, clause)


class _Tally:
    """A log that keeps nothing but how many events it was given (what a
    :class:`QuietMachine` logs to): the step's budget counts them as it counts a kept log's."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0

    def append(self, event: tuple[Any, ...]) -> None:
        self.n += 1

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(())


class QuietMachine(Machine):
    """A machine that records no log - its events are not even built (for playouts).

    The game it plays is the same: the log is write-only while a step runs, and the
    events it would hold are counted, so the step's budget (:data:`MAX_EVENTS`) stops the
    same step at the same statement as a machine that keeps its log.
    """

    __slots__ = ("tally",)

    def __init__(self, rules: Any, fields: dict[str, Any],
                 frames: list[Any] | None = None) -> None:
        super().__init__(rules, fields, frames)
        self.tally = _Tally()
        self.events = self.tally

    def log(self, clause: str | None, kind: str, *args: Any, to: int = -1) -> None:
        self.tally.n += 1
