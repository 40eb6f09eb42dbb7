"""Tortuga 1667 described to the native engine (its ``GameKind.native``).

The native engine (``native/src/games/tortuga1667/``) implements this game's words - its
verbs, functions and rule procedures - natively; what it needs of a compiled ruleset
besides the programs and the turn actions (which the rules description writes for any
game, ``game/nativeformat.py``) is here: the board, the roles, the votes, the event and
vote cards, and the rules kept cards bring, each expression as the compiler's tree
(``expression``) and each program by its key.
"""

from __future__ import annotations

from .components import ChestSpot, Place, Role

__all__ = ["describe", "sample", "sampler"]


def sample(game, rules, seat: int, generator) -> tuple:
    """A world of ``seat``'s knowledge drawn natively from the native game ``game`` of the
    real position (the determinisation of ``determinize.py``, the same draws from the
    native ``generator``): the world's native game and each seat's side (its loyalty)."""
    world = game.redrawn_1667(seat, generator, rules.deck["final"], _last(rules))
    return world, tuple(str(team) for team in world.loyalty)


def sampler(rules, seat: int) -> tuple[str, tuple]:
    """:func:`sample` natively, its parameters bound (``GameKind.native_sampler``): the
    native ``NativeSampler.tortuga1667``, its sides each seat's loyalty as a text."""
    return "tortuga1667", (seat, rules.deck["final"], _last(rules))


def _last(rules) -> int:
    """Among how many of the event deck's last places its final card lies."""
    position = rules.deck["final_position"]
    return 1 if position == "bottom" else position["among_last"]


def describe(rules, expression) -> dict:
    """The tables of ``rules`` as the native engine reads them."""
    board = rules.board

    def guarded(pairs) -> list:
        return [(expression(guard), program.key) for guard, program in pairs]

    return {
        "place_enum": Place.__name__, "spot_enum": ChestSpot.__name__,
        "roles": [str(r) for r in Role],
        "capacity": list(board.capacity), "adjacent": [list(a) for a in board.adjacent],
        "holds": [list(h) for h in board.holds],
        "votes": [(v.id, expression(v.participants), v.participants_clause, v.section,
                   None if v.success is None else expression(v.success), v.success_clause,
                   v.program.key) for v in rules.votes.values()],
        "event_programs": [(cid, card.program.key) for cid, card in rules.event_cards.items()],
        "section_icons": [(s, list(icons)) for s, icons in rules.section_icons.items()],
        "vote_cards": [(cid, [(s, [tuple(i) for i in icons]) for s, icons in card.icons.items()])
                       for cid, card in rules.vote_cards.items()],
        "checks_pawns": guarded(rules.checks.get("pawns", ())),
        "checks_kept": guarded(rules.checks.get("kept", ())),
        "before_turn": guarded(rules.before_turn),
        "after_reveal": guarded(rules.after_reveal),
        "sit_outs": [(card, n, clause, done) for card, (n, clause, done) in rules.sit_outs.items()],
        "vote_plays": [(card, n, clause, bool(only)) for card, (n, clause, only)
                       in rules.vote_plays.items()],
        "reactions": [(event, [(card, sorted(causes),
                                [(name, expression(guard), program.key, clause)
                                 for name, guard, program, clause in answers])
                               for card, causes, answers in entries])
                      for event, entries in rules.reactions.items()],
        "actions_default": rules.actions_default,
        "actions_by_players": sorted(rules.actions_by_players.items()),
        "row_size": rules.row_size,
        "first_player_ship": int(rules.first_player_ship),
        "setup": _setup(rules),
    }


def _setup(rules) -> dict:
    """What ``setup.py`` deals from, as the native setup (``native/src/games/tortuga1667/setup.rs``)
    reads it."""
    spec = rules.deck
    position = spec["final_position"]
    programs = rules.programs
    return {
        "loyalty": [(n, [str(team) for team, k in teams for _ in range(k)])
                    for n, teams in sorted(rules.loyalty.items())],
        "loyalty_open": rules.loyalty_open,
        "vote_cards": sorted(rules.vote_cards),
        "hand_size": rules.hand_size,
        "treasure": list(rules.treasure),
        "pawn_order": [int(p) for p in rules.pawn_order],
        "places": len(Place),
        "counts": sorted(spec["counts"].items()),
        "starred_pool": list(spec["starred_pool"]),
        "starred_choose": spec["starred_choose"],
        "starred_avoid": sorted((n, list(c)) for n, c in spec["starred_avoid"].items()),
        "removals": sorted((n, list(c)) for n, c in spec["removals"].items()),
        "final": spec["final"],
        "among_last": 0 if position == "bottom" else position["among_last"],
        "remove_from_top": spec["remove_from_top"],
        "start_play": programs["builtin:start-play"].key,
        "treasure_program": programs["setup:treasure"].key if "setup:treasure" in programs
        else None,
        "pawns_program": programs["setup:pawns"].key if "setup:pawns" in programs else None,
    }
