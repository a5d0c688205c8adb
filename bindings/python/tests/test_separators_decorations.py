"""Issue 3 from Python: separators (SPEC §6), decorations (§7) and pinning (§8) over random
layouts at random viewport origins, and their bad input. (test_properties.py already checks
rect queries at the initial viewport and relayouts against fresh layouts.)"""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from collectionlayout import (BadCallbackDataError, InvalidArgumentError, Layout, UnknownKindError,
                              _lib)
from conftest import assert_same_elements, overlaps
from strategies import (EVERYTHING, SETTINGS, approx, axis_insets, bounding_box, build,
                        by_identity, from_axis, inset, rect, scenes, section_geometry, small,
                        to_axis)

origins = st.lists(st.tuples(st.floats(-200, 400).map(round), st.floats(-300, 4000).map(round)),
                   min_size=1, max_size=4)


def move_viewport(layout, origin):
    _, _, w, h = layout.viewport
    layout.set_viewport((origin[0], origin[1], w, h))


# ---- Rect queries after origin-only viewport changes ----------------------------------------

@SETTINGS
@given(scene=scenes(orthogonal=None), origins=origins, rect=rect)
def test_rect_queries_stay_exact_while_scrolling(scene, origins, rect):
    with build(scene) as layout:
        before = {e.key: e for e in layout.elements()}
        for origin in origins:
            move_viewport(layout, origin)
            everything = by_identity(layout, scene)
            # nothing missing, extra or twice, in every rect, against a brute-force filter
            for area in (layout.viewport, rect, EVERYTHING):
                expected = [e.to_dict() for e in everything if overlaps(e.frame, area)]
                assert_same_elements(layout.elements_in_rect(area), expected, 0)
            # an origin-only change moves pinned elements and nothing else
            for element in everything:
                pinned = (element.kind == "header" and scene["pin_headers"]) or \
                    (element.kind == "footer" and scene["pin_footers"])
                if not pinned:
                    assert element == before[element.key]


# ---- Separators: a change of extent moves what follows by exactly that much -----------------

@SETTINGS
@given(scene=scenes(), data=st.data())
def test_separator_extent_change_moves_the_cells_after_it(scene, data):
    with_inline = [s for s, section in enumerate(scene["sections"]) if section["inline"]]
    assume(with_inline)
    s = data.draw(st.sampled_from(with_inline), label="section")
    inline = scene["sections"][s]["inline"]
    index = data.draw(st.integers(0, len(inline) - 1), label="element")
    kind, before, extent = inline[index]
    new_extent = data.draw(small, label="new extent")
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        cells = {e.key: e.frame for e in layout.elements() if e.category == "cell"}
        size = layout.content_size
        inline[index] = (kind, before, new_extent)
        layout.invalidate_sections([s])
        delta = new_extent - extent
        assert layout.supplementary(kind, s, before).frame[3 if vertical else 2] == new_extent
        for key, frame in cells.items():
            _, _, section, item = key
            moved = section > s or (section == s and item >= before)
            expected = to_axis(frame, vertical)
            expected = (expected[0], expected[1] + (delta if moved else 0)) + expected[2:]
            assert layout.cell(section, item).frame == approx(from_axis(expected, vertical)), key
        scroll_axis = 1 if vertical else 0
        assert layout.content_size[scroll_axis] == approx(size[scroll_axis] + delta)


# ---- Decorations: SPEC §7 --------------------------------------------------------------------

def expected_decoration(scene, geometry, s, scope, coverage, insets, item, line_extent):
    """The frame of a decoration by SPEC §7, in axis terms; None where there is none. Cells of an
    orthogonal section are taken at offset 0: its section decorations do not move (§4)."""
    section = scene["sections"][s]
    vertical = scene["direction"] == "vertical"
    g = geometry[s]
    shrink = axis_insets(insets, vertical)
    if scope == "item":
        line, scroll, le, se = g["cells"][item]
        return inset((line - g["offset"], scroll, le, se), shrink)
    header, footer = section["metrics"]["header"], section["metrics"]["footer"]
    if coverage == "body":
        area = (0, g["start"] + header, line_extent, g["end"] - footer - g["start"] - header)
    elif coverage == "section":
        area = (0, g["start"], line_extent, g["end"] - g["start"])
    elif g["cells"]:
        area = bounding_box(g["cells"])
    else:
        return None
    return inset(area, shrink)


@SETTINGS
@given(scene=scenes(orthogonal=None), origin=st.tuples(st.just(0), st.floats(0, 3000).map(round)))
def test_decoration_frames_follow_the_spec(scene, origin):
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        move_viewport(layout, origin if vertical else origin[::-1])
        geometry = section_geometry(layout, scene)
        line_extent = layout.viewport[2 if vertical else 3]
        assert layout.content_size[1 if vertical else 0] == approx(geometry[-1]["end"])
        found = {e.key: e for e in layout.elements() if e.category == "decoration"}
        expected_keys = set()
        for s, section in enumerate(scene["sections"]):
            for number, (scope, coverage, insets, z) in enumerate(scene["decorations"]):
                items = range(len(section["sizes"])) if scope == "item" else [0]
                for item in items:
                    want = expected_decoration(scene, geometry, s, scope, coverage, insets, item,
                                               line_extent)
                    if want is None:
                        continue
                    got = layout.decoration(f"deco{number}", s, item)
                    assert got.frame == approx(from_axis(want, vertical)), got
                    assert (got.z, got.alpha, got.hidden) == (z, 1.0, False)
                    if got.frame[2] > 0 and got.frame[3] > 0:  # positive area, as reported
                        expected_keys.add(got.key)
                        assert found[got.key] == got  # the query gives the same, once
        assert set(found) == expected_keys


