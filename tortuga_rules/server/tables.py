"""The server's tables: games with seats, tokens and bots, kept in the store.

A :class:`Lobby` holds every table in memory (a :class:`~tortuga_rules.game.record.GameRecord`
each) and writes each change to its :class:`~tortuga_rules.server.store.Store` before it
counts: a table is created with its seats in one transaction, an action is stored (as
move number *n*) before the table's record moves on, so a server killed at any moment
comes back with every table exactly where its last stored move left it
(:meth:`Lobby.resume`).

A seat is ``open`` (anyone may join it), ``human`` (taken; its token's hash is stored)
or a bot's name. Tokens come from :mod:`secrets`; only their SHA-256 hashes are kept.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

import attrs

from ..bots.uniform import RandomBot
from ..data.loader import load_ruleset
from ..errors import ArgumentError, IllegalActionError, TortugaError
from ..game.record import GameRecord, undo
from ..game.setup import new_game, new_seed
from ..model.actions import Action
from .store import SeatRow, StaleMoveError, Store, TableRow

__all__ = ["Lobby", "Table", "BOTS", "AuthError", "NoSuchTable", "StaleError", "hash_token"]

#: The bots a seat may be given, by name.
BOTS = {"random": RandomBot}
#: How many tables one server keeps at most (a flood of creations is refused).
MAX_TABLES = 5000


class AuthError(TortugaError, PermissionError):
    """A token that opens no seat of the table."""


class NoSuchTable(ArgumentError, LookupError):
    """A table id this server does not hold."""


class StaleError(IllegalActionError):
    """A move answering an earlier position (replayed, doubled or overtaken): not taken."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@attrs.define
