"""Several real ``tortuga-rules serve`` processes on one PostgreSQL database (opt in with
``-m postgres``): clients spread over them play the same tables, and one process killed
with SIGKILL mid-game loses no acknowledged move while the survivors play every table on
(its bots' turns taken over once its leases lapse)."""

from __future__ import annotations

import pytest
from serving import Player, free_port, get, post, start_server

pytestmark = pytest.mark.postgres
pytest.importorskip("websockets.sync.client")

#: Long enough for a killed server's leases to lapse and be taken on (10 s + 3 s).
TAKE_OVER_SECONDS = 60.0


def _servers(url: str, count: int) -> list:
    """``count`` servers on the database ``url``: (base address, process) each."""
    out = []
    for _ in range(count):
        port = free_port()
        out.append((f"http://127.0.0.1:{port}", start_server(url, port, 0.01)))
    return out


def test_servers_on_one_database_share_tables_and_one_killed_loses_nothing(postgres_url):
    """Three servers: each table made at one and played from another (a move made at one
    server is shown by the other, and its bots are moved by whichever holds the table).
    Server 0 is killed mid-game: its clients reconnect to a survivor, every move they
    were told was taken is there, each seat's history is what it was shown, and every
    game is played to its end by the survivors."""
    servers = _servers(postgres_url, 3)
    try:
        players = []
        for i in range(6):
            made = post(servers[i % 3][0], "/api/tables",
                        {"players": 4, "name": f"P{i}",
                         "seats": ["human", "random", "random", "random"]})
            players.append(Player(servers[(i + 1) % 3][0], made["table"]["id"],
                                  made["token"], i))
        for p in players:
            p.connect()
        for _ in range(4):
            for p in players:
                if p.wait_for_turn(TAKE_OVER_SECONDS):
                    p.move()
        servers[0][1].kill()
        servers[0][1].wait(10)
        survivor = servers[1][0]
        before = {p.table: p.seen[-1][0] for p in players}
        for p in players:
            if p.url.startswith(servers[0][0].replace("http", "ws")):
                p.ws.close()
                p.connect(base=survivor)
            assert p.view["step"] >= max(p.acknowledged, before[p.table])
        for p in players:
            for _ in range(2000):
                if not p.wait_for_turn(TAKE_OVER_SECONDS):
                    break
                p.move()
            assert p.view["outcome"] is not None
        for p in players:
            history = get(survivor, f"/api/tables/{p.table}/history", p.token)["events"]
            for step, events in p.seen:
                assert [{k: v for k, v in e.items() if k != "step"}
                        for e in history if e["step"] == step] == events
    finally:
        for _base, proc in servers:
            proc.kill()
            proc.wait(10)
