"""The rule procedures the DSL's verbs stand on: turns, votes, marooning, reveals, the end.

Each procedure works on a :class:`~tortuga_rules.machine.Machine`, reads its
parameters from the ruleset's data and logs every change with the id of the rule
clause it applies. Clause ids used here are listed in :data:`ENGINE_CLAUSES`; the
ruleset loader refuses a ruleset that does not define them all.
"""

from __future__ import annotations

from .components import ChestSpot, Place
from .machine import HALT, SUSPEND
from .state import Outcome, Vote

__all__ = ["ENGINE_CLAUSES", "add_mark", "remove_from_hand", "draw_vote_card", "lose_vote_card",
           "open_vote", "begin_turn", "standing_checks", "add_kept", "remove_kept", "start_turn", "finish_action", "maroon", "move_to_back", "peek",
           "reveal", "finish_reveal", "call_vote", "play_vote", "finish_vote", "end_game",
           "move_chests", "team_totals", "deal_row", "take_resolving", "resolve_vote"]

#: Clause ids the engine's own procedures cite; every ruleset must define them.
ENGINE_CLAUSES = frozenset({
    "turn.order", "turn.actions",
    "maroon.from-ship", "maroon.from-tortuga.back", "maroon.from-tortuga.lose-card",
    "maroon.from-rowboat", "move.back-of-line",
    "vote.procedure.play", "vote.procedure.deck-card", "vote.procedure.count",
    "vote.procedure.return", "vote.procedure.draw", "vote.participants.no-cards",
    "vote.participants.rowboat",
    "event.reveal", "event.discard", "event.refill", "end.row-reshuffle",
    "end.score", "end.tie.odd", "end.tie.even", "end.tie-breaker.lead",
    "end.tie-breaker.rebuild", "end.tie-breaker.draw",
    "action.view.secret",
})


# -- turns ---------------------------------------------------------------------------

def start_turn(m, seat: int):
    """Begin ``seat``'s turn: its action count, the cards' before-turn programs, its action.

    Returns :data:`SUSPEND` when the game now waits for the action, None when
    before-turn programs were pushed to run first.
    """
    f = m.f
    f["turn"] = seat
    f["actions_left"] = m.rules.actions_per_turn(f["players"])
    f["turn_number"] = f["turn_number"] + 1
    m.log("turn.order", "turn", seat, f["turn_number"])
    env = {"seat": seat}
    hooks = [program for guard, program in m.rules.before_turn if m.evaluate(guard, env)]
    if not hooks:
        m.decide(seat, "action", clause="turn.actions")
        return SUSPEND
    m.push(m.rules.programs["builtin:begin-turn"], {"seat": seat})
    for program in reversed(hooks):
        m.push(program, {"seat": seat})
    return None


def begin_turn(m):
    """After the before-turn programs: the turn's first action, or the next turn if skipped."""
    f = m.f
    if f["outcome"] is not None:
        return HALT
    if f["actions_left"] <= 0:
        return start_turn(m, (f["turn"] + 1) % f["players"])
    m.decide(f["turn"], "action", clause="turn.actions")
    return SUSPEND


def finish_action(m):
    """After an action has been fully resolved: the next action, or the next turn."""
    f = m.f
    if f["outcome"] is not None:
        return HALT
    left = f["actions_left"] - 1
    f["actions_left"] = left
    if left > 0:
        m.log("turn.actions", "actions-left", f["turn"], left)
        m.decide(f["turn"], "action", clause="turn.actions")
        return SUSPEND
    return start_turn(m, (f["turn"] + 1) % f["players"])


# -- pawns ---------------------------------------------------------------------------

def _remove(m, seat: int, place: int):
    line = m.f["lines"][place]
    i = line.index(seat)
    m.set_item("lines", place, line[:i] + line[i + 1:])


def move_to_back(m, seat: int, dest: int, clause: str = "move.back-of-line", kind="move"):
    """Move ``seat``'s pawn to the back of ``dest``'s line (pawns behind it move up)."""
    src = m.where(seat)
    _remove(m, seat, src)
    m.set_item("lines", dest, m.f["lines"][dest] + (seat,))
    m.log(clause, kind, seat, src, Place(dest))
    standing_checks(m, "pawns")


