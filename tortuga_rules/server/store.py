"""The server's database: tables, seats and every applied action, in SQLite.

Plain :mod:`sqlite3` rather than an ORM: three small tables, a handful of statements,
and what matters is exact control of transactions - an action is stored in the same
transaction that makes it part of the game, or not at all. SQLite is the embedded
choice: one file, nothing to install or start, and in WAL mode a committed transaction
survives the server being killed (``kill -9``) at any moment.

A game's state is never stored: it is the table's setup (ruleset, variants, options,
player count, seed) with its actions replayed, which the library reproduces exactly.
Seat tokens are stored as SHA-256 hashes, never in clear.
"""

from __future__ import annotations

import json
import sqlite3
import threading

import attrs

__all__ = ["Store", "TableRow", "SeatRow", "StaleMoveError"]

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


class Store:
    """A SQLite database at ``path`` (``":memory:"`` for a throwaway one)."""

    def __init__(self, path: str):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = [row[1] for row in self._db.execute("PRAGMA table_info(tables)")]
        if "over" not in columns:  # a database made before finished tables were marked
            self._db.execute("ALTER TABLE tables ADD COLUMN over INTEGER NOT NULL DEFAULT 0")
        if "house" not in columns:  # made before tables could bring their house rules
            self._db.execute("ALTER TABLE tables ADD COLUMN house TEXT")

    def close(self):
        self._db.close()

    def _write(self, statements):
        """Run ``(sql, params)`` statements in one transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    self._db.execute(sql, params)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def add_table(self, row: TableRow):
        """Store a new table and its seats, together."""
        self._write([("INSERT INTO tables (id, ruleset, variants, options, players, seed, "
                       "created, over, house) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
                      (row.id, row.ruleset, json.dumps(list(row.variants)),
                       json.dumps(row.options), row.players, row.seed, row.created, row.house))]
                    + [("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                        (row.id, s.seat, s.kind, s.name, s.token_hash)) for s in row.seats])

    def set_seat(self, table_id: str, seat: SeatRow):
        self._write([("UPDATE seats SET kind = ?, name = ?, token_hash = ? "
                      "WHERE table_id = ? AND seat = ?",
                      (seat.kind, seat.name, seat.token_hash, table_id, seat.seat))])

    def add_move(self, table_id: str, n: int, seat: int, action_json: str, over=False):
        """Store move number ``n`` (from 0), and with ``over`` mark the table finished,
        together; :class:`StaleMoveError` if the number is taken."""
        statements: list = [("INSERT INTO moves VALUES (?, ?, ?, ?)",
                             (table_id, n, seat, action_json))]
        if over:
            statements.append(("UPDATE tables SET over = 1 WHERE id = ?", (table_id,)))
        try:
            self._write(statements)
        except sqlite3.IntegrityError:
            raise StaleMoveError(f"move {n} of table {table_id} is already stored") from None

    def remove_moves(self, table_id: str, n: int):
        """Forget moves ``n`` and later (an undo), together."""
        self._write([("DELETE FROM moves WHERE table_id = ? AND n >= ?", (table_id, n))])

    def tables(self, in_play: bool = False) -> list:
        """Every stored table with its seats and moves, oldest first (``in_play``: only
        those not finished)."""
        where = " WHERE over = 0" if in_play else ""
        return self._rows(f"SELECT id FROM tables{where}", ())

    def table(self, table_id: str):
        """The stored table ``table_id`` with its seats and moves (None: there is none)."""
        rows = self._rows("SELECT id FROM tables WHERE id = ?", (table_id,))
        return rows[0] if rows else None

    def _rows(self, ids_sql: str, params: tuple) -> list:
        """The tables whose ids ``ids_sql`` selects, each with its seats and moves."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, ruleset, variants, options, players, seed, created, house FROM tables "
                f"WHERE id IN ({ids_sql}) ORDER BY created, id", params).fetchall()
            seats = self._db.execute(f"SELECT * FROM seats WHERE table_id IN ({ids_sql}) "
                                     "ORDER BY table_id, seat", params).fetchall()
            moves = self._db.execute(f"SELECT * FROM moves WHERE table_id IN ({ids_sql}) "
                                     "ORDER BY table_id, n", params).fetchall()
        by_seat: dict = {}
        for tid, seat, kind, name, token_hash in seats:
            by_seat.setdefault(tid, []).append(SeatRow(seat, kind, name, token_hash))
        by_move: dict = {}
        for tid, _n, seat, action in moves:
            by_move.setdefault(tid, []).append((seat, action))
        return [TableRow(tid, ruleset, tuple(json.loads(variants)), json.loads(options), players,
                         seed, created, tuple(by_seat.get(tid, ())),
                         tuple(by_move.get(tid, ())), house)
                for tid, ruleset, variants, options, players, seed, created, house in rows]
