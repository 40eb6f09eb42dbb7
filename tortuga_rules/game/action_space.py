"""A fixed, numbered action space per ruleset and player count, for bots and RL.

OpenSpiel and PettingZoo want every action a game can ever offer numbered once, and
each decision to say which numbers are legal. :class:`ActionSpace` lists them for a
ruleset and a player count, in a fixed order made from the ruleset alone, as the game's
``actions`` capability gives them (a kit game's: ``game/kitspace.py``). Tortuga 1667's,
:func:`actions_1667`:

1. every turn action of the catalogue, with every combination of parameter values
   its parameters' DSL types allow (seats of the game, row slots, slot pairs, places,
   chest spots, transfers, texts);
2. every ``choose`` of every program, by name, with every value of its type (a name
   whose type is mixed, such as the Attack's ``take``: every value of every type);
3. a vote with each vote card, and with each set of cards a kept card lets a seat
   play at once.

The numbers depend only on the ruleset's hash and the player count, so a trained
policy and its game agree on them. :func:`action_id`, :func:`action_from_id` and
:func:`legal_mask` use the space of a state's game. A house rule that chooses among
texts it computes (not written in its rules) can offer an action outside the space;
:func:`action_id` then raises :class:`~tortuga_rules.errors.ArgumentError` naming it.
"""

from __future__ import annotations

import itertools
import re

import attrs

from ..dsl.types import INT, PLACE, SPOT, TEXT
from ..errors import ArgumentError
from ..model.actions import Action, typed_key
from ..model.components import ChestSpot, Place
from ..procedures.reactions import DECLINE
from .arguments import Unchecked, require_state
from .legality import legal_actions

__all__ = ["ActionSpace", "action_id", "action_from_id", "legal_mask", "actions_1667"]

_QUOTED = re.compile(r'"([A-Za-z0-9_.-]{1,60})"')
#: Spaces of a line a choice may name (``tortuga:2``): more than any line holds.
_SPACES = range(1, 10)


@attrs.frozen
class ActionSpace:
    """Every action of games of one ruleset with ``players`` players, numbered from 0."""

    ruleset_hash: str
    players: int
    actions: tuple = attrs.field(repr=False)
    index: dict = attrs.field(repr=False, eq=False)

    @classmethod
    def of(cls, rules, players: int) -> "ActionSpace":
        """The space of ``rules`` at ``players`` players (made once, then kept)."""
        key = ("action-space", players)
        space = rules.memo.get(key)
        if space is None:
            game = rules.game
            if game.actions is None:
                raise ArgumentError(f"{game.name} does not number its actions for learning agents")
            actions = tuple({typed_key(a): a for a in game.actions(rules, players)}.values())
            space = cls(rules.hash, players, actions,
                        {typed_key(a): i for i, a in enumerate(actions)})
            rules.memo[key] = space
        return space

    @property
    def size(self) -> int:
        """How many actions the space numbers (OpenSpiel's ``num_distinct_actions``)."""
        return len(self.actions)


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


def _space(state) -> ActionSpace:
    return ActionSpace.of(state.rules, state.players)


def action_id(state: Unchecked, action: Unchecked) -> int:
    """The number of ``action`` in the action space of ``state``'s game."""
    require_state(state, "action_id")
    i = _space(state).index.get(typed_key(action)) if isinstance(action, Action) else None
    if i is None:
        raise ArgumentError(f"'{action}' is not in the action space of this game")
    return i


def action_from_id(state: Unchecked, number: Unchecked) -> Action:
    """The action numbered ``number`` in the action space of ``state``'s game."""
    require_state(state, "action_from_id")
    space = _space(state)
    if type(number) is not int or not 0 <= number < space.size:
        raise ArgumentError(f"no action {number!r:.40} in an action space of {space.size}")
    return space.actions[number]


def legal_mask(state: Unchecked) -> list:
    """One 0/1 per action of the space: 1 for each action legal in ``state``."""
    require_state(state, "legal_mask")
    mask = [0] * _space(state).size
    for a in legal_actions(state):
        mask[action_id(state, a)] = 1
    return mask
