"""Issue 4 from Python: orthogonal sections (SPEC §4, §10) in random mixed layouts with random
sideways offsets: exact rect queries, clamping after data and viewport changes, snapping, and
bad input."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from collectionlayout import (BadCallbackDataError, InvalidArgumentError, Layout,
                              OutOfRangeError, _lib)
from conftest import assert_same_elements, overlaps
from strategies import (EVERYTHING, SETTINGS, approx, axis_insets, build, by_identity,
                        is_orthogonal, rect, resize_some, scenes, section_geometry, to_axis)

offsets = st.floats(-500, 4000).map(round)
rects = st.lists(rect, min_size=1, max_size=4)
SNAPPINGS = ["none", "item", "page", "item-paging", "item-centered"]


def orthogonal_sections(scene):
    return [s for s, section in enumerate(scene["sections"]) if is_orthogonal(section)]


def line_extent(layout, scene):
    return to_axis(layout.viewport, scene["direction"] == "vertical")[2]


def assert_exact_queries(layout, scene, rects):
    everything = by_identity(layout, scene)
    for area in list(rects) + [layout.viewport, EVERYTHING]:
        expected = [e.to_dict() for e in everything if overlaps(e.frame, area)]
        assert_same_elements(layout.elements_in_rect(area), expected, 0)


def assert_scroll_state(layout, scene, previous=None):
    """Each strip's extent is insets + columns; its offset is clamped (SPEC §4): the offset it
    had (`previous`, by section) if that still fits, else the new largest offset."""
    vertical = scene["direction"] == "vertical"
    geometry = section_geometry(layout, scene)
    for s in orthogonal_sections(scene):
        _, lead, _, trail = axis_insets(scene["sections"][s]["metrics"]["insets"], vertical)
        cells = geometry[s]["cells"]
        columns = max(c[0] + c[2] for c in cells) - min(c[0] for c in cells) if cells else 0
        scroll = layout.section_scroll(s)
        assert scroll.content_extent == approx(lead + columns + trail)
        assert scroll.max_offset == approx(max(0, scroll.content_extent
                                               - line_extent(layout, scene)))
        assert 0 <= scroll.offset <= scroll.max_offset
        if previous is not None:
            assert scroll.offset == approx(min(previous[s], scroll.max_offset))


# ---- Rect queries and offsets ----------------------------------------------------------------

@SETTINGS
@given(scene=scenes(orthogonal=None), data=st.data(), rects=rects)
def test_rect_queries_are_exact_at_any_offsets(scene, data, rects):
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        assert_exact_queries(layout, scene, rects)
        for s in orthogonal_sections(scene):
            before = {e.key: e.frame for e in layout.elements()}
            old = layout.section_scroll(s)
            layout.set_section_offset(s, data.draw(offsets, label=f"offset {s}"))
            new = layout.section_scroll(s)
            assert 0 <= new.offset <= new.max_offset == old.max_offset
            shift = new.offset - old.offset
            # only this section's cells and item decorations move, sideways by -shift
            for element in layout.elements():
                moved = element.section == s and element.category != "supplementary" and \
                    (element.category == "cell" or
                     scene["decorations"][int(element.kind[4:])][0] == "item")
                line, scroll_, le, se = to_axis(before[element.key], vertical)
                want = (line - shift if moved else line, scroll_, le, se)
                assert to_axis(element.frame, vertical) == approx(want), element
        assert_scroll_state(layout, scene)
        assert_exact_queries(layout, scene, rects)


# ---- Clamping after data and viewport changes ------------------------------------------------

def offsets_of(layout, scene):
    return {s: layout.section_scroll(s).offset for s in orthogonal_sections(scene)}


@SETTINGS
@given(scene=scenes(orthogonal=None), data=st.data(), rects=rects)
def test_offsets_are_clamped_after_data_changes(scene, data, rects):
    assume(orthogonal_sections(scene))
    with build(scene) as layout:
        # sizes change: only those items are asked again
        changed = resize_some(scene, data)
        previous = offsets_of(layout, scene)
        layout.invalidate_items(changed)
        assert_scroll_state(layout, scene, previous)
        # counts change: items dropped from the end of every strip
        for s in orthogonal_sections(scene):
            layout.set_section_offset(s, data.draw(offsets, label=f"offset {s}"))
            sizes = scene["sections"][s]["sizes"]
            del sizes[data.draw(st.integers(0, len(sizes)), label=f"keep {s}"):]
        previous = offsets_of(layout, scene)
        layout.invalidate()
        assert_scroll_state(layout, scene, previous)
        assert_exact_queries(layout, scene, rects)


@SETTINGS
@given(scene=scenes(orthogonal=None), data=st.data(), extent=st.integers(60, 900),
       rects=rects)
def test_offsets_are_clamped_after_viewport_changes(scene, data, extent, rects):
    assume(orthogonal_sections(scene))
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        for s in orthogonal_sections(scene):
            layout.set_section_offset(s, data.draw(offsets, label=f"offset {s}"))
        previous = offsets_of(layout, scene)
        x, y, w, h = layout.viewport
        layout.set_viewport((x, y + 50, extent, h) if vertical else (x + 50, y, w, extent))
        assert_scroll_state(layout, scene, previous)
        assert_exact_queries(layout, scene, rects)


# ---- Snapping (SPEC §10) ---------------------------------------------------------------------

def columns(layout, scene, s):
    """(leading edge, width) of each column of a strip, at offset 0."""
    section = scene["sections"][s]
    cells = section_geometry(layout, scene)[s]["cells"]
    rows = max(1, min(section["metrics"]["rows"], len(cells)))
    result = []
    for first in range(0, len(cells), rows):
        column = cells[first:first + rows]
        result.append((min(c[0] for c in column), max(c[2] for c in column)))
    return result


def nearest(values, to):
    """The indices of the values nearest `to` (ties to rounding included)."""
    best = min(abs(v - to) for v in values)
    return {i for i, v in enumerate(values) if abs(v - to) <= best + 1e-6}


@SETTINGS
@given(scene=scenes(orthogonal=None), data=st.data())
def test_snapped_offsets_land_on_an_edge_or_page_in_range(scene, data):
    assume(orthogonal_sections(scene))
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        extent = line_extent(layout, scene)
        for s in orthogonal_sections(scene):
            lead = axis_insets(scene["sections"][s]["metrics"]["insets"], vertical)[1]
            cols = columns(layout, scene, s)
            edges = [start - lead for start, _ in cols]
            centres = [start + width / 2 - extent / 2 for start, width in cols]
            high = layout.section_scroll(s).max_offset
            layout.set_section_offset(s, data.draw(offsets, label="current"))
            current = layout.section_scroll(s).offset
            for _ in range(4):
                proposed = data.draw(st.floats(-200, high + 200), label="proposed")
                velocity = data.draw(st.floats(-3000, 3000), label="velocity")
                rate = data.draw(st.sampled_from([_lib.CL_DECELERATION_NORMAL,
                                                  _lib.CL_DECELERATION_FAST]), label="rate")
                projected = proposed + velocity / 1000 * rate / (1 - rate)
                for snapping in SNAPPINGS:
                    target = layout.section_target_offset(s, proposed, velocity, snapping, rate)
                    assert 0 <= target <= high, snapping
                    at_bound = target in (0, high)
                    if snapping == "none":
                        assert target == approx(min(max(projected, 0), high))
                    elif snapping == "page":
                        assert at_bound or target == approx(round(target / extent) * extent)
                    elif not cols:
                        continue  # no columns to snap to
                    elif snapping == "item":
                        assert at_bound or target in approx_set(edges), target
                        if not at_bound:  # the edge nearest the projection
                            assert any(target == approx(edges[i])
                                       for i in nearest(edges, projected))
                    elif snapping == "item-centered":
                        assert at_bound or target in approx_set(centres), target
                    elif snapping == "item-paging" and not at_bound:
                        here = nearest(edges, current)
                        there = {i for i, e in enumerate(edges) if e == approx(target)}
                        assert there and min(abs(a - b) for a in here for b in there) <= 1
        assert_scroll_state(layout, scene)  # asking for a target does not scroll


def approx_set(values):
    return [approx(v) for v in values]


# ---- Bad input -------------------------------------------------------------------------------

class Shelves:
    """A flow section, then two strips of 6 items 100x60 (columns 110 apart), width 300."""

    def __init__(self):
        self.inline = {}

    def layout(self) -> Layout:
        metrics = {"style": "orthogonal", "interitem_spacing": 10, "insets": (0, 10, 0, 10)}
        layout = Layout(lambda s: 6, section_count=lambda: 3, item_size=(100, 60),
                        viewport=(0, 0, 300, 500), header=20,
                        section_metrics=lambda s: metrics if s else None,
                        inline_elements=lambda s: self.inline.get(s, []), kinds=["sep"])
        layout.set_section_offset(1, 120)
        return layout


@pytest.fixture
def shelves():
    return Shelves()


def snapshot(layout):
    return (layout.content_size, layout.viewport, layout.section_scroll(1),
            layout.section_scroll(2), layout.elements())


@pytest.mark.parametrize("call, cls, message", [
    (lambda l: l.set_section_offset(1, math.nan), InvalidArgumentError, "must be finite"),
    (lambda l: l.set_section_offset(1, math.inf), InvalidArgumentError, "must be finite"),
    (lambda l: l.set_section_offset(1, -math.inf), InvalidArgumentError, "must be finite"),
    (lambda l: l.section_target_offset(1, math.nan, 0, "item"), InvalidArgumentError,
     "proposed offset nan and velocity 0.0 must be finite"),
    (lambda l: l.section_target_offset(1, 0, math.nan, "page"), InvalidArgumentError,
     "proposed offset 0.0 and velocity nan must be finite"),
    (lambda l: l.section_target_offset(1, 0, -math.inf), InvalidArgumentError,
     "velocity -inf must be finite"),
    (lambda l: l.section_target_offset(1, 0, 0, deceleration_rate=math.nan),
     InvalidArgumentError, "deceleration rate"),
    (lambda l: l.set_section_offset(0, 10), InvalidArgumentError, "section 0 is a flow section"),
    (lambda l: l.section_scroll(0), InvalidArgumentError, "section 0 is a flow section"),
    (lambda l: l.section_target_offset(0, 0, 0), InvalidArgumentError,
     "section 0 is a flow section"),
    (lambda l: l.set_section_offset(3, 10), OutOfRangeError, "section 3 does not exist"),
    (lambda l: l.set_section_offset(-1, 10), OutOfRangeError, "section -1 does not exist"),
    (lambda l: l.section_scroll(7), OutOfRangeError, "section 7 does not exist"),
    (lambda l: l.section_target_offset(3, 0, 0), OutOfRangeError, "section 3 does not exist"),
])
def test_bad_offsets_and_sections(shelves, call, cls, message):
    with shelves.layout() as layout:
        good = snapshot(layout)
        with pytest.raises(cls) as caught:
            call(layout)
        assert type(caught.value) is cls
        assert caught.value.status == {InvalidArgumentError: _lib.CL_ERROR_INVALID_ARGUMENT,
                                       OutOfRangeError: _lib.CL_ERROR_OUT_OF_RANGE}[cls]
        assert message in str(caught.value)
        assert snapshot(layout) == good
        layout.set_section_offset(1, 60)  # still scrolls sideways
        assert layout.cell(1, 1).frame[0] == 10 + 110 - 60


@pytest.mark.parametrize("invalidate", [lambda l: l.invalidate_sections([2]),
                                        lambda l: l.invalidate()])
def test_inline_elements_in_a_strip_are_an_error(shelves, invalidate):
    with shelves.layout() as layout:
        good = snapshot(layout)
        shelves.inline[2] = [("sep", 1, 2.0)]
        with pytest.raises(BadCallbackDataError) as caught:
            invalidate(layout)
        assert caught.value.status == _lib.CL_ERROR_BAD_CALLBACK_DATA and str(caught.value)
        assert snapshot(layout) == good
        shelves.inline[0] = [("sep", 1, 2.0)]  # a flow section may have them
        del shelves.inline[2]
        layout.invalidate()
        assert layout.supplementary("sep", 0, 1).frame[3] == 2.0
        assert layout.section_scroll(1).offset == 120  # the strip kept its offset
