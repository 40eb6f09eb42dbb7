"""The command line: play, replay, a human seat, and clear errors for bad arguments."""

import io
import json

import pytest

from tortuga_rules.cli import main


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_narrates_a_whole_game_with_citations(capsys):
    """play prints turns, votes, marooning and the winner, each line with its clause."""
    code, out, _ = run(capsys, "play", "--players", "5", "--seed", "4")
    assert code == 0
    assert "Turn 1 — " in out and "Winner:" in out and "[setup.loyalty]" in out
    assert "[end." in out


def test_play_writes_a_replay_that_replays(capsys, tmp_path):
    """--log-json writes ruleset, seed, actions and the cited log; replay checks it."""
    path = tmp_path / "game.json"
    code, _, _ = run(capsys, "play", "--players", "3", "--seed", "9", "--quiet",
                     "--log-json", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == 9 and data["ruleset"] == "standard" and data["actions"]
    assert all("clause" in e for step in data["log"] for e in step)
    code, out, _ = run(capsys, "replay", str(path), "--quiet")
    assert code == 0 and out.startswith("Replay OK")
    data["log"] = []
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path), "--quiet")
    assert code == 2 and "Replay OK" not in out
    assert "the replay records the log of 0 steps" in err


def test_human_seat_plays_from_a_numbered_menu(capsys, monkeypatch):
    """--human SEAT shows a menu; bad input is asked again; hidden facts of others stay hidden."""
    answers = "x\n99\n" + "1\n" * 400
    code, out, _ = run(capsys, "play", "--players", "4", "--seed", "1", "--human", "0",
                       stdin=answers, monkeypatch=monkeypatch)
    assert code == 0
    assert "Your decision" in out and "Please type a number" in out
    assert "(only seat" not in out
    for seat in (1, 2, 3):
        assert f"[{seat}] sees)" not in out


def test_human_input_ending_abandons_the_game(capsys, monkeypatch):
    """End of input is not a traceback."""
    code, _, err = run(capsys, "play", "--players", "4", "--seed", "1", "--human", "0",
                       stdin="", monkeypatch=monkeypatch)
    assert code == 1 and "abandoned" in err


@pytest.mark.parametrize("argv, message", [
    (["play", "--players", "12"], "is for 2 to 9 players"),
    (["play", "--ruleset", "nope"], "unknown ruleset or variant 'nope'"),
    (["play", "--human", "7", "--players", "4"], "--human must be a seat from 0 to 3"),
    (["replay", "/nonexistent/replay.json"], "cannot read"),
    (["play", "--log-json", "/nonexistent/dir/game.json"], "cannot write /nonexistent/dir"),
    (["play", "--log-json", "/tmp"], "cannot write /tmp: it is a folder"),
    (["play", "--starred", "facade"], "deals 3 starred cards"),
    (["play", "--ruleset", "madness", "--starred", "facade"], "deals every starred card"),
    (["play", "--ruleset", "standard++madness"], "has an empty part"),
    (["play", "--ruleset", "more-starred:" + "9" * 300], "characters long"),
    (["coverage", "--scenarios", "/nonexistent"], "no such file or folder: /nonexistent"),
])
def test_bad_arguments_get_a_clear_error(capsys, argv, message):
    """Mistakes in arguments print one line and exit 2, no traceback."""
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_argument_syntax_errors_exit_2(capsys):
    """argparse errors exit with status 2 and a usage line."""
    with pytest.raises(SystemExit) as exc:
        main(["play", "--players", "x"])
    assert exc.value.code == 2


def test_check_reports_pass_and_fail_with_a_diff(capsys, tmp_path):
    """check prints PASS/FAIL per scenario, the diff of a failure, and a count."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: wrong expectation\nplayers: 4\nposition:\n  places: {flying_dutchman: [0, 1],"
                   " jolly_roger: [2], tortuga: [3]}\n  turn: 0\nsteps:\n"
                   "  - {seat: 0, action: {kind: maroon, target: 1}}\nexpect:\n"
                   "  places.tortuga: [1]\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "tests/scenarios/mutiny-tie-fails.yaml", str(bad))
    assert code == 1
    assert "PASS  tests/scenarios/mutiny-tie-fails.yaml" in out
    assert f"FAIL  {bad}" in out and "expected [1], got [3, 1]" in out
    assert out.strip().endswith("1 passed, 1 failed")


def test_explain_cites_every_change_and_answers_why_not(capsys):
    """explain prints each step's changes with their clause, cause and source; refusals say why."""
    code, out, _ = run(capsys, "explain", "tests/scenarios/rowboat-moves-and-capacities.yaml")
    assert code == 0
    assert "REFUSED" in out and "because board.ship-capacity:" in out
    assert "it would be legal to choose to among" in out
    code, out, _ = run(capsys, "explain", "tests/scenarios/view-force-and-pistol.yaml")
    assert "* card Pistol applies card.pistol.maroon: The player pointed at is marooned." in out
    assert "All expectations met." in out


