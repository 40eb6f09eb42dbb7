"""Tortuga 1667's determinisation (its ``GameKind.determinize``; see
:mod:`tortuga_rules.game.determinize` for what is redrawn)."""

from __future__ import annotations

import random

from ...game.view import visible
from ...model.state import Decision, GameState, Vote

__all__ = ["determinize_1667"]


def determinize_1667(state: GameState, seat: int, rnd: random.Random) -> GameState:
    """Tortuga 1667's determinisation (see the module)."""
    changes = {"loyalty": _loyalties(state, seat, rnd), "rng": rnd.getrandbits(63),
               "events": tuple(e for e in state.events if visible(e, seat))}
    changes.update(_vote_cards(state, seat, rnd))
    changes.update(_event_cards(state, seat, rnd))
    return state._evolve(**changes)


def _loyalties(state, seat, rnd) -> tuple:
    loyal = list(state.loyalty)
    unknown = [s for s in range(state.players)
               if s != seat and "loyalty-open" not in state.marks[s]]
    teams = sorted(loyal[s] for s in unknown)
    rnd.shuffle(teams)
    for s, t in zip(unknown, teams):
        loyal[s] = t
    return tuple(loyal)


def _vote_cards(state, seat, rnd) -> dict:
    """Others' hands, their face-down vote cards and the vote deck, dealt again."""
    d = state.decision
    if d is not None and d.kind == "choose" and d.seat == seat and \
            set(d.options) & set(state.vote_deck):
        return {}  # the seat is searching the vote deck (Crow's Nest): it sees it all
    others = [s for s in range(state.players) if s != seat]
    # Face-down vote cards are hidden until the vote is counted; then they lie face up.
    played = dict(state.vote.played) if state.vote is not None and not state.vote.revealed \
        else {}
    pool = [c for s in others for c in state.hands[s]] + list(state.vote_deck)
    pool += [c for s, cards in played.items() if s != seat for c in cards]
    pool.sort()
    rnd.shuffle(pool)
    hands = list(state.hands)
    old = {s: state.hands[s] for s in others}
    for s in others:
        hands[s], pool = tuple(sorted(pool[:len(hands[s])])), pool[len(hands[s]):]
    new_played = []
    for s, cards in state.vote.played if state.vote is not None else ():
        if s != seat and s in played:
            cards, pool = tuple(pool[:len(cards)]), pool[len(cards):]
        new_played.append((s, cards))
    out: dict = {"hands": tuple(hands), "vote_deck": tuple(pool)}
    if state.vote is not None:
        out["vote"] = Vote(state.vote.kind, state.vote.caller, state.vote.place,
                           state.vote.participants, tuple(new_played), state.vote.revealed)
    if d is not None and d.kind == "choose" and d.seat != seat:
        # Another seat choosing secretly among hidden cards chooses among the new ones.
        if d.seat in old and d.options and all(type(o) is str for o in d.options) and \
                sorted(d.options) == sorted(old[d.seat]):
            out["decision"] = Decision(d.seat, d.kind, d.name, hands[d.seat], d.clause)
        elif d.options and tuple(d.options) == tuple(sorted(state.vote_deck)):
            out["decision"] = Decision(d.seat, d.kind, d.name, tuple(sorted(pool)), d.clause)
    return out


def _event_cards(state, seat, rnd) -> dict:
    """The deck and the row cards ``seat`` has not seen, shuffled together.

    The final card (the Armada) is public knowledge only as "somewhere the seat cannot
    see, among the deck's last places": it goes to one of the deck's last ``among_last``
    places (the bottom, in the 2nd edition) or, once fewer cards than that remain, possibly
    to a hidden row slot (it may have been drawn). Where it really lies is not read, so
    two positions a seat cannot tell apart give the same worlds.
    """
    final = state.rules.deck["final"]
    position = state.rules.deck["final_position"]
    last = 1 if position == "bottom" else position["among_last"]
    deck = state.event_deck
    seen = state.seen[seat]
    hidden = [i for i, c in enumerate(state.row) if c is not None and not (seen >> i) & 1]
    cards = sorted(list(deck) + [state.row[i] for i in hidden])
    spot = None  # where the final card goes: a deck index, or ("row", slot index)
    if final in cards:
        cards.remove(final)
        spots: list = [len(deck) - 1 - k for k in range(min(last, len(deck)))]
        if len(deck) < last:  # it may have been drawn into the row
            spots += [("row", i) for i in hidden]
        spot = spots[rnd.randrange(len(spots))]
    rnd.shuffle(cards)
    row = list(state.row)
    for i in hidden:
        row[i] = final if spot == ("row", i) else cards.pop()
    if type(spot) is int:
        cards.insert(spot, final)
    return {"row": tuple(row), "event_deck": tuple(cards)}
