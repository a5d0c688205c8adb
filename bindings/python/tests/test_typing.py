"""The package is typed (py.typed): `mypy --strict` is clean over it, the Literal types of the
options list exactly the names the library's enums take, and a type checker refuses a name
that is not one of them."""

from __future__ import annotations

import subprocess
import sys
from typing import get_args

from collectionlayout import _convert, answers, options
from collectionlayout.tools import _targets_commands, scene
from conftest import REPO, require

PACKAGE = REPO / "bindings" / "python"
CACHE = REPO / "build" / "mypy-cache"


def mypy(*arguments: str) -> subprocess.CompletedProcess[str]:
    require("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(CACHE),
                           *arguments], cwd=PACKAGE, capture_output=True, text=True,
                          timeout=600)


def error_lines(run: subprocess.CompletedProcess[str]) -> list[int]:
    """The lines mypy reports an error on, in order, each once."""
    return sorted({int(line.split(":")[1]) for line in run.stdout.splitlines() if ": error:" in line})


def test_mypy_strict_is_clean_over_the_package():
    run = mypy("-p", "collectionlayout")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found"), run.stdout


def test_the_literals_name_what_the_enum_tables_take():
    pairs = [(options.Direction, _convert.DIRECTIONS), (options.Alignment, _convert.ALIGNMENTS),
             (options.CrossAlignment, _convert.CROSS_ALIGNMENTS), (options.Style, _convert.STYLES),
             (options.Snapping, _convert.SNAPPING), (options.Category, _convert.CATEGORIES),
             (options.HitCategories, _convert.HIT_CATEGORIES),
             (options.Scope, _convert.SCOPES), (options.Coverage, _convert.COVERAGES),
             (options.ChangeKind, answers.CHANGES),
             (options.ScrollSnapping, _convert.SCROLL_SNAPPING),
             (options.ScrollPosition, _convert.SCROLL_POSITIONS)]
    for literal, table in pairs:
        assert get_args(literal) == tuple(table), (literal, table)
    # the scene files and the command line take the same names (one spelling: hyphens)
    assert scene.STYLES == get_args(options.Style)
    assert scene.ALIGNMENTS == get_args(options.Alignment)
    assert _targets_commands.SCROLL_SNAPS == get_args(options.ScrollSnapping)
    assert _targets_commands.SECTION_SNAPS == get_args(options.Snapping)
    assert _targets_commands.POSITIONS == get_args(options.ScrollPosition)
    assert not any("_" in name for literal, _ in pairs for name in get_args(literal))
    # and the section metrics' keys are the TypedDicts'
    assert set(options.SectionMetrics.__annotations__) == set(_convert.METRIC_KEYS)
    assert set(options.SectionMetricsColumns.__annotations__) == set(_convert.METRIC_KEYS)


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
    lines = error_lines(run)
    assert lines == [2, 3, 4, 6], run.stdout


def test_mypy_refuses_an_unknown_option_and_a_wrong_value_type(tmp_path):
    """Layout's keyword options are typed (options.LayoutOptions, through Unpack): `heder=44`
    is an error for a type checker, not a silently ignored keyword."""
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from collectionlayout import Layout, SectionMetricsTable\n"
        "Layout.from_sizes([[(90, 90)] * 7], heder=44)\n"
        "Layout.from_sizes([[(90, 90)] * 7], header='44')\n"
        "Layout(lambda s: 3, heder=44)\n"
        "Layout.orthogonal(lambda s: 3, rows=2.5)\n"
        "SectionMetricsTable(count=2, heder=[10, 20])\n"
        "def f(layout: Layout) -> None:\n"
        "    layout.target_content_offset(0, 1, 'line_paging')\n")
    run = mypy(str(wrong))
    lines = error_lines(run)
    assert lines == [2, 3, 4, 5, 6, 8], run.stdout
    assert 'Unexpected keyword argument "heder"' in run.stdout
    right = tmp_path / "right.py"
    right.write_text(
        "import numpy as np\n"
        "from collectionlayout import Decoration, Layout, SectionMetricsTable\n"
        "sizes = [[(90.0, 90.0)] * 7]\n"
        "with Layout.from_sizes(sizes, header=44, viewport=(0, 0, 320, 480),\n"
        "                       decorations=[Decoration('card'), 'shadow'],\n"
        "                       section_metrics=[{'columns': 3, 'style': 'grid'}, None]) as a:\n"
        "    a.target_content_offset(0, 1, 'line-paging')\n"
        "    a.scroll_to_element('cell', '', 0, 3, 'nearest')\n"
        "Layout.orthogonal(lambda s: 3, rows=2, section_count=lambda: 4, pin_headers=True)\n"
        "Layout(lambda s: 3, item_size=(10, 10), alignment='leading', element_limit=1000)\n"
        "table = SectionMetricsTable(count=2, header=np.array([10.0, 20.0]), style='grid')\n"
        "table.set(0, columns=4, decorations=None)\n")
    run = mypy(str(right))
    assert run.returncode == 0, run.stdout + run.stderr
