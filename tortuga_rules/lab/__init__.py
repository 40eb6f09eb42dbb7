"""The balance lab: bots playing many games, and honest statistics about them.

``stats`` (Wilson intervals, paired differences, Holm's adjustment), ``games`` (one game
between bots, fixed by its table), ``workers`` (many games in this process, in worker
processes or on Ray, with the same results for any of them), ``tournament`` (bots
against each other, each kind's win rate as its side's), ``tally`` (order-independent
counts of many games), ``simulation`` (a ruleset simulated per player count),
``balance`` (a variant against its baseline on the same seeds), ``plots`` (matplotlib,
an optional extra) and ``progress`` (a bar on a terminal).
"""
