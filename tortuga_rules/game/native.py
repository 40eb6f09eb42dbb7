"""The native engine: the same compiled rules, run in Rust (``tortuga_rules._native``).

The Python engine is the reference. The native engine is an optional build
(``TORTUGA_RULES_NATIVE=1 pip install .``, see docs/engine.md): a VM that runs a
ruleset's compiled programs - the compiler's flat instructions, each expression as the
tree the compiler also writes (:attr:`~tortuga_rules.dsl.compiler.Program.ir`) - over a
native state, with the DSL words implemented natively. This module is the bridge:

* :func:`engine` - which engine plays (``TORTUGA_RULES_ENGINE=python`` picks the
  reference even where the native engine is built);
* :func:`native_rules` - the native engine's copy of a ruleset, made once per ruleset
  from its rules description (:mod:`~tortuga_rules.game.nativeformat`, the one way in;
  any thread may use the extension's values: see the note on threads in
  ``native/src/py/rules.rs``), or None when it cannot run it; :func:`why_python` says why (a
  word it does not know, a value it does not hold), so a fallback is never silent;
* :func:`open_game` - a state handed to the native engine, and :func:`fields` the
  state's fields taken back, equal to what the Python engine computes
  (``tests/test_native.py`` steps both in lockstep).

The native engine knows the component kit's words (the Tortuga dice game and any game or
house rule written with them) and Tortuga 1667's (its verbs, functions and rule
procedures, described to it by ``GameKind.native``); a ruleset calling a word it does not
know runs on the reference engine, and :func:`why_python` says so.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterator

import random

from ..dsl.machine import BUDGET_TEXT, INTERNAL_TEXT, step_failure
from ..data.ruleset import MEMOS, Ruleset
from . import nativeformat
from ..errors import RiggedError, RulesError
from ..model.actions import Action
from ..model.state import Decision, Frame, GameState, Outcome, Vote

if TYPE_CHECKING:
    from .._native import Generator, NativeGame, NativeRules
    from ..model.games import GameKind
    from .backed import Position
    from .rollout import Rollout

__all__ = ["ENGINE_VARIABLE", "engine", "built", "extension", "describe", "native_rules", "why_python",
           "open_game", "fields", "state_of", "outcome", "actions", "observation", "failure",
           "NATIVE_FAILURES", "generator", "is_generator", "play_out", "search",
           "draws_prior", "events", "index_of"]

#: The environment variable that picks the engine: ``python`` (the reference) or
#: ``native`` (the default where it is built).
ENGINE_VARIABLE = "TORTUGA_RULES_ENGINE"

_KEY = "native"


def _module() -> ModuleType | None:
    """The extension, loaded by name: it is not a module of the package's layers (it
    imports nothing of the package) but a compiled library, present only in the native
    build. (Looked for once: a search asks many times an iteration.)"""
    if not _LOADED:
        try:
            mod = importlib.import_module("tortuga_rules._native")
        except ImportError:
            mod = None
        if mod is not None:  # the reference's memos share the native memos' budget
            mod.share_memos(MEMOS)
        _LOADED.append(mod)
    return _LOADED[0]


def extension() -> ModuleType | None:
    """The native extension, where it is built (whichever engine plays), else None. It
    keeps the one budget of every legal-action memo of the process, both engines'
    (``game/legality.py``), and empties them all when it is spent."""
    return _module()


_LOADED: list[ModuleType | None] = []  # the extension, or None, once looked for


def built() -> bool:
    """Whether the native engine is installed."""
    return _module() is not None


def _setting() -> str | None:
    """The environment's :data:`ENGINE_VARIABLE`, as ``os.environ`` holds it now. Read from
    the table ``os.environ`` keeps (CPython's ``_Environ``; setting or deleting through
    ``os.environ`` updates it) where there is one: ``os.environ.get`` encodes the name and
    decodes the value on every call, and every new game asks."""
    table, name = _ENVIRON
    if table is None:
        return os.environ.get(ENGINE_VARIABLE)
    raw = table.get(name)
    return None if raw is None else os.environ.decodevalue(raw)


def _environ() -> tuple[dict[Any, Any], Any] | tuple[None, None]:
    """``(os.environ's own table, the variable's name as a key of it)``, or ``(None,
    None)`` where ``os.environ`` is not CPython's ``_Environ``."""
    try:
        table = os.environ._data  # type: ignore[attr-defined]
        name = os.environ.encodekey(ENGINE_VARIABLE)
        os.environ.decodevalue  # noqa: B018 - present?
    except AttributeError:
        return None, None
    return (table, name) if isinstance(table, dict) else (None, None)


