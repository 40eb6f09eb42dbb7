"""The built wheel works on its own: data inside the package, read through importlib.resources."""

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_and_plays_without_the_checkout(tmp_path):
    """Build the wheel, install it into an empty target (every file of the data folders and
    of their games' subfolders in it), and play a game from it alone."""
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist), str(ROOT)], check=True, cwd=tmp_path)
    wheel, = dist.glob("tortuga_rules-*.whl")
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, cwd=tmp_path)
    installed = target / "tortuga_rules"
    # every file of the data folders, each game's subfolders too
    data_files = [p.relative_to(ROOT).as_posix() for folder in ("cards", "variants", "schema")
                  for p in sorted((ROOT / folder).rglob("*")) if p.is_file()]
    assert "variants/tortuga-dice/two-players.yaml" in data_files
    for data in (*data_files, "dsl/grammar.lark", "locale/en/tortuga_rules.ftl",
                 "locale/ko/tortuga_rules.ftl",
                 "server/web/index.html", "server/web/client.js", "server/web/client.css",
                 "server/web/favicon.svg"):
        assert (installed / data).is_file(), data
    # -S: no site-packages, so no editable-install hook; dependencies come from an explicit
    # path; the working directory is empty, so the checkout cannot be imported.
    deps = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), deps])}
    code = ("import tortuga_rules, sys; "
            "assert tortuga_rules.__file__.startswith(sys.argv[1]), tortuga_rules.__file__; "
            "from tortuga_rules.cli import main; sys.exit(main(['play', '--players', '5', "
            "'--seed', '3', '--quiet', '--lang', 'es']))")
    run = subprocess.run([sys.executable, "-S", "-c", code, str(target)], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Ganador:" in run.stdout
    entry_points = next(target.glob("tortuga_rules-*.dist-info")) / "entry_points.txt"
    assert "tortuga-rules = tortuga_rules.cli:main" in entry_points.read_text()


def test_the_compiled_build_is_refused_as_an_editable_install(monkeypatch):
    """Compiled modules written into the checkout would shadow the sources being edited."""
    import importlib.util

    import pytest

    spec = importlib.util.spec_from_file_location("backend", ROOT / "buildtools" / "backend.py")
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    monkeypatch.setenv("TORTUGA_RULES_COMPILE", "1")
    with pytest.raises(RuntimeError, match="not an editable install"):
        backend.get_requires_for_build_editable()
    monkeypatch.chdir(ROOT)  # setuptools reads the project from the current folder
    assert "mypy>=1.13,<3" in backend.get_requires_for_build_wheel()
    monkeypatch.delenv("TORTUGA_RULES_COMPILE")
    assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())


def test_every_subpackage_is_listed_for_installation():
    """pyproject.toml lists every package folder, so a non-editable install has them all."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(root).parts)
             for p in (root / "tortuga_rules").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
