"""``tortuga-rules lint``: check rules files without playing; for editors and CI.

Prints every problem as ``file:line:col: message`` (the form editors jump to), then a
summary; the exit status is 0 when every file is fine, 1 when any has a problem.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..errors import ArgumentError
from ..lawyer.lint import lint, lint_files

__all__ = ["add_parser", "run", "require_paths"]


def add_parser(sub):
    lnt = sub.add_parser("lint", help="check rulesets, variants, card files and scenarios "
                                      "without playing (exit status 1 on any problem)")
    lnt.add_argument("paths", nargs="+", metavar="FILE|DIR", help="YAML files or folders")
    lnt.add_argument("--quiet", action="store_true", help="print only the problems")


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
    files = lint_files(args.paths)
    if not files:
        print("tortuga-rules: error: no YAML files found", file=sys.stderr)
        return 2
    bad = 0
    for path in files:
        problems = lint(path)
        if problems:
            bad += 1
            for p in problems:
                print(p)
        elif not args.quiet:
            print(f"{path}: ok")
    if not args.quiet:
        print(f"{len(files) - bad} of {len(files)} files ok")
    return 1 if bad else 0
