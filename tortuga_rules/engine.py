"""The public game loop: start a game, list the legal actions, apply one.

The engine never calls out to players: a state says whose decision it waits for
(:attr:`GameState.current_player`), :func:`legal_actions` lists the options and
:func:`apply_action` returns the next state. Votes are collected as a sequence of
secret decisions, one per participant.
"""

from __future__ import annotations

from itertools import combinations

from . import procedures as proc
from .actions import Action
from .components import Place, Role
from .errors import IllegalActionError, SetupError
from .machine import Machine
from .rng import seed_state
from .ruleset import Ruleset, load_ruleset
from .state import GameState
from .verbs import FACETS

__all__ = ["new_game", "legal_actions", "apply_action", "roles_of"]


def new_game(ruleset, players: int, seed: int, *, starred=None) -> GameState:
    """Set up a new game of ``players`` players from ``seed``.

    ``starred`` names the starred event cards to use; by default they are drawn at
    random (by the seed) from the ruleset's pool. The returned state waits for the
    first decision (the captains placing their chests).
    """
    if not isinstance(ruleset, Ruleset):
        ruleset = load_ruleset(ruleset)
    rules = ruleset
    if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
        raise SetupError(f"{rules.name} is for {rules.min_players} to {rules.max_players} "
                         f"players, not {players!r}")
    if not isinstance(seed, int):
        raise SetupError(f"the seed must be an integer, not {seed!r}")
    f = {
        "rules": rules, "ruleset": rules.id, "players": players, "loyalty": (),
        "lines": ((),) * len(Place), "sunk": (False, False), "chests": rules.treasure,
        "hands": ((),) * players, "vote_deck": (), "event_deck": (), "row": (),
        "discard": (), "resolving": (), "kept": ((),) * players, "marks": ((),) * players,
        "seen": (0,) * players,
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


def _deal_loyalty(m):
    rules = m.rules
    cards = [team for team, k in rules.loyalty[m.f["players"]] for _ in range(k)]
    m.f["loyalty"] = tuple(m.shuffled(cards))
    m.log("setup.loyalty", "loyalty-dealt", tuple(cards))
    if rules.loyalty_open != "none":
        seats = list(range(m.f["players"]))
        if rules.loyalty_open == "one-each":
            seats = [m.f["loyalty"].index(t) for t in ("british", "french") if t in m.f["loyalty"]]
        for seat in seats:
            proc.add_mark(m, seat, "loyalty-open")
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
    else:
        starred = list(starred)
        bad = [c for c in starred if c not in spec["starred_pool"]]
        if bad or len(set(starred)) != len(starred):
            raise SetupError(f"starred cards must be distinct cards of the pool "
                             f"{list(spec['starred_pool'])}, not {starred}")
    m.f["starred"] = tuple(sorted(starred))
    removed = set(spec["removals"].get(n, ()))
    cards = [cid for cid, k in spec["counts"].items() if cid not in removed for _ in range(k)]
    cards += [cid for cid in starred if cid not in removed]
    m.log("setup.events.starred", "starred", m.f["starred"], to=-2)
    if removed:
        m.log("setup.events.small-games", "removed", tuple(sorted(removed)))
    deck = m.shuffled(sorted(cards))
    position = spec["final_position"]
    if position == "bottom":
        deck.append(spec["final"])
    else:  # {"among_last": k}: the game-ender shuffled in with the last k-1 cards
        k = position["among_last"] - 1
        tail = m.shuffled(deck[len(deck) - k:] + [spec["final"]])
        deck = deck[:len(deck) - k] + tail
    if spec["remove_from_top"]:
        boxed = spec["remove_from_top"]
        deck = deck[boxed:]
        m.log("setup.events.short-game", "boxed", boxed)
    m.f["event_deck"] = tuple(deck)
    m.log("setup.events.armada-bottom", "event-deck", len(deck), position == "bottom")
    proc.deal_row(m)
    m.log("setup.events.row", "row-dealt", len([c for c in m.f["row"] if c is not None]))


def _place_pawns(m):
    """Pawns drawn at random: placed alternately, or (a chosen placement) each player picks."""
    rules = m.rules
    seats = m.shuffled(range(m.f["players"]))
    chosen = rules.programs.get("setup:pawns")
    if chosen is not None:
        m.log("setup.pawns", "pawn-draw", tuple(seats))
        for seat in reversed(seats):
            m.push(chosen, {"seat": seat})
        return
    order = rules.pawn_order
    for i, seat in enumerate(seats):
        place = order[i % len(order)]
        m.set_item("lines", place, m.f["lines"][place] + (seat,))
    m.log("setup.pawns", "pawns", m.f["lines"][:2])


# -- legal actions -----------------------------------------------------------------------

def roles_of(state: GameState, seat: int) -> frozenset:
    """The roles ``seat`` holds now (always including ``Role.ANYONE``)."""
    for place, line in enumerate(state.lines):
        if seat in line:
            return _roles(place, line, seat)
    return frozenset()


_ANYONE = frozenset({Role.ANYONE})


_ROLE_SETS: dict = {}


def _roles(place, line, seat) -> frozenset:
    i = line.index(seat)
    key = (place, i, len(line))
    roles = _ROLE_SETS.get(key)
    if roles is None:
        roles = _ROLE_SETS[key] = _roles_at(place, i, len(line))
    return roles


def _roles_at(place, i, n) -> frozenset:
    """The roles of the pawn at rank ``i`` (0-based) of a line of ``n`` at ``place``."""
    if place >= 2:
        if place == 2 and i == 0:
            return frozenset({Role.ANYONE, Role.GOVERNOR})
        return _ANYONE
    roles = {Role.ANYONE}
    if i == 0:
        roles.add(Role.CAPTAIN)
    elif i == 1:
        roles.add(Role.FIRST_MATE)
    if i == n - 1:
        roles.add(Role.CABIN_BOY)
    return frozenset(roles)


def _turn_actions(state: GameState, seat: int) -> tuple:
    rules = state.rules
    roles = roles_of(state, seat)
    by_roles = rules.memo
    defs = by_roles.get(roles)
    if defs is None:
        defs = by_roles[roles] = tuple(a for a in rules.actions if a.role in roles)
    facts = {"actor": seat}
    m = None
    out = []
    for act in defs:
        depends = act.depends
        if depends:
            key = []
            for name in depends:
                v = facts.get(name)
                if v is None:
                    v = facts[name] = FACETS[name](state)
                key.append(v)
            key = tuple(key)
        else:
            key = ()
        options = act.cache.get(key)
        if options is None:
            if m is None:
                m = Machine.for_query(state, {"actor": seat})
            options = _options(act, m)
            if len(act.cache) >= _MEMO_LIMIT:
                act.cache.clear()
            act.cache[key] = options
        if options:
            out.extend(options)
    return tuple(out)


def _options(act, m) -> tuple:
    for test, _clause, _text in act.requires:
        if not test(m):
            return ()
    if act.params:
        return act.options(tuple(tuple(p.domain(m)) for p in act.params))
    return act.options(())


_MEMO_LIMIT = 100_000
_CHOICES: dict = {}  # (name, options) -> the choose actions (immutable, so shared)


def legal_actions(state: GameState) -> tuple:
    """Every action the current player may take now (empty once the game is over).

    The tuple is computed once per state and remembered. A turn action's options
    are also remembered across states, keyed by exactly what its parameter domains
    and preconditions depend on (the state facets each DSL function declares it
    reads, and the acting seat), so equal facts never recompute them.
    """
    cached = state.__dict__.get("_legal")
    if cached is not None:
        return cached
    d = state.decision
    if d is None:
        out = ()
    elif d.kind == "action":
        out = _turn_actions(state, d.seat)
    elif d.kind == "choose":
        key = (d.name, d.options)
        out = _CHOICES.get(key)
        if out is None:
            name = d.name
            out = tuple(Action("choose", ((name, o),)) for o in d.options)
            if len(_CHOICES) >= _MEMO_LIMIT:
                _CHOICES.clear()
            _CHOICES[key] = out
    else:  # vote
        hand = sorted(state.hands[d.seat])
        out = [Action("vote", (("card", c),)) for c in hand]
        kept = state.kept[d.seat]
        for card, (n, _clause, only_next) in state.rules.vote_plays.items():
            if only_next and f"{card}-lapsed" in state.marks[d.seat]:
                continue
            if card in kept and len(hand) >= n:
                out.extend(Action("vote", (("cards", combo),)) for combo in combinations(hand, n))
        out = tuple(out)
    state.__dict__["_legal"] = out
    return out


# -- applying ------------------------------------------------------------------------------

def apply_action(state: GameState, action: Action) -> GameState:
    """The state after the current player takes ``action``.

    Raises :class:`~tortuga_rules.errors.IllegalActionError` (with a reason that
    leaks nothing hidden) if ``action`` is not legal; ``state`` is never changed.
    """
    legal = legal_actions(state)
    if action not in legal:
        reason, clause, remedy = why_not(state, action)
        raise IllegalActionError(reason, action, clause, remedy)
    d = state.decision
    m = Machine.for_step(state)
    kind = d.kind
    if kind == "action":
        rules = m.rules
        act = rules.action_by_id[action.kind]
        m.f["decision"] = None
        m.log(act.clause, "action", d.seat, action)
        env = dict(action.args)
        env["actor"] = d.seat
        m.push(rules.programs["builtin:finish-action"], {})
        m.push(act.program, env)
    elif kind == "choose":
        m.resume_choice(action.args[0][1])
    else:
        name, value = action.args[0]
        if proc.play_vote(m, value if name == "cards" else (value,)) is not None:
            return m.freeze()
    m.run()
    return m.freeze()


def why_not(state: GameState, action) -> tuple:
    """Why ``action`` is not legal in ``state``: ``(reason, clause, remedy)``.

    ``clause`` is the rule clause that forbids it (or None), ``remedy`` says what
    would make it legal. The words leak nothing the acting seat may not know.
    """
    if not isinstance(action, Action):
        return f"not an action: {action!r}", None, "pass an Action from legal_actions(state)"
    d = state.decision
    if d is None:
        return "the game is over", None, "nothing: no action is legal once the game has ended"
    if d.kind == "choose":
        if action.kind != "choose":
            return (f"seat {d.seat} must first choose {d.name}", d.clause,
                    f"answer the pending choice of {d.name}")
        return (f"{action} is not one of the options for {d.name}", d.clause,
                f"choose one of {list(d.options)}")
    if d.kind == "vote":
        if action.kind != "vote":
            return (f"seat {d.seat} must first play a vote card", "vote.procedure.play",
                    "play one of the cards in hand")
        return (f"{action} is not a card in seat {d.seat}'s hand", "vote.procedure.play",
                "play a card the voter holds")
    rules = state.rules
    act = rules.action_def(action.kind)
    if act is None:
        return (f"there is no action {action.kind!r}", None,
                f"use one of: {', '.join(rules.action_ids)}")
    roles = roles_of(state, d.seat)
    if act.role not in roles:
        clause = f"role.{act.role.value.replace('_', '-')}"
        c = rules.clauses.get(clause)
        held = ", ".join(sorted(r.value for r in roles if r is not Role.ANYONE)) or "no role"
        return (f"{action.kind} needs the role {act.role} (clause {clause}); seat {d.seat} "
                f"holds {held}", clause,
                f"hold the {act.role} role: {c.text if c else clause}")
    m = Machine.for_query(state, {"actor": d.seat})
    for test, clause, text in act.requires:
        if not test(m):
            c = rules.clauses.get(clause)
            return (f"{action.kind} is not allowed now: {c.text if c else clause} "
                    f"(clause {clause})", clause, f"it needs {text}")
    names = [p.name for p in act.params]
    given = [k for k, _ in action.args]
    if given != names:
        return (f"{action.kind} takes the parameters {names}, given {given}", act.clause,
                f"give {', '.join(names) or 'no parameters'}")
    env = {"actor": d.seat}
    for p, (_, value) in zip(act.params, action.args):
        allowed = tuple(p.values(m))
        if value not in allowed:
            return (f"{p.name}={value!r} is not allowed (clause {p.clause})", p.clause,
                    f"choose {p.name} among {list(allowed)}")
        env[p.name] = value
        for test, clause, text in p.where:
            if not m.evaluate(test, env):
                c = rules.clauses.get(clause)
                return (f"{p.name}={value!r} is not allowed: {c.text if c else clause} "
                        f"(clause {clause})", clause,
                        f"choose {p.name} among {list(p.domain(m))}")
    return f"{action} is not legal now", act.clause, "choose an action from legal_actions()"  # pragma: no cover
