"""Revealing an event card: resolve it, then discard, refill, reshuffle at the deck's end."""

from __future__ import annotations

from .ending import judge_tiebreak, start_tiebreak
from .row import forget_slots, reshuffle_row, take_resolving
from ....procedures.workspace import HALT

__all__ = ["reveal", "finish_reveal"]


def reveal(m, slot: int, revealer: int):
    """Turn up the card in ``slot`` and resolve it with ``revealer`` as the revealer."""
    card = m.f["row"][slot - 1]
    m.set_item("row", slot - 1, None)
    forget_slots(m, 1 << (slot - 1))
    m.log("event.reveal", "reveal", revealer, slot, card)
    rules = m.rules
    m.f["resolving"] = m.f["resolving"] + (card,)
    m.push(rules.programs["builtin:finish-reveal"], {"slot": slot, "card": card})
    env = {"revealer": revealer, "slot": slot, "card": card}
    # Each frame gets its own copy: a program binds its names in its frame's dict, and a
    # shared one would carry the card's names into the after-reveal programs' frames.
    for guard, program in rules.after_reveal[::-1]:  # run after the card, before its discard
        if m.evaluate(guard, env):
            m.push(program, dict(env))
    m.push(rules.event_cards[card].program, env)


def finish_reveal(m):
    """After a card's effect: discard it, refill its slot, reshuffle the row at deck end."""
    env = m.env
    f = m.f
    if take_resolving(m, env["card"]):  # not kept, given or removed by its effect
        f["discard"] = f["discard"] + (env["card"],)
        m.log("event.discard", "discard", env["card"])
    if f["outcome"] is not None or judge_tiebreak(m) is HALT:
        return HALT
    slot = env["slot"]
    deck = f["event_deck"]
    if f["row"][slot - 1] is None and deck:
        m.set_item("row", slot - 1, deck[0])
        f["event_deck"] = deck = deck[1:]
        m.log("event.refill", "refill", slot)
        if not deck and m.rules.options["reshuffle_row_at_deck_end"]:
            reshuffle_row(m)
    if f["tiebreak"] and not deck and all(c is None for c in f["row"]):
        return start_tiebreak(m, "end.tie-breaker.rebuild")
    return None
