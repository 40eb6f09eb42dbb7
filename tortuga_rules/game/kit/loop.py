"""The game loop's side of the component kit: setup, per-seat view, position checks, returns.

A game written with the kit (:mod:`tortuga_rules.model.kit`) needs no Python of its own
for these: its equipment is set out from its ``components``, its ``setup`` and ``play``
programs run, and what each seat may see follows each zone's ``seen`` and each state
field's declaration.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ...dsl.machine import Machine
from ...errors import SetupError
from ...data.ruleset import Ruleset
from ...model.kit import LAST_SEAT, Kit, KitState, ZoneDef
from ...model.rng import seed_state
from ...model.state import GameState, encode_value
from ...procedures.kit import winners_of, written
from ..legality import legal_actions
from ..paused import frame_problems
from ..ranges import out_of_range, value_problem
from ..view import PUBLIC, seen_events
from .words import KitNarrator

__all__ = ["setup_kit", "view_kit", "kit_problems", "kit_returns", "kit_heuristic", "kit_side",
           "seat_side", "die_data"]


def setup_kit(rules: Ruleset, players: int, seed: int, **extra: Any) -> GameState:
    """A new game: tracks, counters and zones as the ``components`` set them out, then the
    ``setup`` and ``play`` programs run until the first decision."""
    if extra:
        raise SetupError(f"{rules.name} takes no {', '.join(sorted(extra))}")
    kit: Kit = rules.tables["kit"]
    zones = tuple(z.start for z, _ in kit.slots(players))
    f: dict[str, Any] = {
        "rules": rules, "ruleset": rules.id, "players": players, "decision": None,
        "frames": (), "rng": seed_state(seed), "rigged": (), "outcome": None, "events": (),
        "step": -1,
        "tracks": tuple(tuple(t.start for t in kit.tracks) for _ in range(players)),
        "counters": tuple(v for _, v in kit.counters), "zones": zones,
        "held": (None,) * players, "shown": (None,) * players,
    }
    m = Machine(rules, f)
    m.log(None, "players", players)
    lists = dict(kit.lists)
    m.push(rules.programs["play"], dict(lists))
    if "setup" in rules.programs:
        m.push(rules.programs["setup"], dict(lists))
    m.run()
    return m.freeze()


def die_data(kit: Kit, die: tuple[str, int]) -> dict[str, Any]:
    """A die as a front end shows it: its letter, the side it shows and its number."""
    letter, face = die
    side, pips = kit.faces[letter][face]
    return {"die": letter, "side": side, "pips": pips}


def _tokens(kit: Kit, z: ZoneDef, tokens: tuple[Any, ...]) -> list[Any]:
    return [die_data(kit, t) for t in tokens] if z.dice else list(encode_value(tokens))


def _zones(state: KitState, seat: int | None) -> dict[str, Any]:
    """Each zone as ``seat`` may see it: its tokens, or only how many (or nothing)."""
    kit: Kit = state.rules.tables["kit"]
    if state.outcome is not None:
        seat = None  # the game is over: every token is turned up for the count
    viewer = None if seat is None else (None if seat == PUBLIC else seat)
    out: dict[str, Any] = {}
    for (z, owner), tokens in zip(kit.slots(state.players), state.zones):
        if seat is None or kit.may_see(z, owner, viewer if viewer is not None else -1):
            shown: dict[str, Any] = {"tokens": _tokens(kit, z, tokens), "count": len(tokens)}
        elif z.counted:
            shown = {"count": len(tokens)}
        else:
            shown = {}
        if z.per_seat:
            out.setdefault(z.name, [None] * state.players)[owner] = shown
        else:
            out[z.name] = shown
    return out


def view_kit(state: KitState, seat: int | None, lang: str | None,
             names: Sequence[str] | None = None, choices: bool = True) -> dict[str, Any]:
    """What ``seat`` may know of a kit game's ``state`` (None: the referee, PUBLIC: a
    spectator), as JSON-ready data; with ``lang`` the words players read."""
    rules = state.rules
    kit: Kit = rules.tables["kit"]
    words = None if lang is None else KitNarrator(rules, lang, names)
    n = state.players
    me = None if seat is None or seat == PUBLIC else seat
    out: dict[str, Any] = {
        "game": rules.game.id, "ruleset": state.ruleset, "players": n,
        "seat": None if seat == PUBLIC else seat, "step": state.step,
        "current_player": state.current_player,
        "decision": _decision(state, seat, words, choices),
        "tracks": {t.name: [state.tracks[s][i] for s in range(n)]
                   for i, t in enumerate(kit.tracks)},
        "track_spans": {t.name: [t.low, t.high] for t in kit.tracks},
        # the counters that hold a seat (their range ends at the last seat)
        "seat_counters": [name for name, (_, high) in kit.ranges.items() if high == LAST_SEAT],
        "counters": {name: state.counters[i] for i, (name, _) in enumerate(kit.counters)},
        "zones": _zones(state, seat),
        "shown": list(encode_value(state.shown)),
        "events": seen_events(state, seat, words),
        "outcome": None if state.outcome is None else state.outcome.to_data(),
    }
    out["holding"] = [h is not None for h in state.held]
    mine = state.held[me] if me is not None else None
    if seat is None:
        out["held"] = [None if h is None else encode_value(h[0]) for h in state.held]
    elif mine is not None:
        out["my_held"] = encode_value(mine[0])
    if seat == PUBLIC:
        out["public"] = True
    if words is not None:
        out["lang"] = words.lang
        out["labels"] = words.glossary()
    return out


def _decision(state: KitState, seat: int | None, words: KitNarrator | None,
              choices: bool = True) -> dict[str, Any] | None:
    """The pending decision; its options and choices only for its seat (or the referee),
    and only with ``choices``."""
    d = state.decision
    if d is None:
        return None
    out: dict[str, Any] = {"seat": d.seat, "kind": d.kind, "name": d.name, "clause": d.clause}
    if words is not None:
        procedure = _procedure(state)
        out["prompt"] = words.prompt(d, procedure)
        out["waiting"] = words.waiting(d, procedure)
    if choices and (seat is None or d.seat == seat):
        out["options"] = encode_value(d.options)
        texts = [(a, a.text(state.rules)) for a in legal_actions(state)]
        out["choices"] = [{"action": text, "label": words.option(d.name, a.args[0][1])
                           if words is not None else text} for a, text in texts]
    return out


def _procedure(state: KitState) -> str | None:
    """The rules file's procedure asking the pending decision (``recruit-first``), if a
    procedure asks it."""
    frames = getattr(state, "frames", ())
    program = frames[-1].program if frames else ""
    return program.split(":", 1)[1] if program.startswith("effect:") else None


def kit_problems(state: KitState, scenario: bool) -> list[str]:
    """What is inconsistent in a kit game's position: the shapes of its fields, markers off
    their tracks, counters out of their ranges, secret picks of no declared shape, tokens
    that appeared or vanished (every token the setup set out, and every seat's dice, are
    somewhere, once), the decision, the paused programs and the outcome."""
    kit: Kit = state.rules.tables["kit"]
    n = state.players
    out = []
    if len(state.tracks) != n or any(len(row) != len(kit.tracks) for row in state.tracks):
        out.append(f"tracks must have {len(kit.tracks)} markers for each of {n} seats")
    else:
        for s, row in enumerate(state.tracks):
            for t, space in zip(kit.tracks, row):
                if not (type(space) is int and t.low <= space <= t.high):
                    out.append(f"seat {s}'s marker on {t.name} is at {space!r}, off the track "
                               f"{t.low}..{t.high}")
    if len(state.counters) != len(kit.counters):
        out.append(f"counters must have {len(kit.counters)} values")
    else:
        for (name, _), value in zip(kit.counters, state.counters):
            low, high = kit.counter_range(name, n)
            if not (type(value) is int and low <= value <= high):
                out.append(out_of_range(f"counters/{name}", value, low, high))
    slots = kit.slots(n)
    if len(state.zones) != len(slots):
        out.append(f"zones must have {len(slots)} entries for {n} players")
        return out
    if len(state.held) != n or len(state.shown) != n:
        out.append(f"held and shown must have one entry per seat ({n})")
        return out
    out.extend(_picks(kit, state))
    out.extend(_conservation(kit, slots, state.zones))
    if out:
        return out
    out.extend(_waiting(state))
    if not out:  # the paused programs are checked against a consistent position only
        out.extend(frame_problems(state, bases=("play",)))
    return out


def _picks(kit: Kit, state: KitState) -> list[str]:
    """Each seat's secret pick (held) and revealed one (shown): a shape the rules declare."""
    out = []
    n = state.players
    for field in ("held", "shown"):
        for s, entry in enumerate(getattr(state, field)):
            if entry is None:
                continue
            if field == "held":
                if not (isinstance(entry, tuple) and len(entry) == 1):
                    out.append(f"held/{s}: {written(entry)} is no secret pick "
                               "(null, or [the pick])")
                    continue
                entry = entry[0]
                where = f"held/{s}/0"
            else:
                where = f"shown/{s}"
            problem = value_problem(where, entry)
            if problem is None and not kit.holds(entry, n):
                problem = (f"{where}: {written(entry)} is not a pick of this game "
                           f"({kit.held_words()})")
            if problem:
                out.append(problem)
    return out


