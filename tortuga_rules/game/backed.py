"""States backed by a native position: the public API on the native engine.

``apply_action`` on the native engine does not copy the position it reaches into Python
values: the new :class:`~tortuga_rules.model.state.GameState` holds ``rules``,
``ruleset``, ``players`` and a :class:`Position` - the native game at that position -
and reads its other fields from it the first time they are asked for (see
``GameState.__getattr__``). Stepping on from such a state copies the native game and
plays the step natively; ``legal_actions`` lists the native game's actions. A caller who
reads every field pays about what the reference engine costs; one who only steps pays
what the native engine does. Any thread may read or step such a state (the note on
threads in ``native/src/py/rules.rs``).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Callable

from ..model.rng import seed_state
from ..model.state import Decision, GameState, Outcome
from . import native

if TYPE_CHECKING:
    from .._native import NativeGame
    from ..data.ruleset import Ruleset
    from ..model.actions import Action

__all__ = ["Position", "new_game", "held", "listing", "actions", "stepped"]


class Position:
    """The native game at a state's position (never stepped in place: each step is
    played on a copy), and the state it was stepped from, while that one lives (its
    fields, once read, are shared by this state's where equal, as the reference's
    successive states share them)."""

    __slots__ = ("game", "parent")

    def __init__(self, game: NativeGame, parent: weakref.ref[GameState] | None = None) -> None:
        self.game = game
        self.parent = parent  # a weak reference to the state stepped from, or None

    def field(self, name: str) -> tuple[Decision | Outcome | int | None] | None:
        """``(value,)`` of a field read on its own (the decision, the outcome, the step
        number), or None: read them all. (Never the log: a state holding its ``events``
        has been read in full.)"""
        if name == "decision":
            d = self.game.decision
            return (None if d is None else Decision(*d),)
        if name == "outcome":
            return (native.outcome(self.game),)
        if name == "step":
            return (self.game.step_number,)
        return None

    def fields(self, rules: Ruleset) -> dict[str, Any]:
        """Every field of the state at this position, as the reference holds them."""
        f = native.fields(self.game, rules)
        parent = None if self.parent is None else self.parent()
        if parent is not None and "events" in parent.__dict__:
            _share(f, parent.__dict__)
        return f


def _share(fields: dict[str, Any], old: dict[str, Any]) -> None:
    """Put ``old``'s values in ``fields`` wherever they are equal, down through tuples of
    the same length (a hand of each seat), so that a state read in keeps only what
    changed, as the reference's successive states do."""
    for k, v in fields.items():
        was = old.get(k)
        if was is not None:
            fields[k] = _shared(was, v)


def _shared(was: Any, new: Any) -> Any:
    """``was`` if it equals ``new`` (and is of its type), else ``new`` with the equal parts
    of ``was`` put in."""
    if was is new or type(was) is not type(new):
        return new
    if was == new:
        return was
    if type(new) is tuple and len(new) == len(was):
        return tuple([_shared(a, b) for a, b in zip(was, new)])
    return new


def new_game(rules: Ruleset, players: int, seed: int) -> GameState | None:
    """A new game dealt by the native engine (its setup for the game, natively: Tortuga
    1667's or the component kit's), or None where it has none - then the game's own setup
    deals."""
    made = native.native_rules(rules)
    if made is None:
        return None
    try:
        game = made.new_game(players, seed_state(seed), True)
    except (ValueError, native.NATIVE_FAILURES):  # no native setup, or it fails: the
        return None  # reference deals (and says why it fails)
    return _backed(rules.game.state, rules, rules.id, players, Position(game))


def _backed(state_class: type[GameState], rules: Ruleset, ruleset: str, players: int,
            position: Position) -> GameState:
    """A state of ``state_class`` backed by ``position``, its other fields read when
    asked."""
    f = {"rules": rules, "ruleset": ruleset, "players": players, "_native": position}
    if not position.game.is_terminal:
        f["outcome"] = None  # what a loop asks after every step, known without reading
    state: GameState = state_class._from_fields(f)
    return state


def held(state: GameState) -> Position | None:
    """The native position behind ``state`` - opened now if the state has none and the
    native engine plays its rules - or None: the reference plays."""
    d = state.__dict__
    position: Position | None = d.get("_native")
    if position is not None:
        return position
    game = native.open_game(state)
    if game is None:
        return None
    position = d["_native"] = Position(game)
    return position


def listing(game: NativeGame,
            choices: Callable[[str, tuple[Any, ...]], tuple[Action, ...]]) -> tuple[Action, ...]:
    """The legal actions of the native ``game``: none once it is over, the reference's
    ``choices(name, options)`` for a choice (which it remembers), else the native engine's
    (raising its failure where a house rule's listing fails)."""
    kind = game.decision_kind
    if kind is None:
        return ()
    if kind == "choose":
        d = game.decision
        assert d is not None  # a choice is pending
        return choices(d[2], d[3])
    return native.actions(game)


def actions(position: Position, choices: Callable[[str, tuple[Any, ...]], tuple[Action, ...]]
            ) -> tuple[Action, ...] | None:
    """:func:`listing` at the native position, or None where the reference should list
    them (a failing house rule: the reference says where it fails)."""
    try:
        return listing(position.game, choices)
    except native.NATIVE_FAILURES:
        return None


def stepped(state: GameState, position: Position, at: int, record: bool) -> GameState | None:
    """The state after legal action number ``at`` of ``state``, played by the native
    engine, or None where its step fails (the reference then says why)."""
    try:
        game = position.game.stepped(at, record)
    except native.NATIVE_FAILURES:
        return None
    d = state.__dict__
    after = _backed(type(state), d["rules"], d["ruleset"], d["players"],
                    Position(game, weakref.ref(state)))
    if "events" in d:  # a state read in full, stepped from: it gives its position up
        del d["_native"]  # (kept, it would double what a record of read states holds)
    return after
