"""A fixed, numbered action space per ruleset and player count, for bots and RL.

OpenSpiel and PettingZoo want every action a game can ever offer numbered once, and
each decision to say which numbers are legal. :class:`ActionSpace` lists them for a
ruleset and a player count, in a fixed order made from the ruleset alone, as the game's
``actions`` capability gives them (Tortuga 1667's: ``games/tortuga1667/actions.py``, every
turn action, choice and vote with every value its types allow; a kit game's:
``game/kit/space.py``).

The numbers depend only on the ruleset's hash and the player count, so a trained
policy and its game agree on them. :func:`action_id`, :func:`action_from_id` and
:func:`legal_mask` use the space of a state's game. A house rule that chooses among
texts it computes (not written in its rules) can offer an action outside the space;
:func:`action_id` then raises :class:`~tortuga_rules.errors.ArgumentError` naming it.
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from ..errors import ArgumentError
from ..data.ruleset import Ruleset
from ..model.actions import Action, typed_key
from ..model.notation import PLAIN, Notation, shown
from ..model.state import GameState
from .arguments import Unchecked, require_state
from .legality import legal_actions

__all__ = ["ActionSpace", "action_id", "action_from_id", "legal_mask"]


@attrs.frozen
class ActionSpace:
    """Every action of games of one ruleset with ``players`` players, numbered from 0."""

    ruleset_hash: str
    players: int
    actions: tuple[Action, ...] = attrs.field(repr=False)
    #: an action's typed key -> its number
    index: dict[Any, int] = attrs.field(repr=False, eq=False)
    #: how the space's rules write an action (for naming one it does not hold)
    notation: Notation = attrs.field(default=PLAIN, repr=False, eq=False)
    #: id(action) -> (action, number), for the action objects numbered lately
    _seen: dict[int, tuple[Action, int]] = attrs.field(factory=dict, repr=False, eq=False,
                                                       init=False)

    @classmethod
    def of(cls, rules: Ruleset, players: int) -> ActionSpace:
        """The space of ``rules`` at ``players`` players (made once, then kept)."""
        key = ("action-space", players)
        space: ActionSpace | None = rules.memo.get(key)
        if space is None:
            game = rules.game
            if game.actions is None:
                raise ArgumentError(f"{game.name} does not number its actions for learning agents")
            actions = tuple({typed_key(a): a for a in game.actions(rules, players)}.values())
            space = cls(rules.hash, players, actions,
                        {typed_key(a): i for i, a in enumerate(actions)}, rules.notation)
            rules.memo[key] = space
        return space

    def number(self, action: Action) -> int:
        """The number of a legal ``action`` of this space's game. The legal actions of a
        decision are made once and handed out again (``legal_actions``' memo), so each
        object's number is remembered beside it: typing its values again is most of the
        cost of a mask."""
        seen = self._seen.get(id(action))
        if seen is not None and seen[0] is action:
            return seen[1]
        i = self.index.get(typed_key(action))
        if i is None:
            raise ArgumentError(f"'{shown(action, self.notation)}' is not in the action "
                                "space of this game")
        if len(self._seen) >= 4 * len(self.actions) + 1024:
            self._seen.clear()  # bounded: a long game's fresh objects do not pile up
        self._seen[id(action)] = (action, i)
        return i

    def numbers(self, actions: Iterable[Action]) -> list[int]:
        """:meth:`number` of each of ``actions`` (legal ones), in one call."""
        seen = self._seen
        out = []
        for a in actions:
            found = seen.get(id(a))
            out.append(found[1] if found is not None and found[0] is a else self.number(a))
        return out

    @property
    def size(self) -> int:
        """How many actions the space numbers (OpenSpiel's ``num_distinct_actions``)."""
        return len(self.actions)


def _space(state: GameState) -> ActionSpace:
    return ActionSpace.of(state.rules, state.players)


def action_id(state: Unchecked, action: Unchecked) -> int:
    """The number of ``action`` in the action space of ``state``'s game."""
    require_state(state, "action_id")
    i = _space(state).index.get(typed_key(action)) if isinstance(action, Action) else None
    if i is None:
        raise ArgumentError(f"'{shown(action, state.rules)}' is not in the action space "
                            "of this game")
    return i


def action_from_id(state: Unchecked, number: Unchecked) -> Action:
    """The action numbered ``number`` in the action space of ``state``'s game."""
    require_state(state, "action_from_id")
    space = _space(state)
    if type(number) is not int or not 0 <= number < space.size:
        raise ArgumentError(f"no action {number!r:.40} in an action space of {space.size}")
    return space.actions[number]


def legal_mask(state: Unchecked) -> list[int]:
    """One 0/1 per action of the space: 1 for each action legal in ``state``."""
    require_state(state, "legal_mask")
    space = _space(state)
    mask = [0] * space.size
    for a in legal_actions(state):
        mask[space.number(a)] = 1
    return mask
