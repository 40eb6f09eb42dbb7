"""Rules scenarios: a position, some steps, and what the rules say must follow.

A scenario file (YAML, ``schema/scenario.schema.json``, documented in
``docs/scenarios.md``) names a ruleset, gives a position explicitly (anything it
leaves out comes from a seeded setup, built by the game's ``position``), lists steps -
an action, a choice or a vote by a named seat, optionally with random outcomes fixed
in advance - and states expectations on the resulting position, on the winner, or
that a step is refused (by the clause that forbids it, or with words of its reason).
A file may hold several ``cases`` sharing its ruleset, players and position.
:func:`load_scenarios` checks the file and reports every mistake as
``file:line:col: message``, and keeps what is legal but likely not meant as warnings;
:func:`~tortuga_rules.lawyer.runner.run_scenario` plays each scenario.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from ..data.loader import load_ruleset
from ..data.reader import Reader
from ..data.schema import schema_problem, validator
from ..data.sources import is_path
from ..data.yamlsource import SourceMap, load_yaml, read_text
from ..errors import DataError, Problem, TortugaError, did_you_mean
from ..model.actions import Action
from ..model.state import GameState, decode_value
from .expectations import matcher_problem

__all__ = ["Scenario", "Step", "Refusal", "load_scenario", "load_scenarios", "scenario_files",
           "random_outcomes"]


@attrs.frozen
class Refusal:
    """How a step must be refused: by ``clause`` (its id), with ``reason`` (words of the
    reason given), or both; None for either leaves it open."""

    clause: str | None = None
    reason: str | None = None

    def __str__(self) -> str:
        parts = [f"by {self.clause}"] if self.clause else []
        if self.reason:
            parts.append(f"saying {self.reason!r}")
        return " ".join(parts)


@attrs.frozen
class Step:
    """One step of a scenario, as written."""

    number: int
    seat: int | None
    kind: str  # "action" | "choose" | "vote" | "random"
    action: Action | None  # for "action" steps
    value: object = None  # for "choose" / "vote"
    #: None (it must be taken), True (refused for any reason), or a :class:`Refusal`
    rejected: object = None
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
    #: the position starts ``at`` a point of the game (the setup, a statement of its play):
    #: what the start did is part of the trace
    at_start: bool = False
    #: ``({"clause": ..., "message": ...}, line)`` when the scenario must be refused
    expect_error: tuple | None = None
    #: the problems loading met (a scenario that expects an error)
    refused: tuple = ()
    #: what is legal but likely not what the author meant (:class:`Problem` s, located)
    warnings: tuple = ()


def scenario_files(paths) -> list[Path]:
    """Every ``*.yaml`` scenario file under ``paths`` (files or folders), sorted.

    A file named is taken as it is; in a folder, files that are plainly something else
    (a house rule's variant and card files beside its scenarios: no ``title`` and
    ``players``) are passed over.
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(f for f in sorted(p.rglob("*.yaml")) if _looks_like_scenario(f))
        else:
            out.append(p)
    return out


def _looks_like_scenario(path: Path) -> bool:
    """False for a YAML mapping with neither ``title`` nor ``players`` at its top level
    (anything unreadable is kept, so that its problem is reported)."""
    data, _ = Reader().read(path, str(path))
    return not isinstance(data, dict) or "title" in data or "players" in data


