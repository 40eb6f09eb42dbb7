"""``tortuga-rules coverage``: which scenarios and tests exercise each rule clause."""

from __future__ import annotations

from pathlib import Path

from ..data.loader import load_ruleset
from ..errors import TortugaError
from ..lawyer.coverage import clause_coverage

__all__ = ["add_parser", "run"]


def add_parser(sub):
    cov = sub.add_parser("coverage", help="which scenarios and tests exercise each clause")
    cov.add_argument("--ruleset", default="standard",
                     help="ruleset whose clauses are listed (default standard)")
    cov.add_argument("--scenarios", nargs="*", default=None, metavar="PATH",
                     help="scenario files or folders (default: the checkout's tests/scenarios)")
    cov.add_argument("--tests", nargs="*", default=None, metavar="PATH",
                     help="test files or folders whose clause ids count (default: the "
                          "checkout's tests)")


def _checkout_tests() -> Path | None:
    """The ``tests`` folder of the checkout this package runs from, or of the current folder."""
    for root in (Path(__file__).resolve().parents[2], Path.cwd()):
        if (root / "tests" / "scenarios").is_dir():
            return root / "tests"
    return None


def _paths(args) -> tuple[list, list]:
    """The scenario and test paths: given, or the checkout's; every one must exist."""
    scenarios, tests = args.scenarios, args.tests
    if scenarios is None or tests is None:
        found = _checkout_tests()
        if found is None:
            raise TortugaError("no scenarios to run: give --scenarios PATH and --tests PATH "
                               "(the repository's tests are not installed with the package)")
        scenarios = [str(found / "scenarios")] if scenarios is None else scenarios
        tests = [str(found)] if tests is None else tests
    for path in [*scenarios, *tests]:
        if not Path(path).exists():
            raise TortugaError(f"no such file or folder: {path}")
    return scenarios, tests


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def run(args) -> int:
    rules = load_ruleset(args.ruleset)
    scenarios, tests = _paths(args)
    table, problems = clause_coverage(rules, scenarios, tests)
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
