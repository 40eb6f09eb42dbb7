"""JSON round trips, determinism, replays, and refusing bad saved games."""

import json

import pytest

from helpers import play_random

from tortuga_rules import (Action, GameState, SaveGameError, apply_action, legal_actions,
                           load_ruleset, new_game, roles_of, view)
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
            assert str(a).split()[0] == a.kind
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
    data = yaml.safe_load((root / "variants" / "tortuga-1667" / "standard.yaml").read_text(encoding="utf-8"))
    data["setup"]["hand_size"] = 4
    path = tmp_path / "other.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    other = load_ruleset(path)
    text = new_game(rules, 4, 0).to_json()
    with pytest.raises(SaveGameError, match="saved under 'standard', these rules are 'standard', and their rules differ \\(hash"):
        GameState.from_json(text, other)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: "not json", "invalid JSON"),
    (lambda d: {**d, "format": "x"}, "not a saved game"),
    (lambda d: {**d, "chests": [9, 0, 0, 0, 0, 0, 0, 0]}, r"chests/0: 9 is out of range \(0..8\)"),
    (lambda d: {**d, "chests": [7, 0, 0, 0, 0, 0, 0, 0]}, "chests on the board"),
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


def _replay(rules, players=4, seed=1):
    import random
    rnd = random.Random(seed)
    states, actions = [new_game(rules, players, seed)], []
    while not states[-1].is_terminal:
        actions.append(rnd.choice(legal_actions(states[-1])))
        states.append(apply_action(states[-1], actions[-1]))
    return json.loads(json.dumps(replay_data(rules, players, seed, actions, states)))


@pytest.mark.parametrize("tamper, message", [
    (lambda d: d.update(actions=[{"kind": "fly"}]), "replay step 1"),
    (lambda d: d.update(log=[]), "records the log of 0 steps"),
    (lambda d: d["log"][3].pop(), "does not reproduce its log at step 3"),
    (lambda d: d["log"][2][0].update(count=99), "event 1: recorded"),
    (lambda d: d.update(outcome=None), "does not reproduce its outcome"),
    (lambda d: d.pop("log"), "'log' is a required property"),
    (lambda d: d.update(players="four"), "not a valid replay"),
    (lambda d: d.update(seed=2), "replay step|does not reproduce its log"),
])
def test_tampered_replay_is_refused(rules, tamper, message):
    """A replay must reproduce its recorded log and outcome exactly; anything else is named."""
    data = _replay(rules)
    assert run_replay(json.loads(json.dumps(data)), rules)[-1].is_terminal
    tamper(data)
    with pytest.raises(SaveGameError, match=message):
        run_replay(data, rules)


def _saved_at(rules, kind, players=4, seed=0):
    """The data of a saved game waiting for a decision of ``kind`` (action, choose, vote)."""
    import random
    rnd = random.Random(seed)
    s = new_game(rules, players, seed)
    while s.decision.kind != kind or s.turn_number < 2:
        s = apply_action(s, rnd.choice(legal_actions(s)))
        if s.is_terminal:
            s = new_game(rules, players, seed := seed + 1)
    return s, json.loads(s.to_json())


def _refused(rules, data, message):
    with pytest.raises(SaveGameError, match=message):
        GameState.from_json(json.dumps(data), rules)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(turn_number=0), "turn number 0 outside the setup"),
    (lambda d: d.update(loyalty=["dutch"] * 4), "loyalty cards 4 dutch: a 4-player game deals"),
    (lambda d: d["event_deck"].extend(["pistol"] * 1000), "1003 pistol cards in the game"),
    (lambda d: d["event_deck"].pop(0), "event cards missing"),
    (lambda d: d.update(removed=[d["event_deck"].pop(0)]), "1 event cards out of the game"),
    (lambda d: d.update(outcome={"winners": ["dutch"], "chests": {"british": 0, "french": 0},
                                 "reason": "end.score"}),
     "the game is over but still waits"),
    (lambda d: d.update(rigged=[["lost-card", 0]]), "belong to scenarios"),
    (lambda d: d.update(actions_left=1_000_000), "1000000 actions left"),
    (lambda d: d["decision"].update(seat=(d["decision"]["seat"] + 1) % 4), "is to act on seat"),
    (lambda d: d["events"].append([None, "x", 99]), r"events/\d+/2: 99 is not a seat"),
    (lambda d: d["events"].append([None, "x", -1]), r"events/\d+/1: 'x' is no kind of event"),
])
def test_saves_the_rules_cannot_reach_are_refused(rules, mutate, message):
    """A save is a position its ruleset can reach; no field switches a check off."""
    _, data = _saved_at(rules, "action")
    mutate(data)
    _refused(rules, data, message)


