"""The server's tables: games with seats, tokens and bots, kept in the store.

A :class:`Lobby` holds the tables in play in memory and writes each change to its
:class:`~tortuga_rules.server.store.Store` before it counts: a table is created with its
seats in one transaction, an action is stored (as move number *n*) before the table moves
on, so a server killed at any moment comes back with every table exactly where its last
stored move left it (:meth:`Lobby.resume`).

A table in memory keeps its start, its current state and its moves - not every state
its game passed through: a :class:`~tortuga_rules.game.record.GameRecord` is replayed
from the moves when history or undo needs one (about 20 microseconds a move). That keeps
a server with hundreds of tables small, and its garbage collections short. Finished
tables leave memory (the newest :data:`FINISHED` stay) and are read back from the store
when asked for.

A seat is ``open`` (anyone may join it), ``human`` (taken; its token's hash is stored)
or a bot's name. Tokens come from :mod:`secrets`; only their SHA-256 hashes are kept.
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from pathlib import Path

import attrs

from ..bots import Knowledge, make_bot
from ..data.loader import load_ruleset
from ..data.reader import Reader
from ..data.sources import RulesText, bundled_rulesets, is_path
from ..errors import ArgumentError, IllegalActionError, TortugaError, UnknownRulesetError
from ..game.record import GameRecord, undo
from ..game.setup import new_game, new_seed
from ..game.transition import TIMEOUT, apply_action
from ..lawyer.lint import kind_of
from ..model.actions import Action
from ..model.state import GameState
from .store import SeatRow, StaleMoveError, Store, TableRow

__all__ = ["Lobby", "Table", "BOTS", "AuthError", "NoSuchTable", "StaleError", "hash_token",
           "MAX_TABLES", "FINISHED"]

#: The bots a seat may be given, by their name in :data:`tortuga_rules.bots.BOTS`: the
#: quick ones (a search bot would hold the event loop for a tenth of a second a move).
BOTS = ("random", "heuristic")
#: How many tables one server has in play at most (a flood of creations is refused).
MAX_TABLES = 5000

#: How many compiled rulesets a lobby keeps for the tables that name them.
RULES_CACHED = 64

#: How problems in a host's uploaded house rules name the file.
HOUSE_FILE = "house-rules.yaml"

LOG = logging.getLogger("tortuga_rules.server")

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
#: How many finished tables stay in memory (older ones are read from the store on demand).
FINISHED = 200


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
    """One game: its stored setup, its seats, its start, its moves and its current state."""

    row: TableRow
    seats: list  # SeatRow by seat
    start: GameState
    state: GameState
    moves: tuple = ()  # (seat, Action), in order
    #: when the clock of the seat to move runs out (Unix time; rules with a timer only)
    deadline: float | None = None

    @classmethod
    def replayed(cls, row: TableRow, rules) -> "Table":
        """The table a stored row describes (its rules loaded): its setup with its stored
        moves played."""
        start = state = new_game(rules, row.players, row.seed)
        moves = tuple((seat, Action.from_json(text)) for seat, text in row.moves)
        for seat, action in moves:
            state = apply_action(state, action, seat=seat)
        return cls(row, list(row.seats), start, state, moves)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def record(self) -> GameRecord:
        """The game's record, every state included (replayed from the moves)."""
        record = GameRecord.start(self.start)
        for seat, action in self.moves:
            record = record.play(action, seat=seat)
        return record

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
        state = self.state
        return {"id": self.id, "ruleset": self.row.ruleset, "variants": list(self.row.variants),
                "options": dict(self.row.options), "players": self.row.players,
                "rules": {"id": state.rules.id, "name": state.rules.name,
                          "house_rules": self.row.house is not None},
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in self.seats],
                "step": state.step, "moves": len(self.moves),
                "current_player": state.current_player, "over": state.is_terminal}

    def clock_seconds(self) -> float | None:
        """How long a person may think over a decision at this table (None: no clock)."""
        timer = self.state.rules.timer
        seat = self.state.current_player
        if not timer or seat is None or self.seats[seat].kind != "human":
            return None  # no clock, the game is over, a bot moves, or the seat waits to be taken
        return float(timer.get("seconds") or 30)

    def bot_to_move(self) -> int | None:
        """The seat of the bot whose decision the game waits for (None: a person, or over)."""
        seat = self.state.current_player
        if seat is None or self.seats[seat].kind not in BOTS:
            return None
        return seat


