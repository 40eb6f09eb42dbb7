"""The game server: an ASGI application (Starlette) over a :class:`Lobby` and a :class:`Hub`.

HTTP (JSON) makes and lists tables, joins seats and answers one-off requests; a
websocket per seat (or spectator) carries moves in and views out as they change.
``docs/server.md`` is the protocol's reference; ``schema/server.schema.json`` the
shapes. :func:`create_app` builds the application; ``tortuga-rules serve`` runs it
on uvicorn.

Requests and messages are answered in the event loop, every change to a table one at a
time; its move is stored (one SQLite transaction, which never waits for a lock) before
anyone is told of it - so nobody waits on another's slow socket or on a busy database
file. Each address's requests are counted (:mod:`.throttle`), every input is
checked before use, and no mistake in one escapes as a traceback: a client always gets
``{"error": {code, message}}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import time

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots.levels import LEVELS
from ..data.loader import load_ruleset
from ..data.sources import bundled_rulesets
from ..errors import RulesError, TortugaError
from ..lawyer.diff import rules_diff
from ..lawyer.rulebook import rulebook
from ..model.games import DEFAULT_GAME
from ..game.language import LANGUAGES, translations
from ..game.record import reveal
from .files import SMALLEST, Body, Shelf, answer
from .hub import SEND_SECONDS, Connection, Hub
from .metrics import Metrics
from .protocol import MAX_BODY, ProtocolError, check, error_data, parse
from .database import open_store
from .tables import BOTS, AuthError, Lobby, Policy, Table
from .throttle import Throttle, read_kind
from .words import client_words, refusal_words

__all__ = ["create_app", "Limits", "web_dir"]

LOG = logging.getLogger("tortuga_rules.server")

#: Seconds a new websocket has to say hello.
HELLO_SECONDS = 10.0

#: Collections of the middle generation between two full ones (Python's default is 10).
GC_FULL = 100


@attrs.frozen
class Limits:
    """How much one address may ask (see :mod:`.throttle`): per second, after a burst,
    HTTP reads (of the client's own files, and of the rest) and posts, websockets opened
    (hellos), tokens that opened nothing, and websocket messages over all its sockets; how
    many websockets it (and everyone) may have open; refused messages before a flooding
    socket is closed; the seconds a request's body may take to arrive; how often expired
    tables are looked for."""

    socket_rate: float = 30.0
    socket_burst: float = 120.0
    post_rate: float = 1.0
    post_burst: float = 60.0
    read_rate: float = 5.0
    read_burst: float = 100.0
    file_rate: float = 20.0
    file_burst: float = 400.0
    hello_rate: float = 1.0
    hello_burst: float = 30.0
    auth_rate: float = 0.2
    auth_burst: float = 20.0
    refusals_before_close: int = 200
    max_connections: int = 20000
    sockets_per_address: int = 32
    body_seconds: float = 10.0
    sweep_seconds: float = 60.0


def web_dir():
    """The reference web client's folder (inside the package)."""
    from importlib import resources
    return resources.files("tortuga_rules.server").joinpath("web")


def create_app(db: str = "tortuga-rules.db", *, bot_delay: float = 0.6,
               limits: Limits = Limits(), rules_dir=None, policy: Policy = Policy()) -> Starlette:
    """The server as an ASGI application, its tables kept in ``db`` (a SQLite file, or a
    PostgreSQL address ``postgresql://...``);
    ``rules_dir`` is the operator's folder of house rules, offered by file name; ``limits``
    what each address may ask, ``policy`` tables' lives and clocks."""
    server = Server(db, bot_delay, limits, rules_dir, policy)
    routes = [
        Route("/", server.index),
        Route("/favicon.ico", server.favicon),
        Route("/api/info", server.info),
        Route("/health", server.health),
        Route("/metrics", server.metrics_text),
        Route("/api/words", server.words),
        Route("/api/tables", server.list_tables),
        Route("/api/tables", server.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", server.get_table),
        Route("/api/tables/{table_id}/join", server.join, methods=["POST"]),
        Route("/api/tables/{table_id}/view", server.view),
        Route("/api/tables/{table_id}/actions", server.act, methods=["POST"]),
        Route("/api/tables/{table_id}/undo", server.undo, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat:int}", server.replace_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/end", server.end, methods=["POST"]),
        Route("/api/tables/{table_id}/history", server.history),
        Route("/api/tables/{table_id}/reveal", server.reveal),
        Route("/api/tables/{table_id}/glossary", server.glossary),
        Route("/api/tables/{table_id}/rules", server.rules),
        Route("/api/tables/{table_id}/rematch", server.rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", server.replay),
        WebSocketRoute("/api/tables/{table_id}/socket", server.socket),
        Route("/web/{name:path}", server.web_file),
    ]
    app = Starlette(routes=routes, lifespan=server.lifespan,
                    middleware=[Middleware(Gate, server=server),
                                Middleware(GZipMiddleware, minimum_size=SMALLEST)],
                    exception_handlers={404: _not_found, 405: _not_allowed})
    app.state.server = server
    return app


class Gate:
    """ASGI middleware in front of every HTTP request: the address's read allowance (GETs
    beyond it are refused, 429), headers that keep the client's pages to this server's own
    files and keep tokens out of caches, and a JSON answer for anything that failed."""

    HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
               (b"content-security-policy",
                b"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                b"frame-ancestors 'none'")]
    NO_STORE = (b"cache-control", b"no-store")

    def __init__(self, app, server: "Server"):
        self.app = app
        self.server = server

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope["method"] in ("GET", "HEAD") and \
                not self.server.throttle.allow(read_kind(scope["path"]), _address(scope)):
            return await _json(send, 429, _error("too-many", "too many requests; wait a little"))
        api = scope["path"].startswith("/api/")
        started, status, began = False, 500, time.perf_counter()

        async def send_with_headers(message):
            nonlocal started, status
            if message["type"] == "http.response.start":
                started, status = True, message["status"]
                cached = any(k.lower() == b"cache-control" for k, _ in message.get("headers", []))
                extra = [*self.HEADERS, self.NO_STORE] if api and not cached else self.HEADERS
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)
        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:  # a bug must not answer with a traceback
            LOG.exception("a request to %s failed", scope["path"][:100])
            if not started:
                await _json(send, 500, _error("internal", "the server failed to answer; "
                                                          "this is its fault, not yours"))
        finally:
            self.server.metrics.request(time.perf_counter() - began, status)


async def _not_found(request, exc):
    return JSONResponse(_error("not-found", "no such page"), status_code=404)


async def _not_allowed(request, exc):
    return JSONResponse(_error("bad-request", f"{request.method} is not answered here"),
                        status_code=405)


def _error(code: str, message: str) -> dict:
    return {"error": {"code": code, "message": message}}


async def _json(send, status: int, data: dict):
    body = json.dumps(data).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


def _address(scope) -> str:
    """The client's address (its proxy's, unless the operator trusts proxy headers)."""
    client = scope.get("client")
    return client[0] if client else "?"


def endpoint(handler):
    """An HTTP handler returning data; a refusal becomes ``{"error": {code, message}}``.

    A request bearing a token from an address that has sent too many tokens that open
    nothing is refused before it is looked at (429); each such token counts.
    """
    async def run(self, request: Request):
        address = _address(request.scope)
        try:
            if "authorization" in request.headers and self.throttle.spent("auth", address):
                raise ProtocolError("too-many", "too many wrong tokens; wait a little", 429)
            return JSONResponse(await handler(self, request))
        except TortugaError as exc:
            if isinstance(exc, AuthError):
                self.throttle.allow("auth", address)
            status, error = error_data(exc)
            with contextlib.suppress(TortugaError):
                lang = _lang(request)
                if lang:
                    error["said"] = refusal_words(error["code"], exc, lang)
            headers = {"retry-after": "5"} if status in (429, 503) else None
            return JSONResponse({"error": error}, status_code=status, headers=headers)
    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run


class Server:
    """The routes' handlers, over one lobby and hub (made when the application starts)."""

    lobby: Lobby
    hub: Hub

    def __init__(self, db: str, bot_delay: float, limits: Limits, rules_dir=None,
                 policy: Policy = Policy()):
        self.db = db
        self.rules_dir = rules_dir
        self.bot_delay = bot_delay
        self.limits = limits
        self.policy = policy
        self.throttle = Throttle(limits)
        self.connections = 0
        self.metrics = Metrics()
        self.sockets: dict = {}  # address -> its open websockets
        self._info: dict = {}  # language -> /api/info's answer, encoded (a files.Body)
        self.shelf = Shelf(str(web_dir()))

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        store = open_store(self.db)
        self.lobby = Lobby.resume(store, self.rules_dir, self.policy)
        self.hub = Hub(self.lobby, self.bot_delay)
        self.lobby.moved, self.hub.failed = self.metrics.moved, self.metrics.error
        self.hub.start()
        sweeper = asyncio.ensure_future(self._sweep())
        tasks = [sweeper]
        if store.shared:  # other server processes write this database too
            loop = asyncio.get_running_loop()
            store.listen(lambda table_id: loop.call_soon_threadsafe(self.hub.heard, table_id))
            tasks.append(asyncio.ensure_future(self._take_on(store.renew_seconds)))
        # What was loaded at startup (modules, rulesets) is never garbage: frozen, later
        # collections skip it. A young generation larger than the default keeps the
        # collections rarer; each is then still short, as a table keeps only its current
        # state and moves (benchmarks/server_load.py: p99 115 -> 17 ms at 500 tables).
        # A full collection walks every live object - each open socket holds about 240
        # (its tasks, their coroutines, the protocol's buffers): 0.3-0.6 s at 4,000
        # sockets, which at the default pace (every 8-10 s at 1,000 tables) was the p99
        # itself. Few cycles outlive the young generations (a few hundred objects a full
        # collection), so the full ones come at most every GC_FULL middle collections, at
        # least ten times more rarely.
        gc.freeze()
        gc.set_threshold(5_000, 10, GC_FULL)
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            self.hub.stop()
            store.close()

    async def _take_on(self, seconds: float):
        """With other servers on the database: keep this one's leases and take on the
        tables whose server went away, every ``seconds``."""
        while True:
            await asyncio.sleep(seconds)
            try:
                self.hub.take_on()
            except Exception:  # noqa: BLE001 - the next round tries again; the server goes on
                LOG.exception("tables could not be taken on")

    async def _sweep(self):
        """Expire tables nobody moved at for too long, every ``sweep_seconds``."""
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                self.hub.expired(self.lobby.expire())
            except TortugaError as exc:  # a busy database: the next sweep tries again
                LOG.warning("expired tables could not be marked: %s", exc)
            health = self.metrics.health(len(self.lobby.tables), self.connections)
            LOG.info("tables %(tables)s, sockets %(sockets)s, moves/s %(moves_per_second)s, "
                     "errors %(errors)s, p99 %(p99_ms)s ms", health)

    # -- HTTP ------------------------------------------------------------------------

    async def index(self, request: Request):
        return await self._file(request, "index.html")

    async def favicon(self, request: Request):
        """The page's icon, where browsers look for it first."""
        return await self._file(request, "favicon.svg")

    async def web_file(self, request: Request):
        """A file of the web client, compressed and revalidated (see :mod:`.files`)."""
        return await self._file(request, request.path_params["name"])

    async def _file(self, request: Request, name: str):
        body = self.shelf.body(name)
        if body is None:
            return JSONResponse(_error("not-found", "no such page"), status_code=404)
        return answer(request, body)

    async def health(self, request):
        """The server's health for an operator (JSON): up, its tables and sockets, moves a
        second, errors and the p99 of its requests (:mod:`.metrics`)."""
        return JSONResponse(self.metrics.health(len(self.lobby.tables), self.connections),
                            headers={"cache-control": "no-store"})

    async def metrics_text(self, request):
        """Every figure of :mod:`.metrics` in Prometheus's text format, for a scraper."""
        return PlainTextResponse(self.metrics.text(len(self.lobby.tables), self.connections),
                                 media_type="text/plain; version=0.0.4",
                                 headers={"cache-control": "no-store"})

    async def info(self, request):
        """What a client offers: rulesets (named in ``?lang=``), bots, languages and the
        limits (the same for every client of a language: encoded once per language, and
        revalidated by its ETag like the client's files)."""
        try:
            lang = _lang(request) or "en"
        except TortugaError:
            lang = "en"
        if lang not in self._info:
            house = [n for n in self.lobby.house if n not in bundled_rulesets()]
            info = {"rulesets": [_ruleset_info(n, lang=lang) for n in bundled_rulesets()]
                    + [_ruleset_info(n, self.lobby.rules_for(ruleset=n), house=True, lang=lang)
                       for n in house],
                    "bots": list(BOTS), "bot_levels": _bot_levels(lang),
                    "languages": list(LANGUAGES),
                    "limits": attrs.asdict(self.limits), "tables": attrs.asdict(self.policy)}
            self._info[lang] = Body.of(bytes(JSONResponse(info).body), "application/json")
        return answer(request, self._info[lang])

    @endpoint
    async def words(self, request):
        """The web client's own words in ``?lang=`` (default English)."""
        return {"words": client_words(_lang(request) or "en")}

    @endpoint
    async def list_tables(self, request):
        """The newest unfinished public tables (100 at most), those with open seats first."""
        tables = [t for t in self.lobby.in_play() if not t.row.private]
        tables.sort(key=lambda t: (not any(s.kind == "open" for s in t.seats), -t.row.created))
        return {"tables": [t.summary() for t in tables[:100]]}

    @endpoint
    async def create_table(self, request):
        creator = _creator(_address(request.scope))
        self.lobby.check_quota(creator)  # before anything costly is done for it
        body = await self._body(request, "create_table")
        # rules from files compile in a few tenths of a second: off the event loop (cached)
        await asyncio.to_thread(self.lobby.rules_for, **body)
        table, token = self.lobby.create(**body, creator=creator)
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
        self._act(table, token, body["action"], body["step"])
        self.hub.changed(table)
        return self.hub.message(table, table.seat_of(token), _lang(request))

    def _act(self, table: Table, token, action, step):
        """Play the token's move; if the table's rules fail it, every seat is shown that
        (the table's ``failed``) and the mover is refused in the rules' words."""
        try:
            self.lobby.act(table.id, token, action, step)
        except RulesError:
            self.hub.changed(table)
            raise

    @endpoint
    async def end(self, request):
        """The host ends the table: it expires at once and its sockets are closed."""
        await self._body(request, None)
        table, token = self._table(request), _token(request, required=True)
        self.lobby.end(table.id, token)
        self.hub.ended(table)
        return {"table": table.summary()}

    @endpoint
    async def undo(self, request):
        await self._body(request, None)
        table, token = self._table(request), _token(request, required=True)
        self.lobby.undo(table.id, token)
        self.hub.changed(table)
        return self.hub.message(table, table.seat_of(token), _lang(request))

    @endpoint
    async def replace_seat(self, request):
        """The host gives a seat to someone new (a new token), to a bot, or opens it; the
        seat's old token is revoked and its sockets closed."""
        body = await self._body(request, "replace_seat")
        table, token = self._table(request), _token(request, required=True)
        seat = request.path_params["seat"]
        new = self.lobby.replace(table.id, token, seat, body["kind"], body.get("name"))
        self.hub.revoked(table, seat)
        self.hub.changed(table)
        return {"table": table.summary(), "seat": seat, "token": new}

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
        return {"events": reveal(table.record, _lang(request), table.names())}

    @endpoint
    async def rematch(self, request):
        """A seat of a finished table asks for the rematch: the same table again (made by
        the first to ask; every socket of the old table is told), with its new token."""
        body = await self._body(request, "rematch")
        old = self._table(request)
        made = old.row.rematch is None
        table, seat, token = self.lobby.rematch(old.id, body["token"],
                                                _creator(_address(request.scope)))
        if made:
            self.hub.start_clock(table)
            self.hub.schedule_bot(table)
            self.hub.rematched(old, table)
        else:
            self.hub.changed(table)
        return {"table": table.id, "token": token, "seat": seat}

    @endpoint
    async def replay(self, request):
        """Step ``?step=`` (default 0) of a finished table ``?as=`` a seat saw it, or
        ``all`` (everything turned up), in ``?lang=``."""
        query = request.query_params
        audience = query.get("as", "all")
        try:
            step = int(query.get("step", "0"))
            audience = audience if audience == "all" else int(audience)
        except ValueError:
            raise ProtocolError("malformed", "step is a number; as is a seat's number or "
                                "'all'") from None
        table = self._table(request)
        lang = _lang(request)
        return await asyncio.to_thread(self.hub.replay, table, audience, step, lang)

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
                "rulebook": "\n".join(rulebook(rules, _lang(request) or "en")), "diff": diff}

    async def _body(self, request: Request, definition):
        """The request's JSON body, checked; refused when a client posts too often, sends
        too much or sends it too slowly."""
        if not self.throttle.allow("post", _address(request.scope)):
            raise ProtocolError("too-many", "too many requests; wait a little", 429)
        try:
            data = await asyncio.wait_for(_read(request), self.limits.body_seconds)
        except asyncio.TimeoutError:
            raise ProtocolError("malformed", "the body came too slowly", 408) from None
        if definition is None:
            return None
        return parse(data.decode("utf-8", "replace") or "{}", definition, limit=MAX_BODY)

    # -- websocket -------------------------------------------------------------------

    async def socket(self, ws: WebSocket):
        """One seat's (or spectator's) live connection: see docs/server.md."""
        address = _address(ws.scope)
        self.sockets[address] = self.sockets.get(address, 0) + 1
        try:
            await ws.accept()
            conn = await self._hello(ws, address)
            if conn is not None:
                await self._serve(ws, conn)
        finally:
            left = self.sockets.pop(address) - 1
            if left:
                self.sockets[address] = left

    async def _serve(self, ws: WebSocket, conn: Connection):
        """Read the connection's messages and answer them until either side closes. A
        connection cut off (:meth:`Connection.finish` with ``cut``) stops both its reader
        and its writer at once, even while one waits on a client that neither sends nor
        reads."""
        writer = asyncio.create_task(self._write(ws, conn))
        reader = asyncio.create_task(self._read(ws, conn))
        conn.tasks = (reader, writer)
        try:
            await asyncio.wait({reader})  # ended, or cancelled by a cut
            if conn.cut:  # a flood or a socket that does not read: cut it off now; its
                writer.cancel()  # queue holds only its last words, given a second
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._write(ws, conn), 1)
            elif conn.closed:  # closed by the server: let the writer send what is left
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
        finally:
            self.hub.leave(conn)
            self.connections -= 1
            conn.closed = True
            reader.cancel()
            writer.cancel()

    async def _read(self, ws: WebSocket, conn: Connection):
        """Answer the connection's messages, in order, until either side closes."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while not conn.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                self._receive(conn, message)

    async def _hello(self, ws: WebSocket, address: str) -> Connection | None:
        """The connection the first message opens; None (socket closed) if refused."""
        hello: dict = {}
        try:
            if self.connections >= self.limits.max_connections:
                raise ProtocolError("server-full", "this server has too many connections", 503)
            if self.sockets[address] > self.limits.sockets_per_address:
                raise ProtocolError("too-many", "too many connections from one address", 429)
            if not self.throttle.allow("hello", address) or self.throttle.spent("auth", address):
                raise ProtocolError("too-many", "too many connections opened; wait a little",
                                    429)
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
            try:
                seat = None if token is None else table.seat_of(token)
            except AuthError:
                self.throttle.allow("auth", address)
                raise
        except TortugaError as exc:
            _status, _ = error_data(exc)
            answer = _refusal(exc, lang=hello.get("lang"))
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps(answer))
                await ws.close(code=4000 + _status)
            return None
        conn = Connection(table.id, seat, hello.get("lang"), address,
                          patches=ws.query_params.get("patches") == "1")
        self.connections += 1
        self.hub.join(conn)
        conn.send({"type": "welcome", "seat": seat, "table": table.summary()})
        self.hub.send_view(conn, table)
        return conn

    async def _write(self, ws: WebSocket, conn: Connection):
        """Send the connection's queued messages in order, then close it. A message its
        client has not taken within :data:`SEND_SECONDS` (it reads nothing) cuts it off."""
        with contextlib.suppress(Exception):
            while True:
                text = await conn.queue.get()
                if text is None:
                    await ws.close(code=conn.code)
                    return
                try:
                    await asyncio.wait_for(ws.send_text(text), SEND_SECONDS)
                except asyncio.TimeoutError:
                    conn.finish(cut=True)
                    return

    def _receive(self, conn: Connection, message):
        """Answer one client message (see ``client_message`` in the schema), the
        connection's messages one after another, in order."""
        if not self.throttle.allow("socket", conn.address):
            conn.refused += 1
            if conn.refused >= self.limits.refusals_before_close:
                conn.finish(_refusal(ProtocolError("too-many", "too many messages; closing"),
                                     lang=conn.lang), cut=True, code=1008)
            elif conn.refused == 1 or conn.refused % 50 == 0:
                conn.send(_refusal(ProtocolError("too-many", "too many messages; slow down"),
                                   lang=conn.lang))
            return
        data: dict = {}
        try:
            data = parse(_text(message), "client_message")
            handler = getattr(self, "_on_" + data["type"])
        except TortugaError as exc:
            conn.send(_refusal(exc, data.get("ref"), conn.lang))
            return
        self._answer(conn, handler, data)

    def _answer(self, conn: Connection, handler, data: dict):
        """Run one message's handler; a refusal (or a failure) is answered, never dropped."""
        try:
            handler(conn, data)
        except TortugaError as exc:
            conn.send(_refusal(exc, data.get("ref"), conn.lang, self._names(conn)))
        except Exception:  # a bug must not drop the socket
            LOG.exception("a %s message failed", data.get("type"))
            self.metrics.error()
            conn.send(_refusal(ProtocolError("internal", "the server failed to answer", 500),
                               data.get("ref"), conn.lang))

    def _names(self, conn) -> tuple:
        """The names of the connection's table's seats (none if it cannot be read)."""
        try:
            return self.lobby.get(conn.table_id).names()
        except TortugaError:
            return ()

    def _on_hello(self, conn, data):
        raise ProtocolError("malformed", "this connection has said hello already")

    def _on_act(self, conn, data):
        table = self._seat_table(conn, data)
        self._act(table, data["token"], data["action"], data["step"])
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
        self.hub.send_view(conn, self.lobby.get(conn.table_id))

    def _on_ping(self, conn, data):
        conn.send({"type": "pong", **_ref(data)})

    def _seat_table(self, conn: Connection, data: dict) -> Table:
        """The connection's table, once the message's token proves it is the seat's."""
        table = self.lobby.get(conn.table_id)
        try:
            seat = table.seat_of(data["token"])
        except AuthError:
            self.throttle.allow("auth", conn.address)
            raise
        if conn.seat is None or seat != conn.seat:
            raise ProtocolError("forbidden", "this connection's seat did not send this token",
                                403)
        return table