_ENVIRON = _environ()


def engine() -> str:
    """The engine that plays: ``"native"`` where it is built and not turned off, else
    ``"python"``."""
    wanted = _setting()
    if wanted is not None and wanted.strip().lower() == "python" or not built():
        return "python"
    return "native"


@contextlib.contextmanager
def on_engine(name: str) -> Iterator[None]:
    """Within: the public API plays on engine ``name`` (``python`` or ``native``), as
    :data:`ENGINE_VARIABLE` says; the setting it replaced comes back after."""
    was = os.environ.get(ENGINE_VARIABLE)
    os.environ[ENGINE_VARIABLE] = name
    try:
        yield
    finally:
        if was is None:
            del os.environ[ENGINE_VARIABLE]
        else:
            os.environ[ENGINE_VARIABLE] = was


def describe() -> str:
    """The engine in words, for ``tortuga-rules --version``."""
    mod = _module()
    if mod is None:
        return "python (the native engine is not built)"
    if engine() == "python":
        return f"python ({ENGINE_VARIABLE}=python; native {mod.__version__} built)"
    return f"native {mod.__version__} (Rust; the reference plays the rules it cannot run)"


def native_rules(rules: Ruleset) -> NativeRules | None:
    """The native engine's copy of ``rules``, or None where it is not used (not built,
    turned off, or it cannot run them: :func:`why_python`)."""
    if engine() != "native":
        return None
    made: _Made | None = rules.engines.get(_KEY)
    if made is None:
        made = rules.engines[_KEY] = _make(rules)
    return made[0]


def why_python(rules: Ruleset) -> str | None:
    """Why ``rules`` run on the Python engine, or None when the native engine runs them."""
    mod = _module()
    if mod is None:
        return "the native engine is not built"
    if engine() == "python":
        return f"{ENGINE_VARIABLE}=python"
    native_rules(rules)
    made: _Made = rules.engines[_KEY]
    return made[1]


#: What :func:`_make` made of a ruleset (kept in its ``engines``): the native rules and
#: None, or None and why not.
_Made = tuple["NativeRules", None] | tuple[None, str]


def _make(rules: Ruleset) -> _Made:
    """``(native rules, None)``, or ``(None, why not)``: the rules described (format v1,
    :mod:`~tortuga_rules.game.nativeformat`) and read back by the native engine - the one
    way rules reach it."""
    mod = _module()
    theirs = getattr(mod, "FORMAT_VERSION", None)
    if mod is None or theirs != nativeformat.FORMAT_VERSION:  # (mod is there: it plays)
        return None, (f"the native engine is a stale build: it reads rules descriptions of "
                      f"format version {theirs}, this package writes "
                      f"{nativeformat.FORMAT_VERSION} (build it again)")
    try:
        text = nativeformat.dumps(nativeformat.describe(rules))
    except nativeformat.NotNativeError as exc:
        return None, f"the native engine does not know {exc.what}"
    try:
        made: NativeRules = mod.NativeRules.from_json(text)
    except ValueError as exc:  # what the extension refused
        return None, f"the native engine cannot run the rules: {exc}"
    _name_members(mod, rules.game)
    return made, None


def _name_members(mod: ModuleType, game: GameKind[Any] | None) -> None:
    """Hand the extension the game's named values (its ``IntEnum`` members), which the
    rules description names by number only, so it hands the members back."""
    by_class: dict[str, list[tuple[int, Any]]] = {}
    for member in (game.enums if game is not None else {}).values():
        by_class.setdefault(type(member).__name__, []).append((int(member), member))
    for name, members in by_class.items():
        mod.name_members(name, members)


# -- states across ------------------------------------------------------------------------------

