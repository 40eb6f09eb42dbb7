"""Rules scenarios: a position, some steps, and what the rules say must follow.

A scenario file (YAML, ``schema/scenario.schema.json``, documented in
``docs/scenarios.md``) names a ruleset, gives a position explicitly (anything it
leaves out comes from a seeded setup), lists steps - an action, a choice or a vote
by a named seat, optionally with random outcomes fixed in advance - and states
expectations on the resulting position, on the winner, or that a step is refused
(with the clause that forbids it). :func:`load_scenario` checks the file and
reports every mistake as ``file:line:col: message``; :func:`run_scenario` plays it
and returns a :class:`ScenarioResult` with the trace and every failed expectation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs

from ..data.loader import load_ruleset
from ..data.schema import schema_problem, validator
from ..data.yamlsource import load_yaml
from ..errors import (DataError, IllegalActionError, Problem, RiggedError, TortugaError,
                      did_you_mean)
from ..game.invariants import problems as position_problems
from ..game.legality import legal_actions
from ..game.setup import new_game
from ..game.transition import apply_action
from ..game.view import view
from ..model.actions import Action
from ..model.components import ChestSpot, Place
from ..model.state import Decision, GameState, decode_value

__all__ = ["Scenario", "Step", "StepResult", "ScenarioResult", "load_scenario", "load_scenarios",
           "run_scenario",
           "scenario_files"]

_PLACES = {str(p): p for p in Place}
_SPOTS = {str(c): c for c in ChestSpot}


@attrs.frozen
class Step:
    """One step of a scenario, as written."""

    number: int
    seat: int | None
    kind: str  # "action" | "choose" | "vote" | "random"
    action: Action | None  # for "action" steps
    value: object = None  # for "choose" / "vote"
    rejected: object = None  # None, True, or the clause id expected to forbid it
    random: tuple = ()  # ((purpose, value), ...)
    expect: tuple = ()  # ((path, value, line), ...)
    line: int = 0


@attrs.frozen
class Scenario:
    """A loaded, checked scenario."""

    file: str
    title: str
    source: str
    rules: object = attrs.field(repr=False)
    players: int = 2
    start: GameState = attrs.field(default=None, repr=False)
    steps: tuple = ()
    expect: tuple = ()
    covers: tuple = ()
    at_setup: bool = False


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


def scenario_files(paths) -> list[Path]:
    """Every ``*.yaml`` scenario file under ``paths`` (files or folders), sorted."""
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.yaml")))
        else:
            out.append(p)
    return out


def _read(path):
    path = Path(path)
    display = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(display, 0, 0, f"cannot read: {exc}")]) from None
    data, smap = load_yaml(text, display)
    if not isinstance(data, dict):
        raise DataError([smap.problem((), "a scenario is a mapping with title, players, "
                                          "position, steps and expect")])
    errors = sorted(validator("scenario").iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise DataError([_stepschema_problem(e, smap) for e in errors])
    return path, data, smap


def load_scenario(path, ruleset=None) -> Scenario:
    """Read and check the scenario file at ``path``; raise :class:`DataError` if wrong.

    A file with ``compare`` holds several scenarios; this returns the first (see
    :func:`load_scenarios`).
    """
    return load_scenarios(path, ruleset)[0]


def load_scenarios(path, ruleset=None) -> list:
    """The scenarios of the file at ``path``: one, or one per ruleset under ``compare``.

    ``compare`` maps ruleset specs to extra expectations: the same position and steps
    are played under each ruleset, which shows what a variant changes.
    """
    path, data, smap = _read(path)
    if "compare" not in data:
        return [_build(path, data, smap, ruleset, data.get("ruleset", "standard"), None)]
    return [_build(path, data, smap, None, spec, (exp or {}, ("compare", spec)))
            for spec, exp in data["compare"].items()]


def _build(path, data, smap, ruleset, name, extra) -> Scenario:
    display = str(path)
    problems: list[Problem] = []
    where_ruleset = ("compare", name) if extra else ("ruleset",)
    if ruleset is None:
        spec = name
        if "/" in spec or spec.endswith((".yaml", ".yml")):
            spec = str((path.parent / spec).resolve())
        try:
            ruleset = load_ruleset(spec, options=data.get("options"))
        except DataError as exc:
            raise DataError([smap.problem(where_ruleset, f"the ruleset has errors: {p}")
                             for p in exc.problems]) from None
        except TortugaError as exc:
            raise DataError([smap.problem(where_ruleset, str(exc))]) from None
    rules = ruleset
    players = data["players"]
    if not rules.min_players <= players <= rules.max_players:
        raise DataError([smap.problem(("players",), f"{rules.name} is for {rules.min_players}"
                                                    f"-{rules.max_players} players")])
    position = data.get("position", {})
    start = _position(rules, players, data.get("seed", 0), position, smap, problems, path)
    steps = tuple(_step(rules, players, i, raw, smap, problems)
                  for i, raw in enumerate(data.get("steps", [])))
    expect = tuple(_expectations(data.get("expect", {}), ("expect",), smap))
    title = data["title"]
    if extra:
        expect += tuple(_expectations(extra[0], extra[1], smap))
        title = f"{title} [{name}]"
    for i, cid in enumerate(data.get("covers", [])):
        if cid not in rules.clauses:
            problems.append(smap.problem(("covers", i), f"unknown clause {cid!r}"
                                                        f"{did_you_mean(cid, rules.clauses)}"))
    if problems:
        raise DataError(problems)
    return Scenario(display, title, data.get("source", ""), rules, players, start,
                    steps, expect, tuple(data.get("covers", [])),
                    position.get("at") == "setup")


def _stepschema_problem(err, smap) -> Problem:
    if err.validator == "oneOf" and len(err.absolute_path) == 2 and err.absolute_path[0] == "steps":
        return smap.problem(tuple(err.absolute_path),
                            "a step needs exactly one of action, choose or vote (or only random)")
    return schema_problem(err, smap)


# -- positions ---------------------------------------------------------------------------

def _position(rules, players, seed, pos, smap, problems, path) -> GameState | None:
    where = ("position",)
    if "saved" in pos:
        file = path.parent / pos["saved"]
        try:
            state = GameState.from_json(file.read_text(encoding="utf-8"), rules)
        except OSError as exc:
            problems.append(smap.problem(where + ("saved",), f"cannot read {file}: {exc.strerror}"))
            return None
        except TortugaError as exc:
            problems.append(smap.problem(where + ("saved",), str(exc)))
            return None
        if state.players != players:
            problems.append(smap.problem(where + ("saved",), f"the saved game has {state.players}"
                                                             f" players, the scenario {players}"))
        base = state
    else:
        base = new_game(rules, players, seed)
        if pos.get("at") == "setup":
            return base
        while base.decision is not None and base.decision.kind != "action":
            base = apply_action(base, legal_actions(base)[0])
    changes: dict = {}
    n = players

    def seat_ok(seat, p):
        if not 0 <= int(seat) < n:
            problems.append(smap.problem(p, f"no seat {seat} in a {n}-player game (seats 0-{n - 1})"))
            return False
        return True

    if "loyalty" in pos:
        loyal = list(base.loyalty)
        raw = pos["loyalty"]
        items = enumerate(raw) if isinstance(raw, list) else ((int(k), v) for k, v in raw.items())
        if isinstance(raw, list) and len(raw) != n:
            problems.append(smap.problem(where + ("loyalty",), f"{len(raw)} loyalties for {n} players"))
        for seat, team in items:
            if seat_ok(seat, where + ("loyalty",)) and seat < n:
                loyal[seat] = team
        changes["loyalty"] = tuple(loyal)
    if "places" in pos:
        lines = [()] * len(Place)
        for name, seats in pos["places"].items():
            for s in seats:
                seat_ok(s, where + ("places", name))
            lines[_PLACES[name]] = tuple(seats)
        changes["lines"] = tuple(lines)
    if "sunk_rowboats" in pos:
        changes["sunk"] = tuple(str(b) in pos["sunk_rowboats"] for b in (Place.FLYING_DUTCHMAN_BOAT,
                                                                        Place.JOLLY_ROGER_BOAT))
    if "chests" in pos:
        chests = [0] * len(ChestSpot)
        for name, k in pos["chests"].items():
            chests[_SPOTS[name]] = k
        changes["chests"] = tuple(chests)
    vote_ids = set(rules.vote_cards)
    if "hands" in pos or "vote_deck" in pos:
        hands = [tuple(h) for h in base.hands]
        taken = set()
        for seat, cards in pos.get("hands", {}).items():
            for i, c in enumerate(cards):
                if c not in vote_ids:
                    problems.append(smap.problem(where + ("hands", seat, i), f"unknown vote card "
                                                 f"{c!r}{did_you_mean(c, vote_ids)}"))
                elif c in taken:
                    problems.append(smap.problem(where + ("hands", seat, i), f"vote card {c!r} is "
                                                                             "given twice"))
                taken.add(c)
            if seat_ok(seat, where + ("hands", seat)):
                hands[int(seat)] = tuple(cards)
        top = list(pos.get("vote_deck", []))
        for i, c in enumerate(top):
            if c not in vote_ids:
                problems.append(smap.problem(where + ("vote_deck", i), f"unknown vote card {c!r}"
                                                                       f"{did_you_mean(c, vote_ids)}"))
            elif c in taken:
                problems.append(smap.problem(where + ("vote_deck", i), f"vote card {c!r} is given twice"))
            taken.add(c)
        given = {int(s) for s in pos.get("hands", {})}
        for seat in range(n):
            if seat not in given:
                hands[seat] = tuple(c for c in hands[seat] if c not in taken)
        held = {c for h in hands for c in h}
        rest = [c for c in sorted(vote_ids) if c not in held and c not in top]
        changes["hands"] = tuple(hands)
        changes["vote_deck"] = tuple(top + rest)
    event_ids = set(rules.event_cards)
    for key in ("event_deck", "discard"):
        if key in pos:
            for i, c in enumerate(pos[key]):
                if c not in event_ids:
                    problems.append(smap.problem(where + (key, i), f"unknown event card {c!r}"
                                                                   f"{did_you_mean(c, event_ids)}"))
            changes[key] = tuple(pos[key])
    if "row" in pos:
        row = pos["row"]
        if len(row) != rules.row_size:
            problems.append(smap.problem(where + ("row",), f"the row has {rules.row_size} slots, "
                                                           f"{len(row)} given"))
        for i, c in enumerate(row):
            if c is not None and c not in event_ids:
                problems.append(smap.problem(where + ("row", i), f"unknown event card {c!r}"
                                                                 f"{did_you_mean(c, event_ids)}"))
        changes["row"] = tuple(row)
        changes["seen"] = (0,) * n
    for key in ("kept", "marks"):  # per-seat lists of names; seats not given keep theirs
        if key in pos:
            per_seat = [tuple(k) for k in getattr(base, key)]
            for seat, names in pos[key].items():
                if seat_ok(seat, where + (key, seat)):
                    per_seat[int(seat)] = tuple(names)
            changes[key] = tuple(per_seat)
    if "seen" in pos:
        seen = list(changes.get("seen", base.seen))
        for seat, slots in pos["seen"].items():
            if seat_ok(seat, where + ("seen", seat)):
                seen[int(seat)] = sum(1 << (s - 1) for s in slots)
        changes["seen"] = tuple(seen)
    if "tiebreak" in pos:
        changes["tiebreak"] = pos["tiebreak"]
    turn = pos.get("turn", base.turn)
    if seat_ok(turn, where + ("turn",)):
        changes["turn"] = turn
        changes["actions_left"] = pos.get("actions_left", rules.actions_per_turn(n))
        changes["decision"] = Decision(turn, "action", clause="turn.actions")
        changes["frames"] = ()
        changes["vote"] = None
        changes["events"] = ()
    if problems:
        return None
    state = base._evolve(**changes)
    for text in position_problems(state):
        problems.append(smap.problem(where, f"impossible position: {text}"))
    return state


# -- steps and expectations ------------------------------------------------------------------

def _step(rules, players, i, raw, smap, problems) -> Step:
    path = ("steps", i)
    line = smap.at(path).line
    seat = raw.get("seat")
    if seat is not None and not 0 <= seat < players:
        problems.append(smap.problem(path + ("seat",), f"no seat {seat} in a {players}-player game"))
    randoms = tuple((k, decode_value(v)) for k, v in raw.get("random", {}).items())
    expect = tuple(_expectations(raw.get("expect", {}), path + ("expect",), smap))
    common = dict(number=i + 1, seat=seat, rejected=raw.get("rejected"), random=randoms,
                  expect=expect, line=line)
    if "rejected" in raw and isinstance(raw["rejected"], str) and raw["rejected"] not in rules.clauses:
        problems.append(smap.problem(path + ("rejected",), f"unknown clause {raw['rejected']!r}"
                                                           f"{did_you_mean(raw['rejected'], rules.clauses)}"))
    if "action" in raw:
        spec = raw["action"]
        spec = {"kind": spec} if isinstance(spec, str) else dict(spec)
        kind = spec.pop("kind")
        act = rules.action_def(kind)
        if act is None and raw.get("rejected") not in (None, False):
            # refusing an action the ruleset does not have is itself a rule to check
            return Step(kind="action", action=Action(kind, tuple(
                (k, decode_value(v)) for k, v in spec.items())), **common)
        if act is None:
            problems.append(smap.problem(path + ("action",), f"unknown action {kind!r}"
                                                             f"{did_you_mean(kind, rules.action_ids)}; the "
                                                             f"actions are {', '.join(rules.action_ids)}"))
            return Step(kind="action", action=None, **common)
        names = [p.name for p in act.params]
        for k in spec:
            if k not in names:
                problems.append(smap.problem(path + ("action", k), f"{kind} has no parameter {k!r}"
                                                                   f"{did_you_mean(k, names)}; its parameters "
                                                                   f"are {names or 'none'}"))
        missing = [k for k in names if k not in spec]
        if missing:
            problems.append(smap.problem(path + ("action",), f"{kind} needs {', '.join(missing)}"))
        action = Action(kind, tuple((k, decode_value(spec.get(k))) for k in names))
        return Step(kind="action", action=action, **common)
    if "choose" in raw:
        return Step(kind="choose", action=None, value=decode_value(raw["choose"]), **common)
    if "vote" in raw:
        cards = raw["vote"] if isinstance(raw["vote"], list) else [raw["vote"]]
        for c in cards:
            if c not in rules.vote_cards:
                problems.append(smap.problem(path + ("vote",), f"unknown vote card {c!r}"
                                                               f"{did_you_mean(c, rules.vote_cards)}"))
        value = tuple(sorted(cards)) if isinstance(raw["vote"], list) else raw["vote"]
        return Step(kind="vote", action=None, value=value, **common)
    return Step(kind="random", action=None, **common)


def _expectations(mapping, path, smap):
    for key, value in mapping.items():
        yield key, value, smap.at(path + (key,)).line


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
    state = sc.start
    file = sc.file
    failures: list[str] = []
    clauses = set()
    if sc.at_setup:
        clauses.update(e[0] for e in state.events if e[0])
    results = []
    for step in sc.steps:
        before = state
        if step.random:
            state = state._evolve(rigged=state.rigged + step.random)
        if step.kind == "random":
            results.append(StepResult(step, before, state))
            continue
        d = state.decision
        where = f"step {step.number}"
        if d is None:
            failures.append(f"{file}:{step.line}: {where}: the game is already over")
            break
        if step.seat is not None and step.seat != d.seat:
            failures.append(f"{file}:{step.line}: {where}: the game waits for seat {d.seat} "
                            f"({d.kind}{' ' + d.name if d.name else ''}), not seat {step.seat}")
            break
        if step.kind == "action":
            action = step.action
        elif step.kind == "choose":
            action = Action("choose", ((d.name or "value", step.value),))
        elif isinstance(step.value, tuple):
            action = Action("vote", (("cards", step.value),))
        else:
            action = Action("vote", (("card", step.value),))
        try:
            after = apply_action(state, action)
        except IllegalActionError as exc:
            if exc.clause:
                clauses.add(exc.clause)
            results.append(StepResult(step, before, state, action, exc))
            if step.rejected is None or step.rejected is False:
                failures.append(f"{file}:{step.line}: {where}: {action} was refused: {exc.reason}")
                break
            if isinstance(step.rejected, str) and exc.clause != step.rejected:
                failures.append(f"{file}:{step.line}: {where}: refused by clause {exc.clause}, "
                                f"expected {step.rejected}")
            _check(step.expect, state, file, failures, where)
            continue
        except RiggedError as exc:
            failures.append(f"{file}:{step.line}: {where}: {exc}")
            break
        if step.rejected not in (None, False):
            failures.append(f"{file}:{step.line}: {where}: {action} was accepted but should be "
                            f"refused" + (f" by {step.rejected}" if isinstance(step.rejected, str)
                                          else ""))
        clauses.update(e[0] for e in after.events if e[0])
        results.append(StepResult(step, before, after, action))
        state = after
        _check(step.expect, state, file, failures, where)
    else:
        if state.rigged:
            failures.append(f"{file}: fixed random outcomes never drawn: {list(state.rigged)}")
        _check(sc.expect, state, file, failures, "at the end")
    for cid in sc.covers:
        if cid not in clauses:
            failures.append(f"{file}: covers {cid}, but no step cites it")
    return ScenarioResult(sc, tuple(results), tuple(failures), frozenset(clauses))
