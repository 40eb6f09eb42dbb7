"""A ruleset's rulebook, generated from its data: every clause, in the rulebooks' order.

:func:`rulebook` lists a ruleset's clauses grouped in chapters, each with its id, its
wording and its source. The chapters are the game's (its ``GameKind.chapters``: Tortuga
1667's follow its printed rulebooks, one section per event card); a game without them has
its clauses grouped by their id's first two parts, in file order. Clauses a variant adds
or rewords are marked with the variant; the options in force head the page. A house-rule
author prints their variant's rulebook; a rules lawyer links a clause by its id.
"""

from __future__ import annotations

from ..game.language import check_language, translations

__all__ = ["rulebook"]


def _changed_by(rules) -> dict:
    """Clause id -> the variants that add or reword it."""
    out: dict = {}
    for variant, ids in rules.changed_clauses.items():
        for cid in ids:
            out.setdefault(cid, []).append(variant)
    return out


def rulebook(rules, lang: str = "en") -> list[str]:
    """The rulebook of ``rules`` as lines of text (Markdown); in ``lang``, each clause in
    that language's rulebook's words (our statement translated where no rulebook says it,
    marked as such), the headings and notes translated."""
    lang = check_language(lang)
    tr = translations(lang).gettext
    chapters = (rules.game.chapters or _plain_chapters)(rules, lang)
    changed = _changed_by(rules)
    shown = sum(len(clauses) for _, clauses in chapters)
    lines = [f"# {rules.name}", "", tr("Ruleset `{id}` (content hash {hash}), {min}-{max} "
                                       "players, {n} clauses.").format(
        id=rules.id, hash=rules.hash, min=rules.min_players, max=rules.max_players, n=shown)]
    if rules.options:
        lines += ["", tr("Options in force: {options}").format(options="; ".join(
            f"`{k}` = {v}" for k, v in sorted(rules.options.items())))]
    for heading, clauses in chapters:
        lines += ["", heading, ""]
        for clause in clauses:
            lines.append(_line(clause, lang, tr, changed.get(clause.id, ())))
    return lines


def _line(clause, lang: str, tr, by) -> str:
    """One clause of the rulebook: id, words, who changed it, where the rulebooks say it."""
    text, kind, first = clause.words(lang)
    mark = " *(" + tr("changed by {variants}").format(variants=", ".join(by)) + ")*" if by else ""
    if lang != "en" and kind != "quote":
        mark += " *(" + tr("no rulebook in this language says it: our wording") + ")*"
    if first:
        mark += " *(" + tr("the 1st edition says: {text}").format(text=first) + ")*"
    return f"- **`{clause.id}`** {text}{mark} — {clause.source}"


def _plain_chapters(rules, lang: str = "en") -> list:
    """The chapters of a game whose clauses are grouped by their id's first two parts
    (``dice.roll.choose`` under ``dice.roll``), in the order the rules file gives them; a
    group's title is the file's ``words.sections`` entry for it, if any."""
    titles = rules.tables.get("words", {}).get("sections", {})
    groups: dict = {}
    for cid, clause in rules.clauses.items():
        groups.setdefault(".".join(cid.split(".")[:2]), []).append(clause)
    return [(f"## {_title(titles.get(key.split('.', 1)[-1], {}), lang, key)}", clauses)
            for key, clauses in groups.items()]


def _title(names: dict, lang: str, key: str) -> str:
    return names.get(lang) or names.get("en") or key
