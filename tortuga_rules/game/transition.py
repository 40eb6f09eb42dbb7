"""State transitions: the state after the current player's decision.

Votes are collected as a sequence of secret decisions, one per participant; a card
that needs a choice halfway through stops with a pending decision, and its
continuation is part of the next state.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..dsl.machine import Machine, QuietMachine
from ..errors import IllegalActionError
from ..model.actions import Action, typed_key
from ..model.notation import shown
from ..model.rng import below
from ..model.state import Decision, GameState
from . import backed, native
from .arguments import Unchecked, require_state
from .legality import legal_actions, why_not

__all__ = ["apply_action", "apply_timeout", "TIMEOUT", "check_legal", "check_seat", "start",
           "legal_position", "action_index"]

#: The action a front end applies for a seat whose time ran out (rules with a ``timer``).
TIMEOUT = Action("timeout")


def apply_action(state: Unchecked, action: Unchecked, *, seat: Unchecked = None,
                 record: Unchecked = True) -> GameState:
    """The state after the current player takes ``action``.

    With ``record=False`` the new state's log (``events``) is empty and is not built,
    for playouts; the game is the same, and the cited log of that step is always
    ``apply_action(state, action).events``.

    ``seat`` is who acts: an action by a seat whose decision the game is not waiting for
    is refused, saying only that (clause ``decision.seat``) - nothing of the pending
    choice. Raises :class:`~tortuga_rules.errors.IllegalActionError` (with a reason that
    leaks nothing hidden) if ``action`` is not legal; ``state`` is never changed.
    """
    require_state(state, "apply_action")
    if seat is not None:
        check_seat(state, seat, action)
    if isinstance(action, Action) and action.kind == TIMEOUT.kind and action == TIMEOUT:
        return apply_timeout(state, record=bool(record))
    position = backed.held(state)
    if position is not None:  # the native engine plays this game
        legal = legal_actions(state)
        at = action_index(legal, action)
        if at is not None:
            after = backed.stepped(state, position, at, bool(record))
            if after is not None:
                return after
        # refused, or a step the native engine fails: the reference says why
    check_legal(state, action, seat)
    m = (Machine if record else QuietMachine).for_step(state)
    if start(m, state.decision, action):
        m.run()
    return m.freeze()


def check_legal(state: GameState, action: Unchecked, seat: Unchecked = None) -> None:
    """Refuse ``action`` with the reason, clause and remedy, unless it is legal now.

    ``seat`` is who acts (None: not known), for what the refusal may tell them.
    """
    legal = legal_actions(state)
    if any(a is action for a in legal):
        return  # the very object legal_actions gave (the search bots' case): nothing to check
    if action not in legal:
        reason, clause, remedy = why_not(state, action, seat=seat)
        raise IllegalActionError(reason, action, clause, remedy)
    if not _same_types(action, legal):
        raise IllegalActionError(
            f"'{shown(action, state.rules)}' is not legal now: it names a kind of thing this "
            "decision does not take (a place, chest spot, seat and number may share a number)",
            action, None,
            "send an action from legal_actions(state), or parse its text with Action.parse")


def _same_types(action: Any, legal: tuple[Any, ...]) -> bool:
    """Whether a legal action equal to ``action`` also names the same kinds of thing (a
    place is not the chest spot or the seat of the same number)."""
    return legal_position(legal, action) is not None


def action_index(legal: tuple[Any, ...], action: Any) -> int | None:
    """Where ``action`` stands in ``legal``: the very object (the usual case, found
    natively by identity where the native engine is built), or an equal action naming the
    same kinds of thing; None if it is not legal."""
    at = native.index_of(legal, action)
    if at is not None:
        return at
    try:
        at = legal.index(action)
    except ValueError:
        return None
    if legal[at] is action:
        return at
    return legal_position(legal, action)


def legal_position(legal: tuple[Any, ...], action: Any) -> int | None:
    """Where in ``legal`` the action equal to ``action`` and naming the same kinds of thing
    stands, or None."""
    if not isinstance(action, Action):
        return None
    key = typed_key(action)
    for i, a in enumerate(legal):
        if a == action and typed_key(a) == key:
            return i
    return None


def start(m: Machine, d: Decision, action: Action) -> bool:
    """Begin the step that answers decision ``d`` with the legal ``action`` in ``m``.

    True if programs are now pushed for :meth:`Machine.run`; False if the step is
    already complete (a vote card that is not the last one).
    """
    kind = d.kind
    if kind == "action":
        rules = m.rules
        act = rules.action_by_id[action.kind]
        m.f["decision"] = None
        m.log(act.clause, "action", d.seat, action)
        env = dict(action.args)
        env["actor"] = d.seat
        m.push(rules.programs["builtin:finish-action"], {})
        m.push(act.program, env)
    elif kind == "choose":
        m.resume_choice(action.args[0][1])
    else:  # a decision of the game's own kind (Tortuga 1667's vote cards)
        answered: bool = m.rules.game.answer(m, d, action)
        return answered
    return True


def check_seat(state: GameState, seat: Unchecked, action: Unchecked = None) -> None:
    """Refuse, saying only that, an action by ``seat`` when the decision is not theirs."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise IllegalActionError(f"no seat {seat!r} in a {state.players}-player game", action,
                                 None, f"act as a seat from 0 to {state.players - 1}")
    d = state.decision
    if d is None:
        raise IllegalActionError("the game is over", action, None,
                                 "nothing: no action is legal once the game has ended")
    if d.seat != seat:
        raise IllegalActionError(f"it is not seat {seat}'s decision", action, "decision.seat",
                                 "wait until the game asks you")


