"""Per-seat views: the one door through which hidden information leaves a state.

:func:`view` returns JSON-ready data with what one seat may know, as the game being
played says (``GameKind.view``: Tortuga 1667's in ``games/tortuga1667/view.py`` - every
public fact, its own loyalty and vote cards, the event cards it has looked at that are
still where it saw them; a kit game's in ``game/kit/loop.py``, from each zone's ``seen``), and
the log events addressed to everyone or to it (:func:`seen_events`). ``seat=None`` is the
referee's view: everything. :func:`public_view` is a spectator's: the public facts only,
what every seat knows.

With ``lang`` (one of :data:`~tortuga_rules.game.language.LANGUAGES`) the view also
carries its words in that language: the decision's prompt and labels, each event's
sentence (``text``) and ``labels``, the names of everything the view mentions. Words
are made from the view itself, so they tell the seat nothing more; :func:`glossary` gives
every word of a ruleset at once, for a front end that caches them.
"""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError
from ..model.events import EVERYONE, Event, event_data
from ..model.state import GameState
from .arguments import Unchecked, check_names, require_seat, require_state
from .language import check_language

__all__ = ["view", "public_view", "glossary", "visible", "seen_events", "PUBLIC"]

#: The audience of :func:`public_view`: nobody in particular (no seat, not the referee).
PUBLIC = -3


def visible(event: Event, seat: int | None) -> bool:
    """Whether log ``event`` may be shown to ``seat`` (``None``: the referee)."""
    to = event[2]  # its ``to`` (LogEvent.to), read in place: asked of every event of a search
    return seat is None or to == EVERYONE or to == seat


def seen_events(state: GameState, seat: int | None, words: Any = None) -> list[dict[str, Any]]:
    """The events of the step that led to ``state`` that ``seat`` may see, as data; with a
    :class:`~tortuga_rules.games.tortuga1667.narration.Narrator` ``words``, each with its sentence."""
    if words is not None:
        return [words.event_data(e) for e in state.events if visible(e, seat)]
    catalogue = state.rules.game.events
    return [event_data(e, catalogue) for e in state.events if visible(e, seat)]


def view(state: Unchecked, seat: Unchecked = None, lang: str | None = None,
         names: Unchecked = None, *, choices: bool = True) -> dict[str, Any]:
    """What ``seat`` may know of ``state``, as JSON-ready data (``None``: everything).

    ``lang`` adds the words a front end shows, in that language (see the module);
    ``names`` (the players' names, by seat) are how its sentences name the seats
    (default: the game's own names for them). ``choices=False`` leaves out the deciding
    seat's options and their labels (an observation that needs none: listing and naming
    them is most of a view's cost).
    """
    require_state(state, "view")
    require_seat(state, seat, "view", referee=True)
    out: dict[str, Any] = state.rules.game.view(state, seat, lang,
                                                check_names(names, state.players),
                                                choices=bool(choices))
    return out


def glossary(rules: Any, lang: str = "en") -> dict[str, Any]:
    """Every word a front end shows for games under ``rules`` (a compiled ruleset), in
    ``lang``, as JSON-ready data: its game's narrator's glossary (``GameKind.narrator``;
    Tortuga 1667's places, chest spots, roles, teams, icons, votes, actions, cards and
    clauses; a kit game's seats, zones, tracks, counters, sides, tokens, choices and
    clauses)."""
    narrator = rules.game.narrator
    if narrator is None:
        raise ArgumentError(f"{rules.game.name} has no words for a front end (no narrator)")
    words: dict[str, Any] = narrator(rules, lang=check_language(lang)).glossary()
    return words


def public_view(state: Unchecked, lang: str | None = None,
                names: Unchecked = None) -> dict[str, Any]:
    """What anyone watching may know of ``state``: a spectator's view.

    The public facts only - no hand, no loyalty before the end, no face-down card, no
    private event, no decision's options - marked ``"public": true`` (``seat`` is null).
    """
    require_state(state, "public_view")
    out: dict[str, Any] = state.rules.game.view(state, PUBLIC, lang,
                                                check_names(names, state.players))
    return out


