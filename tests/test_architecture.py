"""The layers of docs/architecture.md hold: every import goes down (or across a layer), none
goes up, and no modules import each other in a circle.

The checker reads every module's imports with ``ast`` (those inside functions too; only
imports under ``if TYPE_CHECKING:`` are left out, since they never run) and reports each
offence as ``file:line: what``. It is tested on a small synthetic package first.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Bottom to top. A module may import modules of its own layer or of layers below it.
LAYERS = (
    ("errors",),
    ("model",),
    ("procedures",),
    ("dsl",),
    ("data",),
    ("game",),
    ("games",),
    ("lawyer", "bots", "rl", "server", "lab"),
    ("cli",),
)
#: The package's own __init__ re-exports the public API from every layer but the CLI;
#: ``python -m tortuga_rules`` runs the CLI.
FACADE = {"__init__": len(LAYERS) - 2, "__main__": len(LAYERS) - 1}


def module_files(package_dir: Path) -> dict:
    """Dotted module name -> file, for every ``.py`` file under ``package_dir``."""
    out = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 2:  # a subpackage is named without it
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_type_checking(node) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str, path: Path, modules: dict, package: str):
    """``(line, imported module)`` for each import of a module of ``package`` in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_pkg = path.name == "__init__.py"
    base = module.split(".")
    if base[-1] == "__init__":
        base = base[:-1]
    elif not is_pkg:
        base = base[:-1]
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == package:
                    yield node.lineno, _known(alias.name, modules, package)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[:len(base) - (node.level - 1)]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != package:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                yield node.lineno, (sub if sub in modules else _known(target, modules, package))


def _known(name: str, modules: dict, package: str) -> str:
    if name == package:
        return f"{package}.__init__"
    return name


def layer_of(module: str, package: str, layers, facade) -> int | None:
    """The layer index of ``module`` (None if no layer claims it)."""
    parts = module.split(".")
    if len(parts) == 2 and parts[1] in facade:
        return facade[parts[1]]
    for i, names in enumerate(layers):
        if parts[1] in names:
            return i
    return None


def check(package_dir: Path, layers=LAYERS, facade=FACADE) -> list[str]:
    """Every upward import, unlayered module and import cycle in the package, as messages."""
    package = package_dir.name
    modules = module_files(package_dir)
    found, graph = [], {}
    for module, path in modules.items():
        mine = layer_of(module, package, layers, facade)
        rel = path.relative_to(package_dir.parent)
        if mine is None:
            found.append(f"{rel}: {module} belongs to no layer; add its package to LAYERS "
                         "(tests/test_architecture.py) and docs/architecture.md")
            continue
        for line, target in imports(module, path, modules, package):
            graph.setdefault(module, {}).setdefault(target, line)
            theirs = layer_of(target, package, layers, facade)
            if target == f"{package}.__init__" and module.split(".")[1] not in facade:
                found.append(f"{rel}:{line}: {module} imports the package's facade; import the "
                             "module that defines the name instead")
            elif theirs is not None and theirs > mine:
                found.append(f"{rel}:{line}: {module} (layer {mine}: {'/'.join(layers[mine])}) "
                             f"imports {target} (layer {theirs}: {'/'.join(layers[theirs])}), "
                             "a layer above it")
    found.extend(cycles(graph, modules, package_dir))
    return found


