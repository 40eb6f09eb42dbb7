"""``tortuga-rules diff A B``: every rule that differs between two rulesets, with its clause."""

from __future__ import annotations

import json

from ..data.loader import load_ruleset
from ..errors import shortened
from ..lawyer.diff import rules_diff

__all__ = ["add_parser", "run"]


def add_parser(sub):
    dif = sub.add_parser("diff", help="every rule that differs between two rulesets")
    dif.add_argument("a", help="a ruleset, variant or composition")
    dif.add_argument("b", help="another one")


def run(args) -> int:
    a, b = load_ruleset(args.a), load_ruleset(args.b)
    rows = rules_diff(a, b)
    print(f"{a.id} -> {b.id}: {len(rows)} rule{'s' if len(rows) != 1 else ''} differ")
    section = None
    for sec, path, clause, va, vb in sorted(rows, key=lambda r: (r[0], r[1])):
        if sec != section:
            print(f"\n{sec}:")
            section = sec
        print(f"  {path}  [{clause or 'no clause'}]")
        print(f"      {args.a}: {_short(va)}")
        print(f"      {args.b}: {_short(vb)}")
    return 0


def _short(value) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return shortened(text, 160)
