"""One game between bots, fixed by its table.

A game is fixed by its :class:`Table` - the ruleset, the player count, the seed of the
setup and the bots at each seat (each seeded from the game's seed and its seat) - so it
is replayed exactly anywhere: :mod:`~tortuga_rules.lab.workers` plays many of them in
other processes or on Ray and gets the same results.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs

from ..bots import Knowledge, bot_spec, bots_for, make_bot
from ..bots.uniform import RandomBot
from ..data.loader import load_ruleset
from ..game import native
from ..game.transition import apply_action
from ..game.setup import new_game
from ..model.events import LogEvent

__all__ = ["Table", "Result", "play_game", "MAX_STEPS"]

#: Steps after which a game is given up as unfinished (a house rule that never ends).
MAX_STEPS = 20_000


@attrs.frozen
class Table:
    """One game to play: rules (a name, variants, options), players, seed and bots."""

    ruleset: str
    variants: tuple
    options: tuple  # (name, value) pairs
    players: int
    seed: int
    bots: tuple  # a bot spec per seat

    def rules(self):
        return _rules(self.ruleset, self.variants, self.options)


@attrs.frozen
class Result:
    """What a game gave: each seat's side (its game's ``side``: in Tortuga 1667 its team;
    in a game of scores the seat itself) and whether it won, the end and its length."""

    sides: tuple[str, ...]  # each seat's side
    won: tuple[bool, ...]  # per seat: its side won alone (a draw is nobody's win)
    winners: tuple[str, ...]  # the winning sides (more than one: a draw)
    reason: str | None  # the clause that ended the game (None: unfinished)
    tiebreak: bool
    turns: int
    steps: int
    revealed: tuple[str, ...]  # cards revealed, in order (a game's ``reveal`` events)

    @property
    def draw(self) -> bool:
        """The game ended without one winning side (Tortuga 1667: the tie-breaker's limit)."""
        return len(self.winners) > 1

    @property
    def loyalty(self) -> tuple[str, ...]:
        """Deprecated: :attr:`sides`."""
        return self.sides

    def to_data(self) -> dict[str, Any]:
        return attrs.asdict(self)


@functools.lru_cache(maxsize=16)
def _rules(name, variants, options):
    return load_ruleset(name, variants=list(variants), options=dict(options))


def play_game(table: Table) -> Result:
    """Play ``table`` to its end (or :data:`MAX_STEPS`).

    A table of random bots whose rules the native engine runs is played on it, with each
    seat's own generator drawing from the same options in the same order (the engines
    list legal actions alike, ``tests/test_native.py``), so the game - and its result - is
    the one the Python engine plays.
    """
    rules = table.rules()
    state = new_game(rules, table.players, table.seed)
    if _all_random(table, rules):
        game = native.open_game(state, record=True)
        if game is not None:
            return _play_native(table, rules, game)
    bots = [make_bot(spec, table.seed * 1009 + seat, rules)
            for seat, spec in enumerate(table.bots)]
    revealed: list = []
    tiebreak = False
    while not state.is_terminal and state.step < MAX_STEPS:
        seat = state.current_player
        assert seat is not None  # the game is not over
        state = apply_action(state, bots[seat].choose(Knowledge.of(state, seat)), seat=seat)
        tiebreak = tiebreak or getattr(state, "tiebreak", 0) > 0
        revealed.extend(e.values[-1] for e in map(LogEvent.of, state.events)
                        if e.kind == "reveal")
    return _result(rules, state, tiebreak, revealed)


def _all_random(table: Table, rules) -> bool:
    """Whether every seat is the uniform random bot."""
    return (bots_for(rules).get("random", (None,))[0] is RandomBot
            and all(bot_spec(spec, rules) == ("random", {}) for spec in table.bots))


def _play_native(table: Table, rules, game) -> Result:
    """:func:`play_game` of random bots on the native engine: each seat draws its option's
    number as :class:`~tortuga_rules.bots.uniform.RandomBot` would."""
    draws = [random.Random(table.seed * 1009 + seat) for seat in range(table.players)]
    revealed: list = []
    while not game.is_terminal and game.step_number < MAX_STEPS:
        try:
            game.apply(draws[game.current_player].randrange(game.option_count()))
        except native.NATIVE_FAILURES as exc:  # a house rule that fails: the reference's error
            raise native.failure(rules, exc) from None
        revealed.extend(e[-1] for e in game.logged("reveal"))
    state = native.state_of(game, rules)
    return _result(rules, state, getattr(state, "tiebreak", 0) > 0, revealed)


def _result(rules, state, tiebreak: bool, revealed: list) -> Result:
    outcome = state.outcome
    side = rules.game.side
    sides = tuple(side(state, s) for s in range(state.players))
    winners = tuple(outcome.winners) if outcome else ()
    if winners and all(type(w) is int for w in winners):  # seats: name them by their sides
        winners = tuple(sides[w] for w in winners)
    return Result(sides, tuple(winners == (t,) for t in sides), winners,
                  outcome.reason if outcome else None, tiebreak, _rounds(state),
                  state.step, tuple(revealed))


def _rounds(state) -> int:
    """How long the game was: its turns, or the rounds its ``round`` counter counted."""
    if hasattr(state, "turn_number"):
        return state.turn_number
    kit = state.rules.tables.get("kit")
    names = [n for n, _ in kit.counters] if kit is not None else []
    return state.counters[names.index("round")] if "round" in names else 0
