"""The component kit's procedures: tracks, counters, zones, bags, dice, secrets, scores.

Each works on a :class:`~tortuga_rules.procedures.workspace.Workspace` whose rules carry a
:class:`~tortuga_rules.model.kit.Kit` (``rules.tables["kit"]``) and logs what it changes.
A change to a zone only some may see is logged twice: the whole of it to those who may
see it, and without the hidden tokens to the others.

The whole kit, layer by layer: :mod:`tortuga_rules.game.kit`.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from ..errors import shortened
from ..model.kit import SEEN_BY_ALL, SEEN_BY_OWNER, Kit, ZoneDef
from ..model.state import Outcome, encode_value
from .workspace import Workspace

__all__ = ["kit", "tokens", "put", "take", "take_at", "move", "move_many", "draw", "advance",
           "set_counter",
           "roll", "turn_die", "hold", "reveal_held", "finish", "winners_of", "written"]

_TO_ALL, _TO_NOBODY = -1, -2

#: A zone's place: ``(seat or None for a shared zone, zone name)``.
Where = tuple[int | None, str]


def kit(m: Workspace) -> Kit:
    """The equipment of the game ``m`` plays."""
    equipment: Kit = m.rules.tables["kit"]
    return equipment


def tokens(m: Workspace, seat: int | None, name: str) -> tuple[Any, ...]:
    """The tokens of zone ``name`` (of ``seat``; None for a shared zone)."""
    held: tuple[Any, ...] = m.f["zones"][kit(m).slot(name, seat, m.f["players"])]
    return held


def _set(m: Workspace, seat: int | None, name: str, value: tuple[Any, ...]) -> None:
    k = kit(m)
    i = k.slot(name, seat, m.f["players"])
    if k.zones and k.zone(name).bag:
        value = tuple(sorted(value, key=_order))
    m.set_item("zones", i, value)


def _order(token: Any) -> tuple[str, Any]:
    return (type(token).__name__, token)


def _log_move(m: Workspace, kind: str, moved: tuple[Any, ...], src: Where, dst: Where) -> None:
    """Log tokens ``moved`` from zone ``src`` to zone ``dst`` (``(seat, name)`` pairs).

    What lies in a zone seen by all is known to all, so if either zone is, everyone is told
    the tokens; otherwise everyone learns how many moved, and the tokens themselves go to
    the seats that may see them (or to the referee alone).
    """
    k = kit(m)
    seen = {_audience(k.zone(src[1]), src[0]), _audience(k.zone(dst[1]), dst[0])}
    if _TO_ALL in seen:
        m.log(None, kind, moved, src[0], src[1], dst[0], dst[1])
        return
    m.log(None, kind, len(moved), src[0], src[1], dst[0], dst[1])
    owners = sorted(s for s in seen if s >= 0)
    for to in owners or [_TO_NOBODY]:
        m.log(None, kind, moved, src[0], src[1], dst[0], dst[1], to=to)


def _audience(z: ZoneDef, owner: int | None) -> int:
    if z.seen == SEEN_BY_ALL:
        return _TO_ALL
    if z.seen == SEEN_BY_OWNER and owner is not None:
        return owner
    return _TO_NOBODY


def put(m: Workspace, token: Any, seat: int | None, name: str, *, at_end: bool = True) -> None:
    """Add ``token`` to zone ``name`` of ``seat`` (a row: at its right-hand end)."""
    cur = tokens(m, seat, name)
    _set(m, seat, name, cur + (token,) if at_end else (token,) + cur)


def take(m: Workspace, seat: int | None, name: str, token: Any) -> bool:
    """Remove one ``token`` from zone ``name`` (the left-most of a row); False if it has none."""
    cur = tokens(m, seat, name)
    if token not in cur:
        return False
    i = cur.index(token)
    _set(m, seat, name, cur[:i] + cur[i + 1:])
    return True


def take_at(m: Workspace, seat: int | None, name: str, index: int) -> Any:
    """Remove and return the token at ``index`` of zone ``name`` (negative: from the right)."""
    cur = tokens(m, seat, name)
    if not -len(cur) <= index < len(cur):
        raise ValueError(f"zone {name} has {len(cur)} tokens: there is none at {index}")
    token = cur[index]
    i = index % len(cur)
    _set(m, seat, name, cur[:i] + cur[i + 1:])
    return token


def move(m: Workspace, src_seat: int | None, src: str, token: Any, dst_seat: int | None, dst: str,
         kind: str = "moved") -> None:
    """Move one ``token`` from one zone to another, logged; ValueError if it is not there."""
    move_many(m, src_seat, src, (token,), dst_seat, dst, kind)


def move_many(m: Workspace, src_seat: int | None, src: str, moved: tuple[Any, ...],
              dst_seat: int | None, dst: str, kind: str = "moved") -> None:
    """Move the tokens ``moved`` (in order) from one zone to another, logged as one event."""
    for token in moved:
        if not take(m, src_seat, src, token):
            raise ValueError(f"zone {src} has no {token!r}")
        put(m, token, dst_seat, dst)
    if moved:
        _log_move(m, kind, tuple(moved), (src_seat, src), (dst_seat, dst))


def draw(m: Workspace, src_seat: int | None, src: str, dst_seat: int | None, dst: str) -> Any:
    """Move a token drawn at random from zone ``src`` to ``dst`` (None if ``src`` is empty).

    The draw is rigged for purpose ``draw:<zone>`` in a scenario.
    """
    cur = tokens(m, src_seat, src)
    if not cur:
        m.log(None, "zone-empty", src_seat, src)
        return None
    token = m.pick(cur, f"draw:{src}")
    move(m, src_seat, src, token, dst_seat, dst, "drawn")
    return token


def advance(m: Workspace, seat: int, name: str, by: int) -> None:
    """Move ``seat``'s marker on track ``name`` by ``by`` spaces, kept within the track."""
    k = kit(m)
    i = k.track(name)
    t = k.tracks[i]
    row = m.f["tracks"][seat]
    old = row[i]
    new = max(t.low, min(t.high, old + by))
    if new != old:
        m.set_item("tracks", seat, row[:i] + (new,) + row[i + 1:])
    m.log(None, "track", seat, name, old, new)


