"""The data source (header: cl_data_source): the user's callables, the ctypes trampolines the
library calls, and the copies of their answers into the library's buffers.

A trampoline never lets a Python exception vanish in C: it stores the exception, returns a
failure status, and the Layout re-raises it after the C call returns (DESIGN.md)."""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from . import _lib
from ._convert import SPAN_WORDS, int64, invalid, number, set_metrics
from ._lib import (CL_ERROR_BAD_CALLBACK_DATA, CL_ERROR_CALLBACK, CL_OK, cl_inline_element,
                   cl_item_badge, cl_size)
from .errors import BadCallbackDataError, CollectionLayoutError

try:
    import numpy as np
except ImportError:  # numpy is optional: only the bulk features need it
    np = None  # type: ignore[assignment]

InlineEntry = tuple[str, int, float]


def _bad(message: str) -> BadCallbackDataError:
    return BadCallbackDataError(message, CL_ERROR_BAD_CALLBACK_DATA)


def write_array(out: int, what: str, data: Any, count: int, width: int,
                pair: Callable[[Any], Any], store: Any) -> None:
    """Copies `count` rows of `width` numbers returned by a callback into the library's buffer
    at address `out`: a numpy (count, width) array with one memmove, else a sequence of rows
    (each converted by `pair`, stored through `store`)."""
    if np is not None and isinstance(data, np.ndarray):
        array = np.ascontiguousarray(data, dtype=np.float64)  # no copy when it already is
        if array.shape != (count, width):
            raise _bad(f"{what} returned an array of shape {array.shape}, expected "
                       f"({count}, {width})")
        ctypes.memmove(out, array.ctypes.data, array.nbytes)  # one copy for the whole batch
        return
    if not isinstance(data, Sequence):
        data = list(data)
    if len(data) != count:
        raise _bad(f"{what} returned {len(data)} rows, expected {count}")
    for i, row in enumerate(data):
        try:
            store[i] = pair(row)
        except (TypeError, ValueError) as error:
            raise _bad(f"{what}: row {i} is {row!r}, not {width} numbers") from error


def write_spans(out: int, what: str, data: Any, count: int, store: Any) -> None:
    """Copies `count` spans returned by an item_spans callback (SPEC §16) into the library's
    int32 buffer at `out`: a numpy integer array with one memmove, else a sequence of counts,
    "full" and "remaining". The library checks the counts (>= 1) and names the item."""
    if np is not None and isinstance(data, np.ndarray):
        if data.shape != (count,) or data.dtype.kind not in "iu":
            raise _bad(f"{what} returned an array of shape {data.shape} and dtype {data.dtype}, "
                       f"expected ({count},) integers")
        array = np.ascontiguousarray(data if data.dtype == np.int32 else np.clip(data, -2**31, 2**31 - 1),
                                     dtype=np.int32)  # (no copy when it already is)
        ctypes.memmove(out, array.ctypes.data, array.nbytes)
        return
    if not isinstance(data, Sequence) or isinstance(data, (str, bytes)):
        data = list(data)
    if len(data) != count:
        raise _bad(f"{what} returned {len(data)} spans, expected {count}")
    for i, span in enumerate(data):
        if isinstance(span, str) and span in SPAN_WORDS:
            store[i] = SPAN_WORDS[span]
        elif (isinstance(span, int) or (np is not None and isinstance(span, np.integer))) and span >= 1:
            store[i] = min(int(span), 2**31 - 1)  # (more than the columns counts as all of them)
        else:
            raise _bad(f"{what}: span {i} is {span!r}; a span is an integer >= 1, 'full' or 'remaining'")


def _size(row: Any) -> cl_size:
    width, height = row
    return cl_size(width, height)


def _frame(row: Any) -> _lib.cl_rect:
    x, y, width, height = row
    return _lib.cl_rect(x, y, width, height)


_RAW_SIZES_FN = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64,
                                 ctypes.c_int64, ctypes.c_void_p)


