"""An explained outcome: a scenario's trace, every change with the clause behind it.

:func:`explain` turns a :class:`~tortuga_rules.lawyer.scenario.ScenarioResult` into
lines of text: the position, then for each step what was done, every change it
caused with the clause that applies, its wording and source, and which card, vote
or action brought it about; a refused step says why not and what would be legal;
the end says whether every expectation was met.
"""

from __future__ import annotations

import re

from ..game.kit.words import KitNarrator
from ..game.view import view
from ..model.events import EVERYONE, LogEvent

__all__ = ["explain"]


def explain(result) -> list[str]:
    """The trace of a scenario run, as lines of text."""
    sc = result.scenario
    lines = [f"Scenario: {sc.title}"]
    if sc.source:
        lines.append(f"Source: {sc.source}")
    if sc.rules is None:  # refused while loading, as the scenario expects
        lines.append("Refused while loading:")
        lines.extend(f"  {p}" + (f"  [{p.clause}]" if p.clause else "") for p in sc.refused)
    elif "kit" in sc.rules.tables:
        lines.extend(_kit_trace(sc, result))
    else:
        rules = sc.rules
        narrator = rules.game.narrator.for_game(rules, sc.players)
        lines.append(f"Ruleset: {rules.name} ({rules.id}, {rules.hash}); {sc.players} players")
        lines.append(narrator.board(sc.start))
        for sr in result.steps:
            lines.extend(_step(narrator, sr))
    lines.append("")
    if result.passed:
        lines.append("All expectations met.")
    else:
        lines.append("Expectations NOT met:")
        lines.extend(f"  {line}" for line in result.failures)
    return lines


def _because(rules, clause) -> str:
    c = rules.clauses.get(clause)
    return (f"{clause}: {c.text} ({c.source})" if c else str(clause)) + _patched(rules, clause)


def _patched(rules, clause) -> str:
    """Where the rules' patches change a statement ``clause`` tags, or put one it tags."""
    tag = re.compile(rf"@{re.escape(str(clause))}(?![\w.-])")
    at = [p["at"] for p in rules.data.get("patches") or ()
          if clause in (p.get(k) for k in ("replace", "before", "after", "remove"))
          or tag.search(str(p.get("with", "")))]
    return f"; patched at {', '.join(at)}" if at else ""


def _step(narrator, sr) -> list[str]:
    """One step: what was done, then why it was refused or what it changed and why."""
    step = sr.step
    if sr.action is None:
        return ["", f"Step {step.number}: random outcomes fixed: {list(step.random)}"]
    seat = sr.before.decision.seat
    lines = ["", f"Step {step.number}: {narrator.action(seat, sr.action.kind, sr.action.args)}"]
    if sr.refusal is None:
        return lines + _changes(narrator, sr)
    r = sr.refusal
    lines.append(f"  REFUSED: {r.reason}")
    if r.clause:
        lines.append(f"    because {_because(narrator.rules, r.clause)}")
    if r.remedy:
        lines.append(f"    it would be legal to {r.remedy}")
    return lines


def _origin(narrator, sr) -> str:
    """What a step's changes stem from when no card or vote is under way."""
    base = f"the {sr.action.kind} action"
    paused = [fr.program for fr in sr.before.frames if not fr.program.startswith("builtin:")]
    if sr.action.kind in ("choose", "vote") and paused:
        what, _, name = paused[-1].partition(":")
        base = {"action": f"the {name} action", "setup": "the setup"}.get(what, base)
    return base


def _changes(narrator, sr) -> list[str]:
    """Every event of a step, with the clause that applies and what caused it."""
    rules = narrator.rules
    cards = [narrator.card(c) for c in sr.before.resolving]
    base = _origin(narrator, sr)
    vote = sr.before.vote.kind if sr.before.vote is not None else None
    stated = None
    lines = []
    for ev in sr.after.events:
        clause, kind, _, values = LogEvent.of(ev)
        if kind == "reveal":
            cards.append(narrator.card(values[2]))
        elif kind == "vote-call":
            vote = values[0]
        if cards:
            cause = f"card {cards[-1]}"
        elif vote:
            cause = f"the {vote.capitalize()} vote"
        else:
            cause = base
        if kind == "rule":
            lines.append(f"  * {cause} applies {_because(rules, clause)}")
            stated = clause
            continue
        lines.append(f"  - {narrator.event(ev)}")
        if clause and clause != stated:
            lines.append(f"      by {cause}: {_because(rules, clause)}")
        if kind == "discard" and cards:
            cards.pop()
        elif kind == "vote-return":
            vote = None
    return lines


def _kit_trace(sc, result) -> list[str]:
    """The trace of a scenario of a kit game (the dice game): the position, then each step
    with every change it caused and the clause behind it."""
    rules = sc.rules
    words = KitNarrator(rules)
    lines = [f"Ruleset: {rules.name} ({rules.id}, {rules.hash}); {sc.players} players",
             words.board(view(sc.start))]
    for ev in sc.start.events:
        clause = LogEvent.of(ev).clause
        if ev[1] != "rule" and words.sentence(ev):
            lines.append(f"  - {words.sentence(ev)}" + (f"  [{clause}]" if clause else ""))
    for sr in result.steps:
        step = sr.step
        if sr.action is None:
            lines += ["", f"Step {step.number}: random outcomes fixed: {list(step.random)}"]
            continue
        seat = sr.before.decision.seat
        value = sr.action.args[0][1] if sr.action.args else None
        lines += ["", f"Step {step.number}: {words.seat(seat)} chooses {words.value(value)}"
                      f" ({words.prompt(sr.before.decision)})"]
        if sr.refusal is not None:
            lines.append(f"  REFUSED: {sr.refusal.reason}")
            if sr.refusal.clause:
                lines.append(f"    because {_because(rules, sr.refusal.clause)}")
            continue
        stated = None
        for ev in sr.after.events:
            clause, kind, to, _ = LogEvent.of(ev)
            if kind == "rule":
                lines.append(f"  * applies {_because(rules, clause)}")
                stated = clause
                continue
            text = words.sentence(ev)
            if text:
                who = "" if to == EVERYONE else f"(seen by {words.seat(to) if to >= 0 else 'the referee'}) "
                lines.append(f"  - {who}{text}")
                if clause and clause != stated:
                    lines.append(f"      by {_because(rules, clause)}")
    return lines