def open_game(state: GameState, record: bool = False) -> NativeGame | None:
    """The native engine's game at ``state`` (None where the native engine does not run
    its rules, or cannot hold this position - then the reference plays it)."""
    held: Position | None = state.__dict__.get("_native")
    if held is not None:  # a state the native engine made: no reading (and, like
        return held.game.reopened(bool(record))  # apply_action, it stays native)
    rules = native_rules(state.rules)
    if rules is None:
        return None
    f = state._plain()
    d, o, v = f["decision"], f["outcome"], f.get("vote")
    f["decision"] = None if d is None else (d.seat, d.kind, d.name, d.options, d.clause)
    f["outcome"] = None if o is None else (o.winners, o.totals, o.reason, o.scores)
    if v is not None:
        f["vote"] = (v.kind, v.caller, v.place, v.participants, v.played, v.revealed)
    try:
        return rules.game(f, bool(record))
    except ValueError:  # a value it does not hold (a scenario's odd position)
        return None


def fields(game: NativeGame, rules: Ruleset) -> dict[str, Any]:
    """The fields of the state ``game`` (a native game) is at, as the reference holds them."""
    f = game.fields()
    d = f["decision"]
    f["decision"] = None if d is None else Decision(*d)
    f["frames"] = tuple([Frame(*fr) for fr in f["frames"]])
    f["outcome"] = _outcome(f["outcome"])
    v = f.get("vote")
    if v is not None:
        f["vote"] = Vote(*v)
    if f["events"]:
        f["events"] = tuple(_event(e) for e in f["events"])
    f["rules"] = rules
    f["ruleset"] = rules.id
    return f


def outcome(game: NativeGame) -> Outcome | None:
    """How a native game ended, or None while it goes on."""
    return _outcome(game.outcome)


def _outcome(o: tuple[Any, ...] | None) -> Outcome | None:
    return None if o is None else Outcome(*o)


def generator(seed: Any) -> Any:
    """A generator drawing what ``random.Random(seed)`` draws - ``random``,
    ``getrandbits``, ``randrange(n)``, ``shuffle``, ``getstate``, ``setstate`` - its state
    kept in the native engine (native playouts draw from it in place; it shuffles without
    the interpreter), or a ``random.Random`` where the native engine is not used."""
    mod = _module()
    if mod is None or engine() != "native":
        return random.Random(seed)
    if type(seed) is int:
        return mod.Generator.seeded(seed)
    return mod.Generator(random.Random(seed).getstate())


def index_of(items: tuple[Any, ...], item: object) -> int | None:
    """Where the very object ``item`` stands in ``items`` (identity, not equality), found
    by the native engine; None where it is not there or the native engine is not built
    (the caller then looks by equality: a tuple's own ``index`` compares each action
    before it, the largest cost of a step's Python)."""
    mod = _module()
    if mod is None:
        return None
    at: int | None = mod.index_of(items, item)
    return at


def is_generator(rnd: object) -> bool:
    """Whether ``rnd`` is a generator made by :func:`generator` in the native engine."""
    # a plain truth value, not a TypeGuard: mypyc compiles some of its callers (rollout),
    # and no narrowing to the extension's class must reach a build that may lack it
    mod = _module()
    return mod is not None and isinstance(rnd, mod.Generator)


def play_out(game: NativeGame, policy: str, rnd: random.Random | Generator, depth: int) -> int:
    """Play the native game ``game`` on by the native playout policy ``policy`` for at
    most ``depth`` decisions, drawing from ``rnd`` - a :func:`generator`, or a Python
    ``random.Random`` (left as the reference policy would leave it); the decisions taken."""
    if not isinstance(rnd, random.Random):  # then a native generator (the caller checked)
        return int(game.play_out_drawing(policy, rnd, depth))
    version, words, gauss = rnd.getstate()
    steps, after = game.play_out(policy, words, depth)
    rnd.setstate((version, tuple(after), gauss))
    return int(steps)


