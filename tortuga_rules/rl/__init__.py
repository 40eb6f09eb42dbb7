"""Reinforcement learning: a PettingZoo environment over the library (``pip install .[rl]``).

==============  ===============================================================
``observation`` :class:`Observer`: a seat's view as a fixed-length vector
``environment`` :class:`TortugaEnv`: the PettingZoo AEC environment; :func:`env`
==============  ===============================================================

Importing this package needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy); the rest
of the library does not.
"""

from .environment import TortugaEnv, env, raw_env
from .observation import Observer

__all__ = ["TortugaEnv", "env", "raw_env", "Observer"]
