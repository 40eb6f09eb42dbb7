"""Golden playthroughs: recorded games must replay to the very same states.

Each file under ``tests/golden/`` is a replay (seed + actions, without the log) plus the
SHA-256 of the final state's JSON and of the whole cited log. A change to the rules data or the
engine that alters any of it fails here; if the change is intended, regenerate with
``TORTUGA_REGENERATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff.
"""

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from tortuga_rules import Action, apply_action, legal_actions, new_game
from tortuga_rules.lawyer.replay import play_actions, replay_data

GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES = [(2, 11), (5, 7), (9, 3)]


def digest(states):
    rules = states[0].rules
    log = json.dumps([[[x.text(rules) if isinstance(x, Action) else str(x) for x in e]
                       for e in s.events] for s in states])
    return (hashlib.sha256(states[-1].to_json().encode()).hexdigest(),
            hashlib.sha256(log.encode()).hexdigest())


def record(rules, players, seed):
    rnd = random.Random(seed)
    states = [new_game(rules, players, seed)]
    actions = []
    while not states[-1].is_terminal:
        la = legal_actions(states[-1])
        actions.append(la[rnd.randrange(len(la))])
        states.append(apply_action(states[-1], actions[-1]))
    data = replay_data(rules, players, seed, actions, states)
    data["final_state_sha256"], data["log_sha256"] = digest(states)
    del data["log"]
    return data


@pytest.mark.parametrize("players, seed", GAMES)
def test_golden_playthrough_replays_exactly(rules, players, seed):
    """The recorded actions rebuild the recorded final state and log, byte for byte."""
    path = GOLDEN / f"standard-{players}p-seed{seed}.json"
    if os.environ.get("TORTUGA_REGENERATE_GOLDEN"):
        path.write_text(json.dumps(record(rules, players, seed), indent=1) + "\n", encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["ruleset"], data["ruleset_hash"]) == (rules.id, rules.hash)
    states = play_actions(rules, data["players"], data["seed"], data["actions"])
    assert states[-1].is_terminal
    assert digest(states) == (data["final_state_sha256"], data["log_sha256"])
