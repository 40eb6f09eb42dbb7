"""The one exception hierarchy of tortuga_rules.

Every error a user can cause is a :class:`TortugaError`; each also mixes in the
builtin exception a caller would naturally catch (``ValueError``, ``LookupError``),
so ``except ValueError`` keeps working for code that does not know this library.
"""

from __future__ import annotations

import attrs

__all__ = [
    "TortugaError",
    "DataError",
    "Problem",
    "IllegalActionError",
    "SaveGameError",
    "UnknownRulesetError",
    "SetupError",
    "RiggedError",
]


class TortugaError(Exception):
    """Base class of every error raised on purpose by tortuga_rules."""


@attrs.frozen
class Problem:
    """One mistake in a data file, located as ``file:line:col``.

    ``line`` and ``col`` are 1-based; 0 means "unknown" and is left out of the text.
    """

    file: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.col:
                where += f":{self.col}"
        return f"{where}: {self.message}"


class DataError(TortugaError, ValueError):
    """A ruleset, card, variant or DSL text is wrong.

    Carries every problem found (loading goes on after the first mistake so an author
    sees them all at once); ``str()`` lists them one per line.
    """

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(TortugaError, ValueError):
    """An action that is not legal in the given state; the state is untouched.

    ``reason`` says why in words that leak nothing the acting seat may not know;
    ``clause`` is the id of the rule clause that forbids it (when one does) and
    ``remedy`` what would make it legal.
    """

    def __init__(self, reason: str, action=None, clause=None, remedy=None):
        self.reason = reason
        self.action = action
        self.clause = clause
        self.remedy = remedy
        super().__init__(reason)


class SaveGameError(TortugaError, ValueError):
    """A saved game or replay that cannot be loaded (malformed, or inconsistent)."""


class UnknownRulesetError(TortugaError, LookupError):
    """A ruleset name that is neither a bundled variant nor a readable file."""


class SetupError(TortugaError, ValueError):
    """Arguments to ``new_game`` that the ruleset cannot play with (player count, seed, starred cards)."""


class RiggedError(TortugaError, ValueError):
    """A random outcome fixed in advance (a scenario's ``random``) that the draw cannot take."""
