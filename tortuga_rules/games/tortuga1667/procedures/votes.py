"""Votes: calling one, who takes part, the secret cards, counting, and the cards' return."""

from __future__ import annotations

from ....model.state import Vote
from .hands import add_mark, draw_vote_card, remove_from_hand, remove_kept
from .ending import judge_tiebreak
from .pawns import where
from ....procedures.workspace import SUSPEND

__all__ = ["call_vote", "open_vote", "play_vote", "resolve_vote", "finish_vote"]


def call_vote(m, kind: str, caller: int):
    """``caller`` calls a vote of ``kind`` where they stand.

    Players keeping cards that answer this vote being called (the 1st edition's
    Atlantis) are asked first, one after another in seat order, each when their turn to
    answer comes; then the participants are counted.
    """
    cause = f"vote:{kind}"
    kept = m.f["kept"]
    owners = sorted({s for card, causes, _ in m.rules.reactions.get("vote-call", ())
                     if cause in causes for s, k in enumerate(kept) if card in k})
    if not owners:
        return open_vote(m, kind, caller)
    place = where(m, caller)  # the vote is held here, though an answer may move the caller
    m.push(m.rules.programs["builtin:open-vote"], {"kind": kind, "caller": caller,
                                                   "place": place})
    for owner in reversed(owners):
        m.push(m.rules.programs["builtin:ask"], {"event": "vote-call", "owner": owner,
                                                 "cause": cause, "caller": caller,
                                                 "place": place})
    return None


def open_vote(m, kind: str, caller: int, place=None):
    """Count the participants of the vote ``caller`` called at ``place`` (None: where the
    caller stands), and collect their cards."""
    vdef = m.rules.votes[kind]
    if place is None:
        place = where(m, caller)
    candidates = m.evaluate(vdef.participants, {"caller": caller, "place": place})
    hands = m.f["hands"]
    participants = tuple(s for s in candidates if hands[s])
    left_out = tuple(s for s in candidates if not hands[s])
    if m.rules.sit_outs:
        participants = tuple(s for s in participants if not _sits_out(m, s, kind))
    m.log(vdef.participants_clause, "vote-call", kind, caller, place, participants)
    if left_out:
        m.log("vote.participants.no-cards", "vote-no-cards", left_out)
    boats = tuple(s for b in m.rules.board.adjacent[place] if b >= 3 for s in m.f["lines"][b])
    if boats:
        m.log("vote.participants.rowboat", "vote-rowboat", boats)
    m.f["vote"] = Vote(kind, caller, place, participants, ())
    if participants:
        m.decide(participants[0], "vote", clause="vote.procedure.play")
        return SUSPEND
    return resolve_vote(m)


def _sits_out(m, seat: int, kind: str) -> bool:
    """True if a kept card (Pirate Code) makes ``seat`` sit out this vote; counts it."""
    for card, (votes, clause, done_clause) in m.rules.sit_outs.items():
        if card in m.f["kept"][seat]:
            name = f"{card}-skipped"
            add_mark(m, seat, name)
            m.log(clause, "sits-out", seat, kind, card)
            if m.f["marks"][seat].count(name) >= votes:
                m.set_item("marks", seat, tuple(x for x in m.f["marks"][seat] if x != name))
                m.clause = done_clause
                remove_kept(m, seat, card)
            return True
    return False


def play_vote(m, cards: tuple):
    """The pending voter puts ``cards`` face down."""
    f = m.f
    vote = f["vote"]
    seat = f["decision"].seat
    for c in cards:
        remove_from_hand(m, seat, c)
    if len(cards) > 1:  # a kept card (El Dorado) allowed several; it is spent
        for card, (n, clause, _) in m.rules.vote_plays.items():
            if n == len(cards) and card in f["kept"][seat]:
                m.clause = clause
                m.log(clause, "rule")
                remove_kept(m, seat, card)
                break
    else:  # a card usable only in its owner's next vote lapses unused
        for card, (n, clause, only_next) in m.rules.vote_plays.items():
            lapsed = f"{card}-lapsed"
            if only_next and card in f["kept"][seat] and lapsed not in f["marks"][seat]:
                add_mark(m, seat, lapsed)
                m.log(clause, "mark", (seat,), lapsed)
    played = vote.played + ((seat, tuple(cards)),)
    vote = Vote(vote.kind, vote.caller, vote.place, vote.participants, played, ())
    f["vote"] = vote
    f["decision"] = None
    m.log("vote.procedure.play", "vote-played", seat, len(cards))
    m.log("vote.procedure.play", "vote-played-cards", seat, tuple(cards), to=seat)
    if len(played) < len(vote.participants):
        m.decide(vote.participants[len(played)], "vote", clause="vote.procedure.play")
        return SUSPEND
    return resolve_vote(m)


def resolve_vote(m):
    """Add the deck card, reveal, count, and run the vote's effect."""
    f = m.f
    rules = m.rules
    vote = f["vote"]
    vdef = rules.votes[vote.kind]
    cards = [c for _, cs in vote.played for c in cs]
    deck = f["vote_deck"]
    if deck:
        cards.append(deck[0])
        f["vote_deck"] = deck[1:]
        m.log("vote.procedure.deck-card", "vote-deck-card")
    cards.sort()
    f["vote"] = Vote(vote.kind, vote.caller, vote.place, vote.participants, vote.played,
                     tuple(cards))
    counts = dict.fromkeys(rules.section_icons[vdef.section], 0)
    vote_cards = rules.vote_cards
    doubles = []
    for c in cards:
        for icon, k in vote_cards[c].icons[vdef.section]:
            counts[icon] += k
            if k > 1:
                doubles.append(c)
    env = {"caller": vote.caller, "place": vote.place, "cards": tuple(cards), **counts}
    m.log("vote.procedure.count", "vote-reveal", vote.kind, tuple(cards),
          tuple(sorted(counts.items())))
    if doubles:
        m.log("vote.double-icons", "double-icons", tuple(doubles))
    m.push(rules.programs["builtin:finish-vote"], {})
    if vdef.success is not None:
        ok = bool(m.evaluate(vdef.success, env))
        m.log(vdef.success_clause, "vote-result", vote.kind, ok)
        if not ok:
            return None
    m.push(vdef.program, env)
    return None


def finish_vote(m):
    """Played cards shuffled under the vote deck; each participant draws one."""
    f = m.f
    vote = f["vote"]
    cards = m.shuffled(vote.revealed, "vote-return")
    f["vote_deck"] = f["vote_deck"] + tuple(cards)
    m.log("vote.procedure.return", "vote-return", len(cards))
    for seat, _ in vote.played:
        if not draw_vote_card(m, seat, "vote.procedure.draw"):
            break
    f["vote"] = None
    return judge_tiebreak(m)
