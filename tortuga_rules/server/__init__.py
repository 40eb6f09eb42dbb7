"""The game server: tables with seats and bots, kept in SQLite.

==========  ===============================================================
``store``   :class:`Store`: tables, seats (token hashes) and moves in SQLite
``tables``  :class:`Lobby`: the tables in play, their seats, tokens and bots
==========  ===============================================================
"""
