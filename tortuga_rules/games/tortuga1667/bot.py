"""The heuristic player: plays its loyalty by a few rules of thumb.

It reads its seat's facts from one determinisation of its knowledge (every fact it sees
is the real one; what it cannot see is a guess it does not rely on) and scores each
legal action; the best wins, ties broken by its seeded generator. The rules of thumb:

* **Treasure.** Each action is tried one step ahead: what it does at once to its team's
  lead in chests (British or French: their chests minus the other team's; Dutch: the
  two teams kept level, since a tie is a Dutch win) counts one point a chest, and
  ending the game won or lost counts most. This places chests in its team's hold, moves
  them there as Cabin Boy, and picks targets of events.
* **Votes.** It plays the card whose icons push the vote its way: a brawl for its own
  flag (Dutch: the flag of the team behind); an attack to succeed when the attacking
  Captain is itself or a known team-mate, to fail when a known opponent; a mutiny to
  succeed against a Captain who is not a known team-mate, or when it called it. With
  nothing at stake it gives its least useful card and keeps those with its own flag.
* **Roles.** A Captain attacks while there is a chest to take; a First Mate mutinies
  against a Captain not known as a team-mate; a Governor brawls when the other team has
  more of Tortuga's chests; nobody maroons a known team-mate.
* **Moving.** It heads for the ship whose holds favour its team: off a ship that favours
  the other team into the rowboat, and from a rowboat onto the better ship.
* **The clock.** The game ends when the Spanish Armada is revealed, so revealing event
  cards (or forcing another player to) hurries the end: a team ahead reveals, a team
  behind would rather wait, and everyone grows more impatient as the turns go by (a
  table of cautious players still finishes its game).
* **Otherwise** it looks at event cards (View) rather than reveal them blind.

Known team-mates are those whose loyalty card lies face up; it never guesses loyalties.
"""

from __future__ import annotations

import random

from ...errors import TortugaError
from ...game.rollout import Rollout
from .components import SHIPS, ChestSpot, Place, Team, team_totals
from .sides import brawl_side, chest_team, vote_push

__all__ = ["HeuristicBot", "Judge", "reflex"]

#: Points for the game ending won or lost, against one per chest.
END = 100.0
#: Bonuses of the rules of thumb, in chests.
ATTACK, MUTINY, BRAWL, MOVE, LOOK = 0.8, 0.5, 0.4, 0.3, 0.1
#: The clock: revealing when ahead, level or behind, and the impatience a turn adds.
HURRY, LEVEL, WAIT, IMPATIENCE = 0.6, 0.2, -0.2, 1 / 60
HOLDS = {Place.FLYING_DUTCHMAN: (ChestSpot.FLYING_DUTCHMAN_BRITISH,
                                 ChestSpot.FLYING_DUTCHMAN_FRENCH),
         Place.JOLLY_ROGER: (ChestSpot.JOLLY_ROGER_BRITISH, ChestSpot.JOLLY_ROGER_FRENCH)}
BOAT_OF = {Place.FLYING_DUTCHMAN_BOAT: Place.FLYING_DUTCHMAN,
           Place.JOLLY_ROGER_BOAT: Place.JOLLY_ROGER}


