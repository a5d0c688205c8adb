"""The queries of a layout (header: "Queries"): content size, counts, elements in a rect, and
attributes by identity. A mixin of `Layout`, which provides the handle and the calls."""

from __future__ import annotations

from ctypes import POINTER, byref, c_int32, c_int64
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from . import _lib
from ._convert import CATEGORY_IDS, HIT_CATEGORIES, Rect, RectLike, enum, int64, number, rect
from ._lib import ATTRIBUTES_SIZE, cl_attributes, cl_size
from .attributes import (ATTRIBUTES_DTYPE, VOID_DTYPE, Attributes, RectQuery, attributes_from_rows,
                         attributes_from_struct)
from .errors import CollectionLayoutError, InvalidHandleError, OutOfRangeError
from .options import Category, HitCategories, Scope

if TYPE_CHECKING:
    import numpy.typing as npt


class ViewportChanges(NamedTuple):
    """Layout.viewport_changes: what came into view and what went out of it."""

    entered: list[Attributes]
    left: list[Attributes]


class Queries:
    """What a layout answers. Expects `_call`, `kind_name`, `kind_id`, `_kind_names`,
    `_query` (a RectQuery or None once closed) from the class it is mixed into."""

    _query: RectQuery | None
    # Layout.viewport_changes' buffers (entered, left), the layout's own, grown when too small.
    _change_buffers: tuple[npt.NDArray[np.void], ...]
    _kind_names: dict[int, str]
    _decoration_scopes: dict[str, Scope]
    _source: Any  # the DataSource

    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        def kind_name(self, kind: int) -> str: ...
        def kind_id(self, name: str | int) -> int: ...
        def _error(self, status: int, handle: int | None) -> CollectionLayoutError: ...
        @property
        def handle(self) -> int: ...

    @property
    def content_size(self) -> tuple[float, float]:
        size = cl_size()
        self._call("cl_layout_content_size", byref(size))
        return (size.width, size.height)

    @property
    def section_count(self) -> int:
        count = c_int64()
        self._call("cl_layout_section_count", byref(count))
        return count.value

    def item_count(self, section: int) -> int:
        count = c_int64()
        self._call("cl_layout_item_count", int64(section, "section"), byref(count))
        return count.value

    def _rect_query(self) -> RectQuery:
        query = self._query
        if query is None:
            self.handle  # raises the reason: closed, or being created
            raise InvalidHandleError("the layout is closed", _lib.CL_ERROR_INVALID_HANDLE)
        return query

    def elements_in_rect(self, rect: RectLike) -> list[Attributes]:
        """Every element whose frame overlaps rect with positive area (SPEC §9)."""
        query = self._rect_query()
        count = query(rect)
        return attributes_from_rows(query.buffer[:count].tolist(), self.kind_name,
                                    self._kind_names)

    def elements_in_rect_array(self, rect: RectLike,
                               out: npt.NDArray[np.void] | None = None) -> npt.NDArray[np.void]:
        """Like elements_in_rect, as a numpy structured array of dtype ATTRIBUTES_DTYPE (the
        fields of cl_attributes; kind is the id, see kind_name). A new array, or with `out`
        (an ATTRIBUTES_DTYPE array large enough) a view of `out`'s first elements, filled
        without allocating (a frame loop's way)."""
        query = self._rect_query()
        count = query(rect)
        if out is None:
            # A copy of the bytes read as the dtype: a third of what copy().view() costs.
            return np.frombuffer(bytearray(query.bytes[:count]), ATTRIBUTES_DTYPE)
        if out.dtype != ATTRIBUTES_DTYPE or out.ndim != 1 or len(out) < count:
            raise ValueError(f"out must be a 1-D ATTRIBUTES_DTYPE array of at least {count} "
                             f"elements, not {out.dtype} {out.shape}")
        out.view(VOID_DTYPE)[:count] = query.raw[:count]
        return out[:count]

    def elements(self) -> list[Attributes]:
        """Every element of positive area (a query of a rect around all the content). Elements
        of zero area exist too (SPEC §9): ask them by identity (attributes()), or see
        scene.dump, which lists them all."""
        width, height = self.content_size
        margin = 1e9  # decorations with negative insets may reach outside the content
        return self.elements_in_rect((-margin, -margin, width + 2 * margin, height + 2 * margin))

    def all_elements(self) -> list[Attributes]:
        """Every element, zero-area ones too (SPEC §9: a rect query never returns those, but
        they exist): the elements of positive area from one rect query, then the identities
        the layout knows (cells, headers, footers, the inline elements its data source gave,
        decorations by scope) that the query did not return, asked one by one. In section
        order: header, cells, inline elements, footer, decorations."""
        found = {element.key: element for element in self.elements()}
        result: list[Attributes] = []
        missing = OutOfRangeError

        def add(category: Category, kind: str, section: int, item: int) -> None:
            element = found.pop((category, kind, section, item), None)
            if element is None:
                try:
                    element = self.attributes(category, kind, section, item)
                except missing:  # not there: no header, a kind the section does not show
                    return
            result.append(element)

        inline = self._source.inline_known
        scopes = self._decoration_scopes
        for section in range(self.section_count):
            count = self.item_count(section)
            add("supplementary", "header", section, 0)
            for item in range(count):
                add("cell", "", section, item)
            for kind, before, _ in inline.get(section, ()):
                add("supplementary", kind, section, before)
            add("supplementary", "footer", section, 0)
            for kind, scope in scopes.items():
                for item in (range(count) if scope == "item" else (0,)):
                    add("decoration", kind, section, item)
        result.extend(found.values())  # anything else the query saw
        return result

    def attributes(self, category: Category | int, kind: str | int, section: int,
                   item: int) -> Attributes:
        """The attributes of one element by identity; OutOfRangeError if it does not exist."""
        if isinstance(category, str):
            category = enum(CATEGORY_IDS, category, "category")
        out = cl_attributes()
        self._call("cl_layout_attributes", int64(category, "category"), self.kind_id(kind),
                   int64(section, "section"), int64(item, "item"), byref(out), ATTRIBUTES_SIZE)
        return attributes_from_struct(out, self.kind_name)

    def element_at(self, x: float, y: float, categories: HitCategories = "cells") -> Attributes | None:
        """The topmost element whose frame, as presented at the viewport (pinned, at its section's
        offset, the live layout while a cell moves), holds the point: x <= px < x + w and
        y <= py < y + h (SPEC §21). `categories`: "cells" (cells only, as UIKit's
        indexPathForItem(at:)) or "all". None when nothing is there; InvalidArgumentError for a
        coordinate that is not finite."""
        found, out = c_int32(), cl_attributes()
        self._call("cl_layout_element_at", number(x, "x"), number(y, "y"),
                   enum(HIT_CATEGORIES, categories, "categories"), byref(found), byref(out),
                   ATTRIBUTES_SIZE)
        return attributes_from_struct(out, self.kind_name) if found.value else None

    def viewport_changes(self, old: RectLike, new: RectLike) -> ViewportChanges:
        """What comes into view and goes out of view when the viewport moves from `old` to
        `new`: `entered`, the elements a rect query of `new` returns and one of `old` does not,
        and `left`, the reverse, each sorted by section, item, category and kind. A host that
        recycles a pool of views takes views for `entered` from those of `left`. Only the parts
        of each rect outside the other are searched, into buffers kept for the next call."""
        buffers = getattr(self, "_change_buffers", None) or \
            (np.zeros(64, dtype=ATTRIBUTES_DTYPE), np.zeros(64, dtype=ATTRIBUTES_DTYPE))
        counts = (c_int64(), c_int64())
        while True:
            status = self._call("cl_layout_viewport_changes", rect(old), rect(new),
                                buffers[0].ctypes.data_as(POINTER(cl_attributes)), len(buffers[0]),
                                byref(counts[0]), buffers[1].ctypes.data_as(POINTER(cl_attributes)),
                                len(buffers[1]), byref(counts[1]), ATTRIBUTES_SIZE,
                                allow=(_lib.CL_ERROR_BUFFER_TOO_SMALL,))
            if status == _lib.CL_OK:
                break
            buffers = tuple(np.zeros(max(2 * len(b), n.value), dtype=ATTRIBUTES_DTYPE)
                            for b, n in zip(buffers, counts))
        self._change_buffers = buffers
        entered, left = (attributes_from_rows(b[:n.value].tolist(), self.kind_name, self._kind_names)
                         for b, n in zip(buffers, counts))
        return ViewportChanges(entered, left)

    def cell(self, section: int, item: int) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_CELL, _lib.CL_KIND_CELL, section, item)

    def header(self, section: int) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_SUPPLEMENTARY, _lib.CL_KIND_HEADER, section, 0)

    def footer(self, section: int) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_SUPPLEMENTARY, _lib.CL_KIND_FOOTER, section, 0)

    def supplementary(self, kind: str | int, section: int, item: int = 0) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_SUPPLEMENTARY, kind, section, item)

    def decoration(self, kind: str | int, section: int, item: int = 0) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_DECORATION, kind, section, item)


__all__ = ["Queries", "Rect", "ViewportChanges"]
