"""The games this engine plays: what a game package hands the shared core, and the registry.

The core (model, procedures, DSL, data, game loop, tools) knows no game by name. A game
package (``tortuga_rules/games/<game>/``) describes itself with one :class:`GameKind` and
registers it here when the package is imported; the core finds it by the id a rules file
names (``game: tortuga-dice``; a file naming none is Tortuga 1667's) and, once a ruleset
is built, through ``Ruleset.game``. Nothing in the core imports a game package: this
registry is filled from above, like :func:`~tortuga_rules.model.state.install_loader`.

What a game supplies, in the words of OpenSpiel, TAG and boardgame.io: its state class
(the engine's fields plus its own, each declared once with who may see it), its DSL
vocabulary, how its rules data is built, its setup, its per-seat view, its position
checks, and what a finished game is worth to each seat (``returns``). Optional
capabilities are ``None`` when a game has none, so a tool can say "not available for this
game" instead of failing.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..errors import UnknownRulesetError, did_you_mean
from .names import NAMES

__all__ = ["GameKind", "DiffGuide", "register", "game_kind", "game_ids", "DEFAULT_GAME"]

#: The game of a rules file that names none (every file written before there were two).
DEFAULT_GAME = "tortuga-1667"


@attrs.frozen
class DiffGuide:
    """How ``diff`` reads a game's rules data (``GameKind.diff``).

    ``clauses``: ``((path prefix, clause), ...)``, the clause a part of the data implements
    where the data does not say (first match wins); ``sections``: top-level key -> the
    section its differences are shown in; ``card_paths``: path prefixes shown among "cards
    and counts"; ``end_options``: options shown under "end of game";
    ``data_clause(path, a, b)``: the clause of one difference where the game knows better
    (None: no say; ``""``: none); ``rows(a, b, show, missing)``: the game's own rows
    (``show`` formats a value, ``missing`` stands for an absent one).
    """

    clauses: tuple = ()
    sections: dict = attrs.field(factory=dict)
    card_paths: tuple = ()
    end_options: tuple = ()
    data_clause: Callable | None = None
    rows: Callable | None = None


@attrs.frozen
class GameKind:
    """One game the engine plays: its id, name, state class and the functions behind the seam.

    Required: ``state`` (a :class:`~tortuga_rules.model.state.GameState` subclass whose
    fields carry their visibility, see :mod:`~tortuga_rules.model.fields`), ``vocabulary``
    (its DSL words), ``schema`` (the JSON Schema its rules files are checked with),
    ``build(reader, data, smap, options) -> Ruleset`` (its rules data compiled),
    ``new_game(rules, players, seed, **extra) -> state``,
    ``view(state, seat, lang, names, choices=True) -> dict``,
    ``problems(state, scenario) -> [str]`` (a position's inconsistencies) and
    ``returns(state) -> (float, ...)`` (per seat, once the game is over).

    Optional (``None``: the game does not offer it): ``determinize(state, seat, rng)``,
    ``heuristic(state, seat) -> float`` (a search cut-off), ``side(state, seat) -> str``
    (how balance tables group seats, and search which seats share a result),
    ``playout``/``prior`` (search's rules of thumb), ``actions``/``observer`` (numbered
    actions and observations for learning agents). ``settled(state)`` says whether nothing is under way
    in a position (a saved or scenario position is played on until it is, and must stay
    consistent); by default every position is.
    """

    id: str
    name: str
    state: type = attrs.field(repr=False)
    vocabulary: Any = attrs.field(repr=False)
    schema: str
    build: Callable = attrs.field(repr=False)
    new_game: Callable = attrs.field(repr=False)
    view: Callable = attrs.field(repr=False)
    problems: Callable = attrs.field(repr=False)
    returns: Callable = attrs.field(repr=False)
    determinize: Callable | None = attrs.field(default=None, repr=False)
    heuristic: Callable | None = attrs.field(default=None, repr=False)
    side: Callable | None = attrs.field(default=None, repr=False)
    settled: Callable = attrs.field(default=lambda state: True, repr=False)
    #: the JSON Schema a saved game of it is checked with
    save_schema: str = "savegame"
    #: the names of its enum values, as saved games spell them (see ``decode_value``)
    enums: dict = attrs.field(factory=dict, repr=False)
    #: its own built-in players: name -> (class taking ``(seed, **params)``, parameter types)
    bots: dict = attrs.field(factory=dict, repr=False)
    #: whether its rules use the card folders (``cards/``) of Tortuga 1667's layout
    cards: bool = False
    #: the fewest and most players any of its rulesets allows (boardgame.io's min/maxPlayers)
    players: tuple = (2, 4)
    #: search's playout policy, ``(rollout, legal, rnd) -> action`` (None: uniformly random)
    playout: Callable | None = attrs.field(default=None, repr=False)
    #: the native engine's name for the same playout policy (``NativeGame.play_out``; the
    #: same draws, the same actions: tested), if it has one
    native_playout: str | None = None
    #: search's prior, ``(state, seat) -> (action -> float)``: how good an action looks at a
    #: glance, about -1..1 (None: every action alike)
    prior: Callable | None = attrs.field(default=None, repr=False)
    #: numbered actions for learning agents, ``(rules, players) -> iterable of Action``:
    #: every action a game of ``rules`` can ever offer (see ``game.action_space``)
    actions: Callable | None = attrs.field(default=None, repr=False)
    #: an observation encoder for learning agents, ``(rules, players) -> encoder`` with
    #: ``size``, ``names()`` and ``encode(view) -> list of ints`` (see ``rl.observation``)
    observer: Callable | None = attrs.field(default=None, repr=False)
    #: its narrator, ``(rules, lang=...) -> narrator`` with ``event(ev) -> str`` (a log event
    #: as a sentence citing its clause) - the words tools print its log in
    narrator: Callable | None = attrs.field(default=None, repr=False)
    #: how the engine answers a decision of the game's own kind (neither a turn ``action``
    #: nor a ``choose``; Tortuga 1667's ``vote`` cards): ``(machine, decision, action) ->
    #: bool``, whether programs were pushed to run (False: the step is already complete)
    answer: Callable | None = attrs.field(default=None, repr=False)
    #: a rules lawyer's scenario position: ``(rules, players, seed, position, smap,
    #: problems, path, warnings=list) -> state or None`` (problems and warnings located in
    #: the scenario file)
    position: Callable | None = attrs.field(default=None, repr=False)
    #: checks one of its card files on its own (the lint tool): ``(reader, rules, data,
    #: smap) -> None``, problems to the reader (None: its rules have no card files)
    check_card: Callable | None = attrs.field(default=None, repr=False)
    #: the roles a seat holds, ``(state, seat) -> frozenset`` (a turn action names the role
    #: it needs; None: every seat may take every action)
    roles: Callable | None = attrs.field(default=None, repr=False)
    #: a decision of its own kind (see ``answer``): its options, ``(state) -> actions``,
    #: and why an action is refused, ``(state, action, seat) -> (reason, clause, remedy)``
    options: Callable | None = attrs.field(default=None, repr=False)
    refusal: Callable | None = attrs.field(default=None, repr=False)
    #: its log's vocabulary: event kinds with their named fields (a
    #: :class:`~tortuga_rules.model.events.Catalogue`; None: the engine's own kinds only)
    events: Any = attrs.field(default=None, repr=False)
    #: its rulebook's chapters, ``(rules, lang) -> [(heading, clauses), ...]`` (None: clauses
    #: grouped by their id's first two parts)
    chapters: Callable | None = attrs.field(default=None, repr=False)
    #: how ``diff`` reads its rules data (None: every difference under its top-level key)
    diff: DiffGuide | None = attrs.field(default=None, repr=False)
    #: its tables described to the native engine, ``(rules, expression) -> dict`` where
    #: ``expression(closure)`` describes a compiled expression (None: the native engine runs
    #: it only if it is written with the component kit; see ``game/native.py``)
    native: Callable | None = attrs.field(default=None, repr=False)
    #: its determinisation in the native engine, ``(native game, rules, seat, generator) ->
    #: (native game of a world, each seat's side)``: the same world ``determinize`` draws
    #: with the same generator (tested), for search (None: worlds are drawn in Python)
    native_sample: Callable | None = attrs.field(default=None, repr=False)


_GAMES: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Make ``kind`` known by its id (a game package does this once, when imported)."""
    _GAMES[kind.id] = kind
    NAMES.update(kind.enums)
    return kind


def game_kind(game_id: str) -> GameKind:
    """The registered game called ``game_id``; an :class:`UnknownRulesetError` naming the
    known ones otherwise."""
    kind = _GAMES.get(game_id)
    if kind is None:
        raise UnknownRulesetError(f"unknown game {game_id!r:.60}{did_you_mean(str(game_id), _GAMES)}"
                                  f"; the games are: {', '.join(sorted(_GAMES))}")
    return kind


def game_ids() -> tuple:
    """The ids of every registered game, sorted."""
    return tuple(sorted(_GAMES))