def _read(path):
    path = Path(path)
    display = str(path)
    data, smap = load_yaml(read_text(path, display), display)
    if not isinstance(data, dict):
        raise DataError([smap.problem((), "a scenario is a mapping with title, players, "
                                          "position, steps and expect")])
    errors = sorted(validator("scenario").iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise DataError([_step_schema_problem(e, smap) for e in errors])
    return path, data, smap


def load_scenario(path, ruleset=None) -> Scenario:
    """Read and check the scenario file at ``path``; raise :class:`DataError` if wrong.

    A file with ``cases`` or ``compare`` holds several scenarios; this returns the first
    (see :func:`load_scenarios`).
    """
    return load_scenarios(path, ruleset)[0]


def load_scenarios(path, ruleset=None) -> list:
    """The scenarios of the file at ``path``: one per case (``cases``), each once per
    ruleset under its ``compare``.

    ``cases`` share what the file gives besides them (ruleset, players, position, ...): a
    case's own keys replace the file's, and its ``position`` keys replace those of the
    file's position one by one. ``compare`` maps ruleset specs to extra expectations: the
    same position and steps are played under each ruleset, which shows what a variant
    changes. Every mistake of every case is reported at once.
    """
    path, data, smap = _read(path)
    problems: list[Problem] = []
    out = []
    for case, where in _cases(data, smap):
        try:
            out.extend(_case_scenarios(path, case, where, ruleset))
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return out


def _cases(data: dict, smap) -> list:
    """``(data, source map)`` per case of a file: the file itself when it has no ``cases``."""
    if "cases" not in data:
        return [(data, smap)]
    shared = {k: v for k, v in data.items() if k != "cases"}
    out = []
    for i, case in enumerate(data["cases"]):
        merged = {**shared, **case, "title": f"case {i + 1}: {case['title']}"}
        if "position" in shared and "position" in case:
            merged["position"] = {**shared["position"], **case["position"]}
        out.append((merged, _CaseMap(smap, ("cases", i))))
    return out


@attrs.frozen
class _CaseMap:
    """The source map of one case of a file: a path is located in the case when the case
    gives it, else in the file's shared keys."""

    smap: SourceMap
    prefix: tuple

    @property
    def file(self) -> str:
        return self.smap.file

    def at(self, path):
        path = tuple(path)
        for n in range(len(path), 0, -1):
            for full in (self.prefix + path[:n], path[:n]):
                pos = self.smap.positions.get(full)
                if pos is not None:
                    return pos
        return self.smap.at(self.prefix)

    def problem(self, path, message: str, clause=None) -> Problem:
        pos = self.at(path)
        return Problem(self.file, pos.line, pos.col, message, clause)


def _case_scenarios(path, data, smap, ruleset) -> list:
    """The scenarios of one case: one, or one per ruleset under its ``compare``."""
    specs: list[tuple]
    if "players" not in data:
        raise DataError([smap.problem(("title",), "'players' is missing: give it for the "
                                                  "file or for this case")])
    if "compare" not in data:
        specs = [(ruleset, data.get("ruleset", "standard"), None)]
    else:
        specs = [(None, spec, (exp or {}, ("compare", spec)))
                 for spec, exp in data["compare"].items()]
    return [_build_or_refusal(path, data, smap, *spec) for spec in specs]


def _build_or_refusal(path, data, smap, ruleset, name, extra) -> Scenario:
    """The scenario; or, for one that ``expect_error`` s, the refusal it meets loading."""
    if "expect_error" not in data:
        return _build(path, data, smap, ruleset, name, extra)
    try:
        sc = _build(path, data, smap, ruleset, name, extra)
    except DataError as exc:
        sc = Scenario(str(path), data["title"], data.get("source", ""), None, data["players"],
                      refused=exc.problems)
    line = smap.at(("expect_error",)).line
    return attrs.evolve(sc, expect_error=(data["expect_error"], line))


def _ruleset(path, data, smap, name, where):
    """The ruleset ``name`` names (a path relative to the scenario file), with the file's
    options."""
    spec = str((path.parent / name).resolve()) if is_path(name) else name
    try:
        return load_ruleset(spec, options=data.get("options"))
    except DataError as exc:
        raise DataError([smap.problem(where, f"the ruleset has errors: {p}")
                         for p in exc.problems]) from None
    except TortugaError as exc:
        raise DataError([smap.problem(where, str(exc))]) from None


def _build(path, data, smap, ruleset, name, extra) -> Scenario:
    display = str(path)
    problems: list[Problem] = []
    warnings: list[Problem] = []
    rules = ruleset
    if rules is None:
        rules = _ruleset(path, data, smap, name, ("compare", name) if extra else ("ruleset",))
    players = data["players"]
    if not rules.min_players <= players <= rules.max_players:
        raise DataError([smap.problem(("players",), f"{rules.name} is for {rules.min_players}"
                                                    f"-{rules.max_players} players",
                                      "setup.players")])
    position = data.get("position", {})
    start = rules.game.position(rules, players, data.get("seed", 0), position, smap, problems,
                                path, warnings=warnings)
    steps = tuple(_step(rules, players, i, raw, smap, problems, warnings)
                  for i, raw in enumerate(data.get("steps", [])))
    expect = tuple(_expectations(data.get("expect", {}), ("expect",), smap, problems))
    title = data["title"]
    if extra:
        expect += tuple(_expectations(extra[0], extra[1], smap, problems))
        title = f"{title} [{name}]"
    for i, cid in enumerate(data.get("covers", [])):
        if cid not in rules.clauses:
            problems.append(smap.problem(("covers", i), f"unknown clause {cid!r}"
                                                        f"{did_you_mean(cid, rules.clauses)}"))
    if problems:
        raise DataError(problems)
    assert start is not None  # the game's position builder reports each failure as a problem
    return Scenario(display, title, data.get("source", ""), rules, players, start,
                    steps, expect, tuple(data.get("covers", [])),
                    "at" in position, warnings=tuple(warnings))


def _step_schema_problem(err, smap) -> Problem:
    path = tuple(err.absolute_path)
    if err.validator == "oneOf" and len(path) in (2, 4) and path[-2] == "steps":
        return smap.problem(path, "a step needs exactly one of action, choose or vote (or "
                                  "only random)")
    return schema_problem(err, smap)


# -- steps -------------------------------------------------------------------------------------

def _step(rules, players, i, raw, smap, problems, warnings) -> Step:
    path = ("steps", i)
    seat = raw.get("seat")
    if seat is not None and not 0 <= seat < players:
        problems.append(smap.problem(path + ("seat",),
                                     f"no seat {seat} in a {players}-player game"))
    rejected = _rejected(rules, raw.get("rejected"), path + ("rejected",), smap, problems,
                         warnings)
    enums = rules.game.enums
    common = dict(number=i + 1, seat=seat, rejected=rejected,
                  random=random_outcomes(raw.get("random", {}), enums),
                  expect=tuple(_expectations(raw.get("expect", {}), path + ("expect",), smap,
                                             problems)),
                  line=smap.at(path).line)
    if "action" in raw:
        return Step(kind="action", action=_turn_action(rules, raw, path, smap, problems), **common)
    if "choose" in raw:
        return Step(kind="choose", action=None, value=decode_value(raw["choose"], enums),
                    **common)
    if "vote" in raw:
        return Step(kind="vote", action=None, value=_vote(rules, raw, path, smap, problems),
                    **common)
    return Step(kind="random", action=None, **common)


def _rejected(rules, raw, path, smap, problems, warnings):
    """What a step's ``rejected`` asks: None, True, or a :class:`Refusal` (a clause id
    written alone is one by that clause); an unknown clause is a problem, a bare ``true``
    a warning (it accepts any refusal, even one by the wrong seat)."""
    if raw is None or raw is False:
        return None
    if raw is True:
        warnings.append(smap.problem(path, "'rejected: true' accepts any refusal, even a step "
                                           "by a seat the game is not waiting for: name the "
                                           "clause ('rejected: {clause: ...}') or words of the "
                                           "reason ('rejected: {reason: ...}')"))
        return True
    refusal = Refusal(clause=raw) if isinstance(raw, str) else Refusal(**raw)
    cid = refusal.clause
    if cid is not None and cid not in rules.clauses and cid != "decision.seat":
        where = path if isinstance(raw, str) else path + ("clause",)
        problems.append(smap.problem(where, f"unknown clause {cid!r}"
                                            f"{did_you_mean(cid, rules.clauses)}"))
    return refusal


def random_outcomes(raw, enums) -> tuple:
    """``((purpose, value), ...)`` of a ``random`` mapping, or of a list of pairs (in the
    order they are drawn, a purpose repeated as often as it is drawn)."""
    pairs = raw.items() if isinstance(raw, dict) else raw
    return tuple((k, decode_value(v, enums)) for k, v in pairs)


def _turn_action(rules, raw, path, smap, problems) -> Action | None:
    """The turn action a step names, its parameters checked against the catalogue."""
    spec = raw["action"]
    spec = {"kind": spec} if isinstance(spec, str) else dict(spec)
    kind = spec.pop("kind")
    act = rules.action_def(kind)
    if act is None and raw.get("rejected") not in (None, False):
        # refusing an action the ruleset does not have is itself a rule to check
        return Action(kind, tuple((k, decode_value(v, rules.game.enums)) for k, v in spec.items()))
    if act is None:
        hint = did_you_mean(kind, rules.action_ids)
        problems.append(smap.problem(path + ("action",),
                                     f"unknown action {kind!r}{hint}; the actions are "
                                     f"{', '.join(rules.action_ids)}"))
        return None
    names = [p.name for p in act.params]
    for k in spec:
        if k not in names:
            problems.append(smap.problem(path + ("action", k),
                                         f"{kind} has no parameter {k!r}{did_you_mean(k, names)}; "
                                         f"its parameters are {names or 'none'}"))
    missing = [k for k in names if k not in spec]
    if missing:
        problems.append(smap.problem(path + ("action",), f"{kind} needs {', '.join(missing)}"))
    return Action(kind, tuple((k, decode_value(spec.get(k), rules.game.enums)) for k in names))


def _vote(rules, raw, path, smap, problems):
    """The vote card (or, as a sorted tuple, the cards) a step plays."""
    cards = raw["vote"] if isinstance(raw["vote"], list) else [raw["vote"]]
    known = getattr(rules, "vote_cards", None)  # a game of vote cards (Tortuga 1667)
    if known is None:
        problems.append(smap.problem(path + ("vote",), f"{rules.game.name} has no vote cards"))
        return None
    for c in cards:
        if c not in known:
            problems.append(smap.problem(path + ("vote",), f"unknown vote card {c!r}"
                                                           f"{did_you_mean(c, known)}"))
    return tuple(sorted(cards)) if isinstance(raw["vote"], list) else raw["vote"]


def _expectations(mapping, path, smap, problems):
    """``(path, value, line)`` per expectation; a malformed matcher is a located problem."""
    for key, value in mapping.items():
        wrong = matcher_problem(value)
        if wrong:
            problems.append(smap.problem(path + (key,), wrong))
        yield key, value, smap.at(path + (key,)).line


