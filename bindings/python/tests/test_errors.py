"""Bad input (SPEC §11): each gets its status, exception and message, and the layout keeps its
last good state, still queryable."""

from __future__ import annotations

import ctypes
import math
import traceback

import numpy as np
import pytest

from collectionlayout import (BadCallbackDataError, BufferTooSmallError, CallbackError,
                              CollectionLayoutError, InvalidArgumentError, InvalidHandleError,
                              Layout, OutOfRangeError, ReentrantError, UnknownKindError, _lib)
from conftest import GRID

BAD_NUMBERS = [math.nan, math.inf, -math.inf, -1.0]


class Data:
    """A mutable data source: one section of `count` items of `size`, plus metrics."""

    def __init__(self):
        self.count = 7
        self.size = (90, 90)
        self.metrics: dict = {}
        self.error: BaseException | None = None

    def item_count(self, section):
        if self.error is not None:
            raise self.error
        return self.count

    def item_sizes(self, section, first, count):
        return [self.size] * count

    def section_metrics(self, section):
        return self.metrics


@pytest.fixture
def data():
    return Data()


@pytest.fixture
def layout(data):
    with Layout(data.item_count, item_sizes=data.item_sizes,
                section_metrics=data.section_metrics, **GRID) as layout:
        yield layout


def assert_last_good(layout):
    """The layout still answers with the grid it had."""
    assert layout.content_size == (320, 354)
    assert layout.cell(0, 6).frame == (10, 254, 90, 90)
    assert len(layout.elements()) == 8


def assert_error(caught, cls, status):
    assert type(caught.value) is cls
    assert caught.value.status == status
    assert str(caught.value)  # a message, not empty


# ---- handles --------------------------------------------------------------------------------

def test_closed_layout_raises_invalid_handle_on_every_call(layout):
    layout.close()
    calls = [lambda: layout.content_size, lambda: layout.section_count,
             lambda: layout.item_count(0), lambda: layout.viewport,
             lambda: layout.set_viewport((0, 0, 1, 1)), lambda: layout.invalidate(),
             lambda: layout.invalidate_items([(0, 0)]), lambda: layout.all_elements(),
             lambda: layout.invalidate_sections([0]), lambda: layout.elements_in_rect((0, 0, 9, 9)),
             lambda: layout.elements_in_rect_array((0, 0, 9, 9)), lambda: layout.cell(0, 0),
             lambda: layout.register_kind("x"), lambda: layout.kind_name(7),
             lambda: layout.add_decoration("bg"), lambda: layout.handle]
    for call in calls:
        with pytest.raises(InvalidHandleError) as caught:
            call()
        assert_error(caught, InvalidHandleError, _lib.CL_ERROR_INVALID_HANDLE)


def test_null_handle_in_the_c_api():
    lib = _lib.lib()
    size = _lib.cl_size()
    assert lib.cl_layout_content_size(None, ctypes.byref(size)) == _lib.CL_ERROR_INVALID_HANDLE
    assert lib.cl_layout_last_error(None)  # the handle-less message
    lib.cl_layout_destroy(None)  # a no-op


# ---- counts and sizes -----------------------------------------------------------------------

def test_negative_count_at_create():
    with pytest.raises(BadCallbackDataError) as caught:
        Layout(lambda section: -1)
    assert_error(caught, BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA)


def test_negative_section_count_at_create():
    with pytest.raises(BadCallbackDataError):
        Layout(lambda section: 1, section_count=lambda: -3)


def test_negative_count_keeps_the_last_good_layout(layout, data):
    data.count = -1
    with pytest.raises(BadCallbackDataError) as caught:
        layout.invalidate()
    assert_error(caught, BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA)
    assert_last_good(layout)


