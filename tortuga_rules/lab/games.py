"""Games between bots: one at a time, or many over worker processes.

A game is fixed by its :class:`Table` - the ruleset, the player count, the seed of the
setup and the bots at each seat (each seeded from the game's seed and its seat) - so it
is replayed exactly anywhere. :func:`play_games` runs tables in ``jobs`` processes and
returns their results in the tables' order: the same tables give the same results for
any number of processes.
"""

from __future__ import annotations

import concurrent.futures
import functools
import multiprocessing
import os
import sys

import attrs

from ..bots import Knowledge, make_bot
from ..data.loader import load_ruleset
from ..game.transition import apply_action
from ..game.setup import new_game

__all__ = ["Table", "Result", "play_game", "play_games", "MAX_STEPS"]

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
    """What a game gave: each seat's loyalty and whether it won, the end and its length."""

    loyalty: tuple
    won: tuple  # bool per seat
    winners: tuple  # teams
    reason: str | None  # the clause that ended the game (None: unfinished)
    tiebreak: bool
    turns: int
    steps: int
    revealed: tuple  # event cards revealed, in order

    def to_data(self) -> dict:
        return attrs.asdict(self)


@functools.lru_cache(maxsize=16)
def _rules(name, variants, options):
    return load_ruleset(name, variants=list(variants), options=dict(options))


def play_game(table: Table) -> Result:
    """Play ``table`` to its end (or :data:`MAX_STEPS`)."""
    state = new_game(table.rules(), table.players, table.seed)
    bots = [make_bot(spec, table.seed * 1009 + seat) for seat, spec in enumerate(table.bots)]
    revealed: list = []
    tiebreak = False
    while not state.is_terminal and state.step < MAX_STEPS:
        seat = state.current_player
        assert seat is not None  # the game is not over
        state = apply_action(state, bots[seat].choose(Knowledge.of(state, seat)), seat=seat)
        tiebreak = tiebreak or state.tiebreak > 0
        revealed.extend(e[-1] for e in state.events if e[1] == "reveal")
    outcome = state.outcome
    winners = tuple(outcome.winners) if outcome else ()
    loyalty = tuple(str(t) for t in state.loyalty)
    return Result(loyalty, tuple(t in winners for t in loyalty), winners,
                  outcome.reason if outcome else None, tiebreak, state.turn_number,
                  state.step, tuple(revealed))


def play_games(tables, jobs: int = 1, progress=None) -> list:
    """Every table's :class:`Result`, in order, played in ``jobs`` processes; ``progress``
    (optional) is called with the number of games finished after each one."""
    tables = list(tables)
    results: list = []
    if jobs <= 1 or len(tables) < 2:
        for table in tables:
            results.append(play_game(table))
            if progress:
                progress(1)
        return results
    results = [None] * len(tables)
    context = "fork" if sys.platform.startswith("linux") else None
    with concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context(context)) as pool:
        futures = {pool.submit(play_game, t): i for i, t in enumerate(tables)}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future]] = future.result()
            if progress:
                progress(1)
    return results


def cpu_count() -> int:
    """The processors this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
