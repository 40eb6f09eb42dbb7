"""Paused programs of a saved state, checked against the compiled programs they belong to.

A state halfway through a card keeps its paused frames: program id, next instruction
and bound names. A save is trusted with none of it: each frame must stand where the
machine can pause (at the ``choose`` it waits on, or just after a verb that pushed more
work), hold the names its program is given and binds, each of its type, and a pending
choice must be exactly the one its ``choose`` would ask now - same name, chooser,
clause and options, recomputed from the position.
"""

from __future__ import annotations

from typing import Any

from ..dsl.compiler import Program
from ..dsl.instructions import SECRET_ALWAYS, Call, Choose
from ..dsl.machine import Machine
from ..dsl.values import has_type
from ..model.state import Frame, GameState

__all__ = ["frame_problems", "BASES"]


def frame_problems(state: GameState, bases: tuple[str, ...] | None = None) -> list[str]:
    """What is wrong with ``state``'s paused programs and the choice it waits on; ``bases``
    are the programs a stack of them may rest on (default :data:`BASES`, the engine's steps;
    a component-kit game's stack rests on its ``play`` program)."""
    out: list[str] = []
    d = state.decision
    choosing = d is not None and d.kind == "choose"
    if choosing and not state.frames:
        return ["a choice is awaited but no program is paused at it"]
    out.extend(_stack(state, BASES if bases is None else bases))
    m = Machine.for_query(state, {})
    for i, fr in enumerate(state.frames):
        top = i == len(state.frames) - 1
        prog = state.rules.programs.get(fr.program)
        if prog is None:
            out.append(f"unknown program {fr.program!r} in a paused effect")
            continue
        where = f"paused program {fr.program!r}"
        if not 0 <= fr.pc < len(prog.code):
            out.append(f"{where} at an impossible position {fr.pc}")
            continue
        out.extend(_names(m, prog, dict(fr.env), where))
        if top and choosing:
            if not isinstance(prog.code[fr.pc], Choose):
                out.append(f"{where} is not at a choice, but a choice is awaited")
        elif fr.pc and not isinstance(prog.code[fr.pc - 1], Call):
            out.append(f"{where} at {fr.pc}, where programs do not pause")
    if out or not choosing:
        return out
    return _choice(state, m, state.frames[-1])


#: The engine programs a stack of paused programs rests on: the step under way.
BASES = ("builtin:finish-action", "builtin:begin-turn", "builtin:start-play")


def _stack(state: GameState, bases: tuple[str, ...]) -> list[str]:
    """Paused programs rest on the program of the step under way (one of ``bases``), and on
    one only."""
    frames = state.frames
    if not frames:
        return []
    out = []
    if frames[0].program not in bases:
        out.append(f"the paused programs rest on {frames[0].program!r}, not on "
                   + ("the engine's finishing of an action, a turn's start or the setup"
                      if bases == BASES else " or ".join(repr(b) for b in bases)))
    if any(fr.program in bases for fr in frames[1:]):
        out.append("an engine step paused inside another")
    if frames[0].program == "builtin:begin-turn" and dict(frames[0].env).get("seat") != state.turn:
        out.append(f"the turn beginning is not seat {state.turn}'s")
    return out


def _names(m: Machine, prog: Program, env: dict[str, Any], where: str) -> list[str]:
    """The frame's names: those its program is given, those it binds, each of its type."""
    entry, bound = dict(prog.entry), dict(prog.bound)
    out = [f"{where} lacks the name {name!r}" for name in entry if name not in env]
    for name, value in env.items():
        t = entry.get(name) or bound.get(name)
        if t is None:
            out.append(f"{where} holds the unknown name {name!r}")
        elif not has_type(m, value, t):
            out.append(f"{where}: {name} = {value!r:.60} is not {t}")
    return out


def _choice(state: GameState, m: Machine, fr: Frame) -> list[str]:
    """The pending choice is the one the paused ``choose`` asks in this position."""
    d = state.decision
    assert d is not None  # only asked while a choice is awaited
    prog = state.rules.programs[fr.program]
    ins = prog.code[fr.pc]
    assert isinstance(ins, Choose)  # checked by the caller
    env = dict(fr.env)
    m.env = env
    try:
        options = tuple(ins.options(m))
        chooser = ins.chooser(m)
        if fr.program == "builtin:react":
            context = {k: env[k] for k in ("cause", "caller", "place") if k in env}
            options_for = state.rules.vocabulary.internal["answers"]
            answers = options_for(m, env["event"], env["owner"], context)
            if answers != env["answers"]:
                return [f"the answers offered {list(env['answers'])} are not the cards' "
                        f"{list(answers)}"]
    except ValueError as exc:  # a forged name the program cannot work with
        return [f"the paused choice of {fr.program!r} cannot be asked here ({exc!s:.120})"]
    except Exception:  # noqa: BLE001 - the same, where a program fails otherwise
        return [f"the paused choice of {fr.program!r} cannot be asked here (its program "
                f"fails on the names the save gives it)"]
    out = []
    if (d.name, d.clause) != (ins.name, ins.clause):
        out.append(f"the choice awaited ({d.name}, clause {d.clause}) is not the paused "
                   f"program's ({ins.name}, clause {ins.clause})")
    passed = (state.rules.timer.get("forced_chooser") == "forcing-player"
              and env.get("actor") == d.seat)  # the forced player's time ran out
    if chooser != d.seat and not passed:
        out.append(f"seat {d.seat} is to choose {ins.name}, but the program asks seat "
                   f"{chooser!r}")
    if ins.secret == SECRET_ALWAYS:  # asked whatever the options (none: (None,))
        options = options or (None,)
    elif len(options) < 2:
        options = ()
    if not options or tuple(d.options) != options:
        out.append(f"the options of {ins.name} are not those the program offers here")
    return out
