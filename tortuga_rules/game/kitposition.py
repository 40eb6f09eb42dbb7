"""Scenario positions of a game written with the component kit (the Tortuga dice game).

A position names the tracks, counters and zones that matter; everything else comes from
the seeded setup (its ``setup`` program). The game is then set going - its ``play``
program starts, with the position's ``random`` outcomes fixed in advance - up to its first
decision. Tokens a position puts in a zone are taken from the zones it does not name
(bags first) and what they replace goes back to its bag, and a seat's dice come from its
other dice zones, so the game keeps every token exactly once; every mistake is a located problem.
"""

from __future__ import annotations

from collections import Counter

from ..dsl.machine import Machine
from ..errors import TortugaError, did_you_mean
from .invariants import problems as position_problems
from ..model.kit import Kit
from ..model.rng import seed_state
from ..model.state import GameState, decode_value

__all__ = ["build_kit_position"]

_WHERE = ("position",)


def build_kit_position(rules, players: int, seed: int, pos: dict, smap, problems: list,
                       path=None) -> GameState | None:
    """The start of a kit game's scenario; ``None`` (and located problems) if it is wrong."""
    kit: Kit = rules.tables["kit"]
    f = _set_up(rules, players, seed)
    zones = list(f["zones"])
    _tracks(kit, f, pos.get("tracks", {}), smap, problems)
    _counters(kit, f, pos.get("counters", {}), smap, problems)
    named = _zones(kit, players, zones, pos.get("zones", {}), smap, problems)
    _rebalance(kit, players, zones, named, smap, problems)
    if problems:
        return None
    f["zones"] = tuple(zones)
    f["rigged"] = tuple((k, decode_value(v, {})) for k, v in pos.get("random", ()))
    m = Machine(rules, f)
    m.push(rules.programs["play"], dict(kit.lists))
    try:
        m.run()
    except TortugaError as exc:
        problems.append(smap.problem(_WHERE, f"the game cannot go on from here: {exc}"))
        return None
    state = m.freeze()
    for text in position_problems(state, scenario=True):
        problems.append(smap.problem(_WHERE, f"impossible position: {text}"))
    return state


def _set_up(rules, players: int, seed: int) -> dict:
    """The fields after the seeded setup program, before the game is set going."""
    kit: Kit = rules.tables["kit"]
    f = {
        "rules": rules, "ruleset": rules.id, "players": players, "decision": None,
        "frames": (), "rng": seed_state(seed), "rigged": (), "outcome": None, "events": (),
        "step": -1,
        "tracks": tuple(tuple(t.start for t in kit.tracks) for _ in range(players)),
        "counters": tuple(v for _, v in kit.counters),
        "zones": tuple(z.start for z, _ in kit.slots(players)),
        "held": (None,) * players, "shown": (None,) * players,
    }
    if "setup" in rules.programs:
        m = Machine(rules, f)
        m.push(rules.programs["setup"], dict(kit.lists))
        m.run(settle=False)  # the setup alone: the play program is set going later
        f = m.f
        f["events"], f["frames"] = (), ()
    return f


def _seat(key, players: int, path, smap, problems) -> int | None:
    seat = int(key)
    if not 0 <= seat < players:
        problems.append(smap.problem(path, f"no seat {seat} in a {players}-player game"))
        return None
    return seat


def _tracks(kit: Kit, f: dict, given: dict, smap, problems):
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


def _counters(kit: Kit, f: dict, given: dict, smap, problems):
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


def _zones(kit: Kit, players: int, zones: list, given: dict, smap, problems) -> set:
    """Put the tokens the position names in their zones; the slots it named."""
    named: set = set()
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


def _tokens(kit: Kit, z, tokens: list, path, smap, problems):
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


def _rebalance(kit: Kit, players: int, zones: list, named: set, smap, problems):
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
