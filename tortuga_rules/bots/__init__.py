"""Built-in players for the command line and for balance studies.

==============  ===============================================================
``uniform``     :class:`RandomBot`: a uniformly random legal action
==============  ===============================================================
"""
