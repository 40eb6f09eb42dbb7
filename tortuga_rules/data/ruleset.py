"""A compiled ruleset: the values the loader builds from the rules data.

A :class:`Ruleset` is immutable and holds only compiled code and tables: the game
loop never parses. Its parts are a clause table (:class:`Clause`), the vote and
event cards (:class:`VoteCard`, :class:`EventCard`), the catalogue of turn actions
(:class:`ActionDef` with its :class:`Param` s), the votes (:class:`VoteDef`) and the
board (:class:`Board`). :mod:`tortuga_rules.data.loader` builds one.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import attrs

from ..dsl.compiler import Program
from ..dsl.operations import MAX_OPTIONS
from ..model.actions import Action
from ..model.components import ChestSpot, Place, Role

__all__ = ["Ruleset", "ActionDef", "Param", "VoteDef", "VoteCard", "EventCard", "Board", "Clause"]



@attrs.frozen
class Clause:
    """A rule clause: a stable id, a short English statement and its source."""

    id: str
    text: str
    source: str
    file: str


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


@attrs.frozen
class Param:
    """A parameter of a turn action: its allowed values and the filters on each value.

    ``values`` lists candidate values (cited by ``clause``); each ``where`` entry is
    ``(test, clause, text)``, a test with the parameter's name bound to a candidate.
    ``domain`` is the compiled whole: the candidates every test lets through.
    """

    name: str
    values: object = attrs.field(repr=False)
    clause: str = ""
    where: tuple = ()
    domain: object = attrs.field(default=None, repr=False)
    #: the DSL type of one value (a :class:`~tortuga_rules.dsl.types.Type`; None: unknown)
    type: object = attrs.field(default=None, repr=False)


@attrs.frozen
class ActionDef:
    """A turn action of the catalogue, compiled."""

    id: str
    clause: str
    role: Role
    params: tuple  # (Param, ...)
    requires: tuple  # ((test closure, clause id, source text), ...)
    program: Program = attrs.field(repr=False)
    text: str = ""
    depends: tuple = ()  # the facet names (and "actor") its parameter domains depend on
    cache: dict = attrs.field(factory=dict, eq=False, repr=False)  # facets -> options
    #: the facet names (and "actor") its preconditions depend on
    requires_depends: tuple = ()
    allowed: dict = attrs.field(factory=dict, eq=False, repr=False)  # facets -> bool
    span: object = attrs.field(default=None, eq=False, repr=False)  # where it is defined
    #: where each of its expressions (preconditions, parameter values) is written
    spans: dict = attrs.field(factory=dict, eq=False, repr=False)

    def options(self, values: tuple) -> tuple:
        """Every :class:`Action` for the parameter domains ``values``.

        Raises :class:`ValueError` beyond :data:`MAX_OPTIONS` combinations (a house
        rule whose parameters multiply out of bounds).
        """
        if (math.prod(map(len, values)) if len(values) > 1 else len(values[0]) if values
                else 0) > MAX_OPTIONS:
            raise ValueError(f"{self.id} would have more than {MAX_OPTIONS:,} options "
                             f"({' x '.join(str(len(v)) for v in values)})")
        names = [p.name for p in self.params]
        return tuple(Action(self.id, tuple(zip(names, combo)))
                     for combo in itertools.product(*values))


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
class Ruleset:
    """A complete, compiled rule set. Immutable; share it between games freely."""

    id: str
    name: str
    description: str
    hash: str
    min_players: int
    max_players: int
    loyalty: dict = attrs.field(eq=False, repr=False)
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
    options: dict = attrs.field(factory=dict, eq=False, repr=False)
    actions: tuple = attrs.field(default=(), repr=False)
    votes: dict = attrs.field(factory=dict, eq=False, repr=False)
    vote_cards: dict = attrs.field(factory=dict, eq=False, repr=False)
    section_icons: dict = attrs.field(factory=dict, eq=False, repr=False)
    event_cards: dict = attrs.field(factory=dict, eq=False, repr=False)
    loyalty_names: dict = attrs.field(factory=dict, eq=False, repr=False)
    loyalty_glosses: dict = attrs.field(factory=dict, eq=False, repr=False)
    brethren: tuple = attrs.field(default=(), repr=False)
    programs: dict = attrs.field(factory=dict, eq=False, repr=False)
    clauses: dict = attrs.field(factory=dict, eq=False, repr=False)
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
    source: str = ""
    action_by_id: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: option name -> its declaration (label, description, type, default, ...)
    option_decls: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: "none", "all" or "one-each": which loyalty cards are dealt face up
    loyalty_open: str = "none"
    #: the optional turn timer, as data for front ends (seconds, default action, ...)
    timer: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: event card id -> its definition data (after variants' overrides), for diffing
    card_data: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: the resolved rules data (after variants and options), for showing and diffing
    data: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: variant id -> the clause ids it adds or rewords
    changed_clauses: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: choice name -> the DSL type of its values (joined over every ``choose`` of that name)
    choices: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: turn action kind -> ((parameter, whether its values are seats), ...), for the notation
    signatures: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: the game's DSL words its programs were compiled with (its facets key legal actions)
    vocabulary: Any = attrs.field(default=None, eq=False, repr=False)
    #: the game these rules are of (a :class:`~tortuga_rules.model.games.GameKind`)
    game: Any = attrs.field(default=None, eq=False, repr=False)
    #: a game's own compiled tables (its components, ...), by name
    tables: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: role set -> how legal_actions lists the actions those roles allow (filled in play)
    memo: dict = attrs.field(factory=dict, eq=False, repr=False)

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

    @property
    def action_ids(self) -> tuple:
        return tuple(a.id for a in self.actions)

    def action_def(self, kind: str) -> ActionDef | None:
        """The catalogue entry of the turn action ``kind`` (None if there is none)."""
        return self.action_by_id.get(kind)
