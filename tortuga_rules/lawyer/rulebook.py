"""A ruleset's rulebook, generated from its data: every clause, in the rulebooks' order.

:func:`rulebook` lists a ruleset's clauses grouped as the printed rulebooks are
(setup, roles, turns, actions, votes, marooning, event cards - one section per card,
in the order of the rulebooks' card chapters - and the end of the game), each with
its id, its wording and its source. Clauses a variant adds or rewords are marked with
the variant; the options in force head the page. A house-rule author prints their
variant's rulebook; a rules lawyer links a clause by its id.
"""

from __future__ import annotations

__all__ = ["rulebook", "SECTIONS"]

#: (title, clause-id prefixes), in the rulebooks' order; event cards come after "Event cards".
SECTIONS = (
    ("Setup", ("setup.",)),
    ("Roles", ("role.",)),
    ("Turns", ("turn.", "decision.")),
    ("Actions", ("action.", "board.", "move.")),
    ("Votes", ("vote.",)),
    ("Marooning", ("maroon.",)),
    ("Event cards", ("event.", "card.answers")),
    ("The end of the game", ("end.",)),
)
_CATEGORIES = ("helpful", "hurtful", "treasure-map", "starred", "game-ender")


def _section_of(cid: str, cards) -> str:
    for title, prefixes in SECTIONS:
        if any(cid == p or cid.startswith(p) for p in prefixes):
            return title
    for card in cards:
        if cid.startswith(f"card.{card.id}."):
            return card.id
    return "Other rules"


def _changed_by(rules) -> dict:
    """Clause id -> the variants that add or reword it."""
    out: dict = {}
    for variant, ids in rules.changed_clauses.items():
        for cid in ids:
            out.setdefault(cid, []).append(variant)
    return out


def rulebook(rules) -> list[str]:
    """The rulebook of ``rules`` as lines of text (Markdown)."""
    if not rules.deck:  # a game without Tortuga 1667's chapters: its clauses in file order
        return _plain_rulebook(rules)
    deck = rules.deck
    dealt = set(deck["counts"]) | set(deck["starred_pool"]) | {deck["final"]}
    cards = sorted((c for c in rules.event_cards.values() if c.id in dealt),
                   key=lambda c: (_CATEGORIES.index(c.category)
                                  if c.category in _CATEGORIES else 99, c.id))
    undealt = tuple(f"card.{cid}." for cid in set(rules.event_cards) - dealt)
    groups: dict = {}
    for cid, clause in rules.clauses.items():
        if not cid.startswith(undealt):
            groups.setdefault(_section_of(cid, cards), []).append(clause)
    changed = _changed_by(rules)
    shown = sum(len(v) for v in groups.values())
    lines = [f"# {rules.name}", "", f"Ruleset `{rules.id}` (content hash {rules.hash}), "
             f"{rules.min_players}-{rules.max_players} players, {shown} clauses."]
    if rules.options:
        lines += ["", "Options in force: " + "; ".join(
            f"`{k}` = {v}" for k, v in sorted(rules.options.items()))]
    order = [title for title, _ in SECTIONS[:-1]] + [c.id for c in cards] + \
        [SECTIONS[-1][0], "Other rules"]
    names = {c.id: c for c in cards}
    for title in order:
        if title not in groups:
            continue
        card = names.get(title)
        heading = (f"### {card.name['en']} ({card.category}, {card.count} "
                   f"cop{'ies' if card.count != 1 else 'y'})" if card else f"## {title}")
        lines += ["", heading, ""]
        for clause in groups[title]:
            by = ", ".join(changed.get(clause.id, ()))
            mark = f" *(changed by {by})*" if by else ""
            lines.append(f"- **`{clause.id}`** {clause.text}{mark} — {clause.source}")
    return lines


def _plain_rulebook(rules) -> list[str]:
    """The rulebook of a game whose clauses are grouped by their id's first two parts
    (``dice.roll.choose`` under ``dice.roll``), in the order the rules file gives them; a
    group's title is the file's ``words.sections`` entry for it, if any."""
    titles = rules.tables.get("words", {}).get("sections", {})
    groups: dict = {}
    for cid, clause in rules.clauses.items():
        key = ".".join(cid.split(".")[:2])
        groups.setdefault(key, []).append(clause)
    changed = _changed_by(rules)
    lines = [f"# {rules.name}", "", f"Ruleset `{rules.id}` (content hash {rules.hash}), "
             f"{rules.min_players}-{rules.max_players} players, {len(rules.clauses)} clauses."]
    if rules.options:
        lines += ["", "Options in force: " + "; ".join(
            f"`{k}` = {v}" for k, v in sorted(rules.options.items()))]
    for key, clauses in groups.items():
        title = titles.get(key.split(".", 1)[-1], {}).get("en", key)
        lines += ["", f"## {title}", ""]
        for clause in clauses:
            by = ", ".join(changed.get(clause.id, ()))
            mark = f" *(changed by {by})*" if by else ""
            lines.append(f"- **`{clause.id}`** {clause.text}{mark} — {clause.source}")
    return lines
