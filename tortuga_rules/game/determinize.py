"""Determinisation: a full state one seat cannot tell from the real one.

Search bots over hidden information (information-set MCTS, OpenSpiel's resampling,
TAG's copy-for-player) need whole states to play forward, but may only use what their
seat knows. :func:`determinize` draws one: every fact the seat's view shows is kept,
and what it cannot see is dealt again at random -

* the loyalty cards of the other seats it has not seen face up (permuted among them,
  so each team keeps its number of cards);
* the vote cards in the other seats' hands, face down in a vote under way and in the
  vote deck (pooled and dealt again, each hand and the deck keeping its size);
* the event cards of the deck and the face-down row cards it has not looked at
  (shuffled together; the Spanish Armada stays in the part of the deck the setup put
  it in: the bottom card, or among the last cards);
* the random generator (a new seed: what is to come is not known either).

Each hidden pool is put in a fixed order before it is shuffled, so the draw depends on
what the seat knows and on ``rng`` only: two states the seat cannot tell apart give the
same determinisation for the same ``rng``. A search bot's choice is then a function of
its seat's information, which ``tests/test_bots.py`` checks on twin states.

The log events of the last step that the seat may not see are dropped (they spoke of
the real facts). Known limits, kept because the state alone does not record them:
what the seat learnt only in earlier steps and the state no longer shows (the cards it
handed over with Crow's Nest) is not kept, and which starred event cards are in the
game, and which cards a shorter game boxed unseen, stay the real ones.
"""

from __future__ import annotations

import random

from ..errors import ArgumentError
from ..model.state import GameState
from . import native
from .arguments import Unchecked, require_seat, require_state

__all__ = ["determinize"]


def determinize(state: Unchecked, seat: Unchecked, rng: Unchecked = None) -> GameState:
    """A state consistent with everything ``seat`` sees, hidden facts drawn with ``rng``.

    ``rng`` is a :class:`random.Random` (or a seed: then the hidden facts are drawn as
    ``random.Random(seed)`` would draw them - in the native engine, where it is built).
    ``view(result, seat)`` equals ``view(state, seat)``; a finished game, where nothing is
    hidden, is returned as is.
    """
    real = require_state(state, "determinize")
    require_seat(real, seat, "determinize")
    if real.is_terminal:
        return real
    rnd = rng if isinstance(rng, random.Random) or native.is_generator(rng) else \
        native.generator(rng)
    game = state.rules.game
    if game.determinize is None:
        raise ArgumentError(f"determinize is not available for {game.name}: the game does not "
                            "say how to redraw what a seat cannot see")
    world: GameState = game.determinize(state, seat, rnd)
    return world


