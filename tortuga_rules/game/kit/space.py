"""Numbered actions and observations of a component-kit game, for learning agents.

A kit game's decisions are ``choose`` answers (and turn actions, if its rules have any),
whose values are made of its equipment: seats, yes or no, the sides of its dice, its
tokens, sets of its dice (their letters in order, ``"AD"``) and a side with such a set
(what ``of_a_kind`` offers). :func:`kit_actions` numbers every answer of every choice
with every such value its DSL type allows (``any``: all of them), then every text and
number its programs and lists write (``"pay"``, ``"take"``, ``2``); the numbers depend on the rules and the
player count only. An answer a house rule computes outside these (a
number, a text of its own) is refused by :func:`~tortuga_rules.game.action_space.action_id`
with the action named.

:class:`KitObserver` encodes a seat's kit view (:func:`~tortuga_rules.game.kit.loop.view_kit`)
as small whole numbers, named entry by entry: whose seat and decision it is, every
track's space, every counter, every zone's count and, where the seat may see them, its
tokens and dice by kind, the picks revealed, who holds a secret pick and the seat's own,
and the scores once the game is over.
"""

from __future__ import annotations

import itertools
from typing import Any, Iterator

from ...data.ruleset import Ruleset
from ...model.actions import Action
from ...model.kit import Kit
from ..observation import Layout, Put

__all__ = ["kit_actions", "kit_values", "KitObserver"]


def _letter_sets(kit: Kit) -> list[str]:
    letters = sorted(kit.dice)
    return ["".join(c) for n in range(1, len(letters) + 1)
            for c in itertools.combinations(letters, n)]


def _sides(kit: Kit) -> list[str]:
    return sorted({side for faces in kit.faces.values() for side, _pips in faces})


def _tokens(kit: Kit) -> list[Any]:
    return sorted({t for z in kit.zones if not z.dice for t in z.start}, key=str)


def kit_values(kit: Kit, players: int, texts: tuple[Any, ...] = ()) -> list[Any]:
    """Every value a kit game's ``any`` choice may answer (see the module), in order; then
    ``texts``, the texts and numbers its programs write (``["pay", "take"]``), those not
    already in."""
    sets = _letter_sets(kit)
    out: list[Any] = [*range(players), None, True, False, *_sides(kit), *_tokens(kit), *sets]
    out += [(side, letters) for side in _sides(kit) for letters in sets]
    known = {(type(v), v) for v in out if isinstance(v, (str, int))}
    return out + [t for t in texts if (type(t), t) not in known]


def _texts(rules: Ruleset) -> tuple[Any, ...]:
    """Every text and number written in the programs of ``rules`` and in its kit's lists
    (texts first, each sorted): the answers a choice among them may have (``choose move
    from ["pay", "take"]``, ``choose step from steps`` with ``steps: [1, 2]``)."""
    found: set[Any] = set()
    stack: list[Any] = [p.ir for p in rules.programs.values()]
    while stack:
        item = stack.pop()
        if not isinstance(item, tuple):
            continue
        if item[:1] == ("lit",) and len(item) == 2:
            found.update(_strings(item[1]))
        else:
            stack.extend(x for x in item if isinstance(x, tuple))
    for value in rules.tables["kit"].lists.values():
        found.update(_strings(value))
    return (tuple(sorted(t for t in found if isinstance(t, str)))
            + tuple(sorted(n for n in found if type(n) is int)))


def _strings(value: Any) -> list[Any]:
    """The texts and whole numbers of a constant: itself, or those of its items."""
    if isinstance(value, str) or type(value) is int:
        return [value]
    return [t for v in value for t in _strings(v)] if isinstance(value, tuple) else []


def _typed(t: Any, kit: Kit, players: int, texts: tuple[Any, ...]) -> list[Any]:
    name = getattr(t, "name", "any")
    if name == "seat":
        out: list[Any] = list(range(players))
    elif name == "bool":
        out = [True, False]
    else:
        return kit_values(kit, players, texts)
    return out + [None] if getattr(t, "optional", False) else out


