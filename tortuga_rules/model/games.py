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

A game may also be data alone: a :class:`Family` (the component kit's, registered above
the core) says which rules files are written on a shared equipment, and such a file naming
a ``game:`` no package registers gets a ``GameKind`` made of the family's generic parts
(:func:`data_game`), registered once its rules compile (:func:`keep_data_game`). Those
registrations are bounded (:data:`DATA_GAMES`) and each id belongs to one file.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from ..errors import UnknownRulesetError, did_you_mean
from .names import NAMES, Named

if TYPE_CHECKING:  # the types of what a game hands the core, from the layers above it
    from ..data.reader import Reader
    from ..data.ruleset import Ruleset
    from ..data.yamlsource import SourceMap
    from ..dsl.machine import Machine
    from ..dsl.words import Vocabulary
    from ..game.rollout import Rollout
    from .actions import Action
    from .events import Catalogue
    from .state import Decision, GameState

__all__ = ["GameKind", "DiffGuide", "View", "Position", "Narrating", "Encoder", "register", "game_kind", "game_ids", "DEFAULT_GAME",
           "Family", "register_family", "family_of", "data_game", "keep_data_game",
           "DATA_GAMES"]

#: A game's state class: each of its functions takes its own (``GameKind[KitState]``).
S = TypeVar("S", bound="GameState")
S_contra = TypeVar("S_contra", bound="GameState", contravariant=True)


class View(Protocol[S_contra]):
    """``GameKind.view``: what ``seat`` may know of ``state`` (None: the referee, a
    negative seat: a spectator) as JSON-ready data, in ``lang`` (None: names only)."""

    def __call__(self, state: S_contra, seat: int | None, lang: str | None, /,
                 names: Sequence[str] | None = None, choices: bool = True
                 ) -> dict[str, Any]: ...


class Position(Protocol):
    """``GameKind.position``: a rules lawyer's scenario position (None, with problems and
    warnings located in the scenario file at ``path``, if it is wrong)."""

    def __call__(self, rules: Ruleset, players: int, seed: int, pos: dict[str, Any],
                 smap: SourceMap, problems: list[Any], path: Any, /,
                 warnings: list[Any] | None = None) -> GameState | None: ...


class Encoder(Protocol):
    """What ``GameKind.observer`` makes: a game's observations for learning agents."""

    size: int

    def names(self) -> Iterable[str]: ...

    def encode(self, view: dict[str, Any], /) -> list[int]: ...


class Narrating(Protocol):
    """``GameKind.narrator``: the words a game's log and labels are told in, in ``lang``
    with the players' ``names``. The narrator it makes has at least ``event(ev) -> str``
    (a log event as a sentence citing its clause) and ``glossary()``; tools reach a
    game's own sentences through it, so it is typed loosely."""

    def __call__(self, rules: Ruleset, *, lang: str = "en",
                 names: Sequence[str] | None = None) -> Any: ...


#: A decision's refusal of an action: ``(reason, clause, remedy)``.
Refusal = tuple[str, str | None, str | None]

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

    clauses: tuple[tuple[tuple[str, ...], str | None], ...] = ()
    sections: dict[str, str] = attrs.field(factory=dict)
    card_paths: tuple[tuple[str, ...], ...] = ()
    end_options: tuple[str, ...] = ()
    data_clause: Callable[[tuple[str, ...], Ruleset, Ruleset], str | None] | None = None
    rows: Callable[[Ruleset, Ruleset, Callable[[Any], str], Any], list[Any]] | None = None