async def _read(request: Request) -> bytes:
    """A request's body, at most :data:`MAX_BODY` bytes."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ProtocolError("too-large", f"a body is at most {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


def _creator(address: str) -> str:
    """Who made a table, as its quota counts it: a digest of the address (not the address)."""
    return hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:16]


def _text(message) -> str:
    text = message.get("text")
    if text is None:
        raise ProtocolError("malformed", "send JSON in text frames")
    return text


def _ref(data: dict) -> dict:
    return {"ref": data["ref"]} if "ref" in data else {}


def _done(table: Table, data: dict) -> dict:
    return {"type": "done", "step": table.state.step, **_ref(data)}


def _refusal(exc: TortugaError, ref=None, lang=None, names=()) -> dict:
    """A refused message's answer; in ``lang``, with the reason in a player's words."""
    _status, error = error_data(exc)
    if lang:
        error["said"] = refusal_words(error["code"], exc, lang, names)
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


def _bot_levels(lang: str) -> dict:
    """Each bot a seat may be given, by id: its level (1 the weakest), name and description
    in ``lang``, and its measured Elo - in Tortuga 1667 (``elo``) and by game
    (``elo_by_game``; ``docs/server.md`` says how it was measured)."""
    word = translations(lang).gettext
    return {level.id: {"level": level.rank, "name": word(level.name), "about": word(level.about),
                       "elo": level.elo.get(DEFAULT_GAME), "elo_by_game": dict(level.elo)}
            for level in LEVELS}


def _ruleset_info(name: str, rules=None, house: bool = False, lang: str = "en") -> dict:
    """A ruleset or variant a table may use: bundled, or the operator's (``house``, its
    ``rules`` compiled by the lobby), its words in ``lang`` (a bundled one's from the
    catalogues; the operator's as written)."""
    rules = rules or load_ruleset(name, bundled_only=True)
    word = translations(lang).gettext
    name_words = " + ".join(word(part) for part in rules.name.split(" + "))
    options = {k: {**d, "label": word(d["label"]), "description": word(d["description"]),
                   **({"choice_words": {c: word(c) for c in d["choices"]}} if "choices" in d else {})}
               for k, d in rules.option_decls.items()}
    return {"id": name, "name": name_words, "title": word(rules.title),
            "description": word(rules.about),
            "min_players": rules.min_players, "max_players": rules.max_players,
            "options": options, "house": house, "game": rules.game.id,
            "base": "+" not in rules.id}  # a whole ruleset (a variant's id names its base)
