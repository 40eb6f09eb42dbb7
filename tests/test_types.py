"""The package type-checks with mypy (configured in pyproject.toml).

The optional compiled build depends on it: mypyc compiles what mypy proves, and code
whose types are wrong - or only silenced - compiles into crashes. So a type error is a
test failure here, in the pure-Python run, before any build.
"""

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_type_checks_with_mypy(monkeypatch):
    """``mypy`` over tortuga_rules finds no error."""
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--no-incremental", "--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, out + err
