"""The server's tables in PostgreSQL (``serve --db postgresql://...``): the same store as
SQLite's, shared by several server processes, against a real PostgreSQL started by the
tests (tests/pgcluster.py; opt in with ``-m postgres``, which ``.ci/run`` runs with
Debian's postgresql installed). Two lobbies on one database stand for two processes
here; tests/test_server_processes.py runs real ones."""

from __future__ import annotations

import threading
import time

import pytest
from serving import get, post, running_server

from tortuga_rules import TortugaError, legal_actions
from tortuga_rules.server.database import open_store
from tortuga_rules.server.store import (EXPIRED, SeatRow, StaleMoveError, Store, StorageError,
                                        TableRow)
from tortuga_rules.server.tables import Lobby, StaleError

pytestmark = pytest.mark.postgres


def _row(table_id: str = "t1", created: float = 1.0) -> TableRow:
    seats = (SeatRow(0, "human", "Ann", "h0"), SeatRow(1, "random", "Bot", None))
    return TableRow(table_id, "standard", ("madness",), {"tiebreak_rounds": 2}, 2,
                    2**62 + 5, created, seats, (), house=None, creator="c", private=True,
                    host=0, on_timeout="rule", touched=created, rules_hash="abc")


def _exercise(store) -> list:
    """Every write a server makes, then every table read back."""
    store.add_table(_row("t1", 1.0))
    store.add_table(_row("t2", 2.0))
    store.add_move("t1", 0, 0, '"a"', touched=3.0)
    store.add_move("t1", 1, 1, '"b"', touched=4.0)
    store.add_move("t1", 2, 0, '"c"', touched=5.0)
    with pytest.raises(StaleMoveError):
        store.add_move("t1", 2, 1, '"x"')
    store.remove_moves("t1", 2)
    store.set_seat("t1", SeatRow(1, "human", "Bo", "h1"), 6.0)
    store.add_table(_row("t3", 7.0), rematch_of="t2")
    store.expire(["t2"])
    return store.tables()


def test_postgres_keeps_tables_seats_and_moves_as_sqlite_does(postgres_url, tmp_path):
    """The same writes give the same rows in both stores: seeds of 63 bits, times, options,
    seats, moves, an undo, a rematch, an expiry; a move number taken is refused."""
    sqlite = Store(str(tmp_path / "t.db"))
    pg = open_store(postgres_url)
    try:
        assert _exercise(pg) == _exercise(sqlite)
        rows = pg.tables()
        assert [r.id for r in pg.tables(in_play=True)] == ["t1", "t3"]
        assert rows[0].moves == ((0, '"a"'), (1, '"b"')) and rows[0].seed == 2**62 + 5
        assert rows[1].status == EXPIRED and rows[1].rematch == "t3"
        assert pg.table("nope") is None and pg.table("t3").options == {"tiebreak_rounds": 2}
    finally:
        pg.close()
        sqlite.close()


