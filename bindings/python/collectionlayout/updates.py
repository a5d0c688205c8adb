"""Batch updates (header: "Batch updates", SPEC §10.2): UIKit's performBatchUpdates on a Layout.

    result = layout.perform_batch_update(delete_items=[(0, 2)], insert_items=[(0, 5)])
    with layout.batch_update() as u:          # collects like UIKit's update block
        u.delete_items([(0, 2)])
        u.move_item((1, 0), (0, 2))
    result = u.result                          # performed on exit (not on an exception)

As in UIKit, the data source must already answer with the new data when the update runs: change
your model first (counts, sizes, metrics, inline elements), then perform the update that
describes the change. The library asks only for what the update names (new counts, sizes of
inserted and reloaded items, metrics and inline elements of affected sections) and checks the
counts as UIKit does; a refused update raises InvalidArgumentError (or OutOfRangeError) with the
library's message and changes nothing.

The answers are plain objects (UpdateResult, ElementChange, Attributes), read once right after
the update; the index mapping is asked on demand (UpdateResult.new_item() and friends) and
raises once the layout has changed again. A mixin of `Layout`.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterable, Mapping, Sized
from ctypes import POINTER, byref, c_int64
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

import numpy as np

from . import _lib
from ._convert import Rect, RectLike, floats, rect_tuple, int64, invalid, rect
from ._lib import (ATTRIBUTES_SIZE, cl_attributes, cl_batch_update, cl_element_change, cl_index_path,
                   cl_item_move, cl_section_move, cl_update_summary)
from .answers import CHANGES, ELEMENT_CHANGE_DTYPE, Change, ElementChange, UpdateResult
from .attributes import Attributes, attributes_from_struct
from .errors import InvalidArgumentError

__all__ = ["BatchUpdate", "UpdateResult", "ElementChange", "UpdateBlock", "Updates", "Change",
           "CHANGES", "ELEMENT_CHANGE_DTYPE"]

IndexPath = tuple[int, int]
_RECORD_SIZE = ctypes.sizeof(cl_element_change)
_SUMMARY_SIZE = ctypes.sizeof(cl_update_summary)

# operation name -> the shape of one entry (after the count) and the C element type
_OPERATIONS: dict[str, tuple[tuple[int, ...], Any]] = {
    "delete_sections": ((), c_int64), "insert_sections": ((), c_int64),
    "move_sections": ((2,), cl_section_move),
    "delete_items": ((2,), cl_index_path), "insert_items": ((2,), cl_index_path),
    "move_items": ((2, 2), cl_item_move), "reload_items": ((2,), cl_index_path),
    "reload_sections": ((), c_int64),
}
_FORMS = {(): "a section number", (2,): "(section, item)", (2, 2): "((section, item), (section, item))"}
_SECTION_FORMS = {"move_sections": "(from, to)"}


def _entry(name: str, index: int, value: Any, tail: tuple[int, ...]) -> Any:
    """One operation entry checked and normalised to ints / tuples (messages name the place)."""
    form = _SECTION_FORMS.get(name, _FORMS[tail])
    if not tail:
        if isinstance(value, bool) or isinstance(value, float):
            raise invalid(f"{name}[{index}] must be {form}, not {value!r}")
        try:
            return int64(value, f"{name}[{index}]")
        except TypeError:
            raise invalid(f"{name}[{index}] must be {form}, not {value!r}") from None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise invalid(f"{name}[{index}] must be {form}, not {value!r}")
    parts = list(value)
    if len(parts) != tail[0]:
        raise invalid(f"{name}[{index}] must be {form}, not {value!r}")
    try:
        return tuple(_entry(name, index, part, tail[1:]) for part in parts)
    except InvalidArgumentError:
        raise invalid(f"{name}[{index}] must be {form}, not {value!r}") from None


def _entries(name: str, values: Any) -> tuple[Any, ...]:
    tail = _OPERATIONS[name][0]
    if values is None:
        return ()
    if isinstance(values, np.ndarray):
        if values.dtype.kind not in "iu" or values.shape[1:] != tail or values.ndim != len(tail) + 1:
            raise invalid(f"{name} must be an integer array of shape (n{''.join(f', {t}' for t in tail)}), "
                          f"not {values.dtype} {values.shape}")
        values = values.tolist()
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise invalid(f"{name} must be a list of {_SECTION_FORMS.get(name, _FORMS[tail])}, not {values!r}")
    return tuple(_entry(name, index, value, tail) for index, value in enumerate(values))


@dataclass(frozen=True)
class BatchUpdate:
    """The operations of one batch update (SPEC §10.2), as UIKit names them: deletes and reloads
    by old index paths, inserts by new ones, moves old -> new. Immutable; `diff()` returns one,
    and Layout.perform_batch_update takes one as it is."""

    delete_sections: tuple[int, ...] = ()
    insert_sections: tuple[int, ...] = ()
    move_sections: tuple[tuple[int, int], ...] = ()
    delete_items: tuple[IndexPath, ...] = ()
    insert_items: tuple[IndexPath, ...] = ()
    move_items: tuple[tuple[IndexPath, IndexPath], ...] = ()
    reload_items: tuple[IndexPath, ...] = ()
    # Old sections with new content (UIKit's reloadSections): every old item deleted, every new
    # one inserted, the new count not checked; a reloaded section cannot move.
    reload_sections: tuple[int, ...] = ()
    viewport: Optional[Rect] = None  # lay the new state out here (None: anchored, clamped)

    def __post_init__(self) -> None:
        for name in _OPERATIONS:
            object.__setattr__(self, name, _entries(name, getattr(self, name)))
        if self.viewport is not None:
            object.__setattr__(self, "viewport",
                               tuple(floats(self.viewport, 4, "viewport (x, y, width, height)")))

    @classmethod
    def from_dict(cls, value: Mapping[str, Any]) -> BatchUpdate:
        """From the operation keys of SPEC §12's UPDATE (other keys, e.g. sections, ignored)."""
        if not isinstance(value, Mapping):
            raise invalid(f"an update must be a mapping of operation lists, not {value!r}")
        return cls(**{key: value[key] for key in (*_OPERATIONS, "viewport") if key in value})

    def to_dict(self) -> dict[str, Any]:
        """The operation keys of SPEC §12 (JSON lists); `viewport` when given."""
        result: dict[str, Any] = {name: _lists(getattr(self, name)) for name in _OPERATIONS}
        if self.viewport is not None:
            result["viewport"] = list(self.viewport)
        return result

    @property
    def move_count(self) -> int:
        """Section moves and item moves together (what a diff minimises)."""
        return len(self.move_sections) + len(self.move_items)

    def __bool__(self) -> bool:
        return any(getattr(self, name) for name in _OPERATIONS)

    @classmethod
    def _checked(cls, arrays: Mapping[str, Any], **fields: Any) -> BatchUpdate:
        """An update from fields that are already tuples of ints (diff()), with their int64
        numpy arrays (or None) kept for the C call: no second check, no second conversion."""
        self = object.__new__(cls)
        for name in (*_OPERATIONS, "viewport"):
            object.__setattr__(self, name, fields.get(name, None if name == "viewport" else ()))
        object.__setattr__(self, "_arrays", arrays)
        return self

    def _c(self, viewport: Rect | None) -> tuple[cl_batch_update, list[Any]]:
        """The cl_batch_update and the arrays it points to (keep them alive until the call)."""
        update = _lib.lib().cl_batch_update_default()
        cached = self.__dict__.get("_arrays") or {}
        keep: list[Any] = []
        for name, (tail, ctype) in _OPERATIONS.items():
            values = getattr(self, name)
            count = len(values)
            if count:
                array = cached.get(name)
                if array is None and count > 256:
                    array = np.fromiter(_flatten(values, tail), dtype=np.int64,
                                        count=count * _width(tail))
                if array is not None:
                    keep.append(array)
                    setattr(update, name, ctypes.cast(array.ctypes.data, POINTER(ctype)))
                else:
                    # A few entries: a ctypes array of the C type, which the field takes as it
                    # is (numpy and a cast cost more than they save here).
                    words = (c_int64 * (count * _width(tail)))(*_flatten(values, tail))
                    typed = (ctype * count).from_buffer(words)
                    keep.append(words)
                    setattr(update, name, typed)
            setattr(update, f"{name[:-1]}_count", count)
        if viewport is not None:
            update.use_viewport = 1
            update.viewport = rect(viewport)
        return update, keep


