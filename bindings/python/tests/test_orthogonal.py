"""Orthogonal sections (SPEC §4): strips that scroll sideways by their own offset."""

from __future__ import annotations

import math

import pytest

from collectionlayout import InvalidArgumentError, Layout, OutOfRangeError, _lib
from collectionlayout.layout import SectionScroll


@pytest.fixture
def strip():
    """A flow section, then a strip of 2 rows: 5 items of 100x50, columns 100 wide 8 apart."""
    metrics = {1: {"style": "orthogonal", "rows": 2, "insets": (0, 10, 0, 10),
                   "interitem_spacing": 8, "line_spacing": 6}}
    with Layout(lambda s: 5, section_count=lambda: 2, item_size=(100, 50),
                viewport=(0, 0, 300, 600), line_spacing=0, interitem_spacing=0,
                section_metrics=metrics.get) as layout:
        yield layout


def test_items_fill_columns(strip):
    top = strip.cell(1, 0).frame[1]
    for item in range(5):
        column, row = divmod(item, 2)
        assert strip.cell(1, item).frame == (10 + column * 108, top + row * 56, 100, 50)


def test_section_scroll_and_offset(strip):
    assert strip.section_scroll(1) == SectionScroll(0, 336, 36)
    strip.set_section_offset(1, 99)  # clamped
    assert strip.section_scroll(1).offset == 36
    assert strip.cell(1, 4).frame[0] == 10 + 216 - 36
    assert strip.cell(0, 0).frame[0] == 0  # the flow section does not move


def test_section_target_offset(strip):
    rate = 0.998
    assert strip.section_target_offset(1, 0, 10) == pytest.approx(10 / 1000 * rate / (1 - rate))
    assert strip.section_target_offset(1, 0, 1000, deceleration_rate=0.99) == 36  # clamped
    assert strip.section_target_offset(1, 20, 0, snapping="page") == 0
    for snapping in ("item", "item-paging", "item-centered", "none"):
        assert 0 <= strip.section_target_offset(1, 20, 0, snapping=snapping) <= 36


def test_orthogonal_style_for_the_whole_layout():
    with Layout(lambda s: 4, item_size=(200, 40), viewport=(0, 0, 300, 300), style="orthogonal",
                rows=1, interitem_spacing=0) as layout:
        assert layout.section_scroll(0).max_offset == 800 - 300
        assert [layout.cell(0, i).frame[0] for i in range(4)] == [0, 200, 400, 600]


def test_orthogonal_errors(strip):
    with pytest.raises(InvalidArgumentError):
        strip.set_section_offset(0, 10)  # a flow section
    with pytest.raises(InvalidArgumentError):
        strip.set_section_offset(1, math.nan)
    with pytest.raises(OutOfRangeError):
        strip.section_scroll(5)
    with pytest.raises(InvalidArgumentError):
        strip.section_target_offset(1, 0, 0, snapping="sideways")
    with pytest.raises(InvalidArgumentError):
        strip.section_target_offset(1, 0, 0, deceleration_rate=1.5)
    assert strip.section_scroll(1) == SectionScroll(0, 336, 36)


def test_the_orthogonal_preset_mirrors_the_c_one():
    lib = _lib.lib()
    flow, orthogonal = lib.cl_layout_def_default(), lib.cl_orthogonal_def_default()
    assert orthogonal.style == _lib.CL_STYLE_ORTHOGONAL
    orthogonal.style = flow.style
    assert bytes(orthogonal) == bytes(flow)  # the C preset differs only in its style
    sizes = lambda s, first, count: [(80 + 10 * (first + i), 40) for i in range(count)]
    with Layout.orthogonal(lambda s: 8, section_count=lambda: 2, item_sizes=sizes,
                           viewport=(0, 0, 300, 400), rows=2,
                           section_metrics=lambda s: {"style": "flow"} if s else None) as layout, \
            Layout(lambda s: 8, section_count=lambda: 2, item_sizes=sizes, style="orthogonal",
                   viewport=(0, 0, 300, 400), rows=2,
                   section_metrics=lambda s: {"style": "flow"} if s else None) as same:
        assert layout.elements() == same.elements()
        assert layout.section_scroll(0).max_offset > 0
        with pytest.raises(InvalidArgumentError, match="flow section"):
            layout.section_scroll(1)  # a section may still be flow
