"""Builds the package: pure Python, with the hot modules compiled by mypyc, or with the
native engine.

The project's metadata and layout are in ``pyproject.toml``; this file only adds the
optional builds. ``TORTUGA_RULES_NATIVE=1 pip install .`` also builds the native engine
(``native/``, Rust with PyO3) into ``tortuga_rules._native`` with setuptools-rust and
cargo; the package then plays the rules it can run on it (docs/engine.md). ``TORTUGA_RULES_COMPILE=1 pip install .`` compiles the
modules of :data:`COMPILED` (the step loop, legal actions, rollouts, the rule
procedures, the DSL's words and the random generator) into C extensions with mypyc;
the rest stays Python. The compiled package behaves exactly as the pure one (the
test suite runs on both, and ``tests/test_sameness.py`` compares whole games).
"""

import os

from setuptools import setup

#: The modules the compiled build compiles: where a playout spends its time.
COMPILED = [
    "tortuga_rules/model/rng.py",
    "tortuga_rules/procedures/workspace.py",
    "tortuga_rules/games/tortuga1667/procedures/checks.py",
    "tortuga_rules/games/tortuga1667/procedures/chests.py",
    "tortuga_rules/games/tortuga1667/procedures/ending.py",
    "tortuga_rules/games/tortuga1667/procedures/hands.py",
    "tortuga_rules/games/tortuga1667/procedures/pawns.py",
    "tortuga_rules/games/tortuga1667/procedures/reactions.py",
    "tortuga_rules/games/tortuga1667/procedures/reveals.py",
    "tortuga_rules/games/tortuga1667/procedures/row.py",
    "tortuga_rules/games/tortuga1667/procedures/turns.py",
    "tortuga_rules/games/tortuga1667/procedures/votes.py",
    "tortuga_rules/games/tortuga1667/roles.py",
    "tortuga_rules/dsl/operations.py",
    "tortuga_rules/dsl/values.py",
    "tortuga_rules/dsl/machine.py",
    "tortuga_rules/game/legality.py",
    "tortuga_rules/game/transition.py",
    "tortuga_rules/game/rollout.py",
]


def extensions() -> list:
    """The compiled modules, when asked for (none while the backend lists what it needs)."""
    if os.environ.get("TORTUGA_RULES_COMPILE") != "1":
        return []
    if os.environ.get("TORTUGA_RULES_LISTING_REQUIRES") == "1":
        return []
    from mypyc.build import mypycify

    return mypycify(COMPILED, opt_level="3")


def rust_extensions() -> list:
    """The native engine, when asked for (none while the backend lists what it needs)."""
    if os.environ.get("TORTUGA_RULES_NATIVE") != "1":
        return []
    if os.environ.get("TORTUGA_RULES_LISTING_REQUIRES") == "1":
        return []
    from setuptools_rust import Binding, RustExtension

    return [RustExtension("tortuga_rules._native", path="native/Cargo.toml",
                          binding=Binding.PyO3, py_limited_api="auto", debug=False)]


native = rust_extensions()
setup(ext_modules=extensions(), **({"rust_extensions": native, "zip_safe": False} if native else {}))
