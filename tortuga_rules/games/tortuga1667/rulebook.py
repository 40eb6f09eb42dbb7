"""Tortuga 1667's rulebook chapters (its ``GameKind.chapters``): its clauses grouped as the
printed rulebooks are - setup, roles, turns, actions, votes, marooning, event cards (one
section per card dealt, in the order of the rulebooks' card chapters) and the end of the
game. :func:`tortuga_rules.lawyer.rulebook.rulebook` prints them.
"""

from __future__ import annotations

from ...game.language import N_, translations

__all__ = ["chapters", "SECTIONS"]

#: (title, clause-id prefixes), in the rulebooks' order; event cards come after "Event cards".
SECTIONS = (
    (N_("Setup"), ("setup.",)),
    (N_("Roles"), ("role.",)),
    (N_("Turns"), ("turn.", "decision.")),
    (N_("Actions"), ("action.", "board.", "move.")),
    (N_("Votes"), ("vote.",)),
    (N_("Marooning"), ("maroon.",)),
    (N_("Event cards"), ("event.", "card.answers")),
    (N_("The end of the game"), ("end.",)),
)
_CATEGORIES = ("helpful", "hurtful", "treasure-map", "starred", "game-ender")


def _section_of(cid: str, cards) -> str:
    for title, prefixes in SECTIONS:
        if any(cid == p or cid.startswith(p) for p in prefixes):
            return title
    for card in cards:
        if cid.startswith(f"card.{card.id}."):
            return card.id
    return N_("Other rules")


def chapters(rules, lang: str = "en") -> list:
    """``[(heading, clauses), ...]``: the rulebook's chapters with the clauses of each, in
    order, headed in ``lang``; the clauses of cards this ruleset never deals are left out."""
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
    order = [title for title, _ in SECTIONS[:-1]] + [c.id for c in cards] + \
        [SECTIONS[-1][0], N_("Other rules")]
    names = {c.id: c for c in cards}
    tr = translations(lang).gettext
    out = []
    for title in order:
        if title in groups:
            card = names.get(title)
            if card is None:
                heading = f"## {tr(title)}"
            elif lang == "en":
                heading = (f"### {card.name['en']} ({card.category}, {card.count} "
                           f"cop{'ies' if card.count != 1 else 'y'})")
            else:
                heading = f"### {card.name.get(lang) or card.name['en']}"
            out.append((heading, groups[title]))
    return out
