"""Properties over random scenes (DESIGN: tests and measurement), both directions, all alignments.

Every element is enumerated independently of rect queries, by identity (cells, headers, footers,
inline elements, decorations), and rect queries are checked against a brute-force overlap filter.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from collectionlayout import Layout, OutOfRangeError
from collectionlayout.layout import ALIGNMENTS, CROSS_ALIGNMENTS
from conftest import assert_same_elements, overlaps

extents = st.floats(0, 160, allow_nan=False).map(lambda v: round(v, 2))
small = st.floats(0, 24, allow_nan=False).map(lambda v: round(v, 2))


@st.composite
def sections(draw):
    count = draw(st.integers(0, 25))
    inline = draw(st.lists(st.tuples(st.sampled_from(["sep", "div"]), st.integers(0, count),
                                     small), max_size=4, unique_by=lambda e: e[:2]))
    return {
        "sizes": draw(st.lists(st.tuples(extents, extents), min_size=count, max_size=count)),
        "metrics": {
            "insets": draw(st.tuples(small, small, small, small)),
            "line_spacing": draw(small), "interitem_spacing": draw(small),
            "header": draw(st.sampled_from([0, 0, 30, 12.5])),
            "footer": draw(st.sampled_from([0, 0, 20])),
            "alignment": draw(st.sampled_from(sorted(ALIGNMENTS))),
            "cross_alignment": draw(st.sampled_from(sorted(CROSS_ALIGNMENTS))),
        },
        "inline": inline,
    }


@st.composite
def scenes(draw):
    direction = draw(st.sampled_from(["vertical", "horizontal"]))
    scroll = draw(st.floats(0, 800).map(round))
    return {
        "direction": direction,
        "viewport": (0, scroll, draw(st.integers(60, 500)), draw(st.integers(60, 500)))
        if direction == "vertical" else
        (scroll, 0, draw(st.integers(60, 500)), draw(st.integers(60, 500))),
        "pin_headers": draw(st.booleans()), "pin_footers": draw(st.booleans()),
        "sections": draw(st.lists(sections(), min_size=1, max_size=4)),
        "decorations": draw(st.lists(st.tuples(
            st.sampled_from(["section", "item"]), st.sampled_from(["body", "section", "items"]),
            st.tuples(*[st.floats(-10, 10).map(round)] * 4)), max_size=3)),
    }


def build(scene) -> Layout:
    """A layout over the scene's own lists: change a size in place, then invalidate."""
    sections = scene["sections"]
    layout = Layout.from_sizes(
        [s["sizes"] for s in sections],
        section_metrics=lambda i: sections[i]["metrics"],
        inline_elements=lambda i: sections[i]["inline"], kinds=["sep", "div"],
        direction=scene["direction"], viewport=scene["viewport"],
        pin_headers=scene["pin_headers"], pin_footers=scene["pin_footers"])
    for number, (scope, coverage, insets) in enumerate(scene["decorations"]):
        layout.add_decoration(f"deco{number}", scope, coverage, insets, z=-1 - number)
    return layout


def by_identity(layout, scene):
    """Every element of positive area, asked one by one through attributes()."""
    found = []
    for s, section in enumerate(scene["sections"]):
        candidates = [lambda i=i: layout.cell(s, i) for i in range(len(section["sizes"]))]
        if section["metrics"]["header"]:
            candidates.append(lambda: layout.header(s))
        if section["metrics"]["footer"]:
            candidates.append(lambda: layout.footer(s))
        candidates += [lambda k=k, b=b: layout.supplementary(k, s, b)
                       for k, b, _ in section["inline"]]
        for number, (scope, _, _) in enumerate(scene["decorations"]):
            items = range(len(section["sizes"])) if scope == "item" else [0]
            candidates += [lambda n=number, i=i: layout.decoration(f"deco{n}", s, i) for i in items]
        for candidate in candidates:
            try:
                element = candidate()
            except OutOfRangeError:  # an "items" decoration of a section without items
                continue
            if element.frame[2] > 0 and element.frame[3] > 0:
                found.append(element)
    return found


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scene=scenes(), rects=st.lists(st.tuples(
    st.floats(-100, 900).map(round), st.floats(-100, 3000).map(round),
    st.floats(0, 600).map(round), st.floats(0, 900).map(round)), min_size=1, max_size=5))
def test_rect_query_is_the_overlap_filter(scene, rects):
    with build(scene) as layout:
        everything = by_identity(layout, scene)
        assert_same_elements(layout.elements(), [e.to_dict() for e in everything], 0)
        for rect in list(rects) + [layout.viewport]:
            expected = [e.to_dict() for e in everything if overlaps(e.frame, rect)]
            assert_same_elements(layout.elements_in_rect(rect), expected, 0)


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
        changed = []
        for s, section in enumerate(scene["sections"]):
            for i in range(len(section["sizes"])):
                if data.draw(st.booleans(), label=f"change {s}.{i}"):
                    section["sizes"][i] = data.draw(st.tuples(extents, extents))
                    changed.append((s, i))
        layout.invalidate_items(changed)
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
@given(scene=scenes(), other=sections())
def test_invalidate_sections_equals_a_fresh_layout(scene, other):
    with build(scene) as layout:
        section = scene["sections"][0]
        count = len(section["sizes"])
        section["metrics"] = other["metrics"]
        section["inline"] = [(k, b, e) for k, b, e in other["inline"] if b <= count]
        layout.invalidate_sections([0])
        with build(scene) as fresh:
            assert_same_elements(layout.elements(), fresh.elements(), 1e-9)
