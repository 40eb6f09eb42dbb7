"""Loading saved games: the JSON structure, the ruleset they were saved under, reachability.

Importing this module installs :func:`state_from_data` as the loader behind
:meth:`GameState.from_json <tortuga_rules.model.state.GameState.from_json>`. A save
is accepted only if it is a position its ruleset can reach (see
:mod:`~tortuga_rules.game.invariants`); anything else - malformed JSON, JSON nested
too deep, a text over :data:`MAX_SAVE_CHARS`, another ruleset, an impossible
position - is a :class:`~tortuga_rules.errors.SaveGameError` that says why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from ..data.loader import load_ruleset
from ..data.ruleset import Ruleset
from ..data.identity import ruleset_difference
from ..data.schema import validator
from ..data.yamlsource import Locator
from ..errors import Problem, SaveGameError, TortugaError
from ..model.games import DEFAULT_GAME
from ..model.state import SAVE_FORMAT, GameState, install_loader
from .invariants import finishing_problems, problems

__all__ = ["state_from_data", "load_game", "read_save", "read_json", "saved_position",
           "MAX_SAVE_CHARS"]

#: The longest saved game read, in characters (a real one is a few kilobytes).
MAX_SAVE_CHARS = 2_000_000


def read_json(text: Any, what: str = "a saved game") -> Any:
    """The data of JSON text from outside (a save, a replay), refused unless bounded JSON.

    Raises :class:`SaveGameError` saying the text is not ``what``: not text, longer than
    :data:`MAX_SAVE_CHARS`, not JSON, or nested too deep for the parser.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveGameError(f"not {what}: expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveGameError(f"not {what}: {len(text):,} characters, more than "
                            f"{MAX_SAVE_CHARS:,}")
    try:
        return json.loads(text)
    except RecursionError:
        raise SaveGameError(f"not {what}: JSON nested too deep") from None
    except (TypeError, ValueError) as exc:
        raise SaveGameError(f"not {what}: invalid JSON ({exc})") from None


def read_save(text: Any) -> Any:
    """The data of a saved game's JSON text (see :func:`read_json`): any JSON value, which
    :func:`state_from_data` checks."""
    return read_json(text, "a saved game")


def state_from_data(data: Any, ruleset: Ruleset | str, *, scenario: bool = False) -> GameState:
    """Rebuild and check a state from :meth:`GameState.to_data` output.

    ``ruleset`` is a :class:`~tortuga_rules.data.ruleset.Ruleset` or a ruleset name
    (``"standard"``, ``"standard+madness"``). ``scenario`` accepts what only a scenario
    may hold: random outcomes fixed in advance (``rigged``).
    """
    if isinstance(ruleset, str):
        ruleset = load_ruleset(ruleset)
    elif not isinstance(ruleset, Ruleset):
        raise SaveGameError(f"a saved game is loaded with a Ruleset or a ruleset name, not "
                            f"{type(ruleset).__name__}")
    try:
        return _checked(data, ruleset, scenario)
    except RecursionError:
        raise SaveGameError("not a saved game: nested too deep") from None


def _schema_problem(error: ValidationError) -> str:
    """``path: message`` for a schema error; for "one of these shapes", the closest shape's."""
    while error.context:
        shaped = [c for c in error.context if c.validator != "type" or c.relative_path]
        error = best_match(shaped or error.context, key=lambda c: -len(c.absolute_path))
    return f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message:.200}"


def _checked(data: Any, ruleset: Ruleset, scenario: bool) -> GameState:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        older = isinstance(data, dict) and str(data.get("format", "")).startswith("tortuga-rules/")
        raise SaveGameError("a game saved by another version of tortuga_rules "
                            f"({data.get('format')}); this one reads {SAVE_FORMAT}" if older else
                            f"not a saved game: expected an object with \"format\": "
                            f"\"{SAVE_FORMAT}\"")
    game = data.get("game", DEFAULT_GAME)
    if game != ruleset.game.id:
        raise SaveGameError(f"this is a saved game of {str(game)[:40]}, not of "
                            f"{ruleset.game.name}")
    difference = ruleset_difference(data, ruleset)
    if difference:
        raise SaveGameError(f"this game was saved under other rules: {difference}")
    data = {**data, "ruleset": ruleset.id}  # the same rules, their id as spelt now
    errors = sorted(validator(ruleset.game.save_schema).iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        lines = [_schema_problem(e) for e in errors[:20]]
        raise SaveGameError("not a valid saved game:\n" + "\n".join(lines))
    try:
        state = GameState._decode_fields(data, ruleset)
        found = problems(state, scenario=scenario)
        found = found or finishing_problems(state, scenario=scenario)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise SaveGameError("not a valid saved game: its fields do not make a position of "
                            f"{ruleset.game.name} (a shape the checks do not foresee: an "
                            "error of tortuga_rules, please report it)") from None
    if found:
        raise SaveGameError("impossible position:\n" + "\n".join(found[:20]))
    return state


def load_game(text: Any, *, bundled_only: bool = True) -> GameState:
    """Load a saved game with the ruleset recorded in it.

    The recorded ruleset is loaded by name; with ``bundled_only`` (the default, as a
    save may come from anyone) it must be a composition of bundled rulesets and
    variants, never a path to a file.
    """
    data = read_save(text)
    name = data.get("ruleset") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise SaveGameError("not a saved game: it names no ruleset")
    return state_from_data(data, load_ruleset(name, bundled_only=bundled_only))


def saved_position(rules: Ruleset, players: int, pos: dict[str, Any], smap: Locator,
                   problems: list[Problem], path: Path) -> GameState | None:
    """The saved game a scenario position starts from (``saved:``, relative to the scenario
    file at ``path``); None, and a problem located at it, if it cannot be read."""
    file = path.parent / pos["saved"]
    where = ("position", "saved")
    try:
        state = GameState.from_json(file.read_text(encoding="utf-8"), rules)
    except OSError as exc:
        problems.append(smap.problem(where, f"cannot read {file}: {exc.strerror}"))
        return None
    except TortugaError as exc:
        problems.append(smap.problem(where, str(exc)))
        return None
    if state.players != players:
        problems.append(smap.problem(where, f"the saved game has {state.players} players, "
                                            f"the scenario {players}"))
    return state


install_loader(state_from_data, read_save)

