"""``tortuga-rules explain``: a scenario's trace, each change with its clause and cause."""

from __future__ import annotations

from ..lawyer.explanation import explain
from ..lawyer.runner import run_scenario
from ..lawyer.scenario import load_scenarios

__all__ = ["add_parser", "run"]


def add_parser(sub):
    exp = sub.add_parser("explain", help="print a scenario's trace, each change with its clause")
    exp.add_argument("file", help="a scenario file")


def run(args) -> int:
    status = 0
    for scenario in load_scenarios(args.file):
        result = run_scenario(scenario)
        print("\n".join(explain(result)))
        status = max(status, 0 if result.passed else 1)
    return status
