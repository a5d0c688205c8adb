"""`SectionMetricsTable`: every section's metrics given at once (header: cl_section_metrics).

A `section_metrics` callable costs one Python call per section and pass. A table is resolved
once into a C array of cl_section_metrics (vectorized with numpy when the columns are arrays).
Over `Layout.from_sizes` arrays the library reads that array itself
(cl_array_source.section_metrics: no Python call per section); otherwise its section_metrics
callback copies one row with one memmove. Either way a layout of many sections costs about what
one section of as many items costs (issue 15).
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Iterable, Mapping, Sequence
from ctypes import CFUNCTYPE, c_int32, c_int64, c_void_p
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _lib
from .options import SectionMetrics, SectionMetricsColumns
from ._convert import (ALIGNMENTS, CROSS_ALIGNMENTS, METRIC_KEYS, PACKINGS, STYLES, enum, invalid,
                       set_metrics)
from ._lib import CL_ERROR_BAD_CALLBACK_DATA, CL_OK, SECTION_METRICS_SIZE, cl_section_metrics
from .errors import BadCallbackDataError, CollectionLayoutError

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers only: their stubs of typing_extensions have it (not a dependency)
        from typing_extensions import Unpack

__all__ = ["SectionMetricsTable"]

# The section_metrics callback with plain addresses (no ctypes pointer object per call); cast
# to the header's prototype when stored in cl_data_source.
_RAW_METRICS_FN = CFUNCTYPE(c_int32, c_void_p, c_int64, c_void_p)

_ENUMS: dict[str, Mapping[Any, int]] = {"alignment": ALIGNMENTS, "cross_alignment": CROSS_ALIGNMENTS, "style": STYLES,
                                        "packing": PACKINGS}


def _metrics_dtype() -> Any:
    """numpy's view of cl_section_metrics (its pointers as addresses)."""
    names, formats, offsets = [], [], []
    for field in cl_section_metrics._fields_:
        name, ctype = field[0], field[1]
        names.append(name)
        formats.append(np.uintp if name in ("decoration_kinds", "effect_keylines") else np.dtype(ctype))
        offsets.append(getattr(cl_section_metrics, name).offset)
    return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                     "itemsize": SECTION_METRICS_SIZE})


