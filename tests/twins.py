"""Twin states: a state with everything one seat may not know changed.

The non-interference tests (views, options, refusals, observations, bots, for every game)
compare what a seat is given in a state and in its twin. Which fields a twin must change
is the state class's declaration (``model/fields``: every field not ``Seen.ALL``);
:data:`REDRAWN` lists, per game, the hidden fields its twin changes and
:data:`LEFT` the ones it leaves alone, with why. ``tests/test_games.py`` checks the two
lists cover the declaration exactly, so a hidden field added to a game without a twin
that changes it fails there.
"""

import random

from tortuga_rules import IllegalActionError, RulesError, apply_action, view

from tortuga_rules.model.fields import Seen, seen_by, state_fields

#: Per game: the hidden fields its twin changes.
REDRAWN = {
    "tortuga-1667": {"loyalty", "hands", "vote_deck", "row", "event_deck", "rng"},
    "tortuga-dice": {"held", "zones", "rng", "decision"},
    "no-thanks": {"zones", "rng"},
}
#: Per game: hidden fields its twin leaves as they are, and why.
LEFT = {
    "tortuga-1667": {
        "frames": "a paused effect's names hold public facts and the chooser's own",
        "rigged": "fixed outcomes exist in scenario positions only",
        "removed": "cards boxed unseen; the view shows none of them (checked by test_views)",
        "starred": "which starred cards are in the game; the view shows none of them",
        "vote": "its face-down cards are the vote's voters' (twin kept by test_votes)",
        "decision": "another seat's options come from what it holds or looked at, which "
                    "the twin redraws (its hand, the row)",
    },
    "tortuga-dice": {
        "frames": "a paused program's names hold public facts (the last pick is cleared "
                  "by determinisation)",
        "rigged": "fixed outcomes exist in scenario positions only",
    },
    "no-thanks": {
        "frames": "a paused program's names hold public facts",
        "rigged": "fixed outcomes exist in scenario positions only",
        "held": "No Thanks! has no secret picks",
        "decision": "every choice of No Thanks! is open (the dice game's twin changes "
                    "secret ones)",
    },
}


def hidden_fields(state_class) -> set:
    """The fields of ``state_class`` declared hidden from some seat."""
    return {f.name for f in state_fields(state_class) if seen_by(f) is not Seen.ALL}


def twin(state, seat, rnd=None):
    """``state`` with what ``seat`` may not know changed, by its game."""
    rnd = rnd if rnd is not None else random.Random(0)
    kind = state.rules.game
    return TWINS.get(kind.id, twin_kit if kind.schema == "kit" else None)(state, seat, rnd)


def twin_1667(state, seat, rnd):
    """``state`` with every fact hidden from ``seat`` shuffled."""
    n = state.players
    others = [s for s in range(n) if s != seat]
    changes = {}
    if state.outcome is None:
        loyal = list(state.loyalty)
        teams = [loyal[s] for s in others]
        rnd.shuffle(teams)
        for s, t in zip(others, teams):
            loyal[s] = t
        changes["loyalty"] = tuple(loyal)
    d = state.decision
    if not (d is not None and d.seat == seat and d.kind == "choose"):
        # (a seat choosing may be searching the vote deck - Crow's Nest - so knows it)
        pool = [c for s in others for c in state.hands[s]] + list(state.vote_deck)
        rnd.shuffle(pool)
        hands = list(state.hands)
        for s in others:
            k = len(hands[s])
            hands[s], pool = tuple(sorted(pool[:k])), pool[k:]
        changes["hands"] = tuple(hands)
        changes["vote_deck"] = tuple(pool)
    seen = state.seen[seat]
    hidden_slots = [i for i, c in enumerate(state.row) if c is not None and not (seen >> i) & 1]
    cards = [state.row[i] for i in hidden_slots] + list(state.event_deck)
    rnd.shuffle(cards)
    row = list(state.row)
    for i in hidden_slots:
        row[i] = cards.pop()
    changes["row"] = tuple(row)
    changes["event_deck"] = tuple(cards)
    changes["rng"] = rnd.getrandbits(64)
    return state._evolve(**changes)


def twin_kit(state, seat, rnd):
    """``state`` with everything hidden from ``seat`` changed, as the declarations say: the
    fields declared seen by their owner (other seats' entries replaced) or by nobody, and
    the zones whose ``seen`` excludes ``seat`` (dice rerolled, tokens dealt again among
    them keeping each zone's size); the pending decision of another seat gets other options."""
    kit = state.rules.tables["kit"]
    if state.is_terminal:
        return state  # the game is over: every token is turned up, nothing is hidden
    changes = {}
    for f in state_fields(type(state)):
        if seen_by(f) is Seen.OWNER:
            values = list(getattr(state, f.name))
            for s in range(state.players):
                if s != seat and values[s] is not None:  # that a seat holds one is public
                    values[s] = (("something else", rnd.random()),)
            changes[f.name] = tuple(values)
    zones = list(state.zones)
    hidden = [i for i, (z, owner) in enumerate(kit.slots(state.players))
              if not kit.may_see(z, owner, seat)]
    pool = [t for i in hidden if not kit.slots(state.players)[i][0].dice for t in zones[i]]
    rnd.shuffle(pool)
    for i in hidden:
        z = kit.slots(state.players)[i][0]
        if z.dice:
            zones[i] = tuple((letter, rnd.randrange(len(kit.faces[letter])))
                             for letter, _ in zones[i])
        else:
            k = len(zones[i])
            taken, pool = pool[:k], pool[k:]
            zones[i] = tuple(sorted(taken)) if z.bag else tuple(taken)
    changes["zones"] = tuple(zones)
    changes["rng"] = rnd.getrandbits(63)
    d = state.decision
    if d is not None and d.seat != seat and _secret(state):
        # (another seat's secret options are its own; an open choice's are public)
        changes["decision"] = type(d)(d.seat, d.kind, d.name, tuple(reversed(d.options))
                                      + (("other", "Z"),), d.clause)
    return state._evolve(**changes)


TWINS = {"tortuga-1667": twin_1667, "tortuga-dice": twin_kit}


def _secret(state) -> bool:
    """Whether the pending choice is a ``choose ... secretly``."""
    from tortuga_rules.dsl.machine import CHOOSE
    if not state.frames:
        return False
    fr = state.frames[-1]
    ins = state.rules.programs[fr.program].code[fr.pc]
    return ins[0] == CHOOSE and bool(ins[5])


def shown_by_twins(state, action, after, worlds: int = 4) -> bool:
    """Whether some seat would have seen the step from ``state`` to ``after`` end otherwise
    had what it could not see been otherwise: the step played again from that seat's twins
    (these hand-made ones, not the engine's determinisation, so an undo that grants a step
    this finds showing something is caught by an oracle of its own)."""
    mover = state.current_player
    for watcher in range(state.players):
        seen = view(after, watcher)
        for k in range(worlds):
            other = twin(state, watcher, random.Random(k))
            if view(other, watcher) != view(state, watcher):
                continue  # not a twin of this position (it changed what the seat sees)
            try:
                then = apply_action(other, action, seat=mover)
            except (IllegalActionError, RulesError):  # not a move there, or a twin no rule
                continue                               # reaches (a held pick made up)
            if view(then, watcher) != seen:
                return True
    return False
