"""DSL programs and expressions as Python source, compiled once at load time.

The compiler (:mod:`.compiler`) checks a program and writes each expression as a
:class:`Source`: a Python expression over ``m`` (the running machine) and ``env``
(the program's bound names), in which every function, constant and check the DSL
refers to is a name in one namespace (:class:`Namespace`). This module turns those
texts into Python functions:

* :meth:`Namespace.closure` - an expression alone, as ``fn(machine) -> value``
  (parameter domains, preconditions, a ``choose``'s options and chooser);
* :func:`program_function` - a whole program as one function over its instructions,
  run by :meth:`~tortuga_rules.dsl.machine.Machine.run`.

A program keeps its instruction numbering: the function is a loop over the program's
basic blocks, dispatched on the instruction number ``pc``, so a paused frame (program
id, ``pc``, bound names) means exactly what it meant before and saved games are
unchanged. A block begins at the program's start, at every jump target, after every
jump, after every verb call (a verb may push programs or pause the step, and the
frame resumes after it) and after every ``choose``.

No text of a rules file is ever pasted into the source: names and literal values
reach it only through :func:`repr` (DSL names are identifiers, literals are numbers
and strings), and everything else is a generated global name. The namespace starts
with the runtime names generated code uses: ``_failed`` (:class:`StepFailed`),
``_tortuga`` (errors that pass through unchanged), ``_halt`` (the signal of a game that
ended), ``_budget``, ``_max_ticks`` and ``_max_events`` (the step's budget).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .instructions import Call, Choose, Instruction, Jump, JumpIfNot, Let

__all__ = ["Source", "Namespace", "program_function", "DONE", "PUSHED", "STOPPED",
           "StepFailed"]

#: What a program function returns: its program ran to the end (pop its frame) ...
DONE = None
#: ... it started another program (run that one first; this frame resumes later) ...
PUSHED = False
#: ... or the step is over: a decision is pending or the game ended.
STOPPED = True


class StepFailed(Exception):
    """A program's statement at ``pc`` raised ``error`` (the machine locates it)."""

    def __init__(self, pc: int, error: BaseException):
        super().__init__(pc, error)
        self.pc = pc
        self.error = error


@attrs.frozen
class Source:
    """A Python expression's text; ``env`` if it reads the program's bound names."""

    text: str
    env: bool = False
    #: the same expression as a tree of plain tuples, for the native engine (see
    #: :mod:`tortuga_rules.game.native`): ``("lit", value)``, ``("env", name)``,
    #: ``("call", word, args)``, ``("op", op, a, b)``, ``("cmp", op, a, b)``, ``("in", a, b)``,
    #: ``("and"|"or", parts)``, ``("not", a)``, ``("neg", a)``, ``("list", items)``,
    #: ``("index", seq, i)``, ``("at", seq, i)`` (a loop's own item), ``("len", a)``,
    #: ``("check", type, what, a)``
    ir: object = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def literal(cls, value: Any) -> Source:
        """A number, a string, ``True``, ``False`` or ``None``, written out."""
        return cls(repr(value), ir=("lit", value))


class Namespace:
    """The globals generated code refers to: each object once, under a generated name."""

    def __init__(self, runtime: dict[str, Any]) -> None:
        self.names: dict[str, Any] = {"__builtins__": {"len": len, "bool": bool, "Exception": Exception},
                            **runtime}
        self._by_id: dict[int, str] = {}

    def ref(self, obj: object, hint: str = "g") -> str:
        """The global name under which generated code reaches ``obj``."""
        name = self._by_id.get(id(obj))
        if name is None:
            name = f"_{hint}{len(self.names)}"
            self.names[name] = obj
            self._by_id[id(obj)] = name
        return name

    def closure(self, src: Source) -> Callable[[Any], Any]:
        """``src`` as a function of the machine alone."""
        body = f"    env = m.env\n    return {src.text}" if src.env else f"    return {src.text}"
        fn = self.define("_expr", f"def _expr(m):\n{body}\n", "expression")
        fn.ir = src.ir  # what the native engine evaluates instead
        closure: Callable[[Any], Any] = fn
        return closure

    def define(self, name: str, text: str, where: str) -> Any:
        """Run the definition ``text`` of function ``name`` in this namespace; the function.

        ``where`` names the code in tracebacks and profiles (``<dsl:card:pistol>``).
        """
        local: dict[str, Any] = {}
        exec(compile(text, f"<dsl:{where}>", "exec"), self.names, local)
        return local[name]


