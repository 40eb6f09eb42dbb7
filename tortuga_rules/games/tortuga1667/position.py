"""Tortuga 1667's scenario positions (its ``GameKind.position``): a state given explicitly,
the rest from a seeded setup or a save.

A scenario's ``position`` names what matters (who stands where, the chests, the
hands, the row, ...); everything it leaves out comes from a new game set up with
the scenario's seed (played up to the first turn action), or from a saved game.
Each key is checked and applied by a small method of :class:`_Position`; every
mistake is a located problem, and the result must pass the position checks of
:mod:`tortuga_rules.game.invariants`.
"""

from __future__ import annotations

from collections import Counter

from ...errors import did_you_mean
from ...game.invariants import finishing_problems, problems as position_problems
from ...game.legality import legal_actions
from ...game.savegame import saved_position
from ...game.setup import new_game
from ...game.transition import apply_action
from .components import ChestSpot, Place, team_totals
from ...model.state import Decision, GameState

__all__ = ["build_position"]

_WHERE = ("position",)
_PLACES = {str(p): p for p in Place}
_SPOTS = {str(c): c for c in ChestSpot}


def build_position(rules, players: int, seed: int, pos: dict, smap, problems: list,
                   path, warnings: list | None = None) -> GameState | None:
    """The start of a scenario from its ``position`` mapping; ``None`` if it has problems.

    ``warnings`` takes what is legal but likely not meant (none yet in this game: each key
    it does not give comes from the seeded setup, which is fully determined)."""
    for key in ("names", "setup_random"):
        if key in pos:
            problems.append(smap.problem(_WHERE + (key,), f"{key} is for a component-kit game "
                                                          f"(a play program); {rules.game.name}"
                                                          " has none"))
    if pos.get("at", "setup") != "setup":
        problems.append(smap.problem(_WHERE + ("at",), f"{rules.game.name} starts 'at: setup' "
                                                       "or, without 'at', at a turn action"))
    if "saved" in pos:
        base = saved_position(rules, players, pos, smap, problems, path)
        if base is None:
            return None
    else:
        base = new_game(rules, players, seed)
        if pos.get("at") == "setup":
            return _dealt(rules, players, base, pos, smap, problems)
        while base.decision is not None and base.decision.kind != "action":
            base = apply_action(base, legal_actions(base)[0])
    builder = _Position(rules, players, base, smap, problems)
    for apply in builder.appliers():
        apply(pos)
    if problems:
        return None
    state = base._evolve(**builder.changes)
    found = position_problems(state, scenario=True)
    for text in found or finishing_problems(state, scenario=True):
        problems.append(smap.problem(_WHERE, f"impossible position: {text}"))
    return state


#: What a position ``at: setup`` may give: the cards dealt (the rest is the setup's own).
DEALT = ("loyalty", "hands", "vote_deck", "event_deck", "row", "starred")


def _dealt(rules, players: int, base: GameState, pos: dict, smap, problems: list):
    """The state right after dealing, with the cards the position deals fixed."""
    for key in pos:
        if key not in DEALT + ("at",):
            problems.append(smap.problem(_WHERE + (key,), f"at: setup takes only the cards "
                                                          f"dealt ({', '.join(DEALT)}), not "
                                                          f"{key}"))
    builder = _Position(rules, players, base, smap, problems)
    for apply in (builder.loyalty, builder.vote_cards, builder.event_cards, builder.row,
                  builder.supply):
        apply(pos)
    if problems:
        return None
    state = base._evolve(**builder.changes)
    for text in position_problems(state, scenario=True):
        problems.append(smap.problem(_WHERE, f"impossible position: {text}"))
    return state


