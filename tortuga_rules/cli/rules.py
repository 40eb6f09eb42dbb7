"""``tortuga-rules rules``: the whole rulebook of a ruleset, generated from its data."""

from __future__ import annotations

from ..lawyer.rulebook import rulebook
from .play import add_lang, add_rules_arguments, ruleset_of

__all__ = ["add_parser", "run"]


def add_parser(sub):
    rul = sub.add_parser("rules", help="print a ruleset's rulebook: every clause, its wording "
                                       "and its source, in rulebook order")
    add_rules_arguments(rul)
    add_lang(rul, "language of the rulebook (default en): each clause quoted from that "
                  "language's rulebook, our wording translated where none says it")


def run(args) -> int:
    rules = ruleset_of(args)
    print("\n".join(rulebook(rules, args.lang)))
    return 0
