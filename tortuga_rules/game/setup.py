"""Setting up a game: :func:`new_game` checks its arguments and runs the game's own setup.

Each game's setup is its ``GameKind.new_game`` (Tortuga 1667's deals loyalty and vote
cards, builds the event deck and places the pawns: ``games/tortuga1667/setup.py``; a kit
game's sets out its components and runs its setup program: ``game/kit/loop.py``); it returns
the state that waits for the first decision. Where the native engine is built and has
the game's setup (Tortuga 1667's, ``native/src/games/tortuga1667/setup.rs``, and the component kit's),
it deals the same game and the state holds the native position (:mod:`.backed`).
"""

from __future__ import annotations

import secrets

from ..data.ruleset import Ruleset
from ..data.loader import load_ruleset
from ..errors import SetupError
from ..model.state import GameState
from . import backed
from .arguments import Unchecked

__all__ = ["new_game", "new_seed"]


def new_seed() -> int:
    """A seed drawn from :mod:`secrets`: one nobody chose, so nobody can recompute the game."""
    return secrets.randbits(63)


def new_game(ruleset: Unchecked, players: Unchecked, seed: Unchecked = None, *,
             starred: Unchecked = None) -> GameState:
    """Set up a new game of ``players`` players from ``seed``.

    ``ruleset`` is a :class:`Ruleset` or a ruleset name. Without a ``seed`` one is drawn
    from :mod:`secrets`. A seed is the referee's alone: with it (and the actions),
    everything hidden can be recomputed - never show it to a player. ``starred`` names the starred
    event cards to use - exactly as many as the ruleset deals, distinct, from its pool;
    by default they are drawn at random (by the seed). The returned state waits for the
    first decision (the captains placing their chests). Raises
    :class:`~tortuga_rules.errors.SetupError` for arguments the ruleset cannot play with.
    """
    if not isinstance(ruleset, Ruleset):
        ruleset = load_ruleset(ruleset)
    rules = ruleset
    if seed is None:
        seed = new_seed()
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise SetupError(f"{rules.name} is for {rules.min_players} to {rules.max_players} "
                         f"players, not {players!r:.40}")
    if type(seed) is not int or abs(seed) >= 2 ** 64:
        raise SetupError(f"the seed must be an integer of at most 64 bits (as replays "
                         f"record it), not {seed!r:.40}")
    if starred is None:  # the native engine deals it, where it has the game's setup
        dealt = backed.new_game(rules, players, seed)
        if dealt is not None:
            return dealt
    extra = {} if starred is None else {"starred": starred}
    state: GameState = rules.game.new_game(rules, players, seed, **extra)
    return state


