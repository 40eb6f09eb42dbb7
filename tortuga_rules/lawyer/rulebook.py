"""A ruleset's rulebook, generated from its data: every clause, in the rulebooks' order.

:func:`rulebook` lists a ruleset's clauses grouped in chapters, each with its id, its
wording and its source. The chapters are the game's (its ``GameKind.chapters``: Tortuga
1667's follow its printed rulebooks, one section per event card); a game without them has
its clauses grouped by their id's first two parts, in file order. Clauses a variant adds
or rewords are marked with the variant; the options in force head the page. A house-rule
author prints their variant's rulebook; a rules lawyer links a clause by its id.
"""

from __future__ import annotations

__all__ = ["rulebook"]


def _changed_by(rules) -> dict:
    """Clause id -> the variants that add or reword it."""
    out: dict = {}
    for variant, ids in rules.changed_clauses.items():
        for cid in ids:
            out.setdefault(cid, []).append(variant)
    return out


def rulebook(rules) -> list[str]:
    """The rulebook of ``rules`` as lines of text (Markdown)."""
    chapters = (rules.game.chapters or _plain_chapters)(rules)
    changed = _changed_by(rules)
    shown = sum(len(clauses) for _, clauses in chapters)
    lines = [f"# {rules.name}", "", f"Ruleset `{rules.id}` (content hash {rules.hash}), "
             f"{rules.min_players}-{rules.max_players} players, {shown} clauses."]
    if rules.options:
        lines += ["", "Options in force: " + "; ".join(
            f"`{k}` = {v}" for k, v in sorted(rules.options.items()))]
    for heading, clauses in chapters:
        lines += ["", heading, ""]
        for clause in clauses:
            by = ", ".join(changed.get(clause.id, ()))
            mark = f" *(changed by {by})*" if by else ""
            lines.append(f"- **`{clause.id}`** {clause.text}{mark} — {clause.source}")
    return lines


def _plain_chapters(rules) -> list:
    """The chapters of a game whose clauses are grouped by their id's first two parts
    (``dice.roll.choose`` under ``dice.roll``), in the order the rules file gives them; a
    group's title is the file's ``words.sections`` entry for it, if any."""
    titles = rules.tables.get("words", {}).get("sections", {})
    groups: dict = {}
    for cid, clause in rules.clauses.items():
        groups.setdefault(".".join(cid.split(".")[:2]), []).append(clause)
    return [(f"## {titles.get(key.split('.', 1)[-1], {}).get('en', key)}", clauses)
            for key, clauses in groups.items()]
