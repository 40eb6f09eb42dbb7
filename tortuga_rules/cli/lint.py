"""``tortuga-rules lint``: check rules files without playing; for editors and CI.

Prints every problem once, in file order, as ``file:line:col: message`` (the form
editors jump to; a warning as ``file:line:col: warning: message``), then a summary; the
exit status is 0 when no file has an error (warnings do not fail it unless ``--strict``),
1 when any has.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..errors import ArgumentError
from ..lawyer.lint import lint_paths

__all__ = ["add_parser", "run", "require_paths"]


def add_parser(sub):
    lnt = sub.add_parser("lint", help="check rulesets, variants, card files and scenarios "
                                      "without playing (exit status 1 on any error)")
    lnt.add_argument("paths", nargs="+", metavar="FILE|DIR", help="YAML files or folders")
    lnt.add_argument("--quiet", action="store_true", help="print only the problems")
    lnt.add_argument("--strict", "--werror", action="store_true",
                     help="warnings fail too (exit status 1)")


def require_paths(paths) -> None:
    """Refuse, as a mistake in what the user gave (one line on standard error, exit status
    2), a path that is no readable file or folder - not a problem found in a rules file."""
    for p in map(Path, paths):
        try:
            if p.is_dir() or (p.is_file() and os.access(p, os.R_OK)):
                continue
        except OSError:
            pass
        shown = str(p) if len(str(p)) <= 200 else str(p)[:197] + "..."
        raise ArgumentError(f"no readable file or folder at {shown!r}")


def run(args) -> int:
    require_paths(args.paths)
    report = lint_paths(args.paths)
    if not report.files:
        print("tortuga-rules: error: no YAML files found", file=sys.stderr)
        return 2
    for p in report.problems:
        print(p)
    bad = report.bad_files(args.strict)
    if not args.quiet:
        for path in report.files:
            if path not in bad:
                print(f"{path}: ok")
        print(summary(report, len(bad)))
    return 1 if report.failed(args.strict) else 0


def summary(report, bad: int) -> str:
    """``2 of 3 files ok; 2 errors, 1 warning``."""
    n = len(report.files)
    counts = [f"{k} {what}{'s' if k != 1 else ''}"
              for k, what in ((len(report.errors), "error"), (len(report.warnings), "warning"))
              if k]
    return f"{n - bad} of {n} files ok" + (f"; {', '.join(counts)}" if counts else "")
