"""Rule coverage: which scenarios and tests exercise each clause of a ruleset."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import DataError
from .runner import run_scenario
from .scenario import load_scenarios, scenario_files

__all__ = ["clause_coverage"]

_STRING = re.compile(r"""["']([a-z0-9][a-z0-9_.\-]*\.[a-z0-9_.\-]+)["']""")


def clause_coverage(rules, scenario_paths=(), test_paths=()):
    """``(table, problems)``: for each clause id of ``rules``, the scenarios and tests citing it.

    A scenario exercises the clauses its trace cites (every logged change and every
    refusal); a test file counts for the clause ids it names in string literals.
    ``problems`` lists scenarios that fail or cannot be loaded.
    """
    table: dict[str, dict[str, list]] = {cid: {"scenarios": [], "tests": []}
                                          for cid in sorted(rules.clauses)}
    problems: list = []
    for path in scenario_files(scenario_paths):
        try:
            results = [run_scenario(sc) for sc in load_scenarios(path)]  # own rulesets
        except DataError as exc:
            problems.extend(str(p) for p in exc.problems)
            continue
        for result in results:
            problems.extend(result.failures)
            for cid in result.clauses:
                if cid in table and str(path) not in table[cid]["scenarios"]:
                    table[cid]["scenarios"].append(str(path))
    for folder in map(Path, test_paths):
        files = sorted(folder.rglob("test_*.py")) if folder.is_dir() else [folder]
        for file in files:
            try:
                text = file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                problems.append(f"{file}: cannot read: {exc}")
                continue
            for cid in sorted(set(_STRING.findall(text))):
                if cid in table:
                    table[cid]["tests"].append(str(file))
    return table, problems
