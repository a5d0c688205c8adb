"""A collapsing layout header (header: "Collapsing headers"; SPEC §18): the top app bar over a
feed that shrinks, pins, floats back, snaps and stretches as the content scrolls. The host
sets it once (`collapse=` or the property) and reads the record with every frame. A mixin of
`Layout`."""

from __future__ import annotations

from collections.abc import Mapping
from ctypes import byref, sizeof
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

from . import _lib
from ._convert import COLLAPSE_MODES, invalid, number
from .options import Collapse

__all__ = ["CollapsingHeader", "CollapseRecord", "collapse_fields"]

_FLAGS = {"snap": _lib.CL_COLLAPSE_SNAP, "stretch": _lib.CL_COLLAPSE_STRETCH, "fill": _lib.CL_COLLAPSE_FILL}


class CollapseRecord(NamedTuple):
    """What the collapsing header looks like (SPEC §18.2): its extent (stretch included),
    progress 0 open ... 1 collapsed, the stretch of an overscroll at the start, and how much
    has collapsed (the floating state in the floating modes)."""

    extent: float
    progress: float
    stretch: float
    shrink: float


def collapse_fields(collapse: Optional[Mapping[str, Any]]) -> tuple[int, int, float]:
    """(collapse_mode, collapse_flags, collapse_min) of cl_layout_def for `collapse=`."""
    if collapse is None:
        return _lib.CL_COLLAPSE_NONE, 0, 0.0
    if not isinstance(collapse, Mapping) or set(collapse) - {"min", "mode", *_FLAGS}:
        raise invalid(f"collapse must be a mapping of min, mode, snap, stretch and fill, not {collapse!r}")
    mode = collapse.get("mode", "scroll")
    if mode not in COLLAPSE_MODES:
        raise invalid(f"collapse mode must be one of {', '.join(COLLAPSE_MODES)}, not {mode!r}")
    flags = 0
    for name, bit in _FLAGS.items():
        value = collapse.get(name, False)
        if not isinstance(value, bool):
            raise invalid(f"collapse {name} must be True or False, not {value!r}")
        flags |= bit if value else 0
    return COLLAPSE_MODES[mode], flags, number(collapse.get("min", 0), "collapse min")


def _record(c: _lib.cl_collapse) -> Optional[CollapseRecord]:
    return CollapseRecord(c.extent, c.progress, c.stretch, c.shrink) if c.collapsing else None


class CollapsingHeader:
    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        _collapse: Optional[Collapse]

    @property
    def collapse(self) -> Optional[Collapse]:
        """The settings (None: the header does not collapse). Setting them is a change of the
        whole layout: the floating state starts as if the header had scrolled with the
        content."""
        return self._collapse

    @collapse.setter
    def collapse(self, collapse: Optional[Collapse]) -> None:
        self._call("cl_layout_set_collapse", *collapse_fields(collapse))
        self._collapse = None if collapse is None else dict(collapse)  # type: ignore[assignment]

    @property
    def collapse_record(self) -> Optional[CollapseRecord]:
        """The record at the viewport (None without a collapsing header)."""
        out = _lib.cl_collapse()
        self._call("cl_layout_collapse", byref(out), sizeof(out))
        return _record(out)

    @property
    def collapse_shrink(self) -> float:
        """How much of the header has collapsed; in the floating modes the floating state the
        layout holds (SPEC §18.3), which the host may set (clamped to [0, min(u, R)]) to show or
        hide the header from code. Viewports the host sets step it."""
        record = self.collapse_record
        return 0.0 if record is None else record.shrink

    @collapse_shrink.setter
    def collapse_shrink(self, shrink: float) -> None:
        self._call("cl_layout_set_collapse_shrink", number(shrink, "collapse shrink"))

    def target_collapse(self, target_offset: float) -> Optional[CollapseRecord]:
        """The record at a target offset (target_content_offset's answer; SPEC §18.5): the
        floating state stepped there and, with snap, fully shown or hidden."""
        out = _lib.cl_collapse()
        self._call("cl_layout_target_collapse", number(target_offset, "target offset"), byref(out), sizeof(out))
        return _record(out)

