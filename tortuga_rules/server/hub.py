"""Live tables: who is connected to each, what each connection is sent, and the bots' turns.

A :class:`Hub` runs in the server's event loop. Every change to a table (a move, an
undo, a bot's move, a seat joined) ends in :meth:`Hub.changed`, which sends each
connection of the table its own view - made by :func:`~tortuga_rules.game.view.view`
for a seat's connection and :func:`~tortuga_rules.game.view.public_view` for a
spectator's, so nothing else decides what a connection may see - and gives the
table's bot its turn after ``bot_delay`` seconds.

A connection's outgoing messages wait in a bounded queue drained by its own writer
task, so a slow reader delays only itself; one that falls :data:`QUEUE` messages
behind is closed (it reconnects and is sent the table afresh).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

import attrs

from ..game.record import history, public_history
from ..game.view import public_view, view
from .tables import Lobby, Table

__all__ = ["Hub", "Connection", "RateLimit", "QUEUE"]

LOG = logging.getLogger("tortuga_rules.server")
#: Messages a connection may fall behind before it is closed.
QUEUE = 256


@attrs.define
class RateLimit:
    """A token bucket: ``burst`` messages at once, ``rate`` per second after that."""

    rate: float
    burst: float
    tokens: float = attrs.field(default=attrs.Factory(lambda self: self.burst, takes_self=True))
    stamp: float = attrs.field(factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@attrs.define(eq=False)
class Connection:
    """One websocket of one table: its seat (None: a spectator), language and queue."""

    table_id: str
    seat: int | None
    lang: str | None
    limit: RateLimit
    queue: asyncio.Queue = attrs.field(factory=lambda: asyncio.Queue(QUEUE))
    closed: bool = False
    refused: int = 0

    def send(self, message: dict | str):
        """Queue ``message``; a connection too far behind is closed instead."""
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.finish()

    def finish(self, last: dict | None = None):
        """Close the connection (through its writer) after ``last``; when it is too far
        behind, what it was still to be sent is dropped."""
        self.closed = True
        if self.queue.qsize() > QUEUE - 2:
            while not self.queue.empty():
                self.queue.get_nowait()
        if last is not None:
            self.queue.put_nowait(json.dumps(last))
        self.queue.put_nowait(None)


class Hub:
    """The connections of every table, and the bots' scheduled turns."""

    def __init__(self, lobby: Lobby, bot_delay: float = 0.6):
        self.lobby = lobby
        self.bot_delay = bot_delay
        self.rooms: dict = {}
        self._timers: dict = {}
        self._clocks: dict = {}  # table id -> the call that times its decision out

    def join(self, conn: Connection):
        self.rooms.setdefault(conn.table_id, set()).add(conn)

    def leave(self, conn: Connection):
        room = self.rooms.get(conn.table_id)
        if room is not None:
            room.discard(conn)
            if not room:
                del self.rooms[conn.table_id]

    def message(self, table: Table, seat, lang) -> dict:
        """The view message for ``seat`` (None: a spectator) in ``lang``: the one place,
        with :meth:`history`, that decides what a seat or a spectator is shown."""
        state = table.state
        shown = public_view(state, lang) if seat is None else view(state, seat, lang)
        if "clock" in shown:
            shown["clock"]["deadline"] = table.deadline
        return {"type": "view", "table": table.summary(), "view": shown}

    def history(self, table: Table, seat, lang) -> list:
        """What ``seat`` (None: a spectator) saw since the table's start, in ``lang``."""
        record = table.record
        return public_history(record, lang) if seat is None else history(record, seat, lang)

    def changed(self, table: Table):
        """Send every connection of ``table`` its view (after timing its next decision);
        give a bot its turn."""
        self.start_clock(table)
        texts: dict = {}
        for conn in tuple(self.rooms.get(table.id, ())):
            key = (conn.seat, conn.lang)
            if key not in texts:
                texts[key] = json.dumps(self.message(table, conn.seat, conn.lang))
            conn.send(texts[key])
        self.schedule_bot(table)

    def start_clock(self, table: Table):
        """Time the decision a person is to make at ``table`` (rules with a timer): when it
        runs out, the timer's rule is played for them (the move is stored like any other)."""
        old = self._clocks.pop(table.id, None)
        if old is not None:
            old.cancel()
        seconds = table.clock_seconds()
        if seconds is None:
            table.deadline = None
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
        except Exception:  # a failed write must not stop the server: time the seat again
            LOG.exception("the clock of table %s could not play its rule", table_id)
            self.start_clock(table)
            return
        if moved:
            self.changed(table)

    def schedule_bot(self, table: Table):
        """Let the table's bot move after the delay, if a bot is to move and none waits."""
        if table.id in self._timers or table.bot_to_move() is None:
            return
        loop = asyncio.get_running_loop()
        self._timers[table.id] = loop.call_later(self.bot_delay, self._bot_turn, table.id)

    def _bot_turn(self, table_id: str):
        self._timers.pop(table_id, None)
        table = self.lobby.tables.get(table_id)
        if table is None:
            return
        try:
            moved = self.lobby.play_bot(table)
        except Exception:  # a bot's failure must not stop the server or other tables
            LOG.exception("the bot of table %s could not move", table_id)
            return
        if moved:
            self.changed(table)

    def start(self):
        """Give every resumed table's bot its turn (after a restart)."""
        for table in self.lobby.tables.values():
            self.schedule_bot(table)
            self.start_clock(table)

    def stop(self):
        for timer in (*self._timers.values(), *self._clocks.values()):
            timer.cancel()
        self._timers.clear()
        self._clocks.clear()