def standing_checks(m, what: str):
    """Run the ruleset's standing checks that watch ``what`` ("pawns" or "kept") next."""
    for guard, program in m.rules.checks.get(what, ()):
        if m.evaluate(guard, {}):
            m.push(program, {})


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


def maroon(m, seat: int):
    """Maroon ``seat``: to the back of Tortuga; from Tortuga also lose a vote card."""
    src = m.where(seat)
    if src == Place.TORTUGA:
        move_to_back(m, seat, Place.TORTUGA, "maroon.from-tortuga.back", "maroon")
        hand = m.f["hands"][seat]
        program = m.rules.programs.get("marooning:lose-card")
        if hand and program is not None:  # the ruleset says how the card is chosen
            m.push(program, {"seat": seat})
        elif hand:
            lose_vote_card(m, seat, m.pick(hand, "lost-card"), "maroon.from-tortuga.lose-card")
    elif src.is_boat:
        move_to_back(m, seat, Place.TORTUGA, "maroon.from-rowboat", "maroon")
    else:
        move_to_back(m, seat, Place.TORTUGA, "maroon.from-ship", "maroon")


# -- chests --------------------------------------------------------------------------

def team_totals(chests) -> tuple[int, int]:
    """(British, French) chests: both ships' holds plus the Tortuga areas."""
    return (chests[ChestSpot.FLYING_DUTCHMAN_BRITISH] + chests[ChestSpot.JOLLY_ROGER_BRITISH]
            + chests[ChestSpot.TORTUGA_BRITISH],
            chests[ChestSpot.FLYING_DUTCHMAN_FRENCH] + chests[ChestSpot.JOLLY_ROGER_FRENCH]
            + chests[ChestSpot.TORTUGA_FRENCH])


def move_chests(m, src: int, dst: int, count: int, clause=None):
    """Move ``count`` chests (at most what ``src`` holds); ends a tie-breaker on a lead."""
    chests = list(m.f["chests"])
    count = min(count, chests[src])
    if count <= 0 or src == dst:
        return None
    chests[src] -= count
    chests[dst] += count
    m.f["chests"] = tuple(chests)
    m.log(clause, "chests", ChestSpot(src), ChestSpot(dst), count)
    if m.f["tiebreak"]:
        brit, french = team_totals(chests)
        if m.rules.options.get("tiebreak_win", "lead") == "gain":
            level = m.f["tie_level"]  # the first team to gain a chest over the tie wins
            if brit > level or french > level:
                return _finish(m, ("british",) if brit > level else ("french",),
                               "end.tie-breaker.lead")
        elif brit != french:
            return _finish(m, ("british",) if brit > french else ("french",),
                           "end.tie-breaker.lead")
    return None


# -- event cards ---------------------------------------------------------------------

def _forget_slots(m, mask: int):
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


def reveal(m, slot: int, revealer: int):
    """Turn up the card in ``slot`` and resolve it with ``revealer`` as the revealer."""
    card = m.f["row"][slot - 1]
    m.set_item("row", slot - 1, None)
    _forget_slots(m, 1 << (slot - 1))
    m.log("event.reveal", "reveal", revealer, slot, card)
    rules = m.rules
    m.f["resolving"] = m.f["resolving"] + (card,)
    m.push(rules.programs["builtin:finish-reveal"], {"slot": slot, "card": card})
    m.push(rules.event_cards[card].program,
           {"revealer": revealer, "slot": slot, "card": card})


def take_resolving(m, card) -> bool:
    """Take ``card`` off the table of cards being resolved; False if it is not there."""
    resolving = m.f["resolving"]
    if card not in resolving:
        return False
    i = len(resolving) - 1 - resolving[::-1].index(card)
    m.f["resolving"] = resolving[:i] + resolving[i + 1:]
    return True


def finish_reveal(m):
    """After a card's effect: discard it, refill its slot, reshuffle the row at deck end."""
    env = m.env
    f = m.f
    if take_resolving(m, env["card"]):  # not kept, given or removed by its effect
        f["discard"] = f["discard"] + (env["card"],)
        m.log("event.discard", "discard", env["card"])
    if f["outcome"] is not None:
        return HALT
    slot = env["slot"]
    deck = f["event_deck"]
    if f["row"][slot - 1] is None and deck:
        m.set_item("row", slot - 1, deck[0])
        f["event_deck"] = deck = deck[1:]
        m.log("event.refill", "refill", slot)
        if not deck and m.rules.options["reshuffle_row_at_deck_end"]:
            _reshuffle_row(m)
    if f["tiebreak"] and not deck and all(c is None for c in f["row"]):
        return _start_tiebreak(m, "end.tie-breaker.rebuild")
    return None


