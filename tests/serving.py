"""A real ``tortuga-rules serve`` process on 127.0.0.1 for the tests that need one."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db, port: int, bot_delay: float = 0.0, *extra: str) -> subprocess.Popen:
    """Start the server (``extra``: more of its options) and wait (20 s at most) until it
    answers. Its clients play as fast as a test can, so one address may send many
    messages a second."""
    proc = subprocess.Popen([sys.executable, "-m", "tortuga_rules", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--db", str(db),
                             "--bot-delay", str(bot_delay), "--quiet",
                             "--messages-per-second", "10000", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
