"""Where a program is entered: a statement named by its clause, and the names it needs there.

A component-kit game's ``play`` program runs from its first statement; a rules lawyer's
position may start it at a later one instead - the chest phase, the scoring - named by the
clause id its statement is tagged with. :func:`find_entry` gives the instruction the
machine starts at and the names the program reads from there before it binds them.

The entry is the statement's first instruction, moved back to the start of the outermost
``for`` or ``repeat`` around it (their hidden counters are nothing a position can say, so
such a loop runs whole: every seat's turn of it). The machine starts a frame only where a
block of instructions begins; where the entry is inside one (after a run of ``let`` s),
:func:`entered` gives the program with that run's first instruction made a jump to it.
"""

from __future__ import annotations

from types import FunctionType
from typing import Any

import attrs

from ..dsl.codegen import Namespace, program_function
from ..dsl.compiler import Program
from ..dsl.instructions import JUMP, Call, Choose, Instruction, Jump, JumpIfNot, Let, clause_of
from ..errors import did_you_mean

__all__ = ["Entry", "find_entry", "entered", "single_binding"]

@attrs.frozen
class Entry:
    """Where a program is entered: the instruction, and the names it reads from there
    before binding them (besides those the program is started with)."""

    pc: int
    needs: tuple[str, ...]  # sorted names
    #: where the block the entry is in begins (``pc`` itself when a block begins there)
    block: int = 0


def find_entry(program: Program, clause: str) -> Entry | str:
    """The entry of ``program`` at the first statement tagged ``clause``; or, when no
    statement is, what to say."""
    code = program.code
    target = next((pc for pc, ins in enumerate(code) if clause_of(ins) == clause), None)
    if target is None:
        tagged = sorted({c for c in map(clause_of, code) if c})
        return (f"no statement of the program {program.key} is tagged {clause!r}"
                f"{did_you_mean(clause, tagged)}; its tagged statements: {', '.join(tagged)}")
    around = [start for start, end in _loops(code) if start < target < end]
    pc = min(around, default=target)
    leaders = _leaders(code)
    block = pc
    while block not in leaders:
        block -= 1
    given = {name for name, _ in program.entry}
    return Entry(pc, tuple(sorted(_live(program)[pc] - given)), block)


def entered(program: Program, entry: Entry) -> tuple[Program, int]:
    """``(program, pc)`` to start a frame at ``entry``: ``program`` itself, or, where the
    entry is inside a block, a copy whose block begins with a jump to it (the same
    instructions otherwise, so a frame it pauses means what it means in ``program``)."""
    if entry.block == entry.pc:
        return program, entry.pc
    code = list(program.code)
    code[entry.block] = Jump(JUMP, entry.pc)
    ns = Namespace({})
    assert isinstance(program.run, FunctionType)  # a compiled program's own function
    ns.names = dict(program.run.__globals__)  # what the instructions' texts refer to
    run = program_function(program.key, tuple(code), ns)
    ir = program.ir[:entry.block] + (None,) + program.ir[entry.block + 1:]
    return attrs.evolve(program, code=tuple(code), run=run, ir=ir), entry.block


def single_binding(program: Program, name: str) -> Let | None:
    """The one ``let`` instruction that binds ``name``, if it is bound by exactly one and
    its value reads no name but those the program is started with; else None."""
    lets = [i for i, ins in enumerate(program.code) if isinstance(ins, (Let, Choose))
            and ins.name == name]
    if len(lets) != 1:
        return None
    ins = program.code[lets[0]]
    given = {n for n, _ in program.entry}
    return ins if isinstance(ins, Let) and _reads(program.ir[lets[0]]) <= given else None


def _loops(code: tuple[Instruction, ...]) -> list[tuple[int, int]]:
    """``(start, exit)`` of each ``for`` and ``repeat``: its first instruction binds its
    hidden counter, named after where it stands; its test jumps to the exit."""
    out = []
    for pc, ins in enumerate(code):
        if isinstance(ins, Let) and ins.name in (f"_for{pc}", f"_repeat{pc}"):
            test = code[pc + 2] if ins.name.startswith("_for") else code[pc + 1]
            assert isinstance(test, JumpIfNot)  # how the compiler writes a loop
            out.append((pc, test.target))
    return out


def _leaders(code: tuple[Instruction, ...]) -> set[int]:
    """The instructions a basic block starts at (where the machine can start a frame)."""
    out = {0}
    for pc, ins in enumerate(code):
        if isinstance(ins, (Jump, JumpIfNot)):
            out.update((ins.target, pc + 1))
        elif isinstance(ins, (Call, Choose)):
            out.add(pc + 1)
    return out


def _next(code: tuple[Instruction, ...], pc: int) -> tuple[int, ...]:
    ins = code[pc]
    if isinstance(ins, Jump):
        return (ins.target,)
    if isinstance(ins, JumpIfNot):
        return (pc + 1, ins.target)
    return (pc + 1,)


def _reads(tree: Any) -> frozenset[str]:
    """The names an instruction's expression trees read (``("env", name)`` nodes)."""
    if not isinstance(tree, tuple) or not tree:
        return frozenset()
    if tree[0] == "env" and len(tree) == 2 and isinstance(tree[1], str):
        return frozenset((tree[1],))
    if tree[0] == "lit":
        return frozenset()
    return frozenset().union(*map(_reads, tree))


def _live(program: Program) -> list[frozenset[str]]:
    """For each instruction, the names read from there on before they are bound."""
    code = program.code
    n = len(code)
    uses = [_reads(program.ir[i]) for i in range(n)]
    binds = [ins.name if isinstance(ins, (Let, Choose)) else None for ins in code]
    live: list[frozenset[str]] = [frozenset()] * (n + 1)
    changed = True
    while changed:
        changed = False
        for i in reversed(range(n)):
            after = frozenset().union(*(live[j] for j in _next(code, i) if j <= n))
            now = uses[i] | (after - {binds[i]})
            if now != live[i]:
                live[i], changed = now, True
    return live
