"""Hit-testing (SPEC §21) through the Python API and the command line: the topmost element whose
presented frame holds a point, half-open, cells only or every element."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from collectionlayout import InvalidArgumentError, Layout
from test_cli import run

GRID = dict(viewport=(0, 0, 320, 200), header=44, pin_headers=True, alignment="leading",
            interitem_spacing=10, line_spacing=10)


def layer(category: str) -> int:
    return {"decoration": 0, "cell": 1, "supplementary": 2}[category]


def topmost(elements, x, y, categories):
    """The SPEC's answer by brute force: every element holding the point, the topmost of them."""
    held = [e for e in elements if (categories == "all" or e.category == "cell")
            and e.frame[2] > 0 and e.frame[3] > 0
            and e.frame[0] <= x < e.frame[0] + e.frame[2] and e.frame[1] <= y < e.frame[1] + e.frame[3]]
    key = lambda e: (e.z, layer(e.category), e.section, e.item, e.kind.encode())  # noqa: E731
    return max(held, key=key, default=None)


def test_inside_on_the_edges_and_between_cells():
    with Layout.from_sizes([[(100, 100)] * 4], **GRID) as layout:
        assert layout.element_at(50, 94).item == 0
        assert layout.element_at(0, 44).item == 0      # the leading edges belong to the cell
        assert layout.element_at(100, 94) is None      # the trailing edge does not
        assert layout.element_at(105, 94) is None      # the spacing
        assert layout.element_at(110, 44).item == 1
        assert layout.element_at(50, 20) is None       # a header is not a cell
        assert layout.element_at(50, 20, "all").kind == "header"


def test_a_pinned_header_hides_a_cell_from_all_but_not_from_cells():
    with Layout.from_sizes([[(100, 100)] * 4], **{**GRID, "viewport": (0, 60, 320, 200)}) as layout:
        assert layout.element_at(50, 80).category == "cell"
        header = layout.element_at(50, 80, "all")
        assert (header.kind, header.z) == ("header", 10)


def test_a_sideways_section_is_hit_at_its_offset():
    with Layout.orthogonal(lambda s: 10, item_sizes=lambda s, first, count: [(100, 80)] * count,
                           viewport=(0, 0, 320, 480), interitem_spacing=10) as layout:
        layout.set_section_offset(0, 55)
        cell = layout.element_at(60, 40)
        assert cell is not None and cell.frame[0] <= 60 < cell.frame[0] + cell.frame[2]
        assert cell == layout.cell(0, cell.item)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(20, 160), st.integers(20, 120)), min_size=1, max_size=40),
       st.integers(0, 80), st.lists(st.tuples(st.integers(-20, 340), st.integers(-20, 900)),
                                    min_size=1, max_size=30))
def test_the_answer_is_the_topmost_element_holding_the_point(sizes, scroll, points):
    with Layout.from_sizes([sizes, sizes[:5]], viewport=(0, scroll, 320, 400), header=30,
                           footer=12, pin_headers=True, interitem_spacing=8, line_spacing=8,
                           decorations=["card"]) as layout:
        everything = layout.elements_in_rect((-1e4, -1e4, 1e5, 1e5))
        for x, y in points:
            for categories in ("cells", "all"):
                assert layout.element_at(x, y, categories) == topmost(everything, x, y, categories)


@pytest.mark.parametrize("x, y, categories", [(math.nan, 1, "cells"), (1, math.inf, "cells"),
                                              (1, 1, "some")])
def test_bad_input_is_refused(x, y, categories):
    with Layout.from_sizes([[(100, 100)] * 4], **GRID) as layout:
        with pytest.raises((InvalidArgumentError, ValueError)):
            layout.element_at(x, y, categories)  # type: ignore[arg-type]


def test_the_hit_command(tmp_path):
    scene = "examples/scenes/photo-grid.json"
    answer = run("hit", scene, "100,150")
    assert answer.returncode == 0, answer.stderr
    element = json.loads(answer.stdout)["element"]
    assert (element["category"], element["scale"]) == ("cell", 1)
    x, y, w, h = element["frame"]
    assert x <= 100 < x + w and y <= 150 < y + h
    assert json.loads(run("hit", scene, "--", "-50,-50").stdout) == {"element": None}  # (-- before a negative x)
    refused = run("hit", scene, "nan,1")
    assert refused.returncode == 1 and refused.stderr.startswith("error: ")
    for usage in (["hit", scene, "1"], ["hit", scene, "1,2", "--categories", "some"]):
        assert run(*usage).returncode == 2
