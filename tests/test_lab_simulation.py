"""Simulations and balance runs: reproducible from their recipe, the same with any number of
workers (processes or Ray), honest about what they can claim."""

import csv
import io
import json
import math

import pytest

from tortuga_rules.cli import main
from tortuga_rules.lab.balance import Balance
from tortuga_rules.lab.stats import holm
from tortuga_rules.lab.games import play_game
from tortuga_rules.lab.simulation import Simulation
from tortuga_rules.lab.tally import Distribution, Tally
from tortuga_rules.lab.workers import played

#: A quick recipe: random bots play fast.
QUICK = Simulation(players=(4, 5), games=12, bots=("random",), seed=3)


def test_a_simulation_is_the_same_with_one_or_two_processes():
    """Games arrive in another order with two workers, but the summary is identical."""
    one = QUICK.run(jobs=1).to_data()
    two = QUICK.run(jobs=2).to_data()
    assert one == two
    assert one["by_players"]["4"]["games"] == 12 and "dutch" in one["by_players"]["5"]["win_rates"]


@pytest.mark.ray
def test_a_simulation_on_a_local_ray_instance_gives_the_same_results():
    """``backend="ray"`` plays the same games on Ray tasks and sums them to the same report."""
    assert QUICK.run(jobs=2, backend="ray").to_data() == QUICK.run(jobs=1).to_data()


def test_workers_yield_every_game_once_with_its_index():
    """``played`` gives each table's result exactly once, at the table's index."""
    tables = list(QUICK.tables())
    got = dict(played(iter(tables), jobs=2, batch=5))
    assert sorted(got) == list(range(len(tables)))
    assert got[7] == play_game(tables[7])


def test_the_recipe_alone_reproduces_a_game():
    """Game g at p players is set up by the recorded seed: replaying its table gives the
    same result, and another player count uses other seeds."""
    table = QUICK.table(4, 5)
    assert play_game(table) == play_game(QUICK.table(4, 5))
    assert QUICK.table(5, 5).seed != table.seed


def test_a_tally_counts_wins_draws_endings_lengths_and_reveals():
    """Each game adds to exactly one ending; win rates plus draws and unfinished make 1."""
    tally = Tally(4)
    for table in list(QUICK.tables())[:12]:
        tally.add(play_game(table))
    s = tally.summary()
    assert sum(r["hits"] for r in s["endings"].values()) == 12
    wins = sum(r["hits"] for r in s["win_rates"].values())
    assert wins + s["draws"]["hits"] + s["unfinished"]["hits"] == 12
    assert s["turns"]["min"] <= s["turns"]["median"] <= s["turns"]["max"]
    assert s["revealed"]["spanish-armada"]["hits"] == 12 - s["unfinished"]["hits"]
    for rate in s["win_rates"].values():
        assert rate["low"] <= rate["rate"] <= rate["high"]


def test_a_distribution_summarises_a_histogram_exactly():
    """Mean, quantiles and spread come from the counts."""
    d = Distribution.of({10: 1, 20: 2, 30: 1})
    assert d.n == 4 and d.mean == 20 and d.quantile(0.5) == 20 and d.quantile(1) == 30
    assert math.isclose(d.sd, math.sqrt(200 / 3))


def test_holm_adjusts_p_values_step_down_and_keeps_them_monotone():
    """Holm multiplies the k-th smallest p by (m - k + 1), never decreasing, at most 1."""
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([]) == []


def test_a_ruleset_against_itself_shows_no_significant_difference():
    """On the same seeds the same rules play the same games: every difference is 0."""
    balance = Balance.run(QUICK, QUICK)
    assert balance.comparisons and not balance.significant
    assert all(c.difference.mean == 0 for c in balance.comparisons)


