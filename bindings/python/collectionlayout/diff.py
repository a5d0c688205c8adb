"""The diff (header: "Diff", SPEC §10.3): the batch update with the fewest operations, then the
fewest moves, that turns old lists of 64-bit ids into new ones.

    update = collectionlayout.diff([10, 20], [[1, 2, 3], [4]], [20, 10], [[4], [3, 1, 2]])
    model = new_model                      # the data source answers with the new data ...
    layout.perform_batch_update(update)    # ... then the update describes the change

Ids are 64-bit patterns: Python ints in [-2**63, 2**64) or numpy int64 / uint64 arrays (a
uint64 id and the int64 of the same bits are the same id). Section ids are unique among the
sections, item ids among all items of a side; a duplicate raises InvalidArgumentError naming the
id and both places. Optional versions (one per item) and section versions (one per section):
the same id with another version is a reload, or a delete and an insert if it also moves.
"""

from __future__ import annotations

import ctypes
import operator
from collections.abc import Sequence
from ctypes import POINTER, byref, c_int64, c_void_p
from typing import Any, Union

import numpy as np

from . import _lib
from ._convert import invalid
from ._lib import CL_OK, cl_batch_update, cl_diff_side
from .executor import Binding, Executor
from .errors import OutOfRangeError, error_for
from .updates import _OPERATIONS, BatchUpdate, _width


__all__ = ["diff"]

Ids = Union[Sequence[int], Any]  # a sequence of ints or a 1-D integer numpy array
_DIFF_SIDE_SIZE = ctypes.sizeof(cl_diff_side)


