"""Standing checks: programs a ruleset runs after every change they watch (Albatross)."""

from __future__ import annotations

__all__ = ["standing_checks"]


def standing_checks(m, what: str):
    """Run the ruleset's standing checks that watch ``what`` ("pawns" or "kept") next."""
    for guard, program in m.rules.checks.get(what, ()):
        if m.evaluate(guard, {}):
            m.push(program, {})