class _Position:
    """Applies a position's keys to ``base``, collecting the changed fields and the problems."""

    def __init__(self, rules, players: int, base: GameState, smap, problems: list):
        self.rules = rules
        self.n = players
        self.base = base
        self.smap = smap
        self.problems = problems
        self.changes: dict = {}

    def appliers(self):
        """The methods that apply the position's keys, in order; each skips absent keys."""
        return (self.loyalty, self.places, self.sunk_rowboats, self.chests, self.vote_cards,
                self.event_cards, self.row, self.per_seat, self.supply, self.seen, self.tiebreak,
                self.turn)

    def problem(self, path, message: str):
        self.problems.append(self.smap.problem(_WHERE + path, message))

    def seat_ok(self, seat, path) -> bool:
        if not 0 <= int(seat) < self.n:
            self.problem(path, f"no seat {seat} in a {self.n}-player game (seats 0-{self.n - 1})")
            return False
        return True

    def loyalty(self, pos):
        if "loyalty" not in pos:
            return
        loyal = list(self.base.loyalty)
        raw = pos["loyalty"]
        items = enumerate(raw) if isinstance(raw, list) else ((int(k), v) for k, v in raw.items())
        if isinstance(raw, list) and len(raw) != self.n:
            self.problem(("loyalty",), f"{len(raw)} loyalties for {self.n} players")
        for seat, team in items:
            if self.seat_ok(seat, ("loyalty",)) and seat < self.n:
                loyal[seat] = team
        self.changes["loyalty"] = tuple(loyal)

    def places(self, pos):
        if "places" not in pos:
            return
        lines = [()] * len(Place)
        for name, seats in pos["places"].items():
            for s in seats:
                self.seat_ok(s, ("places", name))
            lines[_PLACES[name]] = tuple(seats)
        self.changes["lines"] = tuple(lines)

    def sunk_rowboats(self, pos):
        if "sunk_rowboats" not in pos:
            return
        boats = (Place.FLYING_DUTCHMAN_BOAT, Place.JOLLY_ROGER_BOAT)
        self.changes["sunk"] = tuple(str(b) in pos["sunk_rowboats"] for b in boats)

    def chests(self, pos):
        if "chests" not in pos:
            return
        chests = [0] * len(ChestSpot)
        for name, k in pos["chests"].items():
            chests[_SPOTS[name]] = k
        self.changes["chests"] = tuple(chests)

    def vote_cards(self, pos):
        """``hands`` and ``vote_deck`` (its top cards); the other cards follow in id order."""
        if "vote_deck" not in pos and "hands" not in pos:
            return
        hands = [tuple(h) for h in self.base.hands]
        taken: set = set()
        for seat, cards in pos.get("hands", {}).items():
            for i, c in enumerate(cards):
                self._vote_card(c, taken, ("hands", seat, i))
            if self.seat_ok(seat, ("hands", seat)):
                hands[int(seat)] = tuple(cards)
        top = list(pos.get("vote_deck", []))
        for i, c in enumerate(top):
            self._vote_card(c, taken, ("vote_deck", i))
        given = {int(s) for s in pos.get("hands", {})}
        for seat in range(self.n):
            if seat not in given:
                hands[seat] = tuple(c for c in hands[seat] if c not in taken)
        held = {c for h in hands for c in h}
        rest = [c for c in sorted(self.rules.vote_cards) if c not in held and c not in top]
        self.changes["hands"] = tuple(hands)
        self.changes["vote_deck"] = tuple(top + rest)

    def _vote_card(self, card, taken: set, path):
        ids = self.rules.vote_cards
        if card not in ids:
            self.problem(path, f"unknown vote card {card!r}{did_you_mean(card, ids)}")
        elif card in taken:
            self.problem(path, f"vote card {card!r} is given twice")
        taken.add(card)

    def event_cards(self, pos):
        """``event_deck`` and ``discard``: lists of event card ids."""
        for key in ("event_deck", "discard"):
            if key in pos:
                for i, c in enumerate(pos[key]):
                    self._event_card(c, (key, i))
                self.changes[key] = tuple(pos[key])

    def _event_card(self, card, path):
        ids = self.rules.event_cards
        if card not in ids:
            self.problem(path, f"unknown event card {card!r}{did_you_mean(card, ids)}")

    def row(self, pos):
        if "row" not in pos:
            return
        row = pos["row"]
        if len(row) != self.rules.row_size:
            self.problem(("row",), f"the row has {self.rules.row_size} slots, {len(row)} given")
        for i, c in enumerate(row):
            if c is not None:
                self._event_card(c, ("row", i))
        self.changes["row"] = tuple(row)
        self.changes["seen"] = (0,) * self.n

    def per_seat(self, pos):
        """``kept`` and ``marks``: per-seat lists of names; seats not given keep theirs."""
        for key in ("kept", "marks"):
            if key in pos:
                per_seat = [tuple(k) for k in getattr(self.base, key)]
                for seat, names in pos[key].items():
                    if self.seat_ok(seat, (key, seat)):
                        per_seat[int(seat)] = tuple(names)
                self.changes[key] = tuple(per_seat)

    def supply(self, pos):
        """The game's event cards: its starred cards, and the cards the position names taken
        out of the zones it leaves as dealt (the row, then the discard, then the deck); the
        cards it places nowhere are out of the game (``removed``)."""
        zones = [k for k in ("event_deck", "discard", "row") if k in pos]
        named = Counter(c for k in zones for c in pos[k] if c is not None)
        named.update(c for names in pos.get("kept", {}).values() for c in names)
        starred = self._starred(pos, named)
        if starred is None:
            return
        self.changes["starred"] = starred
        left = Counter(self.rules.deck_copies(self.n, starred))
        left.subtract(c for k in zones for c in self.changes[k] if c is not None)
        left.subtract(c for held in self.changes.get("kept", self.base.kept) for c in held)

        def take(card) -> bool:
            if card is not None and left[card] > 0:
                left[card] -= 1
                return True
            return False

        if "row" not in pos:
            row = tuple(c if take(c) else None for c in self.base.row)
            gone = sum(1 << i for i, c in enumerate(row) if c is None)
            self.changes["row"] = row
            self.changes["seen"] = tuple(s & ~gone for s in self.base.seen)
        for key in ("discard", "event_deck"):
            if key not in pos:
                self.changes[key] = tuple(c for c in getattr(self.base, key) if take(c))
        self.changes["removed"] = tuple(sorted(left.elements()))

    def _starred(self, pos, named: Counter):
        """The starred cards of the game: ``starred``, or those the position names, filled up
        from the seeded setup's; None (and a problem) if there are too many."""
        pool = self.rules.deck["starred_pool"]
        choose = self.rules.deck["starred_choose"]
        in_position = sorted(c for c in named if c in pool)
        if "starred" in pos:
            given = pos["starred"]
            for i, c in enumerate(given):
                if c not in pool:
                    self.problem(("starred", i), f"{c!r} is not a starred card"
                                                 f"{did_you_mean(c, pool)}; the pool is "
                                                 f"{', '.join(pool)}")
            if len(set(given)) != len(given) or len(given) > choose:
                self.problem(("starred",), f"give at most {choose} different starred cards")
            for c in in_position:
                if c not in given:
                    self.problem(("starred",), f"{c} is in the position but not among the "
                                               "starred cards")
            return tuple(sorted(set(given)))
        if len(in_position) > choose:
            self.problem((), f"the position has {len(in_position)} starred cards "
                             f"({', '.join(in_position)}); the game has {choose}")
            return None
        fill = [c for c in self.base.starred if c not in in_position]
        return tuple(sorted(in_position + fill[:choose - len(in_position)]))

    def seen(self, pos):
        if "seen" not in pos:
            return
        seen = list(self.changes.get("seen", self.base.seen))
        for seat, slots in pos["seen"].items():
            if self.seat_ok(seat, ("seen", seat)):
                seen[int(seat)] = sum(1 << (s - 1) for s in slots)
        self.changes["seen"] = tuple(seen)

    def tiebreak(self, pos):
        """``tiebreak`` (the round under way) and ``tie_level`` (each team's total when it began).

        A tie-breaker position must not be decided already: the teams are level (or,
        with ``tiebreak_win: gain``, no team has more than the level).
        """
        if "tiebreak" not in pos and "tie_level" not in pos:
            return
        rounds = pos.get("tiebreak", self.base.tiebreak)
        self.changes["tiebreak"] = rounds
        chests = self.changes.get("chests", self.base.chests)
        brit, french = team_totals(chests)
        level = pos.get("tie_level", brit if brit == french else None)
        if rounds and level is None:
            self.problem(("tiebreak",), f"the teams have {brit} and {french} chests: give "
                                        "tie_level, their total when the tie-breaker began")
            return
        self.changes["tie_level"] = level or 0
        gain = self.rules.options.get("tiebreak_win", "lead") == "gain"
        ahead = max(brit, french) > level if gain else brit != french
        if rounds and brit != french and ahead:
            self.problem(("tiebreak",), f"the tie-breaker is already decided: British {brit}, "
                                        f"French {french}, tie level {level}")

    def turn(self, pos):
        """Whose turn it is: the position starts at that player's turn action."""
        turn = pos.get("turn", self.base.turn)
        if self.seat_ok(turn, ("turn",)):
            left = pos.get("actions_left", self.rules.actions_per_turn(self.n))
            self.changes.update(turn=turn, actions_left=left, frames=(), vote=None, events=(),
                                decision=Decision(turn, "action", clause="turn.actions"))
