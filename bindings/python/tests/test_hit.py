"""Hit-testing (SPEC §21) through the Python API and the command line: the topmost element whose
presented frame holds a point, half-open, cells only or every element."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from collectionlayout import InvalidArgumentError, Layout
from strategies import EVERYTHING, SETTINGS, build, scenes
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
        # cell 0 is (0, 44, 100, 100), cell 1 (110, 44, 100, 100), cell 3 (0, 154, 100, 100)
        assert layout.element_at(50, 94).item == 0
        assert layout.element_at(0, 44).item == 0      # the leading edges belong to the cell
        assert layout.element_at(99.5, 143.5).item == 0
        assert layout.element_at(100, 94) is None      # the trailing edges do not
        assert layout.element_at(50, 144) is None
        assert layout.element_at(105, 94) is None      # the spacing
        assert layout.element_at(50, 150) is None
        assert layout.element_at(110, 44).item == 1
        assert layout.element_at(0, 154).item == 3
        assert layout.element_at(50, 20) is None       # a header is not a cell
        assert layout.element_at(50, 20, "all").kind == "header"


def test_an_edge_two_cells_share_hits_the_later_one():
    with Layout.from_sizes([[(100, 100)] * 4], **{**GRID, "interitem_spacing": 0}) as layout:
        assert layout.cell(0, 0).frame[0] + layout.cell(0, 0).frame[2] == layout.cell(0, 1).frame[0] == 100
        assert layout.element_at(100, 94).item == 1
        assert layout.element_at(99.999, 94).item == 0


def test_a_pinned_header_hides_a_cell_from_all_but_not_from_cells():
    with Layout.from_sizes([[(100, 100)] * 4], **{**GRID, "viewport": (0, 60, 320, 200)}) as layout:
        assert layout.header(0).frame == (0.0, 60.0, 320.0, 44.0)  # pinned over cell 0
        assert (layout.element_at(50, 80).category, layout.element_at(50, 80).item) == ("cell", 0)
        header = layout.element_at(50, 80, "all")
        assert (header.category, header.kind, header.z) == ("supplementary", "header", 10)
        assert layout.element_at(50, 110, "all").category == "cell"  # below the header


def sideways():
    return Layout.orthogonal(lambda s: 10, item_sizes=lambda s, first, count: [(100, 80)] * count,
                             viewport=(0, 0, 320, 480), interitem_spacing=10)


def test_a_sideways_section_is_hit_at_its_offset():
    with sideways() as layout:
        layout.set_section_offset(0, 55)
        assert layout.cell(0, 1).frame == (55.0, 0.0, 100.0, 80.0)   # 110 shifted by 55
        assert layout.element_at(60, 40) == layout.cell(0, 1)
        assert layout.element_at(44.5, 40) == layout.cell(0, 0)       # (-55, 0, 100, 80)
        assert layout.element_at(50, 40) is None                      # the spacing, shifted
        assert layout.element_at(155, 40) is None                     # cell 1's trailing edge
        assert layout.element_at(170, 79.5) == layout.cell(0, 2)      # (165, 0, 100, 80)
        layout.set_section_offset(0, 700)
        assert layout.element_at(0.5, 40) == layout.cell(0, 6)        # (-40, 0, 100, 80)
        assert layout.element_at(65, 40) is None                      # 60..70: the spacing


def test_a_sideways_frame_s_leading_edge_is_hit():
    with sideways() as layout:
        for offset in (55, 110):
            layout.set_section_offset(0, offset)
            for item in range(3):
                frame = layout.cell(0, item).frame
                assert layout.element_at(frame[0], 40) == layout.cell(0, item), (offset, frame)


@SETTINGS
@given(scenes(orthogonal=None), st.lists(st.tuples(st.floats(-50, 600), st.floats(-50, 3000)),
                                         max_size=20), st.data())
def test_the_answer_is_the_topmost_element_holding_the_point(scene, points, data):
    """Random scenes of strategies.py (flow and sideways sections, inline elements, decorations at
    several z, pinning, both directions): random points and every element's corners (the edges)."""
    with build(scene) as layout:
        elements = layout.elements_in_rect(EVERYTHING)
        corners = [(x + dx, y + dy) for x, y, w, h in (e.frame for e in elements)
                   for dx, dy in ((0, 0), (w, h), (w / 2, 0), (0, h / 2))]
        if corners:
            points = points + data.draw(st.lists(st.sampled_from(corners), max_size=30))
        for x, y in points:
            for categories in ("cells", "all"):
                assert layout.element_at(x, y, categories) == topmost(elements, x, y, categories), \
                    (x, y, categories)


@pytest.mark.parametrize("x, y, categories", [(math.nan, 1, "cells"), (1, math.inf, "cells"),
                                              (-math.inf, 1, "all"), ("1", 1, "cells"),
                                              (1, 1, "some"), (1, 1, None)])
def test_bad_input_is_refused(x, y, categories):
    with Layout.from_sizes([[(100, 100)] * 4], **GRID) as layout:
        with pytest.raises(InvalidArgumentError):
            layout.element_at(x, y, categories)
        assert layout.element_at(50, 94).item == 0  # the layout is kept


def test_the_hit_command():
    scene = "examples/scenes/photo-grid.json"
    answer = run("hit", scene, "100,150")
    assert answer.returncode == 0, answer.stderr
    element = json.loads(answer.stdout)["element"]
    assert (element["category"], element["scale"]) == ("cell", 1)
    x, y, w, h = element["frame"]
    assert x <= 100 < x + w and y <= 150 < y + h
    assert json.loads(run("hit", scene, "100,10").stdout) == {"element": None}
    header = json.loads(run("--compact", "hit", scene, "100,10", "--categories=all").stdout)["element"]
    assert (header["category"], header["kind"], header["scale"]) == ("supplementary", "header", 1)
    assert json.loads(run("hit", scene, "--", "-50,-50").stdout) == {"element": None}  # (-- before a negative x)
    for refused in (["nan,1"], ["1,inf"], ["1e999,1", "--categories", "all"]):
        answer = run("hit", scene, *refused)
        assert (answer.returncode, answer.stdout) == (1, "")
        assert answer.stderr.startswith("error: ") and answer.stderr.count("\n") == 1
    for usage in (["1"], ["1,2,3"], ["a,b"], [], ["1,2", "--categories", "some"], ["1,2", "--categories"]):
        answer = run("hit", scene, *usage)
        assert answer.returncode == 2, usage
        assert answer.stderr.startswith("error: ") and answer.stderr.count("\n") == 1