def _address(array: Any) -> int:
    """Where a numpy array's data starts: through the buffer protocol (a third of the time of
    __array_interface__, which builds a dict), or for a read-only or empty array the slow way."""
    try:
        return ctypes.addressof(ctypes.c_byte.from_buffer(array))
    except (TypeError, ValueError):
        return int(array.__array_interface__["data"][0])


def held_sizes(owned: Any) -> list[Any] | None:
    """The list of sections' sizes a from_sizes layout holds (an ArraySizes' list, made when
    first asked for), or None."""
    return owned.sections if isinstance(owned, ArraySizes) else owned


class ArraySizes:
    """Item sizes held as one C-contiguous float64 (n, 2) numpy array per section
    (Layout.from_sizes): the library's item_sizes callback copies a batch with one memmove from
    the array's memory, no slicing and no pointer object per call. The list is read at each
    call (sections may be appended; arrays changed in place).

    `fixed`: the list never changes (its arrays may change in place): the counts and sizes are
    then given to the library as a cl_array_source, with no Python call per section."""

    def __init__(self, sections: list[Any] | None, fixed: bool = False) -> None:
        self._sections = sections
        self.fixed = fixed
        self._cache: dict[int, tuple[Any, int]] = {}  # section -> (array, address)
        # What the cl_array_source points to (array_source): counts, addresses, the arrays.
        self._counts: Any = None
        self._addresses: Any = None
        self._seen: list[Any] = []
        # split(): the array and where each section starts and ends, until the views are made.
        self._split: Any = None

    @classmethod
    def split(cls, sizes: Any, counts: Any) -> ArraySizes:
        """Fixed sizes given as one (n, 2) array and each section's count: the counts and
        addresses the library reads are computed in one go (numpy), and the sections' views of
        the array are made only when the list is asked for (`sections`)."""
        import numpy as np
        values = np.ascontiguousarray(sizes, dtype=np.float64)
        if values.ndim != 2 or values.shape[1] != 2:
            raise invalid(f"with counts, the sizes are one array of shape (n, 2), not {values.shape}")
        lengths = np.asarray(counts)
        if lengths.ndim != 1 or (lengths.size and lengths.dtype.kind not in "iu"):
            raise invalid(f"counts must be a sequence of integers, one per section, not {counts!r}")
        lengths = lengths.astype(np.int64)
        if lengths.size and lengths.min() < 0:
            section = int(np.argmin(lengths))
            raise invalid(f"counts must not be negative: section {section} has {int(lengths[section])}")
        ends = np.cumsum(lengths)
        total = int(ends[-1]) if lengths.size else 0
        if total != len(values):
            raise invalid(f"the counts add up to {total} items, but the sizes array has {len(values)}")
        self = cls(None, fixed=True)
        starts = ends - lengths
        self._split = (values, starts, ends)
        self._counts = lengths
        self._addresses = (_address(values) + 16 * starts).astype(np.uintp)
        return self

    @property
    def sections(self) -> list[Any]:
        """The list of the sections' arrays the library reads (a split's views, made now)."""
        if self._sections is None:
            values, starts, ends = self._split
            self._sections = [values[a:b] for a, b in zip(starts.tolist(), ends.tolist())]
            self._seen = list(self._sections)
        return self._sections

    def array_source(self) -> Any:
        """The cl_array_source over the list as it is now: counts and a table of the arrays'
        addresses, kept alive by this object. Called again after the list changed (arrays
        replaced, inserted or removed: an update, a committed movement), it updates the same
        struct, which the library reads at every pass; only the entries of arrays that are not
        the ones seen before are read again."""
        import numpy as np
        if self._sections is not None:  # (a split whose list nobody has asked for is as it was)
            sections, seen = self._sections, self._seen
            if self._counts is not None and len(seen) == len(sections):
                for s, a in enumerate(sections):
                    if a is not seen[s]:
                        self._counts[s] = len(a)
                        self._addresses[s] = _address(a)
                        seen[s] = a
            else:
                self._counts = np.fromiter((len(a) for a in sections), dtype=np.int64,
                                           count=len(sections))
                self._addresses = np.fromiter((_address(a) for a in sections), dtype=np.uintp,
                                              count=len(sections))
                self._seen = list(sections)
        arrays = getattr(self, "_arrays", None) or _lib.lib().cl_array_source_default()
        arrays.section_count = len(self._counts)
        arrays.item_counts = self._counts.ctypes.data
        arrays.item_sizes = self._addresses.ctypes.data
        self._arrays = arrays
        return arrays

    def __call__(self, section: int, first: int, count: int) -> Any:
        return self.sections[section][first:first + count]

    def trampoline(self, fail: Callable[[BaseException], int]) -> Any:
        sections, cache, memmove = self.sections, self._cache, ctypes.memmove

        def sizes(_user: Any, section: int, first: int, count: int, out: int) -> int:
            try:
                array = sections[section]
                cached = cache.get(section)
                if cached is None or cached[0] is not array:
                    cached = cache[section] = (array, array.ctypes.data)
                if first < 0 or count < 0 or first + count > len(array):
                    raise _bad(f"item_sizes({section}, {first}, {count}): the section's array "
                               f"has {len(array)} sizes")
                memmove(out, cached[1] + 16 * first, 16 * count)
                return CL_OK
            except BaseException as error:  # noqa: BLE001 - re-raised after the C call
                return fail(error)
        return ctypes.cast(_RAW_SIZES_FN(sizes), _lib.ITEM_SIZES_FN)  # keeps it alive


