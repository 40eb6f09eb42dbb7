"""Tortuga 1667's numbered actions (its ``GameKind.actions``), for bots and learning agents.

:func:`actions_1667` lists, in a fixed order made from the ruleset alone:

1. every turn action of the catalogue, with every combination of parameter values
   its parameters' DSL types allow (seats of the game, row slots, slot pairs, places,
   chest spots, transfers, texts);
2. every ``choose`` of every program, by name, with every value of its type (a name
   whose type is mixed, such as the Attack's ``take``: every value of every type);
3. a vote with each vote card, and with each set of cards a kept card lets a seat
   play at once.

:class:`~tortuga_rules.game.action_space.ActionSpace` numbers them.
"""

from __future__ import annotations

import itertools
import re

from ...dsl.types import INT, TEXT
from .types import PLACE, SPOT
from ...model.actions import Action
from .components import DECLINE, ChestSpot, Place

__all__ = ["actions_1667"]


_QUOTED = re.compile(r'"([A-Za-z0-9_.-]{1,60})"')


#: Spaces of a line a choice may name (``tortuga:2``): more than any line holds.
_SPACES = range(1, 10)


def _texts(rules) -> list:
    """Every text a choice may answer: words quoted in the rules' programs, card ids, the
    answers kept cards give to events and the answer that declines them."""
    found = set(rules.event_cards) | set(rules.vote_cards) | set(DECLINE.values())
    for entries in rules.reactions.values():
        for _card, _causes, answers in entries:
            found.update(answer[0] for answer in answers)
    stack = [rules.data, rules.card_data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.update(_QUOTED.findall(item))
    return sorted(found)


def _values(t, players: int, rules, texts: list) -> list:
    """Every value of DSL type ``t`` in such a game (every value of every type for ``any``)."""
    name = getattr(t, "name", "any")
    if name == "seat":
        return list(range(players))
    if name == "slot":
        return list(range(1, rules.row_size + 1))
    if name == "int":
        return list(range(max(players, rules.row_size + 1)))
    if name == "place":
        return list(Place)
    if name == "spot":
        return list(ChestSpot)
    if name == "text":
        return list(texts)
    if name == "tuple" and len(t.items) == 2:
        a, b = t.items
        if a.name == "place":
            return [(p, i) for p in Place for i in _SPACES]
        first, second = _values(a, players, rules, texts), _values(b, players, rules, texts)
        if a == b and a.name in ("slot", "seat", "int"):
            return list(itertools.combinations(first, 2))
        return [(x, y) for x in first for y in second if x != y]
    out: list = []
    for part in (INT, PLACE, SPOT, TEXT):
        out.extend(_values(part, players, rules, texts))
    out.extend(itertools.permutations(ChestSpot, 2))
    out.extend((p, i) for p in Place for i in _SPACES)
    out.append(None)
    return out


def actions_1667(rules, players: int):
    """Every action of a Tortuga 1667 game of ``rules`` at ``players`` (see the module)."""
    texts = _texts(rules)
    for act in rules.actions:
        domains = [_values(p.type, players, rules, texts) for p in act.params]
        names = [p.name for p in act.params]
        for combo in itertools.product(*domains):
            yield Action(act.id, tuple(zip(names, combo)))
    for name in sorted(rules.choices):
        for value in _values(rules.choices[name], players, rules, texts):
            yield Action("choose", ((name, value),))
    cards = sorted(rules.vote_cards)
    for card in cards:
        yield Action("vote", (("card", card),))
    for n in sorted({n for n, _clause, _next in rules.vote_plays.values()}):
        for combo in itertools.combinations(cards, n):
            yield Action("vote", (("cards", combo),))
