"""The card files: reading them (a game's bundled ``cards/<game id>/`` with a house rule's
own merged over them). Building vote cards, event cards and their rules from them is the game's
(Tortuga 1667's: ``games/tortuga1667/cardrules.py``).

A game's card folder (Tortuga 1667's ``cards/tortuga-1667/``, and a house rule's
``cards/`` beside its variant) holds the vote deck (one file), and one file per loyalty
card, Brethren card and event card, its id the file name.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path, PurePath
from typing import Any, Iterable

from ..errors import Problem
from .overlay import LayeredMap
from .reader import Reader
from .yamlsource import SourceMap

__all__ = ["read_cards", "house_cards"]

_FOLDERS = (("events", "event-card"), ("loyalty", "loyalty"), ("brethren", "brethren"))


def _no_cards() -> dict[str, Any]:
    """No card yet: ``{"votes": None, "events": {}, "loyalty": {}, "brethren": {}}``."""
    return {"votes": None, **{folder: {} for folder, _ in _FOLDERS}}


def read_cards(reader: Reader, root: Traversable, display: str, *,
               partial: bool = False) -> dict[str, Any]:
    """Every card file under ``root``, as ``(data, SourceMap)`` pairs.

    ``{"votes": pair, "events": {id: pair}, "loyalty": {...}, "brethren": {...}}``.
    A ``partial`` folder (a house rule's cards) may leave the vote deck out.
    """
    out = _no_cards()
    vote_file = root.joinpath("vote-deck.yaml")
    if vote_file.is_file():
        data, smap = reader.read(vote_file, f"{display}/vote-deck.yaml")
        if data is not None and reader.validate(data, smap, "vote-deck"):
            out["votes"] = (data, smap)
    elif not partial:
        reader.problems.append(Problem(f"{display}/vote-deck.yaml", 0, 0, "missing: the vote deck"))
    for folder, schema in _FOLDERS:
        sub = root.joinpath(folder)
        if not sub.is_dir():
            continue
        for entry in sorted(sub.iterdir(), key=lambda p: p.name):
            if not entry.name.endswith(".yaml"):
                continue
            data, smap = reader.read(entry, f"{display}/{folder}/{entry.name}")
            if data is None or not reader.validate(data, smap, schema):
                continue
            if data["id"] != entry.name[:-5]:
                reader.problems.append(smap.problem(("id",), f"id {data['id']!r} must match the "
                                                             f"file name {entry.name[:-5]!r}"))
                continue
            out[folder][data["id"]] = (data, smap)
    return out


def house_cards(reader: Reader, cards: dict[str, Any], folders: Iterable[tuple[Path, str]],
                inline: Iterable[tuple[dict[str, Any], SourceMap]]) -> None:
    """Merge a house rule's own cards over ``cards``, in place, overriding only what they name.

    ``folders`` are ``(folder, display)`` of the rules files read by path: a ``cards/``
    folder beside one (``events/``, ``loyalty/``, ``brethren/``, ``vote-deck.yaml``) joins
    in. ``inline`` are ``(data, where)`` of variants' ``cards`` sections, mappings of the
    same folders (``events: {kraken: {...}}``, ``vote-deck: {...}``), each card's id its
    key. Later files win. Every card is checked against its schema, located in its file.
    """
    for folder, display in folders:
        root = folder / "cards"
        if root.is_dir():
            shown = str(PurePath(display).parent / "cards")
            _merge_cards(cards, read_cards(reader, root, shown, partial=True))
    for data, where in inline:
        _merge_cards(cards, _inline_cards(reader, data, where))


def _merge_cards(cards: dict[str, Any], extra: dict[str, Any]) -> None:
    for folder, _ in _FOLDERS:
        cards[folder].update(extra[folder])
    if extra["votes"] is not None:
        cards["votes"] = extra["votes"]


def _inline_cards(reader: Reader, data: dict[str, Any], where: SourceMap) -> dict[str, Any]:
    """A variant's ``cards`` section (``where``: the variant's SourceMap) as a folder's cards."""
    out = _no_cards()
    if "vote-deck" in data:
        deck = LayeredMap(where)
        deck.add((), where, ("cards", "vote-deck"))
        if reader.validate(data["vote-deck"], deck, "vote-deck"):
            out["votes"] = (data["vote-deck"], deck)
    for folder, schema in _FOLDERS:
        for cid, card in (data.get(folder) or {}).items():
            cmap = LayeredMap(where)
            cmap.add((), where, ("cards", folder, cid))
            if isinstance(card, dict) and card.get("id", cid) != cid:
                reader.problems.append(cmap.problem(("id",), f"id {card['id']!r} must match its "
                                                             f"key {cid!r}"))
                continue
            card = {"id": cid, **card} if isinstance(card, dict) else card
            if reader.validate(card, cmap, schema):
                out[folder][cid] = (card, cmap)
    return out


# -- vote cards --------------------------------------------------------------------------


# -- event cards -------------------------------------------------------------------------


# -- the rules the dealt cards bring ---------------------------------------------------------