class UnregisteredKinds(Exception):
    """Inline elements named kinds the layout does not know yet (they can only be registered
    outside a callback). The pass stops at the first section that names one; the Layout
    registers the names and calls again, and the sections already asked are answered from
    the cache, so the user's callback is asked once per section per call."""


class DataSource:
    """The Python side of a cl_data_source. It holds no reference to the Layout, so the
    finalizer that keeps it alive as long as the C handle does not keep the Layout alive."""

    def __init__(self, kinds: dict[str, int], decoration_ids: dict[str, int],
                 section_count: Callable[[], int] | None,
                 item_count: Callable[[int], int],
                 item_sizes: Callable[[int, int, int], Any] | None,
                 section_metrics: Callable[[int], Mapping[str, Any] | None] | Any | None,
                 inline_elements: Callable[[int], Iterable[InlineEntry]] | None,
                 custom_frames: Callable[[int, int, int, float], Any] | None,
                 item_spans: Callable[[int, int, int], Any] | None = None,
                 item_badges: Callable[[int, int, int], Iterable[Any]] | None = None,
                 staged: bool = False, metrics_base: Any = None) -> None:
        self.error: BaseException | None = None
        self.kinds = kinds  # kind name -> id, shared with the Layout
        self.decoration_ids = decoration_ids  # decoration name -> id, shared with the Layout
        self.unregistered: set[str] = set()  # inline kind names the layout must register first
        self.inline_cache: dict[int, list[InlineEntry]] = {}  # this call's answers by section
        self.inline_known: dict[int, list[InlineEntry]] = {}  # answers of successful calls
        self.staged = staged  # True: no sections yet (decorations are registered first)
        self.arrays: Any = None  # the cl_array_source of fixed ArraySizes, if any
        self.section_total = 0
        self._keep: Any = None  # the decoration id array of the last metrics answer
        # A SectionMetricsTable over arrays is read as an array from these defaults.
        self._table: Any = section_metrics if hasattr(section_metrics, "resolved") else None
        self._metrics_base = metrics_base
        self.callables = (section_count, item_count, item_sizes, section_metrics,
                          inline_elements, custom_frames)
        struct = _lib.lib().cl_data_source_default()
        struct.struct_size = _lib.DATA_SOURCE_SIZE
        fail = self._fail

        if section_count is not None or staged:
            def count_sections(_user: Any, out: Any) -> int:
                try:
                    out[0] = 0 if self.staged else \
                        (int64(section_count(), "section_count()") if section_count else 1)
                    return CL_OK
                except BaseException as error:  # noqa: BLE001 - re-raised after the C call
                    return fail(error)
            struct.section_count = _lib.SECTION_COUNT_FN(count_sections)

        def count_items(_user: Any, section: int, out: Any) -> int:
            try:
                out[0] = int64(item_count(section), f"item_count({section})")
                return CL_OK
            except BaseException as error:  # noqa: BLE001
                return fail(error)
        struct.item_count = _lib.ITEM_COUNT_FN(count_items)

        if isinstance(item_sizes, ArraySizes) and item_sizes.fixed:
            # Counts and sizes straight from the arrays: while staged, no sections yet.
            self.item_sizes = item_sizes
            self.arrays = arrays = item_sizes.array_source()
            self.section_total = arrays.section_count
            if staged:
                arrays.section_count = 0
            struct.arrays = ctypes.pointer(arrays)
        elif isinstance(item_sizes, ArraySizes):
            struct.item_sizes = item_sizes.trampoline(fail)
        elif item_sizes is not None:
            def sizes(_user: Any, section: int, first: int, count: int, out: Any) -> int:
                try:
                    write_array(ctypes.addressof(out.contents),
                                f"item_sizes({section}, {first}, {count})",
                                item_sizes(section, first, count), count, 2, _size, out)
                    return CL_OK
                except BaseException as error:  # noqa: BLE001
                    return fail(error)
            struct.item_sizes = _lib.ITEM_SIZES_FN(sizes)

        if section_metrics is not None:
            struct.section_metrics = self._metrics_trampoline(section_metrics)

        if inline_elements is not None:
            def inline(_user: Any, section: int, out: Any, capacity: int, out_count: Any) -> int:
                try:
                    elements = self._inline_elements(inline_elements, section)
                    out_count[0] = len(elements)
                    for i, element in enumerate(elements[:capacity]):
                        out[i] = element  # over capacity: the library asks again with room
                    return CL_OK
                except BaseException as error:  # noqa: BLE001
                    return fail(error)
            struct.inline_elements = _lib.INLINE_ELEMENTS_FN(inline)

        if custom_frames is not None:
            def frames(_user: Any, section: int, first: int, count: int, extent: float,
                       out: Any) -> int:
                try:
                    write_array(ctypes.addressof(out.contents),
                                f"custom_frames({section}, {first}, {count}, {extent:g})",
                                custom_frames(section, first, count, extent), count, 4,
                                _frame, out)
                    return CL_OK
                except BaseException as error:  # noqa: BLE001
                    return fail(error)
            struct.custom_frames = _lib.CUSTOM_FRAMES_FN(frames)
        if item_spans is not None:
            def spans(_user: Any, section: int, first: int, count: int, out: Any) -> int:
                try:
                    write_spans(ctypes.addressof(out.contents), f"item_spans({section}, {first}, {count})",
                                item_spans(section, first, count), count, out)
                    return CL_OK
                except BaseException as error:  # noqa: BLE001
                    return fail(error)
            struct.item_spans = _lib.ITEM_SPANS_FN(spans)
        if item_badges is not None:
            def badges(_user: Any, section: int, first: int, count: int, out: Any, capacity: int,
                       out_count: Any) -> int:
                try:
                    what = f"item_badges({section}, {first}, {count})"
                    entries = [self._badge(entry, what) for entry in item_badges(section, first, count)]
                    out_count[0] = len(entries)
                    for i, entry in enumerate(entries[:capacity]):
                        out[i] = entry  # over capacity: the library asks again with room
                    return CL_OK
                except BaseException as error:  # noqa: BLE001
                    return fail(error)
            struct.item_badges = _lib.ITEM_BADGES_FN(badges)
        self.struct = struct
        self._table_to_arrays()

    def _badge(self, entry: Any, what: str) -> Any:
        """One badge an item_badges callback gave (SPEC §17.1): (item, kind) or (item, kind,
        (width, height)), or a dict with item, kind and size; kind a badge kind's name or id.
        The library checks items, kinds and sizes."""
        if isinstance(entry, Mapping):
            unknown = sorted(set(entry) - {"item", "kind", "size"})
            if unknown or "item" not in entry or "kind" not in entry:
                raise _bad(f"{what}: a badge is a dict with item, kind and maybe size, not {entry!r}")
            entry = (entry["item"], entry["kind"]) + ((entry["size"],) if entry.get("size") is not None else ())
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) not in (2, 3):
            raise _bad(f"{what}: a badge is (item, kind) or (item, kind, (width, height)), not {entry!r}")
        kind = entry[1]
        if isinstance(kind, str):
            if kind not in self.kinds:
                raise _bad(f"{what}: {kind!r} is not a registered badge kind")
            kind = self.kinds[kind]
        badge = cl_item_badge(item=int64(entry[0], f"{what}: item"), kind=int(kind))
        if len(entry) == 3:
            badge.has_size = 1
            badge.size = _size(entry[2])
        return badge

    def refresh_arrays(self) -> None:
        """The fixed ArraySizes' list may have changed (an update, a committed movement, an
        invalidation): the arrays that changed are read again."""
        if self.arrays is not None:
            self.item_sizes.array_source()
            self._table_to_arrays()

    def unstage(self) -> None:
        """The decorations are registered: the sections come now."""
        self.staged = False
        if self.arrays is not None:
            self.arrays.section_count = self.section_total
            self._table_to_arrays()

    def _table_to_arrays(self) -> None:
        """A SectionMetricsTable over arrays: the library reads its resolved rows in place, with
        no Python call per section. The callback stays for what the array cannot answer (a
        table shorter than the sections, a row that does not resolve): it reports the error."""
        arrays, table = self.arrays, self._table
        if arrays is None or table is None or self._metrics_base is None:
            return
        arrays.section_metrics = None
        if self.staged or table.count < arrays.section_count:
            return
        try:
            rows = table.resolved(self._metrics_base, self.decoration_ids)
        except CollectionLayoutError:
            return
        arrays.section_metrics = ctypes.addressof(rows)  # kept alive by the table

    def _fail(self, error: BaseException) -> int:
        if self.error is None:
            self.error = error
        return CL_ERROR_CALLBACK

    def _metrics_trampoline(self, source: Any) -> Any:
        fail = self._fail
        if hasattr(source, "_trampoline"):  # a SectionMetricsTable: rows resolved once
            return source._trampoline(self)

        def metrics(_user: Any, section: int, inout: Any) -> int:
            try:
                overrides = source(section)
                if overrides is not None:
                    self._keep = set_metrics(inout.contents, overrides, self.decoration_ids)
                return CL_OK
            except BaseException as error:  # noqa: BLE001
                return fail(error)
        return _lib.SECTION_METRICS_FN(metrics)

    def _inline_elements(self, callback: Callable[[int], Iterable[InlineEntry]],
                         section: int) -> list[cl_inline_element]:
        entries = self.inline_cache.get(section)
        if entries is None:
            entries = []
            for entry in callback(section) or ():
                try:
                    kind, before, extent = entry
                except (TypeError, ValueError) as error:
                    raise _bad(f"inline_elements(section {section}): {entry!r} is not "
                               f"(kind, before, extent)") from error
                if not isinstance(kind, str):
                    raise _bad(f"inline_elements(section {section}): kind {kind!r} is not a "
                               f"kind name")
                entries.append((kind, int64(before, "before"), number(extent, "extent")))
            self.inline_cache[section] = entries
        kinds = self.kinds
        missing = {kind for kind, _, _ in entries if kind not in kinds}
        if missing:  # stop the pass here: the Layout registers them and calls again
            self.unregistered |= missing
            raise UnregisteredKinds()
        return [cl_inline_element(kinds[kind], 0, before, extent)
                for kind, before, extent in entries]

    def end_call(self, succeeded: bool) -> None:
        """After a call into the library: keeps the inline elements it laid out (identities
        for Layout.all_elements) when it succeeded, and forgets this call's answers."""
        if succeeded:
            self.inline_known.update(self.inline_cache)
        self.inline_cache.clear()

    def take_error(self) -> BaseException | None:
        error, self.error = self.error, None
        if isinstance(error, UnregisteredKinds):
            return None
        return error