def _id(value: Any, what: str) -> int:
    """One id as a signed 64-bit int (ids of 2**63 and more wrap, as uint64 bit patterns)."""
    if isinstance(value, (bool, float, np.bool_, np.floating)):
        raise invalid(f"{what} must be an integer id, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise invalid(f"{what} must be an integer id, not {value!r}") from None
    if not -2**63 <= number < 2**64:
        raise OutOfRangeError(f"{what} {number} does not fit in 64 bits",
                              _lib.CL_ERROR_OUT_OF_RANGE)
    return number - 2**64 if number >= 2**63 else number


def _ids(value: Any, what: str) -> Any:
    """A list of ids as a C-contiguous int64 numpy array."""
    if isinstance(value, (str, bytes)) or value is None:
        raise invalid(f"{what} must be a list of integer ids, not {value!r}")
    array = value if isinstance(value, np.ndarray) else None
    if array is None:
        try:
            array = np.asarray(value)
        except (TypeError, ValueError, OverflowError):
            array = None
    if array is not None and array.ndim == 1 and array.dtype.kind in "iu":
        if array.dtype.kind == "u":
            return np.ascontiguousarray(array, dtype=np.uint64).view(np.int64)
        return np.ascontiguousarray(array, dtype=np.int64)
    if array is not None and array.size == 0 and array.ndim == 1:
        return np.zeros(0, dtype=np.int64)
    if isinstance(value, np.ndarray):
        raise invalid(f"{what} must be a 1-D integer array, not {value.dtype} {value.shape}")
    try:
        items = list(value)
    except TypeError:
        raise invalid(f"{what} must be a list of integer ids, not {value!r}") from None
    ids = [_id(v, f"{what}[{k}]") for k, v in enumerate(items)]
    return np.asarray(ids, dtype=np.int64)


def _side(sections: Ids, items: Sequence[Ids], versions: Sequence[Ids] | None,
          section_versions: Ids | None, which: str,
          zeros: bool) -> tuple[cl_diff_side, list[Any]]:
    section_ids = _ids(sections, f"{which} sections")
    if isinstance(items, (str, bytes)) or not isinstance(items, (Sequence, np.ndarray)):
        raise invalid(f"{which} items must be a list of id lists, one per section, not {items!r}")
    if len(items) != len(section_ids):
        raise invalid(f"{which}: {len(section_ids)} section ids but {len(items)} item lists")
    lists = [_ids(ids, f"{which} items[{s}]") for s, ids in enumerate(items)]
    counts = [len(ids) for ids in lists]
    version_lists = None
    if versions is not None:
        if isinstance(versions, (str, bytes)) or len(versions) != len(lists):
            raise invalid(f"{which} versions must be one list per section ({len(lists)}), "
                          f"not {versions!r}")
        version_lists = [_ids(v, f"{which} versions[{s}]") for s, v in enumerate(versions)]
        for s, (v, n) in enumerate(zip(version_lists, counts)):
            if len(v) != n:
                raise invalid(f"{which} versions[{s}] has {len(v)} numbers for {n} items")
    section_version_ids = None
    if section_versions is not None:
        section_version_ids = _ids(section_versions, f"{which} section_versions")
        if len(section_version_ids) != len(section_ids):
            raise invalid(f"{which} section_versions has {len(section_version_ids)} numbers for "
                          f"{len(section_ids)} sections")
    side = _lib.lib().cl_diff_side_default()
    side.struct_size = _DIFF_SIDE_SIZE
    keep: list[Any] = []

    def pointer(values: Any) -> Any:
        array = values if isinstance(values, np.ndarray) else np.asarray(values, np.int64)
        keep.append(array)
        return ctypes.cast(array.ctypes.data, POINTER(c_int64)) if len(array) else None

    def flat(parts: list[Any]) -> Any:
        return parts[0] if len(parts) == 1 else \
            np.concatenate(parts) if parts else np.zeros(0, np.int64)

    side.section_ids = pointer(section_ids)
    side.section_count = len(section_ids)
    side.item_counts = pointer(counts)
    side.item_ids = pointer(flat(lists))
    if version_lists is not None:
        side.versions = pointer(flat(version_lists)) or pointer([0])
    elif zeros:
        side.versions = pointer([0] * max(sum(counts), 1))
    if section_version_ids is not None:  # (None: every section has version 0)
        side.section_versions = pointer(section_version_ids) or pointer([0])
    return side, keep


def diff(old_sections: Ids, old_items: Sequence[Ids], new_sections: Ids,
         new_items: Sequence[Ids], old_versions: Sequence[Ids] | None = None,
         new_versions: Sequence[Ids] | None = None, old_section_versions: Ids | None = None,
         new_section_versions: Ids | None = None, executor: Executor | None = None) -> BatchUpdate:
    """The batch update with the fewest operations, then the fewest moves, that turns the old
    lists into the new ones (SPEC §10.3; O(n log n) in the library). `*_sections`: section
    ids; `*_items`: one list (or numpy int64/uint64 array) of item ids per section;
    `*_versions`: None, or one version per item shaped as the items; `*_section_versions`:
    None, or one version per section (None: all 0). A changed version is a reload, or a
    delete and an insert if it also moves; a reloaded section's items are never carried.
    Within a carried section the items left in place are a longest common subsequence, among
    those one with the most unchanged versions; items that change sections are moves, and
    items of a deleted or inserted section are deleted or inserted. Returns a BatchUpdate for
    Layout.perform_batch_update (its `move_count` is the number of moves). `executor`: the
    host's threads (executor.py), the same update."""
    # versions on one side only: the other side's items all have version 0
    zeros = (old_versions is None) != (new_versions is None)
    old, keep_old = _side(old_sections, old_items, old_versions, old_section_versions, "old",
                          zeros)
    new, keep_new = _side(new_sections, new_items, new_versions, new_section_versions, "new",
                          zeros)
    handle = c_void_p()
    cdll = _lib.lib()
    update = cdll.cl_batch_update_default()
    if executor is None:
        status = cdll.cl_diff_create(byref(old), byref(new), byref(handle), byref(update))
    else:
        binding = Binding(executor)
        status = cdll.cl_diff_create_with_executor(byref(old), byref(new), byref(binding.struct),
                                                   byref(handle), byref(update))
        error = binding.take_error()
        if error is not None:
            if status == CL_OK:
                cdll.cl_diff_destroy(handle)
            raise error
    del keep_old, keep_new
    if status != CL_OK:
        message = (cdll.cl_layout_last_error(None) or b"").decode(errors="replace")
        raise error_for(status, message or _lib.status_string(status))
    try:
        return _read(update)
    finally:
        cdll.cl_diff_destroy(handle)


def _read(update: cl_batch_update) -> BatchUpdate:
    """The diff's cl_batch_update copied into a BatchUpdate (tuples, and int64 arrays for the
    C call)."""
    fields: dict[str, Any] = {}
    arrays: dict[str, Any] = {}
    for name, (tail, _ctype) in _OPERATIONS.items():
        count = getattr(update, f"{name[:-1]}_count")
        if count <= 0:
            continue
        width = _width(tail)
        address = ctypes.cast(getattr(update, name), c_void_p).value
        flat = np.frombuffer((c_int64 * (count * width)).from_address(address),
                             dtype=np.int64).copy()
        arrays[name] = flat
        rows = flat.reshape((count, *tail)).tolist()
        if not tail:
            fields[name] = tuple(rows)
        elif tail == (2,):
            fields[name] = tuple(map(tuple, rows))
        else:
            fields[name] = tuple((tuple(a), tuple(b)) for a, b in rows)
    return BatchUpdate._checked(arrays, **fields)
