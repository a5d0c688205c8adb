"""The numpy paths: bulk sizes in, bulk attributes out."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from collectionlayout import ATTRIBUTES_DTYPE, Layout, _lib
from collectionlayout.errors import InvalidArgumentError
from collectionlayout.layout import CATEGORIES


def test_dtype_mirrors_cl_attributes():
    assert ATTRIBUTES_DTYPE.itemsize == ctypes.sizeof(_lib.cl_attributes)
    for name, _ in _lib.cl_attributes._fields_:
        assert ATTRIBUTES_DTYPE.fields[name][1] == getattr(_lib.cl_attributes, name).offset
    assert ATTRIBUTES_DTYPE["frame"].names == ("x", "y", "width", "height")


@pytest.fixture
def big():
    rng = np.random.default_rng(3)
    sections = [rng.integers(20, 120, size=(n, 2)).astype(np.float64) for n in (500, 1, 0, 800)]
    with Layout.from_sizes(sections, viewport=(0, 0, 400, 900), header=30, footer=10,
                           insets=(5, 5, 5, 5), pin_headers=True) as layout:
        layout.add_decoration("bg")
        yield layout


@pytest.mark.parametrize("rect", [(0, 0, 400, 900), (-50, 3000, 500, 1234.5), (0, 0, 0, 0),
                                  (100, 100, 1, 1), (0, -1e9, 400, 2e9)])
def test_bulk_equals_objects(big, rect):
    objects = big.elements_in_rect(rect)
    array = big.elements_in_rect_array(rect)
    assert array.dtype == ATTRIBUTES_DTYPE and len(array) == len(objects)
    for row, element in zip(array, objects):
        frame = row["frame"]
        assert (CATEGORIES[row["category"]], big.kind_name(int(row["kind"])), int(row["section"]),
                int(row["item"])) == element.key
        assert (frame["x"], frame["y"], frame["width"], frame["height"]) == element.frame
        assert (row["z"], row["alpha"], bool(row["hidden"])) == (element.z, element.alpha,
                                                                  element.hidden)


def test_bulk_sizes_are_read_in_place_without_python_calls(monkeypatch):
    # from_sizes hands the arrays to the library (cl_array_source): no Python call, no memmove
    # per section or batch, however many sections
    moves = []
    real = ctypes.memmove
    monkeypatch.setattr(ctypes, "memmove", lambda dst, src, n: moves.append(n) or real(dst, src, n))
    sections = [np.full((k % 7, 2), 12.0 + k) for k in range(300)]
    with Layout.from_sizes(sections, viewport=(0, 0, 300, 300)) as layout:
        assert [layout.item_count(s) for s in range(300)] == [k % 7 for k in range(300)]
        assert layout.cell(299, 4).frame[2:] == (12.0 + 299, 12.0 + 299)
        sections[299][4] = (40.0, 50.0)  # in place, then invalidated
        layout.invalidate_items([(299, 4)])
        assert layout.cell(299, 4).frame[2:] == (40.0, 50.0)
    assert moves == []


def test_bulk_sizes_with_decorations_registered_first():
    # decorations named by the section metrics are registered before the sections come
    sizes = [np.full((3, 2), 20.0), np.full((2, 2), 30.0)]
    with Layout.from_sizes(sizes, viewport=(0, 0, 200, 400), decorations=["bg"],
                           section_metrics=lambda s: {"decorations": ["bg"] if s else []}) as layout:
        kinds = [(e.category, e.section) for e in layout.elements_in_rect((0, 0, 200, 400))
                 if e.category == "decoration"]
        assert kinds == [("decoration", 1)]
        assert layout.section_count == 2 and layout.item_count(1) == 2


def test_batch_updates_of_a_from_sizes_layout_read_the_list_it_holds():
    # layout.sizes is the list the library reads: sections replaced, inserted or removed there
    # before an update are read again (only the arrays that changed)
    with Layout.from_sizes([np.full((10, 2), 50.0), np.full((4, 2), 40.0)],
                           viewport=(0, 0, 390, 844)) as layout:
        layout.sizes[0] = np.insert(layout.sizes[0], 3, [[80.0, 60.0]], axis=0)
        layout.perform_batch_update(insert_items=[(0, 3)])
        assert layout.item_count(0) == 11 and layout.cell(0, 3).frame[2:] == (80.0, 60.0)
        layout.sizes.insert(1, np.full((2, 2), 30.0))
        layout.perform_batch_update(insert_sections=[1])
        assert layout.section_count == 3 and layout.cell(1, 1).frame[2:] == (30.0, 30.0)
        assert layout.cell(2, 3).frame[2:] == (40.0, 40.0)
        del layout.sizes[0]
        layout.perform_batch_update(delete_sections=[0])
        assert [layout.item_count(s) for s in range(2)] == [2, 4]
    assert Layout(lambda s: 1, viewport=(0, 0, 10, 10)).sizes is None


def test_sizes_with_counts_lay_out_as_a_list_of_arrays():
    # one (n, 2) array and each section's count: the same layout as the sections one by one,
    # with sections of no items anywhere
    rng = np.random.default_rng(9)
    counts = [3, 0, 7, 1, 0, 12]
    flat = rng.uniform(10, 120, (sum(counts), 2))
    starts = np.concatenate(([0], np.cumsum(counts)))
    listed = [flat[a:b].copy() for a, b in zip(starts[:-1], starts[1:])]
    options = dict(viewport=(0, 0, 300, 2000), header=12.0, line_spacing=4.0)
    with Layout.from_sizes(flat, counts=np.array(counts), **options) as split, \
            Layout.from_sizes(listed, **options) as one_by_one:
        assert split.section_count == len(counts)
        assert [split.item_count(s) for s in range(len(counts))] == counts
        assert split.all_elements() == one_by_one.all_elements()
        # the views are the caller's array: changed in place, they are read on invalidation
        flat[4] = (200.0, 30.0)
        split.invalidate_items([(2, 1)])
        assert split.cell(2, 1).frame[2:] == (200.0, 30.0)
        assert all(view.base is flat for view in split.sizes)


def test_sizes_with_counts_follow_updates_and_commits():
    flat = np.column_stack([np.arange(10, 22, dtype=np.float64) * 5, np.full(12, 40.0)])
    with Layout.from_sizes(flat, counts=[5, 7], viewport=(0, 0, 390, 844)) as layout:
        layout.sizes[0] = np.insert(layout.sizes[0], 2, [[80.0, 60.0]], axis=0)
        layout.perform_batch_update(insert_items=[(0, 2)])
        assert layout.item_count(0) == 6 and layout.cell(0, 2).frame[2:] == (80.0, 60.0)
        # a committed movement moves the item in the views the layout holds: asked everything
        # again, the layout is the committed one
        layout.begin_movement((1, 0))
        x, y, _, _ = layout.cell(1, 4).frame
        assert layout.update_movement(x + 1, y + 1) == (1, 4)
        layout.commit_movement()
        committed = layout.all_elements()
        layout.invalidate()
        assert layout.all_elements() == committed and layout.cell(1, 4).frame[2:] == (75.0, 40.0)


@pytest.mark.parametrize("counts, match", [([5, 6], "add up to 11 items, but the sizes array has 12"),
                                           ([13, -1], "must not be negative: section 1 has -1"),
                                           ([[6, 6]], "one per section"), ([6.0, 6.0], "integers")])
def test_sizes_with_bad_counts_are_refused(counts, match):
    with pytest.raises(InvalidArgumentError, match=match):
        Layout.from_sizes(np.ones((12, 2)), counts=counts)
    with pytest.raises(InvalidArgumentError, match="shape"):
        Layout.from_sizes(np.ones((12, 3)), counts=[12])


def test_the_layout_keeps_the_arrays_alive():
    layout = Layout.from_sizes([np.full((5, 2), 10.0)], viewport=(0, 0, 100, 100))
    import gc
    gc.collect()
    layout.invalidate()  # reads the arrays again
    assert layout.cell(0, 4).frame[2:] == (10, 10)
    layout.close()


def test_empty_rect_gives_an_empty_array(big):
    array = big.elements_in_rect_array((0, 1e7, 10, 10))
    assert array.shape == (0,) and array.dtype == ATTRIBUTES_DTYPE
