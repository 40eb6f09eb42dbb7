"""A real ``tortuga-rules serve`` process on 127.0.0.1 for the tests that need one."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db, port: int, bot_delay: float = 0.0, *extra: str,
                 cwd=None) -> subprocess.Popen:
    """Start the server (``extra``: more of its options; ``cwd``: run from there, where
    another copy of the package may stand) and wait (20 s at most) until it answers. Its
    clients play as fast as a test can, so one address may send many messages a second."""
    proc = subprocess.Popen([sys.executable, "-m", "tortuga_rules", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--db", str(db),
                             "--bot-delay", str(bot_delay), "--quiet",
                             "--messages-per-second", "10000", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped: {proc.stderr.read().decode()[-2000:]}")
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=2).read()
            return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not answer within 20 s")


@contextlib.contextmanager
def running_server(db, bot_delay: float = 0.0, *extra: str):
    """``(base_url, process)`` of a server on a free loopback port, stopped afterwards."""
    port = free_port()
    proc = start_server(db, port, bot_delay, *extra)
    try:
        yield f"http://127.0.0.1:{port}", proc
    finally:
        proc.kill()
        proc.wait(10)


def post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    """POST JSON; the decoded answer (HTTP errors raise)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def get(base: str, path: str, token: str | None = None) -> dict:
    headers = {"Authorization": "Bearer " + token} if token else {}
    req = urllib.request.Request(base + path, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def served(tmp_path, limits=None):
    """A test client of a server (in this process) on a fresh database, bots moving at
    once, its lobby at ``.lobby`` and its throttle at ``.throttle``; for a fixture to
    ``yield from``."""
    from starlette.testclient import TestClient

    from tortuga_rules.server.app import Limits, create_app

    app = create_app(str(tmp_path / "s.db"), bot_delay=0.0, limits=limits or Limits())
    with TestClient(app) as c:
        c.lobby = app.state.server.lobby
        c.throttle = app.state.server.throttle
        yield c


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

    def connect(self, deadline: float = 20.0, base: str | None = None):
        """Connect (retrying while the server starts) and say hello (``base``: to another
        server than before, one on the same database)."""
        from websockets.sync import client as sync_client
        if base is not None:
            self.url = base.replace("http", "ws") + f"/api/tables/{self.table}/socket"
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
