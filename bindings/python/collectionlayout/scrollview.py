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

    # ---- The layout's own header and footer (SPEC §17.2) ---------------------------------------

    def _global(self) -> tuple[float, float, bool, bool]:
        header, footer, pin_header, pin_footer = c_double(), c_double(), c_int32(), c_int32()
        self._call("cl_layout_global_header_footer", byref(header), byref(footer),
                   byref(pin_header), byref(pin_footer))
        return header.value, footer.value, bool(pin_header.value), bool(pin_footer.value)

    def set_global_header_footer(self, global_header: float, global_footer: float,
                                 pin_global_header: bool = False, pin_global_footer: bool = False) -> None:
        """All four at once: a new header extent moves every section by the difference (nothing
        is laid out again), a new footer extent only the footer and the content size. A negative
        or non-finite extent is an InvalidArgument error and the layout stays as it was."""
        self._call("cl_layout_set_global_header_footer", number(global_header, "global_header"),
                   number(global_footer, "global_footer"), int(bool(pin_global_header)),
                   int(bool(pin_global_footer)))

    @property
    def global_header(self) -> float:
        """The extent of the layout's own header along the scroll axis (0: none), on [0, extent)
        before every section; element ("supplementary", "global_header", 0, 0)."""
        return self._global()[0]

    @global_header.setter
    def global_header(self, extent: float) -> None:
        _, footer, pin_header, pin_footer = self._global()
        self.set_global_header_footer(extent, footer, pin_header, pin_footer)

    @property
    def global_footer(self) -> float:
        """The extent of the layout's own footer (0: none), after the last section."""
        return self._global()[1]

    @global_footer.setter
    def global_footer(self, extent: float) -> None:
        header, _, pin_header, pin_footer = self._global()
        self.set_global_header_footer(header, extent, pin_header, pin_footer)

    @property
    def pin_global_header(self) -> bool:
        """Whether the layout's header stays at the viewport's leading edge (z 20); section
        headers then pin beneath it."""
        return self._global()[2]

    @pin_global_header.setter
    def pin_global_header(self, pinned: bool) -> None:
        header, footer, _, pin_footer = self._global()
        self.set_global_header_footer(header, footer, pinned, pin_footer)

    @property
    def pin_global_footer(self) -> bool:
        """Whether the layout's footer stays at the viewport's trailing edge (z 20)."""
        return self._global()[3]

    @pin_global_footer.setter
    def pin_global_footer(self, pinned: bool) -> None:
        header, footer, pin_header, _ = self._global()
        self.set_global_header_footer(header, footer, pin_header, pinned)
