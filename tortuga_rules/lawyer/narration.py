"""Readable English for log events and actions, each line citing its rule clause.

Used by the command line; front ends may use it too. Narration only formats what
an event already says, so narrating the events a view lets through leaks nothing.
"""

from __future__ import annotations

from ..model.components import ChestSpot, Place

__all__ = ["Narrator", "capitalized"]

_PLACE_NAMES = {
    Place.FLYING_DUTCHMAN: "the Flying Dutchman", Place.JOLLY_ROGER: "the Jolly Roger",
    Place.TORTUGA: "Tortuga", Place.FLYING_DUTCHMAN_BOAT: "the Flying Dutchman's rowboat",
    Place.JOLLY_ROGER_BOAT: "the Jolly Roger's rowboat",
}
_SPOT_NAMES = {
    ChestSpot.GALLEON: "the Spanish Galleon",
    ChestSpot.FLYING_DUTCHMAN_BRITISH: "the Flying Dutchman's British hold",
    ChestSpot.FLYING_DUTCHMAN_FRENCH: "the Flying Dutchman's French hold",
    ChestSpot.JOLLY_ROGER_BRITISH: "the Jolly Roger's British hold",
    ChestSpot.JOLLY_ROGER_FRENCH: "the Jolly Roger's French hold",
    ChestSpot.TORTUGA_BRITISH: "Tortuga's British area",
    ChestSpot.TORTUGA_FRENCH: "Tortuga's French area",
    ChestSpot.TORTUGA_LOOSE: "Tortuga (outside the areas)",
}


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def _and(items) -> str:
    items = [str(i) for i in items]
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


