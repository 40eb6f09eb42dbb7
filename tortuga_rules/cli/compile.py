"""``tortuga-rules compile``: a ruleset's rules description (format v1) written to a file.

The description is what the native engine reads of compiled rules, as one JSON document
(:mod:`tortuga_rules.game.nativeformat`, docs/engine.md "Format v1"): checked against its
schema before it is written. Rules the native engine cannot run are refused with the
reason, located where the rules say it, and exit status 1; nothing is written.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..data.loader import load_ruleset
from ..errors import TortugaError
from ..game import native, nativeformat
from .play import add_rules_arguments, check_writable, options

__all__ = ["add_parser", "run"]


def add_parser(sub):
    com = sub.add_parser("compile", help="write a ruleset's rules description for the native "
                                         "engine (JSON, format v1)")
    com.add_argument("rules", metavar="RULES",
                     help="bundled ruleset name, path, or composition such as standard+madness")
    add_rules_arguments(com, ruleset=False)
    com.add_argument("-o", "--output", required=True, metavar="FILE",
                     help="the file to write ('-': standard output)")
    com.add_argument("--indent", type=int, default=None, metavar="N",
                     help="indent the JSON by N spaces (default: compact, one line)")


def run(args) -> int:
    if args.indent is not None and args.indent < 0:
        raise TortugaError(f"--indent takes a number of spaces, not {args.indent}")
    if args.output != "-":
        check_writable(args.output)
    rules = load_ruleset(args.rules, variants=args.variant, options=options(args.option))
    try:
        desc = nativeformat.describe(rules, args.rules)
    except nativeformat.NotNativeError as exc:
        print(f"tortuga-rules: {exc}", file=sys.stderr)
        return 1
    refused = _refused(rules)
    if refused is not None:
        print(f"tortuga-rules: {args.rules}: cannot run on the native engine: {refused}",
              file=sys.stderr)
        return 1
    nativeformat.check(desc, args.output)
    text = nativeformat.dumps(desc, args.indent) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


def _refused(rules) -> str | None:
    """What the built native engine refuses of ``rules`` (None: it runs them, or it is not
    built here - the document alone says what it can be written from)."""
    if not native.built():
        return None
    with native.on_engine("native"):
        return native.why_python(rules)
