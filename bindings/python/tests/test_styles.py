"""Grid, waterfall and custom sections (SPEC §5), per-section decoration kinds (§7), columns and
the element limit (§11) through the Python API: frames checked by hand, numpy in and out of the
custom callback, exceptions and bad input for each new field and callback."""

from __future__ import annotations

import ctypes
import math

import numpy as np
import pytest

from collectionlayout import (BadCallbackDataError, Decoration, InvalidArgumentError, Layout,
                              LimitError, OutOfRangeError, ReentrantError, UnknownKindError, _lib)


def frames(layout, section=0):
    return [layout.cell(section, i).frame for i in range(layout.item_count(section))]


# ---- grid -------------------------------------------------------------------------------------

# A = 330 - 10 - 10 = 310; 3 columns, spacing 5: column width (310 - 10) / 3 = 100 at x 10, 115, 220
GRID = dict(viewport=(0, 0, 330, 600), insets=(10, 10, 10, 10), interitem_spacing=5,
            line_spacing=8, style="grid", columns=3)
HEIGHTS = [40, 60, 50, 30, 20]


def test_grid_rows_columns_and_cross_alignment():
    sizes = [[(999, h) for h in HEIGHTS]]  # widths are the column's, whatever the item says
    with Layout.from_sizes(sizes, header=20, **GRID) as layout:
        # rows as thick as their tallest item (60, then 30), centred; body from y 20 + 10
        assert frames(layout) == [(10, 40, 100, 40), (115, 30, 100, 60), (220, 35, 100, 50),
                                  (10, 98, 100, 30), (115, 103, 100, 20)]
        assert layout.content_size == (330, 98 + 30 + 10)
    with Layout.from_sizes(sizes, cross_alignment="start", **GRID) as layout:
        assert [f[1] for f in frames(layout)] == [10, 10, 10, 78, 78]
    with Layout.from_sizes(sizes, cross_alignment="end", **GRID) as layout:
        assert [f[1] for f in frames(layout)] == [30, 10, 20, 78, 88]


def test_grid_inline_element_ends_the_run():
    with Layout.from_sizes([[(0, h) for h in HEIGHTS]], header=20, kinds=["sep"],
                           inline_elements=lambda s: [("sep", 2, 4)], **GRID) as layout:
        assert frames(layout)[:2] == [(10, 40, 100, 40), (115, 30, 100, 60)]
        # the separator: a line of its own over A, line spacing around it
        assert layout.supplementary("sep", 0, 2).frame == (10, 98, 310, 4)
        # item 2 starts a new row at column 0
        assert frames(layout)[2:] == [(10, 110, 100, 50), (115, 120, 100, 30),
                                      (220, 125, 100, 20)]
        assert layout.content_size == (330, 170)


def test_grid_horizontal():
    # line axis vertical: A = 210 - 5 - 5 = 200, 2 columns of 95 at y 5 and 110
    with Layout.from_sizes([[(30, 0), (50, 0), (20, 0)]], viewport=(0, 0, 500, 210),
                           direction="horizontal", style="grid", columns=2,
                           insets=(5, 10, 5, 10), interitem_spacing=10, line_spacing=0) as layout:
        assert frames(layout) == [(20, 5, 30, 95), (10, 110, 50, 95), (60, 5, 20, 95)]
        assert layout.content_size == (90, 210)


def test_columns_per_section_and_layout_default():
    sizes = [[(0, 10)] * 4] * 3
    with Layout.from_sizes(sizes, viewport=(0, 0, 120, 500), style="grid", columns=4,
                           interitem_spacing=0, line_spacing=0,
                           section_metrics=[None, {"columns": 2}, {"columns": 1}]) as layout:
        assert [f[0] for f in frames(layout, 0)] == [0, 30, 60, 90]  # the layout's 4
        assert [f[:1] + f[2:3] for f in frames(layout, 1)] == [(0, 60), (60, 60)] * 2
        assert [f[0] for f in frames(layout, 2)] == [0, 0, 0, 0]
        assert layout.content_size == (120, 10 + 20 + 40)
    with Layout.from_sizes([[(0, 10)] * 3], viewport=(0, 0, 100, 500), style="grid",
                           interitem_spacing=0) as layout:
        assert [f[2] for f in frames(layout)] == [50, 50, 50]  # default: 2 columns


# ---- waterfall --------------------------------------------------------------------------------

WATERFALL = dict(viewport=(0, 0, 330, 600), insets=(10, 10, 10, 10), interitem_spacing=5,
                 line_spacing=6, style="waterfall", columns=3)


