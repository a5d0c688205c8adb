"""Scroll physics for hosts without a scroll view (header: "Scroll physics", SPEC §22): a fling
that decelerates to the target of `target_content_offset`, the rubber band past the ends and the
spring back. Answers only: the layout does not change. A mixin of `Layout`."""

from __future__ import annotations

import ctypes
from collections.abc import Iterable
from ctypes import byref
from typing import TYPE_CHECKING, Any, Optional, Union

from . import _lib
from ._convert import SCROLL_SNAPPING, SNAPPING, enum, int64, number
from .errors import error_for
from .options import FlingCurve, ScrollSnapping, Snapping

__all__ = ["Fling", "Physics"]

_CURVES: dict[int, FlingCurve] = {_lib.CL_FLING_DECELERATE: "decelerate", _lib.CL_FLING_SPRING: "spring"}


class Fling:
    """A fling (cl_fling): where it starts and rests, its curve, and from when it is at rest.
    `sample(t)` is the offset and velocity t seconds after the release (cl_fling_sample, the
    same numbers as the C library's); from `rest_time` on exactly `(target, 0.0)`."""

    __slots__ = ("_struct",)

    def __init__(self, struct: _lib.cl_fling) -> None:
        self._struct = struct

    @property
    def start(self) -> float:
        return float(self._struct.start)

    @property
    def velocity(self) -> float:
        """The velocity it was given (points/s)."""
        return float(self._struct.velocity)

    @property
    def target(self) -> float:
        return float(self._struct.target)

    @property
    def curve(self) -> FlingCurve:
        return _CURVES[self._struct.curve]

    @property
    def rest_time(self) -> float:
        return float(self._struct.rest_time)

    def sample(self, t: float) -> tuple[float, float]:
        """(offset, velocity) at `t` seconds (finite, >= 0)."""
        offset, velocity = ctypes.c_double(), ctypes.c_double()
        status = _lib.lib().cl_fling_sample(byref(self._struct), number(t, "t"), byref(offset),
                                            byref(velocity))
        if status != _lib.CL_OK:
            message = (_lib.lib().cl_layout_last_error(None) or b"").decode(errors="replace")
            raise error_for(status, message or _lib.status_string(status))
        return offset.value, velocity.value

    def samples(self, times: Iterable[float]) -> list[tuple[float, float]]:
        """`sample` at each time, in order."""
        return [self.sample(t) for t in times]

    def __repr__(self) -> str:
        return (f"Fling(start={self.start!r}, velocity={self.velocity!r}, target={self.target!r}, "
                f"curve={self.curve!r}, rest_time={self.rest_time!r})")


class Physics:
    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...

    def fling(self, velocity: float, snapping: Union[ScrollSnapping, Snapping] = "none",
              deceleration_rate: float = _lib.CL_DECELERATION_NORMAL,
              section: Optional[int] = None, start: Optional[float] = None) -> Fling:
        """A fling released with `velocity` (points/s) along the scroll axis, or with `section`
        of that orthogonal section's own offset. It starts at the viewport's origin (the
        section's offset) or at `start`, and rests at the target of `target_content_offset`
        (`section_target_offset`) with `snapping` (the paging snaps step from the start)."""
        definition = _lib.lib().cl_fling_def_default()
        definition.velocity = number(velocity, "velocity")
        definition.deceleration_rate = number(deceleration_rate, "deceleration_rate")
        if section is None:
            definition.snapping = enum(SCROLL_SNAPPING, snapping, "snapping")
        else:
            definition.section = int64(section, "section")
            definition.snapping = enum(SNAPPING, snapping, "snapping")
        if start is not None:
            definition.has_start, definition.start = 1, number(start, "start")
        out = _lib.cl_fling()
        self._call("cl_layout_fling", byref(definition), byref(out), _lib.FLING_SIZE)
        return Fling(out)

    def rubber_band(self, offset: float, section: Optional[int] = None) -> float:
        """Where a drag that would put the scroll-axis origin (with `section`, that orthogonal
        section's offset) at `offset` shows it: as it is inside the range, rubber-banded past
        an end (SPEC §22.3)."""
        out = ctypes.c_double()
        self._call("cl_layout_rubber_band", -1 if section is None else int64(section, "section"),
                   number(offset, "offset"), byref(out))
        return out.value