def test_a_count_that_is_not_an_integer(layout, data):
    data.count = 2.5
    with pytest.raises(TypeError, match="item_count"):
        layout.invalidate()
    assert_last_good(layout)


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_bad_sizes_keep_the_last_good_layout(layout, data, bad):
    for size in [(bad, 90), (90, bad)]:
        data.size = size
        with pytest.raises(BadCallbackDataError) as caught:
            layout.invalidate()
        assert_error(caught, BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA)
        assert_last_good(layout)
        with pytest.raises(BadCallbackDataError):
            layout.invalidate_items([(0, 3)])
        assert_last_good(layout)


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_bad_sizes_at_create(bad):
    with pytest.raises(BadCallbackDataError):
        Layout.from_sizes([[(10, 10), (bad, 10)]])
    with pytest.raises(BadCallbackDataError):
        Layout.from_sizes(np.array([[10.0, bad]]))


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_bad_default_item_size(bad):
    with pytest.raises(InvalidArgumentError) as caught:
        Layout(lambda s: 1, item_size=(bad, 10))
    assert_error(caught, InvalidArgumentError, _lib.CL_ERROR_INVALID_ARGUMENT)


@pytest.mark.parametrize("result", [
    [(1, 1)] * 6,  # one too few
    [(1, 1)] * 8,  # one too many
    [(1, 1, 1)] * 7,  # not pairs
    [("a", 1)] * 7,  # not numbers
    np.ones((7, 3)),  # wrong shape
    np.ones((6, 2)),
    np.ones(14),
])
def test_wrong_shape_from_item_sizes(layout, data, result):
    layout_sizes = data.item_sizes
    data.item_sizes = None
    with pytest.raises(BadCallbackDataError) as caught:
        Layout(data.item_count, item_sizes=lambda s, f, c: result, **GRID)
    assert caught.value.status == _lib.CL_ERROR_BAD_CALLBACK_DATA
    assert "item_sizes" in str(caught.value)
    data.item_sizes = layout_sizes
    assert_last_good(layout)


def test_from_sizes_refuses_arrays_of_the_wrong_shape():
    with pytest.raises(InvalidArgumentError, match="shape"):
        Layout.from_sizes([np.ones((3, 3))])


# ---- metrics: via the callback and via the constructor ----------------------------------------

METRICS = ["line_spacing", "interitem_spacing", "header", "footer"]


@pytest.mark.parametrize("bad", BAD_NUMBERS)
@pytest.mark.parametrize("key", METRICS + ["insets"])
def test_bad_metrics_from_the_callback(layout, data, key, bad):
    data.metrics = {key: (0, bad, 0, 0) if key == "insets" else bad}
    with pytest.raises(BadCallbackDataError) as caught:
        layout.invalidate_sections([0])
    assert_error(caught, BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA)
    assert_last_good(layout)
    with pytest.raises(BadCallbackDataError):
        layout.invalidate()
    assert_last_good(layout)


@pytest.mark.parametrize("bad", BAD_NUMBERS)
@pytest.mark.parametrize("key", METRICS + ["insets"])
def test_bad_metrics_in_the_constructor(key, bad):
    with pytest.raises(InvalidArgumentError) as caught:
        Layout(lambda s: 1, **{key: (bad, 0, 0, 0) if key == "insets" else bad})
    assert_error(caught, InvalidArgumentError, _lib.CL_ERROR_INVALID_ARGUMENT)


@pytest.mark.parametrize("options", [
    {"direction": "diagonal"}, {"alignment": "left"}, {"cross_alignment": "middle"},
    {"insets": (1, 2, 3)}, {"viewport": (0, 0, 1)}, {"item_size": "big"}])
def test_bad_option_values(options):
    with pytest.raises(InvalidArgumentError):
        Layout(lambda s: 1, **options)


def test_unknown_metric_from_the_callback(layout, data):
    data.metrics = {"spacing": 3}
    with pytest.raises(InvalidArgumentError, match="unknown section metric 'spacing'"):
        layout.invalidate_sections([0])
    assert_last_good(layout)


@pytest.mark.parametrize("viewport", [(0, 0, math.nan, 10), (math.inf, 0, 10, 10),
                                      (0, 0, -5, 10)])
def test_bad_viewport(layout, viewport):
    with pytest.raises(InvalidArgumentError) as caught:
        layout.set_viewport(viewport)
    assert_error(caught, InvalidArgumentError, _lib.CL_ERROR_INVALID_ARGUMENT)
    assert layout.viewport == GRID["viewport"]
    assert_last_good(layout)


