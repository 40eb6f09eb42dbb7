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
                     help="SQLite file of the tables (default ./tortuga-rules.db)")
    srv.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                     help="how long a bot waits before it moves (default 0.6)")
    srv.add_argument("--rules", metavar="FOLDER",
                     help="a folder of house rules (rulesets and variants, cards/ beside them) "
                          "offered at every table by file name, besides the bundled ones")
    srv.add_argument("--quiet", action="store_true", help="log warnings only")


def run(args) -> int:
    import uvicorn

    from ..errors import ArgumentError
    from ..server.app import create_app

    if not 0 <= args.port <= 65535:
        raise ArgumentError("--port must be from 0 to 65535")
    if not 0 <= args.bot_delay <= 60:
        raise ArgumentError("--bot-delay must be from 0 to 60 seconds")
    rules_dir = _rules_folder(args.rules)
    app = create_app(args.db, bot_delay=args.bot_delay, rules_dir=rules_dir)
    print(f"tortuga-rules: serving on http://{args.host}:{args.port}/ (tables in {args.db})",
          file=sys.stderr, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws="websockets-sansio", ws_max_size=WS_MAX_SIZE,
                log_level="warning" if args.quiet else "info", lifespan="on",
                timeout_graceful_shutdown=3)
    return 0


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
