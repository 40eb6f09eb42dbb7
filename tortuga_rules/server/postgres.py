"""The server's database in PostgreSQL, shared by several server processes (``serve --db
postgresql://...``; SQLite stays the embedded default: :mod:`.store`).

The same three tables, the same statements and the same migrations as SQLite
(:class:`~tortuga_rules.server.store.SqlStore`), through psycopg 3. What changes is who
may write: any number of processes, each keeping the tables it serves in memory.

- **The database serialises every write of a table.** A move is the row ``(table, n)``
  of ``moves``, written with the table's version raised by one only if it is still the
  version the writer played from; so of two processes sending a move for one table at
  once, one stores it and the other is told :class:`StaleMoveError`, changing nothing.
- **Every process hears every change.** A write notifies the channel
  :data:`CHANNEL` with its table when it commits (``NOTIFY``); each store listens on a
  connection of its own (:meth:`PostgresStore.listen`) and hands the table ids other
  processes changed to its server, which reads them again and shows its sockets.
  After its listening connection was lost (and made again) it asks for everything it
  holds to be read again, since what was said meanwhile is lost.
- **One process moves each table's bots and clock**: the one holding its lease, a row
  of ``leases`` with an expiry on the database's clock, kept by :meth:`renew` every
  :data:`RENEW_SECONDS` and lapsing :data:`LEASE_SECONDS` after its process stopped
  renewing (killed, cut off); another process then takes the table on
  (:meth:`claim_orphans`) from its stored moves, as a restart would.

A write never waits long: each statement gives up after :data:`STATEMENT_MS`, a lock
after :data:`LOCK_MS`, and a connection that is lost (the database restarted, the
network cut) is made again at the next call. Either way the write is a
:class:`~tortuga_rules.server.store.StorageError` - nothing stored, the client told to
try again - never an exception of the driver.
"""

from __future__ import annotations

import importlib
import logging
import os
import secrets
import socket
import threading
from typing import Any, Callable

from ..errors import TortugaError
from .store import (_COLUMNS, SCHEMA, SqlStore, StaleMoveError, StorageError, run_statement,
                    shown_address)

# psycopg is the optional ``postgres`` extra: imported by name, so that the package
# type-checks the same with or without it installed
psycopg: Any
pg_errors: Any
try:
    psycopg = importlib.import_module("psycopg")
    pg_errors = importlib.import_module("psycopg.errors")
except ImportError:  # pragma: no cover - the postgres extra is not installed
    psycopg = pg_errors = None

__all__ = ["PostgresStore", "STATEMENT_MS", "LOCK_MS", "CONNECT_SECONDS", "CHANNEL",
           "LEASE_SECONDS", "RENEW_SECONDS", "pg_schema"]

#: How long a statement may run before the database gives it up, in milliseconds.
STATEMENT_MS = 5000
#: How long a statement waits for a row another transaction holds, in milliseconds.
LOCK_MS = 2000
#: How long connecting may take.
CONNECT_SECONDS = 5
#: The advisory lock held while a process makes or migrates the schema (processes that
#: start together must not each add the same column).
SCHEMA_LOCK = 0x7475_7274_7567_61  # "turtuga", any fixed number
#: The channel a write notifies with its table (``"<writer> <table id>"``).
CHANNEL = "tortuga_tables"
#: How long a process's lease on a table lasts unless renewed.
LEASE_SECONDS = 10.0
#: How often a server renews its leases and looks for tables whose lease lapsed.
RENEW_SECONDS = 3.0
#: The most tables a server takes on at one look (more are taken at the next).
ORPHANS = 200
#: The leases: which process moves each table's bots and clock, until when (seconds of
#: the database's clock).
LEASES = """
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
)
"""
#: The database's clock, in seconds: every process's lease is timed by it.
NOW = "extract(epoch from clock_timestamp())"
#: The tables in play nobody holds the lease of, oldest first, at most ``?`` of them:
#: what :meth:`PostgresStore.orphans` reads and :meth:`PostgresStore.claim_orphans` takes.
ORPHANED = ("FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
            f"WHERE t.over = 0 AND (l.table_id IS NULL OR l.expires < {NOW}) "
            "ORDER BY t.created, t.id LIMIT ?")

LOG = logging.getLogger("tortuga_rules.server")


