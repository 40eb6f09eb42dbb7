"""Tortuga 1667's setup: loyalty and vote cards dealt, the event deck built, pawns placed
(its ``GameKind.new_game``; :func:`tortuga_rules.game.setup.new_game` checks the arguments
and calls it)."""

from __future__ import annotations

from ...dsl.machine import Machine
from ...errors import SetupError
from .components import Place
from ...model.rng import seed_state
from ...model.state import GameState
from .procedures import hands, row

__all__ = ["setup_1667"]


def setup_1667(rules, players: int, seed: int, *, starred=None) -> GameState:
    """Tortuga 1667's setup: loyalty and vote cards dealt, the event deck built, pawns placed."""
    if starred is not None:
        starred = _check_starred(rules, starred)
    f = {
        "rules": rules, "ruleset": rules.id, "players": players, "loyalty": (),
        "lines": ((),) * len(Place), "sunk": (False, False), "chests": rules.treasure,
        "hands": ((),) * players, "vote_deck": (), "event_deck": (), "row": (),
        "discard": (), "resolving": (), "removed": (), "kept": ((),) * players,
        "marks": ((),) * players, "seen": (0,) * players,
        "starred": (), "turn": 0, "actions_left": 0, "turn_number": 0, "decision": None,
        "vote": None, "frames": (), "rng": seed_state(seed), "rigged": (), "tiebreak": 0,
        "tie_level": 0, "outcome": None, "events": (), "step": -1,
    }
    m = Machine(rules, f)
    m.log("setup.players", "players", players)
    _deal_loyalty(m)
    _deal_votes(m)
    _build_event_deck(m, starred)
    m.log("setup.treasure", "treasure", f["chests"])
    m.push(rules.programs["builtin:start-play"], {})
    if "setup:treasure" in rules.programs:
        m.push(rules.programs["setup:treasure"], {})
    _place_pawns(m)
    m.run()
    return m.freeze()


def _check_starred(rules, starred) -> list:
    """The starred cards asked for: exactly the ruleset's number of distinct pool cards."""
    spec = rules.deck
    pool, choose = spec["starred_pool"], spec["starred_choose"]
    if choose >= len(pool):
        raise SetupError(f"{rules.name} deals every starred card ({', '.join(pool)}): there "
                         "are none to choose")
    if not isinstance(starred, (list, tuple)) or not all(isinstance(c, str) for c in starred):
        raise SetupError(f"starred must be a list of event card ids, not {starred!r:.60}")
    bad = [c for c in starred if c not in pool]
    if bad or len(set(starred)) != len(starred) or len(starred) != choose:
        raise SetupError(f"{rules.name} deals {choose} starred cards: give {choose} distinct "
                         f"cards of {', '.join(pool)}, not {', '.join(starred) or 'none'}")
    return list(starred)


def _deal_loyalty(m):
    rules = m.rules
    cards = [team for team, k in rules.loyalty[m.f["players"]] for _ in range(k)]
    m.f["loyalty"] = tuple(m.shuffled(cards))
    m.log("setup.loyalty", "loyalty-dealt", tuple(cards))
    if rules.loyalty_open != "none":
        loyalty = m.f["loyalty"]
        seats = list(range(m.f["players"]))
        if rules.loyalty_open == "one-each":  # which British and which French card: at random
            seats = sorted(m.pick([s for s, t in enumerate(loyalty) if t == team], "open-loyalty")
                           for team in ("british", "french") if team in loyalty)
        for seat in seats:
            hands.add_mark(m, seat, "loyalty-open")
        m.log("setup.loyalty.open", "loyalty-open", tuple((s, m.f["loyalty"][s]) for s in seats))
    for seat, team in enumerate(m.f["loyalty"]):
        m.log("setup.loyalty.secret", "loyalty", seat, team, to=seat)


def _deal_votes(m):
    rules = m.rules
    deck = m.shuffled(sorted(rules.vote_cards))
    n = m.f["players"]
    k = rules.hand_size
    m.f["hands"] = tuple(tuple(sorted(deck[s * k:(s + 1) * k])) for s in range(n))
    m.f["vote_deck"] = tuple(deck[n * k:])
    for seat, hand in enumerate(m.f["hands"]):
        m.log("setup.vote-hands", "hand", seat, hand, to=seat)


def _build_event_deck(m, starred):
    rules = m.rules
    spec = rules.deck
    n = m.f["players"]
    if starred is None:
        avoid = spec["starred_avoid"].get(n, ())
        pool = [c for c in spec["starred_pool"] if c not in avoid]
        if len(pool) < spec["starred_choose"]:
            pool = list(spec["starred_pool"])
        elif avoid:
            m.log("setup.events.starred-small-games", "starred-avoided", tuple(avoid))
        starred = m.shuffled(pool)[:spec["starred_choose"]]
    m.f["starred"] = tuple(sorted(starred))
    removed = set(spec["removals"].get(n, ()))
    copies = rules.deck_copies(n, starred)
    copies[spec["final"]] -= 1  # set aside, then put at the bottom
    m.log("setup.events.starred", "starred", m.f["starred"], to=-2)
    if removed:
        m.log("setup.events.small-games", "removed", tuple(sorted(removed)))
    deck = m.shuffled(sorted(cid for cid, k in copies.items() for _ in range(k)))
    position = spec["final_position"]
    if position == "bottom":
        deck.append(spec["final"])
    else:  # {"among_last": k}: the game-ender shuffled in with the last k-1 cards
        k = position["among_last"] - 1
        tail = m.shuffled(deck[len(deck) - k:] + [spec["final"]])
        deck = deck[:len(deck) - k] + tail
    if spec["remove_from_top"]:
        boxed = spec["remove_from_top"]
        m.f["removed"] = tuple(deck[:boxed])
        deck = deck[boxed:]
        m.log("setup.events.short-game", "boxed", boxed)
    m.f["event_deck"] = tuple(deck)
    m.log("setup.events.armada-bottom", "event-deck", len(deck), position == "bottom")
    row.deal_row(m)
    m.log("setup.events.row", "row-dealt", len([c for c in m.f["row"] if c is not None]))


def _place_pawns(m):
    """Pawns drawn at random: placed alternately, or (a chosen placement) each player picks."""
    rules = m.rules
    seats = m.shuffled(range(m.f["players"]))
    chosen = rules.programs.get("setup:pawns")
    if chosen is not None:
        m.log("setup.pawns", "pawn-draw", tuple(seats))
        m.push(chosen, {"drawn": tuple(seats)})
        return
    order = rules.pawn_order
    for i, seat in enumerate(seats):
        place = order[i % len(order)]
        m.set_item("lines", place, m.f["lines"][place] + (seat,))
    m.log("setup.pawns", "pawns", m.f["lines"][:2])
