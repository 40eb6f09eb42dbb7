"""A game is data: a rules file on the component kit naming a new game plays with every tool
of the engine, with no Python - No Thanks! (docs/examples/no-thanks/), the race of
docs/new-game.md (whose commands run here as the page shows them) and Nim, written here."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import attrs
import pytest

from tortuga_rules import legal_actions, load_ruleset, new_game, view
from tortuga_rules.bots import Knowledge, make_bot
from tortuga_rules.cli import main
from tortuga_rules.errors import ArgumentError, DataError
from tortuga_rules.model import games

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "new-game.md"
NO_THANKS = ROOT / "docs" / "examples" / "no-thanks"


@attrs.frozen
class Game:
    """A game written in data: its folder, rules file, a variant, its scenarios, a player count."""

    folder: Path
    rules: str
    variant: str
    scenarios: str
    players: int

    @property
    def path(self) -> str:
        return str(self.folder / self.rules)


#: A third game written in data alone, here in the test: Nim (its files by path).
NIM = {
    "nim/nim.yaml": """\
game: nim-test
id: nim
name: Nim
description: Take one to three chips from the pile on your turn; who takes the last chip wins.
players: {min: 2, max: 3}
components:
  counters:
    pile: {start: 10, min: 0}
    turn: {start: 0, min: 0, max: last-seat}
  tracks:
    taken: {min: 0, max: 30}
  lists:
    takes: [1, 2, 3]
play: |
  while counter("pile") > 0 {
    s = counter("turn")
    options = []
    for n in takes { if n <= counter("pile") { options = options + [n] } }
    @nim.take  choose take from options by s
    @nim.take  set_counter("pile", counter("pile") - take)
    @nim.take  advance(s, "taken", take)
    @nim.next  set_counter("turn", next_seat(s))
  }
  # the seat before the one whose turn it would be took the last chip
  scores = []
  for p in players() {
    point = 0
    if next_seat(p) == counter("turn") { point = 1 }
    scores = scores + [point]
  }
  @nim.win  finish(scores, "nim.win")
clauses:
  nim.take: {text: "Take one, two or three chips from the pile, no more than it holds.", source: "Nim, rule 1"}
  nim.next: {text: "Then the player on your left takes.", source: "Nim, rule 2"}
  nim.win: {text: "Who takes the last chip wins.", source: "Nim, rule 3"}
""",
    "nim/bigger.yaml": """\
id: bigger
game: nim-test
extends: nim.yaml
name: Bigger pile
description: Fifteen chips.
changes:
  components:
    counters:
      pile: {start: 15, min: 0}
""",
    "nim/scenarios/take-the-last.yaml": """\
title: "Nim: who takes the last chips wins"
ruleset: ../nim.yaml
players: 2
position:
  counters: {pile: 2, turn: 1}
steps:
  - {seat: 1, choose: 3, rejected: true, note: "the pile holds only 2"}
  - {seat: 1, choose: 2}
expect: {outcome.winners: [1]}
covers: [nim.take, nim.win]
""",
}


def doc_files(text: str) -> dict:
    """The files docs/new-game.md writes: ``<!-- file: PATH -->`` then a YAML block."""
    return dict(re.findall(r"<!-- file: (\S+) -->\n```yaml\n(.*?)```", text, re.S))


def doc_commands(text: str) -> list:
    """The console blocks of docs/new-game.md: ``(arguments, output)`` of each command."""
    return [(cmd.split()[1:], out.rstrip("\n"))
            for cmd, out in re.findall(r"```console\n\$ (.*?)\n(.*?)```", text, re.S)]


@pytest.fixture(scope="module")
def race_dir(tmp_path_factory) -> Path:
    """An empty folder, with the race of docs/new-game.md written into it as the page says."""
    top = tmp_path_factory.mktemp("new-game")
    for name, body in doc_files(DOC.read_text(encoding="utf-8")).items():
        (top / name).parent.mkdir(parents=True, exist_ok=True)
        (top / name).write_text(body, encoding="utf-8")
    return top


@pytest.fixture(scope="module")
def nim_dir(tmp_path_factory) -> Path:
    """An empty folder with Nim written into it."""
    top = tmp_path_factory.mktemp("nim")
    for name, body in NIM.items():
        (top / name).parent.mkdir(parents=True, exist_ok=True)
        (top / name).write_text(body, encoding="utf-8")
    return top


@pytest.fixture(scope="module", params=["no-thanks", "race", "nim"])
def game(request, race_dir, nim_dir) -> Game:
    """Each game written in data alone: No Thanks!, the page's race and Nim."""
    if request.param == "no-thanks":
        return Game(NO_THANKS, "no-thanks.yaml", "seven-chips.yaml", "scenarios", 3)
    if request.param == "nim":
        return Game(nim_dir / "nim", "nim.yaml", "bigger.yaml", "scenarios", 3)
    return Game(race_dir / "race", "race.yaml", "longer.yaml", "scenarios", 2)


