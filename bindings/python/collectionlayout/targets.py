"""Self-sizing, target content offsets and scrolling to an element (header: "Self-sizing,
target content offset, scrolling to an element", SPEC §10.4, §10.6). A mixin of `Layout`."""

from __future__ import annotations

import ctypes
from collections.abc import Iterable, Sequence
from ctypes import byref
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from . import _lib
from ._convert import (CATEGORY_IDS, SCROLL_POSITIONS, SCROLL_SNAPPING, Rect, enum, floats, int64,
                       number)
from .options import Category, ScrollPosition, ScrollSnapping

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["SizeChange", "Targets"]


def _from_numpy(items: Any) -> tuple[Any, int]:
    """An (n, 4) array of (section, item, width, height) as a C array of cl_item_size."""
    if items.ndim != 2 or items.shape[1] != 4:
        raise TypeError(f"measured sizes must be an (n, 4) array of (section, item, width, height), "
                        f"not shape {items.shape}")
    paths = items[:, :2]
    if paths.dtype.kind == "f" and not np.all(np.isfinite(paths) & (paths == np.floor(paths))):
        raise TypeError("measured sizes: section and item must be integers")
    if paths.dtype.kind not in "iuf" or (paths.size and (np.abs(paths) >= 2.0**63).any()):
        raise TypeError("measured sizes: section and item must be 64-bit integers")
    count = len(items)
    array = (_lib.cl_item_size * max(count, 1))()
    view = np.frombuffer(array, dtype=np.dtype({"names": ["s", "i", "w", "h"],  # type: ignore[call-overload]
                                                  "formats": ["<i8", "<i8", "<f8", "<f8"]}), count=count)
    view["s"], view["i"] = paths[:, 0].astype(np.int64), paths[:, 1].astype(np.int64)
    view["w"], view["h"] = items[:, 2].astype(np.float64), items[:, 3].astype(np.float64)
    return array, count


class SizeChange(NamedTuple):
    """What `set_item_sizes` did: the viewport after it (anchored, clamped), how far its
    scroll-axis origin moved (move the scroll position by it in the same frame) and the
    content's change along the scroll axis."""

    viewport: Rect
    adjustment: float
    content_size_change: float


class Targets:
    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        def kind_id(self, name: str | int) -> int: ...

    def set_item_sizes(self, items: Iterable[Sequence[float]] | npt.NDArray[Any]) -> SizeChange:
        """Sets measured sizes, each ``(section, item, width, height)`` (a later entry for the
        same cell wins), like UIKit's preferred layout attributes: the layout re-flows from the
        first affected line and keeps the first visible cell in place on screen (anchoring).
        A numpy ``(n, 4)`` array is converted in one pass."""
        if isinstance(items, np.ndarray):
            array, count = _from_numpy(items)
        else:
            rows = [tuple(row) for row in items]
            count = len(rows)
            array = (_lib.cl_item_size * max(count, 1))()
            for k, row in enumerate(rows):
                if len(row) != 4:
                    raise TypeError(f"a measured size is (section, item, width, height), not {row!r}")
                width, height = floats(row[2:], 2, "a measured size (width, height)")
                array[k] = _lib.cl_item_size(_lib.cl_index_path(int64(row[0], "section"), int64(row[1], "item")),
                                             _lib.cl_size(width, height))
        out = _lib.cl_size_change()
        self._call("cl_layout_set_item_sizes", array, count, byref(out), _lib.SIZE_CHANGE_SIZE)
        v = out.viewport
        return SizeChange((v.x, v.y, v.width, v.height), out.adjustment, out.content_size_change)

    def target_content_offset(self, proposed: float, velocity: float,
                              snapping: ScrollSnapping = "none",
                              deceleration_rate: float = _lib.CL_DECELERATION_NORMAL) -> float:
        """Where a scroll along the scroll axis comes to rest after a gesture ending at
        `proposed` with `velocity` (points/s): projected, snapped ("none", "line", "page",
        "line-paging"; SPEC §10.6) and clamped. An answer only: the viewport does not change."""
        out = ctypes.c_double()
        self._call("cl_layout_target_content_offset", number(proposed, "proposed"),
                   number(velocity, "velocity"), enum(SCROLL_SNAPPING, snapping, "snapping"),
                   number(deceleration_rate, "deceleration_rate"), byref(out))
        return out.value

    def scroll_to_element(self, category: Category | int, kind: str | int, section: int,
                          item: int, position: ScrollPosition = "start") -> Rect:
        """The viewport that shows an element at `position` ("start", "center", "end",
        "nearest"), below pinned headers, clamped (cl_layout_scroll_to_element, SPEC §10.6).
        An answer only: set it with `set_viewport`."""
        if isinstance(category, str):
            category = enum(CATEGORY_IDS, category, "category")
        out = _lib.cl_rect()
        self._call("cl_layout_scroll_to_element", int64(category, "category"), self.kind_id(kind),
                   int64(section, "section"), int64(item, "item"),
                   enum(SCROLL_POSITIONS, position, "position"), byref(out))
        return (out.x, out.y, out.width, out.height)

    scroll_to = scroll_to_element  # the older name, kept: scroll_to_element is the C header's
