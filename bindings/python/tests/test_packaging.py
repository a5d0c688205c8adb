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


def test_numpy_is_optional():
    check = ("import sys; sys.modules['numpy'] = None\n"
             "import collectionlayout as c\n"
             "layout = c.Layout.from_sizes([[(10, 10)] * 3], viewport=(0, 0, 100, 100))\n"
             "assert len(layout.elements()) == 3 and c.ATTRIBUTES_DTYPE is None\n"
             "try:\n    layout.elements_in_rect_array((0, 0, 100, 100))\n"
             "except ImportError as error:\n    print(error)\n")
    run = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(PACKAGE)), timeout=60)
    assert run.returncode == 0, run.stderr
    assert "needs numpy" in run.stdout
