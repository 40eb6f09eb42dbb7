"""The server's database: tables, seats and every applied action, in SQLite (or
PostgreSQL: :mod:`.postgres`; :func:`~tortuga_rules.server.database.open_store` picks
by the address).

Plain :mod:`sqlite3` rather than an ORM: three small tables, a handful of statements,
and what matters is exact control of transactions - an action is stored in the same
transaction that makes it part of the game, or not at all. SQLite is the embedded
choice: one file, nothing to install or start, and in WAL mode a committed transaction
survives the server being killed (``kill -9``) at any moment.

A game's state is never stored: it is the table's setup (ruleset, variants, options,
player count, seed) with its actions replayed, which the library reproduces exactly.
Seat tokens are stored as SHA-256 hashes, never in clear.

One server writes one database file: a :class:`Store` holds an exclusive lock on
``<file>.lock`` for as long as it is open, so a second server started on the same file
refuses to start, saying which process holds it (two writers would each trust their own
memory and lose the other's moves). A write never waits for a file another program holds
(an operator's ``sqlite3`` shell, a backup taking a lock): it fails at once with
:class:`StorageError` - nothing was stored, and the server tells its client to try again -
so the server's event loop is never held by the database. The write itself only appends
to the write-ahead log; copying the log into the database file (a checkpoint, the one
slow step) is done by the store's own thread every :data:`CHECKPOINT_SECONDS`, never by a
write.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading

import attrs

from ..errors import TortugaError

__all__ = ["Store", "SqlStore", "is_postgres", "shown_address", "TableRow", "SeatRow",
           "StaleMoveError", "StorageError", "StoreInUse", "IN_PLAY", "FINISHED", "EXPIRED",
           "BUSY_SECONDS"]

#: A table's status in the store.
IN_PLAY, FINISHED, EXPIRED = 0, 1, 2
#: How long a write waits for a database file another program holds: not at all.
BUSY_SECONDS = 0.0
#: How often the store's thread copies the write-ahead log into the database file.
CHECKPOINT_SECONDS = 5.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    variants TEXT NOT NULL,
    options TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    house TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


class StaleMoveError(Exception):
    """The move's number is taken: another move was stored first (a replayed or raced move)."""


class StorageError(TortugaError):
    """The database could not be read or written now (busy, full, failing): nothing was
    stored; the client may try again."""


class StoreInUse(TortugaError):
    """Another server (process) has this database file open."""


@attrs.frozen
class SeatRow:
    seat: int
    kind: str  # "human", "open" or a bot's name
    name: str
    token_hash: str | None


@attrs.frozen
class TableRow:
    id: str
    ruleset: str
    variants: tuple
    options: dict = attrs.field(eq=False)
    players: int
    seed: int
    created: float
    seats: tuple  # SeatRow, by seat
    moves: tuple  # (seat, action JSON), in order
    house: str | None = None  # the host's uploaded house rules (a variant's YAML text)
    #: who made it (a digest of the creator's address: per-address quotas survive a restart)
    creator: str = ""
    private: bool = False  # reached by invitation (its id) only, never listed
    host: int = 0  # the seat of the host, who may replace the others
    #: what a seat's clock running out does: "bot" (a bot plays for it) or "rule" (the
    #: rules' timer)
    on_timeout: str = "bot"
    touched: float = 0.0  # the last move, join or creation (Unix time)
    status: int = IN_PLAY
    #: the id of the table its players' rematch made (None: none yet)
    rematch: str | None = None
    #: the content hash of the rules it started under (None: a table stored before tables
    #: kept it): it is played on only under the same rules
    rules_hash: str | None = None
    #: how many times its moves or seats were written: a write names the version it
    #: follows, and is refused if another writer's came first (:class:`StaleMoveError`)
    version: int = 0


def is_postgres(db: str) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://...``) rather than a
    SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


def shown_address(db: str) -> str:
    """``db`` as messages and logs show it: a database address without its password."""
    head, at, tail = db.rpartition("@")
    if not at or not is_postgres(db):
        return db
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':')[0]}@{tail}"


