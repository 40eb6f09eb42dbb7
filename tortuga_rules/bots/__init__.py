"""Built-in players, by name: each is deterministic given its seed and sees only its
seat's :class:`~tortuga_rules.bots.knowledge.Knowledge` (view, options, history and
determinisations), never the real state.

=============  ===================================================================
``random``     :class:`RandomBot`: a uniformly random legal action
``heuristic``  a game's own rules-of-thumb player (``GameKind.bots``): Tortuga 1667's
               plays its loyalty, the dice game's its dice; a game without one (a game
               written on the component kit in data alone) gets :class:`LookaheadBot`,
               one ply of look-ahead judged by random playouts
``ismcts``     :class:`IsmctsBot`: information-set Monte Carlo tree search (games that
               can determinize)
=============  ===================================================================

:func:`make_bot` builds one from a spec: a name, optionally with parameters -
``"ismcts:iterations=400"``, ``"ismcts:ms=50,c=1.0"``. Given the rules being played, a
game's own players (``GameKind.bots``) come first.
"""

from __future__ import annotations

import functools

from ..errors import ArgumentError
from ..model.games import DEFAULT_GAME, game_kind
from .ismcts import IsmctsBot
from .knowledge import Knowledge
from .lookahead import LookaheadBot
from .uniform import RandomBot

__all__ = ["BOTS", "make_bot", "bot_spec", "bots_for", "Knowledge", "RandomBot", "IsmctsBot",
           "LookaheadBot", "bound_to"]

#: Every generic built-in bot (any game can use it), by name, with the parameters its spec may set (and their types).
BOTS: dict = {
    "random": (RandomBot, {}),
    "ismcts": (IsmctsBot, {"iterations": int, "ms": float, "c": float, "depth": int,
                           "prior": float}),
    "heuristic": (LookaheadBot, {"playouts": int, "depth": int}),
}


def bots_for(rules=None) -> dict:
    """The bots that can play ``rules`` (no rules: Tortuga 1667's, the default game's):
    the game's own first, then the generic ones of :data:`BOTS` it can use."""
    game = game_kind(DEFAULT_GAME) if rules is None else rules.game
    out = dict(game.bots)
    for name, entry in BOTS.items():
        if name in out:
            continue
        if name in ("ismcts", "heuristic") and game.determinize is None:
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
    one that can play them (the game's own bots first). A game's own bot refuses to play
    any other game (see :func:`bound_to`)."""
    name, params = bot_spec(spec, rules)
    game = game_kind(DEFAULT_GAME) if rules is None else rules.game
    cls = bots_for(rules)[name][0]
    if name in game.bots:
        cls = bound_to(cls, game.id)
    return cls(seed, **params)


class _Bound:
    """A game's own bot: asked to play another game it refuses, saying which bots can (its
    rules of thumb would read another game's decisions as its own)."""

    game_id = ""

    def choose(self, knowledge):
        game = knowledge.rules.game
        if game.id != self.game_id:
            raise ArgumentError(f"the {getattr(self, 'name', 'own')} bot of the game {self.game_id!r} does not "
                                f"play {game.name}: choose from "
                                f"{', '.join(bots_for(knowledge.rules))}")
        return super().choose(knowledge)  # type: ignore[misc]


@functools.lru_cache(maxsize=None)
def bound_to(cls: type, game_id: str) -> type:
    """``cls`` (a game's own bot) as a bot of the game ``game_id`` only: a subclass whose
    ``choose`` refuses any other game's knowledge with an ``ArgumentError``."""
    return type(cls.__name__, (_Bound, cls), {"game_id": game_id, "__module__": cls.__module__,
                                              "__doc__": cls.__doc__})
