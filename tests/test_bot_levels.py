"""The measurement of the bot levels' Elo (``benchmarks/bot_levels.py``): what it plays,
what it records and what it prints."""

import importlib.util
import json
from pathlib import Path

from tortuga_rules.bots.levels import LEVELS

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("bot_levels", ROOT / "benchmarks" /
                                                  "bot_levels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _record(path: Path, games: int, game: str = "tortuga-1667"):
    """``games`` recorded games of the levels (by their specs for ``game``) in which each
    level beats the one below more often than it loses to it (by five games: the levels
    that won each)."""
    specs = [level.spec_for(game) for level in LEVELS]
    winners = ({2}, {2}, {1, 2}, {1}, {0})  # by level rank, the weakest 0
    with path.open("w") as out:
        for g in range(games):
            bots = [specs[(i + g) % 3] for i in range(3)]
            won = [specs.index(b) in winners[g % 5] for b in bots]
            out.write(json.dumps({"game": g, "bots": bots, "won": won}) + "\n")


def test_the_report_prints_each_level_and_each_step_with_its_interval(tmp_path, capsys):
    """``--report`` fits the recorded games only: each level's Elo (the weakest at 0) and
    each step from a level to the next, with its 95% interval, in the levels' order."""
    path = tmp_path / "games.jsonl"
    _record(path, 40)
    assert _tool().main(["--report", "--out", str(path), "--players", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "40 games"
    steps = [line for line in lines if " - " in line]
    specs = [level.spec for level in LEVELS]
    assert [s.rpartition(": ")[0].strip() for s in steps] == \
        [f"{high} - {low}" for low, high in zip(specs, specs[1:])]
    assert all(float(s.split(": ")[-1].split()[0]) > 0 for s in steps)


def test_a_run_plays_only_the_games_not_yet_recorded(tmp_path, monkeypatch, capsys):
    """A run started again with its file plays only the games missing from it (each
    recorded as it ends), so a long measurement can be stopped and resumed."""
    tool = _tool()
    path = tmp_path / "games.jsonl"
    _record(path, 3, "tortuga-dice")
    asked = []

    def played(tables, jobs):
        for table in tables:
            asked.append(table)
            yield table, type("Result", (), {"won": (True, False, False)})()

    monkeypatch.setattr(tool, "played_tables", played)
    tool.main(["--out", str(path), "--games", "5", "--players", "3",
               "--ruleset", "tortuga-dice"])
    assert len(asked) == 2
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1, 2, 3, 4]
    assert capsys.readouterr().out.startswith("5 games")