def test_bad_query_rect(layout):
    with pytest.raises(InvalidArgumentError):
        layout.elements_in_rect((0, 0, math.nan, 10))


# ---- index paths and kinds ------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda l: l.cell(0, 7), lambda l: l.cell(0, -1), lambda l: l.cell(1, 0),
    lambda l: l.footer(0), lambda l: l.header(3), lambda l: l.item_count(1),
    lambda l: l.item_count(-1), lambda l: l.invalidate_items([(0, 7)]),
    lambda l: l.invalidate_items([(2, 0)]), lambda l: l.invalidate_sections([1]),
    lambda l: l.supplementary("header", 0, 1)])
def test_out_of_range(layout, call):
    with pytest.raises(OutOfRangeError) as caught:
        call(layout)
    assert_error(caught, OutOfRangeError, _lib.CL_ERROR_OUT_OF_RANGE)
    assert isinstance(caught.value, IndexError)
    assert_last_good(layout)


def test_index_beyond_64_bits(layout):
    with pytest.raises(OutOfRangeError):
        layout.cell(0, 2**70)


def test_unknown_kinds(layout):
    with pytest.raises(UnknownKindError) as caught:
        layout.supplementary("badge", 0)
    assert_error(caught, UnknownKindError, _lib.CL_ERROR_UNKNOWN_KIND)
    with pytest.raises(UnknownKindError) as caught:
        layout.kind_name(99)
    assert_error(caught, UnknownKindError, _lib.CL_ERROR_UNKNOWN_KIND)
    with pytest.raises(UnknownKindError):
        layout.decoration(42, 0)
    assert_last_good(layout)


@pytest.mark.parametrize("name", ["", "x" * 64, "bad\udcff"])
def test_bad_kind_names(layout, name):
    with pytest.raises((InvalidArgumentError, UnicodeEncodeError)):
        layout.register_kind(name)
    assert_last_good(layout)


@pytest.mark.parametrize("options", [{"scope": "page"}, {"coverage": "all"},
                                     {"insets": (math.nan, 0, 0, 0)}])
def test_bad_decorations(layout, options):
    with pytest.raises(InvalidArgumentError):
        layout.add_decoration("bg", **options)
    assert_last_good(layout)


@pytest.mark.parametrize("inline", [
    [("sep", 99, 1)], [("sep", -1, 1)],
    [("sep", 0, math.nan)], [("sep", 0, -2)], [("sep", 0, math.inf)]])
def test_bad_inline_elements(layout, data, inline):
    with pytest.raises(BadCallbackDataError) as caught:
        Layout(lambda s: 3, inline_elements=lambda s: inline)
    assert_error(caught, BadCallbackDataError, _lib.CL_ERROR_BAD_CALLBACK_DATA)


def test_inline_elements_that_are_not_triples():
    with pytest.raises(BadCallbackDataError, match="not \\(kind, before, extent\\)"):
        Layout(lambda s: 3, inline_elements=lambda s: [("sep", 1)])


# ---- callbacks ------------------------------------------------------------------------------

class Boom(Exception):
    pass


def test_the_callbacks_own_exception_propagates(layout, data):
    data.error = Boom("no data")
    with pytest.raises(Boom) as caught:
        layout.invalidate()
    assert caught.value is data.error  # the same object
    frames = [frame.name for frame in traceback.extract_tb(caught.value.__traceback__)]
    assert "item_count" in frames  # with the callback's own traceback
    data.error = None
    assert_last_good(layout)


def test_an_exception_at_create_propagates():
    error = KeyError("missing")

    def sizes(section, first, count):
        raise error

    with pytest.raises(KeyError) as caught:
        Layout(lambda s: 3, item_sizes=sizes)
    assert caught.value is error


def test_a_callback_may_use_another_layout(layout, data):
    seen = []

    def sizes(section, first, count):
        seen.append(layout.content_size)  # a different layout: allowed
        return [(90, 90)] * count

    with Layout(data.item_count, item_sizes=sizes, **GRID) as other:
        assert seen == [(320, 354)] and other.content_size == (320, 354)