class Narrator:
    """Turns events and actions of games under ``rules`` into sentences."""

    def __init__(self, rules, names=None):
        self.rules = rules
        self.names = names

    def seat(self, s) -> str:
        if s is None:
            return "nobody"
        if self.names and 0 <= s < len(self.names):
            return f"{self.names[s]} [{s}]"
        return f"seat {s}"

    def value(self, v) -> str:
        if isinstance(v, Place):
            return _PLACE_NAMES[v]
        if isinstance(v, ChestSpot):
            return _SPOT_NAMES[v]
        if isinstance(v, tuple):
            if len(v) == 2 and all(isinstance(x, ChestSpot) for x in v):
                return f"from {self.value(v[0])} to {self.value(v[1])}"
            return _and(self.value(x) for x in v)
        return str(v)

    def card(self, cid) -> str:
        card = self.rules.event_cards.get(cid)
        return card.name["en"] if card else str(cid)

    def vote_card(self, cid) -> str:
        vc = self.rules.vote_cards.get(cid)
        if vc is None:
            return str(cid)
        parts = []
        for section in ("top", "middle", "bottom"):
            parts.append("+".join(icon if k == 1 else f"{k} {icon}" for icon, k in vc.icons[section]))
        return f"{cid} ({'/'.join(parts)})"

    def action(self, seat, kind, args) -> str:
        args = dict(args)
        act = self.rules.action_def(kind)
        if kind == "vote":
            cards = args["cards"] if "cards" in args else (args.get("card"),)
            return f"{self.seat(seat)} plays {_and(self.vote_card(c) for c in cards)}"
        if kind == "choose":
            (name, value), = args.items()
            return f"{self.seat(seat)} chooses {name}: {self._chosen(name, value)}"
        fill = {k: self._chosen(k, v) for k, v in args.items()}
        if act is not None and act.text:
            return f"{self.seat(seat)} {act.text.format(**fill)}"
        inner = ", ".join(f"{k}={v}" for k, v in fill.items())
        return f"{self.seat(seat)} takes the action {kind}" + (f" ({inner})" if inner else "")

    def event(self, ev) -> str:
        """One log event as a sentence followed by its clause id."""
        clause, kind, to = ev[:3]
        a = ev[3:]
        text = self._text(kind, a, clause)
        if to == -2:
            text = "(referee only) " + text
        elif to >= 0:
            text = f"(only {self.seat(to)} sees) " + text
        return f"{text}  [{clause}]" if clause else text

    def _chosen(self, name, value) -> str:
        """A chosen value: whole numbers are seats, except row slots."""
        if type(value) is int and name != "slot":
            return self.seat(value)
        if isinstance(value, str) and value in self.rules.event_cards:
            return self.card(value)
        if isinstance(value, str) and value in self.rules.vote_cards:
            return self.vote_card(value)
        return self.value(value)

    def _text(self, kind, a, ev_clause=None) -> str:
        s, v, c = self.seat, self.value, self.card
        if kind == "rule":
            c = self.rules.clauses.get(ev_clause)
            return f"rule: {c.text if c else ev_clause}"
        if kind == "line-reshuffle":
            return f"the pawns of {v(a[0])} are drawn again: {_and(s(x) for x in a[1])}"
        if kind == "swap-places":
            return f"{s(a[0])} and {s(a[1])} exchange places ({v(a[2])} / {v(a[3])})"
        if kind == "sink":
            return f"the explosion token sinks {v(a[0])} for the rest of the game"
        if kind == "loyalty-swap":
            return f"{s(a[0])} and {s(a[1])} shuffle their loyalty cards unseen and take one each"
        if kind == "starred-avoided":
            return f"with so few players the random starred cards leave out {_and(c(x) for x in a[0])}"
        if kind == "vote-to-top":
            return f"{s(a[0])} puts a vote card on top of the vote deck"
        if kind == "hand-to-deck":
            return f"{s(a[0])}'s {a[1]} vote card{'s go' if a[1] != 1 else ' goes'} under the vote deck"
        if kind == "take-vote":
            return f"{s(a[0])} receives a vote card from the deck"
        if kind == "took-vote":
            return f"{s(a[0])} receives {self.vote_card(a[1])}"
        if kind == "vote-deck-shuffle":
            return "the vote deck is shuffled"
        if kind == "secret-choice":
            return f"{s(a[0])} makes a secret choice ({a[1]})"
        if kind == "sits-out":
            return f"{s(a[0])} sits out this {a[1].capitalize()} ({c(a[2])})"
        if kind == "extra-action":
            return f"{s(a[0])} gets another action"
        if kind == "mark":
            return f"{_and(s(x) for x in a[0])} marked: {a[1]}"
        if kind == "unmark":
            return f"{s(a[0])} loses a mark: {a[1]}"
        if kind == "turn-skipped":
            return f"{s(a[0])} loses this turn"
        if kind == "keep":
            return f"{c(a[1])} lies face up in front of {s(a[0])}"
        if kind == "discard-kept":
            return f"{s(a[0])} discards a kept {c(a[1])}"
        if kind == "boxed":
            return f"{a[0]} cards from the top of the event deck go back in the box unseen"
        if kind == "loyalty-open":
            return "loyalty cards dealt face up: " + ", ".join(f"{s(x)} {t.capitalize()}" for x, t in a[0])
        if kind == "pawn-draw":
            return "pawns are drawn one at a time: " + _and(s(x) for x in a[0])
        if kind == "place-pawn":
            return f"{s(a[0])} places their pawn on {v(a[1])}"
        if kind == "players":
            return f"a game for {a[0]} players"
        if kind == "loyalty-dealt":
            return "loyalty cards dealt face down: " + ", ".join(
                f"{a[0].count(t)} {t.capitalize()}" for t in ("british", "french", "dutch") if t in a[0])
        if kind == "actions-left":
            return f"{s(a[0])} has {a[1]} action{'s' if a[1] != 1 else ''} left this turn"
        if kind == "vote-rowboat":
            return f"{_and(s(x) for x in a[0])} on a rowboat do{'es' if len(a[0]) == 1 else ''} not vote"
        if kind == "double-icons":
            return f"{_and(self.vote_card(x) for x in a[0])} carr{'ies' if len(a[0]) == 1 else 'y'} double icons: each counts"
        if kind == "loyalty":
            return f"{s(a[0])} is {a[1].capitalize()}"
        if kind == "hand":
            return f"{s(a[0])} is dealt {_and(self.vote_card(x) for x in a[1])}"
        if kind == "starred":
            return f"starred cards in the deck: {_and(c(x) for x in a[0]) if a[0] else 'none'}"
        if kind == "removed":
            return f"removed for this player count: {_and(c(x) for x in a[0])}"
        if kind == "event-deck":
            where = "at the bottom" if len(a) < 2 or a[1] else "among the last cards"
            return f"the event deck has {a[0]} cards, the Spanish Armada {where}"
        if kind == "row-dealt":
            return f"{a[0]} event cards are dealt face down to the row"
        if kind == "pawns":
            return "; ".join(f"{capitalized(v(Place(i)))}: {_and(s(x) for x in line)}"
                             for i, line in enumerate(a[0]))
        if kind == "treasure":
            return "chests: " + ", ".join(f"{v(ChestSpot(i))} {k}" for i, k in enumerate(a[0]) if k)
        if kind == "first-player":
            return f"{s(a[0])} will take the first turn"
        if kind == "place-chest":
            return f"a chest is placed in {v(a[0])}"
        if kind == "turn":
            return f"turn {a[1]}: {s(a[0])}"
        if kind == "action":
            return self.action(a[0], a[1][0], a[1][1])
        if kind == "choice":
            return f"{s(a[0])} chooses {a[1]}: {self._chosen(a[1], a[2])}"
        if kind == "auto-choice":
            return f"{a[0]}: {self._chosen(a[0], a[1])} (the only option)"
        if kind == "peek":
            return f"{s(a[0])} secretly looks at row slots {v(a[1])}"
        if kind == "peek-cards":
            return f"{s(a[0])} sees " + _and(f"slot {slot}: {c(card)}" for slot, card in a[1])
        if kind == "reveal":
            return f"{s(a[0])} reveals slot {a[1]}: {c(a[2])}"
        if kind == "maroon":
            if a[1] == Place.TORTUGA:
                return f"{s(a[0])} is marooned again and goes to the back of Tortuga's line"
            return f"{s(a[0])} is marooned from {v(a[1])} to the back of Tortuga's line"
        if kind == "move":
            return f"{s(a[0])} moves from {v(a[1])} to the back of {v(a[2])}"
        if kind == "lose-card":
            return f"{s(a[0])} loses a random vote card, unseen, to the bottom of the vote deck"
        if kind == "lost-card":
            return f"{s(a[0])} lost {self.vote_card(a[1])}"
        if kind == "chests":
            n = a[2]
            return f"{n} chest{'s' if n != 1 else ''} move{'s' if n == 1 else ''} from {v(a[0])} to {v(a[1])}"
        if kind == "discard":
            return f"{c(a[0])} goes to the discard pile"
        if kind == "refill":
            return f"slot {a[0]} is refilled from the event deck"
        if kind == "row-reshuffle":
            return f"the event deck is empty: the face-down row cards (slots {v(a[0])}) are reshuffled"
        if kind == "vote-call":
            return (f"{s(a[1])} calls {'an' if a[0][0] in 'aeiou' else 'a'} {a[0].capitalize()} on "
                    f"{v(a[2])}; voters: {_and(s(x) for x in a[3])}")
        if kind == "vote-no-cards":
            return f"{_and(s(x) for x in a[0])} hold{'s' if len(a[0]) == 1 else ''} no vote card and cannot vote"
        if kind == "vote-played":
            return f"{s(a[0])} puts {a[1]} vote card{'s' if a[1] != 1 else ''} face down"
        if kind == "vote-played-cards":
            return f"{s(a[0])} played {_and(self.vote_card(x) for x in a[1])}"
        if kind == "vote-deck-card":
            return "the top card of the vote deck is added"
        if kind == "vote-reveal":
            counts = ", ".join(f"{icon} {k}" for icon, k in a[2])
            return f"{a[0].capitalize()} cards revealed: {_and(self.vote_card(x) for x in a[1])} -> {counts}"
        if kind == "vote-result":
            return f"the {a[0].capitalize()} {'succeeds' if a[1] else 'fails'}"
        if kind == "vote-return":
            return f"the {a[0]} played cards are shuffled under the vote deck"
        if kind == "vote-draw":
            return f"{s(a[0])} draws a vote card"
        if kind == "vote-drew":
            return f"{s(a[0])} drew {self.vote_card(a[1])}"
        if kind == "score":
            return f"the Spanish Armada: British {a[0]} chests, French {a[1]} chests"
        if kind == "game-over":
            if len(a[0]) > 1:
                return f"game over: a shared draw (British {a[1]}, French {a[2]})"
            return f"game over: the {a[0][0].capitalize()} win (British {a[1]}, French {a[2]})"
        if kind == "tiebreak":
            return f"tie-breaker round {a[0]}: {a[1]} event cards shuffled into a new deck, a new row dealt"
        return f"{kind} {' '.join(map(str, a))}"
