"""Orthogonal sections (header: "Orthogonal sections", SPEC §4): a section's sideways offset,
its scroll state and where a gesture brings it to rest. A mixin of `Layout`."""

from __future__ import annotations

import ctypes
from ctypes import byref
from typing import TYPE_CHECKING, Any

from . import _lib
from ._convert import SNAPPING, enum, int64, number
from .options import Snapping
from .attributes import SectionScroll


class OrthogonalSections:
    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...

    def set_section_offset(self, section: int, offset: float) -> None:
        """Scrolls an orthogonal section sideways; the offset is clamped to [0, max_offset]."""
        self._call("cl_layout_set_section_offset", int64(section, "section"),
                   number(offset, "offset"))

    def section_scroll(self, section: int) -> SectionScroll:
        """An orthogonal section's offset, strip extent and largest offset."""
        scroll = _lib.cl_section_scroll()
        self._call("cl_layout_section_scroll", int64(section, "section"), byref(scroll),
                   _lib.SECTION_SCROLL_SIZE)
        return SectionScroll(scroll.offset, scroll.content_extent, scroll.max_offset)

    def section_target_offset(self, section: int, proposed: float, velocity: float,
                              snapping: Snapping = "none",
                              deceleration_rate: float = _lib.CL_DECELERATION_NORMAL) -> float:
        """Where an orthogonal section's offset comes to rest after a gesture ending at
        `proposed` with `velocity` (points/s): projected, snapped ("none", "item", "page",
        "item-paging", "item-centered"; SPEC §10.6) and clamped."""
        out = ctypes.c_double()
        self._call("cl_layout_section_target_offset", int64(section, "section"),
                   number(proposed, "proposed"), number(velocity, "velocity"),
                   enum(SNAPPING, snapping, "snapping"),
                   number(deceleration_rate, "deceleration_rate"), byref(out))
        return out.value
