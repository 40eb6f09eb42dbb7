"""The DSL's verbs: statements that change the game.

Each verb is a small function named like the DSL word, standing on the rule
procedures of :mod:`tortuga_rules.procedures`. :data:`VERBS` is the table the
compiler checks statements against; :data:`INTERNAL` holds the engine's epilogue
verbs, which DSL text cannot call. A verb returns ``None`` to go on,
:data:`~tortuga_rules.procedures.workspace.SUSPEND` once it has set a pending
decision, or :data:`~tortuga_rules.procedures.workspace.HALT` when the game ended.
"""

from collections.abc import Callable
from typing import Any

from .components import Place
from .procedures import (checks, chests, ending, hands, pawns, reactions, reveals, row, turns,
                          votes)
from ...procedures.workspace import HALT
from . import types as t
from ...dsl.values import show
from ...dsl.words import Word, register

__all__ = ["VERBS", "INTERNAL"]

#: Every verb DSL text may use, by name.
VERBS: dict[str, Word] = {}
verb = register(VERBS)
setup_verb = register(VERBS, setup_only=True)


@verb
def maroon(m, seat: t.Seat):
    """Maroon a player: to the back of Tortuga (from Tortuga, also lose a random vote card;
    from a rowboat, no loss).

    If the player keeps cards that answer being marooned by this cause (Fountain of
    Youth), they are first asked which answer to give, or to accept.

    Logs: ``maroon``; from Tortuga also ``lose-card``, and ``lost-card`` naming the card to
    its owner only.
    Cites: ``maroon.from-ship``, ``maroon.from-rowboat``, ``maroon.from-tortuga.back`` or
    ``maroon.from-tortuga.lose-card``, by where the pawn stood.
    Example: maroon(revealer)
    """
    cause = m.frames[-1][0].key if m.frames else ""
    if reactions.offer(m, "maroon", seat, {"cause": cause}):
        return None
    return pawns.maroon(m, seat)


@verb
def maroon_anyway(m, seat: t.Seat):
    """Maroon a player without asking for the answers their cards give to being marooned.

    Logs: as maroon does: ``maroon``, ``lose-card``, ``lost-card``.
    Cites: as maroon does.
    Example: maroon_anyway(revealer)
    """
    return pawns.maroon(m, seat)


@verb
def move(m, seat: t.Seat, place: t.Place):
    """Move a player's pawn to the back of the line at ``place``.

    Logs: ``move``.
    Cites: ``move.back-of-line``.
    Example: move(revealer, tortuga)
    """
    return pawns.move_to_back(m, seat, place)


@verb
def move_chest(m, src: t.Spot, dst: t.Spot):
    """Move one chest from ``src`` to ``dst`` (nothing if ``src`` is empty).

    Logs: ``chests`` (if a chest moved).
    Example: move_chest(galleon, first(holds(jolly_roger)))
    """
    chests.move_chests(m, src, dst, 1)


@verb
def gather(m, dst: t.Spot, *srcs: t.Spot):
    """Move every chest from each of ``srcs`` to ``dst``.

    Logs: ``chests`` for each spot a chest left.
    Example: gather(galleon, jolly_roger_british, jolly_roger_french)
    """
    for src in srcs:
        chests.move_chests(m, src, dst, m.f["chests"][src])


@verb
def share(m, a: t.Spot, b: t.Spot, *srcs: t.Spot):
    """Put every chest of ``a``, ``b`` and ``srcs`` into ``a`` and ``b``, half each (odd: ``a``).

    Logs: ``chests`` for each move that evens them out.
    Example: share(jolly_roger_british, jolly_roger_french, galleon)
    """
    counts = m.f["chests"]
    total = counts[a] + counts[b] + sum(counts[s] for s in srcs)
    want_b = total // 2
    for src in srcs:
        chests.move_chests(m, src, a, m.f["chests"][src])
    have_b = m.f["chests"][b]
    if have_b > want_b:
        chests.move_chests(m, b, a, have_b - want_b)
    else:
        chests.move_chests(m, a, b, want_b - have_b)


@verb
def peek(m, seat: t.Seat, slots: t.Slots):
    """``seat`` secretly looks at the event cards in ``slots`` and puts them back.

    Logs: ``peek``; ``peek-cards`` naming the cards to the peeking seat only.
    Cites: ``action.view.secret``.
    Example: peek(revealer, [1, 2])
    """
    return row.peek(m, seat, slots)


