"""The package installs standalone: the build bundles the library next to the modules. Its
modules import one another without a circle, and the binding never imports the tools built on
it (collectionlayout.tools: the command line, scenes, pictures)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

PACKAGE = REPO / "bindings" / "python"
BUILT = REPO / ".build" / "release" / "libcollectionlayout.so"
TOOLS = "collectionlayout.tools"


def test_build_bundles_the_library_and_it_loads_standalone(tmp_path):
    assert BUILT.is_file(), f"{BUILT} is not built (make lib; make test-python builds it)"
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "COLLECTIONLAYOUT_LIBRARY")}
    build = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib",
                            str(tmp_path / "lib")], cwd=PACKAGE, env=env, capture_output=True,
                           text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    package = tmp_path / "lib" / "collectionlayout"
    assert (package / "libcollectionlayout.so").is_file()
    assert (package / "py.typed").is_file()
    # every module, the subpackages' too (pyproject.toml lists the packages)
    assert set(package_modules(tmp_path / "lib")) == set(package_modules())
    check = ("import collectionlayout, collectionlayout._lib as l; "
             "print(l.lib()._name); "
             "print(collectionlayout.Layout(lambda s: 7, item_size=(90, 90)).content_size)")
    run = subprocess.run([sys.executable, "-c", check], cwd=tmp_path,
                         env=dict(env, PYTHONPATH=str(tmp_path / "lib")), capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == str(package / "libcollectionlayout.so")


def test_numpy_is_a_dependency_and_the_extras_are_named():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == ["numpy"]
    extras = project["optional-dependencies"]
    assert extras["png"] == ["Pillow"] and extras["pygame"] == ["pygame"]
    assert extras["numpy"] == []  # kept so that an old `collectionlayout[numpy]` still installs


def test_pillow_is_optional_and_its_absence_names_the_fix(tmp_path):
    check = ("import sys; sys.modules['PIL'] = None\n"
             "import collectionlayout as c\n"
             "from collectionlayout.tools import render, render_motion\n"
             "layout = c.Layout.from_sizes([[(10, 10)] * 3], viewport=(0, 0, 100, 100))\n"
             f"render.render(layout, {str(tmp_path / 'ok.svg')!r})\n"
             "for write in (lambda: render.render(layout, 'out.png'),\n"
             "              lambda: render_motion.write_animation(\n"
             "                  render_motion.movement_frames(layout, (0, 0), [(5, 5)], count=2),\n"
             "                  'out.gif')):\n"
             "    try:\n        write()\n"
             "    except ImportError as error:\n        print(error)\n")
    run = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                         cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(PACKAGE)), timeout=60)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "ok.svg").is_file() and not list(tmp_path.glob("out.*"))
    fix = "needs Pillow: pip install 'collectionlayout[png]'"
    assert run.stdout.splitlines() == [
        f"render to PNG {fix} (or write .svg, which needs nothing)",
        f"render an animation (.gif) {fix}"], run.stdout


# ---- The import graph ----------------------------------------------------------------------

def package_modules(root: Path | None = None) -> dict[str, Path]:
    """{dotted name: file} of the package's modules under root (bindings/python by default; a
    package by its __init__)."""
    root = root or PACKAGE
    modules = {}
    for path in sorted((root / "collectionlayout").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, str]]:
    """The module's import statements, each with when it runs: "module" (on import: at module
    level or in a class body), "deferred" (inside a function) or "typing" (under `if
    TYPE_CHECKING:`, never at run time)."""
    found: list[tuple[ast.Import | ast.ImportFrom, str]] = []

    def visit(node: ast.AST, when: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append((child, when))
            elif isinstance(child, ast.If) and _is_type_checking(child):
                for statement in child.body:
                    visit(ast.Module(body=[statement], type_ignores=[]), "typing")
                for statement in child.orelse:
                    visit(ast.Module(body=[statement], type_ignores=[]), when)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(child, "deferred")
            else:
                visit(child, when)

    visit(tree, "module")
    return found


def import_graph(kinds: set[str], root: Path | None = None) -> dict[str, set[str]]:
    """{module: the package's modules it imports}, counting the imports of the given kinds.
    `from . import x` is an edge to the module x if there is one, else to the package."""
    modules = package_modules(root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node, when in _imports(ast.parse(path.read_text(), str(path))):
            if when not in kinds:
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = (f"{base}.{node.module}" if node.module else base) if node.level \
                    else node.module or ""
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            graph[name] |= {target for target in targets if target in modules}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports (its modules, the first repeated at the end), or None."""
    state: dict[str, str] = {}  # "open" while on the path, "done" after
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == "open":
                return path[path.index(imported):] + [imported]
            if imported not in state:
                found = visit(imported)
                if found:
                    return found
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_the_import_graph_has_no_circle():
    """No module imports, through others, the module importing it: neither on import (module
    level) nor counting the imports that functions make when first called (render.py and
    render_png.py once imported each other that way)."""
    for kinds in ({"module"}, {"module", "deferred"}):
        graph = import_graph(kinds)
        assert cycle(graph) is None, f"{sorted(kinds)} imports: {' -> '.join(cycle(graph) or [])}"
    # the graph is the real one (the walk found the imports it should)
    graph = import_graph({"module", "deferred"})
    assert {f"{TOOLS}.picture", f"{TOOLS}.render_png"} <= graph[f"{TOOLS}.render"]
    assert f"{TOOLS}.render" not in graph[f"{TOOLS}.render_png"]
    assert {"collectionlayout", "collectionlayout._lib", f"{TOOLS}.scene"} <= graph[f"{TOOLS}.cli"]
    assert graph["collectionlayout.__main__"] == {f"{TOOLS}.cli"}
    assert "collectionlayout.layout" in graph["collectionlayout"]


def test_the_binding_does_not_import_the_tools():
    """The binding (every module outside collectionlayout.tools but the `python3 -m
    collectionlayout` shim) imports nothing of the tools, not even for type checking; so
    `import collectionlayout` loads none of them."""
    graph = import_graph({"module", "deferred", "typing"})
    binding = [name for name in graph
               if not name.startswith(TOOLS) and name != "collectionlayout.__main__"]
    assert len(binding) > 10 and "collectionlayout._abi" in binding
    wrong = {name: sorted(i for i in graph[name] if i.startswith(TOOLS)) for name in binding}
    assert not any(wrong.values()), {name: i for name, i in wrong.items() if i}
    run = subprocess.run([sys.executable, "-c", "import sys, collectionlayout; "
                          "print(sorted(m for m in sys.modules if m.startswith('collectionlayout')))"],
                         env=dict(os.environ, PYTHONPATH=str(PACKAGE)), capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "collectionlayout._lib" in run.stdout and TOOLS not in run.stdout, run.stdout
