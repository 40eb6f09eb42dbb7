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
    print("\n".join(rulebook(rules, args.lang) + patched(rules)))
    return 0


def patched(rules) -> list[str]:
    """The statements the rules' patches change, each under its program and clause: as the
    program had it, and as the patch makes it (none: no lines)."""
    lines = []
    for patch in rules.data.get("patches") or []:
        kind = next(k for k in ("replace", "before", "after", "remove") if k in patch)
        nth = f" (nth {patch['nth']})" if patch.get("nth") else ""
        new = " / ".join(line.strip() for line in str(patch.get("with", "")).strip().splitlines())
        lines += [f"- `{patch['program']}`: {kind} **`@{patch[kind]}`**{nth}",
                  f"  - was: `{patch['was']}`"] + ([f"  - {kind}: `{new}`"] if new else [])
    return ["", "## Patched statements", ""] + lines if lines else []