def search(real: NativeGame, me: str, rnd: Any, sample: Callable[[int], tuple[Any, ...]],
           judge: Callable[[Any], Any], policy: str, depth: int, c: float,
           prior: tuple[float, list[float]] | None, drawn: Any = None,
           drawn_prior: tuple[float, int] | None = None) -> Any:
    """The search player's iterations in the native engine (``NativeSearch``,
    ``native/src/py/search.rs``) from the real position ``real`` for the observer on side
    ``me``, drawing from the native generator ``rnd``: worlds from the native sampler
    ``drawn`` (:func:`sampler`) if given, else from ``sample(seed)``, results the native
    engine does not judge by ``judge(world)``; the root's children started by ``prior``
    (``(visits, totals)``) or, scored natively (:func:`draws_prior`), ``drawn_prior``
    (``(visits, seed)``: the game's prior in ``drawn``'s world of ``seed``); see
    ``bots/ismcts.py``."""
    mod = _module()
    assert mod is not None  # the caller holds a native game
    if drawn_prior is not None:
        return mod.NativeSearch(real, me, rnd, sample, judge, policy, depth, c, None, drawn,
                                drawn_prior)
    if drawn is None:  # a build with no native samplers takes no such argument
        return mod.NativeSearch(real, me, rnd, sample, judge, policy, depth, c, prior)
    return mod.NativeSearch(real, me, rnd, sample, judge, policy, depth, c, prior, drawn)


def draws_prior() -> bool:
    """Whether this build's native search scores a game's prior itself (``drawn_prior``
    of :func:`search`; a build before it did not)."""
    return getattr(getattr(_module(), "NativeSearch", None), "DRAWS_PRIOR", False) is True


def sampler(made: tuple[str, tuple[Any, ...]] | None) -> Any:
    """The native sampler a game's ``native_sampler`` describes (``(name, arguments)``:
    ``NativeSampler.<name>(*arguments)``), or None where it has none or the build lacks
    it (its worlds are then drawn through ``native_sample``)."""
    mod = _module()
    kinds = getattr(mod, "NativeSampler", None)
    if made is None or kinds is None:
        return None
    name, args = made
    make = getattr(kinds, name, None)
    return None if make is None else make(*args)


def events(game: NativeGame) -> tuple[tuple[Any, ...], ...]:
    """The log of the last step of the native game ``game`` (empty unless it records)."""
    return tuple(_event(e) for e in game.events)


def _event(e: tuple[Any, ...]) -> tuple[Any, ...]:
    """A logged event; an action taken is logged as the :class:`Action` itself."""
    if e[1] == "action":
        kind, args = e[4]
        return e[:4] + (Action(kind, args),) + e[5:]
    return e


def actions(game: NativeGame) -> tuple[Action, ...]:
    """The legal actions of a native game, as the reference's :class:`Action` values (a
    turn action's made once per listing the native engine remembers, then handed out
    again)."""
    return game.legal_actions(Action)


def observation(rollout: Rollout, seat: int, layout: tuple[str, ...]) -> bytes | None:
    """The observation encoder's vector of ``seat`` in ``rollout``'s game, made natively
    (one byte per entry of ``layout``, the encoder's names); None where the native engine
    does not play it or has no encoder for its game (it has Tortuga 1667's)."""
    game = rollout.native_game
    if game is None:
        return None
    try:
        vector: bytes = game.observation(seat, layout)
    except ValueError:  # no native encoder for this game
        return None
    return vector


def state_of(game: NativeGame, rules: Ruleset) -> GameState:
    """The immutable state ``game`` (a native game) is at."""
    state: GameState = rules.game.state._from_fields(fields(game, rules))
    return state


class _NoFailure(Exception):
    """Stands for ``NativeFailure`` where the native engine is not built (never raised)."""


#: What a failing native step raises (to catch; :func:`failure` turns it into the
#: reference's error).
NATIVE_FAILURES: type[Exception] = getattr(_module(), "NativeFailure", _NoFailure)


def failure(rules: Ruleset, exc: BaseException) -> Exception:
    """The reference engine's error for a native step or listing that failed
    (``NativeFailure``): a turn action's listing (named ``listing:`` and its id) is placed
    at the expression that failed, as the reference places it (``ActionDef.failure``)."""
    key, pc, detail, kind, clause = exc.args
    if kind == "rigged":
        return RiggedError(detail)
    if kind == "budget":
        detail = BUDGET_TEXT
    elif kind == "other":  # what the reference would raise as another exception than a
        detail = INTERNAL_TEXT  # ValueError: never shown as Python's words (failure_detail)
    if key.startswith("listing:"):  # a turn action's listing: ``pc`` is which expression
        act = rules.action_def(key.removeprefix("listing:"))
        if act is not None:
            return act.failure(detail, pc)
    error: RulesError = step_failure(rules.programs.get(key), key, pc, detail, clause)
    return error
