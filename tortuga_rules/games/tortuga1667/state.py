"""Tortuga 1667's state: the engine's fields and the game's own, each with who may see it."""

from __future__ import annotations

import attrs

from ...model.fields import CHECKED, COUNT, SEATS, Seen, declare
from ...model.state import GameState, Vote

__all__ = ["Tortuga1667State"]


@attrs.frozen(slots=False)
class Tortuga1667State(GameState):
    """A position of Tortuga 1667.

    Row slots are numbered 1–5 in actions and the log, 0–4 in :attr:`row`. Lines are
    indexed by :class:`~tortuga_rules.games.tortuga1667.components.Place`, chest counts by
    :class:`~tortuga_rules.games.tortuga1667.components.ChestSpot`; the first card of a deck tuple is
    its top card.

    ``removed`` holds the event cards out of the game: boxed at setup (a shorter
    game), the Armada once a tie is declared, the cards a tie-breaker round leaves out.
    With the deck, the row, the discard pile, the cards being resolved and the kept
    cards, they are exactly the game's event cards.

    ``marks`` are public markers on players, by name, that cards leave on them (a
    Scurvy victim's lost turn); a name may appear several times.

    ``tiebreak`` counts tie-breaker rounds (0: none) and ``tie_level`` is each team's
    chest total when the tie-breaker began.

    The random purposes ``rigged`` may fix are ``lost-card``, ``row-reshuffle``,
    ``vote-return``, ``tiebreak-deck``, ``line-reshuffle``, ``loyalty-swap`` and
    ``vote-deck-shuffle``.
    """

    loyalty: tuple = declare(Seen.OWNER, about="each seat's loyalty card (open ones marked)",
                             shows="loyalty cards changed hands")
    lines: tuple = declare(Seen.ALL, about="the pawns at each place, captain first",
                           numbers=SEATS)
    sunk: tuple = declare(Seen.ALL, about="which rowboats are sunk")
    chests: tuple = declare(Seen.ALL, about="the chests on each chest spot",
                            numbers=lambda state: (0, state.rules.chests_in_game(state.players)))
    hands: tuple = declare(Seen.OWNER, about="each seat's vote cards")
    vote_deck: tuple = declare(Seen.NOBODY, about="the vote deck, top first",
                               shows="vote cards were drawn or put back")
    event_deck: tuple = declare(Seen.NOBODY, about="the event deck, top first",
                                shows="the event deck was drawn from")
    row: tuple = declare(Seen.GAME, about="the face-down row; a seat sees the cards it looked at",
                         shows="the event row changed (a card revealed or dealt)")
    discard: tuple = declare(Seen.ALL)
    resolving: tuple = declare(Seen.ALL)
    removed: tuple = declare(Seen.NOBODY, about="event cards out of the game",
                             shows="event cards left the game")
    kept: tuple = declare(Seen.ALL, about="the event cards each seat keeps in front of it")
    marks: tuple = declare(Seen.ALL)
    seen: tuple = declare(Seen.ALL, about="the row slots each seat has looked at (a mask): "
                          "who looks where is public (the View action's 'peek'), the cards are "
                          "not (the row)", numbers=CHECKED)
    starred: tuple = declare(Seen.NOBODY, about="the starred event cards in the game")
    turn: int = declare(Seen.ALL, numbers=SEATS)
    actions_left: int = declare(Seen.ALL, numbers=CHECKED)
    turn_number: int = declare(Seen.ALL, numbers=COUNT)
    vote: Vote | None = declare(Seen.GAME, Vote, "the vote under way; cards played face down",
                                numbers=CHECKED)
    tiebreak: int = declare(Seen.ALL, numbers=CHECKED)
    tie_level: int = declare(Seen.ALL, numbers=CHECKED)
