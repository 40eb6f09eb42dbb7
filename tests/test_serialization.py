"""JSON round trips, determinism, replays, and refusing bad saved games."""

import json

import pytest

from helpers import play_random

from tortuga_rules import (Action, GameState, SaveGameError, apply_action, legal_actions,
                           load_ruleset, new_game)
from tortuga_rules.lawyer.replay import replay_data, run_replay


def test_same_seed_and_actions_give_identical_states(rules):
    """Determinism: the same seed and the same actions give equal states at every step."""
    a = new_game(rules, 6, 42)
    b = new_game(rules, 6, 42)
    while not a.is_terminal:
        assert a == b and a.to_json() == b.to_json()
        action = legal_actions(a)[len(legal_actions(a)) // 2]
        a, b = apply_action(a, action), apply_action(b, action)
    assert a == b


def test_different_seeds_give_different_setups(rules):
    """The seed drives every random draw."""
    assert new_game(rules, 6, 1).to_json() != new_game(rules, 6, 2).to_json()


def test_actions_round_trip_through_json(rules):
    """Every legal action survives to_json/from_json and has a readable str()."""
    s = new_game(rules, 5, 3)
    seen = 0
    while not s.is_terminal and seen < 200:
        for a in legal_actions(s):
            assert Action.from_json(a.to_json()) == a
            assert str(a).startswith(a.kind + "(")
        s = apply_action(s, legal_actions(s)[-1])
        seen += 1


def test_a_paused_effect_survives_json(rules):
    """A state waiting for a choice in the middle of a card is a value like any other."""
    from helpers import FD, JR, TORTUGA, act, choose, position
    row = ("pistol", "pistol", "letter-of-marque", "black-spot", "black-spot")
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, row=row)
    s = act(s, "force", slots=(1, 2), target=1)
    s = choose(s, 2)
    assert s.frames and s.decision.clause == "card.pistol.target"
    back = GameState.from_json(s.to_json(), rules)
    assert back == s
    assert choose(back, 3) == choose(s, 3)


def test_saved_game_under_another_ruleset_is_refused(rules, tmp_path):
    """A saved game names its ruleset and hash; loading it elsewhere says what differs."""
    import yaml
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    data = yaml.safe_load((root / "variants" / "standard.yaml").read_text(encoding="utf-8"))
    data["setup"]["hand_size"] = 4
    path = tmp_path / "other.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    other = load_ruleset(path)
    text = new_game(rules, 4, 0).to_json()
    with pytest.raises(SaveGameError, match="saved under ruleset 'standard' \\(hash"):
        GameState.from_json(text, other)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: "not json", "invalid JSON"),
    (lambda d: {**d, "format": "x"}, "not a saved game"),
    (lambda d: {**d, "chests": [9, 0, 0, 0, 0, 0, 0, 0]}, "chests on the board"),
    (lambda d: {**d, "lines": [[0, 0], [1], [2], [], []]}, "stands in"),
    (lambda d: {**d, "hands": d["hands"][:-1]}, "entries for 4 players"),
    (lambda d: {**d, "players": "four"}, "not a valid saved game"),
    (lambda d: {k: v for k, v in d.items() if k != "rng"}, "'rng' is a required property"),
])
def test_bad_saved_games_are_refused_with_a_reason(rules, mutate, message):
    """Malformed or impossible saved games raise SaveGameError naming the problem."""
    s = new_game(rules, 4, 0)
    while s.decision.kind != "action":
        s = apply_action(s, legal_actions(s)[0])
    data = json.loads(s.to_json())
    bad = mutate(data)
    text = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(SaveGameError, match=message):
        GameState.from_json(text, rules)


def test_replay_reproduces_the_game(rules):
    """A replay (seed + actions) rebuilds every state exactly."""
    states = [new_game(rules, 5, 8)]
    actions = []
    import random
    rnd = random.Random(8)
    while not states[-1].is_terminal:
        a = rnd.choice(legal_actions(states[-1]))
        actions.append(a)
        states.append(apply_action(states[-1], a))
    data = json.loads(json.dumps(replay_data(rules, 5, 8, actions, states)))
    again = run_replay(data, rules)
    assert again == states


def test_tampered_replay_is_refused(rules):
    """A replay whose actions are not legal, or whose outcome differs, is refused."""
    final = play_random(rules, 4, 1)
    data = {"format": "tortuga-rules/replay/1", "ruleset": "standard", "ruleset_hash": rules.hash,
            "players": 4, "seed": 1, "actions": [{"kind": "fly"}], "outcome": None}
    with pytest.raises(SaveGameError, match="step 1"):
        run_replay(data, rules)
    assert final.is_terminal
