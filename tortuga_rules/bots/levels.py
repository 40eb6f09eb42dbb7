"""The bots a player may seat at a table, by level: what each is called, what it does and
how strong it measured.

A level is a bot id (``random``, ``heuristic``, ``ismcts``: the weakest first) and the
spec it plays by (:func:`~tortuga_rules.bots.make_bot`). The strongest searches with a
time budget (``ms`` of CPU per decision), so a server's move never takes much longer
than that whatever the position, and plays each simulated game to its end (``depth``
past any game's length: the dice game's, written on the kit, is scored only at its end,
so a shorter playout tells the search nothing - ``docs/balance.md``). Names and
descriptions are messages (translated with the catalogues); the Elo ratings are recorded
from a measured tournament (:data:`MEASURED`, ``docs/server.md``), never computed when a
server starts.
"""

from __future__ import annotations

import attrs

from ..game.language import N_

__all__ = ["Level", "LEVELS", "MEASURED", "level_of"]


@attrs.frozen
class Level:
    """One bot a table offers: its id, rank (1 the weakest), the spec it plays by, its
    name and description (messages), its measured Elo by game id (None: unmeasured) and
    the spec it plays a game by where that game's differs (by game id: a search given the
    time a harder game's decisions need to stay a level above the one below)."""

    id: str
    rank: int
    spec: str
    name: str
    about: str
    elo: dict = attrs.field(factory=dict)
    specs: dict = attrs.field(factory=dict)

    def spec_for(self, game: str) -> str:
        """The spec this level plays the game ``game`` (its id) by."""
        return self.specs.get(game, self.spec)


#: How the ratings below were measured (``benchmarks/bot_levels.py``, ``docs/server.md``):
#: the date, and per game its players and games; each level's Elo is relative to the
#: weakest (random = 0).
MEASURED = {"date": "2026-11-28",
            "games": {"tortuga-1667": {"players": 5, "games": 400},
                      "tortuga-dice": {"players": 3, "games": 200}}}

#: Every level, the weakest first.
LEVELS = (
    Level("random", 1, "random", N_("Deckhand"),
          N_("Plays any legal move, at random."),
          {"tortuga-1667": 0.0, "tortuga-dice": 0.0}),
    Level("heuristic", 2, "heuristic", N_("Sailor"),
          N_("Plays by rules of thumb: keeps to its loyalty, weighs its dice."),
          {"tortuga-1667": 167.0, "tortuga-dice": 218.0}),
    Level("ismcts", 3, "ismcts:ms=150,depth=200", N_("Captain"),
          N_("Thinks ahead: tries many possible games before each move "
             "(at most a fraction of a second)."),
          {"tortuga-1667": 193.0, "tortuga-dice": 335.0},
          # the dice game's answers run much of a round, so a search there needs three
          # times the time to stand as far above the rules of thumb (docs/balance.md)
          {"tortuga-dice": "ismcts:ms=450,depth=200"}),
)


def level_of(bot_id: str) -> Level:
    """The level of ``bot_id`` (a KeyError if it is none)."""
    for level in LEVELS:
        if level.id == bot_id:
            return level
    raise KeyError(bot_id)