class Table:
    """One game: its stored setup, its seats and its record."""

    row: TableRow
    seats: list  # SeatRow by seat
    record: GameRecord

    @property
    def id(self) -> str:
        return self.row.id

    def seat_of(self, token) -> int:
        """The seat ``token`` opens; :class:`AuthError` if none."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for s in self.seats:
                if s.token_hash and hmac.compare_digest(s.token_hash, digest):
                    return s.seat
        raise AuthError("this token opens no seat of this table")

    def summary(self) -> dict:
        """The table as anyone may see it: setup, seats (kind and name), progress."""
        state = self.record.state
        return {"id": self.id, "ruleset": self.row.ruleset, "variants": list(self.row.variants),
                "options": dict(self.row.options), "players": self.row.players,
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in self.seats],
                "step": state.step, "moves": len(self.record.moves),
                "current_player": state.current_player, "over": state.is_terminal}

    def bot_to_move(self) -> int | None:
        """The seat of the bot whose decision the game waits for (None: a person, or over)."""
        seat = self.record.state.current_player
        if seat is None or self.seats[seat].kind not in BOTS:
            return None
        return seat


class Lobby:
    """Every table of a server, backed by ``store``."""

    def __init__(self, store: Store):
        self.store = store
        self.tables: dict = {}

    @classmethod
    def resume(cls, store: Store) -> "Lobby":
        """The lobby as the store left it: each table's stored moves replayed."""
        lobby = cls(store)
        for row in store.tables():
            record = GameRecord.start(_new_game(row))
            for seat, action in row.moves:
                record = record.play(Action.from_json(action), seat=seat)
            lobby.tables[row.id] = Table(row, list(row.seats), record)
        return lobby

    def create(self, *, ruleset="standard", players=5, variants=(), options=None,
               seats=None, name="host") -> tuple:
        """A new table; ``(table, token)`` where the token opens the host's seat.

        ``seats`` gives each seat's kind: ``"human"`` (the first is the host's),
        ``"open"`` or a bot's name; by default the host has seat 0 and the rest are open.
        """
        if len(self.tables) >= MAX_TABLES:
            raise ArgumentError(f"this server holds {MAX_TABLES} tables already")
        rules = load_ruleset(ruleset, variants=list(variants), options=dict(options or {}),
                             bundled_only=True)
        if type(players) is not int or not rules.min_players <= players <= rules.max_players:
            raise ArgumentError(f"players must be from {rules.min_players} to "
                                f"{rules.max_players}")
        kinds = list(seats) if seats is not None else ["human"] + ["open"] * (players - 1)
        _check_kinds(kinds, players)
        token = secrets.token_urlsafe(24)
        host = kinds.index("human")
        rows = tuple(SeatRow(i, "human", _name(name), hash_token(token)) if i == host
                     else _unseated(i, k) for i, k in enumerate(kinds))
        row = TableRow(secrets.token_hex(8), ruleset, tuple(variants), dict(options or {}),
                       players, new_seed(), time.time(), rows, ())
        state = _new_game(row)
        self.store.add_table(row)
        table = self.tables[row.id] = Table(row, list(rows), GameRecord.start(state))
        return table, token

    def join(self, table_id: str, seat=None, name="player") -> tuple:
        """Take an open seat (the first one by default); ``(seat, token)``."""
        table = self.get(table_id)
        open_seats = [s.seat for s in table.seats if s.kind == "open"]
        if seat is None:
            seat = open_seats[0] if open_seats else None
        if seat not in open_seats:
            raise ArgumentError("no such open seat at this table")
        token = secrets.token_urlsafe(24)
        row = SeatRow(seat, "human", _name(name), hash_token(token))
        self.store.set_seat(table_id, row)
        table.seats[seat] = row
        return seat, token

    def get(self, table_id) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise NoSuchTable("no such table")
        return table

    def act(self, table_id: str, token, action_text, step=None) -> Table:
        """The table after the token's seat plays ``action_text`` (notation).

        ``step`` (optional) is the step the player saw: a move sent for an older step is
        refused as stale, so a replayed or doubled message changes nothing.
        """
        table = self.get(table_id)
        seat = table.seat_of(token)
        if step is not None and step != table.record.state.step:
            raise StaleError("this move answers an earlier position; it was not taken")
        if not isinstance(action_text, str) or len(action_text) > 200:
            raise IllegalActionError("an action is a short text in the action notation")
        action = Action.parse(action_text, table.record.state.rules)
        return self._play(table, seat, action)

    def undo(self, table_id: str, token) -> Table:
        """The table without the token's seat's last decision (see
        :func:`~tortuga_rules.game.record.undo` for when that is refused)."""
        table = self.get(table_id)
        record = undo(table.record, table.seat_of(token))
        self.store.remove_moves(table.id, len(record.moves))
        table.record = record
        return table

    def play_bot(self, table: Table) -> bool:
        """Let the bot whose decision it is play one action; False if none is to move."""
        seat = table.bot_to_move()
        if seat is None:
            return False
        state = table.record.state
        bot = BOTS[table.seats[seat].kind](table.row.seed * 1_000_003 + state.step)
        self._play(table, seat, bot.choose(state))
        return True

    def _play(self, table: Table, seat: int, action: Action) -> Table:
        record = table.record.play(action, seat=seat)  # refused here if illegal
        try:
            self.store.add_move(table.id, len(table.record.moves), seat, action.to_json())
        except StaleMoveError:
            raise StaleError("another move was taken first; it was not taken") from None
        table.record = record
        return table


def _unseated(seat: int, kind: str) -> SeatRow:
    """A seat nobody holds yet: a bot's, or open (another "human" seat waits to be joined)."""
    if kind in BOTS:
        return SeatRow(seat, kind, kind, None)
    return SeatRow(seat, "open", "", None)


def _new_game(row: TableRow):
    rules = load_ruleset(row.ruleset, variants=list(row.variants), options=dict(row.options),
                         bundled_only=True)
    return new_game(rules, row.players, row.seed)


def _check_kinds(kinds, players: int):
    if len(kinds) != players:
        raise ArgumentError(f"give {players} seat kinds, not {len(kinds)}")
    allowed = {"human", "open", *BOTS}
    bad = [k for k in kinds if k not in allowed]
    if bad:
        raise ArgumentError(f"unknown seat kind {bad[0]!r:.30}: choose from "
                            f"{', '.join(sorted(allowed))}")
    if "human" not in kinds:
        raise ArgumentError("one seat must be the host's ('human')")


def _name(name) -> str:
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40:
        raise ArgumentError("a player's name is 1 to 40 characters")
    return name.strip()
