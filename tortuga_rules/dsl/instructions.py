"""A compiled program's flat instructions, as typed records.

:mod:`.compiler` compiles a program into a flat tuple of instructions; the program's
generated function (:mod:`.codegen`) runs them, a paused frame's position counts them and a
saved game's checks, determinisation, the scenario tools and the native engine's
description read them. Each kind of instruction is a ``NamedTuple`` whose first field is
its opcode: it stays the plain tuple it always was (the same equality, the same order of
values, index reads where a hot loop wants them), and every other reader names its fields.

* :class:`Call` ``(CALL, fn, args, clause, verb)`` - run a verb (a tagged statement first
  logs a ``rule`` event citing its clause, then whatever the verb logs);
* :class:`Let` ``(LET, name, value, clause)`` - bind a name;
* :class:`Choose` ``(CHOOSE, name, options, chooser, clause, secret, chooser_name)`` - ask a
  seat to choose (a secret choice's value is logged for the chooser only);
* :class:`JumpIfNot` ``(JUMP_IF_NOT, test, target)`` and :class:`Jump` ``(JUMP, target)`` -
  control flow.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple, Union

__all__ = ["CALL", "LET", "CHOOSE", "JUMP_IF_NOT", "JUMP", "OPCODES", "Call", "Let", "Choose",
           "JumpIfNot", "Jump", "Instruction", "clause_of", "SECRET_ALWAYS"]

CALL, LET, CHOOSE, JUMP_IF_NOT, JUMP = range(5)
#: The instruction codes by name, for the code generator.
OPCODES = {"CALL": CALL, "LET": LET, "CHOOSE": CHOOSE, "JUMP_IF_NOT": JUMP_IF_NOT, "JUMP": JUMP}

#: :attr:`Choose.secret` of a ``choose ... secretly always``: asked whatever the options
#: (among ``[none]`` if there are none), so that nothing leaks out.
SECRET_ALWAYS = 2


class Call(NamedTuple):
    """Run the verb ``verb`` (its function ``fn``) with ``args``, the Python source of its
    arguments (inlined in the program's function); ``clause``: the statement's tag."""

    op: int
    fn: Callable[..., Any]
    args: tuple[str, ...]
    clause: str | None
    verb: str


class Let(NamedTuple):
    """Bind ``name`` to ``value``, the Python source of an expression."""

    op: int
    name: str
    value: str
    clause: str | None


class Choose(NamedTuple):
    """Ask the seat ``chooser`` gives to choose ``name`` among what ``options`` gives (two
    closures over a machine). ``secret``: False, True (``secretly``: the value is logged for
    the chooser only) or :data:`SECRET_ALWAYS`; ``chooser_name``: the name the chooser is
    read from when ``by`` names one (``by s``), else None - determinisation asks what
    another seat of the same loop could have chosen."""

    op: int
    name: str
    options: Callable[[Any], Iterable[Any]]
    chooser: Callable[[Any], Any]
    clause: str | None
    secret: int
    chooser_name: str | None


class JumpIfNot(NamedTuple):
    """Go on to ``target`` unless ``test`` (the Python source of a truth value) holds."""

    op: int
    test: str
    target: int


class Jump(NamedTuple):
    """Go on to ``target``."""

    op: int
    target: int


#: Any one instruction of a program's code.
Instruction = Union[Call, Let, Choose, JumpIfNot, Jump]


def clause_of(ins: Instruction) -> str | None:
    """The clause the statement of ``ins`` is tagged with (None: untagged, or a jump)."""
    if isinstance(ins, (Call, Let, Choose)):
        return ins.clause
    return None