def set_counter(m: Workspace, name: str, value: int) -> None:
    """Set counter ``name`` to ``value``: a ValueError if it is outside the counter's range."""
    k = kit(m)
    i = k.counter(name)
    low, high = k.counter_range(name, m.f["players"])
    if not low <= value <= high:
        raise ValueError(f"counter {name} takes {low}..{high} in this {m.f['players']}-player "
                         f"game, not {value}")
    m.set_item("counters", i, value)
    m.log(None, "counter", name, value)


def roll(m: Workspace, seat: int, src: str, dst: str) -> None:
    """Roll every die of ``seat``'s zone ``src`` into its zone ``dst``.

    Each die gets a face drawn at random (rigged for purpose ``roll:<letter>``, the face's
    side as the value); the faces are logged to those who may see ``dst``.
    """
    k = kit(m)
    dice = tokens(m, seat, src)
    rolled = []
    for letter, _ in dice:
        sides = tuple(side for side, _ in k.faces[letter])
        rolled.append((letter, sides.index(m.pick(sides, f"roll:{letter}"))))
    _set(m, seat, src, ())
    _set(m, seat, dst, tokens(m, seat, dst) + tuple(rolled))
    shown = tuple((letter, k.faces[letter][face][0], k.faces[letter][face][1])
                  for letter, face in rolled)
    to = _audience(k.zone(dst), seat)
    if to == _TO_ALL:
        m.log(None, "rolled", seat, shown, True)
    else:
        m.log(None, "rolled", seat, len(rolled), False)
        m.log(None, "rolled", seat, shown, False, to=to if to >= 0 else _TO_NOBODY)


def turn_die(m: Workspace, seat: int, name: str, letter: str, side: str) -> None:
    """Turn ``seat``'s die ``letter`` in zone ``name`` to its face showing ``side``."""
    k = kit(m)
    cur = tokens(m, seat, name)
    for i, (lt, _) in enumerate(cur):
        if lt == letter:
            face = k.face_of(letter, side)
            _set(m, seat, name, cur[:i] + ((letter, face),) + cur[i + 1:])
            m.log(None, "die-turned", seat, letter, side, k.faces[letter][face][1])
            return
    raise ValueError(f"seat {seat} has no die {letter} in {name}")


def hold(m: Workspace, seat: int, value: Any) -> None:
    """Keep ``value`` as ``seat``'s secret choice until :func:`reveal_held`; a ValueError
    if it has none of the shapes the rules let a seat hold (``components: held``)."""
    k = kit(m)
    if not k.holds(value, m.f["players"]):
        raise ValueError(f"seat {seat} may hold {k.held_words()}, not {_shown(value)}")
    m.set_item("held", seat, (value,))  # wrapped: holding "nothing" is still holding
    m.log(None, "held", seat)


def written(value: Any) -> str:
    """A value as JSON writes it (``["raid", "AC"]``, ``null``), cut at 60 characters."""
    text = json.dumps(encode_value(value), ensure_ascii=False)
    return shortened(text, 60)


def _shown(value: Any) -> str:
    """A value as a rules file writes it (``["raid", "AC"]``, ``none``)."""
    return "none" if value is None else written(value)


def winners_of(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The seats with the best of ``scores`` (by seat): a tie is a shared win."""
    best = max(scores)
    return tuple(s for s, x in enumerate(scores) if x == best)


def reveal_held(m: Workspace, seats: tuple[int, ...]) -> None:
    """Turn up, together, the secret choices of ``seats``: each becomes its seat's shown."""
    held = m.f["held"]
    shown = list(m.f["shown"])
    for s in seats:
        shown[s] = None if held[s] is None else held[s][0]
    m.f["shown"] = tuple(v if s in seats else None for s, v in enumerate(shown))
    m.f["held"] = tuple(None if s in seats else h for s, h in enumerate(held))
    m.log(None, "revealed-together", tuple((s, shown[s]) for s in seats))


def finish(m: Workspace, scores: Sequence[Any], reason: str) -> None:
    """End the game on ``scores`` (by seat): the best score wins, a tie is a shared win."""
    if any(type(x) is not int for x in scores):
        raise ValueError(f"finish takes a number for each seat, not {_shown(scores)}")
    scores = tuple(scores)
    if len(scores) != m.f["players"]:
        raise ValueError(f"finish takes one score per seat ({m.f['players']}), not {len(scores)}")
    winners = winners_of(scores)
    m.f["outcome"] = Outcome(winners, (), reason, scores)
    m.f["decision"] = None
    m.log(None, "scores", scores, winners)