def cycles(graph: dict, modules: dict, package_dir: Path) -> list[str]:
    """Each import cycle once, as ``file:line`` of every import along it."""
    out, seen, state = [], set(), {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for nxt in graph.get(node, {}):
            if state.get(nxt) == "open":
                ring = stack[stack.index(nxt):] + [nxt]
                key = frozenset(ring)
                if key not in seen:
                    seen.add(key)
                    hops = [f"{modules[a].relative_to(package_dir.parent)}:{graph[a][b]} {a} -> {b}"
                            for a, b in zip(ring, ring[1:])]
                    out.append("import cycle: " + "; ".join(hops))
            elif nxt not in state and nxt in modules:
                visit(nxt, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return out


# -- the checker, on a synthetic package ------------------------------------------------------

def _package(tmp_path, files: dict) -> Path:
    root = tmp_path / "pkg"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


_TOY_LAYERS = (("low",), ("high",))


def test_the_checker_reports_an_upward_import_with_its_line(tmp_path):
    """An import from a lower layer into a higher one is named with file and line."""
    root = _package(tmp_path, {"__init__.py": "", "low/__init__.py": "", "high/__init__.py": "",
                               "high/top.py": "X = 1\n",
                               "low/base.py": "import os\n\nfrom ..high.top import X\n"})
    found = check(root, _TOY_LAYERS, {"__init__": 1})
    assert len(found) == 1
    assert found[0].startswith("pkg/low/base.py:3: pkg.low.base (layer 0: low) imports "
                               "pkg.high.top (layer 1: high)")


def test_the_checker_reports_a_cycle_even_inside_functions(tmp_path):
    """Two modules of one layer importing each other (one lazily) form a reported cycle."""
    root = _package(tmp_path, {"__init__.py": "", "low/__init__.py": "", "high/__init__.py": "",
                               "low/a.py": "from .b import f\n",
                               "low/b.py": "def f():\n    from .a import g\n"})
    found = check(root, _TOY_LAYERS, {"__init__": 1})
    assert len(found) == 1 and found[0].startswith("import cycle:")
    assert "pkg/low/a.py:1" in found[0] and "pkg/low/b.py:2" in found[0]


def test_the_checker_ignores_type_checking_imports_and_flags_unlayered_packages(tmp_path):
    """Imports under TYPE_CHECKING never run; a package no layer claims is reported."""
    root = _package(tmp_path, {"__init__.py": "", "low/__init__.py": "", "high/__init__.py": "",
                               "high/top.py": "X = 1\n",
                               "low/base.py": "from typing import TYPE_CHECKING\n"
                                              "if TYPE_CHECKING:\n    from ..high.top import X\n",
                               "stray/__init__.py": ""})
    found = check(root, _TOY_LAYERS, {"__init__": 1})
    assert len(found) == 1 and "pkg.stray belongs to no layer" in found[0]


# -- the real package --------------------------------------------------------------------------

def test_imports_go_down_the_layers_and_never_in_a_circle():
    """tortuga_rules: no upward import, no module outside a layer, no import cycle."""
    found = check(ROOT / "tortuga_rules")
    assert not found, "\n".join(found)


def test_the_layers_are_the_ones_the_architecture_page_names():
    """docs/architecture.md names every layer's packages in the checker's order."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    positions = [text.index(f"`{name}/`") if name != "errors" else text.index("`errors.py`")
                 for names in LAYERS for name in names]
    assert positions == sorted(positions)


@pytest.mark.parametrize("module", ["tortuga_rules.model.state", "tortuga_rules.games.tortuga1667.components",
                                    "tortuga_rules.model.rng", "tortuga_rules.model.actions"])
def test_the_state_layer_knows_nothing_of_the_dsl_or_of_loading(module):
    """The game's values import neither the DSL, the procedures nor the data loader."""
    modules = module_files(ROOT / "tortuga_rules")
    targets = {t for _, t in imports(module, modules[module], modules, "tortuga_rules")}
    assert not {t for t in targets if t.split(".")[1] in ("dsl", "data", "procedures", "game")}


def _game_imports():
    """``(module, line, target)`` for every import of a module of ``tortuga_rules.games``."""
    modules = module_files(ROOT / "tortuga_rules")
    for module, path in modules.items():
        for line, target in imports(module, path, modules, "tortuga_rules"):
            if target.startswith("tortuga_rules.games"):
                yield module, line, target


def test_only_the_facade_imports_the_games_and_games_never_import_each_other():
    """The core and the tools find a game through the registry (model/games), never by
    import; only the package facade imports ``tortuga_rules.games`` (which registers them),
    and a game's modules import no other game's."""
    found = []
    for module, line, target in _game_imports():
        parts, theirs = module.split("."), target.split(".")
        if parts[1] != "games":
            if module != "tortuga_rules.__init__":
                found.append(f"{module}:{line} imports {target}")
        elif len(parts) > 2 and len(theirs) > 2 and parts[2] != theirs[2]:
            found.append(f"{module}:{line}: game {parts[2]} imports game {theirs[2]}")
    assert not found, "\n".join(found)
