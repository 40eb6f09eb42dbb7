"""Game records: a game from its start, and what each seat saw of it.

A :class:`GameRecord` keeps every state of a game and who took which action to reach
each one. It is what a table keeps, and what three questions of a front end are
answered from:

* :func:`history` - everything one seat saw since the start, in order: the events
  :func:`~tortuga_rules.game.view.view` showed it at each step, never more;
* :func:`reveal` - once the game is over, the whole log, private events included
  (an explicit call: the end of a game is when a table turns its cards up);
* :func:`undo` - a seat takes back its last decision, as far as nothing hidden has
  been shown to anyone since (a rowboat move, yes; a View, a revealed card, a vote
  card drawn, a vote counted or decided by the deck's top card, dice brought out from
  behind a screen, no); otherwise :class:`UndoError` says why not. What a step showed
  is derived from the views (:func:`reveals`).

A record is an immutable value like a state; :meth:`GameRecord.to_data` writes it as
JSON (``schema/record.schema.json``) with the start state, the moves and each step's
log, and :meth:`GameRecord.from_data` plays it again, refusing one whose log or
outcome the moves do not reproduce. A record holds the full states: it is the
referee's, like a save.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ..data.loader import load_ruleset
from ..data.identity import check_document
from ..errors import ArgumentError, IllegalActionError, RulesError, SaveGameError, UndoError
from ..model.actions import Action
from ..model.fields import shows, state_fields
from ..model.state import GameState
from .arguments import Unchecked, check_names, require_seat, require_state
from .transition import apply_action
from .determinize import determinize
from ..model.events import LogEvent
from .view import PUBLIC, seen_events, view

__all__ = ["GameRecord", "history", "public_history", "reveal", "reveals", "undo", "RECORD_FORMAT",
           "step_log", "check_log", "reveals"]

#: A move of a record: ``(seat, action)``.
Move = tuple[int | None, Action]

#: Version tag of a game record's JSON.
RECORD_FORMAT = "tortuga-rules/record/1"


@attrs.frozen
class GameRecord:
    """Every state of a game from its start, and each move: ``(seat, action)``.

    ``states[0]`` is the start; ``moves[i]`` led from ``states[i]`` to ``states[i + 1]``.
    """

    states: tuple[GameState, ...]
    moves: tuple[Move, ...] = ()

    @classmethod
    def start(cls, state: Unchecked) -> GameRecord:
        """A record that begins at ``state`` (a new game, or any position)."""
        return cls((require_state(state, "GameRecord.start"),))

    @property
    def state(self) -> GameState:
        """The current state: the last one."""
        return self.states[-1]

    def play(self, action: Unchecked, *, seat: Unchecked) -> GameRecord:
        """The record with ``seat``'s ``action`` applied (refused as by ``apply_action``)."""
        new = apply_action(self.state, action, seat=seat)
        return GameRecord(self.states + (new,), self.moves + ((seat, action),))

    # -- JSON ----------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data (``schema/record.schema.json``)."""
        first, last = self.states[0], self.states[-1]
        return {
            "format": RECORD_FORMAT,
            "ruleset": first.rules.id,
            "ruleset_hash": first.rules.hash,
            "players": first.players,
            "start": first.to_data(),
            "moves": [{"seat": s, "action": a.to_data()} for s, a in self.moves],
            "log": [step_log(s) for s in self.states],
            "outcome": None if last.outcome is None else last.outcome.to_data(),
        }

    @classmethod
    def from_data(cls, data: Any, ruleset: Any) -> GameRecord:
        """Play a record's moves again from its start state under ``ruleset``.

        Raises :class:`~tortuga_rules.errors.SaveGameError` if the data is not a record
        (checked against the schema), its start is not a reachable position, a move is
        not legal for its seat, or the log or outcome it records is not what it gives.
        """
        rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        check_document(data, "record", RECORD_FORMAT, rules)
        record = cls.start(GameState.from_data(data["start"], rules))
        for i, move in enumerate(data["moves"]):
            try:
                record = record.play(Action.from_data(move["action"]), seat=move["seat"])
            except IllegalActionError as exc:
                raise SaveGameError(f"record move {i + 1}: {exc}") from None
        check_log(data["log"], data["outcome"], record.states, "record")
        return record


