"""The engine's procedures: the work area of a step, and the component kit's.

==============  ===============================================================
``workspace``   the work area of one step (:class:`Workspace`); the SUSPEND and HALT
                signals a verb returns
``kit``         the component kit's procedures: tracks, counters, zones, bags, dice,
                secret choices revealed together, scores
==============  ===============================================================

A game's own rule procedures live in its package (Tortuga 1667's:
``games/tortuga1667/procedures/``).
"""
