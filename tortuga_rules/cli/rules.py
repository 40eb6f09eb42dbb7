"""``tortuga-rules rules``: the whole rulebook of a ruleset, generated from its data."""

from __future__ import annotations

from ..lawyer.rulebook import rulebook
from .play import add_rules_arguments, ruleset_of

__all__ = ["add_parser", "run"]


def add_parser(sub):
    rul = sub.add_parser("rules", help="print a ruleset's rulebook: every clause, its wording "
                                       "and its source, in rulebook order")
    add_rules_arguments(rul)


def run(args) -> int:
    rules = ruleset_of(args)
    print("\n".join(rulebook(rules)))
    return 0
