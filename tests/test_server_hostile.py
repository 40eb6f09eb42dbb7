"""The server facing hostile clients: each probe of a public server's attack, refused at its
cause, and the table lifecycle that keeps a server open for everyone.

The probes in this module run against the application in this process (Starlette's test
client, one address per client); those that need real sockets - connection floods, slow
request heads, a second server, a busy database file, proxy headers - start a real
``tortuga-rules serve`` on 127.0.0.1 (``test_server_hostile_socket.py``).
"""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tortuga_rules import legal_actions  # noqa: E402
from tortuga_rules.server.app import Limits, create_app  # noqa: E402
from tortuga_rules.server.store import Store, StoreInUse  # noqa: E402
from tortuga_rules.server.tables import Lobby, Policy, ServerFull, TableGone  # noqa: E402


@pytest.fixture
def serve(tmp_path):
    """``serve(limits=..., policy=...)``: a test client of a fresh server (its lobby at
    ``.lobby``), stopped at the end of the test."""
    stack = []

    def start(limits=Limits(), policy=Policy(), address="10.0.0.1"):
        app = create_app(str(tmp_path / f"h{len(stack)}.db"), bot_delay=0.0, limits=limits,
                         policy=policy)
        client = TestClient(app, client=(address, 50000))
        client.__enter__()
        client.lobby = app.state.server.lobby
        stack.append(client)
        return client
    yield start
    for client in reversed(stack):
        client.__exit__(None, None, None)


def _create(client, seats=("human", "open"), **extra):
    return client.post("/api/tables", json={"players": len(seats), "seats": list(seats),
                                            "name": "Ana", **extra})


def _made(client, seats=("human", "open"), **extra):
    made = _create(client, seats, **extra)
    assert made.status_code == 200, made.text
    return made.json()["table"]["id"], made.json()["token"]


def _hello(ws, token):
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    assert ws.receive_json()["type"] == "welcome"
    return ws.receive_json()


def _until_moved(lobby, table, token):
    """Play ``table`` (its bots, and the host's first legal action) until a move is made."""
    while not table.moves:
        if not lobby.play_bot(table):
            lobby.act(table.id, token, str(legal_actions(table.state)[0]))


def _refusals_until_closed(ws) -> list:
    """The codes of the refusals a socket is sent until the server closes it."""
    codes = []
    with pytest.raises(WebSocketDisconnect):
        for _ in range(50):
            message = ws.receive_json()
            if message["type"] == "refused":
                codes.append(message["error"]["code"])
    return codes


# -- table creation cannot be locked ------------------------------------------------------

def test_an_address_has_a_quota_of_tables_in_play(serve):
    """One address makes its quota of tables; the next is refused (429 'quota') and changes
    nothing; a finished table frees its place."""
    client = serve(policy=Policy(tables_per_address=3))
    for _ in range(3):
        _made(client)
    refused = _create(client)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "quota"
    assert refused.headers["retry-after"] and len(client.lobby.in_play()) == 3


def test_a_flood_from_many_addresses_never_locks_creation(tmp_path):
    """Hundreds of addresses each make tables nobody plays: every creation succeeds (the
    longest-untouched unplayed table makes room), a table being played is never taken, and
    a restart does not bring the flood back."""
    store = Store(str(tmp_path / "flood.db"))
    lobby = Lobby(store, policy=Policy(max_tables=50, tables_per_address=2))
    played, token = lobby.create(players=3, seats=["human", "random", "random"],
                                 creator="player", now=0.0)
    _until_moved(lobby, played, token)
    for i in range(400):
        lobby.create(players=2, creator=f"address-{i}", now=1.0 + i)
    mine, _ = lobby.create(players=2, creator="latecomer", now=500.0)
    playing = {t.id for t in lobby.in_play()}
    assert len(playing) == 50 and {played.id, mine.id} <= playing
    store.close()
    again = Lobby.resume(Store(str(tmp_path / "flood.db")))
    assert {t.id for t in again.in_play()} == playing
    again.store.close()


def test_a_server_where_every_table_is_played_says_it_is_full(tmp_path):
    """Only tables someone moved at fill a server for good: then creation is refused
    (503 'server-full'), not locked for ever - they end or expire."""
    store = Store(str(tmp_path / "full.db"))
    lobby = Lobby(store, policy=Policy(max_tables=1))
    table, token = lobby.create(players=3, seats=["human", "random", "random"])
    _until_moved(lobby, table, token)
    with pytest.raises(ServerFull):
        lobby.create(players=3)
    assert lobby.expire(now=table.touched + Policy().idle_seconds + 1) == [table]
    lobby.create(players=3)
    store.close()