def test_waterfall_shortest_column_first():
    with Layout.from_sizes([[(0, h) for h in (50, 30, 40, 20, 10)]], **WATERFALL) as layout:
        # ends 50, 30, 40: item 3 to column 1 (30 + 6); then ends 50, 56, 40: item 4 to column 2
        assert frames(layout) == [(10, 10, 100, 50), (115, 10, 100, 30), (220, 10, 100, 40),
                                  (115, 46, 100, 20), (220, 56, 100, 10)]
        assert layout.content_size == (330, 10 + 56 + 10)


def test_waterfall_ties_go_to_the_lowest_column_and_inline_spans_all():
    with Layout.from_sizes([[(0, h) for h in (50, 30, 40, 20, 10)]], kinds=["banner"],
                           inline_elements=lambda s: [("banner", 3, 12)], **WATERFALL) as layout:
        # the banner after the longest column (50) plus line spacing, over all columns
        assert layout.supplementary("banner", 0, 3).frame == (10, 66, 310, 12)
        # every column restarts at the banner's end (+ spacing); ties: the lowest index
        assert frames(layout)[3:] == [(10, 84, 100, 20), (115, 84, 100, 10)]
        assert layout.content_size == (330, 114)


def test_waterfall_horizontal():
    with Layout.from_sizes([[(40, 0), (10, 0), (20, 0)]], viewport=(0, 0, 500, 100),
                           direction="horizontal", style="waterfall", columns=2,
                           interitem_spacing=0, line_spacing=0) as layout:
        assert frames(layout) == [(0, 0, 40, 50), (0, 50, 10, 50), (10, 50, 20, 50)]
        assert layout.content_size == (40, 100)


# ---- custom -----------------------------------------------------------------------------------

VERTICAL_FRAMES = [(0, 0, 100, 50), (120, 10, 80, 80), (5, 100, 50, 5)]


class Frames:
    """A custom_frames callback that records its calls (and raises `error` when set)."""

    def __init__(self, frames, as_array=False):
        self.frames, self.as_array, self.calls = list(frames), as_array, []
        self.error: BaseException | None = None

    def __call__(self, section, first, count, line_extent):
        self.calls.append((section, first, count, line_extent))
        if self.error is not None:
            raise self.error
        chosen = self.frames[first:first + count]
        return np.array(chosen, dtype=np.float64).reshape(-1, 4) if self.as_array else chosen


@pytest.mark.parametrize("as_array", [False, True], ids=["tuples", "numpy"])
def test_custom_vertical(as_array):
    source = Frames(VERTICAL_FRAMES, as_array)
    with Layout(lambda s: 3, style="custom", custom_frames=source, viewport=(0, 0, 300, 500),
                header=20, insets=(10, 0, 10, 0)) as layout:
        # y is body-relative (body from 20 + 10), x in content coordinates
        assert frames(layout) == [(0, 30, 100, 50), (120, 40, 80, 80), (5, 130, 50, 5)]
        assert layout.content_size == (300, 20 + 10 + 105 + 10)  # extent: largest y end
        assert source.calls and all(call[3] == 300 for call in source.calls)
        asked = sorted(i for _, first, count, _ in source.calls for i in range(first, first + count))
        assert asked == [0, 1, 2]  # each item once


def test_custom_horizontal():
    source = Frames([(0, 5, 40, 60), (50, 100, 10, 10)])
    with Layout(lambda s: 2, style="custom", custom_frames=source, viewport=(0, 0, 500, 300),
                direction="horizontal", header=20, insets=(0, 10, 0, 10)) as layout:
        assert frames(layout) == [(30, 5, 40, 60), (80, 100, 10, 10)]
        assert layout.content_size == (100, 300)
        assert all(call[3] == 300 for call in source.calls)  # the viewport's height


def test_custom_numpy_in_and_out(monkeypatch):
    rng = np.random.default_rng(7)
    count = 2000
    data = np.column_stack([rng.uniform(0, 300, count), np.arange(count) * 20.0,
                            rng.uniform(1, 50, (count, 2))])
    moves = []
    real = ctypes.memmove
    monkeypatch.setattr(ctypes, "memmove",
                        lambda dst, src, n: moves.append(n) or real(dst, src, n))
    with Layout(lambda s: count, style="custom", viewport=(0, 0, 400, 800),
                custom_frames=lambda s, first, n, extent: data[first:first + n]) as layout:
        assert sum(moves) >= count * 32  # whole batches, one memmove each
        assert len(moves) <= count // 100 + 8
        monkeypatch.setattr(ctypes, "memmove", real)
        out = layout.elements_in_rect_array((0, -1, 400, 20 * count + 100))
        cells = np.sort(out[out["category"] == 0], order="item")
        got = np.column_stack([cells["frame"][f] for f in ("x", "y", "width", "height")])
        assert np.array_equal(got, data)


