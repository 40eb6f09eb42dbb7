"""The game server: an ASGI application (Starlette) over a :class:`Lobby` and a :class:`Hub`.

HTTP (JSON) makes and lists tables, joins seats and answers one-off requests; a
websocket per seat (or spectator) carries moves in and views out as they change.
``docs/server.md`` is the protocol's reference; ``schema/server.schema.json`` the
shapes. :func:`create_app` builds the application; ``tortuga-rules serve`` runs it
on uvicorn.

Everything runs in the event loop, one request or message at a time: a table
changes only between two awaits, its move is stored (one SQLite transaction) before
anyone is told of it, and nobody waits on another's slow socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..data.loader import load_ruleset
from ..data.sources import bundled_rulesets
from ..errors import TortugaError
from ..lawyer.diff import rules_diff
from ..lawyer.rulebook import rulebook
from ..game.language import LANGUAGES
from ..game.record import reveal
from .hub import Connection, Hub, RateLimit
from .protocol import MAX_BODY, ProtocolError, check, error_data, parse
from .store import Store
from .tables import BOTS, Lobby, Table
from .words import client_words

__all__ = ["create_app", "Limits", "web_dir"]

#: Seconds a new websocket has to say hello.
HELLO_SECONDS = 10.0


@attrs.frozen
class Limits:
    """How much one client may ask: websocket messages and HTTP posts per second (with a
    burst), and a cap on refused messages before a flooding socket is closed."""

    socket_rate: float = 10.0
    socket_burst: float = 40.0
    post_rate: float = 1.0
    post_burst: float = 60.0
    refusals_before_close: int = 200
    max_connections: int = 20000


def web_dir():
    """The reference web client's folder (inside the package)."""
    from importlib import resources
    return resources.files("tortuga_rules.server").joinpath("web")


def create_app(db: str = "tortuga-rules.db", *, bot_delay: float = 0.6,
               limits: Limits = Limits(), rules_dir=None) -> Starlette:
    """The server as an ASGI application, its tables kept in the SQLite file ``db``;
    ``rules_dir`` is the operator's folder of house rules, offered by file name."""
    server = Server(db, bot_delay, limits, rules_dir)
    routes = [
        Route("/", server.index),
        Route("/api/info", server.info),
        Route("/api/words", server.words),
        Route("/api/tables", server.list_tables),
        Route("/api/tables", server.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", server.get_table),
        Route("/api/tables/{table_id}/join", server.join, methods=["POST"]),
        Route("/api/tables/{table_id}/view", server.view),
        Route("/api/tables/{table_id}/actions", server.act, methods=["POST"]),
        Route("/api/tables/{table_id}/undo", server.undo, methods=["POST"]),
        Route("/api/tables/{table_id}/history", server.history),
        Route("/api/tables/{table_id}/reveal", server.reveal),
        Route("/api/tables/{table_id}/glossary", server.glossary),
        Route("/api/tables/{table_id}/rules", server.rules),
        WebSocketRoute("/api/tables/{table_id}/socket", server.socket),
        Mount("/web", StaticFiles(directory=str(web_dir())), name="web"),
    ]
    app = Starlette(routes=routes, lifespan=server.lifespan,
                    middleware=[Middleware(SecurityHeaders)])
    app.state.server = server
    return app


class SecurityHeaders:
    """ASGI middleware: the client's pages may load only this server's own files."""

    HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
               (b"content-security-policy",
                b"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                b"frame-ancestors 'none'")]

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.HEADERS]}
            await send(message)
        await self.app(scope, receive, send_with_headers)


def endpoint(handler):
    """An HTTP handler returning data; a refusal becomes ``{"error": {code, message}}``."""
    async def run(self, request: Request):
        try:
            return JSONResponse(await handler(self, request))
        except TortugaError as exc:
            status, error = error_data(exc)
            return JSONResponse({"error": error}, status_code=status)
    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run


