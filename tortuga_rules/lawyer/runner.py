"""Running a scenario: its steps played in turn, every expectation checked.

:func:`run_scenario` plays a loaded :class:`~tortuga_rules.lawyer.scenario.Scenario`
and returns a :class:`ScenarioResult`: the trace (each step's states around it, or
its refusal), every failed expectation as ``file:line: message``, and the clauses
the trace cites (for coverage). Expectations are checked by
:mod:`tortuga_rules.lawyer.expectations`.
"""

from __future__ import annotations

import attrs

from ..errors import IllegalActionError, RiggedError
from ..game.transition import apply_action
from ..model.actions import Action
from ..model.events import LogEvent
from ..model.state import GameState
from .expectations import unmet
from .scenario import Refusal, Scenario, Step

__all__ = ["StepResult", "ScenarioResult", "run_scenario"]


@attrs.frozen
class StepResult:
    """What one step did: the states around it, or the refusal."""

    step: Step
    before: GameState = attrs.field(repr=False)
    after: GameState = attrs.field(repr=False)
    action: Action | None = None
    refusal: IllegalActionError | None = None


@attrs.frozen
class ScenarioResult:
    """The outcome of running a scenario."""

    scenario: Scenario
    steps: tuple
    failures: tuple
    clauses: frozenset

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def final(self) -> GameState:
        return self.steps[-1].after if self.steps else self.scenario.start


def run_scenario(sc: Scenario) -> ScenarioResult:
    """Play ``sc`` and check every expectation."""
    if sc.expect_error is not None:
        return _refusal(sc)
    run = _Run(sc)
    if sc.at_start:
        run.clauses.update(c for c in (LogEvent.of(e).clause for e in sc.start.events) if c)
    for step in sc.steps:
        if not run.step(step):
            break
    else:
        if run.state.rigged:
            run.fail(f"{sc.file}: fixed random outcomes never drawn: {list(run.state.rigged)}")
        run.failures.extend(unmet(sc.expect, run.state, sc.file, "at the end"))
    for cid in sc.covers:
        if cid not in run.clauses:
            run.fail(f"{sc.file}: covers {cid}, but no step cites it")
    return ScenarioResult(sc, tuple(run.results), tuple(run.failures), frozenset(run.clauses))


def _refusal(sc: Scenario) -> ScenarioResult:
    """A scenario that expects its load or setup to be refused: was it, as expected?"""
    assert sc.expect_error is not None  # only scenarios that expect one come here
    want, line = sc.expect_error
    at = f"{sc.file}:{line}"
    if not sc.refused:
        return ScenarioResult(sc, (), (f"{at}: expected a refusal ({want}), but the scenario "
                                       "loaded",), frozenset())
    clauses = frozenset(p.clause for p in sc.refused if p.clause)
    failures = []
    if "clause" in want and want["clause"] not in clauses:
        failures.append(f"{at}: expected a refusal by clause {want['clause']}, got "
                        f"{', '.join(sorted(clauses)) or 'none'}: {sc.refused[0]}")
    if "message" in want and not any(want["message"] in p.message for p in sc.refused):
        failures.append(f"{at}: expected a refusal saying {want['message']!r}, got: "
                        + "; ".join(p.message for p in sc.refused))
    return ScenarioResult(sc, (), tuple(failures), clauses)


def _action(step: Step, d) -> Action:
    """The action a step takes at the pending decision ``d``."""
    if step.kind == "action":
        assert step.action is not None  # an action step names its action
        return step.action
    if step.kind == "choose":
        return Action("choose", ((d.name or "value", step.value),))
    if isinstance(step.value, tuple):
        return Action("vote", (("cards", step.value),))
    return Action("vote", (("card", step.value),))


def _mismatch(want, exc: IllegalActionError) -> str | None:
    """How the refusal ``exc`` differs from the one a step expects (None: as expected)."""
    if not isinstance(want, Refusal):
        return None  # rejected: true
    if want.clause is not None and exc.clause != want.clause:
        return (f"refused by clause {exc.clause}, expected {want.clause} "
                f"(the reason: {exc.reason})")
    if want.reason is not None and want.reason.casefold() not in exc.reason.casefold():
        return f"refused saying {exc.reason!r}, expected words {want.reason!r}"
    return None


class _Run:
    """A scenario being played: the current state, the trace, failures and cited clauses."""

    def __init__(self, sc: Scenario):
        self.file = sc.file
        self.state = sc.start
        self.failures: list[str] = []
        self.clauses: set = set()
        self.results: list = []

    def fail(self, message: str):
        self.failures.append(message)

    def step(self, step: Step) -> bool:
        """Play one step; False if the run cannot go on."""
        before = self.state
        if step.random:
            self.state = self.state._evolve(rigged=self.state.rigged + step.random)
        if step.kind == "random":
            self.results.append(StepResult(step, before, self.state))
            return True
        d = self.state.decision
        at = f"{self.file}:{step.line}: step {step.number}"
        if d is None:
            self.fail(f"{at}: the game is already over")
            return False
        action = _action(step, d)
        try:
            after = apply_action(self.state, action, seat=step.seat)
        except IllegalActionError as exc:
            if exc.clause == "decision.seat" and step.rejected is None:
                self.fail(f"{at}: the game waits for seat {d.seat} "
                          f"({d.kind}{' ' + d.name if d.name else ''}), not seat {step.seat}")
                return False
            return self._refused(step, before, action, exc, at)
        except RiggedError as exc:
            self.fail(f"{at}: {exc}")
            return False
        if step.rejected is not None:
            how = f" {step.rejected}" if isinstance(step.rejected, Refusal) else ""
            self.fail(f"{at}: {action.text(self.state.rules)} was accepted but should be "
                      f"refused{how}")
        self.clauses.update(c for c in (LogEvent.of(e).clause for e in after.events) if c)
        self.results.append(StepResult(step, before, after, action))
        self.state = after
        self.failures.extend(unmet(step.expect, after, self.file, f"step {step.number}"))
        return True

    def _refused(self, step: Step, before, action, exc, at: str) -> bool:
        if exc.clause:
            self.clauses.add(exc.clause)
        self.results.append(StepResult(step, before, self.state, action, exc))
        if step.rejected is None:
            self.fail(f"{at}: {action.text(self.state.rules)} was refused: {exc.reason}")
            return False
        wrong = _mismatch(step.rejected, exc)
        if wrong:
            self.fail(f"{at}: {wrong}")
        self.failures.extend(unmet(step.expect, self.state, self.file,
                                      f"step {step.number}"))
        return True
