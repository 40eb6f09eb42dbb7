"""The server's tables: games with seats, tokens and bots, kept in the store.

A :class:`Lobby` holds the tables in play in memory and writes each change to its
:class:`~tortuga_rules.server.store.SqlStore` before it counts: a table is created with its
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
or a bot's name. Tokens come from :mod:`secrets`; only their SHA-256 hashes are kept. The
host (the seat that made the table) may give another seat to someone new - a new token,
the old one revoked - to a bot, or open it again.

A table's life (:class:`Policy`, the operator's settings): one nobody has moved at expires
after ``unstarted_seconds``, one nobody has moved at for ``idle_seconds`` is abandoned and
expires too (:meth:`Lobby.expire`; it stays readable, never playable again); each address
has at most ``tables_per_address`` tables in play; when the server holds ``max_tables``,
a new table takes the place of the longest-untouched table nobody has moved at, and only
if there is none is it refused. A private table is never listed: its id is its
invitation. A person's decision may be timed (``turn_seconds``, or the rules' own timer):
when the clock runs out, a bot plays for them, or the rules' timer does (the table's
``on_timeout``).

House rules may fail while they run (a located
:class:`~tortuga_rules.errors.RulesError`; the step is not taken). The table then says so
to everyone at it (``failed`` in its summary: the error's text), and when a bot's or the
clock's move failed it stops giving them turns (``stopped``): they would fail the same
way every time. A move that goes through clears both; so does the host giving a seat to
someone else. The host may end a table at any time (:meth:`Lobby.end`).
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
from typing import Callable

import attrs

from ..bots import Knowledge, bots_for, make_bot
from ..bots.levels import LEVELS, level_of
from ..data.loader import load_ruleset
from ..data.reader import Reader
from ..data.sources import RulesText, bundled_rulesets, is_path
from ..errors import (ArgumentError, IllegalActionError, RulesError, TortugaError,
                      UnknownRulesetError)
from ..game.record import GameRecord, reveals, undo
from ..game.setup import new_game, new_seed
from ..game.transition import TIMEOUT, apply_action
from ..lawyer.lint import kind_of
from ..model.actions import Action
from ..model.state import GameState
from .store import EXPIRED, IN_PLAY, SeatRow, SqlStore, StaleMoveError, TableRow

__all__ = ["Lobby", "Table", "Policy", "BOTS", "AuthError", "NoSuchTable", "RulesChanged",
           "StaleError", "CannotMove", "NotOver", "QuotaError", "ServerFull", "TableGone",
           "hash_token", "FINISHED"]

#: The bots a seat may be given, the weakest first: their levels' ids
#: (:data:`tortuga_rules.bots.levels.LEVELS`; the search bot plays by a time budget, in a
#: worker thread: see :class:`~tortuga_rules.server.hub.Hub`).
BOTS = tuple(level.id for level in LEVELS)
#: How many compiled rulesets a lobby keeps for the tables that name them.
RULES_CACHED = 64

#: How problems in a host's uploaded house rules name the file.
HOUSE_FILE = "house-rules.yaml"

LOG = logging.getLogger("tortuga_rules.server")

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
#: How many finished tables stay in memory (older ones are read from the store on demand).
FINISHED = 200


@attrs.frozen
class Policy:
    """The operator's settings for tables' lives (see the module; ``docs/server.md``)."""

    max_tables: int = 5000
    tables_per_address: int = 8
    unstarted_seconds: float = 3600.0
    idle_seconds: float = 7 * 86400.0
    #: how long a person may think over a decision (None: no clock unless the rules have
    #: a timer)
    turn_seconds: float | None = None
    #: the bot that plays for a seat whose clock ran out
    clock_bot: str = "heuristic"


class AuthError(TortugaError, PermissionError):
    """A token that opens no seat of the table."""


class QuotaError(TortugaError):
    """An address with as many tables in play as it may have."""


class ServerFull(TortugaError):
    """A server holding as many tables as it may, every one of them under way."""


class NotOver(TortugaError):
    """What only a finished game allows (a rematch, a replay) asked of one under way."""


class TableGone(TortugaError):
    """A table that expired (unstarted or abandoned): readable, not playable."""


class RulesChanged(TableGone):
    """A table started under rules this server no longer plays (an upgrade, an operator's
    file changed): replaying its moves would make another game, so it is not played on."""


class NoSuchTable(ArgumentError, LookupError):
    """A table id this server does not hold."""


class CannotMove(TortugaError):
    """A bot cannot choose a move at a table (one that does not play its rules): it would
    fail the same way every time, so the table is stopped, as when its rules fail a move."""


class StaleError(IllegalActionError):
    """A move answering an earlier position (replayed, doubled or overtaken): not taken."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@attrs.define
