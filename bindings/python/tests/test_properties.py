"""Properties over random flow scenes from strategies.py (DESIGN: tests and measurement), both
directions, all alignments.

Every element is enumerated independently of rect queries, by identity (cells, headers, footers,
inline elements, decorations), and rect queries are checked against a brute-force overlap filter.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import assert_same_elements, overlaps
from strategies import SETTINGS, build, by_identity, rect, resize_some, scenes, sections


@SETTINGS
@given(scene=scenes(), rects=st.lists(rect, min_size=1, max_size=5))
def test_rect_query_is_the_overlap_filter(scene, rects):
    with build(scene) as layout:
        everything = by_identity(layout, scene)
        assert_same_elements(layout.elements(), [e.to_dict() for e in everything], 0)
        for area in list(rects) + [layout.viewport]:
            expected = [e.to_dict() for e in everything if overlaps(e.frame, area)]
            assert_same_elements(layout.elements_in_rect(area), expected, 0)


@SETTINGS
@given(scene=scenes())
def test_cells_do_not_overlap_and_content_bounds_them(scene):
    scene = dict(scene, decorations=[])  # decorations may stand out (negative insets)
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        width, height = layout.content_size
        line_extent = width if vertical else height
        assert line_extent == (layout.viewport[2] if vertical else layout.viewport[3])
        elements = layout.elements()
        for element in elements:
            x, y, w, h = element.frame
            scroll, scroll_end = (y, y + h) if vertical else (x, x + w)
            assert -1e-9 <= scroll and scroll_end <= (height if vertical else width) + 1e-9
            line, line_end = (x, x + w) if vertical else (y, y + h)
            metrics = scene["sections"][element.section]["metrics"]
            left, right = (metrics["insets"][1], metrics["insets"][3]) if vertical else \
                (metrics["insets"][0], metrics["insets"][2])
            fits = (w if vertical else h) <= line_extent - left - right
            if element.category != "cell" or fits:  # an oversized item may stick out
                assert -1e-9 <= line and line_end <= line_extent + 1e-9, element
        for s in range(layout.section_count):
            cells = [e.frame for e in elements if e.category == "cell" and e.section == s]
            for i, a in enumerate(cells):
                for b in cells[i + 1:]:
                    assert min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]) <= 1e-9 or \
                        min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) <= 1e-9, (a, b)


@SETTINGS
@given(scene=scenes(), data=st.data())
def test_invalidate_items_equals_a_fresh_layout(scene, data):
    with build(scene) as layout:
        layout.invalidate_items(resize_some(scene, data))
        with build(copy.deepcopy(scene)) as fresh:
            assert layout.content_size == pytest.approx(fresh.content_size, abs=1e-9)
            assert_same_elements(layout.elements(), fresh.elements(), 1e-9)


@SETTINGS
@given(scene=scenes(), width=st.integers(60, 500), scroll=st.floats(0, 2000).map(round))
def test_viewport_change_equals_a_fresh_layout(scene, width, scroll):
    with build(scene) as layout:
        x, y, w, h = layout.viewport
        new = (x, scroll, width, h) if scene["direction"] == "vertical" else (scroll, y, w, width)
        layout.set_viewport(new)
        with build(dict(scene, viewport=new)) as fresh:
            assert fresh.viewport == layout.viewport
            assert_same_elements(layout.elements(), fresh.elements(), 1e-9)


@SETTINGS
@given(scene=scenes(), other=sections(orthogonal=False))
def test_invalidate_sections_equals_a_fresh_layout(scene, other):
    with build(scene) as layout:
        section = scene["sections"][0]
        count = len(section["sizes"])
        section["metrics"] = other["metrics"]
        section["inline"] = [(k, b, e) for k, b, e in other["inline"] if b <= count]
        layout.invalidate_sections([0])
        with build(scene) as fresh:
            assert_same_elements(layout.elements(), fresh.elements(), 1e-9)
