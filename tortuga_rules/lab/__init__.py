"""The balance lab: bots playing many games, and honest statistics about them.

``stats`` (Wilson intervals, paired differences), ``games`` (one game between bots,
and many over processes with the same results for any number of them), ``tournament``
(bots against each other, each kind's win rate as its team).
"""