def test_custom_invalidate_items_asks_only_them():
    source = Frames(VERTICAL_FRAMES)
    with Layout(lambda s: 3, style="custom", custom_frames=source,
                viewport=(0, 0, 300, 500)) as layout:
        source.calls.clear()
        source.frames[1] = (120, 10, 80, 200)
        layout.invalidate_items([(0, 1)])
        assert [(first, count) for _, first, count, _ in source.calls] == [(1, 1)]
        assert layout.cell(0, 1).frame == (120, 10, 80, 200)
        assert layout.content_size == (300, 210)


class Boom(Exception):
    pass


def test_custom_callback_exception_propagates_and_keeps_the_layout():
    source = Frames(VERTICAL_FRAMES)
    source.error = error = Boom("no frames")
    with pytest.raises(Boom) as caught:
        Layout(lambda s: 3, style="custom", viewport=(0, 0, 300, 500), custom_frames=source)
    assert caught.value is error
    source.error = None
    with Layout(lambda s: 3, style="custom", custom_frames=source,
                viewport=(0, 0, 300, 500)) as layout:
        good = layout.all_elements()
        for call in (layout.invalidate, lambda: layout.invalidate_items([(0, 2)])):
            source.error = error
            with pytest.raises(Boom) as caught:
                call()
            assert caught.value is error  # the same object, from the call that made it ask
            source.error = None
            assert layout.all_elements() == good


@pytest.mark.parametrize("bad", [
    [(0, 0, math.nan, 1)] * 3, [(0, math.inf, 1, 1)] * 3, [(0, 0, -1, 1)] * 3,
    [(0, 0, 1, -1)] * 3, [(0, -5, 1, 1)] * 3,  # a negative scroll-axis origin
    [(0, 0, 1, 1)] * 2, [(0, 0, 1)] * 3, [("a", 0, 1, 1)] * 3,
    np.zeros((3, 2)), np.zeros((2, 4)), np.array([[0, 0, np.nan, 1]] * 3)])
def test_bad_custom_frames(bad):
    source = Frames(VERTICAL_FRAMES)
    with Layout(lambda s: 3, style="custom", custom_frames=source,
                viewport=(0, 0, 300, 500)) as layout:
        good = layout.all_elements()
        with pytest.raises(BadCallbackDataError) as caught:
            Layout(lambda s: 3, style="custom", viewport=(0, 0, 300, 500),
                   custom_frames=lambda *args: bad).close()
        assert caught.value.status == _lib.CL_ERROR_BAD_CALLBACK_DATA and str(caught.value)
        source.frames = bad
        with pytest.raises(BadCallbackDataError):
            layout.invalidate()
        assert layout.all_elements() == good


def test_custom_negative_line_axis_origin_is_allowed():
    with Layout(lambda s: 1, style="custom", viewport=(0, 0, 300, 500),
                custom_frames=lambda *args: [(-20, 0, 10, 10)]) as layout:
        assert layout.cell(0, 0).frame == (-20, 0, 10, 10)


def test_custom_without_callback_and_with_inline_elements():
    with pytest.raises(BadCallbackDataError, match="custom"):
        Layout(lambda s: 3, style="custom", viewport=(0, 0, 300, 500))
    with pytest.raises(BadCallbackDataError):
        Layout(lambda s: 3, style="custom", viewport=(0, 0, 300, 500), kinds=["sep"],
               custom_frames=Frames(VERTICAL_FRAMES), inline_elements=lambda s: [("sep", 1, 2)])


def test_custom_callback_that_calls_its_own_layout():
    holder = {}

    def frames_of(section, first, count, extent):
        if "layout" in holder:
            holder["layout"].content_size
        return VERTICAL_FRAMES[first:first + count]

    with Layout(lambda s: 3, style="custom", custom_frames=frames_of,
                viewport=(0, 0, 300, 500)) as layout:
        holder["layout"] = layout
        with pytest.raises(ReentrantError):
            layout.invalidate()
        del holder["layout"]
        assert layout.content_size == (300, 105)


# ---- per-section decoration kinds -------------------------------------------------------------

DECORATIONS = [Decoration("background", coverage="section", z=-2),
               {"kind": "shadow", "scope": "item", "insets": (-2, -2, -4, -2)}]


@pytest.mark.parametrize("as_table", [False, True], ids=["callback", "table"])
def test_sections_show_only_the_kinds_they_list(as_table):
    rows = [None, {"decorations": ["shadow"]}, {"decorations": []}]
    metrics = rows if as_table else (lambda s: rows[s])
    with Layout(lambda s: 2, section_count=lambda: 3, item_size=(100, 40), header=20,
                line_spacing=0, interitem_spacing=0, alignment="leading",
                viewport=(0, 0, 300, 600), decorations=DECORATIONS,
                section_metrics=metrics) as layout:
        assert layout.decoration_kinds == {"background": layout.kind_id("background"),
                                           "shadow": layout.kind_id("shadow")}
        kinds = {(e.kind, e.section) for e in layout.elements() if e.category == "decoration"}
        assert kinds == {("background", 0), ("shadow", 0), ("shadow", 1)}
        assert layout.decoration("background", 0).frame == (0, 0, 300, 60)
        assert layout.decoration("shadow", 1, 1).frame == (98, 78, 104, 46)
        for section, kind in ((1, "background"), (2, "background"), (2, "shadow")):
            with pytest.raises(OutOfRangeError):
                layout.decoration(kind, section)


