"""Replays: the ruleset, players, seed and actions of a game, enough to rebuild it exactly."""

from __future__ import annotations

from ..data.schema import validator
from ..errors import IllegalActionError, SaveGameError, SetupError
from ..game.savegame import MAX_SAVE_CHARS, read_json
from ..game.setup import new_game
from ..game.transition import apply_action
from ..model.actions import Action
from ..model.events import event_data

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
        "log": [[event_data(e) for e in s.events] for s in states],
        "outcome": None if final.outcome is None else final.outcome.to_data(),
    }


def run_replay(data, rules):
    """Play a replay record again under ``rules``; return the list of states.

    Raises :class:`~tortuga_rules.errors.SaveGameError` if the record is malformed
    (checked against ``schema/replay.schema.json``), was made under another ruleset,
    has an action that is not legal, or does not reproduce its recorded log and outcome
    exactly (a log edited, emptied or cut short is found out).
    """
    _check_record(data, rules)
    states = play_actions(rules, data["players"], data["seed"], data["actions"],
                          data["starred"])
    _compare(data, states)
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


def _check_record(data, rules):
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise SaveGameError(f"not a replay: expected \"format\": \"{REPLAY_FORMAT}\"")
    if data.get("ruleset") != rules.id or data.get("ruleset_hash") != rules.hash:
        raise SaveGameError(
            f"this replay was recorded under ruleset {data.get('ruleset')!r:.200} (hash "
            f"{data.get('ruleset_hash')!r:.80}), not {rules.id!r} (hash {rules.hash})")
    errors = sorted(validator("replay").iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message:.200}"
                 for e in errors[:20]]
        raise SaveGameError("not a valid replay:\n" + "\n".join(lines))


def _compare(data, states):
    """The replayed log and outcome must be the recorded ones, step by step."""
    log = [[event_data(e) for e in s.events] for s in states]
    recorded = data["log"]
    for step, (want, got) in enumerate(zip(recorded, log)):
        if want != got:
            raise SaveGameError(f"the replay does not reproduce its log at step {step}: "
                                f"recorded {len(want)} events, replayed {len(got)}"
                                + _first_difference(want, got))
    if len(recorded) != len(log):
        raise SaveGameError(f"the replay records the log of {len(recorded)} steps; its "
                            f"actions play {len(log)}")
    final = states[-1]
    outcome = None if final.outcome is None else final.outcome.to_data()
    if data["outcome"] != outcome:
        raise SaveGameError(f"the replay does not reproduce its outcome: recorded "
                            f"{data['outcome']!r:.200}, got {outcome}")


def _first_difference(want: list, got: list) -> str:
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return f"; event {i + 1}: recorded {a!r:.120}, replayed {b!r:.120}"
    return ""


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
