"""Building a :class:`~tortuga_rules.data.ruleset.Ruleset` from validated rules data.

The resolved rules document (a ruleset with its variants merged) and the card
files are turned into compiled tables section by section: the functions of
:mod:`tortuga_rules.data.sections` (players, setup, board, turn, actions, votes)
and :mod:`tortuga_rules.data.cards` (vote cards, event cards and the rules they
bring) each build one part, sharing a :class:`Build` that collects clauses,
clause citations, compiled programs and problems. :func:`build_ruleset` runs them
in order and assembles the result; a clause cited anywhere but defined nowhere is
a problem too.
"""

from __future__ import annotations

import attrs

from ..dsl.compiler import Program, Scope, builtin_program
from ..dsl.machine import CHOOSE
from ..dsl.words import Vocabulary
from ..dsl.types import ANY, join
from ..errors import did_you_mean
from ..model import notation
from . import cards as card_sections
from . import sections
from .overlay import LayeredMap
from .reader import Reader
from .ruleset import Clause, Ruleset
from .yamlsource import SourceMap

__all__ = ["Build", "build_ruleset", "BUILTINS"]

#: The engine's epilogue programs every ruleset has.
BUILTINS = ("finish-action", "finish-reveal", "finish-vote", "start-play", "begin-turn",
            "open-vote", "ask", "react")


class Build:
    """What the section builders share while building one ruleset.

    ``data`` is the resolved rules document and ``smap`` where each of its values
    came from. Sections add to ``clauses`` (id -> :class:`Clause`), ``programs``
    (key -> compiled program) and ``cited`` (every clause id a section or program
    refers to, with how to report it if it is not defined); every mistake goes to
    the reader's ``problems``.
    """

    def __init__(self, reader: Reader, data: dict, smap, options=None, *,
                 vocabulary: Vocabulary, engine_clauses: frozenset = frozenset()):
        self.reader = reader
        self.vocabulary = vocabulary  # the game's DSL words, handed to the compiler
        self.options = None if options is None else frozenset(options)
        self.problems = reader.problems
        self.data = data
        self.smap = smap
        self.clauses: dict[str, Clause] = {}
        self.cited: list = []  # (clause id, Problem-making callable)
        self.programs: dict[str, Program] = {}
        self.reworded: set = set()
        self.engine_clauses = engine_clauses  # clause ids the game's procedures cite
        if isinstance(smap, LayeredMap):  # clauses a variant rewords win over the card files'
            self.reworded = {cid for cid in data["clauses"]
                             if smap.locate(("clauses", cid))[0] != smap.base.file}

    def problem(self, path, message: str, smap=None):
        """Record a problem at ``path`` of ``smap`` (default: the rules document)."""
        self.problems.append((smap or self.smap).problem(path, message))

    def add_clauses(self, table: dict, cmap: SourceMap, path: tuple):
        """Define the clauses of ``table`` (a ruleset's or a card file's ``clauses``)."""
        for cid, c in table.items():
            if cid in self.reworded and cmap is not self.smap:
                continue
            if cid in self.clauses:
                self.problem(path + (cid,), f"clause {cid!r} is defined twice "
                                            f"(also in {self.clauses[cid].file})", cmap)
                continue
            self.clauses[cid] = Clause(cid, c["text"], c["source"], cmap.file)

    def cite(self, cid, cmap, path):
        """Note that the value at ``path`` of ``cmap`` refers to clause ``cid``."""
        if cid is not None:
            self.cited.append((cid, lambda msg: cmap.problem(path, msg)))

    def program(self, text, cmap, path, key: str, scope: Scope) -> Program | None:
        """Compile the DSL program at ``path``, note the clauses it cites and keep it."""
        scope = attrs.evolve(scope, vocabulary=self.vocabulary)
        if self.options is not None:
            scope = attrs.evolve(scope, options=self.options)
        prog = self.reader.dsl(text, cmap, path, key, scope)
        if prog is not None:
            self.cited.extend((cid, span.problem) for cid, span in prog.clauses)
            self.programs[prog.key] = prog
        return prog

    def expr(self, text, cmap, path, names: dict, want=None):
        """Compile the DSL expression at ``path`` (``None`` on a problem).

        ``names`` maps the names bound to their types; ``want`` is the type its value must
        have (None: any).
        """
        return self.reader.expr(text, cmap, path, names, self.options, want,
                                vocabulary=self.vocabulary)

    def check_citations(self):
        """Every cited clause, and every clause the engine cites, must be defined."""
        for cid, make in self.cited:
            if cid not in self.clauses:
                problem = make(f"unknown clause {cid!r}{did_you_mean(cid, self.clauses)}")
                if problem not in self.problems:
                    self.problems.append(problem)
        for cid in sorted(self.engine_clauses - set(self.clauses)):
            self.problem(("clauses",), f"clause {cid!r} is missing: the engine cites it")


def build_ruleset(reader: Reader, data: dict, smap, cards: dict, options=None, *,
                  vocabulary: Vocabulary, engine_clauses: frozenset) -> Ruleset | None:
    """The compiled Tortuga 1667 ruleset of ``data`` and ``cards``; ``None`` if a section
    has problems.

    ``options`` are the names of the options declared by the ruleset and its variants;
    ``vocabulary`` the game's DSL words and ``engine_clauses`` the clause ids its
    procedures cite (every ruleset must define them).
    """
    b = Build(reader, data, smap, options, vocabulary=vocabulary,
              engine_clauses=engine_clauses)
    b.add_clauses(data["clauses"], smap, ("clauses",))
    for name in BUILTINS:
        p = builtin_program(name, b.vocabulary)
        b.programs[p.key] = p
    vote_cards, section_icons = card_sections.vote_cards(b, cards)
    events = card_sections.event_cards(b, cards)
    pmin, pmax = sections.players(b)
    loyalty = sections.loyalty(b, cards, pmin, pmax)
    deck = sections.event_deck(b, events)
    treasure = sections.treasure(b)
    sections.setup_programs(b)
    after_reveal = sections.after_reveal(b)
    board = sections.board(b)
    actions = sections.actions(b)
    votes = sections.votes(b, section_icons)
    card_rules = card_sections.card_rules(b, events, deck)
    b.check_citations()
    if b.problems:
        return None
    setup = data["setup"]
    chests = sections.chest_counts(setup["chests"])
    choices = _choices(b.programs)
    signatures = {a.id: tuple((p.name, _is_seat(p.type)) for p in a.params) for a in actions}
    notation.record_signatures(signatures, {n for n, t in choices.items() if _is_seat(t)},
                               {n for n, t in choices.items() if not _is_seat(t)})
    return Ruleset(
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
        choices=choices, signatures=signatures, after_reveal=after_reveal,
        vocabulary=b.vocabulary, **card_rules,
    )


def _choices(programs) -> dict:
    """Each name a ``choose`` binds, with the type of its values (joined over programs)."""
    out: dict = {}
    for program in programs.values():
        bound = dict(program.bound)
        for ins in program.code:
            if ins[0] == CHOOSE:
                t = bound.get(ins[1], ANY)
                out[ins[1]] = join(out[ins[1]], t) if ins[1] in out else t
    return out


def _is_seat(t) -> bool:
    return t is not None and t.name == "seat"
