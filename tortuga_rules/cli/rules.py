"""``tortuga-rules rules``: the whole rulebook of a ruleset, generated from its data."""

from __future__ import annotations

from ..data.loader import load_ruleset
from ..lawyer.rulebook import rulebook
from .play import options

__all__ = ["add_parser", "run"]


def add_parser(sub):
    rul = sub.add_parser("rules", help="print a ruleset's rulebook: every clause, its wording "
                                       "and its source, in rulebook order")
    rul.add_argument("--ruleset", default="standard",
                     help="bundled ruleset name, path, or composition (default standard)")
    rul.add_argument("--variant", action="append", default=[], metavar="NAME[:VALUE]",
                     help="add a variant (repeatable)")
    rul.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="set an option (repeatable)")


def run(args) -> int:
    rules = load_ruleset(args.ruleset, variants=args.variant, options=options(args.option))
    print("\n".join(rulebook(rules)))
    return 0
