"""Transitions and interactive movement (header: "Transitions", "Interactive movement"; SPEC
§10.5, §10.7).

    with list_layout.transition_to(grid_layout) as t:   # same counts; both as they are now
        for frame in range(31):
            for a in t.elements_in_rect(screen, frame / 30): draw(a)
        screen = t.viewport                              # where the viewport goes

    with layout.interactive_movement((0, 2)) as m:      # commits at the end of the block,
        m.move_to(x, y)                                  # cancels on an exception or m.cancel()
    m.result                                             # the UpdateResult of the commit

While a cell moves, every query of the layout answers the live layout (the other cells make
room; the moving cell centred on the last position, z 100); any other change raises
InvalidArgumentError and leaves the movement as it is. The commit asks the data source nothing:
move the item in your data too, as UIKit's moveItemAtIndexPath:toIndexPath:, before the next
change. A mixin of `Layout` (movement) and the Transition class.
"""

from __future__ import annotations

import ctypes
import weakref
from ctypes import byref, c_char_p, c_int32, c_int64, c_void_p
from typing import TYPE_CHECKING, Any, Optional

import numpy as np

from . import _lib
from ._convert import Rect, RectLike, int64, invalid, number, rect
from ._lib import ATTRIBUTES_SIZE, CL_OK, cl_attributes, cl_index_path, cl_rect, cl_update_summary
from ._source import held_sizes
from .attributes import Attributes, attributes_from_struct
from .errors import InvalidHandleError, error_for

if TYPE_CHECKING:
    from .answers import UpdateResult

__all__ = ["Transition", "Movement", "Motion"]

IndexPath = tuple[int, int]


def _raise(status: int) -> None:
    if status != CL_OK:
        message = (_lib.lib().cl_layout_last_error(None) or b"").decode()
        raise error_for(status, message)


class Transition:
    """A transition between two layouts with the same counts (SPEC §10.5). It holds both
    layouts' states as they were when it was made: a frame lays nothing out, and the layouts
    may change or close afterwards. Close it with close() or `with`."""

    def __init__(self, from_layout: Any, to_layout: Any) -> None:
        handle = c_void_p()
        # The layouts' own calls run first: they raise for a closed layout.
        _raise(_lib.lib().cl_transition_create(from_layout.handle, to_layout.handle, byref(handle)))
        self._handle: Optional[int] = handle.value
        self._finalizer = weakref.finalize(self, _lib.lib().cl_transition_destroy, handle.value)
        self._names: dict[int, str] = {}
        self._buffer = (cl_attributes * 64)()

    def close(self) -> None:
        self._finalizer()
        self._handle = None

    def __enter__(self) -> Transition:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def handle(self) -> int:
        if self._handle is None:
            raise InvalidHandleError("the transition is closed", _lib.CL_ERROR_INVALID_HANDLE)
        return self._handle

    def kind_name(self, kind: int) -> str:
        if kind not in self._names:
            name = c_char_p()
            _raise(_lib.lib().cl_transition_kind_name(self.handle, kind, byref(name)))
            self._names[kind] = (name.value or b"").decode()
        return self._names[kind]

    def elements_in_rect(self, rect_: RectLike, t: float) -> list[Attributes]:
        """The elements either layout returns for the rect at progress t in [0, 1]: frame and
        alpha interpolated, z and hidden of the nearer layout; elements of one layout only
        fade (SPEC §10.5). InvalidArgumentError for t outside [0, 1] or NaN."""
        progress = number(t, "progress")
        area = rect(rect_)
        count = c_int64()
        function = _lib.lib().cl_transition_elements_in_rect
        status = function(self.handle, progress, area, self._buffer, len(self._buffer),
                          ATTRIBUTES_SIZE, byref(count))
        if status == _lib.CL_ERROR_BUFFER_TOO_SMALL:
            self._buffer = (cl_attributes * (count.value * 2))()
            status = function(self.handle, progress, area, self._buffer, len(self._buffer),
                              ATTRIBUTES_SIZE, byref(count))
        _raise(status)
        return [attributes_from_struct(self._buffer[i], self.kind_name) for i in range(count.value)]

    @property
    def viewport(self) -> Rect:
        """Where the viewport goes: the to-layout's viewport with its scroll-axis origin
        following the anchor (SPEC §10.4), clamped."""
        area = cl_rect()
        _raise(_lib.lib().cl_transition_viewport(self.handle, byref(area)))
        return (area.x, area.y, area.width, area.height)


