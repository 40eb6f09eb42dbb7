"""Words for what a front end shows: seats, places, cards, values, actions and prompts.

:class:`Labels` names the values of games under one ruleset, and
:func:`decision_data` turns a pending decision into what a front end needs to ask it:
a prompt, the card or rule that asks, and the options with their labels - grouped by
turn action, with each parameter's values listed once, so that a Force's 90
combinations are two small pickers, not 90 buttons. The narration of the log
(:mod:`tortuga_rules.lawyer.narration`) builds its sentences on these words.

Everything here is made from public facts (the decision's seat, kind, name and
clause) and, for the deciding seat only, its options.
"""

from __future__ import annotations

from ..model.components import ChestSpot, Place
from ..model.state import encode_value
from .legality import legal_actions

__all__ = ["Labels", "decision_data", "PROMPTS", "ACTION_LABELS", "and_list"]

PLACE_NAMES = {
    Place.FLYING_DUTCHMAN: "the Flying Dutchman", Place.JOLLY_ROGER: "the Jolly Roger",
    Place.TORTUGA: "Tortuga", Place.FLYING_DUTCHMAN_BOAT: "the Flying Dutchman's rowboat",
    Place.JOLLY_ROGER_BOAT: "the Jolly Roger's rowboat",
}
SPOT_NAMES = {
    ChestSpot.GALLEON: "the Spanish Galleon",
    ChestSpot.FLYING_DUTCHMAN_BRITISH: "the Flying Dutchman's British hold",
    ChestSpot.FLYING_DUTCHMAN_FRENCH: "the Flying Dutchman's French hold",
    ChestSpot.JOLLY_ROGER_BRITISH: "the Jolly Roger's British hold",
    ChestSpot.JOLLY_ROGER_FRENCH: "the Jolly Roger's French hold",
    ChestSpot.TORTUGA_BRITISH: "Tortuga's British area",
    ChestSpot.TORTUGA_FRENCH: "Tortuga's French area",
    ChestSpot.TORTUGA_LOOSE: "Tortuga (outside the areas)",
}

#: The question each choice asks its chooser, by clause (``(clause, name)`` first).
PROMPTS = {
    "action.force.pick": "Which card will you reveal?",
    "card.answers": "How do you answer?",
    "card.atlantis.give": "Who gets {card}?",
    "card.atlantis.window": "Move to the other ship before this turn?",
    "card.black-powder.token": "Which rowboat gets the explosion token?",
    "card.cabin-fever.target": "With whom will you shuffle loyalty cards?",
    "card.crows-nest.search": "Which vote card will you give?",
    "card.crows-nest.target": "Whose vote cards will you replace?",
    "card.el-dorado.give": "Who gets {card}?",
    "card.fountain-of-youth.give": "Who gets {card}?",
    "card.letter-of-marque.draw": "Which vote card goes on top of the deck?",
    "card.letter-of-marque.ship": "To which ship?",
    "card.letter-of-marque.target": "Whom will you move?",
    "card.letter-of-marque.use-or-keep": "Use it now or keep it?",
    "card.pistol.target": "At whom will you point the pistol?",
    "maroon.from-tortuga.lose-card": "Which vote card will you lose?",
    ("setup.pawns", "place"): "Where will you place your pawn?",
    ("setup.pawns", "spot"): "On which space will you place your pawn?",
    "setup.treasure.captains": "Which hold gets your chest?",
    "vote.attack.hold": "Which hold gets the chest?",
    "vote.attack.may-take": "Which chest will you take?",
    "vote.attack.other-ship": "From which hold will you take a chest?",
}
#: A turn action's name on a button, by kind.
ACTION_LABELS = {
    "view": "View two cards", "reveal": "Reveal a card", "force": "Force a player",
    "row": "Row", "attack": "Attack", "maroon": "Maroon", "mutiny": "Mutiny",
    "move_chest": "Move a chest", "play_letter": "Play your Letter of Marque",
    "brawl": "Brawl",
}
_TURN_PROMPT = "Your turn: what will you do?"
_VOTE_PROMPT = "Play a vote card for the {vote}."


def and_list(items) -> str:
    """``a, b and c`` (``nobody`` for none)."""
    items = [str(i) for i in items]
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


