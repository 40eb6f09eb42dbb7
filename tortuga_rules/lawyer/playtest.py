"""Playing rules to find what fails at run time (``tortuga-rules lint --play N``).

:func:`play_rules` plays ``N`` games of random moves per configuration of a rules file:
every player count its rules allow with the options at their defaults, then, at the
largest count, each option one at a time at its extremes (an integer's minimum and
maximum, every other value of a choice or a truth value) - on every engine installed
(the reference, and the native one where it is built). After every step the position's
checks (:func:`~tortuga_rules.game.invariants.problems`) must hold and its save must load
back as the same position. A game stops at its
end or after a step budget.

Each failure - a step the rules fail (a located
:class:`~tortuga_rules.errors.RulesError`), a position that fails its checks, or
anything else a step raises - is kept once per message, with the shortest game that met
it, and a scenario file reproducing it is written (:func:`write_scenario`): the ruleset,
options, players, seed, the position the game started from and every step up to the
failing one, which ``tortuga-rules check`` then plays into the same failure.
"""

from __future__ import annotations

import enum
import os
import random
from pathlib import Path

import attrs
import yaml

from ..data.loader import load_ruleset
from ..errors import DataError, RulesError, TortugaError
from ..game import native
from ..game.native import on_engine
from ..game.invariants import played_on, problems as position_problems
from ..game.legality import legal_actions
from ..game.setup import new_game
from ..game.transition import apply_action
from ..model.state import GameState, encode_value
from .runner import run_scenario
from .scenario import load_scenario

__all__ = ["Configuration", "Failure", "FailureKind", "Played", "configurations", "engines", "play_rules",
           "write_scenario", "STEP_BUDGET"]

#: How many decisions one game may take before it is left unfinished (not a failure).
STEP_BUDGET = 3000


@attrs.frozen
class Configuration:
    """One table the rules are played at: players, option values, engine."""

    players: int
    options: tuple = ()  # ((name, value), ...): the options off their default
    engine: str = "python"

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={_spelt(v)}" for k, v in self.options) or "default options"
        return f"{self.players} players, {opts}, {self.engine}"


class FailureKind(enum.Enum):
    """What kind of thing failed in a played game."""

    RULES = "rules"  #: the rules' own failure (a RulesError, located in its rules file)
    POSITION = "position"  #: a position after a step failed its checks, or its save
    ERROR = "error"  #: anything else (a TortugaError of another kind, or a Python error)


@attrs.frozen
class Failure:
    """What failed, where: the message (a RulesError's is located in its rules file), the
    game that met it first (configuration, seed, actions up to the failing one), and how
    many games met it."""

    message: str
    config: Configuration
    seed: int
    actions: tuple  # ((seat, Action), ...), the failing one last (none: the setup failed)
    kind: FailureKind
    games: int = 1
    #: the position the game started from, as data without its log (None: none was set up)
    start: dict | None = attrs.field(default=None, eq=False, repr=False)
    scenario: str | None = None  # the scenario file written, when one is
    reproduced: bool | None = None  # does ``check`` on it meet the failure again


@attrs.frozen
class Played:
    """One configuration's games: how many, how many failed, how many ran out of steps."""

    config: Configuration
    games: int
    failed: int
    unfinished: int
    #: why no game was played: the rules do not load with these option values
    skipped: str | None = None


def engines() -> tuple[str, ...]:
    """The engines installed: ``python`` (the reference), and ``native`` where built."""
    return ("python", "native") if native.built() else ("python",)


def configurations(rules, players=None, engine_names=None) -> list[Configuration]:
    """Every configuration :func:`play_rules` plays ``rules`` at (see the module's doc);
    ``players`` limits the player counts."""
    counts = [n for n in range(rules.min_players, rules.max_players + 1)
              if not players or n in players]
    tables: list[tuple[int, tuple]] = [(n, ()) for n in counts]
    if counts:
        for name, decl in sorted(rules.option_decls.items()):
            tables += [(counts[-1], ((name, v),)) for v in _extremes(decl)]
    return [Configuration(n, opts, e) for n, opts in tables
            for e in (engine_names or engines())]