def test_unstarted_and_abandoned_tables_expire_and_stay_readable(tmp_path):
    """A table nobody moved at expires after ``unstarted_seconds``, one nobody moved at for
    ``idle_seconds`` after that; expired, it can be read but not played, and a restart
    leaves it expired."""
    store = Store(str(tmp_path / "life.db"))
    lobby = Lobby(store, policy=Policy(unstarted_seconds=10, idle_seconds=100))
    fresh, _ = lobby.create(players=2, now=0.0)
    busy, token = lobby.create(players=3, seats=["human", "random", "random"], now=0.0)
    _until_moved(lobby, busy, token)
    busy.touched = 0.0
    assert lobby.expire(now=5.0) == []
    assert lobby.expire(now=11.0) == [fresh]
    assert lobby.expire(now=50.0) == []
    assert lobby.expire(now=101.0) == [busy]
    gone = lobby.get(busy.id)
    assert gone.expired and gone.summary()["expired"] and gone.moves == busy.moves
    with pytest.raises(TableGone):
        lobby.act(busy.id, token, str(legal_actions(gone.state)[0]))
    with pytest.raises(TableGone):
        lobby.join(fresh.id)
    store.close()
    again = Lobby.resume(Store(str(tmp_path / "life.db")))
    assert not again.in_play() and again.get(fresh.id).expired
    again.store.close()


def test_an_expired_tables_sockets_are_told_and_closed(serve):
    """The server's sweep expires a table nobody moves at; its sockets get 'gone' and are
    closed, and the table is no longer listed."""
    client = serve(limits=Limits(sweep_seconds=0.05), policy=Policy(unstarted_seconds=0.2))
    tid, token = _made(client)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        _hello(ws, token)
        codes = _refusals_until_closed(ws)
        assert codes == ["gone"]
    assert client.get("/api/tables").json()["tables"] == []
    assert client.get(f"/api/tables/{tid}").json()["table"]["expired"] is True


def test_a_second_store_on_one_database_file_is_refused(tmp_path):
    """One writer per database file: a second store (a second server) on the same file is
    refused, saying which process holds it; once the first closes, it opens."""
    path = str(tmp_path / "one.db")
    first = Store(path)
    with pytest.raises(StoreInUse, match="in use by another server .*one server per database"):
        Store(path)
    first.close()
    Store(path).close()


# -- tables: private, seats replaced, clocks ------------------------------------------------

def test_a_private_table_is_never_listed_but_its_id_opens_it(serve):
    """A private table is reached by invitation (its id) only."""
    client = serve()
    tid, _ = _made(client, private=True)
    public, _ = _made(client)
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [public]
    assert client.get(f"/api/tables/{tid}").json()["table"]["private"] is True
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"})
    assert joined.status_code == 200


def test_the_host_replaces_a_seat_and_its_old_token_opens_nothing(serve):
    """The host gives a taken seat to someone new: a new token; the old token is refused and
    its socket is told and closed. Only the host may; the host's own seat cannot be given."""
    client = serve()
    tid, host = _made(client, ("human", "open", "open"))
    old = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        _hello(ws, old)
        refused = client.post(f"/api/tables/{tid}/seats/1", json={"kind": "human"},
                              headers={"Authorization": f"Bearer {old}"})
        assert refused.status_code == 403
        made = client.post(f"/api/tables/{tid}/seats/1", json={"kind": "human", "name": "Cy"},
                           headers={"Authorization": f"Bearer {host}"})
        assert made.status_code == 200, made.text
        new = made.json()["token"]
        codes = _refusals_until_closed(ws)
        assert codes == ["revoked"]
    seen = client.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {old}"})
    assert seen.status_code == 403
    mine = client.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {new}"})
    assert mine.json()["view"]["seat"] == 1
    own = client.post(f"/api/tables/{tid}/seats/0", json={"kind": "random"},
                      headers={"Authorization": f"Bearer {host}"})
    assert own.status_code == 400


def test_the_host_hands_a_seat_to_a_bot_which_plays_it(serve):
    """A seat handed to a bot is played by it when its turn comes."""
    client = serve()
    tid, host = _made(client, ("human", "open"))
    handed = client.post(f"/api/tables/{tid}/seats/1", json={"kind": "random"},
                         headers={"Authorization": f"Bearer {host}"})
    assert handed.json()["token"] is None
    table = client.lobby.get(tid)
    assert table.seats[1].kind == "random"
    for _ in range(200):  # bounded: the host moves until the bot has moved once
        if any(seat == 1 for seat, _ in table.moves):
            break
        if table.state.current_player == 0:
            step = table.state.step
            client.post(f"/api/tables/{tid}/actions", headers={"Authorization": f"Bearer {host}"},
                        json={"action": str(legal_actions(table.state)[0]), "step": step})
        else:
            time.sleep(0.01)
    assert any(seat == 1 for seat, _ in table.moves)