class SqlStore:
    """What both stores do with the same SQL: tables, seats and moves written in one
    transaction each, and read back as :class:`TableRow`. A store gives :meth:`_write`
    (``(sql, params)`` statements, ``?`` placeholders, run in one transaction; a statement
    ``(sql, params, 1)`` must change exactly one row, or nothing is stored and
    :class:`StaleMoveError` raised), :meth:`_read` (the rows of one query) and
    :attr:`_conflicts` (the errors of a key already taken).

    A table's writes that change its game (a move, an undo, a seat given) each follow its
    ``version`` and raise it by one: a writer that did not know the last version (another
    process wrote since it read the table) changes nothing and is told
    :class:`StaleMoveError`, so the database serialises every write of a table, from any
    number of processes. The store also says who else writes: :meth:`listen` hears the
    tables other processes changed, and :meth:`claim`/:meth:`renew` hand each table's
    bots and clock to one process (a lease). One SQLite file has one writer, so its store
    hears nothing and owns every table."""

    _conflicts: tuple[type[BaseException], ...] = ()
    path: str
    #: whether other server processes write this database too (they are to be heard, and
    #: the tables' leases kept)
    shared: bool = False
    #: how often a server of a shared database renews its leases (and takes tables on)
    renew_seconds: float = 0.0

    def _write(self, statements: list, tables: tuple = ()) -> None:
        """Run the statements in one transaction (``tables``: the ids of the tables they
        change, which other processes are told of when it commits)."""
        raise NotImplementedError

    def listen(self, heard) -> None:
        """Call ``heard(table_id)`` (from another thread) for each table another process
        changes; a store with one writer hears nothing."""

    def claim(self, table_id: str) -> bool:
        """Whether this process may move ``table_id``'s bots and clock (taking its lease
        if nobody holds it); one writer owns every table."""
        return True

    def renew(self) -> None:
        """Keep this process's leases (called now and then); nothing for one writer."""

    def orphans(self) -> list:
        """Tables in play whose lease has lapsed (their process went away): none for one
        writer."""
        return []

    def claim_orphans(self) -> list:
        """Take the lease of the tables in play nobody holds (their process went away), in
        one statement; their ids: none for one writer, which owns every table."""
        return []

    def resumable(self) -> list:
        """The tables a server starting now takes on, each with its seats and moves: every
        table in play, for one writer."""
        return self.tables(in_play=True)

    def _read(self, queries: list) -> list:
        """Each ``(sql, params)`` query's rows, read together (one snapshot)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def add_table(self, row: TableRow, rematch_of: str | None = None):
        """Store a new table and its seats, together (with ``rematch_of``, the finished
        table whose rematch it is, marked as such in the same transaction)."""
        # a rematch is made once: a table already marked (by another process) is not
        # marked again, and nothing is stored (StaleMoveError)
        marked = [] if rematch_of is None else \
            [("UPDATE tables SET rematch = ? WHERE id = ? AND rematch IS NULL",
              (row.id, rematch_of), 1)]
        self._write([("INSERT INTO tables (id, ruleset, variants, options, players, seed, "
                       "created, over, house, creator, private, host, on_timeout, touched, "
                       "rules_hash) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                      (row.id, row.ruleset, json.dumps(list(row.variants)),
                       json.dumps(row.options), row.players, row.seed, row.created, row.house,
                       row.creator, int(row.private), row.host, row.on_timeout,
                       row.touched or row.created, row.rules_hash))]
                    + [("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                        (row.id, s.seat, s.kind, s.name, s.token_hash)) for s in row.seats]
                    + marked, () if rematch_of is None else (rematch_of,))

    def set_seat(self, table_id: str, seat: SeatRow, touched: float, version: int | None = None):
        """Give a seat to someone (a join, a replacement, a bot), the old token revoked
        (:class:`StaleMoveError` if the table's ``version`` is not the one given)."""
        self._versioned(table_id, version, [
            ("UPDATE seats SET kind = ?, name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
             (seat.kind, seat.name, seat.token_hash, table_id, seat.seat))], touched=touched)

    def add_move(self, table_id: str, n: int, seat: int, action_json: str, over=False,
                 touched: float = 0.0, version: int | None = None):
        """Store move number ``n`` (from 0), and with ``over`` mark the table finished,
        together; :class:`StaleMoveError` if the number is taken or the table's ``version``
        is not the one given (another writer came first: the database decides, so two can
        never both store a move ``n``)."""
        try:
            self._versioned(table_id, version, [("INSERT INTO moves VALUES (?, ?, ?, ?)",
                                                 (table_id, n, seat, action_json))],
                            touched=touched, over=FINISHED if over else IN_PLAY)
        except self._conflicts:
            raise StaleMoveError(f"move {n} of table {table_id} is already stored") from None

    def remove_moves(self, table_id: str, n: int, version: int | None = None):
        """Forget moves ``n`` and later (an undo), together."""
        self._versioned(table_id, version,
                        [("DELETE FROM moves WHERE table_id = ? AND n >= ?", (table_id, n))])

    def _versioned(self, table_id: str, version: int | None, statements: list,
                   touched: float | None = None, over: int | None = None) -> None:
        """``statements`` and the table's version raised by one (with its ``touched`` time
        and ``over`` mark), together - only if its version is ``version`` (None: any)."""
        sets = "version = version + 1" + ("" if touched is None else ", touched = ?") + \
            ("" if over is None else ", over = ?")
        params = tuple(v for v in (touched, over) if v is not None) + (table_id,)
        if version is None:
            bump: tuple = (f"UPDATE tables SET {sets} WHERE id = ?", params)
        else:
            bump = (f"UPDATE tables SET {sets} WHERE id = ? AND version = ?",
                    params + (version,), 1)
        self._write([bump, *statements], (table_id,))

    def expire(self, table_ids) -> None:
        """Mark tables expired (unstarted or abandoned too long), together; they stay
        readable."""
        ids = tuple(table_ids)
        self._write([("UPDATE tables SET over = ? WHERE id = ? AND over = ?",
                      (EXPIRED, tid, IN_PLAY)) for tid in ids], ids)

    def tables(self, in_play: bool = False) -> list:
        """Every stored table with its seats and moves, oldest first (``in_play``: only
        those neither finished nor expired)."""
        where = f" WHERE over = {IN_PLAY}" if in_play else ""
        return self._rows(f"SELECT id FROM tables{where}", ())

    def table(self, table_id: str):
        """The stored table ``table_id`` with its seats and moves (None: there is none)."""
        rows = self._rows("SELECT id FROM tables WHERE id = ?", (table_id,))
        return rows[0] if rows else None

    def _rows(self, ids_sql: str, params: tuple) -> list:
        """The tables whose ids ``ids_sql`` selects, each with its seats and moves."""
        rows, seats, moves = self._read([
            (f"SELECT {_FIELDS} FROM tables WHERE id IN ({ids_sql}) ORDER BY created, id",
             params),
            (f"SELECT * FROM seats WHERE table_id IN ({ids_sql}) ORDER BY table_id, seat",
             params),
            (f"SELECT * FROM moves WHERE table_id IN ({ids_sql}) ORDER BY table_id, n",
             params)])
        by_seat: dict = {}
        for tid, seat, kind, name, token_hash in seats:
            by_seat.setdefault(tid, []).append(SeatRow(seat, kind, name, token_hash))
        by_move: dict = {}
        for tid, _n, seat, action in moves:
            by_move.setdefault(tid, []).append((seat, action))
        return [TableRow(tid, ruleset, tuple(json.loads(variants)), json.loads(options), players,
                         seed, created, tuple(by_seat.get(tid, ())),
                         tuple(by_move.get(tid, ())), house, creator or "", bool(private),
                         host or 0, on_timeout or "bot", touched or created, over, rematch,
                         rules_hash, version or 0)
                for (tid, ruleset, variants, options, players, seed, created, house, creator,
                     private, host, on_timeout, touched, over, rematch, rules_hash,
                     version) in rows]


class Store(SqlStore):
    """A SQLite database at ``path`` (``":memory:"`` for a throwaway one)."""

    _conflicts = (sqlite3.IntegrityError,)

    def __init__(self, path: str):
        self.path = path
        self._lockfile = _claim(path)
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                       timeout=BUSY_SECONDS)
            self._lock = threading.Lock()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread's job
            self._db.executescript(SCHEMA)
            self._migrate()
            self._stop = threading.Event()
            self._checkpoints = None
            if path != ":memory:":
                self._checkpoints = threading.Thread(target=self._checkpoint_loop,
                                                     name="tortuga-checkpoint", daemon=True)
                self._checkpoints.start()
        except sqlite3.Error as exc:
            self._release()
            raise StorageError(f"cannot open the database {path}: {exc}") from None
        except BaseException:
            self._release()
            raise

    def _migrate(self):
        """Add the columns a database made by an earlier version lacks."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for name, decl in _COLUMNS:
            if name not in columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {decl}")

    def close(self):
        if self._checkpoints is not None:
            self._stop.set()
            self._checkpoints.join(10)
        self._db.close()
        self._release()

    def _checkpoint_loop(self):
        """Copy the write-ahead log into the database file now and then (its own
        connection; a passive checkpoint never blocks a write), and once more at the end."""
        try:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        except sqlite3.Error:  # pragma: no cover - the file went away
            return
        try:
            while True:
                stopping = self._stop.wait(CHECKPOINT_SECONDS)
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:  # busy now: the next round tries again
                    logging.getLogger("tortuga_rules.server").debug("checkpoint: %s", exc)
                if stopping:
                    return
        finally:
            db.close()

    def _release(self):
        if self._lockfile is not None:
            self._lockfile.close()  # closing the file lets go of its lock
            self._lockfile = None

    def _write(self, statements, tables=()):
        """Run ``(sql, params[, rows])`` statements in one transaction; :class:`StorageError`
        (and nothing stored) if the file is busy or failing, :class:`StaleMoveError` if a
        statement did not change the ``rows`` it must."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _storage_error(exc) from None
            try:
                for statement in statements:
                    run_statement(self._db.execute, statement)
                self._db.execute("COMMIT")
            except BaseException as exc:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # a failed COMMIT may have rolled back already
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise _storage_error(exc) from None
                raise

    def _read(self, queries: list) -> list:
        """Each query's rows, read under the store's lock (one snapshot)."""
        with self._lock:
            try:
                return [self._db.execute(sql, params).fetchall() for sql, params in queries]
            except sqlite3.Error as exc:
                raise _storage_error(exc) from None

