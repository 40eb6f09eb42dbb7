"""Tortuga 1667's compiled ruleset: the core's :class:`~tortuga_rules.data.ruleset.Ruleset`
with this game's tables.

Beside the clauses, programs and turn actions every game has, a Tortuga 1667 ruleset holds
its vote and event cards (:class:`VoteCard`, :class:`EventCard`), its votes
(:class:`VoteDef`), its board (:class:`Board`), the setup's loyalty deck, event deck and
treasure, and the rules its kept cards bring (checks, reactions, vote plays, sit-outs).
:mod:`.build` builds one.
"""

from __future__ import annotations

import attrs

from ...data.ruleset import Ruleset
from ...dsl.compiler import Program
from .components import ChestSpot, Place

__all__ = ["TortugaRuleset", "VoteDef", "VoteCard", "EventCard", "Board"]


@attrs.frozen
class VoteCard:
    """A vote card: for each section, its icons with their counts."""

    id: str
    icons: dict = attrs.field(eq=False)  # section -> ((icon, count), ...)


@attrs.frozen
class EventCard:
    """An event card definition: names and texts per language, and its compiled effect."""

    id: str
    category: str
    count: int
    name: dict = attrs.field(eq=False)
    text: dict = attrs.field(eq=False)
    program: Program = attrs.field(repr=False)
    file: str = ""
    #: once kept, it stays in front of its owner for the rest of the game (Albatross)
    lasting: bool = False
    #: per language, what the rulebook prints beside the name in parentheses
    gloss: dict = attrs.field(factory=dict, eq=False)
    #: per language without a rulebook text of this card: our translation of the English
    own_text: dict = attrs.field(factory=dict, eq=False)


@attrs.frozen
class VoteDef:
    """A vote: who takes part, which card section counts, when it succeeds, its effect."""

    id: str
    clause: str
    participants: object = attrs.field(repr=False)
    participants_clause: str
    section: str
    success: object = attrs.field(repr=False)
    success_clause: str | None
    program: Program = attrs.field(repr=False)


@attrs.frozen
class Board:
    """The mat: capacity and adjacency per place, the two holds of each ship."""

    capacity: tuple
    adjacent: tuple
    holds: tuple = (
        (ChestSpot.FLYING_DUTCHMAN_BRITISH, ChestSpot.FLYING_DUTCHMAN_FRENCH),
        (ChestSpot.JOLLY_ROGER_BRITISH, ChestSpot.JOLLY_ROGER_FRENCH),
    )


@attrs.frozen
class TortugaRuleset(Ruleset):
    """A complete, compiled Tortuga 1667 rule set. Immutable; share it between games freely."""

    loyalty: dict = attrs.field(factory=dict, eq=False, repr=False)
    hand_size: int = 3
    deck: dict = attrs.field(factory=dict, eq=False, repr=False)
    pawn_order: tuple = ()
    treasure: tuple = ()
    chest_total: int = 8
    #: player count -> the chests of a game of that many players, where not chest_total
    chests_by_players: dict = attrs.field(factory=dict, eq=False, repr=False)
    first_player_ship: Place = Place.JOLLY_ROGER
    actions_default: int = 1
    actions_by_players: dict = attrs.field(factory=dict, eq=False, repr=False)
    votes: dict = attrs.field(factory=dict, eq=False, repr=False)
    vote_cards: dict = attrs.field(factory=dict, eq=False, repr=False)
    section_icons: dict = attrs.field(factory=dict, eq=False, repr=False)
    event_cards: dict = attrs.field(factory=dict, eq=False, repr=False)
    loyalty_names: dict = attrs.field(factory=dict, eq=False, repr=False)
    loyalty_glosses: dict = attrs.field(factory=dict, eq=False, repr=False)
    brethren: tuple = attrs.field(default=(), repr=False)
    board: Board | None = attrs.field(default=None, repr=False)
    #: "pawns" / "kept" -> ((guard, program), ...): standing checks run after every such
    #: change whose guard holds
    checks: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: kept card -> (how many vote cards its owner may play at once, the clause, whether
    #: only in the owner's next vote)
    vote_plays: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: "maroon" -> ((kept card, causes, program), ...): reactions offered to a card's owner
    reactions: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: ((guard, program), ...) run before every turn whose guard holds, with ``seat``
    #: bound (Atlantis, Scurvy)
    before_turn: tuple = attrs.field(default=(), repr=False)
    #: ((guard, program), ...) run after every event card's effect, before it is discarded,
    #: with ``revealer``, ``slot`` and ``card`` bound (the guard tested as the card turns up)
    after_reveal: tuple = attrs.field(default=(), repr=False)
    #: kept card -> (votes its owner sits out, clause, clause when used up) (Pirate Code)
    sit_outs: dict = attrs.field(factory=dict, eq=False, repr=False)
    row_size: int = 5
    #: "none", "all" or "one-each": which loyalty cards are dealt face up
    loyalty_open: str = "none"

    def deck_copies(self, players: int, starred) -> dict:
        """How many copies of each event card a game of ``players`` with ``starred`` deals.

        The deck's cards, less those removed for this player count, the ``starred`` cards
        and the game-ender. Cards leave a game (the Armada in a tie-breaker, cards boxed
        for a short game), so a game holds at most these.
        """
        spec = self.deck
        removed = set(spec["removals"].get(players, ()))
        out = {cid: k for cid, k in spec["counts"].items() if cid not in removed}
        for cid in starred:
            if cid not in removed:
                out[cid] = out.get(cid, 0) + 1
        out[spec["final"]] = out.get(spec["final"], 0) + 1
        return out

    def chests_in_game(self, players: int) -> int:
        """How many chests a game of ``players`` players has."""
        return self.chests_by_players.get(players, self.chest_total)

    def actions_per_turn(self, players: int) -> int:
        """How many actions make one turn with ``players`` players."""
        return self.actions_by_players.get(players, self.actions_default)