def step_log(state: GameState, seat: int | None = None, words: Any = None) -> list[dict[str, Any]]:
    """The events of the step that led to ``state`` that ``seat`` may see, as data (as
    :func:`~tortuga_rules.game.view.seen_events`)."""
    return seen_events(state, seat, words)


def check_log(recorded: Any, outcome: Any, states: Sequence[GameState], what: str) -> None:
    """Refuse, with :class:`SaveGameError`, a recorded log or outcome ``states`` do not give."""
    for step, (want, state) in enumerate(zip(recorded, states)):
        got = step_log(state)
        if want != got:
            raise SaveGameError(f"the {what} does not reproduce its log at step {step}: "
                                f"recorded {len(want)} events, replayed {len(got)}"
                                + _first_difference(want, got))
    if len(recorded) != len(states):
        raise SaveGameError(f"the {what} records the log of {len(recorded)} steps; its "
                            f"actions play {len(states)}")
    final = states[-1]
    got_outcome = None if final.outcome is None else final.outcome.to_data()
    if outcome != got_outcome:
        raise SaveGameError(f"the {what} does not reproduce its outcome: recorded "
                            f"{outcome!r:.200}, got {got_outcome}")


def _first_difference(want: list[Any], got: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return f"; event {i + 1}: recorded {a!r:.120}, replayed {b!r:.120}"
    return ""


def _require_record(record: Unchecked, what: str) -> GameRecord:
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"{what}() takes a GameRecord, not {type(record).__name__}")
    return record


def history(record: Unchecked, seat: Unchecked, lang: str | None = None,
            names: Unchecked = None) -> list[dict[str, Any]]:
    """Everything ``seat`` saw since the record's start, in order, as event data.

    Each event carries ``"step"``: the index of the state its step led to (0: the
    setup). These are exactly the events ``view(state, seat)`` showed at each state;
    with ``lang``, each also has its sentence in that language as ``"text"``, as
    ``view(state, seat, lang=...)`` gives it.
    """
    _require_record(record, "history")
    require_seat(record.state, seat, "history")
    return _log(record, seat, lang, names)


def public_history(record: Unchecked, lang: str | None = None,
                   names: Unchecked = None) -> list[dict[str, Any]]:
    """Everything a spectator saw since the record's start: the public events only (as
    :func:`history`, and as :func:`~tortuga_rules.game.view.public_view` shows them)."""
    _require_record(record, "public_history")
    return _log(record, PUBLIC, lang, names)


def reveal(record: Unchecked, lang: str | None = None, names: Unchecked = None) -> list[dict[str, Any]]:
    """The whole log of a finished game, private events included (as :func:`history`).

    Raises :class:`UndoError` while the game is still being played.
    """
    _require_record(record, "reveal")
    if not record.state.is_terminal:
        raise UndoError("the game is not over: the whole log is shown at its end", "not-over")
    return _log(record, None, lang, names)


def _log(record: GameRecord, seat: int | None, lang: str | None,
         names: Unchecked = None) -> list[dict[str, Any]]:
    """The events ``seat`` (None: the referee) may see, each with the step that logged it
    (its sentences naming the seats ``names``, as :func:`~tortuga_rules.game.view.view`)."""
    rules = record.state.rules
    narrator = rules.game.narrator
    names = check_names(names, record.state.players)
    words = (None if lang is None or narrator is None
             else narrator(rules, lang=lang, names=names))
    return [{"step": i, **e} for i, s in enumerate(record.states)
            for e in step_log(s, seat, words)]


def undo(record: Unchecked, seat: Unchecked) -> GameRecord:
    """The record without ``seat``'s last decision, if nothing hidden was shown since.

    Refused with :class:`UndoError` saying why: the seat has made no decision, another
    seat has decided since (their decision is theirs to take back), or a step since
    the decision showed something hidden to someone (:func:`reveals`). The reasons
    name steps and public facts only.
    """
    _require_record(record, "undo")
    require_seat(record.state, seat, "undo")
    mine = [i for i, (s, _) in enumerate(record.moves) if s == seat]
    if not mine:
        raise UndoError(f"seat {seat} has no decision to take back", "no-move")
    last = mine[-1]
    if last + 1 < len(record.moves):
        other = record.moves[last + 1][0]
        raise UndoError(f"seat {other} has decided since (step {last + 2}); seat {seat}'s "
                        f"decision can only be taken back after theirs", "moved-since", other)
    why = reveals(record.states[last], record.states[last + 1], record.moves[last])
    if why:
        raise UndoError(f"step {last + 1} cannot be taken back: {why}", "shown")
    return GameRecord(record.states[:last + 1], record.moves[:last])


