"""What one resolved ruleset changes against another, rule by rule, with clause ids."""

from __future__ import annotations

import re

__all__ = ["rules_diff", "SECTIONS"]

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

SECTIONS = {"players": "setup", "setup": "setup", "board": "board", "turn": "turns",
            "timer": "turns", "actions": "actions", "votes": "votes", "options": "end of game",
            "cards": "cards and counts", "card behaviour": "card behaviour",
            "after_reveal": "card behaviour",
            "clauses": "clause wording"}


def _clause(path, data_a, data_b):
    for data in (data_a, data_b):
        node = data
        found = None
        for key in path:
            if isinstance(node, dict) and isinstance(node.get("clause"), str):
                found = node["clause"]
            if not isinstance(node, dict) or key not in node:
                break
            node = node[key]
        else:
            if isinstance(node, dict) and isinstance(node.get("clause"), str):
                found = node["clause"]
        if found:
            return found
    if path and path[0] == "clauses" and len(path) > 1:
        return path[1]
    for prefix, clause in _CLAUSES:
        if tuple(path[:len(prefix)]) == prefix:
            return clause
    return None


def _section(path) -> str:
    if tuple(path[:3]) in (("setup", "events", "counts"), ("setup", "events", "cards")) \
            or tuple(path[:2]) == ("setup", "vote_cards"):
        return "cards and counts"
    return SECTIONS.get(path[0], path[0])


def _walk(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _walk(a.get(key, _MISSING), b.get(key, _MISSING), path + (key,), out)
    elif a != b:
        out.append((path, a, b))


class _Missing:
    def __repr__(self):
        return "(absent)"


_MISSING = _Missing()


def _value(v):
    if v is _MISSING:
        return "(absent)"
    if isinstance(v, str) and "\n" in v.strip():
        return "<<" + " / ".join(line.strip() for line in v.strip().splitlines()) + ">>"
    return v


def rules_diff(a, b) -> list:
    """Every rule that differs between rulesets ``a`` and ``b``.

    A list of ``(section, path, clause, value in a, value in b)``: data differences of
    the resolved rules (setup, board, turns, actions, votes, options, clause wording),
    then event cards whose count or behaviour differs.
    """
    skip = {"id", "name", "description", "clauses"}
    da = {k: v for k, v in a.data.items() if k not in skip}
    db = {k: v for k, v in b.data.items() if k not in skip}
    return (_data_rows(a, b, da, db) + _wording_rows(a, b) + _option_rows(a, b, da, db)
            + _card_rows(a, b))


def _data_rows(a, b, da, db) -> list:
    """Differences of the resolved rules data, each with the clause it implements."""
    raw: list = []
    _walk(da, db, (), raw)
    out = []
    for path, va, vb in raw:
        if path and path[0] == "options":
            continue  # declarations; the values in force are compared by _option_rows
        if path and path[0] == "clauses" and path[-1] == "source":
            continue  # where a wording comes from is not a rule
        clause = _clause(path, da, db) or _tagged(va) or _tagged(vb)
        if tuple(path[:3]) == ("setup", "events", "counts") and len(path) > 3:
            card = b.card_data.get(path[3]) or a.card_data.get(path[3]) or {}
            clause = next(iter(card.get("clauses", {})), None)
        out.append((_section(path), ".".join(map(str, path)), clause, _value(va), _value(vb)))
    return out


def _tagged(value):
    """The first clause a DSL program's text cites (``@end.kraken.last-card``), if any."""
    text = value if isinstance(value, str) else \
        " ".join(v for v in value.values() if isinstance(v, str)) if isinstance(value, dict) \
        else ""
    found = _TAG.search(text)
    return found.group(1) if found else None


_TAG = re.compile(r"@([a-z0-9][a-z0-9_.-]*)")


def _wording_rows(a, b) -> list:
    out = []
    for cid in sorted(set(a.clauses) | set(b.clauses)):
        ta = a.clauses[cid].text if cid in a.clauses else _MISSING
        tb = b.clauses[cid].text if cid in b.clauses else _MISSING
        if ta != tb:
            out.append(("clause wording", f"clauses.{cid}", cid, _value(ta), _value(tb)))
    return out


_END_OPTIONS = ("reshuffle_row_at_deck_end", "tiebreak_rounds", "tiebreak_pool", "tiebreak_win")


def _option_rows(a, b, da, db) -> list:
    """Options both rulesets share (the engine reads them) whose values differ.

    A variant's own options show through the rules they set, listed by _data_rows.
    """
    out = []
    for name in sorted(set(a.options) & set(b.options)):
        va, vb = a.options[name], b.options[name]
        if va != vb:
            section = "end of game" if name in _END_OPTIONS else "options"
            out.append((section, f"options.{name}", _clause(("options", name), da, db),
                        _value(va), _value(vb)))
    return out


def _card_rows(a, b) -> list:
    """Event cards only one ruleset has, or whose count or behaviour differs; the vote deck."""
    out = []
    for cid in sorted(set(a.card_data) ^ set(b.card_data)):
        card = a.card_data.get(cid) or b.card_data[cid]
        first = next(iter(card.get("clauses", {})), None)
        shown = (f"{card['name']['en']} ({card['category']}, {card['count']} "
                 f"cop{'y' if card['count'] == 1 else 'ies'})")
        effect = _value(card["effect"])
        for section, path, value in (("cards and counts", f"cards.{cid}", shown),
                                     ("card behaviour", f"cards.{cid}.effect", effect)):
            out.append((section, path, first,
                        value if cid in a.card_data else _value(_MISSING),
                        value if cid in b.card_data else _value(_MISSING)))
    for cid in sorted(set(a.card_data) & set(b.card_data)):
        ca, cb = a.card_data[cid], b.card_data[cid]
        first = next(iter(cb.get("clauses", {})), None)
        if ca["count"] != cb["count"]:
            out.append(("cards and counts", f"cards.{cid}.count", first, ca["count"], cb["count"]))
        for key in ("effect", "check", "reaction", "before_turn", "vote_play", "sit_out"):
            if ca.get(key) != cb.get(key):
                out.append(("card behaviour", f"cards.{cid}.{key}", first,
                            _value(ca.get(key, _MISSING)), _value(cb.get(key, _MISSING))))
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