_FIELDS = ("id, ruleset, variants, options, players, seed, created, house, creator, private, "
           "host, on_timeout, touched, over, rematch, rules_hash, version")

#: Columns added since the first version, with their declarations (added when missing).
_COLUMNS = (("over", "INTEGER NOT NULL DEFAULT 0"), ("house", "TEXT"), ("creator", "TEXT"),
            ("private", "INTEGER NOT NULL DEFAULT 0"), ("host", "INTEGER NOT NULL DEFAULT 0"),
            ("on_timeout", "TEXT"), ("touched", "REAL"), ("rematch", "TEXT"),
            ("rules_hash", "TEXT"), ("version", "INTEGER NOT NULL DEFAULT 0"))


def run_statement(execute, statement: tuple) -> None:
    """Run ``(sql, params[, rows])`` with ``execute``; :class:`StaleMoveError` if it did
    not change exactly ``rows`` rows (a table's version another writer moved on)."""
    sql, params, *rows = statement
    changed = execute(sql, params).rowcount
    if rows and changed != rows[0]:
        raise StaleMoveError("another writer changed this table first")


def _storage_error(exc: sqlite3.Error) -> StorageError:
    busy = "locked" in str(exc) or "busy" in str(exc)
    return StorageError("the tables' storage is busy; try again in a moment" if busy
                        else f"the tables' storage failed ({str(exc)[:80]}); try again later")


def _claim(path: str):
    """The open lock file of database ``path``, locked for this process (None for a
    database in memory); :class:`StoreInUse` if another process holds it."""
    if path == ":memory:" or path.startswith("file::memory:"):
        return None
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock, one server by discipline
        return None
    try:
        fh = open(path + ".lock", "a+", encoding="utf-8")
    except OSError as exc:
        raise StorageError(f"cannot open {path}.lock: {exc.strerror}") from None
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.seek(0)
        holder = fh.read(40).strip() or "another process"
        fh.close()
        raise StoreInUse(f"the database {path} is in use by another server ({holder}); "
                         f"one server per database file") from None
    fh.seek(0)
    fh.truncate()
    fh.write(f"process {os.getpid()}")
    fh.flush()
    return fh
