"""The game's values: the bottom layer, which knows nothing of the DSL or of loading.

==============  ===============================================================
``components``  the closed sets: places, chest spots, teams, roles, vote sections
``state``       :class:`GameState` and the records inside it; JSON in and out
``actions``     :class:`Action`, what a player hands to the engine
``rng``         the random generator (SplitMix64), whose state lives in the game state
==============  ===============================================================
"""
