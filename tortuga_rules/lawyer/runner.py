"""Running a scenario: its steps played in turn, every expectation checked.

:func:`run_scenario` plays a loaded :class:`~tortuga_rules.lawyer.scenario.Scenario`
and returns a :class:`ScenarioResult`: the trace (each step's states around it, or
its refusal), every failed expectation as ``file:line: message``, and the clauses
the trace cites (for coverage). Expectations name values of the referee's view by
dotted path (``chests.galleon``, ``places.tortuga.0``, ``winner``).
"""

from __future__ import annotations

import json
import re

import attrs

from ..errors import IllegalActionError, RiggedError
from ..game.transition import apply_action
from ..game.view import view
from ..model.actions import Action
from ..model.state import GameState
from .scenario import Scenario, Step

__all__ = ["StepResult", "ScenarioResult", "run_scenario", "lookup"]


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


_INDEX = re.compile(r"^-?\d+$")


def lookup(data, path: str):
    """The value at dotted ``path`` of view data (``chests.galleon``, ``places.tortuga.0``)."""
    if path == "winner":
        out = data.get("outcome")
        if out is None:
            return None
        winners = out["winners"]
        return winners[0] if len(winners) == 1 else winners
    cur = data
    for part in path.split("."):
        if isinstance(cur, list) and _INDEX.match(part):
            i = int(part)
            if not -len(cur) <= i < len(cur):
                raise KeyError(path)
            cur = cur[i]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, dict) and _INDEX.match(part) and int(part) in cur:
            cur = cur[int(part)]
        else:
            raise KeyError(path)
    return cur


def _check(expect, state, file, failures, where):
    data = view(state)
    for key, want, line in expect:
        try:
            got = lookup(data, key)
        except KeyError:
            failures.append(f"{file}:{line}: {where}: no field {key!r} in the position "
                            f"(fields: {', '.join(sorted(data))})")
            continue
        if _norm(got) != _norm(want):
            failures.append(f"{file}:{line}: {where}: {key}: expected {json.dumps(_norm(want))}, "
                            f"got {json.dumps(_norm(got))}")


def _norm(v):
    """Expected (YAML) and actual (view) values in one comparable JSON form."""
    if isinstance(v, (list, tuple)):
        return [_norm(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _norm(x) for k, x in v.items()}
    return v


def run_scenario(sc: Scenario) -> ScenarioResult:
    """Play ``sc`` and check every expectation."""
    run = _Run(sc)
    if sc.at_setup:
        run.clauses.update(e[0] for e in sc.start.events if e[0])
    for step in sc.steps:
        if not run.step(step):
            break
    else:
        if run.state.rigged:
            run.fail(f"{sc.file}: fixed random outcomes never drawn: {list(run.state.rigged)}")
        _check(sc.expect, run.state, sc.file, run.failures, "at the end")
    for cid in sc.covers:
        if cid not in run.clauses:
            run.fail(f"{sc.file}: covers {cid}, but no step cites it")
    return ScenarioResult(sc, tuple(run.results), tuple(run.failures), frozenset(run.clauses))


def _action(step: Step, d) -> Action:
    """The action a step takes at the pending decision ``d``."""
    if step.kind == "action":
        return step.action
    if step.kind == "choose":
        return Action("choose", ((d.name or "value", step.value),))
    if isinstance(step.value, tuple):
        return Action("vote", (("cards", step.value),))
    return Action("vote", (("card", step.value),))


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
        if step.seat is not None and step.seat != d.seat:
            self.fail(f"{at}: the game waits for seat {d.seat} "
                      f"({d.kind}{' ' + d.name if d.name else ''}), not seat {step.seat}")
            return False
        action = _action(step, d)
        try:
            after = apply_action(self.state, action)
        except IllegalActionError as exc:
            return self._refused(step, before, action, exc, at)
        except RiggedError as exc:
            self.fail(f"{at}: {exc}")
            return False
        if step.rejected not in (None, False):
            by = f" by {step.rejected}" if isinstance(step.rejected, str) else ""
            self.fail(f"{at}: {action} was accepted but should be refused{by}")
        self.clauses.update(e[0] for e in after.events if e[0])
        self.results.append(StepResult(step, before, after, action))
        self.state = after
        _check(step.expect, after, self.file, self.failures, f"step {step.number}")
        return True

    def _refused(self, step: Step, before, action, exc, at: str) -> bool:
        if exc.clause:
            self.clauses.add(exc.clause)
        self.results.append(StepResult(step, before, self.state, action, exc))
        if step.rejected is None or step.rejected is False:
            self.fail(f"{at}: {action} was refused: {exc.reason}")
            return False
        if isinstance(step.rejected, str) and exc.clause != step.rejected:
            self.fail(f"{at}: refused by clause {exc.clause}, expected {step.rejected}")
        _check(step.expect, self.state, self.file, self.failures, f"step {step.number}")
        return True