@attrs.frozen
class GameKind(Generic[S]):
    """One game the engine plays: its id, name, state class and the functions behind the seam.

    Each function's signature is its field's annotation, so mypy checks every game's
    registration; ``GameKind[S]`` is generic in the game's state class ``S``, which its
    functions may take (the component kit's ``KitState``) rather than any ``GameState``.

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
    state: type[S] = attrs.field(repr=False)
    vocabulary: Vocabulary = attrs.field(repr=False)
    schema: str
    #: ``(reader, data, smap, options)``, with the card data before ``options`` for a game
    #: whose rules use the card folders (``cards``): the two arities keep it ``...``
    build: Callable[..., Ruleset | None] = attrs.field(repr=False)
    #: ``(rules, players, seed, **its own keywords)`` (Tortuga 1667's ``starred``): the
    #: keywords differ by game, so the parameters are ``...``
    new_game: Callable[..., GameState] = attrs.field(repr=False)
    view: View[S] = attrs.field(repr=False)
    problems: Callable[[S, bool], Iterable[str]] = attrs.field(repr=False)
    returns: Callable[[S], tuple[float, ...]] = attrs.field(repr=False)
    determinize: Callable[[S, int, random.Random], GameState] | None = attrs.field(
        default=None, repr=False)
    heuristic: Callable[[S, int], float] | None = attrs.field(default=None, repr=False)
    side: Callable[[S, int], str] | None = attrs.field(default=None, repr=False)
    #: the sides ``side`` gives, in the order reports list them (Tortuga 1667's teams); a
    #: side not named here follows, sorted (a game of scores: ``seat 1``, ``seat 2``, ...)
    sides: tuple[str, ...] = ()
    settled: Callable[[S], bool] = attrs.field(default=lambda state: True, repr=False)
    #: the JSON Schema a saved game of it is checked with
    save_schema: str = "savegame"
    #: the names of its enum values, as saved games spell them (see ``decode_value``)
    enums: dict[str, Named] = attrs.field(factory=dict, repr=False)
    #: its own built-in players: name -> (class taking ``(seed, **params)``, parameter types)
    bots: dict[str, tuple[Callable[..., Any], dict[str, type]]] = attrs.field(factory=dict,
                                                                            repr=False)
    #: whether its rules use the card folders (``cards/``) of Tortuga 1667's layout
    cards: bool = False
    #: the fewest and most players any of its rulesets allows (boardgame.io's min/maxPlayers)
    players: tuple[int, int] = (2, 4)
    #: search's playout policy, ``(rollout, legal, rnd) -> action`` (None: uniformly random)
    playout: Callable[[Rollout, tuple[Action, ...], random.Random], Action] | None = attrs.field(
        default=None, repr=False)
    #: the native engine's name for the same playout policy (``NativeGame.play_out``; the
    #: same draws, the same actions: tested), if it has one
    native_playout: str | None = None
    #: search's prior, ``(state, seat) -> (action -> float)``: how good an action looks at a
    #: glance, about -1..1 (None: every action alike)
    prior: Callable[[S, int], Callable[[Action], float]] | None = attrs.field(
        default=None, repr=False)
    #: whether the native engine scores ``prior`` itself (``Hosted::prior``,
    #: ``native/src/py/hosted.rs``: the same totals, tested), in a world its
    #: ``native_sampler`` draws - then a native search starts its root with no call into
    #: Python (False: the prior is scored in Python and handed over)
    native_prior: bool = False
    #: numbered actions for learning agents, ``(rules, players) -> iterable of Action``:
    #: every action a game of ``rules`` can ever offer (see ``game.action_space``)
    actions: Callable[[Ruleset, int], Iterable[Action]] | None = attrs.field(default=None,
                                                                             repr=False)
    #: an observation encoder for learning agents, ``(rules, players) -> encoder`` with
    #: ``size``, ``names()`` and ``encode(view) -> list of ints`` (see ``rl.observation``)
    observer: Callable[[Ruleset, int], Encoder] | None = attrs.field(default=None, repr=False)
    #: its narrator, ``(rules, lang=...) -> narrator`` with ``event(ev) -> str`` (a log event
    #: as a sentence citing its clause) - the words tools print its log in
    narrator: Narrating | None = attrs.field(default=None, repr=False)
    #: how the engine answers a decision of the game's own kind (neither a turn ``action``
    #: nor a ``choose``; Tortuga 1667's ``vote`` cards): ``(machine, decision, action) ->
    #: bool``, whether programs were pushed to run (False: the step is already complete)
    answer: Callable[[Machine, Decision, Action], bool] | None = attrs.field(default=None,
                                                                             repr=False)
    #: a rules lawyer's scenario position: ``(rules, players, seed, position, smap,
    #: problems, path, warnings=list) -> state or None`` (problems and warnings located in
    #: the scenario file)
    position: Position | None = attrs.field(default=None, repr=False)
    #: checks one of its card files on its own (the lint tool): ``(reader, rules, data,
    #: smap) -> None``, problems to the reader (None: its rules have no card files)
    check_card: Callable[[Reader, Ruleset, dict[str, Any], SourceMap], None] | None = \
        attrs.field(default=None, repr=False)
    #: the roles a seat holds, ``(state, seat) -> frozenset`` (a turn action names the role
    #: it needs; None: every seat may take every action)
    roles: Callable[[S, int], frozenset[str]] | None = attrs.field(default=None,
                                                                          repr=False)
    #: a decision of its own kind (see ``answer``): its options, ``(state) -> actions``,
    #: and why an action is refused, ``(state, action, seat) -> (reason, clause, remedy)``
    options: Callable[[S], tuple[Action, ...]] | None = attrs.field(default=None,
                                                                           repr=False)
    refusal: Callable[[S, Action, int | None], Refusal] | None = attrs.field(
        default=None, repr=False)
    #: its log's vocabulary: event kinds with their named fields (a
    #: :class:`~tortuga_rules.model.events.Catalogue`; None: the engine's own kinds only)
    events: Catalogue | None = attrs.field(default=None, repr=False)
    #: its rulebook's chapters, ``(rules, lang) -> [(heading, clauses), ...]`` (None: clauses
    #: grouped by their id's first two parts)
    chapters: Callable[[Ruleset, str], list[tuple[str, Any]]] | None = attrs.field(
        default=None, repr=False)
    #: how ``diff`` reads its rules data (None: every difference under its top-level key)
    diff: DiffGuide | None = attrs.field(default=None, repr=False)
    #: its tables described to the native engine, ``(rules, expression) -> dict`` where
    #: ``expression(closure)`` describes a compiled expression (None: the native engine runs
    #: it only if it is written with the component kit; see ``game/native.py``)
    native: Callable[[Ruleset, Callable[[Any], Any]], dict[str, Any]] | None = attrs.field(
        default=None, repr=False)
    #: its determinisation in the native engine, ``(native game, rules, seat, generator) ->
    #: (native game of a world, each seat's side)``: the same world ``determinize`` draws
    #: with the same generator (tested), for search (None: worlds are drawn in Python)
    native_sample: Callable[[Any, Ruleset, int, Any], tuple[Any, tuple[str, ...]]] | None = \
        attrs.field(default=None, repr=False)
    #: the same determinisation with no call into Python, for the search's iterations:
    #: ``(rules, seat) -> (name, arguments)``, the native engine's ``NativeSampler.<name>
    #: (seat, ...)`` with the game's parameters bound, drawing the world and sides
    #: ``native_sample`` draws from the same seed (tested; None: ``native_sample`` draws them)
    native_sampler: Callable[[Ruleset, int], tuple[str, tuple[Any, ...]]] | None = \
        attrs.field(default=None, repr=False)
    #: the options its own procedures read (not a program's ``option(...)``): lint does not
    #: call them unread where a rules file declares them
    engine_options: tuple[str, ...] = ()


@attrs.frozen
class Family:
    """Games written in data alone on a shared equipment (the component kit): a rules file
    with the ``marker`` section that names a ``game:`` no package registers is a new game
    of the family, made by ``make(game_id, name, players) -> GameKind`` on the fly."""

    schema: str
    marker: str
    make: Callable[[str, str, tuple[int, int]], GameKind[Any]] = attrs.field(repr=False)


#: How many games read from rules files (not a package's) one process keeps registered:
#: the oldest claim is forgotten past it (its rulesets keep their ``GameKind``).
DATA_GAMES = 64

_GAMES: dict[str, GameKind[Any]] = {}
_FAMILIES: dict[str, Family] = {}
#: the data games registered, oldest first: id -> the rules file that made it
_DATA: OrderedDict[str, str] = OrderedDict()


def register(kind: GameKind[S]) -> GameKind[S]:
    """Make ``kind`` known by its id (a game package does this once, when imported)."""
    _GAMES[kind.id] = kind
    NAMES.update(kind.enums)
    return kind


def register_family(family: Family) -> Family:
    """Make the games of ``family`` possible (done once, above the core)."""
    _FAMILIES[family.marker] = family
    return family


def family_of(data: dict[str, Any]) -> Family | None:
    """The family whose marker section rules ``data`` have (None: none)."""
    return next((f for marker, f in _FAMILIES.items() if marker in data), None)


def data_game(family: Family, game_id: str, name: str, players: tuple[int, int],
              source: str) -> GameKind[Any]:
    """The game ``game_id`` of ``family`` written in the rules file ``source``: the one
    registered, or a new one (registered by :func:`keep_data_game` once its rules compile,
    so a broken file registers nothing).

    An :class:`UnknownRulesetError` if a package's game has that id, or another file's
    game does (one id, one file, for as long as the process keeps it: see
    :data:`DATA_GAMES`).
    """
    owner = _DATA.get(game_id)
    if game_id in _GAMES and owner is None:
        raise UnknownRulesetError(f"game {game_id!r} is a game of this engine's own, not one a "
                                  f"rules file may define; name a new game id")
    if owner is not None and owner != source:
        raise UnknownRulesetError(f"game {game_id!r} is already defined by {owner[:200]}; a "
                                  f"new game needs an id of its own")
    kind = _GAMES.get(game_id)
    if kind is not None:  # its file's game: the players any of its rulesets allows
        players = (min(kind.players[0], players[0]), max(kind.players[1], players[1]))
    pair = (players[0], players[1])  # a list read from a rules file, too
    if kind is None or (kind.name, kind.players) != (name, pair):
        kind = family.make(game_id, name, pair)
    return kind


def keep_data_game(kind: GameKind[Any], source: str) -> GameKind[Any]:
    """Register ``kind``, a game the rules file ``source`` defines (see :func:`data_game`),
    forgetting the oldest such game past :data:`DATA_GAMES`."""
    if _GAMES.get(kind.id) is not kind:
        register(kind)
    _DATA[kind.id] = source
    _DATA.move_to_end(kind.id)
    while len(_DATA) > DATA_GAMES:
        old, _ = _DATA.popitem(last=False)
        _GAMES.pop(old, None)
    return kind


def game_kind(game_id: str) -> GameKind[Any]:
    """The registered game called ``game_id``; an :class:`UnknownRulesetError` naming the
    known ones otherwise."""
    kind = _GAMES.get(game_id)
    if kind is None:
        raise UnknownRulesetError(f"unknown game {game_id!r:.60}{did_you_mean(str(game_id), _GAMES)}"
                                  f"; the games are: {', '.join(sorted(_GAMES))}")
    return kind


def game_ids(data: bool = True) -> tuple[str, ...]:
    """The ids of every registered game, sorted (``data=False``: only the packages')."""
    return tuple(sorted(g for g in _GAMES if data or g not in _DATA))
