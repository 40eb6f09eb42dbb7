"""Rollouts: a mutable scratch game for bulk simulation and search bots.

A :class:`Rollout` starts from any :class:`~tortuga_rules.model.state.GameState` and
plays on in place: no state is copied per step, paused programs stay open between
steps, and the cited log is not recorded unless asked for. It runs the same compiled
rules through the same verbs and procedures as :func:`~tortuga_rules.apply_action`
(only the bookkeeping around a step differs), so a rollout and the public API give the
same game, step by step; ``tests/test_rollout.py`` proves it on seeded games.
:meth:`Rollout.state` freezes an immutable state at any point.

Where the native engine is built and runs the rules (:mod:`.native`), a rollout plays on
it: the same compiled rules in Rust, the same game step by step (``tests/test_native.py``
steps both engines in lockstep); ``TORTUGA_RULES_ENGINE=python`` keeps it on the reference.
"""

from __future__ import annotations

import random
from typing import Any

from ..dsl.machine import Machine, QuietMachine
from ..errors import ArgumentError, IllegalActionError, TortugaError
from ..model.state import GameState, Outcome
from ..procedures.workspace import frozen_frames, open_frames
from .arguments import Unchecked, require_state
from . import backed, native
from .legality import choice_actions, legal_actions
from .transition import action_index, check_legal, start

__all__ = ["Rollout"]


