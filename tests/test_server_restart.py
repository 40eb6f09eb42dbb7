"""The real server killed with SIGKILL mid-games and started again: tables resume exactly,
nothing acknowledged is lost, and the clients reconnect and play on to the end."""

from __future__ import annotations

import pytest
from serving import Player, free_port, get, post, start_server

pytest.importorskip("websockets.sync.client")


def test_a_killed_server_resumes_every_table_and_clients_reconnect(tmp_path):
    """kill -9 while bots are moving at several tables; after the restart each table is
    where its last stored move left it (every acknowledged move kept, each seat's history
    what it was shown), and every person plays on to the end of the game."""
    db, port = tmp_path / "k.db", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port, bot_delay=0.01)
    try:
        players = []
        for i in range(4):
            made = post(base, "/api/tables", {"players": 4, "name": f"P{i}",
                                              "seats": ["human", "random", "random", "random"]})
            players.append(Player(base, made["table"]["id"], made["token"], i))
        for p in players:
            p.connect()
        for _ in range(6):
            for p in players:
                if p.wait_for_turn():
                    p.move()
        for p in players:  # a last move each, and no waiting: bots are mid-play
            if not p.view["outcome"] and p.view["current_player"] == p.view["seat"]:
                p.move()
        server.kill()
        server.wait(10)
        before = {p.table: p.seen[-1][0] for p in players}

        server = start_server(db, port, bot_delay=0.01)
        for p in players:
            p.ws.close()
            p.connect()
            assert p.view["step"] >= max(p.acknowledged, before[p.table])
            history = get(base, f"/api/tables/{p.table}/history", p.token)["events"]
            for step, events in p.seen:
                if step <= before[p.table]:
                    assert [{k: v for k, v in e.items() if k != "step"}
                            for e in history if e["step"] == step] == events
        for p in players:
            for _ in range(2000):
                if not p.wait_for_turn():
                    break
                p.move()
            assert p.view["outcome"] is not None
    finally:
        server.kill()
        server.wait(10)
