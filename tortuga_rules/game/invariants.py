"""Consistency checks of a state against its ruleset.

Used when loading a saved game (an impossible position is refused) and by the
test suite after every step of random games.
"""

from __future__ import annotations

from collections import Counter

from ..model.components import Place
from ..model.state import GameState

__all__ = ["problems", "event_cards_in_play"]


def event_cards_in_play(state: GameState) -> Counter:
    """Every event card of this game, wherever it is."""
    c = Counter(state.event_deck)
    c.update(x for x in state.row if x is not None)
    c.update(state.discard)
    c.update(state.resolving)
    for k in state.kept:
        c.update(k)
    return c


def problems(state: GameState) -> list[str]:
    """Everything inconsistent in ``state`` (empty if it is a possible position)."""
    rules = state.rules
    n = state.players
    if not rules.min_players <= n <= rules.max_players:
        return [f"{n} players: the ruleset is for {rules.min_players}-{rules.max_players}"]
    out = [f"{name} has {len(getattr(state, name))} entries for {n} players"
           for name in ("loyalty", "hands", "kept", "marks", "seen")
           if len(getattr(state, name)) != n]
    if out:
        return out
    if len(state.lines) != len(Place):
        return [f"lines must have {len(Place)} entries"]
    for check in (_pawns, _chests, _vote_cards, _event_cards, _decision):
        out.extend(check(state))
    return out


def _pawns(state: GameState):
    n = state.players
    where = Counter(s for line in state.lines for s in line)
    for s in range(n):
        if where[s] != 1 and not (where[s] == 0 and state.turn_number == 0):  # not yet placed
            yield f"seat {s}'s pawn stands in {where[s]} places"
    for s in where:
        if not isinstance(s, int) or not 0 <= s < n:
            yield f"unknown pawn {s!r}"
    cap = state.rules.board.capacity
    for p in Place:
        if len(state.lines[p]) > cap[p]:
            yield f"{p} holds {len(state.lines[p])} pawns, more than {cap[p]}"
    for i, sunk in enumerate(state.sunk):
        if sunk and state.lines[3 + i]:
            yield f"{Place(3 + i)} is sunk but has a pawn"


def _chests(state: GameState):
    total = state.rules.chest_total
    if any(not isinstance(c, int) or c < 0 for c in state.chests):
        yield "chest counts must be whole numbers >= 0"
    elif state.turn_number > 0 and sum(state.chests) != total:
        yield f"{sum(state.chests)} chests on the board, the game has {total}"


def _vote_cards(state: GameState):
    cards = Counter(c for h in state.hands for c in h)
    cards.update(state.vote_deck)
    v = state.vote
    if v is not None:
        if v.revealed:
            cards.update(v.revealed)
        else:
            cards.update(c for _, cs in v.played for c in cs)
    box = Counter(list(state.rules.vote_cards))
    if cards != box:
        missing, extra = box - cards, cards - box
        yield f"vote cards not conserved (missing {sorted(missing)}, extra {sorted(extra)})"


def _event_cards(state: GameState):
    rules = state.rules
    in_play = event_cards_in_play(state)
    unknown = [c for c in in_play if c not in rules.event_cards]
    if unknown:
        yield f"unknown event cards {sorted(set(unknown))}"
    yield from _card_set(state, in_play)
    if len(state.row) != rules.row_size:
        yield f"the row has {len(state.row)} slots, not {rules.row_size}"
    for s, mask in enumerate(state.seen):
        for i, card in enumerate(state.row):
            if (mask >> i) & 1 and card is None:
                yield f"seat {s} knows the card of empty slot {i + 1}"


def _card_set(state: GameState, in_play: Counter):
    """The event cards are the game's: no more copies than its deck deals, nothing else."""
    rules = state.rules
    choose = rules.deck["starred_choose"]
    pool = rules.deck["starred_pool"]
    if len(state.starred) > choose or any(c not in pool for c in state.starred):
        yield (f"the starred cards {list(state.starred)} are not {choose} of the pool "
               f"{list(pool)}")
    copies = rules.deck_copies(state.players, state.starred)
    for cid, k in sorted(in_play.items()):
        have = copies.get(cid, 0)
        if k > have and cid in rules.event_cards:
            why = ("not among this game's starred cards" if cid in pool and cid not in state.starred
                   else "removed for this player count" if have == 0
                   and cid in rules.deck["removals"].get(state.players, ())
                   else f"the game has {have}")
            yield f"{k} {cid} card{'s' if k != 1 else ''} in play: {why}"
    if sum(in_play.values()) > sum(copies.values()):
        yield (f"{sum(in_play.values())} event cards in play, more than the game's "
               f"{sum(copies.values())}")
    for cid in sorted(set(state.discard)):
        card = rules.event_cards.get(cid)
        if card is not None and card.lasting:
            yield f"{cid} in the discard pile: once kept it stays in front of its owner"


def _decision(state: GameState):
    n = state.players
    d = state.decision
    if state.outcome is None:
        if d is None:
            yield "the game is not over but waits for nobody"
        elif not 0 <= d.seat < n:
            yield f"decision for unknown seat {d.seat}"
    elif d is not None:
        yield "the game is over but waits for a decision"
    if not 0 <= state.turn < n:
        yield f"turn of unknown seat {state.turn}"
    for fr in state.frames:
        prog = state.rules.programs.get(fr.program)
        if prog is None:
            yield f"unknown program {fr.program!r} in a paused effect"
        elif not 0 <= fr.pc < len(prog.code):
            yield f"paused effect {fr.program!r} at an impossible position {fr.pc}"
