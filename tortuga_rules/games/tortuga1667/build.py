"""Building a Tortuga 1667 :class:`~.ruleset.TortugaRuleset` from its validated
rules data and card files (its ``GameKind.build``).

The resolved rules document (a ruleset with its variants merged) and the card files are
turned into compiled tables section by section - :mod:`.sections` (players, loyalty,
setup, board, turn, actions, votes) and :mod:`.cardrules` (vote cards, event cards and
the rules they bring) - each building one part on the shared
:class:`~tortuga_rules.data.build.Build`; a clause cited anywhere but defined nowhere is a
problem too.
"""

from __future__ import annotations

from ...data import sections as common
from ...data.build import Build, _choices, notation_of
from ...data.reader import Reader
from .ruleset import TortugaRuleset
from ...dsl.compiler import asking_program, internal_program
from ...dsl.types import SEAT, TEXT, list_of
from ...dsl.words import Vocabulary
from . import cardrules as card_sections
from . import sections
from .types import PLACE, SLOT

__all__ = ["build_ruleset"]

_EVENT = {"event": TEXT, "owner": SEAT, "cause": TEXT}

#: The engine's epilogue programs every ruleset has: the names each is started with.
BUILTINS = {
    "finish-action": {}, "finish-reveal": {"slot": SLOT, "card": TEXT}, "finish-vote": {},
    "start-play": {}, "begin-turn": {"seat": SEAT},
    "open-vote": {"kind": TEXT, "caller": SEAT},
    "ask": {**_EVENT, "caller": SEAT, "place": PLACE},
}
#: Names an epilogue may also be started with: a vote is held where it was called (games
#: saved before it was kept hold the vote where its caller stands).
OPTIONAL = {"open-vote": {"place": PLACE}}


def _builtins(vocabulary) -> dict:
    """The epilogue programs, and ``react``: the owner of cards answering an event chooses
    among ``answers`` (clause ``card.answers``), then the answer is carried out. (A vote's
    ``caller`` and ``place`` come along to ``react`` unchecked, being passed on to the
    answer's program, which checks them.)"""
    out = [internal_program(name, entry, vocabulary, OPTIONAL.get(name))
           for name, entry in BUILTINS.items()]
    out.append(asking_program("react", {**_EVENT, "answers": list_of(TEXT)}, vocabulary,
                              choice="answer", among="answers", chooser="owner",
                              clause="card.answers", then="respond",
                              bound={"answer": TEXT, "caller": SEAT, "place": PLACE}))
    return {p.key: p for p in out}


def build_ruleset(reader: Reader, data: dict, smap, cards: dict, options=None, *,
                  vocabulary: Vocabulary, engine_clauses: frozenset) -> TortugaRuleset | None:
    """The compiled Tortuga 1667 ruleset of ``data`` and ``cards``; ``None`` if a section
    has problems.

    ``options`` are the names of the options declared by the ruleset and its variants;
    ``vocabulary`` the game's DSL words and ``engine_clauses`` the clause ids its
    procedures cite (every ruleset must define them).
    """
    b = Build(reader, data, smap, options, vocabulary=vocabulary,
              engine_clauses=engine_clauses)
    b.add_clauses(data["clauses"], smap, ("clauses",))
    b.programs.update(_builtins(b.vocabulary))
    vote_cards, section_icons = card_sections.vote_cards(b, cards)
    events = card_sections.event_cards(b, cards)
    pmin, pmax = common.players(b)
    loyalty = sections.loyalty(b, cards, pmin, pmax)
    deck = sections.event_deck(b, events)
    treasure = sections.treasure(b)
    sections.setup_programs(b)
    after_reveal = sections.after_reveal(b)
    board = sections.board(b)
    actions = sections.actions(b)
    votes = sections.votes(b, section_icons)
    card_rules = card_sections.card_rules(b, events, deck)
    b.check_names("vote", votes, "vote")
    b.check_citations()
    if b.problems:
        return None
    setup = data["setup"]
    chests = sections.chest_counts(setup["chests"])
    choices = _choices(b.programs)
    return TortugaRuleset(
        id=data["id"], name=data["name"], description=data["description"],
        hash=reader.digest.hexdigest()[:16], min_players=pmin, max_players=pmax,
        loyalty=loyalty, hand_size=setup["hand_size"], deck=deck,
        pawn_order=sections.place_list(setup["pawns"]["order"]), treasure=treasure,
        chest_total=chests.pop("default"), chests_by_players=chests,
        first_player_ship=sections.place(setup["first_player"]["captain_of"]),
        **sections.turn(b), options={}, actions=actions,
        action_by_id={a.id: a for a in actions}, votes=votes,
        vote_cards=vote_cards, section_icons=section_icons, event_cards=events.cards,
        loyalty_names={d["team"]: d["name"] for d, _ in cards["loyalty"].values()},
        loyalty_glosses={d["team"]: d.get("gloss", {}) for d, _ in cards["loyalty"].values()},
        brethren=card_sections.brethren(cards), programs=b.programs, clauses=b.clauses,
        board=board, row_size=setup["events"]["row"], source=smap.file,
        loyalty_open=setup.get("loyalty_open", "none"), timer=dict(data.get("timer") or {}),
        choices=choices, notation=notation_of(actions, choices), after_reveal=after_reveal,
        vocabulary=b.vocabulary, **card_rules,
    )