class Labels:
    """Words for the values of games under ``rules``; ``names`` are the seats' names."""

    def __init__(self, rules, names=None):
        self.rules = rules
        self.names = names

    def seat(self, s) -> str:
        if s is None:
            return "nobody"
        if self.names and 0 <= s < len(self.names):
            return f"{self.names[s]} [{s}]"
        return f"seat {s}"

    def seats(self, seats) -> str:
        """Several seats, as ``a, b and c``."""
        return and_list(self.seat(x) for x in seats)

    def value(self, v) -> str:
        if isinstance(v, Place):
            return PLACE_NAMES[v]
        if isinstance(v, ChestSpot):
            return SPOT_NAMES[v]
        if isinstance(v, tuple):
            if len(v) == 2 and all(isinstance(x, ChestSpot) for x in v):
                return f"from {self.value(v[0])} to {self.value(v[1])}"
            if len(v) == 2 and isinstance(v[0], Place) and type(v[1]) is int:
                return f"space {v[1]} of {self.value(v[0])}"
            return and_list(self.value(x) for x in v)
        return str(v)

    def card(self, cid) -> str:
        card = self.rules.event_cards.get(cid)
        return card.name["en"] if card else str(cid)

    def vote_card(self, cid) -> str:
        vc = self.rules.vote_cards.get(cid)
        if vc is None:
            return str(cid)
        parts = ("+".join(icon if k == 1 else f"{k} {icon}" for icon, k in vc.icons[section])
                 for section in ("top", "middle", "bottom"))
        return f"{cid} ({'/'.join(parts)})"

    def vote_cards(self, cids) -> str:
        return and_list(self.vote_card(c) for c in cids)

    def chosen(self, name, value) -> str:
        """A chosen value: whole numbers are seats, except row slots."""
        if type(value) is int and name != "slot":
            return self.seat(value)
        if isinstance(value, str) and value in self.rules.event_cards:
            return self.card(value)
        if isinstance(value, str) and value in self.rules.vote_cards:
            return self.vote_card(value)
        return self.value(value)

    def option(self, name, value) -> str:
        """A value on a button: as :meth:`chosen`, row slots said as such."""
        if name in ("slot", "slots") and not isinstance(value, str):
            return ("slots " if isinstance(value, tuple) else "slot ") + self.value(value)
        return self.chosen(name, value)

    def prompt(self, decision, vote_kind=None) -> str:
        """The question ``decision`` asks its seat."""
        if decision.kind == "action":
            return _TURN_PROMPT
        if decision.kind == "vote":
            return _VOTE_PROMPT.format(vote=(vote_kind or "vote").capitalize())
        text = PROMPTS.get((decision.clause, decision.name)) or PROMPTS.get(decision.clause)
        if text is None:
            return f"Choose {decision.name.replace('_', ' ')}."
        card = (decision.clause or "").split(".")
        return text.format(card=self.card(card[1]) if len(card) > 1 else "")

    def action_label(self, kind: str) -> str:
        return ACTION_LABELS.get(kind) or kind.replace("_", " ").capitalize()


def _asked_by(rules, clause) -> dict:
    """The card or the rule that asks: ``{"card": id}`` or ``{"rule": clause}``."""
    if clause and clause.startswith("card."):
        card = clause.split(".")[1]
        if card in rules.event_cards:
            return {"card": card}
    return {"rule": clause}


def decision_data(state, seat, labels: Labels | None = None) -> dict | None:
    """The pending decision as a front end asks it; options only for its seat (or referee)."""
    d = state.decision
    if d is None:
        return None
    labels = labels or Labels(state.rules)
    vote_kind = state.vote.kind if state.vote is not None else None
    out = {"seat": d.seat, "kind": d.kind, "name": d.name, "clause": d.clause,
           "prompt": labels.prompt(d, vote_kind), "asked_by": _asked_by(state.rules, d.clause)}
    if seat is None or d.seat == seat:
        legal = legal_actions(state)
        if d.kind == "choose":
            out["options"] = encode_value(d.options)
        out["choices"] = [_option(labels, a) for a in legal]
        if d.kind == "action":
            out["groups"] = _groups(labels, legal)
    return out


def _option(labels: Labels, action) -> dict:
    if action.kind == "choose":
        (name, value), = action.args
        label = labels.option(name, value)
    elif action.kind == "vote":
        value = action.args[0][1]
        label = labels.vote_cards(value) if isinstance(value, tuple) else labels.vote_card(value)
    else:
        label = labels.action_label(action.kind)
        if action.args:
            label += ": " + ", ".join(labels.option(n, v) for n, v in action.args)
    return {"action": str(action), "label": label}


def _groups(labels: Labels, legal) -> list:
    """The turn actions offered, one group per kind, each parameter's values listed once."""
    groups: dict = {}
    for a in legal:
        g = groups.get(a.kind)
        if g is None:
            act = labels.rules.action_def(a.kind)
            g = groups[a.kind] = {"kind": a.kind, "label": labels.action_label(a.kind),
                                  "clause": act.clause if act else None,
                                  "params": {n: {} for n, _ in a.args}, "count": 0}
        g["count"] += 1
        for n, v in a.args:
            g["params"][n].setdefault(v, labels.option(n, v))
    return [{**g, "params": [{"name": n, "values": [{"value": encode_value(v), "label": lab}
                                                     for v, lab in vals.items()]}
                             for n, vals in g["params"].items()]}
            for g in groups.values()]