class Server:
    """The routes' handlers, over one lobby and hub (made when the application starts)."""

    lobby: Lobby
    hub: Hub

    def __init__(self, db: str, bot_delay: float, limits: Limits, rules_dir=None):
        self.db = db
        self.rules_dir = rules_dir
        self.bot_delay = bot_delay
        self.limits = limits
        self.posts: dict = {}
        self.connections = 0
        self._info: dict | None = None

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        store = Store(self.db)
        self.lobby = Lobby.resume(store, self.rules_dir)
        self.hub = Hub(self.lobby, self.bot_delay)
        self.hub.start()
        # What was loaded at startup (modules, rulesets) is never garbage: frozen, later
        # collections skip it. A young generation larger than the default keeps the
        # collections rarer; each is then still short, as a table keeps only its current
        # state and moves (benchmarks/server_load.py: p99 115 -> 17 ms at 500 tables).
        gc.freeze()
        gc.set_threshold(5_000, 10, 10)
        try:
            yield
        finally:
            self.hub.stop()
            store.close()

    # -- HTTP ------------------------------------------------------------------------

    async def index(self, request: Request):
        return FileResponse(str(web_dir().joinpath("index.html")))

    @endpoint
    async def info(self, request):
        """What a client offers: rulesets, bots, languages and the limits."""
        if self._info is None:
            house = [n for n in self.lobby.house if n not in bundled_rulesets()]
            self._info = {"rulesets": [_ruleset_info(n) for n in bundled_rulesets()]
                          + [_ruleset_info(n, self.lobby.rules_for(ruleset=n), house=True)
                             for n in house],
                          "bots": sorted(BOTS), "languages": list(LANGUAGES),
                          "limits": attrs.asdict(self.limits)}
        return self._info

    @endpoint
    async def words(self, request):
        """The web client's own words in ``?lang=`` (default English)."""
        return {"words": client_words(_lang(request) or "en")}

    @endpoint
    async def list_tables(self, request):
        """The newest unfinished tables (100 at most), those with open seats first."""
        tables = [t for t in self.lobby.tables.values() if not t.state.is_terminal]
        tables.sort(key=lambda t: (not any(s.kind == "open" for s in t.seats), -t.row.created))
        return {"tables": [t.summary() for t in tables[:100]]}

    @endpoint
    async def create_table(self, request):
        body = await self._body(request, "create_table")
        # rules from files compile in a few tenths of a second: off the event loop (cached)
        await asyncio.to_thread(self.lobby.rules_for, **body)
        table, token = self.lobby.create(**body)
        self.hub.start_clock(table)
        self.hub.schedule_bot(table)
        return {"table": table.summary(), "seat": table.seat_of(token), "token": token}

    @endpoint
    async def get_table(self, request):
        return {"table": self._table(request).summary()}

    @endpoint
    async def join(self, request):
        body = await self._body(request, "join_table")
        table = self._table(request)
        seat, token = self.lobby.join(table.id, **body)
        self.hub.changed(table)
        return {"table": table.summary(), "seat": seat, "token": token}

    @endpoint
    async def view(self, request):
        """The token's seat's view (no token: a spectator's), in ``?lang=``."""
        table, seat = self._audience(request)
        return self.hub.message(table, seat, _lang(request))

    @endpoint
    async def act(self, request):
        body = await self._body(request, "post_action")
        table, token = self._table(request), _token(request, required=True)
        self.lobby.act(table.id, token, body["action"], body["step"])
        self.hub.changed(table)
        return self.hub.message(table, table.seat_of(token), _lang(request))

    @endpoint
    async def undo(self, request):
        await self._body(request, None)
        table, token = self._table(request), _token(request, required=True)
        self.lobby.undo(table.id, token)
        self.hub.changed(table)
        return self.hub.message(table, table.seat_of(token), _lang(request))

    @endpoint
    async def history(self, request):
        """What the token's seat (no token: a spectator) saw since the start."""
        table, seat = self._audience(request)
        return {"events": self.hub.history(table, seat, _lang(request))}

    @endpoint
    async def reveal(self, request):
        """The whole log, private events included - once the game is over."""
        table = self._table(request)
        if not table.state.is_terminal:
            raise ProtocolError("forbidden", "the whole log is shown when the game is over", 403)
        return {"events": reveal(table.record, _lang(request))}

    @endpoint
    async def glossary(self, request):
        """Every word of the table's rules in ``?lang=`` (public: the rules' own words)."""
        rules = self._table(request).state.rules  # each game's narrator names its own things
        return rules.game.narrator(rules, lang=_lang(request) or "en").glossary()

    def _table(self, request) -> Table:
        return self.lobby.get(request.path_params["table_id"])

    def _audience(self, request) -> tuple:
        """The request's table and the seat its token opens (None: no token, a spectator)."""
        table, token = self._table(request), _token(request)
        return table, None if token is None else table.seat_of(token)

    @endpoint
    async def rules(self, request):
        """The table's rules for anyone at it: the rulebook (every clause with its wording
        and source) and what they change against ``?against=`` (default standard)."""
        table = self._table(request)
        rules = table.state.rules
        against = request.query_params.get("against", "standard")
        base = load_ruleset(against, bundled_only=True)
        diff = [{"section": section, "path": path, "clause": clause,
                 "before": _shown(before), "after": _shown(after)}
                for section, path, clause, before, after in rules_diff(base, rules)]
        return {"id": rules.id, "hash": rules.hash, "against": base.id,
                "rulebook": "\n".join(rulebook(rules)), "diff": diff}

    async def _body(self, request: Request, definition):
        """The request's JSON body, checked; refused when a client posts too often."""
        host = request.client.host if request.client else "?"
        limit = self.posts.get(host)
        if limit is None:
            if len(self.posts) > 10000:
                self.posts.clear()
            limit = self.posts[host] = RateLimit(self.limits.post_rate, self.limits.post_burst)
        if not limit.allow():
            raise ProtocolError("too-many", "too many requests; wait a little", 429)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise ProtocolError("too-large", f"a body is at most {MAX_BODY} bytes", 413)
            chunks.append(chunk)
        if definition is None:
            return None
        return parse(b"".join(chunks).decode("utf-8", "replace") or "{}", definition,
                     limit=MAX_BODY)

    # -- websocket -------------------------------------------------------------------

    async def socket(self, ws: WebSocket):
        """One seat's (or spectator's) live connection: see docs/server.md."""
        await ws.accept()
        conn = await self._hello(ws)
        if conn is None:
            return
        writer = asyncio.create_task(self._write(ws, conn))
        try:
            while not conn.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                self._receive(conn, message)
            if conn.closed:  # closed by the server: let the writer send what is left
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.hub.leave(conn)
            self.connections -= 1
            conn.closed = True
            writer.cancel()

    async def _hello(self, ws: WebSocket) -> Connection | None:
        """The connection the first message opens; None (socket closed) if refused."""
        try:
            if self.connections >= self.limits.max_connections:
                raise ProtocolError("server-full", "this server has too many connections")
            try:
                first = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
            except asyncio.TimeoutError:
                raise ProtocolError("malformed", "say hello first") from None
            if first["type"] == "websocket.disconnect":
                return None
            hello = parse(_text(first), "client_message")
            if hello["type"] != "hello":
                raise ProtocolError("malformed", "the first message is a hello")
            table = self.lobby.get(ws.path_params["table_id"])
            token = hello.get("token")
            seat = None if token is None else table.seat_of(token)
        except TortugaError as exc:
            _status, error = error_data(exc)
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps({"type": "refused", "error": error}))
                await ws.close(code=4000 + _status)
            return None
        conn = Connection(table.id, seat, hello.get("lang"),
                          RateLimit(self.limits.socket_rate, self.limits.socket_burst))
        self.connections += 1
        self.hub.join(conn)
        conn.send({"type": "welcome", "seat": seat, "table": table.summary()})
        conn.send(self.hub.message(table, seat, conn.lang))
        return conn

    async def _write(self, ws: WebSocket, conn: Connection):
        """Send the connection's queued messages in order; close it if it fell behind."""
        with contextlib.suppress(Exception):
            while True:
                text = await conn.queue.get()
                if text is None:
                    await ws.close(code=1013)
                    return
                await ws.send_text(text)

    def _receive(self, conn: Connection, message):
        """Answer one client message (see ``client_message`` in the schema)."""
        if not conn.limit.allow():
            conn.refused += 1
            if conn.refused >= self.limits.refusals_before_close:
                conn.finish(_refusal(ProtocolError("too-many", "too many messages; closing")))
            elif conn.refused == 1 or conn.refused % 50 == 0:
                conn.send(_refusal(ProtocolError("too-many", "too many messages; slow down")))
            return
        data: dict = {}
        try:
            data = parse(_text(message), "client_message")
            getattr(self, "_on_" + data["type"])(conn, data)
        except TortugaError as exc:
            conn.send(_refusal(exc, data.get("ref")))

    def _on_hello(self, conn, data):
        raise ProtocolError("malformed", "this connection has said hello already")

    def _on_act(self, conn, data):
        table = self._seat_table(conn, data)
        self.lobby.act(table.id, data["token"], data["action"], data["step"])
        conn.send(_done(table, data))
        self.hub.changed(table)

    def _on_undo(self, conn, data):
        table = self._seat_table(conn, data)
        self.lobby.undo(table.id, data["token"])
        conn.send(_done(table, data))
        self.hub.changed(table)

    def _on_history(self, conn, data):
        events = self.hub.history(self.lobby.get(conn.table_id), conn.seat, conn.lang)
        conn.send({"type": "history", "events": events, **_ref(data)})

    def _on_lang(self, conn, data):
        conn.lang = data["lang"]
        conn.send(self.hub.message(self.lobby.get(conn.table_id), conn.seat, conn.lang))

    def _on_ping(self, conn, data):
        conn.send({"type": "pong", **_ref(data)})

    def _seat_table(self, conn: Connection, data: dict) -> Table:
        """The connection's table, once the message's token proves it is the seat's."""
        table = self.lobby.get(conn.table_id)
        if conn.seat is None or table.seat_of(data["token"]) != conn.seat:
            raise ProtocolError("forbidden", "this connection's seat did not send this token",
                                403)
        return table


