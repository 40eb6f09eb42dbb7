"""The extension's stubs (``tortuga_rules/_native.pyi``) against the build."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tortuga_rules
from tortuga_rules.game import native

#: Where the package under test was imported from (the checkout, or an installed copy).
WHERE = Path(tortuga_rules.__file__).resolve().parent.parent


@pytest.mark.native
def test_the_stubs_say_what_the_built_extension_offers(tmp_path):
    """``mypy.stubtest`` finds every class, method, property and function of the built
    extension in its stubs, with the same parameters (skipped where the extension or
    mypy's stubtest is missing)."""
    if not native.built():
        pytest.skip("the native engine is not built")
    if importlib.util.find_spec("mypy.stubtest") is None:
        pytest.skip("mypy.stubtest is not installed")
    # run elsewhere, the package found where this one was: an installed package's stubs are
    # the ones it ships
    env = dict(os.environ, PYTHONPATH=str(WHERE))
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", "tortuga_rules._native"],
                          cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
