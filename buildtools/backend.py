"""The build backend: setuptools, plus mypy or setuptools-rust when an optional build is
asked for.

``pip install .`` builds the pure-Python package and needs nothing but setuptools.
With ``TORTUGA_RULES_COMPILE=1`` in the environment, ``setup.py`` compiles the hot
modules with mypyc, so the build also needs mypy (which ships mypyc): this backend
adds it to the build requirements then, and only then. It refuses the compiled build
as an editable install, whose compiled modules would shadow the checkout's sources.
With ``TORTUGA_RULES_NATIVE=1``, ``setup.py`` builds the native engine (Rust, PyO3)
with setuptools-rust and the machine's cargo: the backend adds setuptools-rust then.
Everything else is setuptools' own backend.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - the rest of the backend, as is

#: What the compiled build needs besides setuptools: mypy (with mypyc), and the runtime
#: dependencies whose types the compiled modules use.
COMPILER = ["mypy>=1.13,<3", "attrs>=23.1", "lark>=1.1.9"]
#: What the native build needs besides setuptools (and cargo, which pip cannot install).
NATIVE = ["setuptools-rust>=1.7"]


def _requires(ask, config_settings) -> list[str]:
    """setuptools' build requirements (found by running setup.py, before mypy is there)."""
    os.environ["TORTUGA_RULES_LISTING_REQUIRES"] = "1"
    try:
        listed = ask(config_settings)
    finally:
        del os.environ["TORTUGA_RULES_LISTING_REQUIRES"]
    return (listed + (COMPILER if os.environ.get("TORTUGA_RULES_COMPILE") == "1" else [])
            + (NATIVE if os.environ.get("TORTUGA_RULES_NATIVE") == "1" else []))


def get_requires_for_build_wheel(config_settings=None):
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings=None):
    if os.environ.get("TORTUGA_RULES_COMPILE") == "1":
        raise RuntimeError(
            "TORTUGA_RULES_COMPILE=1 is for 'pip install .', not an editable install: the "
            "compiled modules would be written into the checkout and imported instead of the "
            ".py files you edit. Use 'pip install -e .' to develop, or build it non-editable.")
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
