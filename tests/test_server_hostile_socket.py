"""Hostile clients of a real ``tortuga-rules serve`` on 127.0.0.1: connection floods, slow
request heads, a second server on the same database, a busy database file, forged proxy
headers. Other loopback addresses (127.0.0.2, ...) play other clients. Every wait is
bounded and every server is stopped."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import http.client
import json
import os
import socket
import sqlite3
import struct
import subprocess
import sys
import time

import pytest
from serving import free_port, running_server


def _request(port: int, method: str, path: str, body=None, token=None, source="127.0.0.1",
             headers=None):
    """``(status, data, headers)`` of one request from the loopback address ``source``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15,
                                      source_address=(source, 0))
    try:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        conn.request(method, path, None if body is None else json.dumps(body), sent)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null"), dict(resp.getheaders())
    finally:
        conn.close()


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    """True if the server closes ``sock`` within ``within`` seconds (it sends nothing)."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except (socket.timeout, TimeoutError):
        return False
    except OSError:
        return True


def test_connections_beyond_an_addresss_cap_are_closed_and_others_are_served(tmp_path):
    """Twenty idle connections from one address against a cap of eight: the rest are closed
    at once, and another address is still answered."""
    with running_server(tmp_path / "c.db", 0.0, "--connections-per-address", "8") as (base, _):
        port = _port(base)
        socks = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(20)]
        try:
            closed = sum(_closed_by_server(s, 0.5) for s in socks)
            assert closed >= 12
            status, data, _ = _request(port, "GET", "/api/info", source="127.0.0.2")
            assert status == 200 and data["rulesets"]
        finally:
            for s in socks:
                s.close()


def test_a_request_head_sent_too_slowly_is_cut_off(tmp_path):
    """Slowloris: a request head dribbled a byte at a time is closed after
    ``--header-seconds``; a quick client is served meanwhile."""
    with running_server(tmp_path / "s.db", 0.0, "--header-seconds", "1") as (base, _):
        port = _port(base)
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        try:
            slow.sendall(b"GET /api/info HTTP/1.1\r\nHost: x\r\n")
            cut = False
            for _ in range(40):  # 8 s at most
                try:
                    slow.sendall(b"X")
                except OSError:
                    cut = True
                    break
                if _closed_by_server(slow, 0.2):
                    cut = True
                    break
            assert cut
            assert _request(port, "GET", "/api/info")[0] == 200
        finally:
            slow.close()


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path):
    """Two servers on one file would each trust their own memory and lose the other's moves:
    the second refuses to start and says why; the first keeps every move."""
    db = tmp_path / "one.db"
    with running_server(db) as (base, _):
        port = _port(base)
        _status, made, _ = _request(port, "POST", "/api/tables",
                                    {"players": 3, "seats": ["human", "random", "random"]})
        second = subprocess.run([sys.executable, "-m", "tortuga_rules", "serve", "--port",
                                 str(free_port()), "--db", str(db), "--quiet"],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert "in use by another server" in second.stderr and "Traceback" not in second.stderr
        status, table, _ = _request(port, "GET", f"/api/tables/{made['table']['id']}")
        assert status == 200 and table["table"]["moves"] >= 0


def test_a_busy_database_is_answered_with_try_again_and_bystanders_wait_for_nothing(tmp_path):
    """Another program holds the database file for seconds: a move is answered 'busy' at
    once (503, Retry-After) and changes nothing, a bystander's read is answered meanwhile,
    and once the file is free the same move is taken."""
    db = tmp_path / "busy.db"
    with running_server(db, 0.05) as (base, _):
        port = _port(base)
        _s, made, _ = _request(port, "POST", "/api/tables",
                               {"players": 3, "seats": ["human", "random", "random"]})
        tid, token = made["table"]["id"], made["token"]
        view = None
        for _ in range(100):  # the bots move until the person must decide
            _s, view, _ = _request(port, "GET", f"/api/tables/{tid}/view", token=token)
            if view["view"]["current_player"] == 0:
                break
            time.sleep(0.05)
        choice = view["view"]["decision"]["choices"][0]["action"]
        step = view["view"]["step"]
        holder = sqlite3.connect(str(db), timeout=1, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            # answered while the file is still held: the server did not wait for it
            status, data, headers = _request(port, "POST", f"/api/tables/{tid}/actions",
                                             {"action": choice, "step": step}, token=token)
            assert status == 503 and data["error"]["code"] == "busy" and headers["retry-after"]
            status, _data, _h = _request(port, "GET", f"/api/tables/{tid}", source="127.0.0.3")
            assert status == 200
            _s, after, _ = _request(port, "GET", f"/api/tables/{tid}/view", token=token)
            assert after["view"]["step"] == step
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        status, _data, _h = _request(port, "POST", f"/api/tables/{tid}/actions",
                                     {"action": choice, "step": step}, token=token)
        assert status == 200


def test_a_bot_whose_move_could_not_be_stored_moves_once_the_database_is_free(tmp_path):
    """A bot's move that fails to be stored is tried again: the table does not stall."""
    db = tmp_path / "bot.db"
    with running_server(db, 0.3) as (base, _):
        port = _port(base)
        _s, made, _ = _request(port, "POST", "/api/tables",
                               {"players": 3, "seats": ["human", "random", "random"]})
        tid = made["table"]["id"]
        holder = sqlite3.connect(str(db), timeout=1, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # held while the first bot tries to move
        time.sleep(3)
        holder.execute("ROLLBACK")
        holder.close()
        moves = 0
        for _ in range(200):  # 20 s at most
            _s, table, _ = _request(port, "GET", f"/api/tables/{tid}")
            moves = table["table"]["moves"]
            if moves or table["table"]["current_player"] == 0:
                break
            time.sleep(0.1)
        assert moves or table["table"]["current_player"] == 0


def test_a_failed_moves_retries_double_to_a_ceiling_under_five_seconds():
    """However long the storage is out, a bot or clock tries again at least every
    ``RETRY_SECONDS`` (under 5 s): the first wait is the bot delay, then each doubles."""
    from tortuga_rules.server.hub import RETRY_SECONDS, Hub

    hub = Hub(lobby=None, bot_delay=0.3)
    waits = [hub._retry("t") for _ in range(12)]
    assert waits[:4] == [0.3, 0.6, 1.2, 2.4]
    assert max(waits) == waits[-1] == RETRY_SECONDS < 5
    assert hub._retry("u") == 0.3  # each table its own schedule


def test_a_bot_moves_soon_after_a_storage_outage_longer_than_its_retry_ceiling(tmp_path):
    """A database held for 9 s (past the retries' ceiling) while a bot is to move: the
    table moves once it is free, with no request to wake it."""
    db = tmp_path / "outage.db"
    with running_server(db, 1.0) as (base, _):
        port = _port(base)
        for _ in range(20):  # a table whose first decision is a bot's (its start player's)
            _s, made, _ = _request(port, "POST", "/api/tables",
                                   {"players": 3, "seats": ["human", "random", "random"]})
            if made["table"]["current_player"] != 0:
                break
        tid = made["table"]["id"]
        holder = sqlite3.connect(str(db), timeout=1, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # before the bot's delay of 1 s is over
        _s, table, _ = _request(port, "GET", f"/api/tables/{tid}")
        assert table["table"]["moves"] == 0
        time.sleep(9)
        holder.execute("ROLLBACK")
        holder.close()
        moved = False
        for _ in range(100):  # 10 s at most: the ceiling and the bot's move
            _s, table, _ = _request(port, "GET", f"/api/tables/{tid}")
            moved = table["table"]["moves"] > 0
            if moved:
                break
            time.sleep(0.1)
        assert moved


def _websocket(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    """A websocket opened by hand (its handshake read, nothing else), with a small receive
    buffer: a client that can stop reading."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    return sock


def _frame(message: dict) -> bytes:
    """``message`` as a client's masked text frame."""
    data, mask = json.dumps(message).encode(), os.urandom(4)
    size = bytes([0x80 | len(data)]) if len(data) < 126 else \
        bytes([0x80 | 126]) + struct.pack(">H", len(data))
    return bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_socket_that_floods_and_never_reads_leaves_others_served(tmp_path):
    """A socket sending far more than its allowance and reading nothing does not stop the
    server answering another address meanwhile. (How it is cut off - its queue dropped,
    its reader and writer stopped, its close not waited for - is proved without a network
    by the tests below, whose timing does not depend on the machine's load.)"""
    with running_server(tmp_path / "flood.db", 0.0, "--messages-per-second", "20") as (base, _):
        port = _port(base)
        _s, made, _ = _request(port, "POST", "/api/tables",
                               {"players": 3, "seats": ["human", "random", "random"]})
        sock = _websocket(port, f"/api/tables/{made['table']['id']}/socket")
        sock.settimeout(0.5)
        try:
            sock.sendall(_frame({"type": "hello"}))
            for _ in range(400):  # 2 s of flooding
                sock.sendall(_frame({"type": "history", "ref": "x"}))
                time.sleep(0.005)
        except OSError:  # reset: the server dropped it already
            pass
        try:
            status, data, _ = _request(port, "GET", "/api/info", source="127.0.0.2")
            assert status == 200 and data["rulesets"]
        finally:
            sock.close()


def test_a_cut_connection_drops_what_it_was_to_be_sent_and_closes_quickly():
    """A connection cut for misbehaving keeps only its last message and the close; the
    server's websockets give a close at most ``CLOSE_SECONDS`` (not uvicorn's 10 s)."""
    from tortuga_rules.server.guard import CLOSE_SECONDS, websocket_protocol
    from tortuga_rules.server.hub import Connection

    conn = Connection("t", None, None)
    for i in range(10):
        conn.send({"n": i})
    conn.finish({"type": "refused"}, cut=True)
    assert conn.closed and conn.cut
    assert [conn.queue.get_nowait() for _ in range(2)] == ['{"type": "refused"}', None]
    assert 0 < CLOSE_SECONDS <= 2 and websocket_protocol().__name__ == "Socket"


class _Silent:
    """A websocket whose client neither sends nor reads: every receive and every send
    waits for ever; its close is noted."""

    def __init__(self):
        self.closed_with = None

    async def receive(self):
        await asyncio.Event().wait()

    async def send_text(self, text):
        await asyncio.Event().wait()

    async def close(self, code=1000):
        self.closed_with = code


def test_a_socket_that_neither_reads_nor_sends_is_cut_off_once_it_falls_behind(tmp_path):
    """A connection whose writer is stuck on a client that reads nothing, and whose reader
    waits on a client that sends nothing, is cut off as soon as its queue overflows: both
    stop, the queue is emptied, the close is sent (1013, try again later)."""
    from tortuga_rules.server.app import create_app
    from tortuga_rules.server.hub import QUEUE, Connection, Hub

    server = create_app(str(tmp_path / "s.db")).state.server
    server.hub = Hub(lobby=None)  # what its lifespan makes; no table is needed here
    ws, conn = _Silent(), Connection("t", None, None)

    async def run():
        server.connections += 1
        served = asyncio.create_task(server._serve(ws, conn))
        await asyncio.sleep(0.01)  # its writer now waits on the first send for ever
        for i in range(QUEUE + 2):
            conn.send({"type": "view", "n": i})
        await asyncio.wait_for(served, 5)

    asyncio.run(run())
    assert conn.cut and ws.closed_with == 1013 and conn.queue.empty()


def test_a_socket_that_takes_no_message_for_send_seconds_is_cut_off(tmp_path, monkeypatch):
    """One message its client does not take within ``SEND_SECONDS`` (shortened here) cuts
    the connection off, though its queue is far from full and it sends nothing."""
    from tortuga_rules.server import app as app_module
    from tortuga_rules.server.hub import Connection, Hub

    monkeypatch.setattr(app_module, "SEND_SECONDS", 0.2)
    server = app_module.create_app(str(tmp_path / "s.db")).state.server
    server.hub = Hub(lobby=None)
    ws, conn = _Silent(), Connection("t", None, None)

    async def run():
        server.connections += 1
        served = asyncio.create_task(server._serve(ws, conn))
        conn.send({"type": "view"})
        await asyncio.wait_for(served, 5)

    asyncio.run(run())
    assert conn.cut and conn.queue.empty()


@pytest.mark.parametrize("trusted", [False, True])
def test_forwarded_for_is_believed_only_from_a_trusted_proxy(tmp_path, trusted):
    """By default a client is known by its own address, whatever X-Forwarded-For it sends
    (a forged header buys no quota); behind a proxy the operator names, the header counts."""
    extra = ["--tables-per-address", "2"] + (["--trust-proxy", "127.0.0.1"] if trusted else [])
    with running_server(tmp_path / "p.db", 0.0, *extra) as (base, _):
        port = _port(base)
        codes = [_request(port, "POST", "/api/tables", {"players": 2},
                          headers={"X-Forwarded-For": f"198.51.100.{i}"})[0]
                 for i in range(3)]
        assert codes == ([200, 200, 200] if trusted else [200, 200, 429])


def test_no_traceback_reaches_a_client_or_the_log_from_hostile_input(tmp_path):
    """Lone surrogates, bad JSON and odd paths from a client give JSON errors; the server's
    log holds no traceback."""
    port = free_port()
    from serving import start_server
    proc = start_server(tmp_path / "t.db", port)
    try:
        bodies = [b'{"players": 2, "name": "ab\\ud800"}', b'{"players": 2', b"\xff\xfe",
                  b'{"players": 2, "name": "' + b"a" * 20000 + b'"}']
        for body in bodies:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("POST", "/api/tables", body, {"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = json.loads(resp.read())
            conn.close()
            assert 400 <= resp.status < 500 and data["error"]["code"], body[:30]
        for path in ("/api/tables/%ED%A0%80", "/api/tables/" + "x" * 5000, "/api/tables/a/b/c"):
            status, _data, _ = _request(port, "GET", path)
            assert 400 <= status < 500
    finally:
        proc.kill()
        proc.wait(10)
        log = proc.stderr.read().decode("utf-8", "replace")
        with contextlib.suppress(Exception):
            proc.stderr.close()
    assert "Traceback" not in log
