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
"""

from __future__ import annotations

from ..model.state import Frame
from ..procedures.workspace import HALT, SUSPEND, Workspace

__all__ = ["Machine", "SUSPEND", "HALT", "CALL", "LET", "CHOOSE", "JUMP_IF_NOT", "JUMP"]

CALL, LET, CHOOSE, JUMP_IF_NOT, JUMP = range(5)


class Machine(Workspace):
    """A step's work area that runs the DSL programs pushed onto its frame stack."""

    __slots__ = ()

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
