"""The server's database in PostgreSQL, for several server processes (``serve --db
postgresql://...``; SQLite stays the embedded default: :mod:`.store`).

The same three tables, the same statements and the same migrations as SQLite
(:class:`~tortuga_rules.server.store.SqlStore`), through psycopg 3. What changes is who
may write: any number of processes. The database serialises them - a move is the row
``(table, n)`` of ``moves``, whose key two processes can never both take, so at most one
of them stores move ``n`` and the other is told :class:`StaleMoveError` - and nothing is
locked across processes but that key.

A write never waits long: each statement gives up after :data:`STATEMENT_MS`, a lock
after :data:`LOCK_MS`, and a connection that is lost (the database restarted, the
network cut) is made again at the next call. Either way the write is a
:class:`~tortuga_rules.server.store.StorageError` - nothing stored, the client told to
try again - never an exception of the driver.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from ..errors import TortugaError
from .store import _COLUMNS, SCHEMA, SqlStore, StorageError, StoreInUse, shown_address

try:
    import psycopg
    from psycopg import errors as pg_errors
except ImportError:  # pragma: no cover - the postgres extra is not installed
    psycopg = None  # type: ignore[assignment]
    pg_errors = None  # type: ignore[assignment]

__all__ = ["PostgresStore", "STATEMENT_MS", "LOCK_MS", "CONNECT_SECONDS", "pg_schema"]

#: How long a statement may run before the database gives it up, in milliseconds.
STATEMENT_MS = 5000
#: How long a statement waits for a row another transaction holds, in milliseconds.
LOCK_MS = 2000
#: How long connecting may take.
CONNECT_SECONDS = 5
#: The advisory lock held while a process makes or migrates the schema (processes that
#: start together must not each add the same column).
SCHEMA_LOCK = 0x7475_7274_7567_61  # "turtuga", any fixed number
#: The advisory lock a server holds on its database while it is open: one server per
#: database, as with SQLite's lock file (each server keeps its tables' games in memory
#: and moves their bots, so a second one would play the same tables unaware of the first).
SERVER_LOCK = SCHEMA_LOCK + 1

LOG = logging.getLogger("tortuga_rules.server")


def pg_schema(schema: str) -> str:
    """SQLite's schema in PostgreSQL's types: times as double precision, seeds as 64-bit
    numbers (SQLite's INTEGER is 64-bit, PostgreSQL's 32)."""
    return schema.replace(" REAL", " DOUBLE PRECISION").replace("seed INTEGER", "seed BIGINT")


class PostgresStore(SqlStore):
    """The tables in the PostgreSQL database at ``url`` (``postgresql://user@host/db``),
    shared with any other server process that opens it."""

    def __init__(self, url: str):
        if psycopg is None:
            raise TortugaError("a PostgreSQL database needs psycopg: pip install "
                               "'tortuga-rules[postgres]'")
        self.path = url
        self._conflicts = (pg_errors.UniqueViolation,)
        self._lock = threading.Lock()
        self._db: Any = None
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                    for statement in pg_schema(SCHEMA).split(";"):
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
        """The open connection, made (again) if there is none, holding the server's lock;
        under the store's lock."""
        if self._db is None or self._db.closed or self._db.broken:
            self._db = None
            try:
                db = psycopg.connect(
                    self.path, autocommit=True, connect_timeout=CONNECT_SECONDS,
                    options=f"-c statement_timeout={STATEMENT_MS} -c lock_timeout={LOCK_MS}")
                held = db.execute("SELECT pg_try_advisory_lock(%s)", (SERVER_LOCK,)).fetchone()
            except psycopg.Error as exc:
                raise StorageError(f"the tables' storage cannot be reached "
                                   f"({_reason(exc)}); try again later") from None
            if not (held and held[0]):
                db.close()
                raise StoreInUse(f"the database {shown_address(self.path)} is in use by "
                                 f"another server; one server per database")
            self._db = db
        return self._db

    def _drop(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except psycopg.Error:  # pragma: no cover - closing a broken connection
                pass
            self._db = None

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _write(self, statements: list) -> None:
        """Run ``(sql, params)`` statements in one transaction; :class:`StorageError` (and
        nothing stored) if the database is unreachable, busy or failing."""
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    for sql, params in statements:
                        db.execute(_placeholders(sql), params)
            except self._conflicts:
                raise
            except psycopg.Error as exc:
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