def test_a_seat_whose_clock_runs_out_is_played_by_a_bot(serve):
    """With the operator's turn clock a person's deadline is in the view message; when it
    passes, a bot plays for them (stored like any move)."""
    client = serve(policy=Policy(turn_seconds=0.3))
    tid, token = _made(client, ("human", "random"))
    table = client.lobby.get(tid)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        message = _hello(ws, token)
        for _ in range(200):
            if message["view"]["current_player"] == 0:
                break
            message = ws.receive_json()
        clock = message["clock"]
        assert clock["seat"] == 0 and clock["on_timeout"] == "bot" and clock["seconds"] == 0.3
        assert 0 < clock["deadline"] - time.time() <= 0.3
        moves = len(table.moves)
        step = message["view"]["step"]
        message = ws.receive_json()  # nobody moved: the clock's bot did
        assert message["view"]["step"] > step and table.moves[moves][0] == 0


# -- input and answers ------------------------------------------------------------------------

def test_lone_surrogates_are_refused_as_malformed_not_crashes(serve, caplog):
    """JSON may escape a lone surrogate, which no database or digest takes: a name or a token
    holding one is refused ('malformed'), over HTTP and on a socket, and nothing is logged
    as a failure."""
    client = serve()
    made = client.post("/api/tables", content=b'{"players": 2, "name": "ab\\ud800"}',
                       headers={"Content-Type": "application/json"})
    assert made.status_code == 400 and made.json()["error"]["code"] == "malformed"
    tid, _ = _made(client)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        ws.send_text('{"type": "hello", "token": "\\ud800abc"}')
        assert ws.receive_json()["error"]["code"] == "malformed"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


def test_replies_carrying_a_token_are_never_cached(serve):
    """Create and join replies (and every API answer but /api/info, which carries no token
    and is revalidated by its ETag) say Cache-Control: no-store."""
    client = serve()
    made = _create(client)
    tid = made.json()["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"})
    assert made.headers["cache-control"] == joined.headers["cache-control"] == "no-store"
    assert client.get(f"/api/tables/{tid}").headers["cache-control"] == "no-store"
    assert client.get("/api/info").headers["cache-control"] == "no-cache"


def test_the_clients_own_files_do_not_spend_the_read_allowance(serve):
    """A page load asks for the page, its icon and a score of the client's files: those
    count against their own, larger allowance, so reloading a page a few times leaves the
    address's reads (the API) untouched, and a flood of file requests is still cut off."""
    limits = Limits(read_rate=0.01, read_burst=5, file_rate=0.01, file_burst=60)
    client = serve(limits=limits)
    files = ["/", "/favicon.ico", "/web/client.js", "/web/client.css"]
    assert all(client.get(f).status_code == 200 for _ in range(10) for f in files)
    assert client.get("/api/info").status_code == 200
    codes = [client.get("/web/client.js").status_code for _ in range(30)]
    assert codes[-1] == 429 and codes.count(200) == 20


def test_reads_hellos_and_wrong_tokens_are_limited_per_address(serve):
    """Every endpoint is limited per address: reads beyond the allowance get 429, sockets
    opened beyond it are refused, and after too many tokens that open nothing even a right
    token waits (no guessing tokens at speed). Another address is served meanwhile."""
    limits = Limits(read_rate=0.01, read_burst=20, hello_rate=0.01, hello_burst=3,
                    auth_rate=0.01, auth_burst=5)
    client = serve(limits=limits)
    other = TestClient(client.app, client=("10.0.0.2", 50000))
    tid, token = _made(client)
    codes = [client.get(f"/api/tables/{tid}").status_code for _ in range(25)]
    assert codes.count(200) <= 20 and codes[-1] == 429
    assert other.get(f"/api/tables/{tid}").status_code == 200
    wrong = [client.post(f"/api/tables/{tid}/undo", headers={"Authorization": "Bearer x" * 3})
             for _ in range(6)]
    assert {w.status_code for w in wrong[:5]} == {403} and wrong[5].status_code == 429
    right = client.post(f"/api/tables/{tid}/undo", headers={"Authorization": f"Bearer {token}"})
    assert right.status_code == 429
    refused = 0
    for _ in range(5):
        with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            refused += ws.receive_json()["type"] == "refused"
    assert refused >= 2
