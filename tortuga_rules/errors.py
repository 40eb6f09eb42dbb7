"""The one exception hierarchy of tortuga_rules, and the source locations errors point at.

Every error a user can cause is a :class:`TortugaError`; each also mixes in the
builtin exception a caller would naturally catch (``ValueError``, ``LookupError``),
so ``except ValueError`` keeps working for code that does not know this library.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

__all__ = [
    "shortened",
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
    "suggestions",
]


class TortugaError(Exception):
    """Base class of every error raised on purpose by tortuga_rules."""


class Severity(enum.Enum):
    """How bad a :class:`Problem` is: an error stops the rules from loading; a warning is
    something that loads but is likely a mistake (``lint`` prints it, the loader does not
    refuse it)."""

    ERROR = "error"
    WARNING = "warning"


@attrs.frozen
class Problem:
    """One mistake in a data file, located as ``file:line:col``.

    ``line`` and ``col`` are 1-based; 0 means "unknown" and is left out of the text. A
    warning's text says so after the place: ``file:line:col: warning: ...``.
    """

    file: str
    line: int
    col: int
    message: str
    #: the rule clause that refuses it, when a rule does (not part of the text)
    clause: str | None = None
    severity: Severity = Severity.ERROR

    @property
    def is_error(self) -> bool:
        """True for an error, False for a warning."""
        return self.severity is Severity.ERROR

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.col:
                where += f":{self.col}"
        label = "" if self.is_error else f"{self.severity.value}: "
        return f"{where}: {label}{self.message}"


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

    def __init__(self, problems: Iterable[Any]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(TortugaError, ValueError):
    """An action that is not legal in the given state; the state is untouched.

    ``reason`` says why in words that leak nothing the acting seat may not know;
    ``clause`` is the id of the rule clause that forbids it (when one does) and
    ``remedy`` what would make it legal.
    """

    def __init__(self, reason: str, action: object = None, clause: str | None = None,
                 remedy: str | None = None) -> None:
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


def shortened(text: str, limit: int) -> str:
    """``text`` as a message quotes it: at most ``limit`` characters, a longer one cut to
    end in ``...`` (so hostile input never makes a message of any length)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def suggestions(word: object, choices: Iterable[object], n: int = 3,
                cutoff: float = 0.6) -> list[str]:
    """The (at most ``n``) choices closest to ``word``, closest first: those spelt alike
    (difflib's ratio at least ``cutoff``, and near the best one's); unless one is spelt
    very nearly alike (a typo), also those sharing one of its ``_``-separated parts
    (``steal_vote``: ``take_vote``, ``vote``)."""
    word = str(word)
    pool = sorted({str(c) for c in choices} - {word})
    matcher = difflib.SequenceMatcher(a=word)
    close = difflib.get_close_matches(word, pool, n=n, cutoff=cutoff)
    best = _ratio(matcher, close[0]) if close else 0.0
    close = [c for c in close if _ratio(matcher, c) >= best - 0.1]
    parts = {p for p in word.split("_") if len(p) > 2}
    if best < 0.8 and parts and len(close) < n:
        sharing = [c for c in pool if c not in close and parts & set(c.split("_"))]
        sharing.sort(key=lambda c: (-_ratio(matcher, c), c))
        close += sharing[:n - len(close)]
    return close


def _ratio(matcher: difflib.SequenceMatcher[str], other: str) -> float:
    matcher.set_seq2(other)
    return matcher.ratio()


def did_you_mean(word: object, choices: Iterable[object], cutoff: float = 0.6, *,
                 shown: Mapping[str, str] | None = None, n: int = 1) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to ``word``, or nothing if none is close.

    With ``n`` above 1, up to ``n`` choices (`` (did you mean 'x' or 'y'?)``), those sharing a
    part of ``word`` included (see :func:`suggestions`). ``shown`` maps a choice to how it is
    written out (a word with its signature: ``give_card(seat, card)``), unquoted.
    """
    if n == 1:
        close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1,
                                          cutoff=cutoff)
    else:
        close = suggestions(word, choices, n=n, cutoff=cutoff)
    if not close:
        return ""
    texts = [shown[c] if shown and c in shown else f"'{c}'" for c in close]
    said = texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]
    return f" (did you mean {said}?)"
