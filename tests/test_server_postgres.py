"""The server's tables in PostgreSQL (``serve --db postgresql://...``): the same store as
SQLite's, against a real server started by the tests (tests/pgcluster.py; opt in with
``-m postgres``, which ``.ci/run`` runs with Debian's postgresql installed)."""

from __future__ import annotations

import threading

import pytest
from serving import get, post, running_server

from tortuga_rules import TortugaError, legal_actions
from tortuga_rules.server.database import open_store
from tortuga_rules.server.store import (EXPIRED, SeatRow, StaleMoveError, Store, StorageError,
                                        StoreInUse, TableRow)
from tortuga_rules.server.tables import Lobby

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
    stores = [_unlocked(postgres_url) for _ in range(2)]
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


def _unlocked(url: str):
    """A store on ``url`` that does not take the one-server lock (two writers of a test)."""
    from tortuga_rules.server import postgres

    class Unlocked(postgres.PostgresStore):
        def _connection(self):
            if self._db is None or self._db.closed:
                import psycopg
                self._db = psycopg.connect(self.path, autocommit=True)
            return self._db
    return Unlocked(url)


def test_a_second_server_on_one_database_is_refused_in_words(postgres_url):
    """One server per database, as with SQLite: the second is told another holds it, and
    can open it once the first has closed."""
    first = open_store(postgres_url)
    with pytest.raises(StoreInUse, match="in use by another server"):
        open_store(postgres_url)
    first.close()
    open_store(postgres_url).close()


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
            _unlocked(postgres_url).close()
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
