"""The public game loop and what it shows: set up, list legal actions, apply, view.

==============  ===============================================================
``setup``       :func:`new_game`: deals, the event deck, the pawns
``legality``    :func:`legal_actions`, :func:`roles_of`, and why an action is not legal
``transition``  :func:`apply_action`: the next state
``view``        :func:`view`: the one door for hidden information
``invariants``  consistency checks of a state against its ruleset
``savegame``    loading saved games (``GameState.from_json``)
``record``      :class:`GameRecord`: a game from its start; per-seat history, undo
``action_space`` numbered actions and the legal mask, for bots and RL
``determinize`` a full state consistent with what one seat knows, for search bots
==============  ===============================================================
"""