class LastStep:
    """A table's last move with the states on either side, and once asked whether it can
    be offered to be taken back (:meth:`Table.undoable`: every seat's view asks the one
    answer)."""

    before: GameState
    move: tuple  # (seat, Action)
    after: GameState
    undoable: bool | None = None


@attrs.frozen
class BotMove:
    """A bot's chosen move at a table: the step it answers, its seat and the action."""

    step: int
    seat: int
    action: Action


@attrs.define
class Table:
    """One game: its stored setup, its seats, its start, its moves and its current state."""

    row: TableRow
    seats: list  # SeatRow by seat
    start: GameState
    state: GameState
    moves: tuple = ()  # (seat, Action), in order
    #: when the clock of the seat to move runs out (Unix time; a timed table only)
    deadline: float | None = None
    touched: float = 0.0  # the last move, join or creation (Unix time)
    status: int = IN_PLAY
    #: the last move and the states on either side, when at hand (``undoable`` asks)
    last: LastStep | None = None
    #: the located error of the table's rules failing the last move tried (None: the last
    #: move went through), which every seat is shown
    failed: str | None = None
    #: a bot's or the clock's move failed: they get no turn until a move goes through or
    #: the host changes a seat (the rules would fail the same way again)
    stopped: bool = False
    #: the stored version its moves and seats are at (each write names it: a write from a
    #: table another process has changed since is refused, and the table read again)
    version: int = 0
    #: the moves' stored JSON, ``(moves, ((seat, text), ...))``: made once each, as a
    #: table read again after another process's move compares its history with the store's
    _texts: tuple = attrs.field(default=((), ()), init=False, repr=False, eq=False)

    @classmethod
    def replayed(cls, row: TableRow, rules) -> "Table":
        """The table a stored row describes (its rules loaded): its setup with its stored
        moves played."""
        if row.rules_hash is not None and row.rules_hash != rules.hash:
            raise RulesChanged(
                f"this table was created under the rules {row.ruleset} ({row.rules_hash[:12]}); "
                f"this server plays {rules.id} ({rules.hash[:12]}), other rules, so its game "
                "cannot go on here")
        start = state = new_game(rules, row.players, row.seed)
        moves = tuple((seat, Action.from_json(text)) for seat, text in row.moves)
        for seat, action in moves:
            state = apply_action(state, action, seat=seat)
        return cls(row, list(row.seats), start, state, moves, touched=row.touched,
                   status=row.status, version=row.version)

    def caught_up(self, row: TableRow, rules) -> bool:
        """Bring this table in line with ``row``, its stored self as another process left
        it (moves played or taken back, seats given, the table finished, expired or
        rematched): the moves it lacks are played on, a history that differs is replayed.
        Changed in place, so whoever holds the table sees it. False if it was in line."""
        if row.version == self.version and row.status == self.status and \
                row.rematch == self.row.rematch:
            return False
        known = self.texts()
        if row.moves[:len(known)] == known and row.rules_hash == self.row.rules_hash:
            state, moves = self.state, self.moves
            for seat, text in row.moves[len(known):]:
                action = Action.from_json(text)
                state = apply_action(state, action, seat=seat)
                moves += ((seat, action),)
        else:
            again = Table.replayed(row, rules)
            state, moves = again.state, again.moves
        if moves != self.moves:
            self.last, self.failed, self.stopped = None, None, False
        self.row, self.seats, self.state, self.moves = row, list(row.seats), state, moves
        self.touched, self.status, self.version = row.touched, row.status, row.version
        self._texts = (moves, row.moves)
        return True

    def texts(self) -> tuple:
        """The moves as stored, ``(seat, action JSON)`` each; each move's JSON made once."""
        held, texts = self._texts
        if held is not self.moves:
            n = len(held)
            if len(self.moves) >= n and all(a is b for a, b in zip(held, self.moves)):
                texts += tuple((seat, action.to_json()) for seat, action in self.moves[n:])
            else:  # taken back or replayed: made afresh
                texts = tuple((seat, action.to_json()) for seat, action in self.moves)
            self._texts = (self.moves, texts)
        return texts

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

    @property
    def expired(self) -> bool:
        return self.status == EXPIRED

    def seat_of(self, token) -> int:
        """The seat ``token`` opens; :class:`AuthError` if none."""
        if isinstance(token, str) and token:
            digest = hash_token(token)
            for s in self.seats:
                if s.token_hash and hmac.compare_digest(s.token_hash, digest):
                    return s.seat
        raise AuthError("this token opens no seat of this table")

    def undoable(self, seat) -> bool:
        """Whether to offer ``seat`` to take back its last move now (see
        :func:`~tortuga_rules.game.record.undo`): it moved last and the move's cheap signs
        (:func:`~tortuga_rules.game.record.reveals` with ``worlds=False``) say it showed
        nothing hidden. The undo itself is checked in full when asked for: playing every
        move again in other worlds cost 8-11 ms of a server's CPU a move, several times
        the rest of the move, for an answer these signs give in all but about one move in
        a hundred (such an undo is refused in words). Replays the game only when the
        last step is not at hand."""
        if seat is None or not self.moves or self.moves[-1][0] != seat or self.expired \
                or self.state.is_terminal:
            return False
        last = self.last
        if last is None or last.after is not self.state:
            last = self.last = LastStep(self.record.states[-2], self.moves[-1], self.state)
        if last.undoable is None:
            last.undoable = reveals(last.before, last.after, last.move, worlds=False) is None
        return last.undoable

    def names(self) -> tuple:
        """How everything the table shows names its seats: a person by the name they
        gave, a bot or a seat nobody has taken by the game's own name for the seat (the
        bot's kind if the game has none); a name already taken gets a number."""
        rules = self.state.rules
        own = rules.game.narrator.seat_names(rules, self.row.players) or ()
        names: list = []
        for s in self.seats:
            name = s.name if s.kind == "human" else (own[s.seat] if own else s.kind.capitalize())
            base, n = name, 1
            while name in names:
                n += 1
                name = f"{base} {n}"
            names.append(name)
        return tuple(names)

    def summary(self) -> dict:
        """The table as anyone may see it: setup, seats (kind, name and the name everything
        shown calls them by), progress."""
        state = self.state
        names = self.names()
        return {"id": self.id, "ruleset": self.row.ruleset, "variants": list(self.row.variants),
                "options": dict(self.row.options), "players": self.row.players,
                "rules": {"id": state.rules.id, "name": state.rules.name,
                          "house_rules": self.row.house is not None},
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "called": names[s.seat]}
                          for s in self.seats],
                "step": state.step, "moves": len(self.moves),
                "current_player": state.current_player, "over": state.is_terminal,
                "expired": self.expired, "private": self.row.private, "host": self.row.host,
                "on_timeout": self.row.on_timeout, "failed": self.failed}

    def clock_seconds(self, policy: Policy) -> float | None:
        """How long a person may think over the decision at this table (None: no clock):
        the rules' timer when the table plays it, else the operator's ``turn_seconds``."""
        seat = self.state.current_player
        if seat is None or self.expired or self.stopped or self.seats[seat].kind != "human":
            return None  # over, a bot moves, the seat waits to be taken, or the rules failed
        timer = self.state.rules.timer
        if timer and self.row.on_timeout == "rule":
            return float(timer.get("seconds") or 30)
        return policy.turn_seconds

    def bot_to_move(self) -> int | None:
        """The seat of the bot whose decision the game waits for (None: a person, or over)."""
        seat = self.state.current_player
        if seat is None or self.stopped or self.seats[seat].kind not in BOTS:
            return None
        return seat