def test_two_writers_never_both_store_one_move(postgres_url):
    """Two connections racing to store the same move numbers (as two server processes
    would): the database's key lets exactly one store each, the other is told so."""
    first = open_store(postgres_url)
    first.add_table(_row())
    first.close()
    stores = [open_store(postgres_url) for _ in range(2)]  # as two processes would
    won = [0, 0]

    def race(i: int) -> None:
        for n in range(60):
            try:
                stores[i].add_move("t1", n, i, f'"{i}"')
                won[i] += 1
            except StaleMoveError:
                pass
    threads = [threading.Thread(target=race, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    moves = stores[0].table("t1").moves
    assert sum(won) == 60 and len(moves) == 60
    for s in stores:
        s.close()


def test_a_database_of_an_earlier_version_gains_the_new_columns(postgres_url):
    """A database made before some columns existed is migrated when opened, its tables
    kept; several processes opening it at once do not trip over each other."""
    import psycopg

    from tortuga_rules.server.postgres import pg_schema
    from tortuga_rules.server.store import SCHEMA
    old = pg_schema(SCHEMA).replace(",\n    over INTEGER NOT NULL DEFAULT 0", "")
    with psycopg.connect(postgres_url, autocommit=True) as db:
        for statement in old.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute("INSERT INTO tables VALUES ('old', 'standard', '[]', '{}', 3, 7, 1.0, NULL)")
    errors: list = []

    def open_close() -> None:
        try:
            open_store(postgres_url).close()
        except Exception as exc:  # noqa: BLE001 - any failure is the test's
            errors.append(exc)
    threads = [threading.Thread(target=open_close) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    store = open_store(postgres_url)
    (row,) = store.tables()
    assert row.id == "old" and row.status == 0 and row.rules_hash is None
    store.close()


def test_an_unreachable_database_is_a_storage_error_in_words(postgres_cluster, postgres_url):
    """No server at the address: opening says so in words. The server going away under
    an open store: a write is a StorageError (nothing stored), and once it is back the
    store connects again by itself."""
    with pytest.raises(StorageError, match="cannot be reached"):
        open_store("postgresql://tortuga@127.0.0.1:1/tortuga")
    store = open_store(postgres_url)
    store.add_table(_row())
    postgres_cluster.stop("immediate")
    try:
        with pytest.raises(StorageError):
            store.add_move("t1", 0, 0, '"a"')
    finally:
        postgres_cluster.start()
    store.add_move("t1", 0, 0, '"a"')
    assert store.table("t1").moves == ((0, '"a"'),)
    store.close()


def test_a_lobby_on_postgres_plays_and_resumes_exactly(postgres_url):
    """A game with bots played to its end through a lobby on PostgreSQL is the same game
    when a restarted server reads it back."""
    lobby = Lobby(open_store(postgres_url))
    table, token = lobby.create(players=4, seats=["human", "random", "heuristic", "random"])
    while not table.state.is_terminal:
        if lobby.play_bot(table):
            continue
        state = table.state
        lobby.act(table.id, token, str(legal_actions(state)[0]), step=state.step)
    lobby.store.close()
    again = Lobby.resume(open_store(postgres_url))
    assert again.get(table.id).state == table.state
    again.store.close()


def test_serve_keeps_its_tables_in_postgres(postgres_url):
    """``serve --db postgresql://...``: a table made over HTTP is in the database, and a
    server started again on it still has it."""
    with running_server(postgres_url) as (base, _proc):
        made = post(base, "/api/tables", {"players": 3, "seats": ["human", "random", "random"]})
    with running_server(postgres_url) as (base, _proc):
        listed = get(base, f"/api/tables/{made['table']['id']}")
    assert listed["table"]["id"] == made["table"]["id"] and listed["table"]["players"] == 3


def test_a_password_is_never_shown():
    """A PostgreSQL address is shown without its password (logs, messages)."""
    from tortuga_rules.server.store import shown_address
    assert shown_address("postgresql://ann:s3cret@db.example:5432/t") == \
        "postgresql://ann@db.example:5432/t"
    assert shown_address("tables.db") == "tables.db"
    with pytest.raises(TortugaError) as caught:
        open_store("postgresql://ann:s3cret@127.0.0.1:1/t")
    assert "s3cret" not in str(caught.value)


def _pair(url: str) -> tuple:
    """Two lobbies on one database, as two server processes have."""
    return Lobby(open_store(url)), Lobby(open_store(url))


def _first_move(lobby, table, token) -> None:
    """The token's seat takes its first legal action (bots first, if they are to move)."""
    while lobby.play_bot(table):
        pass
    state = table.state
    lobby.act(table.id, token, str(legal_actions(state)[0]), step=state.step)


def test_a_move_one_server_stores_is_read_by_another(postgres_url):
    """Server B holds a table server A plays at: after A's moves (and its bots') B reads
    them in and has the very same game, seats and version."""
    a, b = _pair(postgres_url)
    table, token = a.create(players=3, seats=["human", "random", "random"])
    there = b.get(table.id)
    for _ in range(3):
        _first_move(a, table, token)
    assert b.refresh(table.id) is there
    assert there.state == table.state and there.version == table.version
    assert b.refresh(table.id) is None  # nothing new
    a.store.close()
    b.store.close()


def test_a_server_behind_another_cannot_store_a_move_on_a_history_it_did_not_see(postgres_url):
    """A takes back its move and plays another; B, which has not read that yet, is refused
    its move (stale: nothing stored), then reads the table again and plays on from it."""
    a, b = _pair(postgres_url)
    table, token = a.create(players=3, seats=["human", "open", "open"])
    _seat, token1 = a.join(table.id)
    _seat, token2 = a.join(table.id)
    tokens = [token, token1, token2]
    there = b.get(table.id)
    _first_move(a, table, tokens[table.state.current_player])
    b.refresh(table.id)
    before = table.version
    a.undo(table.id, tokens[table.moves[-1][0]])
    state = table.state
    a.act(table.id, tokens[state.current_player], str(legal_actions(state)[-1]),
          step=state.step)
    assert table.version == before + 2
    stale = there.state
    with pytest.raises(StaleError):
        b.act(table.id, tokens[stale.current_player], str(legal_actions(stale)[0]),
              step=stale.step)
    assert b.store.table(table.id).moves == tuple((s, x.to_json()) for s, x in table.moves)
    assert b.refresh(table.id) is there and there.state == table.state
    state = there.state
    b.act(table.id, tokens[state.current_player], str(legal_actions(state)[0]), step=state.step)
    assert a.refresh(table.id) is table and table.state == there.state
    a.store.close()
    b.store.close()


def test_one_server_moves_each_tables_bots_and_another_takes_over_when_it_goes(
        postgres_url, monkeypatch):
    """The lease: the first server to claim a table moves its bots; another cannot claim
    it while that one renews, and takes it on once its lease lapses (the first one killed)
    or at once when the first one closes."""
    from tortuga_rules.server import postgres
    monkeypatch.setattr(postgres, "LEASE_SECONDS", 1.0)
    a, b = _pair(postgres_url)
    table, _token = a.create(players=3, seats=["human", "random", "random"])
    other, _ = a.create(players=3, seats=["human", "random", "random"])
    assert set(b.store.orphans()) == {table.id, other.id}
    assert a.owns(table) and not b.owns(b.get(table.id))
    assert b.store.orphans() == [other.id]
    time.sleep(0.6)
    a.store.renew()
    time.sleep(0.6)
    assert not b.store.claim(table.id)  # renewed: still a's
    time.sleep(1.2)  # a stopped renewing, as a killed process does: its lease lapses
    assert table.id in b.store.orphans() and b.store.claim(table.id)
    assert b.owns(table)
    b.store.claim(other.id)
    b.store.close()  # closing gives its leases up at once
    assert set(a.store.orphans()) == {table.id, other.id}
    a.store.close()


def test_a_server_hears_which_tables_the_others_changed(postgres_url):
    """Each write notifies the others with its table when it commits; a server does not
    hear its own writes; listening starts by asking for everything to be read again."""
    a, b = _pair(postgres_url)
    heard: list = []
    b.store.listen(heard.append)
    deadline = time.monotonic() + 10
    while None not in heard and time.monotonic() < deadline:
        time.sleep(0.05)
    table, token = a.create(players=3, seats=["human", "random", "random"])
    _first_move(a, table, token)  # a's moves (its bots' first, if they are to move): heard
    mine = b.get(table.id)
    b.store.set_seat(table.id, mine.seats[1], 1.0)  # b's own write: not heard by b
    a.store.set_seat(table.id, mine.seats[2], 2.0)  # a's: heard
    writes = len(table.moves) + 1
    while heard.count(table.id) < writes and time.monotonic() < deadline + 10:
        time.sleep(0.05)
    time.sleep(0.5)
    assert heard == [None] + [table.id] * writes
    a.store.close()
    b.store.close()


def test_servers_looking_for_lapsed_tables_at_once_each_take_a_table_once(postgres_url):
    """Taking on the tables nobody holds is one statement per server: of three servers
    looking at once, every table goes to exactly one, and a server starting reads only
    the tables it took."""
    stores = [open_store(postgres_url) for _ in range(3)]
    try:
        for i in range(30):
            stores[0].add_table(_row(f"o{i}", float(i)))
        taken: list = [None] * 3
        go = threading.Barrier(3)

        def look(i):
            go.wait()
            taken[i] = stores[i].claim_orphans()
        threads = [threading.Thread(target=look, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        ids = [tid for part in taken for tid in part]
        assert sorted(ids) == sorted(f"o{i}" for i in range(30))  # each once
        late = open_store(postgres_url)
        assert late.resumable() == []  # every table is held: nothing read
        late.close()
    finally:
        for store in stores:
            store.close()
    fresh = open_store(postgres_url)  # the others closed, giving their leases up
    assert [r.id for r in fresh.resumable()] == [f"o{i}" for i in range(30)]
    fresh.close()


def test_expiring_several_tables_is_one_write_heard_for_each(postgres_url):
    """Tables expired together are marked in one transaction (all or none), and the
    other servers hear each of them."""
    a, b = open_store(postgres_url), open_store(postgres_url)
    try:
        for i in range(3):
            a.add_table(_row(f"x{i}", float(i)))
        heard: list = []
        b.listen(heard.append)
        deadline = time.monotonic() + 10
        while None not in heard and time.monotonic() < deadline:
            time.sleep(0.05)
        a.expire(["x0", "x1", "x2"])
        while len(heard) < 4 and time.monotonic() < deadline + 10:
            time.sleep(0.05)
        assert sorted(h for h in heard if h) == ["x0", "x1", "x2"]
        assert [r.status for r in b.tables()] == [EXPIRED] * 3
    finally:
        a.close()
        b.close()
