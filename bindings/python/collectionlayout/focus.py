"""Focus navigation and prefetch (header: "Focus navigation", "Prefetch"; SPEC §13, §14): where
focus goes from an element for keyboards, gamepads and TV remotes, and which elements just
outside the viewport to prepare from the scroll velocity. Answers only: the layout does not
change. A mixin of `Layout`."""

from __future__ import annotations

import ctypes
from collections.abc import Iterable, Sequence
from ctypes import POINTER, byref, c_int32, c_int64
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

from . import _lib
from ._convert import (CATEGORY_IDS, FOCUS_DIRECTIONS, FOCUS_EDGES, FOCUS_VIAS, PREFETCH_SIDES,
                       Rect, enum, int64, number)
from .errors import CollectionLayoutError
from .options import Category, FocusDirection, FocusEdge, FocusVia, PrefetchSide

__all__ = ["Focus", "FocusAnswer", "PrefetchAnswer", "PrefetchElement"]

Identity = tuple[Category, str, int, int]
_CATEGORY_NAMES: dict[int, Category] = {value: name for name, value in CATEGORY_IDS.items()}
_VIA_NAMES: dict[int, Optional[FocusVia]] = {value: name for name, value in FOCUS_VIAS.items()}
_SIDE_NAMES: dict[int, PrefetchSide] = {value: name for name, value in PREFETCH_SIDES.items()}


class FocusAnswer(NamedTuple):
    """Layout.focus: the element that takes focus (category, kind, section, item) or None, the
    rule that gave it, the viewport that shows it, and for a cell of an orthogonal section
    (section, offset) that shows it."""

    target: Optional[Identity]
    via: Optional[FocusVia]
    viewport: Rect
    section_offset: Optional[tuple[int, float]]


class PrefetchElement(NamedTuple):
    """One element to prepare (SPEC §14)."""

    category: Category
    kind: str
    section: int
    item: int
    frame: Rect
    side: PrefetchSide
    distance: float
    urgent: bool

    @property
    def key(self) -> Identity:
        return (self.category, self.kind, self.section, self.item)


class PrefetchAnswer(NamedTuple):
    """Layout.prefetch: the windows along the axis and the elements in them, in order."""

    before: tuple[float, float]
    after: tuple[float, float]
    elements: list[PrefetchElement]


class Focus:
    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        def kind_id(self, name: str | int) -> int: ...
        def kind_name(self, kind: int) -> str: ...

    def _element_id(self, identity: Sequence[Any], what: str) -> _lib.cl_element_id:
        if len(identity) != 4:
            raise TypeError(f"{what} must be (category, kind, section, item), not {identity!r}")
        category, kind, section, item = identity
        return _lib.cl_element_id(enum(CATEGORY_IDS, category, f"{what} category"),
                                  self.kind_id(kind), int64(section, f"{what} section"),
                                  int64(item, f"{what} item"))

    def _identity(self, c: _lib.cl_element_id) -> Identity:
        return (_CATEGORY_NAMES[c.category], self.kind_name(c.kind), c.section, c.item)

    def focus(self, source: Sequence[Any], direction: FocusDirection, edge: FocusEdge = "stop",
              supplementaries: Iterable[str | int] = (),
              history: Optional[tuple[FocusDirection, Sequence[Any]]] = None,
              remembered: Iterable[tuple[int, int]] = ()) -> FocusAnswer:
        """Where focus goes from `source` (category, kind, section, item; kind "" for a cell)
        moving `direction` (SPEC §13). `supplementaries`: the supplementary kinds that take
        focus ("header", "footer", inline kinds). `history`: the host's last move (direction,
        source identity); one naming nothing usable is ignored. `remembered`: (section, item),
        per orthogonal section the cell last focused there. Decided on the frames as reported;
        the viewport and section offset come from the exact layout."""
        request = _lib.lib().cl_focus_request_default()
        request.source = self._element_id(source, "source")
        request.direction = enum(FOCUS_DIRECTIONS, direction, "direction")
        request.edge = enum(FOCUS_EDGES, edge, "edge")
        kinds = [self.kind_id(kind) for kind in supplementaries]
        kind_array = (c_int32 * max(1, len(kinds)))(*kinds)
        request.supplementary_kinds = ctypes.cast(kind_array, POINTER(c_int32))
        request.supplementary_kind_count = len(kinds)
        paths = [(int64(s, "remembered section"), int64(i, "remembered item")) for s, i in remembered]
        path_array = (_lib.cl_index_path * max(1, len(paths)))(*(_lib.cl_index_path(s, i) for s, i in paths))
        request.remembered = ctypes.cast(path_array, POINTER(_lib.cl_index_path))
        request.remembered_count = len(paths)
        if history is not None:
            direction_name, identity = history
            try:  # a history that names nothing usable is ignored (SPEC §13)
                request.history_source = self._element_id(identity, "history")
                request.history_direction = enum(FOCUS_DIRECTIONS, direction_name, "history direction")
                request.has_history = 1
            except (CollectionLayoutError, TypeError):
                request.has_history = 0
        out = _lib.cl_focus_answer()
        self._call("cl_layout_focus", byref(request), byref(out), _lib.FOCUS_ANSWER_SIZE)
        v = out.viewport
        return FocusAnswer(self._identity(out.target) if out.has_target else None, _VIA_NAMES[out.via],
                           (v.x, v.y, v.width, v.height),
                           (out.section, out.section_offset) if out.has_section_offset else None)

    def prefetch(self, velocity: float, ahead: float = 250, behind: float = 0,
                 horizon: float = 0.25, fps: float = 60, section: Optional[int] = None) -> PrefetchAnswer:
        """The elements just outside the viewport to prepare (SPEC §14): those in the window
        ahead (max(ahead, |velocity| * horizon) on the side `velocity` points to, both sides at
        rest) and behind, ahead-side first, each side by distance then focus order; `urgent`
        within one frame's travel (|velocity| / fps). With `section`, that orthogonal section's
        own windows along the line axis (velocity: its offset's), its cells only."""
        request = _lib.lib().cl_prefetch_request_default()
        request.velocity = number(velocity, "velocity")
        request.ahead = number(ahead, "ahead")
        request.behind = number(behind, "behind")
        request.horizon = number(horizon, "horizon")
        request.fps = number(fps, "fps")
        request.section = -1 if section is None else int64(section, "section")
        before, after, count = _lib.cl_span(), _lib.cl_span(), c_int64()
        capacity = 64
        while True:
            buffer = (_lib.cl_prefetch_element * capacity)()
            status = self._call("cl_layout_prefetch", byref(request), byref(before), byref(after),
                                buffer, capacity, _lib.PREFETCH_ELEMENT_SIZE, byref(count),
                                allow=(_lib.CL_ERROR_BUFFER_TOO_SMALL,))
            if status == _lib.CL_OK:
                break
            capacity = max(2 * capacity, count.value)
        elements = []
        for e in buffer[:count.value]:
            f = e.frame
            elements.append(PrefetchElement(_CATEGORY_NAMES[e.id.category], self.kind_name(e.id.kind),
                                            e.id.section, e.id.item, (f.x, f.y, f.width, f.height),
                                            _SIDE_NAMES[e.side], e.distance, bool(e.urgent)))
        return PrefetchAnswer((before.start, before.end), (after.start, after.end), elements)