def _width(tail: tuple[int, ...]) -> int:
    width = 1
    for t in tail:
        width *= t
    return width


def _flatten(values: Iterable[Any], tail: tuple[int, ...]) -> Iterable[int]:
    if not tail:
        return values
    if tail == (2,):
        return (v for pair in values for v in pair)
    return (v for move in values for path in move for v in path)


def _lists(values: Any) -> Any:
    return [_lists(v) for v in values] if isinstance(values, tuple) else values


class UpdateBlock:
    """Collects the operations of one update, like UIKit's performBatchUpdates block; the
    layout performs them when the `with` block ends without an exception (`result` is then the
    UpdateResult). On an exception nothing is performed."""

    def __init__(self, layout: Any, viewport: RectLike | None) -> None:
        self._layout = layout
        self._viewport = viewport
        self._lists: dict[str, list[Any]] = {name: [] for name in _OPERATIONS}
        self.result: UpdateResult | None = None

    def delete_sections(self, sections: Iterable[int]) -> None:
        self._lists["delete_sections"] += _entries("delete_sections", sections)

    def insert_sections(self, sections: Iterable[int]) -> None:
        self._lists["insert_sections"] += _entries("insert_sections", sections)

    def move_section(self, old: int, new: int) -> None:
        self._lists["move_sections"] += _entries("move_sections", [(old, new)])

    def delete_items(self, paths: Iterable[tuple[int, int]]) -> None:
        self._lists["delete_items"] += _entries("delete_items", paths)

    def insert_items(self, paths: Iterable[tuple[int, int]]) -> None:
        self._lists["insert_items"] += _entries("insert_items", paths)

    def reload_items(self, paths: Iterable[tuple[int, int]]) -> None:
        self._lists["reload_items"] += _entries("reload_items", paths)

    def reload_sections(self, sections: Iterable[int]) -> None:
        self._lists["reload_sections"] += _entries("reload_sections", sections)

    def move_item(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        self._lists["move_items"] += _entries("move_items", [(old, new)])

    @property
    def update(self) -> BatchUpdate:
        """The operations collected so far."""
        return BatchUpdate(**{name: tuple(v) for name, v in self._lists.items()},
                           viewport=None if self._viewport is None else
                           rect_tuple(self._viewport, "viewport (x, y, width, height)"))

    def __enter__(self) -> UpdateBlock:
        return self

    def __exit__(self, exc_type: Any, *_: object) -> None:
        if exc_type is None:
            self.result = self._layout.perform_batch_update(self.update)


UpdateLike = Union[BatchUpdate, Mapping[str, Any]]


class Updates:
    """Layout.perform_batch_update and Layout.batch_update. Expects `_call`, `_source`,
    `kind_name` and `section_count` from the class it is mixed into."""

    _update_generation = 0
    _source: Any

    if TYPE_CHECKING:
        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        def kind_name(self, kind: int) -> str: ...
        @property
        def section_count(self) -> int: ...

    def batch_update(self, viewport: RectLike | None = None) -> UpdateBlock:
        """``with layout.batch_update() as u: u.delete_items(...); u.insert_items(...)``:
        performed when the block ends without an exception; ``u.result`` is the UpdateResult."""
        return UpdateBlock(self, viewport)

    def perform_batch_update(self, update: UpdateLike | None = None, /, *,
                             delete_sections: Iterable[int] = (),
                             insert_sections: Iterable[int] = (),
                             move_sections: Iterable[tuple[int, int]] = (),
                             delete_items: Iterable[tuple[int, int]] = (),
                             insert_items: Iterable[tuple[int, int]] = (),
                             move_items: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
                             reload_items: Iterable[tuple[int, int]] = (),
                             reload_sections: Iterable[int] = (),
                             viewport: RectLike | None = None) -> UpdateResult:
        """Performs a batch update (SPEC §10.2), given as a BatchUpdate (e.g. from diff()), a
        mapping with its keys, or the keyword lists. Deletes and reloads name old index paths
        (applied first), inserts new ones, moves old -> new; a reloaded section (old index)
        keeps its place with new content, and no item operation may name it, nor may it move;
        item operations may name a moved
        section (deletes, reloads, move sources by its old index, inserts and destinations by
        its new one). The data source must already answer with the new data. `viewport`: lay
        the new state out there as given; None keeps the old viewport, anchored (§10.4) and
        clamped. Raises InvalidArgumentError / OutOfRangeError for a refused update (nothing
        changes)."""
        operations = dict(delete_sections=delete_sections, insert_sections=insert_sections,
                          move_sections=move_sections, delete_items=delete_items,
                          insert_items=insert_items, move_items=move_items,
                          reload_items=reload_items, reload_sections=reload_sections)
        if update is None:
            update = BatchUpdate(**operations)  # type: ignore[arg-type]
        else:
            if any(_given(v) for v in operations.values()):
                raise TypeError("perform_batch_update takes an update or operation keywords, "
                                "not both")
            if not isinstance(update, BatchUpdate):
                update = BatchUpdate.from_dict(update)
        if viewport is None:
            viewport = update.viewport
        c_update, keep = update._c(None if viewport is None else
                                   rect_tuple(viewport, "viewport (x, y, width, height)"))
        summary = cl_update_summary()
        old_sections = self.section_count
        known = self._source.inline_known  # inline elements by section, for all_elements
        before = dict(known)
        known.clear()
        self._source.refresh_arrays()  # from_sizes of arrays: sections replaced for the update
        try:
            self._call("cl_layout_perform_batch_update", byref(c_update), byref(summary),
                       _SUMMARY_SIZE)
        except BaseException:
            known.clear()
            known.update(before)
            raise
        del keep
        result = self._finish_update(summary, old_sections)
        for section, entries in before.items():  # sections not asked again keep theirs
            new = result.new_section(section) if section < old_sections else None
            if new is not None and new not in known:
                known[new] = entries
        return result

    def _finish_update(self, summary: cl_update_summary, old_sections: int) -> UpdateResult:
        """The answers of the update (or movement commit) that just succeeded."""
        self._update_generation += 1
        records = self._update_records(summary.element_count)
        inserted = self._update_identities(1, summary.inserted_count)
        deleted = self._update_identities(0, summary.deleted_count)
        return UpdateResult(self, self._update_generation, summary, records, inserted,
                            deleted, old_sections)

    def _update_records(self, count: int) -> Any:
        buffer = (cl_element_change * max(count, 1))()
        out = c_int64()
        self._call("cl_layout_update_elements", buffer, count, _RECORD_SIZE, byref(out))
        return buffer, out.value

    def _update_identities(self, inserted: int, count: int) -> list[Attributes]:
        buffer = (cl_attributes * max(count, 1))()
        out = c_int64()
        self._call("cl_layout_update_identities", inserted, buffer, count, ATTRIBUTES_SIZE,
                   byref(out))
        return [attributes_from_struct(buffer[i], self.kind_name) for i in range(out.value)]


def _given(value: Any) -> bool:
    if isinstance(value, np.ndarray):
        return value.size > 0
    return value is not None and not (isinstance(value, Sized) and len(value) == 0)