class HeuristicBot:
    """Scores its seat's legal actions by the rules of thumb of this module."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)

    def choose(self, knowledge):
        legal = knowledge.legal_actions()
        if len(legal) == 1:
            return legal[0]
        judge = Judge(knowledge.sample(self._random.getrandbits(63)), knowledge.seat)
        return _best(legal, judge.score, self._random, 1e-6)


class Judge:
    """One seat's reading of one (determinised) state."""

    def __init__(self, state, seat: int):
        self.state, self.seat = state, seat
        self.team = Team(state.loyalty[seat])
        self.lead_now = self.lead(state.chests)

    # -- what the seat wants -------------------------------------------------------

    def margin(self, british: int, french: int) -> int:
        """How far British and French chests favour this seat's team (not the Dutch)."""
        return british - french if self.team is Team.BRITISH else french - british

    def lead(self, chests) -> float:
        british, french = team_totals(chests)
        if self.team is Team.DUTCH:
            return -abs(british - french)
        return self.margin(british, french)

    def friend(self, other: int) -> bool | None:
        """True/False if ``other``'s loyalty is known to be (not) this seat's; None if unknown."""
        if other == self.seat:
            return True
        if "loyalty-open" not in self.state.marks[other]:
            return None
        return Team(self.state.loyalty[other]) is self.team and self.team is not Team.DUTCH

    def ship_favour(self, ship: Place) -> float:
        """How much a ship's holds favour this seat's team (chests, signed)."""
        if self.team is Team.DUTCH:
            return 0.0
        return self.margin(*(self.state.chests[h] for h in HOLDS[ship]))

    # -- scoring -----------------------------------------------------------------

    def score(self, action) -> float:
        return self.ahead(action) + self.bonus(action)

    def bonus(self, action) -> float:
        """The rule of thumb for ``action``'s kind (``_attack``, ``_vote``, ...), if any."""
        rule = getattr(self, "_" + action.kind, None)
        return rule(dict(action.args)) if rule is not None else 0.0

    def guess(self, action) -> float:
        """:meth:`score` without the look-ahead: where the action puts a chest stands in
        for what it does to the lead (much cheaper; what simulated seats play by)."""
        bonus = self.bonus(action)
        goes = chest_team(action)
        if goes is None or self.team is Team.DUTCH:
            return bonus
        return bonus + (1.0 if goes == self.team.value else -1.0)

    def ahead(self, action) -> float:
        """The change in lead one step after ``action`` (the end of the game counts most)."""
        game = Rollout(self.state, engine="python")  # one step, then read: no copy across
        try:
            game.apply(action)
        except TortugaError:
            return 0.0
        outcome = game.outcome
        if outcome is not None:
            won = self.team.value in outcome.winners
            return END if won else -END
        return self.lead(game.live.chests) - self.lead_now

    def _vote(self, args) -> float:
        vote = self.state.vote
        cards = args.get("cards") or (args["card"],)
        want = self.want(vote)
        section = self.state.rules.votes[vote.kind].section
        push = sum(vote_push(self.state.rules, card, section) for card in cards)
        keep = sum(self.worth(card) for card in cards)
        return 10 * want * push - keep

    def want(self, vote) -> int:
        """+1 if the vote's success helps this seat's team, -1 if it hurts, 0 if unsure;
        for a brawl, +1 means "more of the British flag" and -1 "more French"."""
        if vote.kind == "brawl":
            return brawl_side(self.state.chests, self.team.value)
        line = self.state.lines[vote.place] if vote.place is not None else ()
        captain = line[0] if line else vote.caller
        if vote.kind == "attack":
            known = self.friend(captain)
            return 0 if known is None else (1 if known else -1)
        if vote.caller == self.seat:
            return 1
        known = self.friend(captain)
        return 1 if known is False else (-1 if known else 0)

    def worth(self, card: str) -> float:
        """How much a card is worth keeping: the flags it shows for this seat's team."""
        flags = dict(self.state.rules.vote_cards[card].icons.get("middle", ()))
        if self.team is Team.DUTCH:
            return 0.5 * sum(flags.values())
        return flags.get(self.team.value, 0)

    def _attack(self, args) -> float:
        chests = self.state.chests
        takeable = chests[ChestSpot.GALLEON] > 0 or any(
            chests[h] for ship in SHIPS for h in HOLDS[ship])
        return ATTACK if takeable else -ATTACK

    def _mutiny(self, args) -> float:
        ship = next(p for p in SHIPS if self.seat in self.state.lines[p])
        known = self.friend(self.state.lines[ship][0])
        return -MUTINY if known else MUTINY

    def _brawl(self, args) -> float:
        if self.team is Team.DUTCH:
            return -BRAWL
        chests = self.state.chests
        tortuga = self.margin(chests[ChestSpot.TORTUGA_BRITISH], chests[ChestSpot.TORTUGA_FRENCH])
        return BRAWL if tortuga < 0 else -BRAWL

    def _maroon(self, args) -> float:
        known = self.friend(args["target"])
        return -2 * MUTINY if known else (MUTINY if known is False else 0.0)

    def _row(self, args) -> float:
        here = next(p for p in Place if self.seat in self.state.lines[p])
        to = args["to"]
        if here.is_ship:
            other = SHIPS[1 - SHIPS.index(here)]
            better = self.ship_favour(other) > max(0.0, self.ship_favour(here))
            return MOVE if to.is_boat and better else -MOVE
        if here.is_boat:
            return MOVE if to.is_ship and self.ship_favour(to) > 0 else 0.0
        return MOVE if to.is_boat and self.ship_favour(BOAT_OF[to]) > 0 else -MOVE

    def _view(self, args) -> float:
        return LOOK

    def _reveal(self, args) -> float:
        lead = self.lead_now
        clock = HURRY if lead > 0 or (lead == 0 and self.team is Team.DUTCH) else \
            LEVEL if lead == 0 else WAIT
        return clock + IMPATIENCE * self.state.turn_number

    def _force(self, args) -> float:
        return self._reveal(args) - LOOK


def reflex(game: Rollout, legal: tuple, rnd: random.Random):
    """The heuristic player's choice by :meth:`Judge.guess` (no look-ahead), for a seat
    of a simulated game: each seat reads the simulated world as that seat would - its
    own loyalty, and only the loyalties lying face up."""
    if len(legal) == 1:
        return legal[0]
    state = game.live
    seat = state.current_player
    assert seat is not None  # a seat has a decision to take
    return _best(legal, Judge(state, seat).guess, rnd, 1e-3)


def _best(legal: tuple, score, rnd: random.Random, noise: float):
    """The action of ``legal`` that ``score`` rates highest, near-ties broken by ``rnd``
    (each score is jittered by at most ``noise``)."""
    scores = [score(a) + rnd.random() * noise for a in legal]
    return legal[scores.index(max(scores))]
