"""The package is typed (py.typed): `mypy --strict` is clean over it, the Literal types of the
options list exactly the names the library's enums take, and a type checker refuses a name
that is not one of them."""

from __future__ import annotations

import subprocess
import sys
from typing import get_args

from collectionlayout import _convert, answers, options, scene
from conftest import REPO, require

PACKAGE = REPO / "bindings" / "python"
CACHE = REPO / "build" / "mypy-cache"


def mypy(*arguments: str) -> subprocess.CompletedProcess[str]:
    require("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(CACHE),
                           *arguments], cwd=PACKAGE, capture_output=True, text=True,
                          timeout=600)


def test_mypy_strict_is_clean_over_the_package():
    run = mypy("-p", "collectionlayout")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found"), run.stdout


def test_the_literals_name_what_the_enum_tables_take():
    pairs = [(options.Direction, _convert.DIRECTIONS), (options.Alignment, _convert.ALIGNMENTS),
             (options.CrossAlignment, _convert.CROSS_ALIGNMENTS), (options.Style, _convert.STYLES),
             (options.Snapping, _convert.SNAPPING), (options.Category, _convert.CATEGORIES),
             (options.Scope, _convert.SCOPES), (options.Coverage, _convert.COVERAGES),
             (options.ChangeKind, answers.CHANGES)]
    for literal, table in pairs:
        assert get_args(literal) == tuple(table), (literal, table)
    # the scene files take the same names
    assert scene.STYLES == get_args(options.Style)
    assert scene.ALIGNMENTS == get_args(options.Alignment)
    # and the section metrics' keys are the TypedDict's
    assert set(options.SectionMetrics.__annotations__) == set(_convert.METRIC_KEYS)


def test_mypy_refuses_a_name_outside_an_option(tmp_path):
    user = tmp_path / "user.py"
    user.write_text(
        "from collectionlayout import Layout, Decoration\n"
        "Layout(lambda s: 3, alignment='centre', direction='vertical')\n"
        "Decoration('card', scope='item', coverage='everything')\n"
        "Layout(lambda s: 3, section_metrics=[{'style': 'masonry'}])\n"
        "def f(layout: Layout) -> None:\n"
        "    layout.section_target_offset(0, 1.0, 2.0, snapping='items')\n"
        "Layout(lambda s: 3, alignment='center', cross_alignment='start', style='grid')\n")
    run = mypy(str(user))
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    lines = sorted({int(line.split(":")[1]) for line in errors})
    assert lines == [2, 3, 4, 6], run.stdout
