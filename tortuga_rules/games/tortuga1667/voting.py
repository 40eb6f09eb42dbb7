"""Tortuga 1667's vote decisions as the engine loop sees them: the plays a voter may make
(its ``GameKind.options``) and why a play is refused (its ``GameKind.refusal``). Playing
one is :func:`~tortuga_rules.games.tortuga1667.procedures.votes.play_vote`
(its ``GameKind.answer``).
"""

from __future__ import annotations

import math
from itertools import combinations

from ...dsl.operations import MAX_OPTIONS
from ...errors import Problem, RulesError
from ...model.actions import Action
from ...model.state import GameState

__all__ = ["vote_options", "vote_refusal"]


def vote_options(state: GameState) -> tuple:
    """Every play of the voter: each card in hand, and each set of cards a kept card lets
    them play at once."""
    d = state.decision
    assert d is not None  # asked only while a vote card is awaited
    hand = sorted(state.hands[d.seat])
    plays = [Action("vote", (("card", c),)) for c in hand]
    kept = state.kept[d.seat]
    for card, (n, _clause, only_next) in state.rules.vote_plays.items():
        if only_next and f"{card}-lapsed" in state.marks[d.seat]:
            continue
        if card in kept and len(hand) >= n:
            _check_combinations(state.rules, card, len(hand), n)
            plays.extend(Action("vote", (("cards", combo),))
                         for combo in combinations(hand, n))
    return tuple(plays)


def vote_refusal(state: GameState, action, seat) -> tuple:
    """Why ``action`` is not a play of the voter (it names no card the others may not know)."""
    d = state.decision
    assert d is not None  # asked only while a vote card is awaited
    if action.kind != "vote":
        return (f"seat {d.seat} must first play a vote card", "vote.procedure.play",
                "play one of the cards in hand")
    return (f"'{action.text(state.rules)}' is not a card in seat {d.seat}'s hand",
            "vote.procedure.play",
            "play a card the voter holds")


def _check_combinations(rules, card: str, cards: int, n: int):
    """Refuse a vote play whose combinations of cards would be out of bounds."""
    if math.comb(cards, n) > MAX_OPTIONS:
        where = rules.event_cards[card].file if card in rules.event_cards else f"<{card}>"
        raise RulesError(Problem(where, 0, 0, f"playing {n} of {cards} vote cards at once "
                                              f"would give more than {MAX_OPTIONS:,} options"),
                         f"card:{card}")
