"""``tortuga-rules serve``: the game server and its web client (docs/server.md)."""

from __future__ import annotations

import sys

__all__ = ["add_parser", "run"]

#: The largest websocket frame uvicorn reads at all; the protocol refuses far smaller.
WS_MAX_SIZE = 65536


def add_parser(sub):
    srv = sub.add_parser("serve", help="run the game server and its web client")
    srv.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this machine only)")
    srv.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    srv.add_argument("--db", default="tortuga-rules.db",
                     help="the tables' database: a SQLite file (default ./tortuga-rules.db) or "
                          "a PostgreSQL address, postgresql://user[:password]@host[:port]/name "
                          "(pip install 'tortuga-rules[postgres]')")
    srv.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                     help="how long a bot waits before it moves (default 0.6)")
    srv.add_argument("--rules", metavar="FOLDER",
                     help="a folder of house rules (rulesets and variants, cards/ beside them) "
                          "offered at every table by file name, besides the bundled ones")
    srv.add_argument("--turn-seconds", type=float, metavar="SECONDS",
                     help="how long a person may think over a decision; then a bot plays for "
                          "them, or the rules' timer does (default: no clock unless the "
                          "rules have a timer)")
    srv.add_argument("--unstarted-minutes", type=float, default=60, metavar="MINUTES",
                     help="a table nobody has moved at expires after this (default 60)")
    srv.add_argument("--idle-hours", type=float, default=168, metavar="HOURS",
                     help="a game nobody has moved in for this long is abandoned and expires "
                          "(default 168: a week)")
    srv.add_argument("--max-tables", type=int, default=5000,
                     help="games under way at once (default 5000)")
    srv.add_argument("--tables-per-address", type=int, default=8,
                     help="games under way one address may have made (default 8)")
    srv.add_argument("--connections-per-address", type=int, default=64,
                     help="open connections from one address (default 64)")
    srv.add_argument("--header-seconds", type=float, default=10, metavar="SECONDS",
                     help="a request's head must arrive whole within this, or the connection "
                          "is closed (default 10)")
    srv.add_argument("--messages-per-second", type=float, default=30, metavar="N",
                     help="websocket messages one address may send a second, over all its "
                          "sockets, after a burst of 4 seconds' worth (default 30)")
    srv.add_argument("--trust-proxy", metavar="ADDRESSES",
                     help="comma-separated addresses of reverse proxies whose X-Forwarded-For "
                          "is believed (default: none; clients are known by their own address)")
    srv.add_argument("--quiet", action="store_true", help="log warnings only")


def run(args) -> int:
    import uvicorn

    from ..server.app import Limits, create_app
    from ..server.guard import Guard, guarded_protocol, websocket_protocol
    from ..server.database import open_store
    from ..server.store import shown_address

    policy = _policy(args)
    rules_dir = _rules_folder(args.rules)
    open_store(args.db).close()  # a database another server holds: said now, before listening
    limits = Limits(socket_rate=args.messages_per_second,
                    socket_burst=4 * args.messages_per_second)
    app = create_app(args.db, bot_delay=args.bot_delay, rules_dir=rules_dir, policy=policy,
                     limits=limits)
    guard = Guard(per_address=args.connections_per_address, header_seconds=args.header_seconds,
                  throttle=app.state.server.throttle)
    print(f"tortuga-rules: serving on http://{args.host}:{args.port}/ (tables in {shown_address(args.db)})",
          file=sys.stderr, flush=True)
    trusted = args.trust_proxy
    uvicorn.run(app, host=args.host, port=args.port, http=guarded_protocol(guard),
                ws=websocket_protocol(), ws_max_size=WS_MAX_SIZE,
                log_level="warning" if args.quiet else "info", lifespan="on",
                timeout_graceful_shutdown=3, timeout_keep_alive=5,
                limit_concurrency=guard.total, proxy_headers=trusted is not None,
                forwarded_allow_ips=trusted or "")
    return 0


def _policy(args):
    """The tables' lives and clocks from the arguments, each checked."""
    from ..errors import ArgumentError
    from ..server.tables import Policy

    checks = [(0 <= args.port <= 65535, "--port must be from 0 to 65535"),
              (0 <= args.bot_delay <= 60, "--bot-delay must be from 0 to 60 seconds"),
              (args.turn_seconds is None or 1 <= args.turn_seconds <= 86400,
               "--turn-seconds must be from 1 to 86400"),
              (0 < args.unstarted_minutes <= 10080, "--unstarted-minutes must be from 1 to 10080"),
              (0 < args.idle_hours <= 8760, "--idle-hours must be up to 8760 (a year)"),
              (1 <= args.max_tables <= 1_000_000, "--max-tables must be from 1 to 1000000"),
              (1 <= args.tables_per_address <= 10_000, "--tables-per-address must be from 1"),
              (1 <= args.connections_per_address <= 100_000,
               "--connections-per-address must be from 1"),
              (0.1 <= args.header_seconds <= 300, "--header-seconds must be from 0.1 to 300"),
              (0.1 <= args.messages_per_second <= 100_000,
               "--messages-per-second must be from 0.1")]
    for ok, message in checks:
        if not ok:
            raise ArgumentError(message)
    return Policy(max_tables=args.max_tables, tables_per_address=args.tables_per_address,
                  unstarted_seconds=args.unstarted_minutes * 60,
                  idle_seconds=args.idle_hours * 3600, turn_seconds=args.turn_seconds)


def _rules_folder(folder):
    """The operator's rules folder, each file in it loaded once now: a mistake is told
    before the server starts (exit status 2), not to the first host who picks it."""
    if folder is None:
        return None
    from pathlib import Path

    from ..data.loader import load_ruleset
    from ..errors import ArgumentError
    from ..server.tables import house_files

    if not Path(folder).is_dir():
        raise ArgumentError(f"--rules {folder!r:.200}: no such folder")
    files = house_files(folder)
    if not files:
        raise ArgumentError(f"--rules {folder!r:.200}: no ruleset or variant files (*.yaml) in it")
    for path in files.values():
        load_ruleset(path)
    print(f"tortuga-rules: house rules offered: {', '.join(files)}", file=sys.stderr)
    return folder