def _cli(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 0
    return capsys.readouterr().out


def test_a_file_naming_a_new_game_is_that_game_with_the_kits_parts(game):
    """Loading registers the game under the file's id, name and player counts, with the
    kit's generic state, views, determinisations and numbered actions."""
    rules = load_ruleset(game.path)
    kind = games.game_kind(rules.game.id)
    assert kind is rules.game and kind.schema == "kit" and kind.name == rules.name
    assert kind.players == (rules.min_players, rules.max_players)
    assert kind.determinize is not None and kind.actions is not None and not kind.bots
    varied = load_ruleset(game.path, variants=[str(game.folder / game.variant)])
    assert " + " in varied.name and varied.game is kind  # a variant is of the same game


def test_variants_lint_and_rules_read_a_new_game(game, capsys):
    """``variants show``, ``lint`` (rules, variant and scenarios, all fine) and ``rules``."""
    assert "game: " + load_ruleset(game.path).game.id in _cli(capsys, "variants", "show",
                                                             game.path)
    assert "0 of" not in _cli(capsys, "lint", game.folder)
    assert "## " in _cli(capsys, "rules", "--ruleset", game.path)


def test_play_narrates_a_new_game_to_its_winner(game, capsys):
    """``play`` plays a whole game with random bots and names the winner."""
    out = _cli(capsys, "play", "--ruleset", game.path, "--players", game.players, "--seed", 2)
    assert "won by" in out or "shared" in out


def test_a_recorded_game_of_a_new_game_replays(game, capsys, tmp_path):
    """``play --log-json`` writes a replay that ``replay --ruleset FILE`` plays again to the
    same winners, named as seats (a kit game has no teams)."""
    log = tmp_path / "game.json"
    _cli(capsys, "play", "--ruleset", game.path, "--players", game.players, "--seed", 3,
         "--quiet", "--log-json", log)
    out = _cli(capsys, "replay", log, "--ruleset", game.path, "--quiet")
    assert out.startswith("Replay OK: ") and "seat " in out


def test_check_and_explain_run_a_new_games_scenarios(game, capsys):
    """``check`` passes the game's scenarios; ``explain`` cites its clauses."""
    out = _cli(capsys, "check", game.folder / game.scenarios)
    assert "0 failed" in out and " 0 passed" not in out
    scenario = sorted((game.folder / game.scenarios).glob("*.yaml"))[0]
    assert "Step 1:" in _cli(capsys, "explain", scenario)


@pytest.mark.parametrize("bots", [["random"], ["heuristic"]])
def test_simulate_plays_a_new_game_with_its_bots(game, bots, capsys):
    """``simulate`` plays it with the random bot and the generic heuristic; every game ends."""
    out = _cli(capsys, "simulate", "--ruleset", game.path, "--players", game.players,
               "--games", 6, "--bots", *bots)
    assert "unfinished            0.000" in out and "warning" not in out


def test_balance_compares_a_new_games_variant(game, capsys):
    """``balance`` plays the game and its variant on the same seeds."""
    out = _cli(capsys, "balance", game.folder / game.variant, "--against", game.path,
               "--players", game.players, "--games", 6, "--bots", "random")
    assert "measures tested" in out or "differ significantly" in out


def test_a_tournament_seats_random_search_and_the_generic_heuristic(game, capsys):
    """``tournament`` plays random, ISMCTS and the generic heuristic against each other."""
    out = _cli(capsys, "tournament", "--ruleset", game.path, "--players", game.players,
               "--games", 3, "random", "ismcts:iterations=8", "heuristic:playouts=2")
    assert all(kind in out for kind in ("random", "ismcts:iterations=8", "heuristic:playouts=2"))


def test_the_learning_environment_passes_pettingzoos_tests(game):
    """PettingZoo's api_test and seed_test on the game's environment."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test
    from tortuga_rules.rl import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(ruleset=game.path, players=game.players), num_cycles=300)
        seed_test(lambda: env(ruleset=game.path, players=game.players), num_cycles=300)


def test_a_server_offers_a_new_game_and_a_person_plays_it_against_bots(game, tmp_path):
    """``serve --rules FOLDER``: the lobby offers the game as a whole ruleset (its variant
    as a variant); a table with bots is played over the socket to the scores."""
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient
    from tortuga_rules.server.app import create_app

    app = create_app(str(tmp_path / "s.db"), bot_delay=0.0, rules_dir=str(game.folder))
    stem = game.rules[:-5]
    with TestClient(app) as client:
        offered = {r["id"]: r for r in client.get("/api/info").json()["rulesets"]}
        assert offered[stem]["base"] and not offered[game.variant[:-5]]["base"]
        seats = ["human", "heuristic", "random"][:game.players]
        made = client.post("/api/tables", json={"players": game.players, "seats": seats,
                                                "name": "Ana", "ruleset": stem})
        assert made.status_code == 200, made.text
        tid, token = made.json()["table"]["id"], made.json()["token"]
        table = app.state.server.lobby.get(tid)
        with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            message = ws.receive_json()
            for _ in range(2000):
                shown = message.get("view")
                if shown and shown["outcome"]:
                    break
                if shown and shown["current_player"] == 0:
                    action = str(legal_actions(table.record.states[shown["step"]])[0])
                    ws.send_text(json.dumps({"type": "act", "token": token, "action": action,
                                             "step": shown["step"]}))
                message = ws.receive_json()
        assert shown["outcome"] and len(shown["outcome"]["scores"]) == game.players


def test_another_file_may_not_take_a_new_games_id(tmp_path):
    """A second file naming the game of another is refused at its ``game:`` line, and so is
    a kit file naming Tortuga 1667 (a game not written on the kit)."""
    load_ruleset(str(NO_THANKS / "no-thanks.yaml"))
    copy = tmp_path / "mine.yaml"
    copy.write_text((NO_THANKS / "no-thanks.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DataError) as taken:
        load_ruleset(str(copy))
    assert f"{copy}:3:7: game 'no-thanks' is already defined by" in str(taken.value)
    copy.write_text(copy.read_text(encoding="utf-8").replace("game: no-thanks",
                                                             "game: tortuga-1667"))
    with pytest.raises(DataError) as package:
        load_ruleset(str(copy))
    assert f"{copy}:3:7: Tortuga 1667 is not written on the kit" in str(package.value)


def test_the_registry_of_games_read_from_files_is_bounded():
    """Past DATA_GAMES games read from files the oldest is forgotten (its id free again);
    a package's game is never forgotten; a file that does not compile registers nothing."""
    family = games.family_of({"components": {}})
    made = [games.keep_data_game(games.data_game(family, f"bounded-{i}", "B", (2, 4), source),
                                 source)
            for i, source in ((i, f"/nowhere/{i}.yaml") for i in range(games.DATA_GAMES + 1))]
    ids = games.game_ids()
    assert made[0].id not in ids and made[-1].id in ids and "tortuga-1667" in ids
    again = games.data_game(family, "bounded-0", "B", (2, 4), "/elsewhere.yaml")
    assert again.id == "bounded-0" and "bounded-0" not in games.game_ids()


def test_a_games_own_bot_refuses_another_game():
    """The dice game's heuristic bot, asked to play No Thanks!, refuses it and names the
    bots that can; a file claiming to be the dice game meets the dice bot's refusal of a
    decision the dice game does not have."""
    no_thanks = load_ruleset(str(NO_THANKS / "no-thanks.yaml"))
    state = new_game(no_thanks, players=3, seed=1)
    dice_bot = make_bot("heuristic", 1, load_ruleset("tortuga-dice"))
    with pytest.raises(ArgumentError, match="does not play No Thanks!: choose from"):
        dice_bot.choose(Knowledge.of(state, state.current_player))


def test_a_file_claiming_the_dice_game_is_refused_by_its_bot(tmp_path):
    """No Thanks! written as ``game: tortuga-dice`` is played by nobody's rules of thumb
    silently: the dice bot names the decision it does not know."""
    text = (NO_THANKS / "no-thanks.yaml").read_text(encoding="utf-8")
    claimed = tmp_path / "claimed.yaml"
    claimed.write_text(text.replace("game: no-thanks", "game: tortuga-dice"), encoding="utf-8")
    rules = load_ruleset(str(claimed))
    state = new_game(rules, players=3, seed=1)
    with pytest.raises(ArgumentError, match="no rule of thumb for the decision 'move'"):
        make_bot("heuristic", 1, rules).choose(Knowledge.of(state, state.current_player))


def test_simulate_and_tournament_warn_when_every_game_is_a_draw(tmp_path, capsys):
    """A game whose every end is a tie: ``simulate`` shows a warning instead of win rates;
    ``tournament`` warns before its verdicts."""
    draw = tmp_path / "draw.yaml"
    draw.write_text(
        "game: always-a-draw\nid: always-a-draw\nname: Always a draw\n"
        "description: Everybody scores 0.\nplayers: {min: 2, max: 3}\ncomponents: {}\n"
        "play: |\n  @d.pick  choose x from [1, 2] by 0\n  s = []\n"
        "  for p in players() { s = s + [0] }\n  @d.end  finish(s, \"d.end\")\n"
        "clauses:\n  d.pick: {text: Seat 0 says a number., source: test}\n"
        "  d.end: {text: Everybody scores 0., source: test}\n", encoding="utf-8")
    out = _cli(capsys, "simulate", "--ruleset", draw, "--players", 2, "--games", 4)
    assert "warning: every game was a draw (4/4)" in out and "seat 1 win" not in out
    out = _cli(capsys, "tournament", "--ruleset", draw, "--players", 2, "--games", 2,
               "random", "heuristic")
    assert "warning: no game had a single winner (2/2" in out


def test_every_command_of_the_new_game_page_prints_what_it_shows(race_dir, capsys,
                                                                  monkeypatch):
    """docs/new-game.md's commands, run in the folder its files are written to, print
    exactly the output the page shows."""
    monkeypatch.chdir(race_dir)
    commands = doc_commands(DOC.read_text(encoding="utf-8"))
    assert len(commands) >= 8
    for argv, shown in commands:
        assert main(argv) == 0, argv
        assert capsys.readouterr().out.rstrip("\n") == shown, " ".join(argv)


def _schema_keys(node, defs, seen=()) -> set:
    """Every property name of a JSON Schema node, through references, items and maps."""
    if not isinstance(node, dict):
        return set()
    ref = node.get("$ref", "")
    if ref.startswith("#/$defs/"):
        name = ref.split("/")[-1]
        return set() if name in seen else _schema_keys(defs[name], defs, (*seen, name))
    keys = set(node.get("properties", {}))
    parts = list(node.get("properties", {}).values())
    parts += [node.get(k) for k in ("additionalProperties", "items", "then", "else")]
    for part in parts:
        keys |= _schema_keys(part, defs, seen)
    return keys


def test_the_kits_file_structure_is_explained_key_by_key():
    """Every key schema/kit.schema.json allows in a game's file is in docs/new-game.md's
    tables, and every group of ``words`` the kit reads."""
    schema = json.loads((ROOT / "schema" / "kit" / "kit.schema.json").read_text(encoding="utf-8"))
    text = DOC.read_text(encoding="utf-8").split("## The kit's file structure", 1)[1]
    keys = _schema_keys(schema, schema["$defs"])
    words = {"names", "seats", "zones", "tracks", "counters", "sides", "tokens", "colours",
             "choices", "waiting", "said", "sections"}
    missing = sorted(k for k in keys | words if f"`{k}`" not in text)
    assert not missing, missing


@pytest.mark.browser
def test_a_person_plays_no_thanks_on_the_kit_board(browser, tmp_path):
    """``serve --rules`` offers No Thanks!; its table draws the kit's board - the card in the
    middle as a tile with its name, the chips as a track - and a person clicks to the end."""
    import random

    from browsing import click_to_the_end, expect
    from serving import running_server

    with running_server(tmp_path / "n.db", 0.0, "--rules", str(NO_THANKS)) as (base, _proc):
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "/")
        page.locator("#name").fill("Ana")
        page.locator("#ruleset").select_option("no-thanks")
        expect(page.locator("input[name=variant][value=seven-chips]")).to_be_attached()
        page.get_by_label("Players", exact=True).fill("3")
        page.get_by_label("Players", exact=True).dispatch_event("change")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_selector("#kit-board .kit-seat")
        expect(page.locator(".zone-middle .kit-tile")).to_have_count(1)
        expect(page.locator("#turn")).to_contain_text("chips on the card")
        page.screenshot(path=str(tmp_path / "no-thanks.png"), full_page=True)
        click_to_the_end(page, random.Random(5))
        expect(page.locator(".scores tbody tr")).to_have_count(3)
        assert not errors, errors


def test_a_new_game_whose_rules_do_not_compile_registers_nothing(tmp_path):
    """A kit file naming a new game with a mistake is refused, located, and its id stays
    free."""
    broken = tmp_path / "broken.yaml"
    broken.write_text((NO_THANKS / "no-thanks.yaml").read_text(encoding="utf-8")
                      .replace("game: no-thanks", "game: broken-game")
                      .replace("next_seat(s)", "nex_seat(s)"), encoding="utf-8")
    with pytest.raises(DataError, match="unknown function 'nex_seat'"):
        load_ruleset(str(broken))
    assert "broken-game" not in games.game_ids()


def test_a_choice_among_numbers_is_labelled_with_the_numbers(race_dir):
    """The race's ``choose step from steps`` (numbers) shows ``1`` and ``2`` on its buttons,
    not the seats those numbers would name."""
    state = new_game(load_ruleset(str(race_dir / "race" / "race.yaml")), 2, 1)
    choices = view(state, 0, lang="en")["decision"]["choices"]
    assert [c["label"] for c in choices] == ["1", "2"]
