"""A Tortuga 1667 seat's view as a fixed-length vector of small whole numbers.

:class:`Observer1667` (the game's ``observer``; learning agents get it through
:class:`tortuga_rules.rl.Observer`) encodes only :func:`~tortuga_rules.game.view.view`
data of the seat, so an observation can tell an agent nothing its view does not (the
tests check twin states give equal observations). The layout depends on the ruleset and
player count only; :meth:`Observer1667.names` names every entry.
"""

from __future__ import annotations

from ...game.observation import Layout
from .components import ChestSpot, Place

__all__ = ["Observer1667", "HIGH"]

TEAMS = ("british", "french", "dutch")
ROLES = ("captain", "first_mate", "cabin_boy", "governor")
KINDS = ("action", "choose", "vote")
PLACES = tuple(str(p) for p in Place)
SPOTS = tuple(str(c) for c in ChestSpot)
#: The largest value an entry takes (counts of cards and chests stay far below it).
HIGH = 255


class Observer1667(Layout):
    """Encodes the views of games under ``rules`` with ``players`` seats."""

    def __init__(self, rules, players: int):
        self.players = players
        self.cards = tuple(sorted(rules.event_cards))
        self.vote_cards = tuple(sorted(rules.vote_cards))
        self.votes = tuple(sorted(rules.votes))
        self.slots = rules.row_size
        self.marks = mark_names(rules)
        self._number()

    def _layout(self):
        seats, n = range(self.players), self.players
        yield from (f"me.{s}" for s in seats)
        yield from (f"my_loyalty.{t}" for t in TEAMS)
        yield from (f"loyalty.{s}.{t}" for s in seats for t in TEAMS)
        yield from (f"place.{s}.{p}" for s in seats for p in PLACES)
        yield from (f"rank.{s}.{r}" for s in seats for r in range(max(n, 5)))
        yield from (f"role.{s}.{r}" for s in seats for r in ROLES)
        yield from ("sunk.flying_dutchman_boat", "sunk.jolly_roger_boat")
        yield from (f"chests.{c}" for c in SPOTS)
        yield from (f"hand_size.{s}" for s in seats)
        yield from ("vote_deck_size", "event_deck_size", "actions_left", "tiebreak", "over")
        yield from (f"my_hand.{c}" for c in self.vote_cards)
        yield from (f"row.{i}.{x}" for i in range(1, self.slots + 1)
                    for x in ("face_down",) + self.cards)
        yield from (f"discard.{c}" for c in self.cards)
        yield from (f"resolving.{c}" for c in self.cards)
        yield from (f"kept.{s}.{c}" for s in seats for c in self.cards)
        yield from (f"mark.{s}.{m}" for s in seats for m in self.marks)
        yield from (f"looked.{s}.{i}" for s in seats for i in range(1, self.slots + 1))
        yield from (f"turn.{s}" for s in seats)
        yield from (f"decision.{k}" for k in KINDS)
        yield from (f"decision_seat.{s}" for s in seats)
        yield from (f"vote.{k}" for k in self.votes)
        yield from (f"vote_caller.{s}" for s in seats)
        yield from (f"vote_place.{p}" for p in PLACES)
        yield from (f"vote_participant.{s}" for s in seats)
        yield from (f"voted.{s}" for s in seats)
        yield from (f"my_vote.{c}" for c in self.vote_cards)
        yield from (f"revealed.{c}" for c in self.vote_cards)

    def news_values(self) -> dict:
        """Tortuga 1667's log field types and their values (see :class:`News`)."""
        cards, votes = self.cards, self.vote_cards
        slots = tuple(str(i) for i in range(1, self.slots + 1))
        return {"team": TEAMS, "teams": TEAMS, "place": PLACES, "spot": SPOTS,
                "slot": slots, "slots": slots, "card": cards, "cards": cards,
                "vote-card": votes, "vote-cards": votes,
                "text": tuple(sorted({*self.votes, *self.marks}))}

    def encode(self, v: dict) -> list:
        """The vector of view ``v`` (a seat's view of a game of this layout)."""
        out, put = self._vector()

        put(f"me.{v['seat']}")
        put(f"my_loyalty.{v['my_loyalty']}")
        known = v.get("loyalty") or v.get("open_loyalty") or []
        for s, team in enumerate(known):
            if team is not None:
                put(f"loyalty.{s}.{team}")
        for place, line in v["places"].items():
            for rank, s in enumerate(line):
                put(f"place.{s}.{place}")
                put(f"rank.{s}.{rank}")
        for s, roles in enumerate(v["roles"]):
            for r in roles:
                put(f"role.{s}.{r}")
        for boat in v["sunk_rowboats"]:
            put(f"sunk.{boat}")
        for spot, k in v["chests"].items():
            put(f"chests.{spot}", k)
        for s, k in enumerate(v["hand_sizes"]):
            put(f"hand_size.{s}", k)
        put("vote_deck_size", v["vote_deck_size"])
        put("event_deck_size", v["event_deck_size"])
        put("actions_left", v["turn"]["actions_left"] or 0)
        put("tiebreak", int(bool(v["tiebreak"])))
        put("over", int(v["outcome"] is not None))
        for c in v["my_hand"]:
            put(f"my_hand.{c}")
        for slot in v["row"]:
            if slot["face_down"]:
                put(f"row.{slot['slot']}.face_down")
            if "card" in slot:
                put(f"row.{slot['slot']}.{slot['card']}")
        for c in v["discard"]:
            put(f"discard.{c}")
        for c in v["resolving"]:
            put(f"resolving.{c}")
        for s, cards in enumerate(v["kept"]):
            for c in cards:
                put(f"kept.{s}.{c}")
        for s, names in enumerate(v["marks"]):
            for m in names:
                put(f"mark.{s}.{m}")
        for s, slots in enumerate(v["looked"]):
            for i in slots:
                put(f"looked.{s}.{i}")
        put(f"turn.{v['turn']['seat']}")
        self._decision(v["decision"], put)
        self._vote(v["vote"], put)
        # clipped only when an entry is over (max runs in C; a min per entry was a fifth
        # of an RL step)
        return out if max(out) <= HIGH else [min(x, HIGH) for x in out]

    @staticmethod
    def _decision(d, put):
        if d is not None:
            put(f"decision.{d['kind']}")
            put(f"decision_seat.{d['seat']}")

    @staticmethod
    def _vote(vote, put):
        if vote is None:
            return
        put(f"vote.{vote['kind']}")
        put(f"vote_caller.{vote['caller']}")
        put(f"vote_place.{vote['place']}")
        for s in vote["participants"]:
            put(f"vote_participant.{s}")
        for s in vote["voted"]:
            put(f"voted.{s}")
        for c in vote.get("my_cards", ()):
            put(f"my_vote.{c}")
        for c in vote["revealed"]:
            put(f"revealed.{c}")


def mark_names(rules) -> tuple:
    """The names of the public markers the ruleset's programs put on players (``mark(...,
    "scurvy")``), sorted: an observation counts each on each seat. (A name a program
    computes cannot be listed ahead; open loyalty cards are encoded as loyalties.)"""
    found: set = set()

    def walk(node):
        if type(node) is tuple:
            if len(node) == 3 and node[0] == "call" and node[1] == "mark":
                last = node[2][-1] if node[2] else None
                if type(last) is tuple and last[0] == "lit" and type(last[1]) is str:
                    found.add(last[1])
            for item in node:
                walk(item)
    for program in rules.programs.values():
        walk(program.ir)
    return tuple(sorted(found))
