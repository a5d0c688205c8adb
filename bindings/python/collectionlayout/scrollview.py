"""The scroll view around a layout: the bars over its content, the display's pixel grid and
the reading direction (header: "Viewport", SPEC §20, §15). A mixin of `Layout`."""

from __future__ import annotations

from collections.abc import Sequence
from ctypes import byref, c_double, c_int32
from typing import TYPE_CHECKING, Any

from . import _lib
from ._convert import LAYOUT_DIRECTIONS, enum, floats, names_by_value, number
from .options import LayoutDirection

__all__ = ["ScrollView"]

Insets = tuple[float, float, float, float]


class ScrollView:
    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...

    @property
    def content_insets(self) -> Insets:
        """The bars over the content, (top, left, bottom, right), as UIScrollView's
        adjustedContentInset (SPEC §20.1): the line axis loses its insets, the scroll range
        becomes [-lead, max(-lead, content - viewport + trail)], and pinning, anchoring, targets
        and scroll-to keep clear of the bars. Rect queries and hit-tests ignore them. Setting
        new line-axis insets lays out again from the cached sizes; the viewport stays."""
        out = _lib.cl_insets()
        self._call("cl_layout_content_insets", byref(out))
        return (out.top, out.left, out.bottom, out.right)

    @content_insets.setter
    def content_insets(self, insets: Sequence[float]) -> None:
        self._call("cl_layout_set_content_insets",
                   _lib.cl_insets(*floats(insets, 4, "content_insets (top, left, bottom, right)")))

    @property
    def display_scale(self) -> float:
        """Display pixels per point (SPEC §20.2): every reported frame has its edges rounded to
        that pixel grid, as Yoga does, so adjacent cells neither gap nor overlap; 0 is off. The
        content size and every scroll position stay exact."""
        out = c_double()
        self._call("cl_layout_display_scale", byref(out))
        return out.value

    @display_scale.setter
    def display_scale(self, scale: float) -> None:
        self._call("cl_layout_set_display_scale", number(scale, "display_scale"))

    @property
    def layout_direction(self) -> LayoutDirection:
        """"ltr" or "rtl" (SPEC §15): right to left, every frame is the left-to-right one
        mirrored along x; section insets and alignments read left as leading (the right);
        viewports, rects, points and content insets stay physical, and in a horizontal layout
        scroll offsets count from the right end. Setting it lays nothing out again; the viewport
        keeps its distance from the start of the scroll range."""
        out = c_int32()
        self._call("cl_layout_layout_direction", byref(out))
        return names_by_value(LAYOUT_DIRECTIONS)[out.value]

    @layout_direction.setter
    def layout_direction(self, direction: LayoutDirection) -> None:
        self._call("cl_layout_set_layout_direction", enum(LAYOUT_DIRECTIONS, direction, "layout_direction"))