def apply_timeout(state: Unchecked, *, record: Unchecked = True) -> GameState:
    """The state after the seat the game waits for ran out of time, by the ruleset's timer.

    Only rules with a ``timer`` (the ``timer`` variant: "if no action is declared in time
    the player must View 2; a forced chooser who runs out has the choice made by the forcing
    player") take it. A turn's action becomes the timer's ``on_timeout`` action (View),
    its values drawn at random by the game, or any legal action drawn at random when that
    one is not legal; a choice made for another player's action (the forced player's pick)
    passes to that action's player when ``forced_chooser`` is ``forcing-player``; any other
    decision is drawn at random (docs/readings.md T1). The draw uses the game's own random
    generator, so the same state times out the same way. The log cites the timer's clause.
    """
    require_state(state, "apply_timeout")
    record = bool(record)
    timer = state.rules.timer
    d = state.decision
    if not timer:
        raise IllegalActionError("these rules have no timer", TIMEOUT, None,
                                 "play with the timer variant to time decisions out")
    if d is None:
        raise IllegalActionError("the game is over", TIMEOUT, None,
                                 "nothing: no action is legal once the game has ended")
    clause = timer.get("clause", "turn.timer")
    event = (clause, "timeout", -1, d.seat)
    forcer = _forcing_player(state, d)
    if forcer is not None and timer.get("forced_chooser") == "forcing-player":
        passed: GameState = state._evolve(
            decision=attrs.evolve(d, seat=forcer),
            events=(event, (clause, "choice-passed", -1, d.seat, forcer)) if record else (),
            step=state.step + 1)
        return passed
    legal = legal_actions(state)
    wanted = [a for a in legal if a.kind == timer.get("on_timeout")] if d.kind == "action" else []
    pool = wanted or legal
    rng, i = below(state.rng, len(pool))
    after = apply_action(state._evolve(rng=rng), pool[i], record=record)
    return after._evolve(events=(event,) + after.events) if record else after


def _forcing_player(state: GameState, d: Decision) -> int | None:
    """The player whose action asks ``d``'s seat to choose (a Force), or None."""
    if d.kind != "choose" or not state.frames:
        return None
    actor = dict(state.frames[-1].env).get("actor")
    return actor if isinstance(actor, int) and actor != d.seat else None
