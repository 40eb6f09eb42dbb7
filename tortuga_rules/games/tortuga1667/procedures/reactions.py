"""Answers to an event: cards a player holds that let them act when something befalls them.

A card's ``reaction`` lists answers to an event (being marooned by some causes; a vote
being called): the Fountain of Youth's "refuse", the 1st edition's Atlantis "board" or
"join". When the event is about to befall a player, every answer of every card they
hold that matches it (and whose condition holds) is offered in **one** decision, with
letting the event happen (:data:`DECLINE`) as the last option. A chosen answer runs
instead of the marooning, or before the vote opens; declining lets the event happen.
"""

from __future__ import annotations

from ..components import DECLINE
from .pawns import maroon

__all__ = ["DECLINE", "offer", "respond", "options_for"]


def _answers(m, event: str, owner: int, env: dict) -> list:
    """``(card, name)`` of every answer the owner's kept cards give to this event now."""
    kept = m.f["kept"][owner]
    out: list = []
    for card, causes, answers in m.rules.reactions.get(event, ()):
        if card in kept and env["cause"] in causes:
            out.extend((card, name) for name, guard, _, _ in answers if m.evaluate(guard, env))
    return out


def options_for(m, event: str, owner: int, env: dict) -> tuple:
    """The answers ``owner`` may give to ``event`` now, then declining; () if none.

    ``env`` holds the event's names (``cause``, and ``caller`` and ``place`` for a vote).
    """
    answers = _answers(m, event, owner, {**env, "owner": owner})
    if not answers:
        return ()
    return tuple(dict.fromkeys(name for _, name in answers)) + (DECLINE[event],)


def offer(m, event: str, owner: int, env: dict) -> bool:
    """Ask ``owner`` how to answer ``event`` if any card of theirs answers it; False if none.

    ``env`` holds the event's names (``cause``, and ``caller`` and ``place`` for a vote).
    The decision is the builtin ``react`` program: a choice, then :func:`respond`.
    """
    options = options_for(m, event, owner, env)
    if not options:
        return False
    m.push(m.rules.programs["builtin:react"],
           {**env, "owner": owner, "event": event, "answers": options})
    return True


def respond(m):
    """Carry out the answer chosen in the ``react`` program (its names are in ``m.env``)."""
    env = m.env
    event, owner, answer = env["event"], env["owner"], env["answer"]
    if answer == DECLINE[event]:
        if event == "maroon":
            return maroon(m, owner)  # the event itself, now without answers
        return None
    for card, _causes, answers in m.rules.reactions[event]:
        for name, _guard, program, clause in answers:
            if name == answer and card in m.f["kept"][owner]:
                m.log(clause, "rule")
                m.push(program, {k: v for k, v in env.items()
                                 if k not in ("answers", "answer", "event")})
                return None
    raise AssertionError(  # pragma: no cover
        f"no card of seat {owner} answers {event} with {answer!r}")
