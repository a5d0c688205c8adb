"""Query results (header: cl_attributes, cl_section_scroll) and the prepared rect query.

A screen's query is on the frame budget's hot path: `RectQuery` keeps one buffer and the
ctypes arguments of cl_layout_elements_in_rect ready between calls (no counting call, no
allocation unless the buffer is too small), and `Attributes` is a named tuple built from the
buffer's rows in one pass."""

from __future__ import annotations

from collections.abc import Callable
from ctypes import byref, c_int64, c_size_t, c_void_p
from typing import Any, NamedTuple

import numpy as np

from . import _lib
from ._convert import CATEGORIES, Rect, RectLike, invalid
from .options import Category
from ._lib import ATTRIBUTES_SIZE, CL_ERROR_BUFFER_TOO_SMALL, CL_OK, cl_attributes, cl_rect

__all__ = ["Attributes", "SectionScroll", "ATTRIBUTES_DTYPE", "RectQuery"]

# numpy mirror of cl_attributes (same field names, offsets and size), for bulk queries.
ATTRIBUTES_DTYPE = np.dtype(cl_attributes)
VOID_DTYPE = np.dtype((np.void, ATTRIBUTES_SIZE))


class SectionScroll(NamedTuple):
    """The sideways scroll state of an orthogonal section (SPEC §4)."""

    offset: float
    content_extent: float  # the strip's extent: insets + columns + spacing
    max_offset: float


class Attributes(NamedTuple):
    """One element of the layout (SPEC §1). Immutable; compares by value."""

    category: Category  # "cell", "supplementary" or "decoration"
    kind: str  # "" for cells, "header", "footer" or a registered kind name
    section: int
    item: int
    frame: Rect  # (x, y, width, height) in content coordinates
    z: int
    alpha: float
    hidden: bool
    scale: float = 1.0  # a scroll effect's (SPEC §19), drawn about the frame's centre

    @property
    def key(self) -> tuple[Category, str, int, int]:
        """The element's identity (category, kind, section, item)."""
        return (self.category, self.kind, self.section, self.item)

    def to_dict(self) -> dict[str, Any]:
        """The element as in a scene dump (SPEC §12)."""
        result = self._asdict()
        result["frame"] = list(self.frame)
        return result


_new = tuple.__new__


def attributes_from_rows(rows: list[tuple[Any, ...]], kind_name: Callable[[int], str],
                         names: dict[int, str]) -> list[Attributes]:
    """Attributes from cl_attributes rows as tuples (numpy's tolist() of ATTRIBUTES_DTYPE:
    category, kind, section, item, frame, alpha, z, hidden, scale)."""
    categories = CATEGORIES
    try:
        return [_new(Attributes, (categories[c], names[k], s, i, f, z, a, h != 0, sc))
                for c, k, s, i, f, a, z, h, sc in rows]
    except KeyError:  # a kind registered through the raw table: learn its name
        for row in rows:
            kind_name(row[1])
        return attributes_from_rows(rows, kind_name, names)


def attributes_from_struct(c: cl_attributes, kind_name: Callable[[int], str]) -> Attributes:
    frame = c.frame
    return Attributes(CATEGORIES[c.category], kind_name(c.kind), c.section, c.item,
                      (frame.x, frame.y, frame.width, frame.height), c.z, c.alpha,
                      bool(c.hidden), c.scale)


class RectQuery:
    """cl_layout_elements_in_rect on one handle with its arguments prepared: a buffer reused
    from call to call (grown when the library says it is too small), the rect, capacity,
    element size and out count as ready ctypes objects, and the function without argtypes
    (the prepared objects already have the C types)."""

    __slots__ = ("_function", "_handle", "_rect", "_capacity", "_size", "_count",
                 "_count_ref", "buffer", "raw", "bytes", "_pointer", "_arguments", "fail")

    def __init__(self, handle: int, fail: Callable[[int], BaseException],
                 capacity: int = 128) -> None:
        cdll = _lib.lib()
        self._function = cdll._FuncPtr(("cl_layout_elements_in_rect", cdll))  # untyped copy
        self._function.restype = _lib.cl_status
        self._handle = c_void_p(handle)
        self._rect = cl_rect()
        self._size = c_size_t(ATTRIBUTES_SIZE)
        self._count = c_int64()
        self._count_ref = byref(self._count)
        self.fail = fail  # turns an error status into the exception to raise
        self._grow(capacity)

    def _grow(self, capacity: int) -> None:
        self.buffer = np.zeros(capacity, dtype=ATTRIBUTES_DTYPE)
        self.raw = self.buffer.view(VOID_DTYPE)  # copies as one memcpy, not field by field
        self.bytes = self.raw.data  # the elements' bytes (a memoryview), sliced without numpy
        self._pointer = c_void_p(self.buffer.ctypes.data)
        self._capacity = c_int64(capacity)
        # The call's arguments as one tuple (the rect changes in place): one load, not six.
        self._arguments = (self._handle, self._rect, self._pointer, self._capacity, self._size,
                           self._count_ref)

    def __call__(self, rect: RectLike) -> int:
        """Fills the buffer with the elements overlapping `rect`; returns their count."""
        area = self._rect
        try:
            area.x, area.y, area.width, area.height = rect
        except (TypeError, ValueError):
            raise invalid(f"a rect (x, y, width, height) must be 4 numbers, not {rect!r}") \
                from None
        while True:
            status = self._function(*self._arguments)
            if status == CL_OK:
                return self._count.value
            if status != CL_ERROR_BUFFER_TOO_SMALL:
                raise self.fail(status)
            self._grow(max(self._count.value, 2 * self._capacity.value))