def _waiting(state: KitState) -> list[str]:
    """Who the game waits for: nobody once it is over, a paused ``choose`` while it goes on;
    an outcome its scores give."""
    d, o = state.decision, state.outcome
    if o is not None:
        out = []
        if d is not None or state.frames:
            out.append("the game is over but still waits for a decision or a program")
        n = state.players
        if len(o.scores) != n:
            out.append(f"outcome/scores: {len(o.scores)} scores for {n} players")
        elif o.scores:
            if o.winners != winners_of(o.scores):
                out.append(f"outcome/winners: {list(o.winners)} did not win with the scores "
                           f"{list(o.scores)}")
        if o.reason not in state.rules.clauses:
            out.append(f"outcome/reason: {o.reason!r:.60} is no clause of these rules")
        return out
    if d is None:
        return ["the game is not over but waits for nobody"]
    if d.kind != "choose":
        return [f"decision/kind: a {d.kind} decision in a game whose decisions are choices"]
    if not state.frames:
        return ["a choice is awaited but no program is paused at it"]
    return []


def _conservation(kit: Kit, slots: tuple[tuple[ZoneDef, int | None], ...],
                  zones: tuple[tuple[Any, ...], ...]) -> list[str]:
    """Tokens and dice the setup set out, each exactly once somewhere."""
    out = []
    want = Counter(t for z, _ in slots if not z.dice for t in z.start)
    have = Counter(t for (z, _), toks in zip(slots, zones) if not z.dice for t in toks)
    if want != have:
        extra, missing = have - want, want - have
        if extra:
            out.append(f"tokens that were never set out: {dict(sorted(extra.items()))}")
        if missing:
            out.append(f"tokens that are nowhere: {dict(sorted(missing.items()))}")
    owners = sorted({o for _, o in slots if o is not None})
    for (z, o), toks in zip(slots, zones):
        for d in toks if z.dice else ():
            if not (isinstance(d, tuple) and len(d) == 2 and d[0] in kit.faces
                    and type(d[1]) is int):
                where = z.name if o is None else f"seat {o}'s {z.name}"
                return out + [f"{where} holds {written(d)}, not a die ([letter, face])"]
    for s in owners:
        dice = [d for (z, o), toks in zip(slots, zones) if z.dice and o == s for d in toks]
        letters = sorted(d[0] for d in dice)
        if any(z.dice for z, _ in slots) and letters != sorted(kit.dice):
            out.append(f"seat {s} has the dice {''.join(letters)}, not {''.join(kit.dice)}")
        for letter, face in dice:
            if letter in kit.faces and not 0 <= face < len(kit.faces[letter]):
                out.append(f"seat {s}'s die {letter} has no face {face}")
    return out


def kit_returns(state: KitState) -> tuple[float, ...]:
    """Each seat's result: 1 for a winner (a shared win too), 0 otherwise; 0.5 each while
    the game is still going."""
    o = state.outcome
    if o is None:
        return (0.5,) * state.players
    return tuple(1.0 if s in o.winners else 0.0 for s in range(state.players))


def kit_heuristic(state: KitState, seat: int) -> float:
    """How well the game goes for ``seat``, 0..1: its result once over, else 0.5."""
    return kit_returns(state)[seat]


def kit_side(state: KitState, seat: int) -> str:
    """How balance tables group seats: by seat (seat 1 starts the game)."""
    return seat_side(seat)


def seat_side(seat: int) -> str:
    """A kit game's side of ``seat``, which no state changes: the seat itself."""
    return f"seat {seat + 1}"