def program_function(key: str, code: tuple[Instruction, ...],
                     ns: Namespace) -> Callable[[Any, list[Any], int], bool | None]:
    """The Python function that runs the program ``code`` from an instruction ``pc``.

    The instructions carry the source text of their expressions (a verb's arguments, a
    ``let``'s value, a conditional jump's test), written for a function whose locals
    are ``m`` and ``env``. The function is ``run(m, fr, pc)``: ``fr`` is the frame
    ``[program, pc, env]``; it returns :data:`DONE`, :data:`PUSHED` or :data:`STOPPED`,
    and raises :class:`StepFailed` with the number of the instruction that failed.
    """
    body = _Writer()
    for start, end in _leaders(code):
        body.put(3, f"if pc == {start}:")
        for pc in range(start, end):
            _instruction(body, pc, code[pc], ns)
    text = _FUNCTION.format(blocks=body.text(), end=len(code))
    run: Callable[[Any, list[Any], int], bool | None] = ns.define("_run", text, key)
    return run


#: A program's function around its blocks (each ``if pc == N:`` at the loop's depth).
_FUNCTION = """\
def _run(m, fr, pc):
    env = fr[2]
    events = m.events
    try:
        while True:
{blocks}\
            if pc >= {end}:
                return None
    except _failed:
        raise
    except _tortuga:
        raise
    except Exception as exc:
        raise _failed(pc, exc) from None
"""


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def put(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def _leaders(code: tuple[Instruction, ...]) -> list[tuple[int, int]]:
    """The program's basic blocks as ``(start, end)`` instruction ranges, in order."""
    starts = {0}
    for pc, ins in enumerate(code):
        if isinstance(ins, (Jump, JumpIfNot)):
            starts.update((ins.target, pc + 1))
        elif isinstance(ins, (Call, Choose)):
            starts.add(pc + 1)
    ordered = sorted(s for s in starts if s < len(code))
    return list(zip(ordered, ordered[1:] + [len(code)]))


def _instruction(w: _Writer, pc: int, ins: Instruction, ns: Namespace) -> None:
    """Write instruction ``pc``; a block's last instruction leaves ``pc`` at what runs next."""
    w.put(4, f"pc = {pc}")
    if isinstance(ins, Call):
        _call(w, pc, ins, ns)
    elif isinstance(ins, Let):
        w.put(4, f"env[{ins.name!r}] = {ins.value}")
        if ins.clause is not None:
            w.put(4, f"events.append(({ins.clause!r}, 'rule', -1))")
        w.put(4, f"pc = {pc + 1}")
    elif isinstance(ins, JumpIfNot):
        w.put(4, f"pc = {pc + 1} if {ins.test} else {ins.target}")
        if ins.target <= pc:
            w.put(4, "continue")
    elif isinstance(ins, Jump):
        target = ins.target
        w.put(4, f"pc = {target}")
        if target <= pc:
            if target < pc:
                _loop_budget(w, pc, target)
            w.put(4, "continue")
    else:  # CHOOSE: the machine binds it, or pauses the step on it
        w.put(4, f"if m._choose(fr, {pc}, {ns.ref(ins, 'ins')}):")
        w.put(5, "return True")
        w.put(4, f"pc = {pc + 1}")


def _call(w: _Writer, pc: int, ins: Call, ns: Namespace) -> None:
    """A verb call; afterwards the frame goes on from where the verb left it (``fr[1]``)."""
    clause = ins.clause
    w.put(4, f"fr[1] = {pc + 1}")
    w.put(4, f"m.clause = {clause!r}")
    if clause is not None:
        w.put(4, f"events.append(({clause!r}, 'rule', -1))")
    args = "".join(", " + text for text in ins.args)
    w.put(4, f"r = {ns.ref(ins.fn, 'verb')}(m{args})")
    w.put(4, "if r is not None:")
    w.put(5, "if r is _halt:")
    w.put(6, "m.frames.clear()")
    w.put(5, "return True")
    w.put(4, "if not m.frames or m.frames[-1] is not fr:")
    w.put(5, "return False")
    w.put(4, "pc = fr[1]")
    w.put(4, f"if pc <= {pc}:")
    w.put(5, "continue")


def _loop_budget(w: _Writer, pc: int, target: int) -> None:
    """A jump back: count the instructions it may run again, as the machine's budget does."""
    w.put(4, f"m.ticks += {pc - target + 1}")
    w.put(4, "if m.ticks > _max_ticks or len(events) > _max_events:")
    w.put(5, "raise _budget()")

