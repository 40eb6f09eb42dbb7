"""How Tortuga 1667's rules are compared (its ``GameKind.diff``): which clause each part of
its rules data implements, the section each part is shown in, and the rows only this game
has - event cards whose count or behaviour differs, and the vote deck.
:func:`tortuga_rules.lawyer.diff.rules_diff` reads it.
"""

from __future__ import annotations

from ...model.games import DiffGuide

__all__ = ["GUIDE"]

#: Where a data path lives, and the clause it implements when the data does not say.
_CLAUSES = (
    (("players",), "setup.players"),
    (("setup", "loyalty_open"), "setup.loyalty.open"),
    (("setup", "loyalty"), "setup.loyalty"),
    (("setup", "hand_size"), "setup.vote-hands"),
    (("setup", "events", "starred"), "setup.events.starred"),
    (("setup", "events", "remove_with_players"), "setup.events.small-games"),
    (("setup", "events", "remove_from_top"), "setup.events.short-game"),
    (("setup", "events", "final"), "setup.events.armada-bottom"),
    (("setup", "events", "final_position"), "setup.events.armada-bottom"),
    (("setup", "events", "row"), "setup.events.row"),
    (("setup", "events", "counts"), None),
    (("setup", "events", "cards"), None),
    (("setup", "vote_cards"), "vote.double-icons"),
    (("setup", "events"), "setup.events.row"),
    (("setup", "pawns"), "setup.pawns"),
    (("setup", "treasure_program"), "setup.treasure.captains"),
    (("setup", "treasure"), "setup.treasure"),
    (("setup", "chests"), "setup.treasure"),
    (("setup", "first_player"), "setup.first-player"),
    (("board", "capacity"), "board.ship-capacity"),
    (("board",), "action.rowboat"),
    (("turn",), "turn.actions"),
    (("timer",), "turn.timer"),
    (("options", "reshuffle_row_at_deck_end"), "end.row-reshuffle"),
    (("options", "tiebreak_rounds"), "end.tie-breaker.draw"),
    (("options", "tiebreak_pool"), "end.tie.even"),
    (("options", "tiebreak_win"), "end.tie-breaker.lead"),
    (("marooning",), "maroon.from-tortuga.lose-card"),
)

_SECTIONS = {"players": "setup", "setup": "setup", "board": "board", "turn": "turns",
            "timer": "turns", "actions": "actions", "votes": "votes", "options": "end of game",
            "cards": "cards and counts", "card behaviour": "card behaviour",
            "after_reveal": "card behaviour",
            "clauses": "clause wording"}

_END_OPTIONS = ("reshuffle_row_at_deck_end", "tiebreak_rounds", "tiebreak_pool", "tiebreak_win")

#: Data paths shown among cards and counts.
_CARD_PATHS = (("setup", "events", "counts"), ("setup", "events", "cards"), ("setup", "vote_cards"))


def _data_clause(path, a, b):
    """A card's count cites the card's first clause."""
    if tuple(path[:3]) == ("setup", "events", "counts") and len(path) > 3:
        card = b.card_data.get(path[3]) or a.card_data.get(path[3]) or {}
        return next(iter(card.get("clauses", {})), "")
    return None


def _card_rows(a, b, show, missing) -> list:
    """Event cards only one ruleset has, or whose count or behaviour differs; the vote deck."""
    out = []
    for cid in sorted(set(a.card_data) ^ set(b.card_data)):
        card = a.card_data.get(cid) or b.card_data[cid]
        first = next(iter(card.get("clauses", {})), None)
        shown = (f"{card['name']['en']} ({card['category']}, {card['count']} "
                 f"cop{'y' if card['count'] == 1 else 'ies'})")
        effect = show(card["effect"])
        for section, path, value in (("cards and counts", f"cards.{cid}", shown),
                                     ("card behaviour", f"cards.{cid}.effect", effect)):
            out.append((section, path, first,
                        value if cid in a.card_data else show(missing),
                        value if cid in b.card_data else show(missing)))
    for cid in sorted(set(a.card_data) & set(b.card_data)):
        ca, cb = a.card_data[cid], b.card_data[cid]
        first = next(iter(cb.get("clauses", {})), None)
        if ca["count"] != cb["count"]:
            out.append(("cards and counts", f"cards.{cid}.count", first, ca["count"], cb["count"]))
        for key in ("effect", "check", "reaction", "before_turn", "vote_play", "sit_out"):
            if ca.get(key) != cb.get(key):
                out.append(("card behaviour", f"cards.{cid}.{key}", first,
                            show(ca.get(key, missing)), show(cb.get(key, missing))))
    ids_a, ids_b = sorted(a.vote_cards), sorted(b.vote_cards)
    if ids_a != ids_b:
        added = sorted(set(ids_b) - set(ids_a))
        out.append(("cards and counts", "vote cards", "vote.double-icons",
                    f"{len(ids_a)} cards", f"{len(ids_b)} cards (without "
                    f"{sorted(set(ids_a) - set(ids_b))}" + (f", with {added}" if added else "")
                    + ")"))
    for cid in sorted(set(ids_a) & set(ids_b)):
        ia, ib = a.vote_cards[cid].icons, b.vote_cards[cid].icons
        if ia != ib:
            out.append(("cards and counts", f"vote cards.{cid}", "vote.double-icons", ia, ib))
    return out


#: Tortuga 1667's rules, as the diff reads them.
GUIDE = DiffGuide(clauses=_CLAUSES, sections=_SECTIONS, end_options=_END_OPTIONS,
                  card_paths=_CARD_PATHS, data_clause=_data_clause, rows=_card_rows)
