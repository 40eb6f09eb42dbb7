"""What players hold: vote cards in hand, event cards kept in front of them, public marks."""

from __future__ import annotations

from .checks import standing_checks

__all__ = ["add_mark", "remove_mark", "remove_from_hand", "draw_vote_card", "lose_vote_card",
           "give_vote_card", "add_kept", "remove_kept"]


def add_kept(m, seat: int, card: str):
    """``card`` now lies face up in front of ``seat``."""
    m.set_item("kept", seat, m.f["kept"][seat] + (card,))
    m.log(None, "keep", seat, card)
    standing_checks(m, "kept")


def remove_kept(m, seat: int, card: str):
    """One ``card`` kept by ``seat`` goes to the discard pile."""
    kept = list(m.f["kept"][seat])
    if card in kept:
        kept.remove(card)
        m.set_item("kept", seat, tuple(kept))
        m.f["discard"] = m.f["discard"] + (card,)
        m.log(None, "discard-kept", seat, card)


def add_mark(m, seat: int, name: str):
    """Put the public marker ``name`` on ``seat``."""
    m.set_item("marks", seat, m.f["marks"][seat] + (name,))


def remove_mark(m, seat: int, name: str) -> bool:
    """Take one public marker ``name`` off ``seat``; False if it had none."""
    marks = list(m.f["marks"][seat])
    if name not in marks:
        return False
    marks.remove(name)
    m.set_item("marks", seat, tuple(marks))
    return True


def remove_from_hand(m, seat: int, card: str):
    """Take ``card`` out of ``seat``'s hand."""
    hand = list(m.f["hands"][seat])
    hand.remove(card)
    m.set_item("hands", seat, tuple(hand))


def draw_vote_card(m, seat: int, clause=None) -> bool:
    """``seat`` draws the top vote card (only they see which); False if the deck is empty."""
    deck = m.f["vote_deck"]
    if not deck:
        return False
    m.set_item("hands", seat, m.f["hands"][seat] + (deck[0],))
    m.f["vote_deck"] = deck[1:]
    m.log(clause, "vote-draw", seat)
    m.log(clause, "vote-drew", seat, deck[0], to=seat)
    return True


def lose_vote_card(m, seat: int, card: str, clause=None):
    """``seat`` loses ``card``, unseen by others, to the bottom of the vote deck."""
    remove_from_hand(m, seat, card)
    m.f["vote_deck"] = m.f["vote_deck"] + (card,)
    m.log(clause, "lose-card", seat)
    m.log(clause, "lost-card", seat, card, to=seat)


def give_vote_card(m, src: int, dst: int, card: str, clause=None):
    """``src`` gives ``card`` from their hand to ``dst``: the table sees a card change hands
    (``give-vote``), only the two players which (``gave-vote``, once to each)."""
    remove_from_hand(m, src, card)
    m.set_item("hands", dst, m.f["hands"][dst] + (card,))
    m.log(clause, "give-vote", src, dst)
    for seat in dict.fromkeys((src, dst)):
        m.log(clause, "gave-vote", src, dst, card, to=seat)