# ---- Pinning: SPEC §8 ------------------------------------------------------------------------

@SETTINGS
@given(scene=scenes(orthogonal=None), origins=origins)
def test_pinned_frames_follow_the_spec(scene, origins):
    vertical = scene["direction"] == "vertical"
    with build(scene) as layout:
        geometry = section_geometry(layout, scene)
        for origin in origins:
            move_viewport(layout, origin if vertical else origin[::-1])
            _, leading, _, visible = to_axis(layout.viewport, vertical)
            line_extent = to_axis(layout.viewport, vertical)[2]
            for s, section in enumerate(scene["sections"]):
                start, end = geometry[s]["start"], geometry[s]["end"]
                header, footer = section["metrics"]["header"], section["metrics"]["footer"]
                if header:
                    origin_h = start
                    if scene["pin_headers"]:
                        origin_h = min(max(leading, start), end - header)
                    got = layout.header(s)
                    assert got.frame == approx(from_axis((0, origin_h, line_extent, header),
                                                         vertical))
                    assert got.z == (10 if scene["pin_headers"] else 0)
                if footer:
                    origin_f = end - footer
                    if scene["pin_footers"]:
                        origin_f = min(max(leading + visible - footer, start + header), origin_f)
                    got = layout.footer(s)
                    assert got.frame == approx(from_axis((0, origin_f, line_extent, footer),
                                                         vertical))
                    assert got.z == (10 if scene["pin_footers"] else 0)


# ---- Bad input: each has its exception and message; the last good layout stays -------------

class Source:
    """Three sections of 4 items with a separator each; a decoration; pinned headers."""

    def __init__(self):
        self.inline = {s: [("sep", 2, 3.0)] for s in range(3)}

    def layout(self) -> Layout:
        layout = Layout(lambda s: 4, section_count=lambda: 3, item_size=(90, 40),
                        viewport=(0, 100, 200, 300), header=20, pin_headers=True,
                        inline_elements=lambda s: self.inline[s], kinds=["sep"])
        layout.add_decoration("card", coverage="items", insets=(-4, -4, -4, -4))
        return layout


@pytest.fixture
def source():
    return Source()


def snapshot(layout):
    return layout.content_size, layout.viewport, layout.elements()


@pytest.mark.parametrize("element, cls, status, message", [
    (("sep", 5, 1.0), BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA,
     "inline_elements: an inline element of section 1 stands before item 5, out of 0...4"),
    (("sep", -1, 1.0), BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA,
     "stands before item -1, out of 0...4"),
    (("sep", 1, -2.0), BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA,
     "has extent -2.0; it must be finite and >= 0"),
    (("sep", 1, math.nan), BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA,
     "has extent nan; it must be finite and >= 0"),
    (("sep", 1, math.inf), BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA,
     "has extent inf; it must be finite and >= 0"),
    (("header", 1, 1.0), UnknownKindError, _lib.CL_ERROR_UNKNOWN_KIND,
     "is not a registered user kind"),
    (("", 1, 1.0), UnknownKindError, _lib.CL_ERROR_UNKNOWN_KIND, "is not a registered user kind"),
    ((99, 1, 1.0), BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA,
     "inline_elements(section 1): kind 99 is not a kind name"),
])
@pytest.mark.parametrize("invalidate", ["sections", "everything"])
def test_bad_inline_elements_keep_the_last_good_layout(source, element, cls, status, message,
                                                       invalidate):
    with source.layout() as layout:
        good = snapshot(layout)
        source.inline[1] = [("sep", 0, 1.0), element]
        with pytest.raises(cls) as caught:
            layout.invalidate_sections([1]) if invalidate == "sections" else layout.invalidate()
        assert type(caught.value) is cls and caught.value.status == status
        assert message in str(caught.value)
        assert snapshot(layout) == good
        layout.set_viewport((0, 150, 200, 300))  # still scrolls: the pinned header follows
        assert layout.header(1).frame == (0, 150, 200, 20)


@pytest.mark.parametrize("insets", [(math.nan, 0, 0, 0), (0, 0, 0, math.inf),
                                    (0, -math.inf, 0, 0)])
def test_non_finite_decoration_insets(source, insets):
    with source.layout() as layout:
        good = snapshot(layout)
        with pytest.raises(InvalidArgumentError) as caught:
            layout.add_decoration("shadow", scope="item", insets=insets)
        assert caught.value.status == _lib.CL_ERROR_INVALID_ARGUMENT
        assert 'decoration "shadow": insets must be finite' in str(caught.value)
        assert snapshot(layout) == good
        with pytest.raises(UnknownKindError):  # it was not registered
            layout.decoration("shadow", 0, 0)
        layout.add_decoration("shadow", scope="item", insets=(2, 2, 2, 2))  # the name is free
        assert layout.decoration("shadow", 0, 0).frame[2] == 90 - 4


def test_unknown_kinds_in_queries(source):
    with source.layout() as layout:
        good = snapshot(layout)
        for call in (lambda: layout.decoration("sep", 0),  # a supplementary kind, not a decoration
                     lambda: layout.supplementary("badge", 0),
                     lambda: layout.decoration("nothing", 0)):
            with pytest.raises(UnknownKindError) as caught:
                call()
            assert caught.value.status == _lib.CL_ERROR_UNKNOWN_KIND and str(caught.value)
        assert snapshot(layout) == good


def test_a_decoration_registered_twice(source):
    with source.layout() as layout:
        good = snapshot(layout)
        with pytest.raises(InvalidArgumentError, match='"card" is already registered'):
            layout.add_decoration("card", coverage="body")
        assert snapshot(layout) == good
