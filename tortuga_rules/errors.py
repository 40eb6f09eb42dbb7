"""The one exception hierarchy of tortuga_rules, and the source locations errors point at.

Every error a user can cause is a :class:`TortugaError`; each also mixes in the
builtin exception a caller would naturally catch (``ValueError``, ``LookupError``),
so ``except ValueError`` keeps working for code that does not know this library.
"""

from __future__ import annotations

import difflib
import enum

import attrs

__all__ = [
    "TortugaError",
    "DataError",
    "Problem",
    "Severity",
    "Position",
    "IllegalActionError",
    "SaveGameError",
    "UnknownRulesetError",
    "OptionError",
    "SetupError",
    "RiggedError",
    "RulesError",
    "ArgumentError",
    "UndoError",
    "did_you_mean",
]


class TortugaError(Exception):
    """Base class of every error raised on purpose by tortuga_rules."""


class Severity(enum.Enum):
    """How bad a :class:`Problem` is: an error stops the rules loading; a warning is a
    mistake the rules may make while they run (``lint`` prints it; the rules still load)."""

    ERROR = "error"
    WARNING = "warning"


@attrs.frozen
class Problem:
    """One mistake in a data file, located as ``file:line:col``.

    ``line`` and ``col`` are 1-based; 0 means "unknown" and is left out of the text. A
    warning's text says so after the place (``file:line:col: warning: ...``).
    """

    file: str
    line: int
    col: int
    message: str
    #: the rule clause that refuses it, when a rule does (not part of the text)
    clause: str | None = None
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.col:
                where += f":{self.col}"
        if self.severity is Severity.WARNING:
            return f"{where}: warning: {self.message}"
        return f"{where}: {self.message}"


@attrs.frozen
class Position:
    """Where a YAML value starts: 1-based line and column, and its scalar style.

    For a block scalar (``|`` or ``>``) ``line``/``col`` are those of its first
    content line, so DSL text inside it can be located exactly.
    """

    line: int
    col: int
    style: str | None = None


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


class OptionError(UnknownRulesetError, ValueError):
    """A value given for a ruleset's option (``more-starred:12``, ``options={...}``) that the
    option does not take, or an option no part of the composition declares. The message
    names the value as it was given, not the file declaring the option."""


class SetupError(TortugaError, ValueError):
    """Arguments to ``new_game`` the ruleset cannot play with (player count, seed, starred)."""


class RiggedError(TortugaError, ValueError):
    """A random outcome fixed in advance (a scenario's ``random``) that the draw cannot take."""


class RulesError(TortugaError, RuntimeError):
    """A ruleset's program went wrong while the game ran; the step was not taken.

    Raised when a program exceeds the machine's budget (a runaway loop) or fails (a
    division by zero, a value that is no seat of the game). The state the step started
    from is unchanged (states are immutable values). ``problem`` locates the statement
    in its file; ``program`` is the program's id (``card:pistol``, ``action:move``...),
    ``clause`` the clause of the statement running, when it has one.
    """

    def __init__(self, problem: Problem, program: str | None = None, clause: str | None = None):
        self.problem = problem
        self.program = program
        self.clause = clause
        super().__init__(str(problem))


class UndoError(TortugaError, ValueError):
    """An undo (or an early end-of-game reveal) a game record cannot grant; ``reason`` says
    why, naming steps and public facts only. ``why`` is the reason as a code a front end
    can put in its player's words - ``no-move``, ``moved-since`` (``seat`` moved since),
    ``shown`` (the move showed something hidden), ``not-over`` - ``seat`` the seat it names."""

    def __init__(self, reason: str, why: str = "", seat: int | None = None):
        self.reason = reason
        self.why = why
        self.seat = seat
        super().__init__(reason)


class ArgumentError(TortugaError, TypeError, ValueError):
    """An argument a public function cannot take: a state that is no ``GameState``, a
    seat that is no seat of the game (``True`` is not seat 1), a list that is no list."""


def did_you_mean(word, choices, cutoff: float = 0.6) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to ``word``, or nothing if none is close."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=cutoff)
    return f" (did you mean '{close[0]}'?)" if close else ""