@verb
def reveal(m, slot: t.Slot, seat: t.Seat):
    """Reveal the event card in ``slot`` with ``seat`` as its revealer, and resolve it; then it
    is discarded (unless its effect placed it) and the slot refilled.

    Logs: ``reveal``, then what the card's effect logs, then ``discard`` and ``refill``.
    Cites: ``event.reveal``, ``event.discard``, ``event.refill``.
    Example: reveal(first(face_down()), revealer)
    """
    if m.f["row"][slot - 1] is None:
        raise ValueError(f"row slot {slot} holds no card to reveal")
    return reveals.reveal(m, slot, seat)


@verb
def reshuffle_line(m, place: t.Place):
    """Draw every pawn at ``place`` from the pouch again, in a random order.

    Logs: ``line-reshuffle``.
    Example: reshuffle_line(tortuga)
    """
    line = m.f["lines"][place]
    new = tuple(m.shuffled(line, "line-reshuffle"))
    m.set_item("lines", place, new)
    m.log(None, "line-reshuffle", place, new)
    checks.standing_checks(m, "pawns")


@verb
def swap_places(m, a: t.Seat, b: t.Seat):
    """Exchange the exact places of two pawns (on one line, they exchange ranks).

    Logs: ``swap-places``.
    Example: swap_places(revealer, right_of(revealer))
    """
    if a == b:
        return
    lines = [list(line) for line in m.f["lines"]]
    pa, pb = pawns.where(m, a), pawns.where(m, b)
    ia, ib = lines[pa].index(a), lines[pb].index(b)
    lines[pa][ia], lines[pb][ib] = b, a
    m.f["lines"] = tuple(tuple(line) for line in lines)
    m.log(None, "swap-places", a, b, pa, pb)
    checks.standing_checks(m, "pawns")


@verb
def sink(m, boat: t.Place):
    """Destroy a rowboat for the rest of the game; a pawn on it is marooned.

    Logs: ``sink``; ``maroon`` for a pawn aboard.
    Example: sink(jolly_roger_boat)
    """
    m.set_item("sunk", boat - 3, True)
    m.log(None, "sink", boat)
    for seat in m.f["lines"][boat]:
        pawns.maroon(m, seat)


@verb
def swap_loyalties(m, a: t.Seat, b: t.Seat):
    """Shuffle the loyalty cards of two players unseen and deal them back, one each.

    Each looks at their new card in secret: a card that lay face up (open loyalty) is
    face down afterwards.

    Logs: ``loyalty-swap``; ``loyalty`` to each of the two, naming their new card;
    ``loyalty-hidden`` if an open card was turned down.
    Example: swap_loyalties(revealer, left_of(revealer))
    """
    loyalty = list(m.f["loyalty"])
    new_a, new_b = m.shuffled([loyalty[a], loyalty[b]], "loyalty-swap")
    loyalty[a], loyalty[b] = new_a, new_b
    m.f["loyalty"] = tuple(loyalty)
    m.log(None, "loyalty-swap", a, b)
    m.log(None, "loyalty", a, new_a, to=a)
    m.log(None, "loyalty", b, new_b, to=b)
    hidden = tuple(s for s in (a, b) if hands.remove_mark(m, s, "loyalty-open"))
    if hidden:
        m.log(None, "loyalty-hidden", hidden)


@verb
def keep(m, card: t.Text, seat: t.Seat):
    """Put ``card``, the event card being resolved, face up in front of ``seat`` (kept cards
    are seen by all).

    Logs: ``keep``.
    Example: keep(card, revealer)
    """
    if row.take_resolving(m, card):
        hands.add_kept(m, seat, card)


@verb
def discard_kept(m, seat: t.Seat, card: t.Text):
    """Discard one ``card`` (an id, as a string) that ``seat`` keeps in front of them.

    Logs: ``discard-kept`` (if the seat keeps one).
    Example: discard_kept(revealer, "letter-of-marque")
    """
    hands.remove_kept(m, seat, card)


@verb
def draw_vote(m, seat: t.Seat):
    """``seat`` draws the top vote card (if the deck has one), seen only by them.

    Logs: ``vote-draw``; ``vote-drew`` naming the card to the drawer only.
    Example: draw_vote(revealer)
    """
    hands.draw_vote_card(m, seat)


@verb
def vote_to_top(m, seat: t.Seat, card: t.Text):
    """``seat`` puts ``card`` from their hand on top of the vote deck.

    Logs: ``vote-to-top``.
    Example: choose c from hand(revealer) secretly
        vote_to_top(revealer, c)
    """
    hands.remove_from_hand(m, seat, card)
    m.f["vote_deck"] = (card,) + m.f["vote_deck"]
    m.log(None, "vote-to-top", seat)