def test_balance_finds_the_difference_a_variant_makes():
    """Boxing 8 event cards unseen (shorter-game:8) makes games shorter, and the test says
    so - the same with two worker processes."""
    base = Simulation(players=(4,), games=30, bots=("random",), seed=2)
    short = Simulation(variants=("shorter-game:8",), players=(4,), games=30, bots=("random",),
                       seed=2)
    balance = Balance.run(base, short)
    turns = next(c for c in balance.comparisons if c.measure == "turns")
    assert turns.significant and turns.variant < turns.base
    assert turns.difference.high < 0
    assert Balance.run(base, short, jobs=2).to_data() == balance.to_data()


def test_simulate_writes_json_and_csv_and_the_same_with_more_jobs(tmp_path, capsys):
    """``simulate`` prints each rate with its interval; its JSON and CSV agree and do not
    depend on ``--jobs``."""
    def run(jobs):
        out = tmp_path / f"s{jobs}"
        assert main(["simulate", "--players", "4-5", "--games", "10", "--bots", "random",
                     "--jobs", str(jobs), "--json", f"{out}.json", "--csv", f"{out}.csv",
                     "--quiet"]) == 0
        return json.loads(out.with_suffix(".json").read_text()), \
            out.with_suffix(".csv").read_text()

    one, csv_one = run(1)
    assert run(2) == (one, csv_one)
    text = capsys.readouterr().out
    assert "british win" in text and "dutch win" in text and "ended by" in text
    rows = list(csv.DictReader(io.StringIO(csv_one)))
    british = next(r for r in rows if r["players"] == "4" and r["subject"] == "british")
    assert float(british["value"]) == one["by_players"]["4"]["win_rates"]["british"]["rate"]
    assert one["simulation"]["seed"] == 1 and one["simulation"]["players"] == [4, 5]


def test_balance_prints_plainly_when_nothing_is_significant(capsys):
    """A variant that changes nothing here is reported as no significant difference."""
    assert main(["balance", "timer", "--players", "4", "--games", "6", "--bots", "random",
                 "--quiet"]) == 0
    assert "No difference is statistically significant" in capsys.readouterr().out


def test_balance_draws_png_and_svg_plots(tmp_path, capsys):
    """``--plots`` writes the win-rate and game-length figures as PNG and SVG."""
    assert main(["balance", "shorter-game:8", "--players", "4", "5", "--games", "20",
                 "--bots", "random", "--plots", str(tmp_path), "--csv",
                 str(tmp_path / "b.csv"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "differ significantly" in out and "turns" in out
    for name in ("win-rates", "game-length"):
        assert (tmp_path / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert b"<svg" in (tmp_path / f"{name}.svg").read_bytes()[:600]
    assert "p_holm" in (tmp_path / "b.csv").read_text().splitlines()[0]


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--players", "1-3"], "plays 2 to 9 players"),
    (["simulate", "--players", "four"], "counts such as 4 or 2-9"),
    (["simulate", "--bots", "wizard"], "no bot 'wizard'"),
    (["simulate", "--games", "0"], "--games must be"),
    (["simulate", "--backend", "processes", "--address", "auto"], "--address is for"),
    (["simulate", "--variant", "no-such-variant"], "no-such-variant"),
    (["balance", "no-such-variant", "--against", "madness+nothing"], "nothing"),
    (["balance", "no-such-variant"], "no-such-variant")])
def test_simulate_and_balance_refuse_bad_arguments_before_playing(argv, message, capsys):
    """Mistakes exit with status 2 and a message, before any game is played."""
    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("module, argv, hint", [
    ("ray", ["simulate", "--games", "2", "--bots", "random", "--backend", "ray"], "[ray]"),
    ("matplotlib", ["balance", "timer", "--games", "2", "--plots", "p"], "[plots]")])
def test_a_missing_optional_extra_is_named_before_any_game_is_played(
        module, argv, hint, monkeypatch, capsys, tmp_path):
    """Without Ray or matplotlib installed, asking for them says which extra to install
    (and a balance run refuses before it plays)."""
    import sys

    monkeypatch.setitem(sys.modules, module, None)  # import fails as if not installed
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert f"pip install 'tortuga-rules{hint}'" in capsys.readouterr().err
    assert not (tmp_path / "p").exists()
