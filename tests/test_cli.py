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
    assert "turn 1:" in out and "Winner:" in out and "[setup.loyalty]" in out
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
    (["play", "--ruleset", "nope"], "unknown ruleset 'nope'"),
    (["play", "--human", "7", "--players", "4"], "--human must be a seat from 0 to 3"),
    (["replay", "/nonexistent/replay.json"], "cannot read"),
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