def pg_schema(schema: str) -> str:
    """SQLite's schema in PostgreSQL's types: times as double precision, seeds as 64-bit
    numbers (SQLite's INTEGER is 64-bit, PostgreSQL's 32)."""
    return schema.replace(" REAL", " DOUBLE PRECISION").replace("seed INTEGER", "seed BIGINT")


class PostgresStore(SqlStore):
    """The tables in the PostgreSQL database at ``url`` (``postgresql://user@host/db``),
    shared with every other server process that opens it."""

    shared = True
    renew_seconds = RENEW_SECONDS

    def __init__(self, url: str):
        if psycopg is None:
            raise TortugaError("a PostgreSQL database needs psycopg: pip install "
                               "'tortuga-rules[postgres]'")
        self.path = url
        #: this store's name among the database's writers (its notices, its leases)
        self.instance = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        self._conflicts = (pg_errors.UniqueViolation,)
        self._lock = threading.Lock()
        self._db: Any = None
        self._held: set[str] = set()  # the tables whose lease this store holds
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                    for statement in (*pg_schema(SCHEMA).split(";"), LEASES):
                        if statement.strip():
                            db.execute(statement)
                    for name, decl in _COLUMNS:
                        db.execute(f"ALTER TABLE tables ADD COLUMN IF NOT EXISTS {name} "
                                   f"{pg_schema(' ' + decl).strip()}")
            except psycopg.Error as exc:
                self._drop()
                raise StorageError(f"cannot open the database {shown_address(url)}: "
                                   f"{_reason(exc)}") from None

    def _connection(self) -> Any:
        """The open connection, made (again) if there is none; under the store's lock."""
        if self._db is None or self._db.closed or self._db.broken:
            self._db = None
            try:
                self._db = _connect(self.path)
            except psycopg.Error as exc:
                raise StorageError(f"the tables' storage cannot be reached "
                                   f"({_reason(exc)}); try again later") from None
        return self._db

    def _drop(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except psycopg.Error:  # pragma: no cover - closing a broken connection
                pass
            self._db = None

    def close(self) -> None:
        """Stop listening, give up this store's leases (another process takes its tables
        on at once) and close."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join(5)
        with self._lock:
            if self._held and self._db is not None and not self._db.broken:
                try:
                    self._db.execute("DELETE FROM leases WHERE owner = %s", (self.instance,))
                except psycopg.Error:  # they lapse by themselves
                    pass
            self._held.clear()
            self._drop()

    def _write(self, statements: list, tables: tuple = ()) -> None:
        """Run ``(sql, params[, rows])`` statements in one transaction, other processes told
        of each of ``tables`` when it commits; :class:`StorageError` (and nothing stored) if the
        database is unreachable, busy or failing."""
        def execute(sql: str, params: tuple) -> Any:
            return db.execute(_placeholders(sql), params)
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    for statement in statements:
                        run_statement(execute, statement)
                    for table_id in tables:
                        db.execute("SELECT pg_notify(%s, %s)",
                                   (CHANNEL, f"{self.instance} {table_id}"))
            except StaleMoveError:
                raise
            except psycopg.Error as exc:
                if isinstance(exc, self._conflicts):
                    raise
                if db.broken:
                    self._drop()
                raise _storage_error(exc) from None

    def _read(self, queries: list) -> list:
        """Each query's rows, from one snapshot of the database (a repeatable-read
        transaction: another process's move is wholly in it or wholly not)."""
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    return [db.execute(_placeholders(sql), params).fetchall()
                            for sql, params in queries]
            except psycopg.Error as exc:
                if db.broken:
                    self._drop()
                raise _storage_error(exc) from None


    # -- other writers ------------------------------------------------------------------

    def listen(self, heard: Callable[[str | None], None]) -> None:
        """Call ``heard(table_id)`` from a thread of this store's for each table another
        process changed, and ``heard(None)`` each time listening (re)starts - what was said
        before is not known: everything held should be read again."""
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen, args=(heard,),
                                              name="tortuga-listen", daemon=True)
            self._listener.start()

    def _listen(self, heard: Callable[[str | None], None]) -> None:
        """Listen until closed, connecting again (after a second) whenever the connection
        is lost; the channel's notices are read a second at a time, so closing is heard."""
        while not self._stop.is_set():
            try:
                with _connect(self.path) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    heard(None)
                    while not self._stop.is_set():
                        for notice in db.notifies(timeout=1.0):
                            writer, _, table_id = notice.payload.partition(" ")
                            if writer != self.instance and table_id:
                                heard(table_id)
            except psycopg.Error as exc:
                LOG.warning("listening to the tables' storage: %s; again in a second",
                            _reason(exc))
            except Exception:  # noqa: BLE001 - the server's callback failed: keep listening
                LOG.exception("a table's change could not be taken in")
            self._stop.wait(1.0)

    def claim(self, table_id: str) -> bool:
        """Whether this process may move ``table_id``'s bots and clock: its lease is this
        store's, or nobody's (lapsed) and taken now. False if the database cannot say."""
        if table_id in self._held:
            return True
        try:
            with self._lock:
                row = self._connection().execute(
                    f"INSERT INTO leases VALUES (%s, %s, {NOW} + %s) "
                    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
                    "expires = excluded.expires "
                    f"WHERE leases.owner = excluded.owner OR leases.expires < {NOW} "
                    "RETURNING owner", (table_id, self.instance, LEASE_SECONDS)).fetchone()
        except (psycopg.Error, StorageError) as exc:
            LOG.warning("the lease of table %s could not be taken: %s", table_id, exc)
            return False
        if row is not None:
            self._held.add(table_id)
        return row is not None

    def renew(self) -> None:
        """Renew this store's leases; those another process took meanwhile (ours lapsed
        while the database could not be reached) are given up here too."""
        try:
            with self._lock:
                rows = self._connection().execute(
                    f"UPDATE leases SET expires = {NOW} + %s WHERE owner = %s "
                    "RETURNING table_id", (LEASE_SECONDS, self.instance)).fetchall()
        except (psycopg.Error, StorageError) as exc:
            LOG.warning("the leases could not be renewed: %s", exc)
            return
        self._held = {tid for (tid,) in rows}

    def orphans(self) -> list:
        """Tables in play nobody holds the lease of (new, or their process went away), at
        most :data:`ORPHANS`, oldest first."""
        try:
            (rows,) = self._read([
                (f"SELECT t.id {ORPHANED}", (ORPHANS,))])
        except StorageError as exc:
            LOG.warning("the tables to take on could not be read: %s", exc)
            return []
        return [tid for (tid,) in rows]

    def claim_orphans(self) -> list:
        """Take the lease of the tables in play nobody holds (new, or their process went
        away), at most :data:`ORPHANS`, oldest first, in one statement: of two processes
        looking at once, each table goes to one. The ids taken ([] if the database cannot
        say)."""
        try:
            with self._lock:
                rows = self._connection().execute(
                    f"INSERT INTO leases SELECT t.id, %s, {NOW} + %s "
                    f"{_placeholders(ORPHANED)} ON CONFLICT (table_id) DO UPDATE SET "
                    f"owner = excluded.owner, expires = excluded.expires "
                    f"WHERE leases.expires < {NOW} "
                    "RETURNING table_id",
                    (self.instance, LEASE_SECONDS, ORPHANS)).fetchall()
        except (psycopg.Error, StorageError) as exc:
            LOG.warning("the tables to take on could not be claimed: %s", exc)
            return []
        ids = [tid for (tid,) in rows]
        self._held.update(ids)
        return ids

    def resumable(self) -> list:
        """The tables a server starting now takes on: those in play whose lease it could
        take (another process's stay with it), each with its seats and moves - only
        those read."""
        ids = self.claim_orphans()
        if not ids:
            return []
        return self._rows("SELECT id FROM tables WHERE id = ANY(?)", (ids,))


def _connect(url: str) -> Any:
    """A connection to ``url`` whose statements and lock waits are bounded."""
    return psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_SECONDS,
                           options=f"-c statement_timeout={STATEMENT_MS} "
                                   f"-c lock_timeout={LOCK_MS}")


def _placeholders(sql: str) -> str:
    """The shared statements' ``?`` as psycopg's ``%s`` (none of them has a ``%``)."""
    return sql.replace("?", "%s")


def _storage_error(exc: BaseException) -> StorageError:
    busy = pg_errors is not None and isinstance(
        exc, (pg_errors.LockNotAvailable, pg_errors.QueryCanceled,
              pg_errors.SerializationFailure, pg_errors.DeadlockDetected))
    return StorageError("the tables' storage is busy; try again in a moment" if busy
                        else f"the tables' storage failed ({_reason(exc)}); try again later")


def _reason(exc: BaseException) -> str:
    """The first line of the driver's message, short."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:120]

