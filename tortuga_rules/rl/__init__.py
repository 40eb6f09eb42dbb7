"""Reinforcement learning: a PettingZoo environment over the library (``pip install .[rl]``).

==============  ===============================================================
``observation`` :class:`Observer`: a seat's view as a fixed-length vector
``environment`` :class:`TortugaEnv`: the PettingZoo AEC environment; :func:`env`
``vector``      :class:`TortugaVectorEnv`: many games stepped together, numpy arrays
                in and out (Gymnasium's vector conventions)
==============  ===============================================================

Importing this package needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy); the rest
of the library does not.
"""

from .environment import TortugaEnv, env, raw_env
from .observation import Observer
from .vector import TortugaVectorEnv

__all__ = ["TortugaEnv", "TortugaVectorEnv", "env", "raw_env", "Observer"]