class Rollout:
    """A game played in place from ``state``; ``record=True`` keeps each step's log.

    ``engine`` picks the engine: None plays on the native engine where it runs the rules
    (``TORTUGA_RULES_ENGINE=python`` aside), ``"python"`` on the reference - the better
    choice for a rollout read after every step (:attr:`live`: a native position is copied
    into a state each time), such as a one-step look-ahead or a playout policy written in
    Python.

    Use :meth:`legal_actions` and :meth:`apply` as :func:`legal_actions` and
    :func:`apply_action` are used on states; :meth:`state` is the current position as
    an immutable :class:`GameState` (equal to the one the public API reaches, with an
    empty log unless recording). ``state`` itself is never changed. A step that fails
    with a :class:`~tortuga_rules.errors.RulesError` (a house rule's mistake) leaves the
    rollout unusable - start again from the last frozen state.
    """

    __slots__ = ("_f", "_frames", "_view", "_record", "_broken", "_native", "_rules",
                 "_actions")

    _f: dict[str, Any]  # the fields (Python engine); where it started and its log (native engine)
    _frames: list[Any]  # the paused programs (Python engine)
    _view: Any  # the live fields read as a state (Python engine); the starting state (native)
    _native: Any  # the native engine's game (None: the reference plays)
    _actions: tuple[Any, ...] | None  # the native game's legal actions, once asked

    def __init__(self, state: Unchecked, *, record: Unchecked = False, engine: Unchecked = None):
        self._actions = None
        self._frames = []
        self._broken = False
        if isinstance(state, _NativeWorld):  # of_native: a game already in the native engine
            self._rules, self._native, self._record = state.rules, state.game, False
            self._f = {"step": state.game.step_number}
            self._view = None  # no state: no log led here
            return
        require_state(state, "Rollout")
        if engine not in (None, "python", "native"):
            raise ArgumentError(f"engine must be 'python' or 'native' (or None: the default), "
                                f"not {engine!r:.40}")
        self._rules = state.rules
        # None: the reference plays (asked for, or the native engine cannot)
        self._native = None if engine == "python" else native.open_game(state, bool(record))
        self._record = bool(record)
        if self._native is not None:
            # the native game holds the position; kept here: the step it started at, and
            # the state (its log is read only if asked for: reading a native-backed
            # state's fields costs more than a short game's steps)
            self._f = {"step": self._native.step_number}
            self._view = state
            return
        f = state._plain()
        self._f = f
        self._frames = list(f["frames"])
        self._view = f["rules"].game.state._from_fields(f)

    @classmethod
    def of_native(cls, game: Any, rules: Any) -> "Rollout":
        """A rollout playing on ``game``, a native engine's game of ``rules`` (a world drawn
        natively: see ``Knowledge.sample_game``)."""
        return cls(_NativeWorld(game, rules))

    @property
    def rules(self) -> Any:
        """The compiled rules the game is played under."""
        return self._rules

    @property
    def native_game(self) -> Any:
        """The native engine's game this rollout plays (None on the reference engine)."""
        self._usable()
        return self._native

    @property
    def engine(self) -> str:
        """The engine this rollout plays on: ``"native"`` or ``"python"``."""
        return "python" if self._native is None else "native"

    @property
    def current_player(self) -> int | None:
        """The seat whose decision the game waits for; ``None`` once it is over."""
        if self._native is not None:
            seat: int | None = self._native.current_player
            return seat
        d = self._f["decision"]
        return None if d is None else d.seat

    @property
    def is_terminal(self) -> bool:
        """True once the game has ended."""
        if self._native is not None:
            over: bool = self._native.is_terminal
            return over
        return self._f["outcome"] is not None

    @property
    def outcome(self) -> Outcome | None:
        """The :class:`~tortuga_rules.model.state.Outcome`, or ``None`` while playing."""
        if self._native is not None:
            return native.outcome(self._native)
        outcome: Outcome | None = self._f["outcome"]
        return outcome

    @property
    def events(self) -> tuple[Any, ...]:
        """The log of the last step, as a state's ``events`` (before any step: the log that
        led to the starting state); empty unless recording."""
        self._usable()
        if self._native is not None:
            if self._native.step_number != self._f["step"]:
                return native.events(self._native)
            return self._start_events()
        events: tuple[Any, ...] = self._f["events"]
        return events

    def _start_events(self) -> tuple[Any, ...]:
        """On the native engine, before any step: the log that led to the starting state."""
        start: GameState | None = self._view
        return () if start is None else start.events

    @property
    def live(self) -> GameState:
        """The current position read in place, without a copy: cheap, but it changes with
        the next :meth:`apply` - look at it, never keep it (:meth:`state` is the copy)."""
        self._usable()
        if self._native is not None:
            return self.state()
        view: GameState = self._view
        return view

    def legal_actions(self) -> tuple[Any, ...]:
        """Every action the current player may take now (empty once the game is over)."""
        self._usable()
        if self._native is not None:
            if self._actions is None:
                try:
                    self._actions = backed.listing(self._native, choice_actions)
                except native.NATIVE_FAILURES as exc:
                    # a house rule's parameters or preconditions that fail: located where
                    # they are written, as the reference places them
                    raise native.failure(self._rules, exc) from None
            return self._actions
        return legal_actions(self._view)

    def legal_count(self) -> int:
        """How many actions the current player may take now (0 once the game is over): the
        numbered path's listing. Option ``i`` is ``legal_actions()[i]``, in the same order,
        taken by :meth:`apply_index` - on the native engine no Python object is made."""
        game = self._native
        if game is None or self._broken:  # (the usual case tested inline: it is per step)
            self._usable()
            return len(legal_actions(self._view))
        try:
            count: int = game.option_count()
        except native.NATIVE_FAILURES as exc:
            raise native.failure(self._rules, exc) from None
        return count

    def apply_index(self, index: Unchecked) -> None:
        """Take the current player's legal action number ``index`` (from 0, below
        :meth:`legal_count`; ``legal_actions()[index]``), in place: the numbered path for
        search and agents written in Python. Any other ``index`` is refused with an
        :class:`~tortuga_rules.errors.ArgumentError` (nothing changes)."""
        game = self._native
        if self._broken:
            self._usable()
        if type(index) is not int or index < 0:
            raise self._not_an_index(index)
        if game is None:
            legal = legal_actions(self._view)
            if index >= len(legal):
                raise self._not_an_index(index)
            return self.apply(legal[index])
        self._actions = None
        try:
            game.apply(index)
        except IndexError:
            raise self._not_an_index(index) from None
        except native.NATIVE_FAILURES as exc:
            self._broken = True
            raise native.failure(self._rules, exc) from None

    def _not_an_index(self, index: object) -> ArgumentError:
        """The refusal of an option number that is not one of the legal actions'."""
        count = self.legal_count()
        which = "none is legal now" if count == 0 else f"they are numbered 0 to {count - 1}"
        return ArgumentError(f"apply_index takes the number of a legal action, not "
                             f"{index!r:.40} ({which})")

    def apply(self, action: Unchecked) -> None:
        """Take ``action`` for the current player, in place.

        Raises :class:`~tortuga_rules.errors.IllegalActionError` (nothing changes) if it is
        not legal now.
        """
        self._usable()
        if self._native is not None:
            return self._apply_native(action)
        check_legal(self._view, action)
        f = self._f
        del f["_legal"]
        m = (Machine if self._record else QuietMachine)(f["rules"], f, self._frames)
        try:
            if start(m, f["decision"], action):
                m.run()
        except TortugaError:
            self._broken = True
            raise
        f["events"] = tuple(m.events) if self._record else ()
        f["step"] += 1
        self._frames = open_frames(m.frames) if f["decision"] is not None else []

    def _apply_native(self, action: Unchecked) -> None:
        """:meth:`apply` on the native engine: the action's option number, then the step."""
        game = self._native
        assert game is not None  # called only when the native engine plays
        legal = self.legal_actions()
        at = action_index(legal, action)
        if at is None:
            check_legal(self.state(), action)  # refused with the reference's reason
            return  # pragma: no cover - check_legal refused it
        self._actions = None
        try:
            game.apply(at)
        except native.NATIVE_FAILURES as exc:
            self._broken = True
            raise native.failure(self._rules, exc) from None

    def play_out(self, policy: Unchecked, rnd: Unchecked, depth: Unchecked) -> int:
        """On the native engine: play on by its playout ``policy`` (``"random"``, or a
        game's ``GameKind.native_playout``) for at most ``depth`` decisions, drawing from
        ``rnd`` - a ``random.Random`` or a native :func:`~tortuga_rules.game.native.generator`
        - exactly as the reference policy does; the decisions taken. (Each decision is
        otherwise a call from Python.)"""
        self._usable()
        if self._native is None:
            raise ArgumentError("play_out runs on the native engine; this rollout plays on "
                                "the Python engine")
        known = ("random", self._rules.game.native_playout)
        if not isinstance(policy, str) or policy not in known:
            raise ArgumentError(f"no playout policy {policy!r:.40} for {self._rules.game.name} "
                                f"in the native engine (it has: "
                                f"{', '.join(p for p in known if p)})")
        if type(depth) is not int or not 0 <= depth <= 10**9:
            raise ArgumentError(f"depth must be a whole number from 0, not {depth!r:.40}")
        if not (isinstance(rnd, random.Random) or native.is_generator(rnd)):
            raise ArgumentError("rnd must be a random.Random or a native generator")
        self._actions = None
        try:
            return native.play_out(self._native, policy, rnd, depth)
        except native.NATIVE_FAILURES as exc:
            self._broken = True
            raise native.failure(self._rules, exc) from None

    def state(self) -> GameState:
        """The current position as an immutable state (a copy: playing on leaves it as is)."""
        self._usable()
        if self._native is not None:
            f = native.fields(self._native, self._rules)
            if f["step"] == self._f["step"]:  # no step taken yet: the log that led here
                f["events"] = self._start_events()
            state: GameState = self._rules.game.state._from_fields(f)
            return state
        f = self._f.copy()
        f.pop("_legal", None)
        f["frames"] = frozen_frames(self._frames)
        frozen: GameState = f["rules"].game.state._from_fields(f)
        return frozen

    def _usable(self) -> None:
        if self._broken:
            raise IllegalActionError("this rollout stopped at a failing step; start again from "
                                     "a state frozen before it", None, None,
                                     "make a new Rollout from the last good state")


class _NativeWorld:
    """A position already in the native engine: its game and its rules (for
    :meth:`Rollout.of_native`)."""

    __slots__ = ("game", "rules")

    def __init__(self, game: Any, rules: Any) -> None:
        self.game, self.rules = game, rules
