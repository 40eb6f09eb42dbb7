"""Which build of the engine is running: pure Python, or the hot modules compiled by mypyc.

``pip install .`` gives the pure-Python package; ``TORTUGA_RULES_COMPILE=1 pip install .``
compiles the modules ``setup.py`` lists (the step loop, legal actions, rollouts, the rule
procedures, the random generator) into C extensions. Both play the same games.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from ..dsl import machine as _machine

__all__ = ["COMPILED", "build_name"]

#: True when the hot modules are the compiled build's C extensions.
COMPILED = str(_machine.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def build_name() -> str:
    """``"compiled with mypyc"`` or ``"pure Python"``."""
    return "compiled with mypyc" if COMPILED else "pure Python"