def _shape(value: Any, top: bool = True) -> Any:
    """What anyone can tell of a hidden value: its tuples' sizes and which items are
    missing (None); a number standing alone (the random generator) as it is."""
    if isinstance(value, tuple):
        return tuple(_shape(v, False) for v in value)
    if value is None or (top and type(value) is int):
        return value
    return type(value).__name__


#: How many worlds :func:`reveals` plays a step again in, for each seat.
WORLDS = 16

#: Why a step that a seat would have seen end otherwise in a world it could not tell from
#: the real one cannot be taken back.
SHOWN = "it showed something hidden (what was seen after it depends on what was hidden)"


def reveals(before: GameState, after: GameState, move: Move, *,
            worlds: bool = True) -> str | None:
    """Why the step ``move`` (``(seat, action)``) from ``before`` to ``after`` showed
    something hidden to some seat (None: it did not). ``worlds=False`` reads the cheap
    signs only (below): a step they pass may still be found to show something by the
    worlds (rarely: 0 of 180 such steps of Tortuga 1667 at 4 players, 2 of 145 of the dice
    game), at a hundredth of the cost - a server says with it whether to offer an undo,
    and checks fully when one is asked for.

    A step shows a seat something new when what that seat sees after it is not what it
    could have foretold from what it saw before: derived from the views themselves, for
    every game alike. For each seat, the step is played again from :data:`WORLDS` worlds
    the seat cannot tell from ``before`` (:func:`~tortuga_rules.game.determinize.determinize`,
    fixed seeds: the draw depends on what the seat sees only); if the seat's view after
    the step differs in any of them - a card turned up and put back, a screen lifted, a
    count that depends on hidden cards, a house rule's new zone - the step showed it
    something. A world where the move is not legal (it depends on the mover's own hidden
    cards) says nothing about that seat and is passed over.

    Cheaper signs come first, read from the field declarations: an event logged to one
    seat (or the referee) only, a change of a hidden field declared with ``shows`` (the
    random generator; in Tortuga 1667 a deck, the row, a look, a loyalty card) - judged by
    its shape, how many items each of its tuples holds and which are empty, never which
    cards it holds - a vote's cards turned up, and the end of the game (every hidden fact
    is turned up). Every answer is a function of the views, so it is the same in every
    position a seat cannot tell apart (up to the worlds drawn: with :data:`WORLDS` of them,
    a step that shows one of twenty unseen cards goes unnoticed with a chance below
    20**-16).
    """
    declared = _declared(before, after)
    if declared or not worlds:
        return declared
    return _derived(before, after, move)


def _declared(before: GameState, after: GameState) -> str | None:
    """What the field declarations and the log say the step showed (None: nothing)."""
    for e in map(LogEvent.of, after.events):
        if not e.public:
            return ("it showed something to one seat only" if e.to >= 0
                    else "it decided something only the referee knows")
    for field in state_fields(type(after)):
        why = shows(field)
        if why and _shape(getattr(before, field.name)) != _shape(getattr(after, field.name)):
            return why
    vote = getattr(after, "vote", None)
    if vote is not None and vote.revealed and (
            before.vote is None or before.vote.revealed != vote.revealed):
        return "vote cards were turned up"
    if after.outcome is not None:
        return "the game ended and every hidden card was turned up"
    return None


def _derived(before: GameState, after: GameState, move: Move) -> str | None:
    """:data:`SHOWN` if some seat would see the step end otherwise in a world it cannot
    tell from ``before`` (see :func:`reveals`)."""
    seat, action = move
    if before.rules.game.determinize is None:
        return SHOWN  # no way to draw the worlds: nothing can be vouched for
    record = bool(after.events)
    for watcher in range(before.players):
        seen = view(after, watcher)
        for k in range(WORLDS):
            world = determinize(before, watcher, k)
            try:
                then = apply_action(world, action, seat=seat, record=record)
            except IllegalActionError:
                continue  # the move rests on what this seat cannot see (the mover's hand)
            except RulesError:
                return SHOWN  # the step would have failed: that it did not says something
            if view(then, watcher) != seen:
                return SHOWN
    return None