def test_a_callback_that_calls_its_own_layout():
    holder = {}

    def sizes(section, first, count):
        if "layout" in holder:
            holder["layout"].item_count(0)  # re-entrant: the library refuses
        return [(10, 10)] * count

    with Layout(lambda s: 3, item_sizes=sizes, viewport=(0, 0, 100, 100)) as layout:
        good = layout.elements()
        holder["layout"] = layout
        with pytest.raises(ReentrantError) as caught:
            layout.invalidate()
        assert caught.value.status == _lib.CL_ERROR_REENTRANT and str(caught.value)
        assert layout.elements() == good


def test_a_callback_that_uses_the_layout_while_it_is_created():
    holder = {}

    def count(section):
        holder["layout"].content_size  # not created yet
        return 1

    holder["layout"] = Layout.__new__(Layout)
    holder["layout"]._handle, holder["layout"]._closed = None, False
    with pytest.raises(ReentrantError):
        Layout(count)


def test_callback_error_status_from_the_c_api():
    # a C-level callback that reports failure without a Python exception
    source = _lib.lib().cl_data_source_default()
    assert source.struct_size == ctypes.sizeof(_lib.cl_data_source)
    source.item_count = _lib.ITEM_COUNT_FN(lambda user, section, out: 7)
    definition = _lib.lib().cl_layout_def_default()
    handle = ctypes.c_void_p()
    status = _lib.lib().cl_layout_create(ctypes.byref(definition), ctypes.byref(source),
                                         ctypes.byref(handle))
    assert status == _lib.CL_ERROR_CALLBACK and not handle.value
    assert _lib.lib().cl_layout_last_error(None)


# ---- buffers --------------------------------------------------------------------------------

def test_too_small_buffer_through_the_raw_table(layout):
    lib = _lib.lib()
    count = ctypes.c_int64()
    everything = _lib.cl_rect(0, 0, 320, 354)
    # NULL with capacity 0 only counts.
    size = ctypes.sizeof(_lib.cl_attributes)
    assert lib.cl_layout_elements_in_rect(layout.handle, everything, None, 0, size,
                                          ctypes.byref(count)) == _lib.CL_OK
    assert count.value == 8
    buffer = (_lib.cl_attributes * 3)()
    status = lib.cl_layout_elements_in_rect(layout.handle, everything, buffer, 3, size,
                                            ctypes.byref(count))
    assert status == _lib.CL_ERROR_BUFFER_TOO_SMALL and count.value == 8
    buffer = (_lib.cl_attributes * 8)()
    assert lib.cl_layout_elements_in_rect(layout.handle, everything, buffer, 8, size,
                                          ctypes.byref(count)) == _lib.CL_OK
    assert count.value == 8
    assert_last_good(layout)


def test_errors_share_one_base():
    for cls in (InvalidHandleError, InvalidArgumentError, OutOfRangeError, CallbackError,
                BadCallbackDataError, ReentrantError, BufferTooSmallError, UnknownKindError):
        assert issubclass(cls, CollectionLayoutError)


def test_queries_retry_when_the_buffer_turns_out_too_small(layout, monkeypatch):
    query = layout._query  # the prepared query: its buffer is reused from call to call
    real = query._function
    calls = []

    def under_counting(handle, rect, buffer, capacity, size, out_count):
        # the first answer claims a needed count still smaller than there are elements
        calls.append(capacity.value)
        if len(calls) == 1:
            out_count._obj.value = 2
            return _lib.CL_ERROR_BUFFER_TOO_SMALL
        return real(handle, rect, buffer, capacity, size, out_count)

    monkeypatch.setattr(query, "_function", under_counting)
    query._grow(2)  # a buffer of two elements: too small for the eight in the rect
    assert len(layout.elements_in_rect((0, 0, 320, 354))) == 8
    assert len(layout.elements_in_rect_array((0, 0, 320, 354))) == 8
    assert calls[0] == 2 and calls[1] >= 4  # grown, never shrunk below what was asked
