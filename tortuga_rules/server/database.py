"""Which store a database address names: a SQLite file (the embedded default, one
server) or a PostgreSQL database (``postgresql://...``, psycopg 3)."""

from __future__ import annotations

from .store import SqlStore, Store, is_postgres

__all__ = ["open_store"]


def open_store(db: str) -> SqlStore:
    """The store at ``db``: a PostgreSQL database for an address ``postgresql://...``
    (the ``postgres`` extra), else a SQLite file."""
    if is_postgres(db):
        from .postgres import PostgresStore  # psycopg is imported only then
        return PostgresStore(db)
    return Store(db)