@verb
def lose_vote(m, seat: t.Seat, card: t.Text):
    """``seat`` loses ``card`` from their hand to the bottom of the vote deck (unseen by others).

    Logs: ``lose-card``; ``lost-card`` naming the card to its owner only.
    Example: choose c from hand(revealer) secretly
        lose_vote(revealer, c)
    """
    hands.lose_vote_card(m, seat, card)


@verb
def hand_to_deck(m, seat: t.Seat):
    """Every vote card of ``seat`` goes under the vote deck.

    Logs: ``hand-to-deck``.
    Example: hand_to_deck(revealer)
    """
    hand = m.f["hands"][seat]
    m.set_item("hands", seat, ())
    m.f["vote_deck"] = m.f["vote_deck"] + tuple(hand)
    m.log(None, "hand-to-deck", seat, len(hand))


@verb
def take_vote(m, card: t.Text, seat: t.Seat):
    """The vote card ``card`` leaves the vote deck for ``seat``'s hand (seen only by them).

    Logs: ``take-vote``; ``took-vote`` naming the card to the taker only.
    Example: choose c from vote_deck_cards() secretly
        take_vote(c, revealer)
    """
    deck = list(m.f["vote_deck"])
    deck.remove(card)
    m.f["vote_deck"] = tuple(deck)
    m.set_item("hands", seat, m.f["hands"][seat] + (card,))
    m.log(None, "take-vote", seat)
    m.log(None, "took-vote", seat, card, to=seat)


@verb
def give_vote(m, src: t.Seat, dst: t.Seat, card: t.Text):
    """``src`` gives ``card`` from their hand to ``dst``'s hand: everyone sees that a vote
    card changed hands, only the two players which one (a card not in ``src``'s hand: an
    error).

    Logs: ``give-vote`` (who gave to whom); ``gave-vote`` naming the card, to each of the
    two only.
    Example: choose c from hand(revealer) secretly
        give_vote(revealer, left_of(revealer), c)
    """
    hand = m.f["hands"][src]
    if card not in hand:
        raise ValueError(f"seat {src} holds no vote card {show(card)} to give (their hand: "
                         f"{', '.join(map(show, sorted(hand))) or 'empty'})")
    hands.give_vote_card(m, src, dst, card)


@verb
def shuffle_votes(m):
    """Shuffle the vote deck.

    Logs: ``vote-deck-shuffle``.
    Example: shuffle_votes()
    """
    m.f["vote_deck"] = tuple(m.shuffled(m.f["vote_deck"], "vote-deck-shuffle"))
    m.log(None, "vote-deck-shuffle")


@verb
def maroon_all(m, place: t.Place):
    """Maroon every pawn at ``place``, lowest rank first (they reach Tortuga in reverse rank).

    Logs: ``maroon`` for each pawn (from Tortuga also ``lose-card``, ``lost-card``).
    Cites: as maroon does.
    Example: maroon_all(jolly_roger_boat)
    """
    for seat in reversed(m.f["lines"][place]):
        if pawns.maroon(m, seat) is not None:
            return HALT
    return None


@verb
def discard(m, card: t.Text):
    """Put ``card``, the event card being resolved, on the discard pile now (otherwise it is
    discarded when its effect ends).

    Logs: ``discard``.
    Example: discard(card)
    """
    if row.take_resolving(m, card):
        m.f["discard"] = m.f["discard"] + (card,)
        m.log(None, "discard", card)


@verb
def vote(m, kind: t.Text, caller: t.Seat):
    """``caller`` calls the vote named ``kind`` (a string) where they stand.

    Logs: ``vote-call``, then the vote's own events: ``vote-no-cards``, ``vote-rowboat``,
    ``sits-out``, ``vote-played``, ``vote-played-cards``, ``vote-deck-card``,
    ``vote-reveal``, ``double-icons``, ``vote-result``, ``vote-return``, and what its effect
    logs.
    Cites: the vote's clauses (``vote.<kind>.participants``, ``vote.procedure.count``...).
    Example: vote("mutiny", revealer)
    """
    if kind not in m.rules.votes:
        raise ValueError(f"no vote named {show(kind)} (the votes: "
                         f"{', '.join(sorted(m.rules.votes))})")
    return votes.call_vote(m, kind, caller)


@verb
def end_game(m):
    """The game ends now: score it (ties: Dutch, or the tie-breaker).

    Logs: ``score``, then ``game-over`` or ``tiebreak``.
    Cites: ``end.score``; a tie ``end.tie.even`` or ``end.tie.odd``.
    Example: end_game()
    """
    return ending.end_game(m)


