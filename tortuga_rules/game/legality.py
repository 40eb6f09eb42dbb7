"""Which actions are legal now, and why an action is not.

The engine never calls out to players: a state says whose decision it waits for
(:attr:`GameState.current_player`), :func:`legal_actions` lists the options and
:func:`why_not` explains a refusal with the clause that forbids it.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, TypeVar

from ..dsl.instructions import Choose
from ..dsl.machine import Machine, failure_detail
from ..errors import ArgumentError, Problem, RulesError, TortugaError
from ..model.actions import Action
from ..model.games import Refusal
from ..data.ruleset import Memo, memos
from ..model.state import GameState
from . import backed, native
from .arguments import Unchecked, require_seat, require_state

__all__ = ["legal_actions", "choice_actions", "why_not", "roles_of", "seat_roles", "forget",
           "memo_items", "memo_budget", "set_memo_budget", "MEMO_BUDGET"]

T = TypeVar("T")

#: The native extension, where it is built, else None (it keeps the one memo budget of
#: both engines): ``native.extension``, named here with its type.
_extension: Callable[[], Any] = native.extension


def roles_of(state: Unchecked, seat: Unchecked) -> frozenset[str] | None:
    """The roles ``seat`` holds now, as the game says (Tortuga 1667: always including
    ``anyone``, the role of the actions every seat has; empty only while the setup has not
    placed the seat's pawn yet). A game without roles gives ``None``: every seat may take
    every turn action.
    """
    require_state(state, "roles_of")
    require_seat(state, seat, "roles_of")
    return seat_roles(state, seat)


def seat_roles(state: GameState, seat: int) -> frozenset[str] | None:
    """:func:`roles_of` for arguments known to be good (the engine's own calls): the game's
    ``roles`` (None for a game without roles: every seat may take every turn action)."""
    roles = state.rules.game.roles
    held: frozenset[str] | None = None if roles is None else roles(state, seat)
    return held


#: The role of the turn actions every seat has (a rules file's ``role: anyone``).
ANYONE = "anyone"


def _turn_actions(state: GameState, seat: int) -> tuple[Any, ...]:
    rules = state.rules
    roles = seat_roles(state, seat)
    plan = rules.memo.get(roles)
    if plan is None:
        plan = rules.memo[roles] = _plan(tuple(a for a in rules.actions
                                               if roles is None or a.role in roles))
    names, steps = plan
    facets = rules.vocabulary.facets
    facts = tuple([seat if name == "actor" else facets[name](state) for name in names])
    query: list[Machine] = []  # the read-only machine, made on the first miss
    out: list[Any] = []
    for act, requires_key, options_key in steps:
        if requires_key is not None:
            key = requires_key(facts)
            ok = act.allowed.get(key)
            if ok is None:
                ok = _remember(act.allowed, key, _run(act, _allowed, query, state, seat))
            if not ok:
                continue
        key = options_key(facts)
        options = act.cache.get(key)
        if options is None:
            options = _remember(act.cache, key, _run(act, _options, query, state, seat))
        if options:
            out.extend(options)
    return tuple(out)


def _plan(defs: tuple[Any, ...]) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """How to list the actions ``defs`` (one role set's): ``(names, steps)``.

    ``names`` are the facets (and ``actor``) any of them depends on, taken from a state
    once per turn decision into one tuple; each step is ``(action, requires_key,
    options_key)``, the keys picking that action's facets out of the tuple (in C, by
    :func:`operator.itemgetter`); ``requires_key`` is None for an action with no
    preconditions.
    """
    names = sorted({n for act in defs for n in act.depends + act.requires_depends})
    steps = tuple((act, _picker(names, act.requires_depends) if act.requires else None,
                   _picker(names, act.depends)) for act in defs)
    return tuple(names), steps


def _picker(names: list[str], depends: tuple[str, ...]) -> Callable[[tuple[Any, ...]], Any]:
    """A function of the facet tuple giving the memo key of ``depends``."""
    if not depends:
        return _no_key
    return itemgetter(*[names.index(n) for n in depends])


def _no_key(facts: tuple[Any, ...]) -> tuple[Any, ...]:
    return ()


def _remember(memo: dict[Any, Any], key: Any, value: T) -> T:
    """``memo[key] = value``, counted against the budget every memo of the process shares
    (each answer counts one, and one more per action it lists); when it is spent, every
    memo - of every ruleset, on both engines - is emptied first."""
    weight = 1 + (len(value) if isinstance(value, tuple) else 0)
    shared = _extension()
    if shared is not None:  # the native engine keeps the one count of both engines
        shared.charge_reference(weight)
    else:
        if _HELD[0] + weight > _BUDGET[0]:
            forget()
        _HELD[0] += weight
    memo[key] = value
    return value


def forget() -> None:
    """Empty every memo of legal-action answers of the process - the native engine's too,
    where it is built - (they refill as play needs them)."""
    shared = _extension()
    if shared is not None:
        shared.forget_memos()  # the native memos, and this engine's (it holds MEMOS)
    else:
        for memo in memos():
            memo.clear()
    _HELD[0] = 0


def memo_items() -> int:
    """What every memo of legal-action answers of the process holds now, on both engines,
    as the budget counts it (at most :func:`memo_budget`)."""
    shared = _extension()
    if shared is not None:
        held: int = shared.memo_items()
        return held
    return _HELD[0]


def memo_budget() -> int:
    """What the memos of legal-action answers may hold at once (:data:`MEMO_BUDGET`
    unless set by :func:`set_memo_budget`)."""
    return _BUDGET[0]


def set_memo_budget(items: int) -> int:
    """Let every memo of legal-action answers of the process hold at most ``items`` (at
    least 1) at once, on both engines; the budget it replaces. The memos are emptied when
    they hold more."""
    if type(items) is not int or items < 1:
        raise ArgumentError(f"the memo budget is a whole number from 1, not {items!r:.40}")
    old = _BUDGET[0]
    _BUDGET[0] = items
    shared = _extension()
    if shared is not None:
        shared.set_memo_budget(items)
    elif _HELD[0] > items:
        forget()
    return old


def _run(act: Any, compute: Callable[[Any, Machine], T], query: list[Machine],
         state: GameState, seat: int) -> T:
    """``compute(act, machine)`` over a read-only machine (made once per state)."""
    if not query:
        query.append(Machine.for_query(state, {"actor": seat}))
    return _guarded(act, state, compute, act, query[0])


def _allowed(act: Any, m: Machine) -> bool:
    """Whether every precondition of ``act`` holds."""
    for test, _clause, _text in act.requires:
        if not test(m):
            return False
    return True


def _options(act: Any, m: Machine) -> tuple[Any, ...]:
    if act.params:
        options: tuple[Any, ...] = act.options(tuple(tuple(p.domain(m)) for p in act.params))
        return options
    none: tuple[Any, ...] = act.options(())
    return none


def _guarded(act: Any, state: GameState, compute: Callable[..., T], *args: Any) -> T:
    """``compute(*args)``; an expression of ``act`` failing in ``state`` is a located
    RulesError."""
    try:
        return compute(*args)
    except TortugaError:
        raise
    except Exception as exc:
        raise _failure(act, state, exc) from None


def _failure(act: Any, state: GameState, exc: Exception) -> RulesError:
    """The located error for an action whose preconditions or parameters failed to evaluate."""
    error: RulesError = act.failure(failure_detail(exc), _failing_expression(act, state))
    return error


def _failing_expression(act: Any, state: GameState) -> int:
    """Which of ``act``'s expressions fails first in ``state``: 1 + its place in
    ``act.expressions``, 0 where none does."""
    seat = state.decision.seat if state.decision is not None else 0
    m = Machine.for_query(state, {"actor": seat})
    for at, fn in enumerate(act.expressions, 1):
        try:
            fn(m)
        except Exception:
            return at
    return 0


#: What every memo of legal-action answers of the process may hold at once, by default
#: (both engines' memos, every ruleset's: one budget): answers, and the actions they
#: list (about 60 bytes each; benchmarks/memory_soak.py). :func:`set_memo_budget` sets it.
MEMO_BUDGET = 200_000
_BUDGET = [MEMO_BUDGET]  # the budget now
_HELD = [0]  # what the memos hold now, as the budget counts it (without the native engine)
_CHOICES: dict[Any, Any] = Memo()  # (name, options) -> the choose actions (immutable, so shared)


def choice_actions(name: str, options: tuple[Any, ...]) -> tuple[Any, ...]:
    """The actions answering a choice of ``name`` among ``options``, one per option (the
    same objects for the same choice: they are remembered)."""
    key = (name, options)
    choices: tuple[Any, ...] | None = _CHOICES.get(key)
    if choices is None:
        choices = _remember(_CHOICES, key, tuple(Action("choose", ((name, o),)) for o in options))
    return choices


def legal_actions(state: Unchecked) -> tuple[Any, ...]:
    """Every action the current player may take now (empty once the game is over).

    The tuple is computed once per state and remembered. A turn action's options
    are also remembered across states, keyed by exactly what its parameter domains
    and preconditions depend on (the state facets each DSL function declares it
    reads, and the acting seat), so equal facts never recompute them.
    """
    cached: tuple[Any, ...] | None
    try:
        cached = state.__dict__.get("_legal")
    except AttributeError:
        cached = None
    if cached is not None:
        return cached
    require_state(state, "legal_actions")
    position = state.__dict__.get("_native")  # a state the native engine made
    out = None if position is None else backed.actions(position, choice_actions)
    if out is not None:
        state.__dict__["_legal"] = out
        return out
    d = state.decision
    if d is None:
        out = ()
    elif d.kind == "action":
        out = _turn_actions(state, d.seat)
    elif d.kind == "choose":
        out = choice_actions(d.name, d.options)
    else:  # a decision of the game's own kind (Tortuga 1667's vote cards)
        out = state.rules.game.options(state)
    state.__dict__["_legal"] = out
    return out


def why_not(state: Unchecked, action: Unchecked, *, seat: Unchecked = None) -> Refusal:
    """Why ``action`` is not legal in ``state``: ``(reason, clause, remedy)``.

    ``clause`` is the rule clause that forbids it (or None), ``remedy`` says what
    would make it legal. The words leak nothing the acting seat may not know: ``seat``
    is who asks, and the options of a secret choice are listed to its chooser only
    (``None``, someone unknown, is not told them).
    """
    require_state(state, "why_not")
    if not isinstance(action, Action):
        return (f"not an action: {action!r:.60}", None,
                "pass an Action from legal_actions(state)")
    d = state.decision
    if d is None:
        return "the game is over", None, "nothing: no action is legal once the game has ended"
    if d.kind == "choose":
        if action.kind != "choose":
            return (f"seat {d.seat} must first choose {d.name}", d.clause,
                    f"answer the pending choice of {d.name}")
        hidden = seat != d.seat and _secret_choice(state)
        options = f"the options seat {d.seat} was offered" if hidden else str(list(d.options))
        return (f"'{action.text(state.rules)}' is not one of the options for {d.name}", d.clause,
                f"choose one of {options}")
    if d.kind != "action":  # a decision of the game's own kind
        refused: Refusal = state.rules.game.refusal(state, action, seat)
        return refused
    return _why_not_turn_action(state, d.seat, action)


def _secret_choice(state: GameState) -> bool:
    """True if the pending choice is a ``choose ... secretly`` (its options are the chooser's)."""
    if not state.frames:
        return True  # not known: say nothing of the options
    fr = state.frames[-1]
    program = state.rules.programs.get(fr.program)
    if program is None or not 0 <= fr.pc < len(program.code):
        return True
    ins = program.code[fr.pc]
    return not isinstance(ins, Choose) or bool(ins.secret)


def _why_not_turn_action(state: GameState, seat: int, action: Action) -> Refusal:
    """Why a turn action is not legal: no such action, a role, a precondition, a parameter."""
    rules = state.rules
    act = rules.action_def(action.kind)
    if act is None:
        return (f"there is no action {action.kind!r}", None,
                f"use one of: {', '.join(rules.action_ids)}")
    roles = seat_roles(state, seat)
    if roles is not None and act.role not in roles:
        clause = f"role.{str(act.role).replace('_', '-')}"
        c = rules.clauses.get(clause)
        held = ", ".join(sorted(str(r) for r in roles if str(r) != ANYONE)) or "no role"
        return (f"{action.kind} needs the role {act.role} (clause {clause}); seat {seat} "
                f"holds {held}", clause,
                f"hold the {act.role} role: {c.text if c else clause}")
    return _guarded(act, state, _why_not_checked, state, act, seat, action)


def _why_not_checked(state: GameState, act: Any, seat: int, action: Action) -> Refusal:
    """Why a turn action the seat's roles allow is not legal: preconditions, parameters."""
    rules = state.rules
    m = Machine.for_query(state, {"actor": seat})
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
    return _why_not_params(m, act, seat, action)


def _why_not_params(m: Machine, act: Any, seat: int, action: Action) -> Refusal:
    """The first parameter value of ``action`` that its domain or a filter refuses."""
    clauses = m.rules.clauses
    env = {"actor": seat}
    for p, (_, value) in zip(act.params, action.args):
        allowed = tuple(p.values(m))
        if value not in allowed:
            return (f"{p.name}={value!r} is not allowed (clause {p.clause})", p.clause,
                    f"choose {p.name} among {list(allowed)}")
        env[p.name] = value
        for test, clause, text in p.where:
            if not m.evaluate(test, env):
                c = clauses.get(clause)
                return (f"{p.name}={value!r} is not allowed: {c.text if c else clause} "
                        f"(clause {clause})", clause,
                        f"choose {p.name} among {list(p.domain(m))}")
    return (f"'{action.text(m.rules)}' is not legal now", act.clause,  # pragma: no cover
            "choose an action from legal_actions()")