def _reshuffle_row(m):
    row = m.f["row"]
    slots = [i for i, c in enumerate(row) if c is not None]
    cards = m.shuffled([row[i] for i in slots], "row-reshuffle")
    new_row = list(row)
    for i, c in zip(slots, cards):
        new_row[i] = c
    m.f["row"] = tuple(new_row)
    _forget_slots(m, (1 << len(row)) - 1)
    m.log("end.row-reshuffle", "row-reshuffle", tuple(i + 1 for i in slots))


def deal_row(m):
    """Deal a new row from the top of the event deck."""
    f = m.f
    size = m.rules.row_size
    deck = f["event_deck"]
    f["row"] = tuple(deck[i] if i < len(deck) else None for i in range(size))
    f["event_deck"] = deck[size:]
    _forget_slots(m, (1 << size) - 1)
    if not f["event_deck"] and m.rules.options["reshuffle_row_at_deck_end"]:
        _reshuffle_row(m)  # the deck ran out while dealing: same rule as on a refill


# -- votes ---------------------------------------------------------------------------

def call_vote(m, kind: str, caller: int):
    """``caller`` calls a vote of ``kind`` where they stand.

    Kept cards with a reaction to this vote being called (the 1st edition's Atlantis)
    are offered to their owners first; then the participants are counted.
    """
    place = m.where(caller)
    kept = m.f["kept"]
    pending = []
    for card, causes, program in m.rules.reactions.get("vote-call", ()):
        if f"vote:{kind}" in causes:
            owner = next((s for s, k in enumerate(kept) if card in k), None)
            if owner is not None:
                pending.append((program, owner))
    if pending:
        m.push(m.rules.programs["builtin:open-vote"], {"kind": kind, "caller": caller})
        for program, owner in reversed(pending):
            m.push(program, {"owner": owner, "cause": f"vote:{kind}", "caller": caller,
                             "place": place})
        return None
    return open_vote(m, kind, caller)


def open_vote(m, kind: str, caller: int):
    """Count the participants of the vote ``caller`` called, and collect their cards."""
    vdef = m.rules.votes[kind]
    place = m.where(caller)
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
    return None


# -- the end -------------------------------------------------------------------------

def _finish(m, winners, clause):
    f = m.f
    brit, french = team_totals(f["chests"])
    f["outcome"] = Outcome(tuple(winners), (("british", brit), ("french", french)), clause)
    f["decision"] = None
    m.log(clause, "game-over", tuple(winners), brit, french)
    return HALT


def end_game(m):
    """The Spanish Armada: score, and settle a tie (Dutch, or the tie-breaker)."""
    f = m.f
    brit, french = team_totals(f["chests"])
    m.log("end.score", "score", brit, french)
    if brit != french:
        return _finish(m, ("british",) if brit > french else ("french",), "end.score")
    if f["players"] % 2:
        return _finish(m, ("dutch",), "end.tie.odd")
    take_resolving(m, m.env.get("card"))  # the Armada leaves the game
    f["tie_level"] = brit
    return _start_tiebreak(m, "end.tie.even")


def _start_tiebreak(m, clause):
    f = m.f
    f["tiebreak"] = f["tiebreak"] + 1
    if f["tiebreak"] > m.rules.options["tiebreak_rounds"]:
        return _finish(m, ("british", "french"), "end.tie-breaker.draw")
    pool = f["discard"]
    if m.rules.options.get("tiebreak_pool", "discard-and-unrevealed") == "discard-and-unrevealed":
        pool = pool + f["event_deck"] + tuple(c for c in f["row"] if c is not None)
    f["discard"] = ()
    f["event_deck"] = tuple(m.shuffled(pool, "tiebreak-deck"))
    deal_row(m)
    m.log(clause, "tiebreak", f["tiebreak"], len(pool))
    return None