def _text(message) -> str:
    text = message.get("text")
    if text is None:
        raise ProtocolError("malformed", "send JSON in text frames")
    return text


def _ref(data: dict) -> dict:
    return {"ref": data["ref"]} if "ref" in data else {}


def _done(table: Table, data: dict) -> dict:
    return {"type": "done", "step": table.state.step, **_ref(data)}


def _refusal(exc: TortugaError, ref=None) -> dict:
    _status, error = error_data(exc)
    return {"type": "refused", "error": error, **({"ref": ref} if isinstance(ref, str) else {})}


def _token(request: Request, required: bool = False) -> str | None:
    """The bearer token of the request's Authorization header."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        if required:
            raise ProtocolError("unauthorized", "send your seat's token as "
                                "'Authorization: Bearer <token>'", 401)
        return None
    return token.strip()


def _lang(request: Request) -> str | None:
    lang = request.query_params.get("lang")
    if lang is None:
        return None
    check(lang, "lang")
    return lang


def _shown(value) -> str:
    """A diff's value as text (the command line's ``diff`` shows the same)."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           default=str)[:2000]


def _ruleset_info(name: str, rules=None, house: bool = False) -> dict:
    """A ruleset or variant a table may use: bundled, or the operator's (``house``, its
    ``rules`` compiled by the lobby)."""
    rules = rules or load_ruleset(name, bundled_only=True)
    return {"id": name, "name": rules.name, "description": rules.description,
            "min_players": rules.min_players, "max_players": rules.max_players,
            "options": rules.option_decls, "house": house, "game": rules.game.id}