def kit_actions(rules: Ruleset, players: int) -> Iterator[Action]:
    """Every action a game of kit ``rules`` at ``players`` can offer (see the module)."""
    kit: Kit = rules.tables["kit"]
    texts = _texts(rules)
    for act in rules.actions:
        domains = [_typed(p.type, kit, players, texts) for p in act.params]
        names = [p.name for p in act.params]
        for combo in itertools.product(*domains):
            yield Action(act.id, tuple(zip(names, combo)))
    for name in sorted(rules.choices):
        for value in _typed(rules.choices[name], kit, players, texts):
            yield Action("choose", ((name, value),))


class KitObserver(Layout):
    """Encodes the views of kit games under ``rules`` with ``players`` seats."""

    def __init__(self, rules: Ruleset, players: int) -> None:
        self.kit: Kit = rules.tables["kit"]
        self.players = players
        self.choices = tuple(sorted(rules.choices))
        self._low = {t.name: t.low for t in self.kit.tracks}
        self._number()

    def _layout(self) -> Iterator[str]:
        kit, seats = self.kit, range(self.players)
        sides, tokens, letters = _sides(kit), _tokens(kit), sorted(kit.dice)
        yield from (f"me.{s}" for s in seats)
        yield from (f"deciding.{s}" for s in seats)
        yield from (f"decision.{c}" for c in self.choices)
        yield from (f"track.{t.name}.{s}" for t in kit.tracks for s in seats)
        yield from (f"counter.{c}" for c, _start in kit.counters)
        for z, owner in kit.slots(self.players):
            at = z.name if owner is None else f"{z.name}.{owner}"
            yield f"zone.{at}.count"
            if z.dice:
                yield from (f"zone.{at}.{x}.{side}" for x in letters for side in sides)
            else:
                yield from (f"zone.{at}.{t}" for t in tokens)
        for who in [*(f"shown.{s}" for s in seats), "my_held"]:
            yield from (f"{who}.{side}" for side in sides)
            yield from (f"{who}.{x}" for x in letters)
        yield from (f"holding.{s}" for s in seats)
        yield "over"
        yield from (f"score.{s}" for s in seats)

    def news_values(self) -> dict[str, tuple[str, ...]]:
        """The kit's named texts in its log - zones, tracks, counters (see ``News``)."""
        kit = self.kit
        return {"text": tuple(sorted({*(z.name for z in kit.zones), *(t.name for t in kit.tracks),
                                      *(c for c, _start in kit.counters)}))}

    def encode(self, v: dict[str, Any]) -> list[int]:
        """The vector of kit view ``v`` (counters are shifted by one: -1 is 0)."""
        out, put = self._vector()
        put(f"me.{v['seat']}")
        d = v["decision"]
        if d is not None:
            put(f"deciding.{d['seat']}")
            put(f"decision.{d['name']}")
        for track, spaces in v["tracks"].items():
            low = self._low[track]
            for s, space in enumerate(spaces):
                put(f"track.{track}.{s}", space - low)
        for name, value in v["counters"].items():
            put(f"counter.{name}", max(0, value + 1) if isinstance(value, int) else 0)
        for name, shown in v["zones"].items():
            for owner, zone in (enumerate(shown) if isinstance(shown, list) else [(None, shown)]):
                self._zone(name if owner is None else f"{name}.{owner}", zone or {}, put)
        for s, pick in enumerate(v["shown"]):
            self._pick(f"shown.{s}", pick, put)
        self._pick("my_held", v.get("my_held"), put)
        for s, holding in enumerate(v.get("holding", ())):
            put(f"holding.{s}", int(bool(holding)))
        outcome = v["outcome"]
        if outcome is not None:
            put("over")
            for s, score in enumerate(outcome.get("scores") or ()):
                put(f"score.{s}", max(0, int(score)))
        return out

    @staticmethod
    def _zone(at: str, zone: dict[str, Any], put: Put) -> None:
        put(f"zone.{at}.count", zone.get("count", 0))
        for token in zone.get("tokens", ()):
            if isinstance(token, dict):
                put(f"zone.{at}.{token['die']}.{token['side']}")
            else:
                put(f"zone.{at}.{token}")

    @staticmethod
    def _pick(who: str, pick: Any, put: Put) -> None:
        if isinstance(pick, (list, tuple)) and len(pick) == 2 and all(
                isinstance(x, str) for x in pick):
            put(f"{who}.{pick[0]}")
            for x in pick[1]:
                put(f"{who}.{x}")
        elif isinstance(pick, str):
            put(f"{who}.{pick}")
