"""Determinisation of a component-kit game: a whole state one seat cannot tell from the real one.

What a seat cannot see in a kit game is declared in data - each zone's ``seen``, each
state field's visibility (:mod:`tortuga_rules.model.fields`) - so its determinisation is
generic, drawn from those declarations as TAG's copy-for-player is:

* **tokens** in zones the seat may not see are dealt again among those zones, each zone
  keeping how many tokens of each *family* it holds (a family is the tokens the setup
  set out together, such as the chests of the bag or the treasure tokens), so a chest never
  lands among the treasure tokens; a bag stays sorted;
* **dice** in zones the seat may not see are, for each owner, dealt again among that
  owner's hidden dice zones (each zone keeping its number of dice) and rolled afresh;
* **secret choices** other seats have made and not yet revealed (``held``) are drawn again
  from what they could have chosen with the redrawn dice: the paused ``choose ...
  secretly`` is asked again with its chooser (``by s``) set to each such seat, and one of
  the options taken at random. The paused program's binding of the choice, which still
  holds the last seat's answer, is cleared (it is bound again when the choice is answered);
* another seat's **pending options** are computed again from the redrawn facts (a seat
  choosing among treasure tokens it looks at chooses among the redrawn ones);
* the **random generator** gets a new seed; log events of the last step the seat may not
  see are dropped.

Every pool is put in a fixed order before it is shuffled, so the result depends only on
what the seat knows and on ``rng``. Known limit: secret choices held while the game waits
at anything other than a ``choose ... secretly`` whose chooser is a name are kept as
they are (no bundled game pauses so).
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from ...dsl.instructions import Choose
from ...dsl.machine import Machine
from ...data.ruleset import Ruleset
from ...model.kit import Kit, KitState, ZoneDef
from ...model.state import Frame, GameState
from ..view import visible
from .loop import seat_side

__all__ = ["determinize_kit", "native_sample_kit", "native_sampler_kit"]

#: The zones of a game at its player count: ``((zone, owner or None), ...)``.
Slots = tuple[tuple[ZoneDef, int | None], ...]


def determinize_kit(state: KitState, seat: int, rnd: random.Random) -> GameState:
    """``state`` with what ``seat`` cannot see drawn again with ``rnd`` (see the module)."""
    kit: Kit = state.rules.tables["kit"]
    slots = kit.slots(state.players)
    hidden = [i for i, (z, owner) in enumerate(slots) if not kit.may_see(z, owner, seat)]
    zones = list(state.zones)
    _deal_tokens(slots, zones, [i for i in hidden if not slots[i][0].dice], rnd)
    _roll_dice(kit, slots, zones, [i for i in hidden if slots[i][0].dice], rnd)
    world = state._evolve(zones=tuple(zones), rng=rnd.getrandbits(63),
                          events=tuple(e for e in state.events if visible(e, seat)))
    return _redraw_held(world, seat, rnd)


def native_sample_kit(game: Any, rules: Ruleset, seat: int,
                      generator: Any) -> tuple[Any, tuple[str, ...]]:
    """A world of ``seat``'s knowledge drawn natively from the native game ``game`` of the
    real position (``GameKind.native_sample``): the same draws :func:`determinize_kit`
    makes from the native ``generator`` (``native/src/engine/kit/redraw.rs``), as the
    world's native game and each seat's side. The world starts with no log."""
    world = game.redrawn_kit(seat, generator)
    return world, tuple(seat_side(s) for s in range(world.players))


def native_sampler_kit(rules: Ruleset, seat: int) -> tuple[str, tuple[Any, ...]]:
    """:func:`native_sample_kit` natively, its parameters bound
    (``GameKind.native_sampler``): the native ``NativeSampler.kit``, its sides named as
    :func:`~tortuga_rules.game.kit.loop.seat_side` names them."""
    return "kit", (seat,)


def _families(slots: Slots) -> dict[Any, str]:
    """Token -> its family: tokens the setup put in one zone are one family."""
    family: dict[Any, str] = {}
    for z, _owner in slots:
        for token in z.start:
            family.setdefault(token, z.name)
    return family


def _deal_tokens(slots: Slots, zones: list[tuple[Any, ...]], hidden: list[int],
                 rnd: random.Random) -> None:
    family = _families(slots)
    rows = {i: list(zones[i]) for i in hidden}
    places: dict[Any, list[tuple[int, int]]] = {}  # family -> [(zone index, position)]
    for i, row in rows.items():
        for j, token in enumerate(row):
            places.setdefault(family.get(token, token), []).append((i, j))
    for fam in sorted(places, key=str):
        spots = places[fam]
        pool = sorted((rows[i][j] for i, j in spots), key=repr)
        rnd.shuffle(pool)
        for (i, j), token in zip(spots, pool):
            rows[i][j] = token
    for i, row in rows.items():
        zones[i] = tuple(sorted(row, key=repr)) if slots[i][0].bag else tuple(row)


def _roll_dice(kit: Kit, slots: Slots, zones: list[tuple[Any, ...]], hidden: list[int],
               rnd: random.Random) -> None:
    by_owner: dict[int | None, list[int]] = {}
    for i in hidden:
        by_owner.setdefault(slots[i][1], []).append(i)
    for owner in sorted(by_owner, key=repr):
        where = by_owner[owner]
        letters = sorted(letter for i in where for letter, _face in zones[i])
        rnd.shuffle(letters)
        for i in where:
            k = len(zones[i])
            mine, letters = sorted(letters[:k]), letters[k:]
            zones[i] = tuple((x, rnd.randrange(len(kit.faces[x]))) for x in mine)


def _redraw_held(world: KitState, seat: int, rnd: random.Random) -> GameState:
    """The paused choice, where the game waits, as the redrawn facts make it: other seats'
    unrevealed secret choices drawn again from what they could choose, and another seat's
    pending options computed again (they may come from what ``seat`` cannot see)."""
    if not world.frames or world.decision is None:
        return world
    top = world.frames[-1]
    program = world.rules.programs.get(top.program)
    ins = program.code[top.pc] if program is not None and 0 <= top.pc < len(program.code) \
        else None
    if not isinstance(ins, Choose):
        return world
    m = Machine.for_query(world, {})
    env = dict(top.env)
    changes: dict[str, Any] = {}
    var = ins.chooser_name
    others = [s for s, h in enumerate(world.held) if s != seat and h is not None]
    if ins.secret and var is not None and others:
        held = list(world.held)
        for s in others:
            options = tuple(m.evaluate(ins.options, {**env, var: s})) or (None,)
            held[s] = (options[rnd.randrange(len(options))],)
        changes["held"] = tuple(held)
    d = world.decision
    if d.seat != seat:
        options = tuple(m.evaluate(ins.options, env))
        changes["decision"] = attrs.evolve(d, options=options or (None,))
    if ins.secret and ins.name in env:
        env[ins.name] = None  # the last seat's real answer is still bound here
        changes["frames"] = world.frames[:-1] + (Frame(top.program, top.pc, tuple(env.items())),)
    return world._evolve(**changes) if changes else world