def _extremes(decl: dict) -> list:
    """An option's values worth a game besides its default."""
    kind, default = decl.get("type", "choice"), decl.get("default")
    if kind == "integer":
        values = [decl.get("min"), decl.get("max")]
    elif kind == "boolean":
        values = [True, False]
    else:
        values = list(decl.get("choices", []))
    return [v for v in dict.fromkeys(values) if v is not None and v != default]


def play_rules(path, games: int, *, players=None, budget: int = STEP_BUDGET, out=None,
               engine_names=None) -> tuple[list[Played], list[Failure]]:
    """Play the rules file at ``path`` (see the module's doc); write a scenario per failure
    into ``out`` (a folder; None: none written). ``engine_names`` limits the engines."""
    base = load_ruleset(path)
    played: list[Played] = []
    failures: dict[str, Failure] = {}
    for config in configurations(base, players, engine_names):
        try:
            rules = load_ruleset(path, options=dict(config.options)) if config.options else base
        except TortugaError as exc:  # an option's extreme the rest of the rules cannot take
            played.append(Played(config, 0, 0, 0, str(exc).splitlines()[0]))
            continue
        failed = unfinished = 0
        for seed in range(games):
            result = _play(rules, config, seed, budget)
            if result is None:
                unfinished += 1
            elif isinstance(result, Failure):
                failed += 1
                _keep(failures, result)
        played.append(Played(config, games, failed, unfinished))
    found = sorted(failures.values(), key=lambda f: f.message)
    if out is not None:
        found = [write_scenario(f, Path(path), Path(out), i) for i, f in enumerate(found, 1)]
    return played, found


def _keep(failures: dict, failure: Failure) -> None:
    """Keep one failure per message: the shortest game that met it, and how many did."""
    was = failures.get(failure.message)
    if was is None:
        failures[failure.message] = failure
        return
    best = failure if len(failure.actions) < len(was.actions) else was
    failures[failure.message] = attrs.evolve(best, games=was.games + 1)


def _play(rules, config: Configuration, seed: int, budget: int):
    """One game of random moves: None if unfinished within ``budget`` steps, the Failure
    it met, or True if it ended."""
    rng = random.Random(seed)
    taken: list = []
    start = None
    with on_engine(config.engine):
        try:
            state = new_game(rules, config.players, seed=seed)
            start = _unlogged(state)
            for _ in range(budget):
                if state.decision is None:
                    return True
                seat = state.decision.seat
                action = rng.choice(legal_actions(state))
                taken.append((seat, action))
                state = apply_action(state, action, seat=seat)
                wrong = position_problems(state) or _unsaved(state, rules)
                if wrong:
                    return Failure(f"the position after this step fails its checks: "
                                   f"{'; '.join(wrong)[:500]}", config, seed, tuple(taken),
                                   FailureKind.POSITION, start=start)
        except TortugaError as exc:
            kind = FailureKind.RULES if isinstance(exc, RulesError) else FailureKind.ERROR
            return Failure(str(exc), config, seed, tuple(taken), kind, start=start)
        except Exception as exc:  # noqa: BLE001 - told, not hidden: no rules data may cause one
            return Failure(f"{type(exc).__name__}: {exc} (an error of tortuga_rules, not of "
                           f"the rules)", config, seed, tuple(taken), FailureKind.ERROR,
                           start=start)
    return None


def _unsaved(state, rules) -> list[str]:
    """Why a position does not survive its save (written out and read back equal), if so:
    a value a program holds that a save cannot carry, or a position its load refuses."""
    try:
        again = GameState.from_json(state.to_json(), rules)
    except TortugaError as exc:
        if _fails_ahead(state):
            # a load plays what is under way on to check it, and the rules fail there: the
            # failure is the rules' (told where play meets it), not the save's
            return []
        return [f"its save does not load: {exc}"]
    return [] if again == state else ["its save loads back as a different position"]


