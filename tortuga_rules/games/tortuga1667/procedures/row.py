"""The event cards on the table: the face-down row, peeking, cards being resolved."""

from __future__ import annotations



__all__ = ["deal_row", "reshuffle_row", "forget_slots", "peek", "take_resolving"]


def forget_slots(m, mask: int):
    """Nobody knows the cards in the slots of ``mask`` any more."""
    seen = m.f["seen"]
    for s in seen:
        if s & mask:
            keep = ~mask
            m.f["seen"] = tuple([s & keep for s in seen])
            return


def peek(m, seat: int, slots):
    """``seat`` secretly looks at the row slots ``slots`` (1-based)."""
    row = m.f["row"]
    mask = 0
    for s in slots:
        mask |= 1 << (s - 1)
    m.set_item("seen", seat, m.f["seen"][seat] | mask)
    m.log("action.view.secret", "peek", seat, tuple(slots))
    m.log("action.view.secret", "peek-cards", seat, tuple((s, row[s - 1]) for s in slots), to=seat)


def take_resolving(m, card) -> bool:
    """Take ``card`` off the table of cards being resolved; False if it is not there."""
    resolving = m.f["resolving"]
    if card not in resolving:
        return False
    i = len(resolving) - 1 - resolving[::-1].index(card)
    m.f["resolving"] = resolving[:i] + resolving[i + 1:]
    return True


def reshuffle_row(m):
    """The face-down row cards are shuffled among their slots (the event deck ran out)."""
    row = m.f["row"]
    slots = [i for i, c in enumerate(row) if c is not None]
    cards = m.shuffled([row[i] for i in slots], "row-reshuffle")
    new_row = list(row)
    for i, c in zip(slots, cards):
        new_row[i] = c
    m.f["row"] = tuple(new_row)
    forget_slots(m, (1 << len(row)) - 1)
    m.log("end.row-reshuffle", "row-reshuffle", tuple(i + 1 for i in slots))


def deal_row(m):
    """Deal a new row from the top of the event deck."""
    f = m.f
    size = m.rules.row_size
    deck = f["event_deck"]
    f["row"] = tuple(deck[i] if i < len(deck) else None for i in range(size))
    f["event_deck"] = deck[size:]
    forget_slots(m, (1 << size) - 1)
    if not f["event_deck"] and m.rules.options["reshuffle_row_at_deck_end"]:
        reshuffle_row(m)  # the deck ran out while dealing: same rule as on a refill
