"""Built-in players, by name: each is deterministic given its seed and sees only its
seat's :class:`~tortuga_rules.bots.knowledge.Knowledge` (view, options, history and
determinisations), never the real state.

=============  ===================================================================
``random``     :class:`RandomBot`: a uniformly random legal action
``heuristic``  a game's own rules-of-thumb player (``GameKind.bots``): Tortuga 1667's
               plays its loyalty, the dice game's its dice
``ismcts``     :class:`IsmctsBot`: information-set Monte Carlo tree search (games that
               can determinize)
=============  ===================================================================

:func:`make_bot` builds one from a spec: a name, optionally with parameters -
``"ismcts:iterations=400"``, ``"ismcts:ms=50,c=1.0"``. Given the rules being played, a
game's own players (``GameKind.bots``) come first.
"""

from __future__ import annotations

from ..errors import ArgumentError
from ..model.games import DEFAULT_GAME, game_kind
from .ismcts import IsmctsBot
from .knowledge import Knowledge
from .uniform import RandomBot

__all__ = ["BOTS", "make_bot", "bot_spec", "bots_for", "Knowledge", "RandomBot", "IsmctsBot"]

#: Every generic built-in bot (any game can use it), by name, with the parameters its spec may set (and their types).
BOTS: dict = {
    "random": (RandomBot, {}),
    "ismcts": (IsmctsBot, {"iterations": int, "ms": float, "c": float, "depth": int,
                           "prior": float}),
}


def bots_for(rules=None) -> dict:
    """The bots that can play ``rules`` (no rules: Tortuga 1667's, the default game's):
    the game's own first, then the generic ones of :data:`BOTS` it can use."""
    game = game_kind(DEFAULT_GAME) if rules is None else rules.game
    out = dict(game.bots)
    for name, entry in BOTS.items():
        if name in out:
            continue
        if name == "ismcts" and game.determinize is None:
            continue  # search over hidden information needs determinisations
        out[name] = entry
    return out


def bot_spec(spec: str, rules=None) -> tuple:
    """``(name, parameters)`` of a spec such as ``"ismcts:iterations=400"``; a located
    :class:`~tortuga_rules.errors.ArgumentError` if it names no bot (of those that can
    play ``rules``, if given) or a bad parameter."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise ArgumentError("a bot is named by a short text such as 'heuristic'")
    name, _, rest = spec.strip().partition(":")
    known = bots_for(rules)
    if name not in known:
        where = f" for {rules.game.name}" if rules is not None else ""
        raise ArgumentError(f"no bot {name!r:.40}{where}: choose from {', '.join(known)}")
    allowed = known[name][1]
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


def make_bot(spec: str, seed: int = 0, rules=None):
    """A new bot from ``spec`` (see :func:`bot_spec`), seeded with ``seed``; with ``rules``,
    one that can play them (the game's own bots first)."""
    name, params = bot_spec(spec, rules)
    return bots_for(rules)[name][0](seed, **params)