def test_coverage_lists_each_clause(capsys):
    """coverage prints a line per clause and the count covered."""
    code, out, _ = run(capsys, "coverage")
    assert code == 0
    assert "vote.attack.success" in out and "clauses covered" in out


def test_scenario_file_errors_are_reported_not_raised(capsys, tmp_path):
    """A broken scenario file is an ERROR line with its problems, not a traceback."""
    bad = tmp_path / "broken.yaml"
    bad.write_text("title: x\nplayers: 4\nsteps:\n  - {seat: 0, action: atack}\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(bad))
    assert code == 1 and "ERROR" in out and "did you mean 'attack'" in out
    code, out, err = run(capsys, "explain", str(bad))
    assert code == 2 and "did you mean 'attack'" in err


def test_variants_lists_and_shows(capsys):
    """variants lists each bundled variant with its options; show prints resolved rules."""
    code, out, _ = run(capsys, "variants")
    assert code == 0 and "more-starred (variant of standard)" in out and "option starred (4-8)" in out
    code, out, _ = run(capsys, "variants", "show", "madness")
    assert code == 0 and "standard+madness" in out and "choose: 8" in out


def test_diff_prints_each_rule_with_its_clause(capsys):
    """diff prints the differing rules by section with clause ids and both values."""
    code, out, _ = run(capsys, "diff", "standard", "more-starred:6")
    assert code == 0 and "setup.events.starred.choose  [setup.events.starred]" in out
    assert "standard: 3" in out and "more-starred:6: 6" in out


def test_play_takes_variants_and_options(capsys):
    """play --variant/--option compose rules; a bad option value is a clear error."""
    code, out, _ = run(capsys, "play", "--variant", "madness", "--option", "tiebreak_rounds=2",
                       "--quiet")
    assert code == 0 and "Winner:" in out
    code, _, err = run(capsys, "play", "--variant", "more-starred:12", "--quiet")
    assert code == 2 and "out of range 4-8" in err
    code, _, err = run(capsys, "play", "--option", "broken", "--quiet")
    assert code == 2 and "KEY=VALUE" in err


def test_rules_prints_every_clause_in_rulebook_order(capsys, rules):
    """rules: each clause of the ruleset with its wording and source, setup before the end."""
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for cid, clause in rules.clauses.items():
        assert f"**`{cid}`** {clause.text}" in out, cid
    assert out.index("## Setup") < out.index("## Votes") < out.index("### Pistol") \
        < out.index("## The end of the game")
    code, out, _ = run(capsys, "rules", "--ruleset", "first-edition")
    assert "*(changed by first-edition)*" in out and "card.crows-nest" not in out


def test_lint_locates_every_problem_and_sets_the_exit_status(capsys, tmp_path):
    """lint: file:line:col per problem, exit 1 on any; bundled data is clean (exit 0)."""
    (tmp_path / "pistol.yaml").write_text(
        "id: pistol\ncategory: helpful\ncount: 3\nname: {en: Pistol}\ntext: {en: x}\n"
        "clauses: {}\neffect: |\n  @card.pistol.nope  maroon(revealer)\n", encoding="utf-8")
    (tmp_path / "house.yaml").write_text("id: house\nextends: standrd\nname: H\n"
                                         "description: d\n", encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(tmp_path))
    assert code == 1
    assert f"{tmp_path}/pistol.yaml:8:3: unknown clause 'card.pistol.nope'" in out
    assert f"{tmp_path}/house.yaml:2:10: unknown ruleset or variant 'standrd'" in out
    assert "0 of 2 files ok" in out
    code, out, _ = run(capsys, "lint", "variants", "cards", "tests/scenarios", "--quiet")
    assert code == 0 and out == ""


def test_log_json_is_checked_before_the_game_starts(capsys, monkeypatch, tmp_path):
    """An unwritable --log-json stops a human's game before it begins, not after."""
    code, out, err = run(capsys, "play", "--human", "0", "--log-json",
                         str(tmp_path / "missing" / "g.json"), stdin="1\n" * 400,
                         monkeypatch=monkeypatch)
    assert code == 2 and "Your decision" not in out and "cannot write" in err
    assert not (tmp_path / "missing").exists()


def test_version_and_every_option_is_documented(capsys):
    """--version prints the version, the build and the engine; README's synopsis and --help
    name every option."""
    from pathlib import Path

    from tortuga_rules import COMPILED, __version__
    from tortuga_rules.cli.main import parser
    from tortuga_rules.game.native import describe

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    printed = " ".join(capsys.readouterr().out.split())  # argparse wraps it to the terminal
    build = "compiled with mypyc" if COMPILED else "pure Python"
    assert exc.value.code == 0
    assert printed == f"tortuga-rules {__version__} ({build}); engine: {describe()}"
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    synopsis = readme.split("## The command line", 1)[1].split("\n\n", 2)[1]
    sub = next(a for a in parser()._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, command in sub.choices.items():
        lines = synopsis.split(f"tortuga-rules {name}", 1)[1].split("tortuga-rules ", 1)[0]
        for action in command._actions:
            if action.dest == "help":
                continue
            assert action.help, (name, action.dest)
            for option in action.option_strings:
                assert option in lines, (name, option)


def test_coverage_finds_the_checkouts_scenarios(capsys, monkeypatch, tmp_path):
    """Run from a checkout (an editable install), coverage finds the checkout's scenarios
    from any folder; installed elsewhere (the compiled build's CI run), it finds them from
    the checkout's root and, from any other folder, says how to name them."""
    from pathlib import Path

    import tortuga_rules

    root = Path(__file__).resolve().parent.parent
    from_checkout = Path(tortuga_rules.__file__).resolve().parent.parent == root
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "coverage", "--ruleset", "shorter-game")
    if from_checkout:
        assert code == 0 and "clauses covered" in out
    else:
        assert code == 2 and "give --scenarios PATH and --tests PATH" in err
        monkeypatch.chdir(root)
        code, out, _ = run(capsys, "coverage", "--ruleset", "shorter-game")
        assert code == 0 and "clauses covered" in out


def test_play_without_a_seed_draws_one_and_never_shows_it_to_a_human(capsys, monkeypatch):
    """No --seed: a seed drawn at random (shown to a bots-only table, which is the
    referee's); with --human the header names the player's seat but no seed."""
    code, out, _ = run(capsys, "play", "--players", "3")
    first = out.splitlines()[0]
    assert code == 0 and ", seed " in first
    code, other, _ = run(capsys, "play", "--players", "3")
    assert other.splitlines()[0] != first  # two games, two seeds
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "5", "--human", "1",
                       stdin="", monkeypatch=monkeypatch)
    assert "seed" not in out.splitlines()[0] and "you play" in out.splitlines()[0]


def test_tournament_prints_win_rates_with_intervals_and_a_verdict(tmp_path, capsys):
    """``tournament heuristic random`` prints each kind's rate, interval and verdict, and
    writes the same as JSON."""
    import json

    out = tmp_path / "t.json"
    assert main(["tournament", "heuristic", "random", "--games", "40", "--players", "4",
                 "--json", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "95% interval" in text and "heuristic beats random with 95% confidence" in text
    data = json.loads(out.read_text())
    assert data["win_rates"]["heuristic"]["n"] == 80 and data["differences"][0]["significant"]


@pytest.mark.parametrize("argv, message", [
    (["tournament", "wizard"], "no bot 'wizard'"),
    (["tournament", "random", "--games", "0"], "--games must be"),
    (["tournament", "random", "--players", "12"], "--players must be"),
    (["tournament", "random", "--jobs", "999"], "--jobs must be")])
def test_tournament_refuses_bad_arguments_with_a_message(argv, message, capsys):
    """Unknown bots and counts out of range exit with status 2 and say why."""
    assert main(argv) == 2
    assert message in capsys.readouterr().err
