"""Actions: what a player (or the referee, for a seat) hands to ``apply_action``.

An :class:`Action` is a tuple subclass, so comparing and hashing actions stays in C
on the hot path (bots compare thousands of them a second); it is immutable like
every other value of the library. ``kind`` is a turn action of the ruleset's
catalogue (``"view"``, ``"force"`` ...), ``"choose"`` (a choice inside an effect)
or ``"vote"`` (a secret vote card); ``args`` pairs each parameter name with its value.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from ..errors import IllegalActionError
from . import notation
from .state import decode_value, encode_value

__all__ = ["Action", "typed_key"]


def typed_key(action: Action) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """``action`` with the type of every value beside it, for telling actions apart.

    Places, chest spots and seats are whole numbers underneath (``Place.JOLLY_ROGER ==
    ChestSpot.FLYING_DUTCHMAN_BRITISH == 1``), so two actions naming different things can
    compare equal; their typed keys do not.
    """
    return (action.kind, tuple((name, _typed(value)) for name, value in action.args))


def _typed(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(_typed(v) for v in value)
    return (type(value).__name__, value)


class Action(NamedTuple):
    """A player's decision: ``Action("force", (("slots", (1, 3)), ("target", 2)))``."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        """The action's short text in no ruleset's notation: ``force slots=1,3 target=2``
        (``action.text(rules)`` writes the game's own ``force 1,3 @2``); either reads back."""
        return notation.format_action(self)

    def text(self, rules: Any = None) -> str:
        """The action's short text in ``rules``' notation, which :meth:`parse` reads back:
        ``force 1,3 @2`` (without rules, as ``str(action)``)."""
        return notation.format_action(self, rules)

    @classmethod
    def parse(cls, text: str, rules: Any = None) -> Action:
        """The action written ``text`` (``"force 1,3 @2"``, ``"choose slot 3"``, ``"vote v07"``).

        ``rules`` (a ruleset) names a turn action's parameters in order; without it they
        must be named (``force slots=1,3 target=2``). Slots (any comma list) may be given
        in any order. Raises :class:`~tortuga_rules.errors.IllegalActionError` saying what
        cannot be read. See :mod:`tortuga_rules.model.notation`.
        """
        return cls(*notation.parse_action(text, rules))

    def arg(self, name: str, default: Any = None) -> Any:
        """The value of parameter ``name``."""
        for k, v in self.args:
            if k == name:
                return v
        return default

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data: ``{"kind": "force", "slots": [1, 3], "target": 2}``."""
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self.args:
            out[k] = encode_value(v)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False)

    @classmethod
    def from_data(cls, data: Any) -> Action:
        """Rebuild an action from :meth:`to_data` output (argument order is kept)."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalActionError(f"not an action: {data!r} (expected an object with a 'kind')")
        params = tuple((k, decode_value(v)) for k, v in data.items() if k != "kind")
        return cls(data["kind"], params)

    @classmethod
    def from_json(cls, text: str) -> "Action":
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise IllegalActionError(f"not an action: invalid JSON ({exc})") from None
        return cls.from_data(data)