def test_section_decorations_follow_invalidation():
    shown = {"decorations": []}
    with Layout(lambda s: 1, viewport=(0, 0, 100, 100), decorations=["bg"],
                section_metrics=lambda s: shown) as layout:
        assert not [e for e in layout.elements() if e.category == "decoration"]
        shown["decorations"] = ["bg"]
        layout.invalidate_sections([0])
        assert layout.decoration("bg", 0).frame == (0, 0, 100, 50)
        shown["decorations"] = None  # None: every registered kind
        layout.add_decoration("card", coverage="items")
        layout.invalidate_sections([0])
        assert {e.kind for e in layout.elements() if e.category == "decoration"} == {"bg", "card"}


def test_bad_section_decorations():
    with pytest.raises(UnknownKindError, match="'card'"):
        Layout(lambda s: 1, decorations=["bg"], section_metrics=lambda s: {"decorations": ["card"]})
    with pytest.raises(InvalidArgumentError, match="decorations must be a list"):
        Layout(lambda s: 1, decorations=["bg"], section_metrics=lambda s: {"decorations": "bg"})
    with pytest.raises(InvalidArgumentError, match="decoration"):
        Layout(lambda s: 1, decorations=[{"scope": "item"}])
    with pytest.raises(InvalidArgumentError):
        Layout(lambda s: 1, decorations=[Decoration("bg", scope="page")])


# ---- bad input for each new field -------------------------------------------------------------

@pytest.mark.parametrize("columns", [0, -1, -2**31])
def test_columns_below_one(columns):
    with pytest.raises(InvalidArgumentError, match="columns"):
        Layout(lambda s: 3, style="grid", columns=columns)
    with Layout(lambda s: 3, style="grid", viewport=(0, 0, 100, 100)) as layout:
        good = layout.all_elements()
        with pytest.raises(BadCallbackDataError, match="columns"):
            Layout(lambda s: 3, style="grid", section_metrics=lambda s: {"columns": columns})
        with pytest.raises(BadCallbackDataError):
            Layout(lambda s: 3, section_metrics=[{"style": "waterfall", "columns": columns}])
        assert layout.all_elements() == good


@pytest.mark.parametrize("columns, error", [("3", TypeError), (2.5, TypeError),
                                            (2**40, InvalidArgumentError)])
def test_columns_of_the_wrong_type(columns, error):
    with pytest.raises(error, match="columns"):
        Layout(lambda s: 3, style="grid", columns=columns)


@pytest.mark.parametrize("style", ["masonry", "", 2, "Grid"])
def test_unknown_styles(style):
    with pytest.raises(InvalidArgumentError, match="style must be one of"):
        Layout(lambda s: 3, style=style)


def test_element_limit():
    # sections, items and inline elements together: 1 + 3 + 1 = 5
    inline = lambda s: [("sep", 1, 1)]
    Layout(lambda s: 3, element_limit=5, inline_elements=inline, kinds=["sep"]).close()
    with pytest.raises(LimitError) as caught:
        Layout(lambda s: 4, element_limit=5, inline_elements=inline, kinds=["sep"])
    assert caught.value.status == _lib.CL_ERROR_LIMIT and "5" in str(caught.value)
    counts = [3]
    with Layout(lambda s: counts[s], element_limit=4, viewport=(0, 0, 100, 100)) as layout:
        counts[0] = 4
        with pytest.raises(LimitError):
            layout.invalidate()
        assert layout.item_count(0) == 3  # the last good layout


def test_a_huge_count_fails_before_any_size_is_asked():
    asked = []
    with pytest.raises(LimitError):
        Layout(lambda s: 10**12, item_sizes=lambda s, f, c: asked.append(c) or [(1, 1)] * c)
    with pytest.raises(LimitError):
        Layout(lambda s: 1000, section_count=lambda: 2**28,
               item_sizes=lambda s, f, c: asked.append(c) or [(1, 1)] * c)
    assert asked == []


@pytest.mark.parametrize("limit, error", [
    (-1, InvalidArgumentError), (_lib.CL_MAX_ITEMS + 1, InvalidArgumentError),
    ("many", TypeError), (2**64, OutOfRangeError)])
def test_bad_element_limits(limit, error):
    with pytest.raises(error):
        Layout(lambda s: 1, element_limit=limit)