@setup_verb
def place_chest(m, spot: t.Spot):
    """Set a chest from the box at ``spot`` (setup programs only).

    Logs: ``place-chest``.
    Example: place_chest(galleon)
    """
    m.set_item("chests", spot, m.f["chests"][spot] + 1)
    m.log(None, "place-chest", spot)


@verb
def mark(m, seats: t.Seats, name: t.Text):
    """Put the public marker ``name`` (a string) on each of ``seats``.

    Logs: ``mark``.
    Example: mark([revealer], "cursed")
    """
    for seat in seats:
        hands.add_mark(m, seat, name)
    m.log(None, "mark", tuple(seats), name)


@verb
def unmark(m, seat: t.Seat, name: t.Text):
    """Take one marker ``name`` off ``seat``.

    Logs: ``unmark`` (if the seat had the marker).
    Example: unmark(revealer, "cursed")
    """
    if hands.remove_mark(m, seat, name):
        m.log(None, "unmark", seat, name)


@verb
def extra_action(m):
    """The current player gets one more action this turn.

    Logs: ``extra-action``.
    Example: extra_action()
    """
    m.f["actions_left"] = m.f["actions_left"] + 1
    m.log(None, "extra-action", m.f["turn"])


@verb
def skip_turn(m):
    """The turn that is beginning is lost: no action is taken in it (in a ``before_turn``
    program).

    Logs: ``turn-skipped``.
    Example: skip_turn()
    """
    m.f["actions_left"] = 0
    m.log(None, "turn-skipped", m.f["turn"])


@verb
def cite(m):
    """Change nothing; the statement's clause tag is cited in the log (a rule that applies).

    Logs: nothing.
    Cites: the statement's own clause tag.
    Example: @card.pistol.example  cite()
    """


@setup_verb
def place_pawn(m, seat: t.Seat, place: t.Place):
    """Set ``seat``'s pawn at the back of the line at ``place`` (setup programs only).

    Logs: ``place-pawn``.
    Example: place_pawn(revealer, tortuga)
    """
    m.set_item("lines", place, m.f["lines"][place] + (seat,))
    m.log(None, "place-pawn", seat, place)


@setup_verb
def place_pawn_at(m, seat: t.Seat, spot: t.Space, taken: t.Spaces):
    """Set ``seat``'s pawn on ``spot``, a ``(place, space)`` of the mat (setup programs only).

    ``taken`` lists the spots already taken; the line keeps its pawns in space order, so
    the gaps between them are closed and the first pawn is Captain or Governor.

    Logs: ``place-pawn``.
    Example: place_pawn_at(revealer, first(free_spots([])), [])
    """
    place, space = spot
    rank = sum(1 for p, s in taken if p == place and s < space)
    line = m.f["lines"][place]
    m.set_item("lines", place, line[:rank] + (seat,) + line[rank:])
    m.log(None, "place-pawn", seat, place)


@verb
def stop(m):
    """Leave the current program here.

    Logs: nothing.
    Example: if hand_size(revealer) == 0 { stop() }
    """
    m.frames[-1][1] = len(m.frames[-1][0].code)


# -- internal verbs (epilogues; not callable from the DSL) ---------------------------------

def finish_action(m):
    return turns.finish_action(m)


def finish_reveal(m):
    return reveals.finish_reveal(m)


def finish_vote(m):
    return votes.finish_vote(m)


def start_play(m):
    """After setup: the first turn goes to the captain the ruleset names (or, if that ship
    was left empty, the other captain, then the Governor)."""
    lines = m.f["lines"]
    first = m.rules.first_player_ship
    for place in (first, 1 - first, Place.TORTUGA):
        if lines[place]:
            m.f["turn"] = lines[place][0]
            break
    m.log("setup.first-player", "first-player", m.f["turn"])
    return turns.start_turn(m, m.f["turn"])


def begin_turn(m):
    return turns.begin_turn(m)


def open_vote(m):
    # a game saved before votes kept their place has none: where the caller stands
    return votes.open_vote(m, m.env["kind"], m.env["caller"], m.env.get("place"))


def ask(m):
    """Offer the owner named in ``m.env`` their answers to the event (a vote being called)."""
    env = m.env
    context = {k: env[k] for k in ("cause", "caller", "place")}
    reactions.offer(m, env["event"], env["owner"], context)


def respond(m):
    return reactions.respond(m)


INTERNAL: dict[str, Callable[..., Any]] = {"finish-action": finish_action, "finish-reveal": finish_reveal,
            "finish-vote": finish_vote, "start-play": start_play, "begin-turn": begin_turn,
            "open-vote": open_vote, "ask": ask, "respond": respond,
            # not a verb: the answers kept cards give to an event (a saved game's checks)
            "answers": reactions.options_for}


