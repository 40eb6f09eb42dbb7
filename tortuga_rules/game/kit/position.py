"""Scenario positions of a game written with the component kit (the Tortuga dice game).

A position names the tracks, counters and zones that matter; everything else comes from
the seeded setup (its ``setup`` program, with the position's ``setup_random`` outcomes
fixed in advance). The game is then set going - its ``play`` program starts, from its
beginning or ``at`` the statement a clause id names (:mod:`.entry`) with the ``names`` it
holds there, and with the position's ``random`` outcomes fixed in advance - up to its first
decision. Tokens a position puts in a zone are taken from the zones it does not name
(bags first) and what they replace goes back to its bag, and a seat's dice come from its
other dice zones, so the game keeps every token exactly once; every mistake is a located
problem, and what the program would start afresh that the position may mean to keep is a
warning.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import FunctionType
from typing import Any, cast

from ...data.ruleset import Ruleset
from ...data.yamlsource import DocPath, Locator
from ...dsl.compiler import Program
from ...dsl.machine import Machine
from ...dsl.values import has_type
from ...errors import Problem, TortugaError, did_you_mean
from ..entry import Entry, entered, find_entry, single_binding
from ..invariants import problems as position_problems
from ..savegame import saved_position
from ...model.kit import Kit, ZoneDef
from ...model.rng import seed_state
from ...model.state import GameState, decode_value

__all__ = ["build_kit_position"]

_WHERE = ("position",)
#: The keys of a kit game's position (a saved game's stands alone).
KEYS = ("tracks", "counters", "zones", "random", "setup_random", "at", "names", "saved")


def build_kit_position(rules: Ruleset, players: int, seed: int, pos: dict[str, Any],
                       smap: Locator, problems: list[Problem], path: Path,
                       warnings: list[Problem] | None = None) -> GameState | None:
    """The start of a kit game's scenario; ``None`` (and located problems) if it is wrong.

    ``warnings`` takes, located, what the position leaves the play program to start afresh
    that it may mean to keep (dice placed while others are still to be rolled), and names
    it gives that the program does not read where it starts."""
    kit: Kit = rules.tables["kit"]
    for key in pos:
        if key not in KEYS:
            problems.append(smap.problem(_WHERE + (key,), f"{key!r} is no position key of "
                                         f"{rules.name}{did_you_mean(key, KEYS)}; its keys "
                                         f"are {', '.join(KEYS)}"))
        elif key != "saved" and "saved" in pos:
            problems.append(smap.problem(_WHERE + (key,), f"{key!r} cannot go with saved: the "
                                                          "saved game is the whole position"))
    if "saved" in pos:
        state = saved_position(rules, players, pos, smap, problems, path)
        return None if problems else state
    f = _set_up(rules, players, seed, _outcomes(pos.get("setup_random", ())), smap, problems)
    if f is None:
        return None
    zones = list(f["zones"])
    _tracks(kit, f, pos.get("tracks", {}), smap, problems)
    _counters(kit, f, pos.get("counters", {}), smap, problems)
    named = _zones(kit, players, zones, pos.get("zones", {}), smap, problems)
    _rebalance(kit, players, zones, named, smap, problems)
    if problems:
        return None
    f["zones"] = tuple(zones)
    f["rigged"] = _outcomes(pos.get("random", ()))
    m = Machine(rules, f)
    warnings = [] if warnings is None else warnings
    if not _start_play(m, kit, pos, smap, problems, warnings):
        return None
    if "at" not in pos:
        warnings.extend(_restarted(kit, players, zones, named, smap))
    try:
        m.run()
    except TortugaError as exc:
        problems.append(smap.problem(_WHERE, f"the game cannot go on from here: {exc}"))
        return None
    state = m.freeze()
    for text in position_problems(state, scenario=True):
        problems.append(smap.problem(_WHERE, f"impossible position: {text}"))
    return state


def _outcomes(raw: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((k, decode_value(v, {})) for k, v in raw)


def _set_up(rules: Ruleset, players: int, seed: int, rigged: tuple[tuple[str, Any], ...],
            smap: Locator, problems: list[Problem]) -> dict[str, Any] | None:
    """The fields after the seeded setup program (its random outcomes ``rigged`` fixed in
    advance), before the game is set going; None (and a problem) if the setup fails."""
    kit: Kit = rules.tables["kit"]
    f: dict[str, Any] = {
        "rules": rules, "ruleset": rules.id, "players": players, "decision": None,
        "frames": (), "rng": seed_state(seed), "rigged": rigged, "outcome": None,
        "events": (), "step": -1,
        "tracks": tuple(tuple(t.start for t in kit.tracks) for _ in range(players)),
        "counters": tuple(v for _, v in kit.counters),
        "zones": tuple(z.start for z, _ in kit.slots(players)),
        "held": (None,) * players, "shown": (None,) * players,
    }
    where = _WHERE + ("setup_random",)
    if "setup" not in rules.programs:
        if rigged:
            problems.append(smap.problem(where, f"{rules.name} has no setup program"))
        return f
    m = Machine(rules, f)
    m.push(rules.programs["setup"], dict(kit.lists))
    try:
        m.run(settle=False)  # the setup alone: the play program is set going later
    except TortugaError as exc:
        problems.append(smap.problem(where, f"the setup cannot be played so: {exc}"))
        return None
    f = m.f
    if f["rigged"]:
        problems.append(smap.problem(where, "fixed setup outcomes never drawn: "
                                            f"{[list(r) for r in f['rigged']]}"))
    f["events"], f["frames"], f["rigged"] = (), (), ()
    return f


def _start_play(m: Machine, kit: Kit, pos: dict[str, Any], smap: Locator,
                problems: list[Problem], warnings: list[Problem]) -> bool:
    """Put the play program on the machine: from its beginning, or ``at`` a tagged statement
    with the names it holds there; False (and problems) if that cannot be."""
    play = m.rules.programs["play"]
    env = dict(kit.lists)
    if "at" not in pos:
        if "names" in pos:
            problems.append(smap.problem(_WHERE + ("names",), "names are what the play program "
                                                              "holds 'at' a statement: say at"))
            return False
        m.push(play, env)
        return True
    entry = find_entry(play, pos["at"])
    if isinstance(entry, str):
        problems.append(smap.problem(_WHERE + ("at",), entry))
        return False
    m.env = env
    _names(m, play, entry, pos, env, smap, problems, warnings)
    m.frames.append([*entered(play, entry), env])
    return not problems


def _names(m: Machine, play: Program, entry: Entry, pos: dict[str, Any], env: dict[str, Any],
           smap: Locator, problems: list[Problem], warnings: list[Problem]) -> None:
    """Bind in ``env`` the names the program reads from ``entry`` on: those the position
    gives (``names``, each of its type), else by the one ``let`` that binds them when it
    reads only the position; a name needed and not found is a problem, one given but not
    read a warning."""
    types = dict(play.bound)
    given = pos.get("names", {})
    for name, raw in given.items():
        where = _WHERE + ("names", name)
        value = decode_value(raw, {})
        if name not in types:
            problems.append(smap.problem(where, f"the play program has no name {name!r}"
                                                f"{did_you_mean(name, types)}"))
        elif not has_type(m, value, types[name]):
            problems.append(smap.problem(where, f"{name} holds {types[name]}, not {raw!r:.60}"))
        else:
            env[name] = value
            if name not in entry.needs:
                warnings.append(smap.problem(where, f"the play program does not read {name} "
                                                    f"from {pos['at']} on (it binds it first): "
                                                    "what is given here is not used"))
    for name in entry.needs:
        if name not in env and name not in given and not _worked_out(m, play, name, env):
            problems.append(smap.problem(_WHERE + ("at",), f"the play program reads {name!r} "
                                         f"from {pos['at']} on: say what it holds there "
                                         f"(names: {{{name}: ...}})"))


def _worked_out(m: Machine, play: Program, name: str, env: dict[str, Any]) -> bool:
    """Bind ``name`` by the one ``let`` that binds it, if it reads only the position."""
    ins = single_binding(play, name)
    if ins is None:
        return False
    try:
        # the let's own value, as the program's function computes it: its text, in its namespace
        namespace = cast(FunctionType, play.run).__globals__  # the generated function's module
        env[name] = eval(ins.value, namespace, {"m": m, "env": env})  # noqa: S307
    except Exception:  # noqa: BLE001 - a value that cannot be worked out is asked for instead
        return False
    return True


def _restarted(kit: Kit, players: int, zones: list[tuple[Any, ...]], named: set[int],
               smap: Locator) -> list[Problem]:
    """A warning when the position places dice while others are still to be rolled: the
    play program, started from its beginning, counts the round afresh."""
    slots = kit.slots(players)
    placed = any(i in named and toks and not z.start for i, ((z, _), toks)
                 in enumerate(zip(slots, zones)) if z.dice)
    rolling = any(toks and z.start for (z, _), toks in zip(slots, zones) if z.dice)
    if not (placed and rolling):
        return []
    return [smap.problem(_WHERE + ("zones",),
                         "dice are already placed while others are still to be rolled, but "
                         "the play program starts from its beginning: what it has counted of "
                         "the round so far (such as how many rolls were made) starts afresh; "
                         "to go on mid-round, start 'at' a tagged statement with the 'names' "
                         "the program holds there")]


def _seat(key: Any, players: int, path: DocPath, smap: Locator,
          problems: list[Problem]) -> int | None:
    seat = int(key)
    if not 0 <= seat < players:
        problems.append(smap.problem(path, f"no seat {seat} in a {players}-player game"))
        return None
    return seat


def _tracks(kit: Kit, f: dict[str, Any], given: dict[str, Any], smap: Locator,
            problems: list[Problem]) -> None:
    rows = [list(r) for r in f["tracks"]]
    names = [t.name for t in kit.tracks]
    for key, spaces in given.items():
        seat = _seat(key, len(rows), _WHERE + ("tracks", key), smap, problems)
        for name, space in spaces.items():
            path = _WHERE + ("tracks", key, name)
            if name not in names:
                problems.append(smap.problem(path, f"no track {name!r}{did_you_mean(name, names)}"))
                continue
            t = kit.tracks[names.index(name)]
            if not t.low <= space <= t.high:
                problems.append(smap.problem(path, f"{name} runs from {t.low} to {t.high}"))
            elif seat is not None:
                rows[seat][names.index(name)] = space
    f["tracks"] = tuple(tuple(r) for r in rows)


def _counters(kit: Kit, f: dict[str, Any], given: dict[str, Any], smap: Locator,
              problems: list[Problem]) -> None:
    values = list(f["counters"])
    names = [n for n, _ in kit.counters]
    for name, value in given.items():
        if name not in names:
            problems.append(smap.problem(_WHERE + ("counters", name),
                                         f"no counter {name!r}{did_you_mean(name, names)}"))
            continue
        low, high = kit.counter_range(name, f["players"])
        if type(value) is not int or not low <= value <= high:
            problems.append(smap.problem(_WHERE + ("counters", name),
                                         f"counter {name} takes {low}..{high} in a "
                                         f"{f['players']}-player game, not {value!r:.40}"))
        else:
            values[names.index(name)] = value
    f["counters"] = tuple(values)


def _zones(kit: Kit, players: int, zones: list[tuple[Any, ...]], given: dict[str, Any],
           smap: Locator, problems: list[Problem]) -> set[int]:
    """Put the tokens the position names in their zones; the slots it named."""
    named: set[int] = set()
    names = [z.name for z in kit.zones]
    for name, spec in given.items():
        path = _WHERE + ("zones", name)
        if name not in names:
            problems.append(smap.problem(path, f"no zone {name!r}{did_you_mean(name, names)}"))
            continue
        z = kit.zone(name)
        if z.per_seat != isinstance(spec, dict):
            problems.append(smap.problem(path, f"{name} is {'each seat' if z.per_seat else 'a shared'}"
                                               f" zone: give {'its tokens by seat' if z.per_seat else 'a list'}"))
            continue
        items = spec.items() if z.per_seat else [(None, spec)]
        for key, tokens in items:
            seat = None if key is None else _seat(key, players, path + (key,), smap, problems)
            if key is not None and seat is None:
                continue
            slot = kit.slot(name, seat, players)
            value = _tokens(kit, z, tokens, path, smap, problems)
            if value is not None:
                zones[slot] = value
                named.add(slot)
    return named


def _tokens(kit: Kit, z: ZoneDef, tokens: list[Any], path: DocPath, smap: Locator,
            problems: list[Problem]) -> tuple[Any, ...] | None:
    if not z.dice:
        return tuple(sorted(tokens)) if z.bag else tuple(tokens)
    out = []
    for letter_side in tokens:
        if not isinstance(letter_side, list) or letter_side[0] not in kit.faces:
            problems.append(smap.problem(path, f"a die is [letter, side] with a letter of "
                                               f"{''.join(kit.faces)}, not {letter_side!r}"))
            return None
        letter, side = letter_side
        try:
            out.append((letter, kit.face_of(letter, side)))
        except ValueError as exc:
            problems.append(smap.problem(path, str(exc)))
            return None
    return tuple(out)


def _rebalance(kit: Kit, players: int, zones: list[tuple[Any, ...]], named: set[int],
               smap: Locator, problems: list[Problem]) -> None:
    """Take what the named zones now hold from the zones not named (bags first), and put
    back into its bag what they no longer hold, so that every token and die is in the game
    once."""
    slots = kit.slots(players)
    want = Counter(t for z, _ in slots if not z.dice for t in z.start)
    have = Counter(t for (z, _), toks in zip(slots, zones) if not z.dice for t in toks)
    order = sorted((i for i, (z, _) in enumerate(slots) if i not in named and not z.dice),
                   key=lambda i: not slots[i][0].bag)
    for token, extra in (have - want).items():
        for i in order:
            while extra and token in zones[i]:
                cur = list(zones[i])
                cur.remove(token)
                zones[i] = tuple(cur)
                extra -= 1
        if extra:
            problems.append(smap.problem(_WHERE + ("zones",),
                                         f"more {token!r} than the game has ({want[token]})"))
    for token, missing in (want - have).items():  # what the named zones replaced: back
        home = [i for i in order if slots[i][0].bag and token in slots[i][0].start]
        if home:
            zones[home[0]] = tuple(sorted(zones[home[0]] + (token,) * missing))
    for seat in range(players):
        mine = [i for i, (z, o) in enumerate(slots) if z.dice and o == seat]
        placed = [d[0] for i in mine if i in named for d in zones[i]]
        if len(placed) != len(set(placed)):
            problems.append(smap.problem(_WHERE + ("zones",), f"seat {seat} has a die twice"))
        for i in mine:
            if i not in named:
                zones[i] = tuple(d for d in zones[i] if d[0] not in placed)
