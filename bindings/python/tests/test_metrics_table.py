"""SectionMetricsTable: every section's metrics at once, resolved into C structs once."""

from __future__ import annotations

import math

import numpy as np
import pytest

from collectionlayout import (BadCallbackDataError, InvalidArgumentError, Layout,
                              SectionMetricsTable, UnknownKindError)

ROWS = [{"header": 30, "insets": (5, 5, 5, 5)}, None,
        {"footer": 12.5, "alignment": "leading", "cross_alignment": "end", "line_spacing": 3},
        {"style": "orthogonal", "rows": 2, "interitem_spacing": 7}, {}]
SIZES = [[(40 + 10 * (i % 5), 20 + 7 * (i % 3)) for i in range(9)] for _ in ROWS]
OPTIONS = dict(viewport=(0, 0, 200, 900))


def layout_with(metrics, **options):
    return Layout.from_sizes(SIZES, section_metrics=metrics, **{**OPTIONS, **options})


def test_a_table_lays_out_as_the_callback():
    with layout_with(lambda s: ROWS[s]) as expected, layout_with(ROWS) as listed, \
            layout_with(SectionMetricsTable(ROWS)) as table:
        assert listed.all_elements() == expected.all_elements() == table.all_elements()


def test_columns_form_with_numpy_and_scalars():
    count = len(SIZES)
    header = np.array([30.0, 0, 0, 0, 0])
    columns = SectionMetricsTable(header=header, insets=[(5, 5, 5, 5)] + [(0, 0, 0, 0)] * 4,
                                  line_spacing=np.array([10.0, 10, 3, 10, 10]),
                                  interitem_spacing=[10, 10, 10, 7, 10],
                                  footer=[0, 0, 12.5, 0, 0],
                                  alignment=["justified", "justified", "leading", "justified",
                                             "justified"],
                                  cross_alignment=["center", "center", "end", "center", "center"],
                                  style=["flow", "flow", "flow", "orthogonal", "flow"],
                                  rows=np.array([1, 1, 1, 2, 1]))
    assert len(columns) == count
    with layout_with(lambda s: ROWS[s]) as expected, layout_with(columns) as table:
        assert table.all_elements() == expected.all_elements()
    with layout_with(SectionMetricsTable(count=count, header=12.0)) as same, \
            layout_with(lambda s: {"header": 12}) as expected:
        assert same.all_elements() == expected.all_elements()


def test_set_changes_one_row():
    table = SectionMetricsTable(ROWS)
    with layout_with(table) as layout:
        table.set(1, header=40)
        layout.invalidate_sections([1])
        assert layout.header(1).frame[3] == 40
        assert layout.header(0).frame[3] == 30  # the other rows stay
    columns = SectionMetricsTable(count=len(SIZES), header=np.zeros(len(SIZES)))
    with layout_with(columns) as layout:
        columns.set(4, header=9)
        layout.invalidate_sections([4])
        assert layout.header(4).frame[3] == 9
    with pytest.raises(IndexError):
        table.set(len(ROWS), header=1)


def test_decorations_by_name_in_a_table():
    table = SectionMetricsTable(decorations=[["bg"], [], None, ["bg"], []])
    with layout_with(table, decorations=["bg"]) as layout:
        assert {e.section for e in layout.all_elements() if e.kind == "bg"} == {0, 2, 3}


def test_unknown_decorations_in_a_table():
    with pytest.raises(UnknownKindError, match="'card'"):
        layout_with(SectionMetricsTable(count=5, decorations=["card"]), decorations=["bg"])


@pytest.mark.parametrize("bad", [math.nan, -1.0, math.inf])
def test_bad_values_in_a_table(bad):
    with pytest.raises(BadCallbackDataError):
        layout_with(SectionMetricsTable(count=5, header=bad))
    with pytest.raises(BadCallbackDataError):
        layout_with([None, {"line_spacing": bad}, None, None, None])


def test_bad_tables():
    with pytest.raises(InvalidArgumentError, match="unknown section metric 'spacing'"):
        SectionMetricsTable(spacing=[1, 2])
    with pytest.raises(InvalidArgumentError, match="different lengths"):
        SectionMetricsTable(header=[1, 2], footer=[1, 2, 3])
    with pytest.raises(InvalidArgumentError, match="count"):
        SectionMetricsTable(header=1.0)
    with pytest.raises(InvalidArgumentError, match="unknown section metric 'colour'"):
        layout_with([{"colour": 1}] * 5)
    with pytest.raises(InvalidArgumentError, match="style must be one of"):
        layout_with(SectionMetricsTable(count=5, style="masonry"))
    # fewer rows than sections: the library is told which section was missing
    with pytest.raises(BadCallbackDataError, match="has 2 sections"):
        layout_with([None, None])


def test_a_table_over_arrays_is_read_in_place():
    # from_sizes gives the library arrays: the resolved rows are one of them (no Python call
    # per section), and set() changes a row in place.
    table = SectionMetricsTable(ROWS)
    arrays = [np.array(section, dtype=np.float64) for section in SIZES]
    with Layout.from_sizes(arrays, section_metrics=table, **OPTIONS) as layout, \
            layout_with(lambda s: ROWS[s]) as expected:
        assert layout._source.arrays.section_metrics
        assert layout.all_elements() == expected.all_elements()
        table.set(2, footer=20)
        layout.invalidate_sections([2])
        assert layout.footer(2).frame[3] == 20
        assert layout.header(0).frame[3] == 30
        # a bad row is reported at the next pass (by the library, or when it does not resolve)
        table.set(1, header=math.nan)
        with pytest.raises(BadCallbackDataError):
            layout.invalidate_sections([1])
        table.set(1, header=0, style="masonry")
        with pytest.raises(InvalidArgumentError, match="style must be one of"):
            layout.invalidate_sections([1])
