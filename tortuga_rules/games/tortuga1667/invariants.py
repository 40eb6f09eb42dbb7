"""Tortuga 1667's position checks (its ``GameKind.problems`` and ``settled``): is a state a
position the rules can reach? Every field is checked against the others and against the
compiled rules, with no field able to switch a check off: the setup phase, when pawns and
chests may still be missing, is recognised by the setup's own paused program, not by a
counter a save could set. :func:`tortuga_rules.game.invariants.problems` calls them."""

from __future__ import annotations

from collections import Counter

from ...game.paused import frame_problems
from .components import ChestSpot, Place, team_totals
from ...model.state import GameState

__all__ = ["problems_1667", "settled_1667", "event_cards_in_play", "in_setup"]


_TEAMS = ("british", "french", "dutch")


def event_cards_in_play(state: GameState) -> Counter:
    """Every event card of this game still in play, wherever it is (not the removed ones)."""
    c = Counter(state.event_deck)
    c.update(x for x in state.row if x is not None)
    c.update(state.discard)
    c.update(state.resolving)
    for k in state.kept:
        c.update(k)
    return c


def in_setup(state: GameState) -> bool:
    """True while the setup is under way (its programs still to finish: the first turn waits)."""
    return any(fr.program == "builtin:start-play" for fr in state.frames)


def problems_1667(state: GameState, scenario: bool) -> list[str]:
    """Tortuga 1667's position checks (see :func:`problems`)."""
    n = state.players
    out = [f"{name} has {len(getattr(state, name))} entries for {n} players"
           for name in ("loyalty", "hands", "kept", "marks", "seen")
           if len(getattr(state, name)) != n]
    if len(state.lines) != len(Place) or len(state.chests) != len(ChestSpot):
        out.append(f"lines and chests must have {len(Place)} and {len(ChestSpot)} entries")
    if out:
        return out
    checks = [_phase, _pawns, _chests, _loyalty, _vote_cards, _event_cards, _counters,
              _decision, _vote, _outcome]
    if not scenario:
        checks += [_removed, _no_rigging]
    for check in checks:
        out.extend(check(state))
    if not out:  # the paused programs are checked against a consistent position only
        out.extend(frame_problems(state))
    return out


def _phase(state: GameState):
    setup = in_setup(state)
    if setup and state.turn_number != 0:
        yield f"turn {state.turn_number} while the setup is still under way"
    elif not setup and state.turn_number == 0:
        yield "turn number 0 outside the setup"
    if setup and state.outcome is not None:
        yield "the game ended during its setup"


def _pawns(state: GameState):
    n = state.players
    where = Counter(s for line in state.lines for s in line)
    for s in where:
        if type(s) is not int or not 0 <= s < n:
            yield f"unknown pawn {s!r}"
    placing = any(fr.program == "setup:pawns" for fr in state.frames)
    for s in range(n):
        if where[s] != 1 and not (where[s] == 0 and placing):  # pawns still being placed
            yield f"seat {s}'s pawn stands in {where[s]} places"
    cap = state.rules.board.capacity
    for p in Place:
        if len(state.lines[p]) > cap[p]:
            yield f"{p} holds {len(state.lines[p])} pawns, more than {cap[p]}"
    for i, sunk in enumerate(state.sunk):
        if sunk and state.lines[3 + i]:
            yield f"{Place(3 + i)} is sunk but has a pawn"


def _chests(state: GameState):
    total = state.rules.chests_in_game(state.players)
    if any(type(c) is not int or c < 0 for c in state.chests):
        yield "chest counts must be whole numbers >= 0"
    elif in_setup(state):
        if sum(state.chests) > total:
            yield f"{sum(state.chests)} chests on the board, the game has {total}"
    elif sum(state.chests) != total:
        yield f"{sum(state.chests)} chests on the board, the game has {total}"


def _loyalty(state: GameState):
    dealt = Counter(state.loyalty)
    table = {team: k for team, k in state.rules.loyalty[state.players] if k}
    if dealt != table:
        have = ", ".join(f"{dealt[t]} {t}" for t in _TEAMS if dealt[t]) or "none"
        want = ", ".join(f"{k} {t}" for t, k in table.items())
        yield f"loyalty cards {have}: a {state.players}-player game deals {want}"


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
    unknown = sorted({c for c in list(in_play) + list(state.removed)
                      if c not in rules.event_cards})
    if unknown:
        yield f"unknown event cards {unknown}"
        return
    yield from _starred(state)
    yield from _card_set(state, in_play)
    if len(state.row) != rules.row_size:
        yield f"the row has {len(state.row)} slots, not {rules.row_size}"
        return
    for s, mask in enumerate(state.seen):
        if mask >> len(state.row):
            yield f"seat {s} knows row slots beyond the row's {len(state.row)}"
        for i, card in enumerate(state.row):
            if (mask >> i) & 1 and card is None:
                yield f"seat {s} knows the card of empty slot {i + 1}"


def _starred(state: GameState):
    choose = state.rules.deck["starred_choose"]
    pool = state.rules.deck["starred_pool"]
    starred = state.starred
    if (len(starred) != choose or len(set(starred)) != len(starred)
            or any(c not in pool for c in starred)):
        yield (f"the starred cards {list(starred)} are not {choose} distinct cards of the pool "
               f"{list(pool)}")