class SectionMetricsTable:
    """The metrics of every section, given at once. Either one mapping per section (None or
    {} for the layout's defaults), or columns by metric name, each a single value for every
    section or a sequence / numpy array with one value per section::

        SectionMetricsTable([{"header": 30}, None, {"style": "grid", "columns": 3}])
        SectionMetricsTable(count=1000, header=30.0, columns=np.arange(1000) % 4 + 1,
                            style=["grid"] * 1000, decorations=[["card"]] * 1000)

    The keys are those of a section_metrics callback (``insets``, ``line_spacing``,
    ``interitem_spacing``, ``header``, ``footer``, ``alignment``, ``cross_alignment``,
    ``style``, ``rows``, ``columns``, ``decorations``, ``estimated_item_size``, ``packing``,
    ``effect``; typed as
    options.SectionMetricsColumns). Pass it as ``section_metrics=`` (a
    plain list of mappings is turned into a table). The table is resolved into C structs at
    the first layout pass (from the layout's defaults, which the library hands to the
    callback); ``set(section, **metrics)`` changes one row (then invalidate_sections).
    """

    def __init__(self, rows: Sequence[SectionMetrics | None] | None = None, /, *,
                 count: int | None = None, **columns: Unpack[SectionMetricsColumns]) -> None:
        # `rows` is positional-only: rows= is the orthogonal metric, a column like the others
        table_columns: dict[str, Any] = dict(columns)
        if rows is not None and columns:
            raise invalid("give either rows (one mapping per section) or columns, not both")
        unknown = sorted(set(columns) - set(METRIC_KEYS))
        if unknown:
            raise invalid(f"unknown section metric {unknown[0]!r}; known: {', '.join(METRIC_KEYS)}")
        table_rows: list[dict[str, Any]] | None = None
        if rows is not None:
            if isinstance(rows, Mapping) or not isinstance(rows, Iterable):
                raise invalid(f"rows must be a sequence of mappings, one per section, not {rows!r}")
            table_rows = [dict(row) if row else {} for row in rows]
            count = len(table_rows) if count is None else count
        else:
            lengths = {len(v) for k, v in table_columns.items() if _per_section(k, v)}
            if count is None:
                if len(lengths) != 1:
                    raise invalid("give count= or at least one per-section column"
                                  if not lengths else
                                  f"per-section columns have different lengths {sorted(lengths)}")
                count = lengths.pop()
            elif lengths - {count}:
                raise invalid(f"per-section columns have lengths {sorted(lengths)}, "
                              f"count is {count}")
        if not isinstance(count, int) or count < 0:
            raise invalid(f"count must be a non-negative integer, not {count!r}")
        self.count = count
        self._rows = table_rows
        self._columns = table_columns
        self._resolved: Any = None  # ctypes array of cl_section_metrics
        self._current = False  # whether every row of it is resolved from the rows as they are
        self._keep: list[Any] = []  # decoration id arrays the rows point to
        self._base: Any = None  # the defaults and decoration ids it was resolved with
        self._decoration_ids: dict[str, int] = {}

    def __len__(self) -> int:
        return self.count

    def set(self, section: int, **metrics: Unpack[SectionMetrics]) -> None:
        """Changes one section's metrics (its other metrics stay); call the layout's
        invalidate_sections([section]) to lay it out again."""
        if not 0 <= section < self.count:
            raise IndexError(f"section {section} is not in this table of {self.count}")
        if self._rows is None:  # turn columns into rows once
            self._rows = [self._row(i) for i in range(self.count)]
            self._columns = {}
        self._rows[section].update(metrics)
        if self._current:
            # In place: the library may read the resolved rows as an array (cl_array_source).
            try:
                self._resolve_row(section, self._resolved, self._base, self._decoration_ids)
            except CollectionLayoutError:
                self._current = False  # resolved again, and the error reported, at the next pass

    def resolved(self, base: cl_section_metrics, decoration_ids: Mapping[str, int]) -> Any:
        """The C array of every row from `base` (the layout's defaults), resolved again when
        decorations were added since."""
        if not self._current or len(self._decoration_ids) != len(decoration_ids):
            self._resolve(base, decoration_ids)
        return self._resolved

    def _row(self, section: int) -> dict[str, Any]:
        if self._rows is not None:
            return self._rows[section]
        return {key: (value[section] if _per_section(key, value) else value)
                for key, value in self._columns.items()}

    def _resolve(self, base: cl_section_metrics, decoration_ids: Mapping[str, int]) -> None:
        """Builds the C array: every row starts as `base` (the layout's defaults)."""
        table = (cl_section_metrics * max(self.count, 1))()
        self._keep = []
        size = SECTION_METRICS_SIZE
        if self._rows is None:
            array = np.frombuffer(table, dtype=_metrics_dtype())  # type: ignore[call-overload]  # a ctypes array is a buffer
            array[:] = np.frombuffer(ctypes.string_at(ctypes.addressof(base), size),
                                     dtype=array.dtype)[0]
            for key, value in self._columns.items():
                self._fill_column(array, table, key, value, decoration_ids)
        else:
            for section in range(self.count):
                self._resolve_row(section, table, base, decoration_ids)
        self._resolved = table
        self._base = cl_section_metrics.from_buffer_copy(base)
        self._decoration_ids = dict(decoration_ids)
        self._current = True

    def _resolve_row(self, section: int, table: Any, base: cl_section_metrics,
                     decoration_ids: Mapping[str, int]) -> None:
        size = SECTION_METRICS_SIZE
        ctypes.memmove(ctypes.addressof(table) + section * size, ctypes.addressof(base), size)
        try:
            self._keep.extend(set_metrics(table[section], self._row(section), decoration_ids))
        except CollectionLayoutError as error:
            raise type(error)(f"section {section}: {error}", error.status) from error

    def _fill_column(self, array: Any, table: Any, key: str, value: Any,
                     decoration_ids: Mapping[str, int]) -> None:
        per_section = _per_section(key, value)
        if key == "insets":
            values = np.asarray(value, dtype=np.float64)
            if values.shape not in ((4,), (self.count, 4)):
                raise invalid(f"insets: expected 4 numbers or ({self.count}, 4), "
                              f"not shape {values.shape}")
            for i, side in enumerate(("top", "left", "bottom", "right")):
                array["insets"][side] = values[..., i]
        elif key in _ENUMS:
            names = value if per_section else [value]
            codes = [enum(_ENUMS[key], name, key) for name in names]
            array[key] = np.asarray(codes, dtype=np.int32) if per_section else codes[0]
        elif key in ("decorations", "estimated_item_size", "effect"):
            lists = value if per_section else [value] * self.count
            for section, names in enumerate(lists):
                self._keep.extend(set_metrics(table[section], {key: names}, decoration_ids))
        else:
            try:
                array[key] = np.asarray(value, dtype=np.int32 if key in ("rows", "columns")
                                        else np.float64)
            except (TypeError, ValueError) as error:
                raise invalid(f"{key}: {error}") from error

    def _trampoline(self, source: Any) -> Any:
        """The section_metrics callback for `source` (a DataSource): one memmove per call."""
        fail, size = source._fail, SECTION_METRICS_SIZE

        def metrics(_user: Any, section: int, inout: int) -> int:
            try:
                rows = self.resolved(cl_section_metrics.from_address(inout), source.decoration_ids)
                if not 0 <= section < self.count:
                    raise BadCallbackDataError(
                        f"section_metrics: the table has {self.count} sections, the layout "
                        f"asked for section {section}", CL_ERROR_BAD_CALLBACK_DATA)
                ctypes.memmove(inout, ctypes.addressof(rows) + section * size, size)
                return CL_OK
            except BaseException as error:  # noqa: BLE001 - re-raised after the C call
                status: int = fail(error)
                return status
        raw = _RAW_METRICS_FN(metrics)
        return ctypes.cast(raw, _lib.SECTION_METRICS_FN)  # keeps `raw` alive (_objects)


def _is_list_of_lists(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str) and \
        all(item is None or (isinstance(item, Sequence) and not isinstance(item, str))
            for item in value)


def _per_section(key: str, value: Any) -> bool:
    """Whether a column holds one value per section (else one value for all)."""
    if isinstance(value, np.ndarray):
        return value.ndim == (2 if key in ("insets", "estimated_item_size") else 1)
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        return False
    if key == "estimated_item_size":
        return bool(value) and (value[0] is None or not isinstance(value[0], (int, float)))
    if key == "insets":
        return bool(value) and isinstance(value[0], (Sequence, np.ndarray))
    if key == "decorations":
        return _is_list_of_lists(value) and bool(value) and \
            not all(isinstance(v, str) for v in value)
    if key == "effect":  # one mapping for every section, or a list of them (or None)
        return not isinstance(value, Mapping)
    return True

