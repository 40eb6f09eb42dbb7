"""Replays: the ruleset, players, seed and actions of a game, enough to rebuild it exactly."""

from __future__ import annotations

import json

from ..errors import IllegalActionError, SaveGameError
from ..game.setup import new_game
from ..game.transition import apply_action
from ..game.view import event_data
from ..model.actions import Action

__all__ = ["REPLAY_FORMAT", "replay_data", "run_replay"]

REPLAY_FORMAT = "tortuga-rules/replay/1"


def replay_data(rules, players, seed, actions, states, starred=None) -> dict:
    """A replay record; ``states`` (initial state first) give the cited log per step."""
    final = states[-1]
    return {
        "format": REPLAY_FORMAT,
        "ruleset": rules.id,
        "ruleset_hash": rules.hash,
        "players": players,
        "seed": seed,
        "starred": None if starred is None else list(starred),
        "actions": [a.to_data() for a in actions],
        "log": [[event_data(e) for e in s.events] for s in states],
        "outcome": None if final.outcome is None else final.outcome.to_data(),
    }


def run_replay(data, rules):
    """Play a replay record again under ``rules``; return the list of states.

    Raises :class:`~tortuga_rules.errors.SaveGameError` if the record is malformed,
    was made under another ruleset, or does not reproduce its recorded outcome.
    """
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise SaveGameError(f"not a replay: expected \"format\": \"{REPLAY_FORMAT}\"")
    if data.get("ruleset") != rules.id or data.get("ruleset_hash") != rules.hash:
        raise SaveGameError(
            f"this replay was recorded under ruleset {data.get('ruleset')!r} (hash "
            f"{data.get('ruleset_hash')}), not {rules.id!r} (hash {rules.hash})")
    try:
        players, seed, raw = data["players"], data["seed"], data["actions"]
        state = new_game(rules, players, seed, starred=data.get("starred"))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveGameError(f"not a valid replay: {exc}") from None
    states = [state]
    for i, item in enumerate(raw):
        try:
            state = apply_action(state, Action.from_data(item))
        except IllegalActionError as exc:
            raise SaveGameError(f"replay step {i + 1}: {exc}") from None
        states.append(state)
    recorded = data.get("outcome")
    got = None if state.outcome is None else state.outcome.to_data()
    if recorded is not None and recorded != got:
        raise SaveGameError(f"the replay does not reproduce its outcome: recorded {recorded}, "
                            f"got {got}")
    return states


def load_replay(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as exc:
        raise SaveGameError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise SaveGameError(f"{path} is not JSON: {exc}") from None
