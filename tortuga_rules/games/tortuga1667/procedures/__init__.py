"""Tortuga 1667's rule procedures, which its DSL verbs stand on: turns, votes, marooning,
reveals, the end.

Each procedure works on a :class:`~tortuga_rules.procedures.workspace.Workspace`
(the work area of one step), reads its parameters from the ruleset's data and
logs every change with the id of the rule clause it applies. Everything specific
to an action, a vote or a card is DSL in the YAML files; these are the generic
machinery that data parameterises. Clause ids used here are listed in
:data:`ENGINE_CLAUSES`; the ruleset loader refuses a ruleset that does not define
them all.

==============  ===============================================================
``turns``       the turn order and the actions of a turn
``pawns``       moving to the back of a line, marooning
``hands``       vote cards in hand, kept event cards, public marks
``checks``      standing checks run after the changes they watch
``chests``      moving chests
``row``         the face-down event row, peeking, cards being resolved
``reveals``     revealing an event card and what follows its effect
``votes``       calling, collecting, counting and returning a vote
``reactions``   answers a player's cards give to an event befalling them
``ending``      scoring, the Dutch tie, the tie-breaker
==============  ===============================================================
"""

__all__ = ["ENGINE_CLAUSES", "ENGINE_OPTIONS"]

#: The options these procedures read themselves (not through ``option(...)`` in a
#: program): the row's reshuffle at the deck's end and the tie-breaker's rounds, pool and
#: win (procedures/row, reveals, ending).
ENGINE_OPTIONS = ("reshuffle_row_at_deck_end", "tiebreak_rounds", "tiebreak_pool", "tiebreak_win")

#: Clause ids the engine's own procedures cite; every ruleset must define them.
ENGINE_CLAUSES = frozenset({
    "turn.order", "turn.actions",
    "maroon.from-ship", "maroon.from-tortuga.back", "maroon.from-tortuga.lose-card",
    "maroon.from-rowboat", "move.back-of-line",
    "vote.procedure.play", "vote.procedure.deck-card", "vote.procedure.count",
    "vote.procedure.return", "vote.procedure.draw", "vote.participants.no-cards",
    "vote.participants.rowboat",
    "event.reveal", "event.discard", "event.refill", "end.row-reshuffle",
    "end.score", "end.tie.odd", "end.tie.even", "end.tie-breaker.lead", "end.tie-breaker.judged",
    "end.tie-breaker.rebuild", "end.tie-breaker.draw",
    "action.view.secret", "card.answers", "decision.seat",
})
