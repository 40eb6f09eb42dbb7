"""Built-in players, by name: each is deterministic given its seed and sees only its
seat's :class:`~tortuga_rules.bots.knowledge.Knowledge` (view, options, history and
determinisations), never the real state.

=============  ===================================================================
``random``     :class:`RandomBot`: a uniformly random legal action
``heuristic``  :class:`HeuristicBot`: plays its loyalty by documented rules of thumb
``ismcts``     :class:`IsmctsBot`: information-set Monte Carlo tree search
=============  ===================================================================

:func:`make_bot` builds one from a spec: a name, optionally with parameters -
``"ismcts:iterations=400"``, ``"ismcts:ms=50,c=1.0"``.
"""

from __future__ import annotations

from ..errors import ArgumentError
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .knowledge import Knowledge
from .uniform import RandomBot

__all__ = ["BOTS", "make_bot", "bot_spec", "Knowledge", "RandomBot", "HeuristicBot",
           "IsmctsBot"]

#: Every built-in bot, by name, with the parameters its spec may set (and their types).
BOTS: dict = {
    "random": (RandomBot, {}),
    "heuristic": (HeuristicBot, {}),
    "ismcts": (IsmctsBot, {"iterations": int, "ms": float, "c": float, "depth": int,
                           "prior": float}),
}


def bot_spec(spec: str) -> tuple:
    """``(name, parameters)`` of a spec such as ``"ismcts:iterations=400"``; a located
    :class:`~tortuga_rules.errors.ArgumentError` if it names no bot or a bad parameter."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise ArgumentError("a bot is named by a short text such as 'heuristic'")
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS:
        raise ArgumentError(f"no bot {name!r:.40}: choose from {', '.join(BOTS)}")
    allowed = BOTS[name][1]
    params: dict = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if key not in allowed or not eq:
            choices = ", ".join(allowed) or "none"
            raise ArgumentError(f"bot {name!r} has no parameter {key!r:.40} "
                                f"(its parameters: {choices})")
        try:
            params[key] = allowed[key](value)
        except ValueError:
            raise ArgumentError(f"bot {name!r}: {key} must be a number, not {value!r:.40}") \
                from None
        if not 0 <= params[key] <= 10**7:
            raise ArgumentError(f"bot {name!r}: {key} must be from 0 to 10^7")
    return name, params


def make_bot(spec: str, seed: int = 0):
    """A new bot from ``spec`` (see :func:`bot_spec`), seeded with ``seed``."""
    name, params = bot_spec(spec)
    return BOTS[name][0](seed, **params)