def test_a_forged_outcome_is_refused(rules):
    """The winners, the chest counts and the reason of a finished game must agree."""
    data = json.loads(play_random(rules, 4, 3).to_json())
    data["outcome"]["winners"] = ["dutch"]
    _refused(rules, data, "cannot win by")
    data = json.loads(play_random(rules, 4, 3).to_json())
    data["outcome"]["chests"] = {"british": 9, "french": 0}
    _refused(rules, data, "the outcome counts")


def test_a_forged_choice_is_refused(rules):
    """A pending choice must be the one its paused program asks: options, chooser, name."""
    s, data = _saved_at(rules, "choose")
    assert GameState.from_json(json.dumps(data), rules) == s
    forged = json.loads(json.dumps(data))
    forged["decision"]["options"] = forged["decision"]["options"][:1] + ["galleon"]
    _refused(rules, forged, "not those the program offers")
    forged = json.loads(json.dumps(data))
    forged["decision"]["name"] = "something"
    _refused(rules, forged, "is not the paused program's")
    forged = json.loads(json.dumps(data))
    forged["frames"][-1]["env"].append(["stranger", 1])
    _refused(rules, forged, "unknown name 'stranger'")
    forged = json.loads(json.dumps(data))
    forged["frames"][-1]["pc"] += 1
    _refused(rules, forged, "not at a choice|impossible position")


def test_a_forged_vote_is_refused(rules):
    """A vote's fields name real participants, in order; its decision is the next voter's."""
    _, data = _saved_at(rules, "vote", players=5)
    forged = json.loads(json.dumps(data))
    forged["vote"]["participants"] = [7, 8]
    _refused(rules, forged, "naming seats")
    forged = json.loads(json.dumps(data))
    forged["vote"]["kind"] = "coup"
    _refused(rules, forged, "unknown vote 'coup'")


def test_json_nested_deep_or_too_long_is_a_save_game_error(rules):
    """Hostile text is refused quickly, never a RecursionError or a huge read."""
    with pytest.raises(SaveGameError, match="nested too deep"):
        GameState.from_json("[" * 100_000 + "]" * 100_000, rules)
    with pytest.raises(SaveGameError, match="more than 2,000,000"):
        GameState.from_json(" " * 2_000_001, rules)
    with pytest.raises(SaveGameError, match="expected JSON text"):
        GameState.from_json(42, rules)


def test_rigged_outcomes_load_only_as_a_scenario(rules):
    """Fixed random outcomes are for scenarios: from_json(..., scenario=True) accepts them."""
    s = new_game(rules, 4, 0)._evolve(rigged=(("lost-card", 0),))
    with pytest.raises(SaveGameError, match="belong to scenarios"):
        GameState.from_json(s.to_json(), rules)
    assert GameState.from_json(s.to_json(), rules, scenario=True) == s


def test_saves_load_by_ruleset_name_or_with_their_recorded_ruleset():
    """from_json takes a ruleset name; load_game uses the one the save records."""
    from tortuga_rules import load_game
    s = new_game(load_ruleset("standard+more-starred:5"), 5, 2)
    assert GameState.from_json(s.to_json(), "standard+more-starred:5") == s
    assert load_game(s.to_json()) == s
    data = json.loads(s.to_json())
    data["ruleset"] = "/etc/passwd"
    from tortuga_rules.errors import UnknownRulesetError
    with pytest.raises(UnknownRulesetError):
        load_game(json.dumps(data))


def test_saves_of_an_older_format_say_so(rules):
    """A save of another version's format is named as such."""
    data = json.loads(new_game(rules, 4, 0).to_json())
    data["format"] = "tortuga-rules/state/1"
    _refused(rules, data, "saved by another version")


@pytest.mark.parametrize("call", [
    lambda s: view(s, True), lambda s: view(s, 42), lambda s: view(s, "0"),
    lambda s: roles_of(s, 42), lambda s: roles_of(s, True), lambda s: roles_of(s, None),
    lambda s: view("state", 0), lambda s: legal_actions(None), lambda s: apply_action({}, None),
    lambda s: roles_of([], 0), lambda s: load_ruleset("standard", variants="madness"),
    lambda s: load_ruleset(42), lambda s: load_ruleset("standard", cards_dir=3),
])
def test_bad_arguments_are_argument_errors(rules, call):
    """True is not seat 1, 42 is not a seat with no roles: each is an ArgumentError."""
    from tortuga_rules.errors import ArgumentError
    with pytest.raises(ArgumentError):
        call(new_game(rules, 4, 0))
