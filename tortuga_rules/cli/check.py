"""``tortuga-rules check``: run scenario files and report pass/fail with a diff.

Each scenario of a file (each case, each ruleset it compares) is reported on its own
line; a file's warnings - what is legal but likely not meant - come first, once each,
located, and do not fail the check.
"""

from __future__ import annotations

import sys

from ..errors import DataError
from ..lawyer.runner import run_scenario
from ..lawyer.scenario import load_scenarios, scenario_files
from .lint import require_paths

__all__ = ["add_parser", "run"]


def add_parser(sub):
    chk = sub.add_parser("check", help="run scenario files and report pass/fail with diffs")
    chk.add_argument("paths", nargs="+", metavar="FILE|DIR", help="scenario files or folders")


def run(args) -> int:
    require_paths(args.paths)
    files = scenario_files(args.paths)
    if not files:
        print("tortuga-rules: error: no scenario files found", file=sys.stderr)
        return 2
    passed = failed = warned = 0
    for path in files:
        try:
            scenarios = load_scenarios(path)
        except DataError as exc:
            failed += 1
            print(f"ERROR {path}")
            for p in exc.problems:
                print(f"      {p}")
            continue
        warnings = dict.fromkeys(str(w) for sc in scenarios for w in sc.warnings)
        warned += len(warnings)
        for text in warnings:
            print(f"WARN  {text}")
        for result in map(run_scenario, scenarios):
            if result.passed:
                passed += 1
                print(f"PASS  {path}  {result.scenario.title}")
            else:
                failed += 1
                print(f"FAIL  {path}  {result.scenario.title}")
                for line in result.failures:
                    print(f"      {line}")
    noted = f", {warned} warning{'s' if warned > 1 else ''}" if warned else ""
    print(f"{passed} passed, {failed} failed{noted}")
    return 1 if failed else 0
