"""The server's door: connections counted per address and in all, and slow ones closed.

Before a request is read at all, a client can hold the server's sockets: open a thousand
connections from one address until the process runs out of file descriptors, or send a
request's head a byte at a time so that it never ends (slowloris). The ASGI application
never sees such a client; the guard sits in the HTTP protocol uvicorn runs
(:func:`guarded_protocol`, given to uvicorn as its ``http`` class):

- a connection beyond ``per_address`` from its address, or beyond ``total`` in all, is
  closed as soon as it is made;
- a request head (request line and headers) must arrive whole within ``header_seconds``
  of the connection being made or of the previous answer; otherwise the connection is
  closed (an idle keep-alive connection is closed sooner, by uvicorn's own keep-alive
  timeout);
- a connection upgraded to a websocket stays counted against its address until it closes;
- a request from an address that has spent its allowance of that kind (reads, posts; see
  :mod:`.throttle`) is answered 429 from here, before any of the application runs.

Refusing must cost the server less than asking costs a client: a refused connection is
closed before uvicorn builds anything for it, and a refused request is answered with a
few bytes written once.
"""

from __future__ import annotations

import asyncio
import collections
import resource
from typing import Any

import attrs

from .throttle import read_kind

__all__ = ["Guard", "guarded_protocol", "websocket_protocol", "descriptor_room", "CLOSE_SECONDS"]

#: The answer to a request from an address over its allowance.
TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
            b"retry-after: 5\r\ncache-control: no-store\r\nconnection: close\r\n"
            b"content-length: 70\r\n\r\n"
            b'{"error": {"code": "too-many", "message": "too many requests; wait"}} ')


def descriptor_room(reserve: int = 64) -> int:
    """How many connections this process can hold: its file-descriptor limit less a
    reserve for the database, logs and modules."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 100_000
    return max(16, soft - reserve)


@attrs.define
class Guard:
    """Open connections per address and in all, and the limits they are held to."""

    per_address: int = 64
    total: int = attrs.field(factory=descriptor_room)
    header_seconds: float = 10.0
    open: collections.Counter = attrs.field(factory=collections.Counter)
    count: int = 0
    #: the application's allowances (a :class:`~.throttle.Throttle`; None: none checked here)
    throttle: Any = None

    def spent(self, address: str, head: bytes) -> bool:
        """True if a request starting with ``head`` (its first bytes) from ``address`` is
        over its allowance: a websocket opened beyond the hello allowance or after too many
        wrong tokens, a read or a post beyond theirs."""
        if self.throttle is None:
            return False
        if head.startswith((b"GET ", b"HEAD ")):
            line = head.split(b"\r\n", 1)[0]
            if line.endswith((b"/socket HTTP/1.1", b"/socket HTTP/1.0")):
                return (self.throttle.spent("hello", address)
                        or self.throttle.spent("auth", address))
            path = line.split(b" ", 2)[1] if line.count(b" ") >= 2 else b""
            kind = read_kind(path.split(b"?", 1)[0].decode("latin-1"))
            return self.throttle.spent(kind, address)
        if head.startswith(b"POST "):
            return self.throttle.spent("post", address)
        return False

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) beyond a limit."""
        if self.count >= self.total or self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        self.count += 1
        return True

    def release(self, address: str):
        """A counted connection from ``address`` closed."""
        self.count -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


#: Seconds a websocket the server closed is given to answer the close before its
#: connection is dropped (uvicorn waits 10): a socket that floods and never reads holds
#: nothing for longer.
CLOSE_SECONDS = 2.0


def websocket_protocol():
    """uvicorn's websocket protocol (its ``ws``: websockets' sans-I/O one) with the close
    handshake bounded to :data:`CLOSE_SECONDS`, and the connection dropped that long after
    the application is done with it, even when its client reads nothing (a plain close
    would wait for ever to send what is buffered)."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class Socket(WebSocketsSansIOProtocol):
        """A websocket whose close the other side has :data:`CLOSE_SECONDS` to answer."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.close_timeout = CLOSE_SECONDS

        async def run_asgi(self) -> None:
            await super().run_asgi()
            # a client that answered the close is gone already (then this does nothing)
            self.loop.call_later(CLOSE_SECONDS, self.transport.abort)

    return Socket


def guarded_protocol(guard: Guard):
    """A protocol factory for uvicorn (its ``http``): its h11 HTTP protocol held to
    ``guard`` (see the module)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Door(asyncio.Protocol):
        """The first protocol of every connection. Beyond the address's (or the server's)
        connections it closes the connection at once; otherwise it waits for the first
        bytes - a request over its address's allowance is answered 429 and closed, nothing
        built - and hands the connection to a guarded HTTP protocol."""

        def __init__(self, **kwargs):
            self.kwargs = kwargs
            self.address = "?"
            self.transport: Any = None
            self.timer: Any = None

        def connection_made(self, transport):
            peer = transport.get_extra_info("peername")
            self.address = peer[0] if isinstance(peer, tuple) and peer else "?"
            if not guard.admit(self.address):
                transport.abort()  # too many: closed before anything is read
                return
            self.transport = transport
            loop = asyncio.get_running_loop()
            self.timer = loop.call_later(guard.header_seconds, transport.close)

        def data_received(self, data: bytes):
            self.timer.cancel()
            transport: Any = self.transport
            self.transport = None
            if guard.spent(self.address, data[:300]):
                transport.write(TOO_MANY)  # over the allowance: nothing else runs
                transport.close()
                guard.release(self.address)
                return
            protocol = GuardedProtocol(**self.kwargs)
            protocol._address, protocol._admitted = self.address, True
            transport.set_protocol(protocol)
            protocol.connection_made(transport)
            protocol.data_received(data)

        def connection_lost(self, exc):
            if self.timer is not None:
                self.timer.cancel()
            if self.transport is not None:  # admitted, closed before it sent anything
                self.transport = None
                guard.release(self.address)

    class GuardedProtocol(H11Protocol):
        """An HTTP connection counted by the guard, its request heads timed."""

        _address = "?"
        _admitted = False
        _timer = None

        def connection_made(self, transport):
            super().connection_made(transport)
            self._arm()

        def _arm(self):
            self._disarm()
            self._timer = self.loop.call_later(guard.header_seconds, self._too_slow)

        def _disarm(self):
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self):
            self._timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()  # no whole request head in time

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE and guard.spent(self._address, data[:300]):
                self.transport.write(TOO_MANY)  # over the allowance: the app never runs
                self.transport.close()
                return
            super().data_received(data)
            if self._timer is not None and self.conn.their_state is not h11.IDLE:
                self._disarm()  # the head has come

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def handle_websocket_upgrade(self, event) -> None:
            self._disarm()
            super().handle_websocket_upgrade(event)
            if self._admitted:  # the websocket's protocol owns the transport from now on
                self._admitted = False
                ws = self.transport.get_protocol()
                lost, address = ws.connection_lost, self._address

                def connection_lost(exc, lost=lost):
                    guard.release(address)
                    lost(exc)
                ws.connection_lost = connection_lost  # type: ignore[method-assign]

        def connection_lost(self, exc) -> None:
            self._disarm()
            if self._admitted:
                self._admitted = False
                guard.release(self._address)
            super().connection_lost(exc)

    return Door
