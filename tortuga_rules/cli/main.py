"""The command line's entry point: one subcommand per module, errors as messages."""

from __future__ import annotations

import argparse
import sys

from importlib import metadata

from ..errors import DataError, TortugaError
from ..game.build import build_name
from ..game.native import describe as engine_name
from . import (balance, check, coverage, diff, explain, lint, play, replay, rules, serve,
               simulate, tournament, variants, words)
from . import compile as compile_rules

__all__ = ["main", "COMMANDS"]

#: The subcommands, in the order ``--help`` lists them.
COMMANDS = {"play": play, "variants": variants, "diff": diff, "rules": rules, "check": check,
            "compile": compile_rules, "explain": explain, "coverage": coverage, "lint": lint,
            "replay": replay,
            "serve": serve, "tournament": tournament, "simulate": simulate, "balance": balance,
            "words": words}


def parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    p = argparse.ArgumentParser(
        prog="tortuga-rules",
        description="The reference rules engine for Tortuga 1667 and the Tortuga dice game.")
    p.add_argument("--version", action="version",
                   version=f"tortuga-rules {_version()} ({build_name()}); engine: "
                           f"{engine_name()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS.values():
        module.add_parser(sub)
    return p


def _version() -> str:
    """The installed distribution's version."""
    try:
        return metadata.version("tortuga_rules")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def main(argv=None) -> int:
    """Run the command line; return the exit status."""
    args = parser().parse_args(argv)
    try:
        return COMMANDS[args.command].run(args)
    except DataError as exc:
        print(f"tortuga-rules: the rules data has errors:\n{exc}", file=sys.stderr)
        return 2
    except TortugaError as exc:
        print(f"tortuga-rules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. piped into head)
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