class Lobby:
    """The tables of a server, backed by ``store``: those in play (and the newest
    finished ones) in memory, the rest read back when asked for."""

    def __init__(self, store: SqlStore, rules_dir=None, policy: Policy = Policy()):
        self.store = store
        self.policy = policy
        #: the operator's rules (``serve --rules FOLDER``): name -> file, offered like the
        #: bundled rulesets and variants (a bundled name is never shadowed)
        self.house: dict = house_files(rules_dir)
        self._rules: dict = {}  # what a table names -> its compiled rules (the newest last)
        self.tables: dict = {}
        self._finished: collections.deque = collections.deque()
        self._playing: dict = {}  # id -> each table under way (neither finished nor expired)
        self._mine: collections.Counter = collections.Counter()  # creator -> tables under way
        #: called on each move stored (the server counts them)
        self.moved: Callable[[], None] = lambda: None

    @classmethod
    def resume(cls, store: SqlStore, rules_dir=None, policy: Policy = Policy()) -> "Lobby":
        """The lobby as the store left it: each table in play, its stored moves replayed."""
        lobby = cls(store, rules_dir, policy)
        for row in store.resumable():
            try:
                lobby._play_on(Table.replayed(row, lobby.rules_of(row)))
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
               seats=None, name="host", house_rules=None, creator="", private=False,
               on_timeout=None, now=None) -> tuple:
        """A new table; ``(table, token)`` where the token opens the host's seat.

        ``seats`` gives each seat's kind: ``"human"`` (the first is the host's),
        ``"open"`` or a bot's name; by default the host has seat 0 and the rest are open.
        ``house_rules`` is a variant's YAML text the host uploads: checked like any rules
        file from outside (every problem located in ``house-rules.yaml``), stored with
        the table. ``creator`` names who asks (their address's digest: the quota's key);
        ``private`` keeps the table off the list; ``on_timeout`` is what a seat's clock
        running out does - ``"rule"`` (the rules' timer; the default when they have one)
        or ``"bot"``.
        """
        now = time.time() if now is None else now
        self.check_quota(creator)
        draft = _draft(ruleset, variants, options, house_rules)
        rules = self.rules_of(draft)
        on_timeout = on_timeout or ("rule" if rules.timer else "bot")
        if on_timeout not in ("rule", "bot") or (on_timeout == "rule" and not rules.timer):
            raise ArgumentError("on_timeout is 'bot', or 'rule' for rules with a timer")
        if type(players) is not int or not rules.min_players <= players <= rules.max_players:
            raise ArgumentError(f"players must be from {rules.min_players} to "
                                f"{rules.max_players}")
        kinds = list(seats) if seats is not None else ["human"] + ["open"] * (players - 1)
        _check_kinds(kinds, players)
        _check_bots(kinds, rules)
        token = secrets.token_urlsafe(24)
        host = kinds.index("human")
        rows = tuple(SeatRow(i, "human", _name(name), hash_token(token)) if i == host
                     else _unseated(i, k) for i, k in enumerate(kinds))
        row = attrs.evolve(draft, id=secrets.token_hex(8), players=players, seed=new_seed(),
                           created=now, seats=rows, creator=creator, private=bool(private),
                           host=host, on_timeout=on_timeout, touched=now,
                           rules_hash=rules.hash)
        state = new_game(rules, players, row.seed)
        self._make_room()
        self.store.add_table(row)
        table = Table(row, list(rows), state, state, touched=now)
        self._play_on(table)
        return table, token

    def _play_on(self, table: Table):
        """Hold ``table`` in memory, counted among the tables under way."""
        self.tables[table.id] = self._playing[table.id] = table
        self._mine[table.row.creator] += 1

    def _stop(self, table: Table):
        """``table`` is no longer under way (finished or expired)."""
        if self._playing.pop(table.id, None) is not None:
            self._mine[table.row.creator] -= 1
            if self._mine[table.row.creator] <= 0:
                del self._mine[table.row.creator]

    def check_quota(self, creator: str):
        """:class:`QuotaError` if ``creator`` has as many tables under way as it may."""
        mine = self._mine.get(creator, 0)
        if creator and mine >= self.policy.tables_per_address:
            raise QuotaError(f"you have {mine} tables in play, as many as one address may "
                             f"have; finish or leave one first")

    def in_play(self) -> list:
        """The tables under way (neither finished nor expired)."""
        return list(self._playing.values())

    def _make_room(self):
        """Below the server's table cap, or the longest-untouched table nobody has moved at
        expired to make room; :class:`ServerFull` if every table is under way."""
        playing = self.in_play()
        if len(playing) < self.policy.max_tables:
            return
        idle = [t for t in playing if not t.moves]
        if not idle:
            raise ServerFull(f"this server holds {len(playing)} games under way, as many as it "
                             f"may; try again later")
        self._expire([min(idle, key=lambda t: t.touched)])

    def expire(self, now=None) -> list:
        """Expire the tables nobody has moved at for too long (unstarted after
        ``unstarted_seconds``, abandoned after ``idle_seconds``); the tables expired."""
        now = time.time() if now is None else now
        gone = [t for t in self.in_play()
                if now - t.touched > (self.policy.idle_seconds if t.moves
                                      else self.policy.unstarted_seconds)]
        return self._expire(gone)

    def _expire(self, tables: list) -> list:
        if tables:
            self.store.expire([t.id for t in tables])
        for t in tables:
            t.status, t.deadline = EXPIRED, None
            self._stop(t)
            self.tables.pop(t.id, None)  # read back from the store if asked for
        return tables

    def join(self, table_id: str, seat=None, name="player") -> tuple:
        """Take an open seat (the first one by default); ``(seat, token)``."""
        table = self._playable(table_id)
        open_seats = [s.seat for s in table.seats if s.kind == "open"]
        if seat is None:
            seat = open_seats[0] if open_seats else None
        if seat not in open_seats:
            raise ArgumentError("no such open seat at this table")
        token = secrets.token_urlsafe(24)
        self._seat(table, SeatRow(seat, "human", _name(name), hash_token(token)))
        return seat, token

    def replace(self, table_id: str, token, seat, kind: str, name=None) -> str | None:
        """The host gives ``seat`` to someone new (``kind`` "human": the new token, which
        the host hands over), to a bot (a bot's name) or opens it again ("open"); the
        seat's old token opens nothing any more. None unless a token was made."""
        table = self._playable(table_id)
        if table.seat_of(token) != table.row.host:
            raise AuthError("only the host may replace a seat")
        if type(seat) is not int or not 0 <= seat < len(table.seats) or seat == table.row.host:
            raise ArgumentError("name another seat of this table than the host's")
        if kind == "human":
            new = secrets.token_urlsafe(24)
            self._seat(table, SeatRow(seat, "human", _name(name or "player"), hash_token(new)))
            return new
        if kind != "open" and kind not in BOTS:
            raise ArgumentError(f"a seat goes to 'human', 'open' or a bot ({', '.join(BOTS)}), "
                                f"not {kind!r:.30}")
        _check_bots([kind], table.state.rules)
        self._seat(table, _unseated(seat, kind))
        return None

    def rematch(self, table_id: str, token, creator: str = "", now=None) -> tuple:
        """The rematch of the finished table ``table_id``, asked for by the seat ``token``
        opens: ``(new table, that seat, its new token)``.

        The first call makes the new table - the same rules, options, players and seat
        kinds, each person in the same seat under the same name, a new deal - and marks
        the old one with it (together, in the store); a later call by another seat gets
        the same table and a token of its own (each call hands its seat a new token, an
        earlier one revoked: tokens are never kept in clear).
        """
        old = self.get(table_id)
        seat = old.seat_of(token)
        if not old.state.is_terminal:
            raise NotOver("the game is not over: a rematch follows a finished game")
        new_token = secrets.token_urlsafe(24)
        if old.row.rematch is not None:
            table = self._playable(old.row.rematch)
            self._seat(table, attrs.evolve(table.seats[seat], token_hash=hash_token(new_token)))
            return table, seat, new_token
        self.check_quota(creator)
        now = time.time() if now is None else now
        rows = tuple(attrs.evolve(s, token_hash=hash_token(new_token) if s.seat == seat
                                  else None) for s in old.seats)
        row = attrs.evolve(old.row, id=secrets.token_hex(8), seed=new_seed(), created=now,
                           seats=rows, moves=(), creator=creator, touched=now,
                           status=IN_PLAY, rematch=None)
        state = new_game(old.state.rules, row.players, row.seed)
        self._make_room()
        try:
            self.store.add_table(row, rematch_of=old.id)
        except StaleMoveError:  # another process made the rematch first: that one is joined
            if self.refresh(old.id) is None or old.row.rematch is None:
                raise StaleError("the rematch could not be made; try again") from None
            return self.rematch(table_id, token, creator, now)
        old.row = attrs.evolve(old.row, rematch=row.id)
        table = Table(row, list(rows), state, state, touched=now)
        self._play_on(table)
        return table, seat, new_token

    def end(self, table_id: str, token) -> Table:
        """The host ends the table (a game its house rules cannot play on, or one nobody
        will finish): it expires at once - readable, never playable again."""
        table = self._playable(table_id)
        if table.seat_of(token) != table.row.host:
            raise AuthError("only the host may end the table")
        self._expire([table])
        return table

    def _seat(self, table: Table, row: SeatRow):
        now = time.time()
        try:
            self.store.set_seat(table.id, row, now, version=table.version)
        except StaleMoveError:
            raise StaleError("the table changed meanwhile; try again") from None
        table.version += 1
        table.seats[row.seat] = row
        table.touched = now
        table.stopped = False  # someone else plays the seat: bots and clocks may try again

    def refresh(self, table_id: str) -> Table | None:
        """The table ``table_id`` held in memory, brought in line with the store after
        another process changed it (:meth:`Table.caught_up`); None if it is not held or
        nothing changed. A table that finished or expired there is counted so here."""
        table = self.tables.get(table_id)
        if table is None:
            return None
        row = self.store.table(table_id)
        if row is None or not table.caught_up(row, self.rules_of(row)):
            return None
        if table.expired:
            self._stop(table)
            self.tables.pop(table_id, None)
        elif table.state.is_terminal and table_id in self._playing:
            self._finish(table)
        return table

    def take_on(self, table_id: str) -> Table:
        """The table ``table_id``, whose bots and clock this server now moves (its lease
        taken: its server went away), held and counted among the tables under way here."""
        held = self.tables.get(table_id)
        if held is None:  # read once, as it is now
            table = self.get(table_id)
        else:  # read again: another process moved it since
            table = self.refresh(table_id) or held
        if not table.expired and not table.state.is_terminal and table_id not in self._playing:
            self._play_on(table)
        return table

    def owns(self, table: Table) -> bool:
        """Whether this server moves ``table``'s bots and clock: with one server, always;
        with several on one database, the one holding its lease (:meth:`SqlStore.claim`)."""
        return self.store.claim(table.id)

    def get(self, table_id) -> Table:
        """The table ``table_id``, read back from the store if it has left memory."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise NoSuchTable("no such table")
        table = self.tables.get(table_id)
        if table is None:
            row = self.store.table(table_id)
            if row is None:
                raise NoSuchTable("no such table")
            table = Table.replayed(row, self.rules_of(row))
            if table.expired:
                return table  # read, never played again: not kept in memory
            self.tables[table_id] = table
            if table.state.is_terminal:
                self._finish(table)
        return table

    def _playable(self, table_id) -> Table:
        """The table, unless it expired (:class:`TableGone`)."""
        table = self.get(table_id)
        if table.expired:
            raise TableGone("this table expired (nobody moved for too long); start another")
        return table

    def act(self, table_id: str, token, action_text, step=None) -> Table:
        """The table after the token's seat plays ``action_text`` (notation).

        ``step`` (optional) is the step the player saw: a move sent for an older step is
        refused as stale, so a replayed or doubled message changes nothing.
        """
        table = self._playable(table_id)
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
        table = self._playable(table_id)
        record = undo(table.record, table.seat_of(token))
        try:
            self.store.remove_moves(table.id, len(record.moves), version=table.version)
        except StaleMoveError:
            raise StaleError("the table moved on meanwhile; nothing was taken back") from None
        table.version += 1
        table.state, table.moves = record.state, record.moves
        table.failed, table.stopped = None, False
        return table

    def play_bot(self, table: Table) -> bool:
        """Let the bot whose decision it is play one action; False if none is to move. If
        the rules fail its move, the table is stopped (and the RulesError raised)."""
        try:
            move = self.bot_move(table)
        except TortugaError as exc:
            raise self.bot_failed(table, exc) from None
        return move is not None and self.play_bot_move(table, move)

    def bot_move(self, table: Table) -> "BotMove | None":
        """The move the bot whose decision it is chooses (None if no bot is to move), not
        played yet. It only reads the table's (immutable) state and changes nothing, so a
        server may call it in a worker thread; a bot that cannot choose raises its error
        (for :meth:`bot_failed`)."""
        seat = table.bot_to_move()
        if seat is None or table.expired:
            return None
        state = table.state
        return BotMove(state.step, seat, self._choice(table, table.seats[seat].kind, seat,
                                                      state))

    def play_bot_move(self, table: Table, move: "BotMove") -> bool:
        """Play a bot's chosen ``move``, unless the table moved on (or was given to
        someone else) while it was chosen: then False, nothing played."""
        if table.state.step != move.step or table.bot_to_move() != move.seat or \
                table.expired:
            return False
        self._play(table, move.seat, move.action, stop=True)
        return True

    def bot_failed(self, table: Table, exc: TortugaError) -> TortugaError:
        """A bot could not choose a move at ``table`` (one that does not play these rules,
        rules that fail as it looks ahead): the table is stopped and shows why; the error
        to raise (the RulesError, or :class:`CannotMove`)."""
        table.failed, table.stopped = str(exc), True
        return exc if isinstance(exc, RulesError) else CannotMove(str(exc))

    def _bot_choice(self, table: Table, name: str, seat: int) -> Action:
        """The move bot ``name`` chooses for ``seat``; if it cannot choose one, the table is
        stopped and :class:`CannotMove` (or the RulesError) raised (:meth:`bot_failed`)."""
        try:
            return self._choice(table, name, seat, table.state)
        except TortugaError as exc:
            raise self.bot_failed(table, exc) from None

    def _choice(self, table: Table, name: str, seat: int, state: GameState) -> Action:
        # a level plays by its spec for the table's game; the clock's bot is a spec
        spec = level_of(name).spec_for(state.rules.game.id) if name in BOTS else name
        bot = make_bot(spec, table.row.seed * 1_000_003 + state.step, state.rules)
        return bot.choose(Knowledge.of(state, seat))

    def time_out(self, table: Table, step: int) -> bool:
        """Play for the seat whose clock ran out at ``step``: the rules' timer, or a bot
        (the table's ``on_timeout``).

        False if the table moved on since (or has no clock): nothing is played.
        """
        state = table.state
        if state.step != step or table.clock_seconds(self.policy) is None or \
                state.decision is None:
            return False
        seat = state.decision.seat
        if table.row.on_timeout == "rule":
            self._play(table, seat, TIMEOUT, stop=True)
        else:
            self._play(table, seat, self._bot_choice(table, self.policy.clock_bot, seat),
                       stop=True)
        return True

    def _play(self, table: Table, seat: int, action: Action, stop: bool = False) -> Table:
        """``table`` after ``seat`` plays ``action``; if its rules fail the move, the table
        says so (``failed``) and, for a bot's or the clock's move (``stop``), is stopped."""
        try:
            state = apply_action(table.state, action, seat=seat)  # refused here if illegal
        except RulesError as exc:
            table.failed = str(exc)
            table.stopped = table.stopped or stop
            raise
        now = time.time()
        try:
            self.store.add_move(table.id, len(table.moves), seat, action.to_json(),
                                over=state.is_terminal, touched=now, version=table.version)
        except StaleMoveError:
            raise StaleError("another move was taken first; it was not taken") from None
        table.version += 1
        self.moved()
        table.last = LastStep(table.state, (seat, action), state)
        table.state, table.moves, table.touched = state, table.moves + ((seat, action),), now
        table.failed, table.stopped = None, False
        if state.is_terminal:
            self._finish(table)
        return table

    def _finish(self, table: Table):
        """Count ``table`` among the finished ones in memory; the oldest beyond
        :data:`FINISHED` leave it (the store still has them)."""
        self._stop(table)
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


def _check_bots(kinds, rules):
    """Refuse a bot that cannot play ``rules`` (a search bot where the game cannot draw
    the worlds a seat's knowledge allows)."""
    playable = bots_for(rules)
    for kind in kinds:
        if kind in BOTS and kind not in playable:
            raise ArgumentError(f"the bot {kind!r} does not play {rules.game.name}: choose "
                                f"from {', '.join(b for b in BOTS if b in playable)}")


def _name(name) -> str:
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40:
        raise ArgumentError("a player's name is 1 to 40 characters")
    return name.strip()
