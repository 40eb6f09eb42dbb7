"""Bots players choose by level: what /api/info says of each, and the strongest (a search
with a time budget) playing at a table in a worker thread."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("httpx")
from starlette.testclient import TestClient  # noqa: E402

from tortuga_rules import legal_actions  # noqa: E402
from tortuga_rules.bots.levels import LEVELS, MEASURED  # noqa: E402
from tortuga_rules.server.app import create_app  # noqa: E402
from tortuga_rules.server.tables import BOTS  # noqa: E402


@pytest.fixture
def client(tmp_path):
    """A server on a fresh database; bots move at once."""
    app = create_app(str(tmp_path / "s.db"), bot_delay=0.0)
    with TestClient(app) as c:
        c.lobby = app.state.server.lobby
        yield c


def test_info_names_each_bot_level_weakest_first_in_the_asked_language(client):
    """``bots`` lists the levels weakest first; ``bot_levels`` gives each its rank, its
    name and description in ``?lang=`` and its measured Elo (a number, or null)."""
    english = client.get("/api/info").json()
    german = client.get("/api/info?lang=de").json()
    assert english["bots"] == ["random", "heuristic", "ismcts"] == list(BOTS)
    ranks = [english["bot_levels"][b]["level"] for b in english["bots"]]
    assert ranks == sorted(ranks) == [1, 2, 3]
    for bot in BOTS:
        en, de = english["bot_levels"][bot], german["bot_levels"][bot]
        assert en["name"] != de["name"] and en["about"] != de["about"]
        assert en["elo"] is None or isinstance(en["elo"], (int, float))
        assert set(en["elo_by_game"]) == set(MEASURED["games"])


def test_measured_elo_rises_with_the_level_where_it_was_measured():
    """Each game's recorded ratings, where measured, rise with the level."""
    for game in MEASURED["games"]:
        elo = [level.elo.get(game) for level in LEVELS]
        known = [e for e in elo if e is not None]
        assert known == sorted(known)


@pytest.mark.parametrize("ruleset,players", [("standard", 3), ("tortuga-dice", 3)])
def test_the_search_bot_moves_at_a_table_and_every_seat_is_sent_its_view(client, ruleset,
                                                                         players):
    """A seat given to the strongest bot plays its turns (chosen in a worker thread);
    the person at the table is sent each new view, and plays on."""
    made = client.post("/api/tables", json={
        "players": players, "seats": ["human"] + ["ismcts"] * (players - 1),
        "name": "Ana", "ruleset": ruleset}).json()
    tid, token = made["table"]["id"], made["token"]
    table = client.lobby.get(tid)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        assert ws.receive_json()["type"] == "welcome"
        for _ in range(200):  # bounded: a few decisions of each seat
            message = ws.receive_json()
            if any(seat != 0 for seat, _ in table.moves) and \
                    sum(seat == 0 for seat, _ in table.moves) >= 2:
                break
            state = table.state
            if message["type"] == "view" and state.current_player == 0 \
                    and message["view"]["step"] == state.step:
                ws.send_text(json.dumps({"type": "act", "token": token, "step": state.step,
                                         "action": str(legal_actions(state)[0])}))
    assert any(seat != 0 for seat, _ in table.moves)
    assert table.failed is None


@pytest.mark.parametrize("ruleset", ["standard", "tortuga-dice"])
def test_a_level_plays_each_game_by_its_spec_for_that_game(client, monkeypatch, ruleset):
    """A seat given a level is played by the level's spec for the table's game: the
    Captain searches three times longer in the dice game than in Tortuga 1667."""
    from tortuga_rules.bots.levels import level_of
    from tortuga_rules.server import tables

    made_with = []
    real = tables.make_bot
    monkeypatch.setattr(tables, "make_bot",
                        lambda spec, *a, **k: made_with.append(spec) or real("random", *a, **k))
    made = client.post("/api/tables", json={
        "players": 3, "seats": ["human", "ismcts", "ismcts"], "ruleset": ruleset}).json()
    table = client.lobby.get(made["table"]["id"])
    for _ in range(100):  # bounded: until a bot has moved
        if made_with:
            break
        client.lobby.bot_move(table) if table.bot_to_move() is not None else None
        if table.state.current_player == 0:
            client.post(f"/api/tables/{table.id}/actions",
                        json={"action": str(legal_actions(table.state)[0]),
                              "step": table.state.step},
                        headers={"Authorization": f"Bearer {made['token']}"})
    game = table.state.rules.game.id
    assert made_with and set(made_with) == {level_of("ismcts").spec_for(game)}
    assert (made_with[0] == "ismcts:ms=450,depth=200") == (game == "tortuga-dice")


def test_a_bot_that_cannot_play_the_rules_is_refused_when_the_table_is_made(client,
                                                                            monkeypatch):
    """A level the game offers no bot for (here the search bot, as for a game that cannot
    draw hidden worlds) is refused in words, and no table is made."""
    from tortuga_rules.server import tables

    monkeypatch.setattr(tables, "bots_for", lambda rules: {"random": None,
                                                           "heuristic": None})
    got = client.post("/api/tables", json={"players": 3, "seats": ["human", "ismcts", "open"],
                                           "name": "Ana"})
    assert got.status_code == 400 and "ismcts" in got.json()["error"]["message"]
    assert not client.lobby.in_play()