def _card_set(state: GameState, in_play: Counter):
    """The event cards in play and out of the game are exactly the game's."""
    rules = state.rules
    copies = Counter(rules.deck_copies(state.players, state.starred))
    everything = in_play + Counter(state.removed)
    pool = rules.deck["starred_pool"]
    for cid, k in sorted(everything.items()):
        have = copies[cid]
        if k > have:
            why = ("not among this game's starred cards" if cid in pool and cid not in state.starred
                   else "removed for this player count" if have == 0
                   and cid in rules.deck["removals"].get(state.players, ())
                   else f"the game has {have}")
            yield f"{k} {cid} card{'s' if k != 1 else ''} in the game: {why}"
    missing = copies - everything
    if missing:
        yield ("event cards missing from the deck, row, discard pile, cards being resolved, "
               f"kept and removed cards: {', '.join(sorted(missing.elements()))}")
    for cid in sorted(set(state.discard)):
        if rules.event_cards[cid].lasting:
            yield f"{cid} in the discard pile: once kept it stays in front of its owner"


def _removed(state: GameState):
    """Cards leave the game only as the rules say: boxed at setup, or at the tie-breaker."""
    spec = state.rules.deck
    if state.tiebreak:
        return
    if len(state.removed) != spec["remove_from_top"]:
        yield (f"{len(state.removed)} event cards out of the game before any tie-breaker; "
               f"the setup boxes {spec['remove_from_top']}")
    final = spec["final"]
    if final in state.removed:
        yield f"{final} out of the game before any tie-breaker"
    deck = state.event_deck
    if final in deck:
        position = spec["final_position"]
        last = 1 if position == "bottom" else position["among_last"]
        if final not in deck[-last:]:
            yield f"{final} is not among the last {last} cards of the event deck"


def _no_rigging(state: GameState):
    if state.rigged:
        yield ("fixed random outcomes ('rigged') belong to scenarios, not to saved games "
               "(load the position as a scenario)")


def _counters(state: GameState):
    rules = state.rules
    n = state.players
    most = rules.actions_per_turn(n) + 1  # one extra action (1st edition Atlantis)
    if not 0 <= state.actions_left <= most:
        yield f"{state.actions_left} actions left; a turn has at most {most}"
    rounds = rules.options.get("tiebreak_rounds", 1)
    drawn = state.outcome is not None and state.outcome.reason == "end.tie-breaker.draw"
    if state.tiebreak > rounds + drawn:  # a draw is declared when one more round would start
        yield f"tie-breaker round {state.tiebreak}; the rules play at most {rounds}"
    if state.tie_level > rules.chests_in_game(state.players) or (state.tie_level and not state.tiebreak):
        yield f"tie level {state.tie_level} without a tie-breaker for it"
    if len(state.frames) > 64:
        yield f"{len(state.frames)} paused programs; real games pause a handful"


def _decision(state: GameState):
    d = state.decision
    if state.outcome is not None:
        if d is not None or state.frames or state.vote is not None:
            yield "the game is over but still waits for a decision, a program or a vote"
        return
    if d is None:
        yield "the game is not over but waits for nobody"
        return
    if not 0 <= d.seat < state.players:
        yield f"decision for unknown seat {d.seat}"
    elif d.kind == "action":
        if state.frames or state.vote is not None:
            yield "a turn action is awaited while a program or a vote is under way"
        if d.seat != state.turn or in_setup(state):
            yield f"seat {d.seat} is to act on seat {state.turn}'s turn"
        if d.options or d.name is not None or state.actions_left < 1:
            yield "a turn action decision with options, a name or no actions left"
    elif not state.frames:
        yield f"a {d.kind} decision with no program under way to ask it"
    elif d.kind == "vote":
        v = state.vote
        if v is None:
            yield "a vote card is awaited but no vote is under way"
        elif v.revealed or len(v.played) >= len(v.participants) or \
                d.seat != v.participants[len(v.played)]:
            yield f"seat {d.seat} is not the next to vote"
        if d.options or d.name is not None:
            yield "a vote decision with options or a name"
    elif d.kind != "choose":
        yield f"unknown decision kind {d.kind!r}"


def _vote(state: GameState):
    v = state.vote
    if v is None:
        return
    n = state.players
    if v.kind not in state.rules.votes:
        yield f"unknown vote {v.kind!r}"
    if not isinstance(v.place, Place):
        yield f"a vote at {v.place!r}, which is no place"
    seats = (v.caller, *v.participants)
    if any(type(s) is not int or not 0 <= s < n for s in seats):
        yield f"a vote naming seats {list(seats)} in a {n}-player game"
    if len(set(v.participants)) != len(v.participants):
        yield "a vote with a participant twice"
    played = tuple(s for s, _ in v.played)
    if played != v.participants[:len(played)]:
        yield "vote cards played out of the participants' order"
    if any(not cs for _, cs in v.played):
        yield "a participant voted without a card"
    d = state.decision
    if d is not None and d.kind == "choose" and len(played) < len(v.participants):
        yield "a choice is awaited while participants still have to vote"


_REASONS = ("end.score", "end.tie.odd", "end.tie-breaker.draw", "end.tie-breaker.lead")


def _outcome(state: GameState):
    o = state.outcome
    if o is None:
        return
    brit, french = team_totals(state.chests)
    if o.totals != (("british", brit), ("french", french)):
        yield f"the outcome counts {dict(o.totals)} chests; the board has {brit} and {french}"
    leader = ("british",) if brit > french else ("french",) if french > brit else ()
    expected = {"end.score": leader,
                "end.tie.odd": ("dutch",) if brit == french and state.players % 2 else (),
                "end.tie-breaker.draw": ("british", "french") if state.tiebreak else (),
                "end.tie-breaker.lead": leader if state.tiebreak else ()}
    if o.reason not in _REASONS:
        yield f"unknown end of game {o.reason!r}"
    elif not expected[o.reason] or o.winners != expected[o.reason]:
        yield f"{list(o.winners)} cannot win by {o.reason} with {brit} and {french} chests"


def settled_1667(state: GameState) -> bool:
    """True if nothing is under way in ``state``: a turn action is asked with no paused program."""
    d = state.decision
    return d is not None and d.kind == "action" and not state.frames
