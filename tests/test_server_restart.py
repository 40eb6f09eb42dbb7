"""The real server killed with SIGKILL mid-games and started again: tables resume exactly,
nothing acknowledged is lost, and the clients reconnect and play on to the end."""

from __future__ import annotations

import json
import random
import time

import pytest
from serving import free_port, get, post, start_server

sync_client = pytest.importorskip("websockets.sync.client")


class Player:
    """One person's seat at one table, over a websocket: remembers what it was shown."""

    def __init__(self, base: str, table: str, token: str, seed: int):
        self.url = base.replace("http", "ws") + f"/api/tables/{table}/socket"
        self.table, self.token = table, token
        self.rnd = random.Random(seed)
        self.seen: list = []  # (step, events) of every view, in order
        self.acknowledged = 0  # the step the server said it reached after our last move
        self.view: dict | None = None
        self.ws = None

    def connect(self, deadline: float = 20.0):
        """Connect (retrying while the server starts) and say hello."""
        end = time.monotonic() + deadline
        while True:
            try:
                self.ws = sync_client.connect(self.url, open_timeout=2)
                break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        assert json.loads(self.ws.recv(timeout=10))["type"] == "welcome"
        self._take(json.loads(self.ws.recv(timeout=10)))

    def _take(self, message: dict):
        if message["type"] == "view":
            self.view = message["view"]
            self.seen.append((self.view["step"], self.view["events"]))
        elif message["type"] == "done":
            self.acknowledged = message["step"]

    def wait_for_turn(self, timeout: float = 20.0) -> bool:
        """Read views until this seat must decide (True) or the game is over (False)."""
        end = time.monotonic() + timeout
        while not (self.view["outcome"] or self.view["current_player"] == self.view["seat"]):
            self._take(json.loads(self.ws.recv(timeout=max(0.1, end - time.monotonic()))))
        return not self.view["outcome"]

    def move(self):
        choice = self.rnd.choice(self.view["decision"]["choices"])["action"]
        self.ws.send(json.dumps({"type": "act", "token": self.token, "action": choice,
                                 "step": self.view["step"]}))
        self.acknowledged = -1
        while self.view["step"] < self.acknowledged or self.acknowledged < 0:
            message = json.loads(self.ws.recv(timeout=10))  # "done", then the new view
            assert message["type"] != "refused", message
            self._take(message)


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
