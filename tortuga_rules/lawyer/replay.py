"""Replays: the ruleset, players, seed and actions of a game, enough to rebuild it exactly."""

from __future__ import annotations

from ..data.identity import check_document
from ..errors import IllegalActionError, SaveGameError, SetupError
from ..game.savegame import MAX_SAVE_CHARS, read_json
from ..game.setup import new_game
from ..game.transition import apply_action
from ..model.actions import Action
from ..game.record import check_log, step_log

__all__ = ["REPLAY_FORMAT", "replay_data", "run_replay", "play_actions", "load_replay"]

REPLAY_FORMAT = "tortuga-rules/replay/2"


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
        "log": [step_log(s) for s in states],
        "outcome": None if final.outcome is None else final.outcome.to_data(),
    }


def run_replay(data, rules):
    """Play a replay record again under ``rules``; return the list of states.

    Raises :class:`~tortuga_rules.errors.SaveGameError` if the record is malformed
    (checked against ``schema/replay.schema.json``), was made under another ruleset,
    has an action that is not legal, or does not reproduce its recorded log and outcome
    exactly (a log edited, emptied or cut short is found out).
    """
    check_document(data, "replay", REPLAY_FORMAT, rules)
    states = play_actions(rules, data["players"], data["seed"], data["actions"],
                          data["starred"])
    check_log(data["log"], data["outcome"], states, "replay")
    return states


def play_actions(rules, players, seed, actions, starred=None) -> list:
    """The states of a game set up from ``seed`` and played by ``actions`` (their data).

    Raises :class:`~tortuga_rules.errors.SaveGameError` naming the first step that
    cannot be played.
    """
    try:
        state = new_game(rules, players, seed, starred=starred)
    except SetupError as exc:
        raise SaveGameError(f"not a valid replay: {exc}") from None
    states = [state]
    for i, item in enumerate(actions):
        try:
            state = apply_action(state, Action.from_data(item))
        except IllegalActionError as exc:
            raise SaveGameError(f"replay step {i + 1}: {exc}") from None
        states.append(state)
    return states


def load_replay(path):
    """The replay record in the file ``path`` (bounded JSON; SaveGameError otherwise)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read(MAX_SAVE_CHARS + 1)
    except OSError as exc:
        raise SaveGameError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise SaveGameError(f"{path} is not UTF-8 text: {exc.reason}") from None
    return read_json(text, f"a replay ({path})")