class Lobby:
    """The tables of a server, backed by ``store``: those in play (and the newest
    finished ones) in memory, the rest read back when asked for."""

    def __init__(self, store: Store, rules_dir=None):
        self.store = store
        #: the operator's rules (``serve --rules FOLDER``): name -> file, offered like the
        #: bundled rulesets and variants (a bundled name is never shadowed)
        self.house: dict = house_files(rules_dir)
        self._rules: dict = {}  # what a table names -> its compiled rules (the newest last)
        self.tables: dict = {}
        self._finished: collections.deque = collections.deque()

    @classmethod
    def resume(cls, store: Store, rules_dir=None) -> "Lobby":
        """The lobby as the store left it: each table in play, its stored moves replayed."""
        lobby = cls(store, rules_dir)
        for row in store.tables(in_play=True):
            try:
                lobby.tables[row.id] = Table.replayed(row, lobby.rules_of(row))
            except TortugaError as exc:  # its operator's rules changed or went away
                LOG.warning("table %s cannot be resumed: %s", row.id, exc)
        return lobby

    def rules_of(self, row: TableRow):
        """The compiled rules of a table: bundled names, the operator's files by name, and
        the host's uploaded house rules (read as a hostile file: bundled ``extends`` only,
        cards inline).

        Compiling rules from files takes a few tenths of a second, so the newest
        :data:`RULES_CACHED` are kept, keyed by what the table names (tables under the same
        house rules share one compiled ruleset, in memory and across a restart).
        """
        key = (row.ruleset, tuple(row.variants), json.dumps(row.options, sort_keys=True),
               None if row.house is None else hashlib.sha256(
                   row.house.encode("utf-8", "surrogatepass")).hexdigest())
        rules = self._rules.pop(key, None)
        if rules is None:
            variants = [self._source(v) for v in row.variants]
            if row.house is not None:
                variants.append(RulesText(HOUSE_FILE, row.house))
            rules = load_ruleset(self._source(row.ruleset), variants=variants,
                                 options=dict(row.options))
        self._rules[key] = rules  # the newest last
        while len(self._rules) > RULES_CACHED:
            self._rules.pop(next(iter(self._rules)))
        return rules

    def rules_for(self, *, ruleset="standard", variants=(), options=None, house_rules=None,
                  **_rest):
        """The rules a table asked for would be played under (compiled once, then cached):
        a server compiles them off its event loop before :meth:`create`."""
        return self.rules_of(_draft(ruleset, variants, options, house_rules))

    def _source(self, name):
        """A name a client gave: the operator's file of that name, else a bundled name or
        composition - never a path."""
        if not isinstance(name, str) or not name or len(name) > 200:
            raise UnknownRulesetError("a ruleset or variant is named by a short text")
        if name in self.house and name not in bundled_rulesets():
            return self.house[name]
        if any(is_path(part) for part in name.split("+")):
            raise UnknownRulesetError(f"only the server's rulesets may be named, not the file "
                                      f"{name[:80]!r}")
        return name

    def create(self, *, ruleset="standard", players=5, variants=(), options=None,
               seats=None, name="host", house_rules=None) -> tuple:
        """A new table; ``(table, token)`` where the token opens the host's seat.

        ``seats`` gives each seat's kind: ``"human"`` (the first is the host's),
        ``"open"`` or a bot's name; by default the host has seat 0 and the rest are open.
        ``house_rules`` is a variant's YAML text the host uploads: checked like any rules
        file from outside (every problem located in ``house-rules.yaml``), stored with
        the table.
        """
        if len(self.tables) - len(self._finished) >= MAX_TABLES:
            raise ArgumentError(f"this server has {MAX_TABLES} tables in play already")
        draft = _draft(ruleset, variants, options, house_rules)
        rules = self.rules_of(draft)
        if type(players) is not int or not rules.min_players <= players <= rules.max_players:
            raise ArgumentError(f"players must be from {rules.min_players} to "
                                f"{rules.max_players}")
        kinds = list(seats) if seats is not None else ["human"] + ["open"] * (players - 1)
        _check_kinds(kinds, players)
        token = secrets.token_urlsafe(24)
        host = kinds.index("human")
        rows = tuple(SeatRow(i, "human", _name(name), hash_token(token)) if i == host
                     else _unseated(i, k) for i, k in enumerate(kinds))
        row = attrs.evolve(draft, id=secrets.token_hex(8), players=players, seed=new_seed(),
                           created=time.time(), seats=rows)
        state = new_game(rules, players, row.seed)
        self.store.add_table(row)
        table = self.tables[row.id] = Table(row, list(rows), state, state)
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
        """The table ``table_id``, read back from the store if it has left memory."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise NoSuchTable("no such table")
        table = self.tables.get(table_id)
        if table is None:
            row = self.store.table(table_id)
            if row is None:
                raise NoSuchTable("no such table")
            table = self.tables[table_id] = Table.replayed(row, self.rules_of(row))
            if table.state.is_terminal:
                self._finish(table)
        return table

    def act(self, table_id: str, token, action_text, step=None) -> Table:
        """The table after the token's seat plays ``action_text`` (notation).

        ``step`` (optional) is the step the player saw: a move sent for an older step is
        refused as stale, so a replayed or doubled message changes nothing.
        """
        table = self.get(table_id)
        seat = table.seat_of(token)
        if step is not None and step != table.state.step:
            raise StaleError("this move answers an earlier position; it was not taken")
        if not isinstance(action_text, str) or len(action_text) > 200:
            raise IllegalActionError("an action is a short text in the action notation")
        action = Action.parse(action_text, table.state.rules)
        return self._play(table, seat, action)

    def undo(self, table_id: str, token) -> Table:
        """The table without the token's seat's last decision (see
        :func:`~tortuga_rules.game.record.undo` for when that is refused)."""
        table = self.get(table_id)
        record = undo(table.record, table.seat_of(token))
        self.store.remove_moves(table.id, len(record.moves))
        table.state, table.moves = record.state, record.moves
        return table

    def play_bot(self, table: Table) -> bool:
        """Let the bot whose decision it is play one action; False if none is to move."""
        seat = table.bot_to_move()
        if seat is None:
            return False
        state = table.state
        bot = make_bot(table.seats[seat].kind, table.row.seed * 1_000_003 + state.step,
                       state.rules)
        self._play(table, seat, bot.choose(Knowledge.of(state, seat)))
        return True

    def time_out(self, table: Table, step: int) -> bool:
        """Play the timer's rule for the seat whose clock ran out at ``step``.

        False if the table moved on since (or has no clock): nothing is played.
        """
        state = table.state
        if state.step != step or table.clock_seconds() is None or state.decision is None:
            return False
        self._play(table, state.decision.seat, TIMEOUT)
        return True

    def _play(self, table: Table, seat: int, action: Action) -> Table:
        state = apply_action(table.state, action, seat=seat)  # refused here if illegal
        try:
            self.store.add_move(table.id, len(table.moves), seat, action.to_json(),
                                over=state.is_terminal)
        except StaleMoveError:
            raise StaleError("another move was taken first; it was not taken") from None
        table.state, table.moves = state, table.moves + ((seat, action),)
        if state.is_terminal:
            self._finish(table)
        return table

    def _finish(self, table: Table):
        """Count ``table`` among the finished ones in memory; the oldest beyond
        :data:`FINISHED` leave it (the store still has them)."""
        self._finished.append(table.id)
        while len(self._finished) > FINISHED:
            self.tables.pop(self._finished.popleft(), None)


def _unseated(seat: int, kind: str) -> SeatRow:
    """A seat nobody holds yet: a bot's, or open (another "human" seat waits to be joined)."""
    if kind in BOTS:
        return SeatRow(seat, kind, kind, None)
    return SeatRow(seat, "open", "", None)


def _draft(ruleset, variants, options, house_rules) -> TableRow:
    """A table's row before it has an id, seats or seed: what its rules are made of."""
    if house_rules is not None and not isinstance(house_rules, str):
        raise ArgumentError("house rules are a variant file's text")
    return TableRow("", ruleset, tuple(variants), dict(options or {}), 0, 0, 0.0, (), (),
                    house_rules)


def house_files(rules_dir) -> dict:
    """The operator's rules files, ``{name: path}``: every ``*.yaml`` of ``rules_dir`` that is
    a ruleset or variant, by its file name (scenarios beside them are passed over; card
    files live in ``cards/``)."""
    if rules_dir is None:
        return {}
    out = {}
    for path in sorted(Path(rules_dir).glob("*.yaml")):
        data, _ = Reader().read(path, str(path))
        if _NAME.match(path.stem) and kind_of(data) in ("ruleset", "variant"):
            out[path.stem] = path
    return out


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
