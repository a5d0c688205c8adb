"""The package installs standalone: the build bundles the library next to the modules."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import REPO

PACKAGE = REPO / "bindings" / "python"
BUILT = REPO / ".build" / "release" / "libcollectionlayout.so"


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
             "from collectionlayout import render, render_motion\n"
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
