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

from ..errors import ArgumentError, shortened
from ..lawyer.lint import lint_paths
from ..lawyer.playtest import STEP_BUDGET, FailureKind, play_rules

__all__ = ["add_parser", "run", "require_paths"]


def add_parser(sub):
    lnt = sub.add_parser("lint", help="check rulesets, variants, card files and scenarios "
                                      "without playing (exit status 1 on any error)")
    lnt.add_argument("paths", nargs="+", metavar="FILE|DIR", help="YAML files or folders")
    lnt.add_argument("--quiet", action="store_true", help="print only the problems")
    lnt.add_argument("--strict", "--werror", action="store_true",
                     help="warnings fail too (exit status 1)")
    lnt.add_argument("--play", type=int, default=0, metavar="N",
                     help="then play N games of random moves per player count and option "
                          "extreme, on every engine installed; a failure is located and a "
                          "scenario reproducing it written (exit status 1)")
    lnt.add_argument("--players", type=int, nargs="+", metavar="N",
                     help="with --play: only these player counts")
    lnt.add_argument("--steps", type=int, default=STEP_BUDGET, metavar="N",
                     help=f"with --play: a game's step budget (default {STEP_BUDGET})")
    lnt.add_argument("--out", default="lint-failures", metavar="DIR",
                     help="with --play: the folder the scenarios are written to "
                          "(default lint-failures)")


def require_paths(paths) -> None:
    """Refuse, as a mistake in what the user gave (one line on standard error, exit status
    2), a path that is no readable file or folder - not a problem found in a rules file."""
    for p in map(Path, paths):
        try:
            if p.is_dir() or (p.is_file() and os.access(p, os.R_OK)):
                continue
        except OSError:
            pass
        raise ArgumentError(f"no readable file or folder at {shortened(str(p), 200)!r}")


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
    failed = report.failed(args.strict)
    if args.play > 0:
        failed = play(report, args) or failed
    return 1 if failed else 0


def play(report, args) -> bool:
    """``--play``: play every rules file that loads; True if any game failed."""
    if args.steps < 1:
        raise ArgumentError("--steps must be at least 1")
    any_failed = False
    if not report.playable:
        print("play: nothing to play (no ruleset or variant that loads among the files)")
    for path in report.playable:
        played, failures = play_rules(path, args.play, players=args.players,
                                      budget=args.steps, out=Path(args.out))
        if not args.quiet:
            for p in played:
                unfinished = f", {p.unfinished} unfinished" if p.unfinished else ""
                print(f"play {path}: {p.config}: " + (
                    f"not played, the rules do not load so: {p.skipped}" if p.skipped else
                    f"{p.games} games, {p.failed} failed{unfinished}"))
        for f in failures:
            print(failure_text(f))
        if not played:
            print(f"play {path}: no player count of --players is one the rules allow")
            continue
        games = sum(p.games for p in played)
        failed = sum(p.failed for p in played)
        print(f"play {path}: {failed} of {games} games failed"
              + (f" ({len(failures)} distinct failures)" if failures else ""))
        any_failed = any_failed or bool(failures)
    return any_failed


def failure_text(f) -> str:
    """A failure's located message, the first game that met it, and its scenario."""
    step = f"step {len(f.actions)}" if f.actions else "the setup"
    lines = [f.message if f.kind is FailureKind.POSITION else f.message.splitlines()[0],
             f"    met in {f.games} game(s); first at {f.config}, seed {f.seed}, {step}"]
    if f.scenario:
        how = ("tortuga-rules check plays into it" if f.reproduced
               else "it does not reproduce the failure")
        lines.append(f"    scenario: {f.scenario} ({how})")
    return "\n".join(lines)


def summary(report, bad: int) -> str:
    """``2 of 3 files ok; 2 errors, 1 warning``."""
    n = len(report.files)
    counts = [f"{k} {what}{'s' if k != 1 else ''}"
              for k, what in ((len(report.errors), "error"), (len(report.warnings), "warning"))
              if k]
    return f"{n - bad} of {n} files ok" + (f"; {', '.join(counts)}" if counts else "")
