"""An upgrade that changes a bundled ruleset, between two runs of a real server on one
database: a table of the changed rules is refused in words (never replayed into another
game), a table of unchanged rules plays on."""

from __future__ import annotations

import json
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

from serving import free_port, get, post, start_server

import tortuga_rules
from tortuga_rules.data.sources import package_dir

DATA = ("cards", "variants", "schema", "locale")


def _release_with_a_fixed_rule(folder: Path) -> Path:
    """A copy of this release of the package (with its data folders) in which the
    standard rules deal four vote cards instead of three: what a release fixing a rule
    ships. The server run from ``folder`` imports it."""
    package = Path(tortuga_rules.__file__).resolve().parent
    shutil.copytree(package, folder / "tortuga_rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if not (folder / "tortuga_rules" / "variants").is_dir():  # a source checkout: beside it
        for name in DATA:
            shutil.copytree(Path(str(package_dir(name))), folder / name)
    standard = next(folder.rglob("variants/tortuga-1667/standard.yaml"))
    text = standard.read_text(encoding="utf-8")
    assert "  hand_size: 3\n" in text
    standard.write_text(text.replace("  hand_size: 3\n", "  hand_size: 4\n"), encoding="utf-8")
    return folder


def _answer(base: str, path: str) -> tuple:
    """The HTTP status and decoded body of GET ``path`` (errors too)."""
    try:
        with urllib.request.urlopen(base + path, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_an_upgrade_that_changes_a_bundled_rule_refuses_its_tables_in_words(tmp_path):
    """Run 1 (this release) makes a Tortuga 1667 table and a dice table and plays them;
    run 2 (a release whose standard rules deal another hand) refuses the first, naming
    the rules it was made under and those it plays now (410, gone), and plays the dice
    table on from where it was."""
    db, port = tmp_path / "u.db", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port, 0.0)
    try:
        changed = post(base, "/api/tables", {"ruleset": "standard", "players": 3,
                                             "seats": ["human", "random", "random"]})
        kept = post(base, "/api/tables", {"ruleset": "tortuga-dice", "players": 3,
                                          "seats": ["random", "random", "human"]})
        for _ in range(100):  # its bots play up to the person's turn
            before = get(base, f"/api/tables/{kept['table']['id']}")["table"]
            if before["current_player"] == 2:
                break
            time.sleep(0.05)
        assert before["moves"] > 0
    finally:
        server.kill()
        server.wait(10)
    release = _release_with_a_fixed_rule(tmp_path / "release")
    server = start_server(db, port, 0.0, cwd=release)
    try:
        status, body = _answer(base, f"/api/tables/{changed['table']['id']}")
        assert status == 410 and body["error"]["code"] == "gone"
        assert "this table was created under the rules standard (" in body["error"]["message"]
        assert "this server plays standard (" in body["error"]["message"]
        status, body = _answer(base, f"/api/tables/{kept['table']['id']}")
        assert status == 200 and body["table"]["moves"] == before["moves"]
        made = post(base, "/api/tables", {"players": 3, "seats": ["human", "random", "random"]})
        view = get(base, f"/api/tables/{made['table']['id']}/view", made["token"])
        assert len(view["view"]["my_hand"]) == 4  # the new release's rule
    finally:
        server.kill()
        server.wait(10)