def _fails_ahead(state) -> bool:
    """Whether the rules fail (a located RulesError) as what is under way is played on."""
    try:
        played_on(state)
    except RulesError:
        return True
    except TortugaError:
        return False
    return False


# -- the scenario that reproduces a failure ----------------------------------------------


def write_scenario(failure: Failure, rules_path: Path, out: Path, number: int) -> Failure:
    """Write the scenario reproducing ``failure`` as ``out/<rules>-<number>.yaml``; the
    failure with its file, and whether ``check`` meets the failure again.

    Its position is the game's own start: ``at: setup`` where the scenario format starts a
    game of these rules there, else the seeded setup with nothing changed.
    """
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{rules_path.stem}-{number}.yaml"
    ruleset = os.path.relpath(rules_path.resolve(), out.resolve())
    for position in ({"at": "setup"}, {}):
        data = _scenario(failure, ruleset, position)
        target.write_text(_header(failure) + yaml.safe_dump(data, sort_keys=False, width=100,
                                                             allow_unicode=True,
                                                             default_flow_style=None),
                          encoding="utf-8")
        reproduced = _reproduces(target, failure, rules_path)
        if reproduced is not None:
            return attrs.evolve(failure, scenario=str(target), reproduced=reproduced)
    return attrs.evolve(failure, scenario=str(target), reproduced=False)


def _header(failure: Failure) -> str:
    return ("# Written by tortuga-rules lint --play: `tortuga-rules check` on this file plays\n"
            f"# the game into the failure it met ({failure.games} game(s) met it).\n")


def _scenario(failure: Failure, ruleset: str, position: dict) -> dict:
    """The scenario file's data: the failing game from ``position``, step by step."""
    config = failure.config
    steps = [_step(seat, action) for seat, action in failure.actions]
    if steps:
        steps[-1]["note"] = f"fails: {failure.message.splitlines()[0][:300]}"
    data: dict = {"title": f"lint --play: a failure at {config}, seed {failure.seed}",
                  "ruleset": ruleset}
    if config.options:
        data["options"] = dict(config.options)
    data.update(players=config.players, seed=failure.seed, position=position, steps=steps)
    return data


def _step(seat: int, action) -> dict:
    """A scenario step taking ``action`` for ``seat``."""
    if action.kind == "choose" and len(action.args) == 1:
        return {"seat": seat, "choose": encode_value(action.args[0][1])}
    if action.kind == "vote" and len(action.args) == 1:
        return {"seat": seat, "vote": encode_value(action.args[0][1])}
    data = action.to_data()
    return {"seat": seat, "action": data["kind"] if len(data) == 1 else data}


def _reproduces(path: Path, failure: Failure, rules_path: Path) -> bool | None:
    """Whether playing the scenario at ``path`` meets ``failure`` again (on the engine
    that met it): the same error raised, or (a position's checks) every step taken. None if
    the scenario does not start where the game did."""
    with on_engine(failure.config.engine):
        try:
            scenario = load_scenario(path)
            if failure.start is not None and _unlogged(scenario.start) != failure.start:
                return None
            result = run_scenario(scenario)
        except DataError as exc:
            return _same(exc, failure, rules_path) if failure.start is None else None
        except Exception as exc:  # noqa: BLE001 - the failure met again, or not
            return _same(exc, failure, rules_path)
    return failure.kind is FailureKind.POSITION and len(result.steps) == len(failure.actions)


def _same(exc: Exception, failure: Failure, rules_path: Path) -> bool:
    """True if ``exc`` is ``failure`` again (a rules file's path may be spelt otherwise)."""
    def plain(text: str) -> str:
        return text.replace(str(rules_path.resolve().parent) + os.sep, "")
    if isinstance(exc, TortugaError):
        return plain(str(exc)) == plain(failure.message)
    return failure.message.startswith(f"{type(exc).__name__}: ")


def _unlogged(state) -> dict:
    """``state`` as data without its log (a scenario's start logs otherwise)."""
    data = state.to_data()
    data.pop("events", None)
    return data


def _spelt(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
