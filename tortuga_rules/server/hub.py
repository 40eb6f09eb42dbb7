"""Live tables: who is connected to each, what each connection is sent, and the bots' turns.

A :class:`Hub` runs in the server's event loop. Every change to a table (a move, an
undo, a bot's move, a seat joined) ends in :meth:`Hub.changed`, which sends each
connection of the table its own view - made by :func:`~tortuga_rules.game.view.view`
for a seat's connection and :func:`~tortuga_rules.game.view.public_view` for a
spectator's, so nothing else decides what a connection may see - and gives the
table's bot its turn after ``bot_delay`` seconds: the bot chooses in a worker thread (the
search bot thinks for up to its time budget while the loop serves everyone else) and its
move is played back in the loop. A connection that asked for patches is sent each view
as its changes to the last one (:mod:`.patches`). :meth:`Hub.replay` shows a finished
table's steps as a seat saw them, or with everything turned up.

A connection's outgoing messages wait in a bounded queue drained by its own writer
task, so a slow reader delays only itself; one that falls :data:`QUEUE` messages
behind is closed (it reconnects and is sent the table afresh).

Every change to the lobby - a move, a join, a bot's or a clock's move, an expiry - runs
in the event loop, one at a time. Its write never waits: the store fails at once on a
database file another program holds (the client is told ``busy``) and its checkpoints run
in their own thread (:mod:`.store`), so a busy or slow file delays nobody. (Running the
changes in a writer thread was measured and dropped: a move's Python work then waits for
the interpreter behind the busy event loop, and at 500 tables the p99 went from 26 ms to
100-335 ms.) A bot or a clock whose move could not be stored tries again later.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Callable

import attrs

from ..errors import ArgumentError, RulesError, TortugaError
from ..game.record import history, public_history
from ..game.view import public_view, seen_events, view
from .patches import diff, grown
from .tables import CannotMove, Lobby, NotOver, Table

__all__ = ["Hub", "Connection", "QUEUE", "SEND_SECONDS"]

LOG = logging.getLogger("tortuga_rules.server")
#: Messages a connection may fall behind before it is cut off.
QUEUE = 256
#: Seconds a connection's client may take to accept one message before it is cut off (a
#: client that reads nothing, whether or not it sends).
SEND_SECONDS = 10.0
#: The longest a bot or a clock waits before trying again a move it could not store: once
#: the storage is back, the table moves within this many seconds, however long it was out.
RETRY_SECONDS = 4.0


@attrs.define(eq=False)
class Connection:
    """One websocket of one table: its seat (None: a spectator), language, address and
    queue."""

    table_id: str
    seat: int | None
    lang: str | None
    address: str = ""
    queue: asyncio.Queue = attrs.field(factory=lambda: asyncio.Queue(QUEUE))
    closed: bool = False
    #: closed for misbehaving (flooding, or too far behind): its socket is cut at once,
    #: without waiting to send what was queued
    cut: bool = False
    #: the code it is closed with: 1013 (try again later) unless it flooded (1008)
    code: int = 1013
    refused: int = 0
    #: whether it asked for views as patches (``?patches=1``)
    patches: bool = False
    #: the last view it was sent (what its next patch applies to; None: none yet)
    last: dict | None = None
    #: its reader and writer (what a cut stops at once), once it is served
    tasks: tuple = ()

    def send(self, message: dict | str):
        """Queue ``message``; a connection too far behind is closed instead."""
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.finish(cut=True)

    def finish(self, last: dict | None = None, cut: bool = False, code: int = 1013):
        """Close the connection (through its writer) after ``last``, with ``code``. A
        connection ``cut`` for misbehaving (or too far behind to take ``last``) has what it
        was still to be sent dropped, and its socket is closed without waiting for it to
        read."""
        if not self.closed:
            self.code = code
        self.closed = True
        self.cut = cut or self.cut
        if self.cut or self.queue.qsize() > QUEUE - 2:
            while not self.queue.empty():
                self.queue.get_nowait()
        if last is not None:
            self.queue.put_nowait(json.dumps(last))
        self.queue.put_nowait(None)
        if self.cut:  # its reader may wait on a client that sends nothing, its writer on
            for task in self.tasks:  # one that reads nothing: both stop now
                task.cancel()


class Hub:
    """The connections of every table, and the bots' scheduled turns."""

    def __init__(self, lobby: Lobby, bot_delay: float = 0.6):
        self.lobby = lobby
        self.bot_delay = bot_delay
        self.rooms: dict = {}
        self._timers: dict = {}
        self._clocks: dict = {}  # table id -> the call that times its decision out
        self._retries: dict = {}  # table id -> seconds before a failed bot move is tried again
        #: called on each bot's or clock's move that failed (the server counts them)
        self.failed: Callable[[], None] = lambda: None

    def join(self, conn: Connection):
        """Add ``conn`` to its table's room; the others are told if its seat came back."""
        before = self.connected(conn.table_id)
        self.rooms.setdefault(conn.table_id, set()).add(conn)
        self._presence(conn.table_id, before, but=conn)

    def leave(self, conn: Connection):
        """Take ``conn`` out of its table's room; the others are told if its seat went."""
        room = self.rooms.get(conn.table_id)
        if room is not None:
            before = self.connected(conn.table_id)
            room.discard(conn)
            if not room:
                del self.rooms[conn.table_id]
            self._presence(conn.table_id, before)

    def connected(self, table_id: str) -> list:
        """The seats of ``table_id`` with an open connection, sent with every view and
        pushed when it changes (as at a real table, who is there is public: a seat, never
        which address or how many sockets)."""
        return sorted({c.seat for c in self.rooms.get(table_id, ())
                       if c.seat is not None and not c.closed})

    def _presence(self, table_id: str, before: list, but: Connection | None = None):
        """Tell the table's connections (``but`` one: it is sent its welcome and view
        first) which seats are connected, if that changed from ``before``."""
        now = self.connected(table_id)
        if now == before:
            return
        message = json.dumps({"type": "presence", "table": table_id, "connected": now})
        for other in tuple(self.rooms.get(table_id, ())):
            if other is not but:
                other.send(message)

    def message(self, table: Table, seat, lang) -> dict:
        """The view message for ``seat`` (None: a spectator) in ``lang``: the one place,
        with :meth:`history`, that decides what a seat or a spectator is shown."""
        state = table.state
        names = table.names()
        shown = (public_view(state, lang, names) if seat is None
                 else view(state, seat, lang, names))
        if "clock" in shown:
            shown["clock"]["deadline"] = table.deadline
        clock = None
        if table.deadline is not None and state.decision is not None:
            clock = {"seat": state.decision.seat, "deadline": table.deadline,
                     "seconds": table.clock_seconds(self.lobby.policy),
                     "on_timeout": table.row.on_timeout}
        return {"type": "view", "table": table.summary(), "view": shown, "clock": clock,
                "undo": table.undoable(seat), "connected": self.connected(table.id)}

    def history(self, table: Table, seat, lang) -> list:
        """What ``seat`` (None: a spectator) saw since the table's start, in ``lang``."""
        record = table.record
        names = table.names()
        return (public_history(record, lang, names) if seat is None
                else history(record, seat, lang, names))

    def replay(self, table: Table, audience, step: int, lang) -> dict:
        """Step ``step`` of the finished ``table`` as ``audience`` saw it - a seat, or
        ``"all"``: everything turned up - in ``lang``: that step's view and events (each
        with its sentence and the clause behind it). :class:`NotOver` while it is played:
        a replay shows nothing a seat has not seen until everything is shown."""
        if not table.state.is_terminal:
            raise NotOver("a game is replayed once it is over")
        record = table.record
        last = len(record.moves)
        if type(step) is not int or not 0 <= step <= last:
            raise ArgumentError(f"a step of this game is from 0 to {last}")
        seat = None if audience == "all" else audience
        if seat is not None and (type(seat) is not int or not 0 <= seat < table.row.players):
            raise ArgumentError(f"replay as a seat from 0 to {table.row.players - 1}, or all")
        state, names = record.states[step], table.names()
        rules = state.rules
        words = rules.game.narrator(rules, lang=lang or "en", names=names)
        return {"table": table.summary(), "last": last, "step": step, "as": audience,
                "view": view(state, seat, lang, names),
                "events": [{"step": step, **e} for e in seen_events(state, seat, words)]}

    def changed(self, table: Table):
        """Send every connection of ``table`` its view (after timing its next decision) -
        whole, or as a patch to the last one to a connection that asked for patches; give a
        bot its turn. Connections of one seat and language share one message's making."""
        self.start_clock(table)
        messages: dict = {}
        texts: dict = {}
        for conn in tuple(self.rooms.get(table.id, ())):
            key = (conn.seat, conn.lang)
            if key not in messages:
                messages[key] = self.message(table, conn.seat, conn.lang)
            patched = conn.patches and conn.last is not None
            text_key = (key, id(conn.last)) if patched else key
            if text_key not in texts:
                shown = grown(conn.last, messages[key]["view"]) if patched \
                    else messages[key]["view"]
                texts[text_key] = (json.dumps(_patch(conn.last, messages[key], shown)
                                              if patched else messages[key]), shown)
            text, conn.last = texts[text_key]
            conn.send(text)
        self.schedule_bot(table)

    def send_view(self, conn: Connection, table: Table):
        """Send ``conn`` its whole view of ``table`` (its next patch applies to it)."""
        message = self.message(table, conn.seat, conn.lang)
        conn.send(message)
        conn.last = message["view"]

    def start_clock(self, table: Table):
        """Time the decision a person is to make at ``table`` (rules with a timer): when it
        runs out, the timer's rule is played for them (the move is stored like any other)."""
        old = self._clocks.pop(table.id, None)
        if old is not None:
            old.cancel()
        seconds = table.clock_seconds(self.lobby.policy)
        if seconds is None:
            table.deadline = None
            return
        if not self.lobby.owns(table):
            # another server times it: shown as that server started it, at its last move
            table.deadline = table.touched + seconds
            return
        loop = asyncio.get_running_loop()
        table.deadline = time.time() + seconds
        self._clocks[table.id] = loop.call_later(seconds, self._time_out, table.id,
                                                 table.state.step)

    def _time_out(self, table_id: str, step: int):
        self._clocks.pop(table_id, None)
        table = self.lobby.tables.get(table_id)
        if table is None:
            return
        try:
            moved = self.lobby.time_out(table, step)
        except (RulesError, CannotMove) as exc:  # the clock's move fails every time: the table is
            # stopped (no clock, no retry) and every seat is shown why
            LOG.warning("the clock of table %s cannot move, the rules fail: %s", table_id, exc)
            self.failed()
            self.changed(table)
            return
        except Exception as exc:  # a failed write must not stop the server: try again soon
            LOG.warning("the clock of table %s could not move: %s", table_id, exc)
            self.failed()
            loop = asyncio.get_running_loop()
            self._clocks[table_id] = loop.call_later(self._retry(table_id), self._time_out,
                                                     table_id, step)
            return
        self._retries.pop(table_id, None)
        if moved:
            self.changed(table)

    def _retry(self, table_id: str) -> float:
        """Seconds before a move that could not be stored is tried again: doubling from half
        the bot delay, to at most :data:`RETRY_SECONDS`."""
        wait = min(RETRY_SECONDS, self._retries.get(table_id, self.bot_delay / 2 or 0.25) * 2)
        self._retries[table_id] = wait
        return wait

    def schedule_bot(self, table: Table):
        """Let the table's bot move after the delay, if a bot is to move and none waits."""
        if table.id in self._timers or table.bot_to_move() is None or \
                not self.lobby.owns(table):
            return
        loop = asyncio.get_running_loop()
        self._timers[table.id] = loop.call_later(self.bot_delay, self._bot_turn, table.id)

    def _bot_turn(self, table_id: str):
        """The bot's turn: it chooses in a worker thread (a search bot thinks for up to its
        time budget; the event loop goes on serving meanwhile), its move is played back in
        the loop; the timer stays taken until then, so one bot moves at a time."""
        table = self.lobby.tables.get(table_id)
        if table is None:
            self._timers.pop(table_id, None)
            return
        self._timers[table_id] = asyncio.ensure_future(self._bot_move(table))

    async def _bot_move(self, table: Table):
        table_id = table.id
        try:
            try:
                move = await asyncio.to_thread(self.lobby.bot_move, table)
            except TortugaError as exc:  # the table is marked here, in the loop
                raise self.lobby.bot_failed(table, exc) from None
            moved = move is not None and self.lobby.play_bot_move(table, move)
        except (RulesError, CannotMove) as exc:  # this fails every time: trying again would
            # only spin for as long as the server runs; the table is stopped and every seat
            # is shown why (the host may give the seat to a person, or end the table)
            self._timers.pop(table_id, None)
            LOG.warning("the bot of table %s cannot move, the rules fail: %s", table_id, exc)
            self.failed()
            self.changed(table)
            return
        except Exception as exc:  # a bot's failure must not stop the server or other tables
            LOG.warning("the bot of table %s could not move: %s", table_id, exc)
            self.failed()
            loop = asyncio.get_running_loop()
            self._timers[table_id] = loop.call_later(self._retry(table_id), self._bot_turn,
                                                     table_id)
            return
        self._timers.pop(table_id, None)
        self._retries.pop(table_id, None)
        if moved:
            self.changed(table)
        else:  # the table moved on while the bot thought: its bot (if any) looks again
            self.schedule_bot(table)

    def heard(self, table_id: str | None):
        """Another server process changed ``table_id`` (None: perhaps any table - what was
        said while this one was not listening is lost): read it again and, if it changed,
        show its connections (or tell them it expired) and give its bot or clock its turn
        if they are this server's."""
        ids = list(self.lobby.tables) if table_id is None else [table_id]
        for tid in ids:
            try:
                table = self.lobby.refresh(tid)
            except TortugaError as exc:  # unreadable now: the next notice or look tries again
                LOG.warning("table %s could not be read again: %s", tid, exc)
                continue
            if table is None:
                continue
            if table.expired:
                self._gone(table, "this table expired (nobody moved for too long)")
            else:
                self.changed(table)

    def take_on(self):
        """Renew this server's leases and take on the tables whose lease lapsed (their
        server went away), each read from the store and its bot or clock started: only
        with several servers on one database."""
        store = self.lobby.store
        store.renew()
        for tid in store.claim_orphans():
            try:
                table = self.lobby.take_on(tid)
            except TortugaError as exc:  # its rules changed or went away: stays unplayed
                LOG.warning("table %s cannot be taken on: %s", tid, exc)
                continue
            if not table.expired:
                self.changed(table)

    def start(self):
        """Give every resumed table's bot its turn (after a restart)."""
        for table in self.lobby.tables.values():
            self.schedule_bot(table)
            self.start_clock(table)

    def expired(self, tables):
        """Tell the connections of tables that expired, and close them."""
        for table in tables:
            self._gone(table, "this table expired (nobody moved for too long)")

    def ended(self, table: Table):
        """Tell the connections of a table its host ended, and close them."""
        self._gone(table, "the host ended this table")

    def _gone(self, table: Table, message: str):
        """Stop a table's bot and clock timers and close its connections saying why."""
        for timers in (self._timers, self._clocks):
            timer = timers.pop(table.id, None)
            if timer is not None:
                timer.cancel()
        for conn in tuple(self.rooms.get(table.id, ())):
            conn.finish({"type": "refused", "error": {"code": "gone", "message": message}})

    def rematched(self, old: Table, new: Table):
        """Tell every connection of the finished table ``old`` that its rematch is ``new``
        (each seat asks for its own token there)."""
        message = json.dumps({"type": "rematch", "table": new.id})
        for conn in tuple(self.rooms.get(old.id, ())):
            conn.send(message)

    def revoked(self, table: Table, seat: int):
        """Close the connections of a seat the host gave to someone else."""
        for conn in tuple(self.rooms.get(table.id, ())):
            if conn.seat == seat:
                conn.finish({"type": "refused", "error": {
                    "code": "revoked", "message": "the host gave this seat to someone else"}})

    def stop(self):
        for timer in (*self._timers.values(), *self._clocks.values()):
            timer.cancel()
        self._timers.clear()
        self._clocks.clear()


def _patch(last: dict, message: dict, shown: dict) -> dict:
    """The view message ``message`` as a ``view_patch`` turning the view ``last`` into
    ``shown`` (its view with the labels grown: see :mod:`.patches`)."""
    return {"type": "view_patch", "table": message["table"], "step": message["table"]["step"],
            "patch": diff(last, shown), "clock": message["clock"],
            "undo": message["undo"], "connected": message["connected"]}
