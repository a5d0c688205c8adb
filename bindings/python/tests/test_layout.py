"""The Layout API: constructors, options, queries, kinds, decorations, invalidation, lifetime."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

from collectionlayout import Attributes, InvalidHandleError, Layout
from collectionlayout._abi import CL_KIND_FIRST_USER
from conftest import GRID, assert_same_elements


def grid_elements(layout):
    return layout.elements()


def test_callables_make_the_same_layout_as_sizes(grid):
    calls = []

    def sizes(section, first, count):
        calls.append((section, first, count))
        return [(90, 90)] * count

    with Layout(lambda section: 7, item_sizes=sizes, **GRID) as layout:
        assert_same_elements(layout.elements(), grid.elements())
    assert calls and all(count >= 1 for _, _, count in calls)
    assert sum(count for _, _, count in calls) == 7  # one pass asks each size once


def test_item_size_without_item_sizes_callback(grid):
    with Layout(lambda section: 7, item_size=(90, 90), **GRID) as layout:
        assert_same_elements(layout.elements(), grid.elements())


def test_section_count_callback_and_item_count():
    with Layout(lambda section: section + 2, section_count=lambda: 3) as layout:
        assert layout.section_count == 3
        assert [layout.item_count(s) for s in range(3)] == [2, 3, 4]


def test_default_is_one_section():
    with Layout(lambda section: 4) as layout:
        assert layout.section_count == 1 and layout.item_count(0) == 4


def test_library_defaults_are_uikits():
    # 50x50 items, spacing 10, no insets: two items per line in 110 points
    with Layout(lambda section: 3, viewport=(0, 0, 110, 100)) as layout:
        assert [layout.cell(0, i).frame for i in range(3)] == [
            (0, 0, 50, 50), (60, 0, 50, 50), (0, 60, 50, 50)]


def test_numpy_array_for_one_section(grid):
    with Layout.from_sizes(np.full((7, 2), 90.0), **GRID) as layout:
        assert_same_elements(layout.elements(), grid.elements())


def test_list_of_numpy_arrays_and_non_contiguous_input():
    tall = np.array([[40, 30], [50, 60]], dtype=np.int32)  # converted once to float64
    strided = np.full((6, 4), 25.0)[:, ::2]  # not C-contiguous
    with Layout.from_sizes([tall, strided], viewport=(0, 0, 200, 400)) as layout:
        assert layout.item_count(0) == 2 and layout.item_count(1) == 6
        assert layout.cell(0, 1).frame[2:] == (50, 60)
        assert layout.cell(1, 5).frame[2:] == (25, 25)


def test_callable_may_return_numpy_batches():
    sizes = np.arange(40, dtype=np.float64).reshape(20, 2) + 10

    with Layout(lambda s: 20, item_sizes=lambda s, first, count: sizes[first:first + count],
                viewport=(0, 0, 500, 500)) as layout:
        for item in range(20):
            assert layout.cell(0, item).frame[2:] == tuple(sizes[item])


def test_from_sizes_reads_changed_sizes_on_invalidation():
    sizes = [[(50, 50)] * 5]
    array = np.full((3, 2), 40.0)
    with Layout.from_sizes(sizes + [array], viewport=(0, 0, 300, 300)) as layout:
        sizes[0][2] = (80, 70)
        array[1] = (20, 30)
        layout.invalidate_items([(0, 2), (1, 1)])
        assert layout.cell(0, 2).frame[2:] == (80, 70)
        assert layout.cell(1, 1).frame[2:] == (20, 30)


def test_keyword_options_mirror_the_flow_def():
    with Layout(lambda s: 3, item_size=(40, 20), direction="horizontal",
                viewport=(0, 0, 300, 100), insets=(5, 6, 7, 8), line_spacing=3,
                interitem_spacing=4, header=11, footer=12, alignment="leading",
                cross_alignment="start", pin_headers=True, pin_footers=True) as layout:
        # horizontal: lines are columns; the header spans the height, 11 wide
        assert layout.header(0).frame == (0, 0, 11, 100)
        # screen insets: left is the scroll-axis leading inset, top the line-axis one
        assert layout.cell(0, 0).frame == (11 + 6, 5, 40, 20)
        assert layout.cell(0, 1).frame == (17, 5 + 20 + 4, 40, 20)
        width, height = layout.content_size
        assert height == 100
        assert layout.footer(0).frame == (width - 12, 0, 12, 100)
        assert layout.viewport == (0, 0, 300, 100)


def test_an_unknown_option_is_a_type_error_naming_the_options():
    from collectionlayout import SectionMetricsTable
    from collectionlayout.options import LAYOUT_OPTIONS
    for make in (lambda: Layout(lambda s: 3, heder=44),  # type: ignore[call-arg]
                 lambda: Layout.from_sizes([[(90, 90)] * 7], heder=44),  # type: ignore[call-arg]
                 lambda: Layout.orthogonal(lambda s: 3, heder=44)):  # type: ignore[call-arg]
        with pytest.raises(TypeError, match="unknown option 'heder' \\(did you mean 'header'\\?\\)") as info:
            make()
        assert all(name in str(info.value) for name in LAYOUT_OPTIONS)
    # from_sizes supplies the counts and sizes itself
    with pytest.raises(TypeError, match="unknown option 'section_count'"):
        Layout.from_sizes([[(90, 90)]], section_count=lambda: 1)  # type: ignore[call-arg]
    # a value of the wrong type is refused when it is converted, naming the option
    with pytest.raises(ValueError, match="header must be a number"):
        Layout(lambda s: 3, header="44")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown section metric 'heder'; known: insets"):
        SectionMetricsTable(count=2, heder=[1, 2])  # type: ignore[call-arg]


@pytest.mark.parametrize("alignment, xs", [
    ("leading", (0, 30)), ("center", (35, 65)), ("trailing", (70, 100)),
    # the last line of its run is spaced as if 2 more copies of its last item followed
    ("justified", (0, 20 + 10 + 10 / 3))])
def test_alignments(alignment, xs):
    with Layout(lambda s: 2, item_size=(20, 20), interitem_spacing=10, line_spacing=0,
                viewport=(0, 0, 120, 100), alignment=alignment) as layout:
        assert tuple(layout.cell(0, i).frame[0] for i in range(2)) == pytest.approx(xs)


@pytest.mark.parametrize("cross, y", [("center", 10), ("start", 0), ("end", 20)])
def test_cross_alignments(cross, y):
    sizes = [[(20, 40), (20, 20)]]
    with Layout.from_sizes(sizes, viewport=(0, 0, 100, 100), cross_alignment=cross) as layout:
        assert layout.cell(0, 1).frame[1] == y


def test_section_metrics_override_per_section():
    def metrics(section):
        return {"header": 30, "insets": (1, 2, 3, 4), "line_spacing": 0,
                "interitem_spacing": 0, "alignment": "leading",
                "cross_alignment": "end", "footer": 5} if section == 1 else None

    with Layout(lambda s: 2, section_count=lambda: 2, item_size=(10, 10),
                viewport=(0, 0, 100, 100), section_metrics=metrics) as layout:
        top = layout.content_size[1] - (30 + 1 + 10 + 3 + 5)
        assert layout.header(1).frame == (0, top, 100, 30)
        assert layout.cell(1, 0).frame == (2, top + 31, 10, 10)
        assert layout.cell(1, 1).frame == (12, top + 31, 10, 10)
        assert layout.footer(1).frame[1] == top + 30 + 1 + 10 + 3


def test_viewport_property_and_set_viewport(grid):
    grid.viewport = (0, 100, 320, 200)
    assert grid.viewport == (0, 100, 320, 200)
    grid.set_viewport((0, 0, 210, 480))  # narrower: two columns
    assert grid.cell(0, 2).frame[:2] == (10, 154)


def test_elements_in_rect(grid):
    found = grid.elements_in_rect((0, 0, 320, 100))
    assert sorted(e.key for e in found) == [("cell", "", 0, i) for i in range(3)] + [
        ("supplementary", "header", 0, 0)]
    assert all(isinstance(e, Attributes) for e in found)
    assert grid.elements_in_rect((0, 400, 320, 100)) == []


def test_attributes_and_conveniences(grid):
    cell = grid.cell(0, 4)
    assert cell == grid.attributes("cell", "", 0, 4) == grid.attributes(0, 0, 0, 4)
    assert (cell.category, cell.kind, cell.section, cell.item) == ("cell", "", 0, 4)
    assert (cell.z, cell.alpha, cell.hidden) == (0, 1.0, False)
    assert cell.to_dict() == {"category": "cell", "kind": "", "section": 0, "item": 4,
                              "frame": [115.0, 154.0, 90.0, 90.0], "z": 0, "alpha": 1.0,
                              "hidden": False, "scale": 1.0}
    assert grid.header(0) == grid.supplementary("header", 0) == grid.supplementary(1, 0, 0)
    with pytest.raises(AttributeError):
        cell.z = 3  # frozen


def test_kinds():
    with Layout(lambda s: 1, kinds=["separator"]) as layout:
        assert layout.kind_id("separator") == CL_KIND_FIRST_USER == layout.register_kind("separator")
        badge = layout.register_kind("badge")
        assert badge not in (0, 1, 2, 3, 4, 5)
        assert layout.kind_name(badge) == "badge" and layout.kind_id("badge") == badge
        assert [layout.kind_name(k) for k in (0, 1, 2, 3, 4)] == ["", "header", "footer", "global_header",
                                                                   "global_footer"]
        assert layout.register_kind("ünïcode") == layout.kind_id("ünïcode")


def test_inline_elements_with_declared_and_undeclared_kinds():
    def inline(section):
        return [("separator", 0, 2), ("separator", 3, 1), ("divider", 3, 12)]

    for kinds in (["separator", "divider"], []):  # undeclared: the binding registers them
        with Layout(lambda s: 6, item_size=(90, 50), viewport=(0, 0, 320, 800),
                    insets=(10, 10, 10, 10), inline_elements=inline, kinds=kinds) as layout:
            first = layout.supplementary("separator", 0, 0)
            assert first.frame == (10, 10, 300, 2)
            assert layout.cell(0, 0).frame[1] == 10 + 2 + 10
            after = layout.supplementary("separator", 0, 3)
            divider = layout.supplementary("divider", 0, 3)
            assert divider.frame[1] == after.frame[1] + 1 + 10
            assert layout.cell(0, 3).frame[1] == divider.frame[1] + 12 + 10


def test_inline_kinds_named_later_are_registered_on_invalidation():
    separators = []
    with Layout(lambda s: 4, item_size=(10, 10), viewport=(0, 0, 100, 100),
                inline_elements=lambda s: separators) as layout:
        assert not [e for e in layout.elements() if e.category == "supplementary"]
        separators.append(("rule", 2, 3))
        layout.invalidate_sections([0])
        assert layout.supplementary("rule", 0, 2).frame[3] == 3


def test_many_inline_elements_in_one_section():
    # more than any first buffer the library may offer: it asks again with enough room
    with Layout(lambda s: 300, item_size=(10, 10), viewport=(0, 0, 100, 100),
                inline_elements=lambda s: [("sep", i, 1) for i in range(0, 301, 2)],
                kinds=["sep"]) as layout:
        seps = [e for e in layout.elements() if e.kind == "sep"]
        assert len(seps) == 151


@pytest.mark.parametrize("coverage", ["body", "section", "items"])
def test_add_decoration(grid, coverage):
    kind = grid.add_decoration("background", coverage=coverage, insets=(1, 2, 3, 4), z=-5)
    decoration = grid.decoration("background", 0)
    assert decoration == grid.decoration(kind, 0, 0)
    assert decoration.category == "decoration" and decoration.z == -5
    expected = {"body": (2, 45, 314, 354 - 44 - 4),
                "section": (2, 1, 314, 354 - 4),
                "items": (12, 55, 310 - 10 - 6, 344 - 54 - 4)}[coverage]
    assert decoration.frame == pytest.approx(expected)


def test_item_scoped_decoration(grid):
    grid.add_decoration("shadow", scope="item", insets=(2, 2, -4, 2), z=-2)
    x, y, w, h = grid.cell(0, 5).frame
    assert grid.decoration("shadow", 0, 5).frame == (x + 2, y + 2, w - 4, h + 2)
    assert len([e for e in grid.elements() if e.kind == "shadow"]) == 7


def test_pinned_headers_follow_the_viewport():
    with Layout(lambda s: 20, section_count=lambda: 2, item_size=(100, 100),
                viewport=(0, 0, 100, 300), header=40, line_spacing=0,
                pin_headers=True) as layout:
        layout.viewport = (0, 500, 100, 300)
        header = layout.header(0)
        assert header.frame[1] == 500 and header.z == 10
        assert header in layout.elements_in_rect(layout.viewport)


def test_invalidate_asks_the_counts_again():
    counts = [3, 2]
    with Layout(lambda s: counts[s], section_count=lambda: len(counts), item_size=(10, 10),
                viewport=(0, 0, 100, 100)) as layout:
        counts[1] = 5
        layout.invalidate()  # header 0.4: cl_layout_invalidate_counts is gone
        assert layout.item_count(1) == 5
        counts.append(4)
        layout.invalidate()
        assert layout.section_count == 3 and layout.item_count(2) == 4


def test_invalidate_sections_asks_metrics_again():
    header = [0.0]
    with Layout(lambda s: 2, item_size=(10, 10), viewport=(0, 0, 100, 100),
                section_metrics=lambda s: {"header": header[0]}) as layout:
        header[0] = 25
        layout.invalidate_sections([0])
        assert layout.header(0).frame == (0, 0, 100, 25)
        layout.invalidate_sections([])  # nothing to do


def test_close_and_context_manager():
    layout = Layout(lambda s: 1)
    assert not layout.closed and "Layout" in repr(layout)
    layout.close()
    layout.close()  # idempotent
    assert layout.closed and "closed" in repr(layout)
    with pytest.raises(InvalidHandleError):
        layout.content_size
    with Layout(lambda s: 1) as inner:
        pass
    assert inner.closed


def test_an_unreferenced_layout_is_destroyed_with_its_callbacks():
    class Source:
        def __call__(self, section):
            return 2

    source = Source()
    layout = Layout(source)
    witness = weakref.ref(layout)
    source_witness = weakref.ref(source)
    del layout, source
    gc.collect()
    assert witness() is None and source_witness() is None  # no cycle kept alive by finalize


def test_callbacks_stay_alive_as_long_as_the_layout():
    layout = Layout(lambda s: 3, item_sizes=lambda s, f, c: [(5, 5)] * c)
    gc.collect()
    layout.invalidate()  # the trampolines are still callable
    assert layout.item_count(0) == 3
    layout.close()
