"""``tortuga-rules coverage``: which scenarios and tests exercise each rule clause."""

from __future__ import annotations

from pathlib import Path

from ..data.loader import load_ruleset
from ..lawyer.coverage import clause_coverage

__all__ = ["add_parser", "run"]


def add_parser(sub):
    cov = sub.add_parser("coverage", help="which scenarios and tests exercise each clause")
    cov.add_argument("--ruleset", default="standard")
    cov.add_argument("--scenarios", nargs="*", default=["tests/scenarios"], metavar="DIR")
    cov.add_argument("--tests", nargs="*", default=["tests"], metavar="DIR")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def run(args) -> int:
    rules = load_ruleset(args.ruleset)
    table, problems = clause_coverage(rules, args.scenarios, args.tests)
    uncovered = []
    for cid, where in table.items():
        scen = sorted(Path(p).stem for p in where["scenarios"])
        tests = sorted(Path(p).stem for p in where["tests"])
        if not scen and not tests:
            uncovered.append(cid)
        print(f"{cid}: {_plural(len(scen), 'scenario')}, {_plural(len(tests), 'test file')}")
        if scen:
            print(f"    scenarios: {', '.join(scen)}")
        if tests:
            print(f"    tests: {', '.join(tests)}")
    for p in problems:
        print(f"problem: {p}")
    print(f"{len(table) - len(uncovered)} of {len(table)} clauses covered"
          + (f"; uncovered: {', '.join(uncovered)}" if uncovered else ""))
    return 1 if uncovered or problems else 0