class Movement:
    """An interactive movement as a context manager (Layout.interactive_movement): commits when
    the block ends (`result` is then the UpdateResult), cancels on an exception or after
    cancel()."""

    def __init__(self, layout: Any, item: IndexPath) -> None:
        self._layout = layout
        self.item = item
        self.target: IndexPath = item
        self.result: Optional[UpdateResult] = None
        self._done = False

    def move_to(self, x: float, y: float) -> IndexPath:
        """Reports a position; returns the target index path."""
        self.target = self._layout.update_movement(x, y)
        return self.target

    def cancel(self) -> None:
        if not self._done:
            self._done = True
            self._layout.cancel_movement()

    def commit(self) -> UpdateResult:
        if self._done:
            raise invalid("the movement has ended")
        self._done = True
        self.result = self._layout.commit_movement()
        return self.result

    def __enter__(self) -> Movement:
        return self

    def __exit__(self, exc_type: Any, *_: object) -> None:
        if self._done:
            return
        if exc_type is None:
            self.commit()
        else:
            self.cancel()


def _move_size(sections: list[Any], origin: IndexPath, target: IndexPath) -> None:
    """Moves one item's size from origin to target in from_sizes' sections."""
    (s, i), (t, j) = origin, target
    if origin == target:
        return
    source = sections[s]
    if isinstance(source, np.ndarray):
        if s == t:  # rotate the rows between, in place (the caller's array stays the one read)
            lo, hi = min(i, j), max(i, j)
            source[lo:hi + 1] = np.roll(source[lo:hi + 1], 1 if j < i else -1, axis=0)
            return
        row = source[i].copy()
        sections[s] = np.ascontiguousarray(np.delete(source, i, axis=0))
        sections[t] = np.ascontiguousarray(np.insert(sections[t], j, row, axis=0))
        return
    items = list(source)
    size = items.pop(i)
    if s == t:
        items.insert(j, size)
        sections[s] = items
        return
    sections[s] = items
    others = list(sections[t])
    others.insert(j, size)
    sections[t] = others


class Motion:
    """Layout's side of transitions and movement. Expects `_call` and `_finish_update` from the
    class it is mixed into."""

    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        def _finish_update(self, summary: cl_update_summary, old_sections: int) -> UpdateResult: ...
        @property
        def section_count(self) -> int: ...

    def transition_to(self, other: Any) -> Transition:
        """The transition from this layout to `other` (same counts; InvalidArgumentError
        naming the first difference)."""
        return Transition(self, other)

    def begin_movement(self, item: IndexPath) -> None:
        """Begins moving a cell (OutOfRangeError if it does not exist; InvalidArgumentError if
        a cell already moves)."""
        section, index = item
        self._call("cl_layout_begin_movement",
                   cl_index_path(int64(section, "section"), int64(index, "item")))

    def update_movement(self, x: float, y: float) -> IndexPath:
        """Reports a position (content coordinates); returns the target index path."""
        target = cl_index_path()
        self._call("cl_layout_update_movement", number(x, "x"), number(y, "y"), byref(target))
        return (target.section, target.item)

    @property
    def movement(self) -> Optional[tuple[IndexPath, IndexPath]]:
        """(the moving cell's index path when it began, its target), or None."""
        moving, origin, target = c_int32(), cl_index_path(), cl_index_path()
        self._call("cl_layout_movement", byref(moving), byref(origin), byref(target))
        if not moving.value:
            return None
        return (origin.section, origin.item), (target.section, target.item)

    _owned_sizes: Any = None  # Layout.from_sizes: the sizes it holds (a list or an ArraySizes)
    _source: Any  # the DataSource (Layout)

    def commit_movement(self) -> UpdateResult:
        """Commits: a batch update with one move, answered against the layout before the
        movement began; the viewport keeps its origin (clamped). A Layout.from_sizes moves the
        item in the sizes it holds (within a section in place; across sections the two
        sections' entries are replaced)."""
        summary = cl_update_summary()
        old_sections = self.section_count
        moving = self.movement
        self._call("cl_layout_commit_movement", byref(summary), ctypes.sizeof(summary))
        sizes = held_sizes(self._owned_sizes)
        if moving is not None and sizes is not None:
            _move_size(sizes, *moving)
            self._source.refresh_arrays()  # from_sizes of arrays: the library reads the list again
        return self._finish_update(summary, old_sections)

    def cancel_movement(self) -> None:
        """Cancels: the layout is again the one before the movement began."""
        self._call("cl_layout_cancel_movement")

    def interactive_movement(self, item: IndexPath) -> Movement:
        """Begins moving `item`; the Movement commits at the end of a `with` block."""
        self.begin_movement(item)
        return Movement(self, item)
