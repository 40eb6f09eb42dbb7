"""The scenario library, scenario errors, and clause coverage."""

from pathlib import Path

import pytest

from tortuga_rules import DataError
from tortuga_rules.lawyer.coverage import clause_coverage
from tortuga_rules.lawyer.runner import run_scenario
from tortuga_rules.lawyer.scenario import load_scenario, load_scenarios, scenario_files

HERE = Path(__file__).resolve().parent
SCENARIOS = scenario_files([HERE / "scenarios"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes(path):
    """Every scenario of tests/scenarios/ plays out as its expectations say."""
    for scenario in load_scenarios(path):
        result = run_scenario(scenario)
        assert result.passed, "\n".join(result.failures)


def test_every_standard_clause_is_exercised(rules):
    """Each clause of the standard ruleset is cited by a scenario or named by a test."""
    table, problems = clause_coverage(rules, [HERE / "scenarios"], [HERE])
    assert problems == []
    uncovered = [cid for cid, where in table.items() if not where["scenarios"]]
    assert uncovered == [], f"clauses without a scenario: {uncovered}"


def write(tmp_path, text):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path):
    with pytest.raises(DataError) as exc:
        load_scenario(path)
    return [str(p) for p in exc.value.problems]


def test_scenario_mistakes_are_located_and_explained(tmp_path):
    """Each mistake in a scenario file is reported with file:line and a hint."""
    path = write(tmp_path, """title: broken
players: 4
position:
  places: {flying_dutchman: [0, 1], jolly_roger: [2], tortuga: [3]}
  hands: {0: [v99]}
  row: [pistol, black-spto, null, null, null]
steps:
  - {seat: 0, action: atack}
  - {seat: 0, action: {kind: force, slot: [1, 2], target: 1}}
  - {seat: 7, action: {kind: view, slots: [1, 2]}}
  - {seat: 0, vote: v1}
""")
    found = problems(path)
    text = "\n".join(found)
    assert f"{path}:5:" in text and "unknown vote card 'v99'" in text
    assert "unknown event card 'black-spto' (did you mean 'black-spot'?)" in text
    assert f"{path}:8:" in text and "unknown action 'atack' (did you mean 'attack'?)" in text
    assert "force has no parameter 'slot' (did you mean 'slots'?)" in text
    assert "no seat 7 in a 4-player game" in text
    assert "unknown vote card 'v1'" in text


def test_schema_mistakes_name_the_key(tmp_path):
    """Unknown keys and missing fields are reported by name, with suggestions."""
    found = problems(write(tmp_path, "title: x\nplayers: 4\nposition: {place: {}}\n"))
    assert any("unknown key 'place' (did you mean 'places'?)" in p for p in found)
    found = problems(write(tmp_path, "players: 4\n"))
    assert any("'title' is missing" in p for p in found)
    found = problems(write(tmp_path, "title: x\nplayers: 4\nsteps:\n  - {seat: 0}\n"))
    assert any("a step needs exactly one of action, choose or vote" in p for p in found)
    found = problems(write(tmp_path, "title: x\nplayers: 4\ncases:\n  - title: a\n"
                                     "    steps: [{seat: 0}]\n  - title: b\n"
                                     "    position: {place: {}}\n"))
    assert ":5:13: a step needs exactly one of action, choose or vote" in found[0]
    assert ":7:23: unknown key 'place' (did you mean 'places'?)" in found[1]


def test_impossible_position_is_refused(tmp_path):
    """A position where a pawn stands twice, or chests do not add up, is an error."""
    found = problems(write(tmp_path, """title: x
players: 4
position:
  places: {flying_dutchman: [0, 1], jolly_roger: [1, 2], tortuga: [3]}
  chests: {galleon: 8, tortuga_british: 1}
"""))
    text = "\n".join(found)
    assert "impossible position" in text and "seat 1's pawn stands in 2 places" in text
    assert "9 chests on the board" in text


def test_a_position_with_a_number_out_of_range_says_which(tmp_path):
    """A count past what the game has is named with its field and range, before the other
    checks read it."""
    found = problems(write(tmp_path, """title: x
players: 4
position:
  chests: {galleon: 9}
"""))
    assert "impossible position: chests/0: 9 is out of range (0..8)" in "\n".join(found)


@pytest.mark.parametrize("position, message", [
    ("row: [pistol, pistol, pistol, pistol, null]", "4 pistol cards in the game: the game has 3"),
    ("row: [albatross, null, null, null, null]\nplayers_note: 3",
     "albatross card in the game: removed for this player count"),
    ("row: [stormy-seas, scurvy, facade, eight-bells, null]",
     "the position has 4 starred cards (eight-bells, facade, scurvy, stormy-seas); the game has 3"),
    ("row: [spanish-armada, null, null, null, null]\n  discard: [spanish-armada]",
     "2 spanish-armada cards in the game: the game has 1"),
    ("discard: [albatross]", "albatross in the discard pile: once kept it stays in front"),
    ("event_deck: [pistol, black-spot]\n  starred: [scurvy]\n  row: [stormy-seas, null, null, null, null]",
     "stormy-seas is in the position but not among the starred cards"),
    ("starred: [sea-serpent]", "'sea-serpent' is not a starred card"),
])
def test_impossible_card_sets_are_refused(tmp_path, position, message):
    """More copies than exist, removed cards, too many starred cards, two Armadas..."""
    players = 3 if "players_note" in position else 4
    position = position.replace("\nplayers_note: 3", "")
    found = problems(write(tmp_path, f"""title: x
players: {players}
position:
  places: {{flying_dutchman: [0], jolly_roger: [1], tortuga: [2]}}
  {position}
""" if players == 3 else f"""title: x
players: {players}
position:
  places: {{flying_dutchman: [0, 1], jolly_roger: [2], tortuga: [3]}}
  {position}
"""))
    assert any(message in p for p in found), found


def test_failed_expectation_shows_expected_and_actual(tmp_path):
    """A wrong expectation reports the path, what was expected and what came."""
    path = write(tmp_path, """title: x
players: 4
position:
  places: {flying_dutchman: [0, 1], jolly_roger: [2], tortuga: [3]}
  turn: 0
steps:
  - {seat: 0, action: {kind: maroon, target: 1}}
expect:
  places.tortuga: [1, 3]
  chests.nowhere: 1
""")
    result = run_scenario(load_scenario(path))
    text = "\n".join(result.failures)
    assert f"{path}:9: at the end: places.tortuga: expected [1, 3], got [3, 1]" in text
    assert "no field 'chests.nowhere'" in text


def test_a_position_can_come_from_a_saved_game(tmp_path, rules):
    """position.saved loads a state written by GameState.to_json()."""
    from helpers import started
    s = started(rules, 4, 5)
    (tmp_path / "game.json").write_text(s.to_json(), encoding="utf-8")
    path = write(tmp_path, f"""title: x
players: 4
position:
  saved: game.json
  turn: {s.current_player}
steps:
  - {{seat: {s.current_player}, action: {{kind: view, slots: [1, 2]}}}}
expect:
  current_player: {(s.current_player + 1) % 4}
""")
    assert run_scenario(load_scenario(path)).passed


def test_expect_error_fails_when_the_scenario_loads_or_the_clause_differs(tmp_path):
    """expect_error is met only by a refusal with that clause and message."""
    path = write(tmp_path, "title: x\nplayers: 4\nexpect_error: {clause: setup.players}\n")
    result = run_scenario(load_scenario(path))
    assert not result.passed and "but the scenario loaded" in result.failures[0]
    path = write(tmp_path, "title: x\nplayers: 12\nexpect_error: {clause: setup.players}\n")
    with pytest.raises(DataError):  # 12 players is a schema mistake, not a setup refusal
        load_scenario(path)
    path = write(tmp_path, "title: x\nruleset: first-edition\nplayers: 3\n"
                           "expect_error: {clause: end.score, message: players}\n")
    result = run_scenario(load_scenario(path))
    assert result.failures == (f"{path}:4: expected a refusal by clause end.score, got "
                               "setup.players: " + str(result.scenario.refused[0]),)


def warnings_of(path):
    return [str(w) for sc in load_scenarios(path) for w in sc.warnings]


PLACES = "  places: {flying_dutchman: [0, 1], jolly_roger: [2], tortuga: [3]}\n  turn: 0\n"


def test_a_refusal_is_matched_by_clause_or_reason_and_a_bare_true_is_warned(tmp_path):
    """rejected: {clause} and {reason} must match the refusal met; rejected: true still
    accepts any refusal, with a located warning that it does."""
    path = write(tmp_path, "title: x\nplayers: 4\nposition:\n" + PLACES + """steps:
  - {seat: 1, action: attack, rejected: {clause: role.first-mate}}
  - {seat: 1, action: attack, rejected: {reason: "no such words"}}
  - {seat: 1, action: attack, rejected: true}
""")
    assert warnings_of(path) == [f"{path}:9:41: 'rejected: true' accepts any refusal, even a "
                                 "step by a seat the game is not waiting for: name the clause "
                                 "('rejected: {clause: ...}') or words of the reason "
                                 "('rejected: {reason: ...}')"]
    failures = run_scenario(load_scenario(path)).failures
    assert len(failures) == 2
    assert "refused by clause decision.seat, expected role.first-mate" in failures[0]
    assert "expected words 'no such words'" in failures[1]
    found = problems(write(tmp_path, "title: x\nplayers: 4\nsteps:\n"
                                     "  - {seat: 1, action: attack, rejected: {clause: decison.seat}}\n"))
    assert any("unknown clause 'decison.seat' (did you mean 'decision.seat'?)" in p
               for p in found)


def test_compare_with_one_ruleset_plays_under_it(tmp_path):
    """compare may name a single ruleset: the scenario is played under it, titled with it."""
    path = write(tmp_path, "title: x\nplayers: 4\nposition:\n" + PLACES + """steps:
  - {seat: 0, action: {kind: view, slots: [1, 2]}}
compare:
  first-edition: {current_player: 1}
""")
    [scenario] = load_scenarios(path)
    assert scenario.title == "x [first-edition]" and run_scenario(scenario).passed


def test_cases_share_the_files_keys_and_their_mistakes_are_located_in_them(tmp_path):
    """Each case is a scenario of its own, with the file's position merged under its own;
    every case's mistakes are reported at once, at the case's lines."""
    path = write(tmp_path, "title: x\nplayers: 4\nposition:\n" + PLACES + """cases:
  - title: first
    steps: [{seat: 0, action: {kind: view, slots: [1, 2]}}]
    expect: {current_player: 1}
  - title: second
    position: {turn: 2}
    steps: [{seat: 2, action: {kind: view, slots: [1, 2]}}]
    expect: {current_player: 3}
""")
    results = [run_scenario(sc) for sc in load_scenarios(path)]
    assert [r.scenario.title for r in results] == ["case 1: first", "case 2: second"]
    assert all(r.passed for r in results)
    path = write(tmp_path, """title: x
players: 4
cases:
  - title: first
    steps: [{seat: 0, action: atack}]
  - title: second
    players: 3
    steps: [{seat: 5, action: attack}]
""")
    found = problems(path)
    assert f"{path}:5:" in found[0] and "unknown action 'atack'" in found[0]
    assert f"{path}:8:" in found[1] and "no seat 5 in a 3-player game" in found[1]


DICE = "title: x\nruleset: tortuga-dice\nplayers: 3\n"


def test_a_kit_position_started_at_a_statement_needs_the_names_read_there(tmp_path):
    """'at' names a tagged statement of the play program (with did-you-mean); the names the
    program reads from there must be given, of their types (a name bound by one let that
    reads only the position is worked out)."""
    found = problems(write(tmp_path, DICE + "position: {at: dice.move.drew}\n"))
    assert any("no statement of the program play is tagged 'dice.move.drew' "
               "(did you mean 'dice.move.draw'?)" in p for p in found)
    found = problems(write(tmp_path, DICE + "position: {at: dice.place.limit_board_raid}\n"))
    text = "\n".join(found)
    assert "the play program reads 'rolling'" in text and "reads 'rolls'" in text
    assert "'start'" not in text  # start = counter("start"): worked out
    found = problems(write(tmp_path, DICE + "position:\n  at: dice.place.limit_board_raid\n"
                                            "  names: {roll: 1, rolling: [0], rolls: x}\n"))
    text = "\n".join(found)
    assert "the play program has no name 'roll' (did you mean 'rolls'?)" in text
    assert "rolls holds a number, not 'x'" in text and "say what it holds" not in text
    found = problems(write(tmp_path, "title: x\nplayers: 4\nposition: {at: turn.order}\n"))
    assert any("starts 'at: setup' or, without 'at', at a turn action" in p for p in found)


def test_dice_placed_while_others_roll_is_warned_unless_the_position_says_where(tmp_path):
    """A kit position with some dice placed and others still to roll warns that the play
    program counts the round afresh; started 'at' the roll with its names, it does not -
    unless a name given is one the program binds before reading it."""
    position = ("position:\n  zones:\n    actions:\n"
                "      1: [[A, expand], [B, expand], [C, expand], [D, expand], [E, expand]]\n")
    [warning] = warnings_of(write(tmp_path, DICE + position))
    assert "dice are already placed while others are still to be rolled" in warning
    said = position + "  at: dice.place.limit_board_raid\n  names: {rolls: 1, rolling: [0, 2]}\n"
    assert warnings_of(write(tmp_path, DICE + said)) == []
    unread = said.replace("rolls: 1,", "rolls: 1, rooms: [],")
    [warning] = warnings_of(write(tmp_path, DICE + unread))
    assert "does not read rooms from dice.place.limit_board_raid on (it binds it first)" in warning


def test_setup_draws_not_made_are_a_problem(tmp_path):
    """setup_random outcomes the setup never draws are reported, located."""
    found = problems(write(tmp_path, DICE + "position:\n  setup_random: [[roll:A, raid]]\n"))
    assert any("fixed setup outcomes never drawn: [['roll:A', 'raid']]" in p for p in found)


def test_a_position_at_setup_fixes_only_the_cards_dealt(tmp_path):
    """Tortuga 1667 at: setup takes loyalty, hands, decks, row and starred cards; anything
    else (the pawns, whose captains choose first) is refused, located."""
    found = problems(write(tmp_path, "title: x\nplayers: 4\nposition:\n  at: setup\n"
                                     "  places: {tortuga: [0, 1, 2, 3]}\n"))
    assert any(":5:11: at: setup takes only the cards dealt (loyalty, hands, vote_deck, "
               "event_deck, row, starred), not places" in p for p in found), found


def test_a_position_at_a_statement_after_lets_skips_them_and_saves(tmp_path):
    """Started at a statement inside a run of lets (the roll's room count, after rolls = rolls
    + 1), the program does not run the lets before it: the roll count is the one given; the
    start pauses where any game does, so it saves and loads."""
    from tortuga_rules.model.state import GameState
    path = write(tmp_path, DICE + """position:
  at: dice.place.limit_board_raid
  names: {rolls: 2, rolling: [0, 1, 2]}
""")
    start = load_scenario(path).start
    assert dict(start.frames[0].env)["rolls"] == 2
    assert GameState.from_json(start.to_json(), start.rules).frames == start.frames


def test_check_reports_each_case_and_each_warning_once(capsys, tmp_path):
    """tortuga-rules check prints a file's warnings once each (not once per compared
    ruleset), then one line per case and ruleset, and counts them."""
    from tortuga_rules.cli import main
    path = write(tmp_path, "title: x\nplayers: 4\nposition:\n" + PLACES + """cases:
  - title: a
    steps: [{seat: 1, action: attack, rejected: true}]
    compare: {standard: {}, first-edition: {}}
  - title: b
    steps: [{seat: 1, action: attack, rejected: {clause: decision.seat}}]
""")
    code = main(["check", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and out.count("WARN  ") == 1 and f"WARN  {path}:8:49: 'rejected: true'" in out
    assert f"PASS  {path}  case 1: a [first-edition]" in out
    assert f"PASS  {path}  case 2: b" in out
    assert out.rstrip().endswith("3 passed, 0 failed, 1 warning")


def test_a_kit_position_refuses_keys_it_does_not_read_and_starts_from_a_save(tmp_path):
    """A key a kit game's position does not read (another game's) is a located problem,
    not ignored; ``saved`` starts from a saved game, alone."""
    found = problems(write(tmp_path, DICE + "position: {turn: 1, places: {}}\n"))
    assert any(":4:18: 'turn' is no position key of Tortuga (dice game); its keys are "
               "tracks, counters, zones" in p for p in found)
    assert any(":4:29: 'places' is no position key" in p for p in found)
    start = load_scenario(write(tmp_path, DICE + "position: {counters: {start: 2}}\n")).start
    (tmp_path / "game.json").write_text(start.to_json(), encoding="utf-8")
    path = write(tmp_path, DICE + "position: {saved: game.json}\nexpect: {decision.seat: 2}\n")
    assert run_scenario(load_scenario(path)).passed
    found = problems(write(tmp_path, DICE + "position: {saved: game.json, tracks: {}}\n"))
    assert any("'tracks' cannot go with saved: the saved game is the whole position" in p
               for p in found)
