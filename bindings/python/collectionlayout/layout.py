"""`Layout`: a flow layout (UICollectionViewFlowLayout semantics) over a Python data source."""

from __future__ import annotations

import ctypes
import operator
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from ctypes import POINTER, byref, c_char_p, c_int32, c_int64, c_void_p
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from . import _lib
from ._lib import (CL_ERROR_BUFFER_TOO_SMALL, CL_ERROR_CALLBACK, CL_ERROR_INVALID_ARGUMENT,
                   CL_ERROR_INVALID_HANDLE, CL_ERROR_OUT_OF_RANGE, CL_ERROR_REENTRANT,
                   CL_ERROR_UNKNOWN_KIND, CL_ERROR_BAD_CALLBACK_DATA, CL_OK, cl_attributes,
                   cl_data_source, cl_flow_def, cl_index_path, cl_inline_element, cl_insets, cl_rect, cl_size)
from .errors import (BadCallbackDataError, CallbackError, CollectionLayoutError,
                     InvalidArgumentError, InvalidHandleError, OutOfRangeError, ReentrantError,
                     UnknownKindError, error_for)

try:
    import numpy as np
except ImportError:  # numpy is optional: only the bulk features need it
    np = None  # type: ignore[assignment]

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["Attributes", "Layout", "ATTRIBUTES_DTYPE", "DIRECTIONS", "ALIGNMENTS",
           "CROSS_ALIGNMENTS", "CATEGORIES", "SCOPES", "COVERAGES", "STYLES", "SNAPPING",
           "SectionScroll"]

Rect = tuple[float, float, float, float]
RectLike = Sequence[float]
SizeLike = Sequence[float]
SizesLike = Union[Sequence[SizeLike], "npt.NDArray[np.float64]"]

DIRECTIONS = {"vertical": 0, "horizontal": 1}
ALIGNMENTS = {"justified": 0, "leading": 1, "center": 2, "trailing": 3}
CROSS_ALIGNMENTS = {"center": 0, "start": 1, "end": 2}
STYLES = {"flow": 0, "orthogonal": 1}
SNAPPING = {"none": 0, "item": 1, "page": 2, "item_paging": 3, "item_centered": 4}
CATEGORIES = ("cell", "supplementary", "decoration")  # indexed by CL_CATEGORY_*
SCOPES = {"section": 0, "item": 1}
COVERAGES = {"body": 0, "section": 1, "items": 2}
BUILTIN_KINDS = {"": _lib.CL_KIND_CELL, "header": _lib.CL_KIND_HEADER,
                 "footer": _lib.CL_KIND_FOOTER}

# numpy mirror of cl_attributes (same field names, offsets and size), for bulk queries.
ATTRIBUTES_DTYPE = np.dtype(cl_attributes) if np is not None else None


class SectionScroll(NamedTuple):
    """The sideways scroll state of an orthogonal section (SPEC §4)."""

    offset: float
    content_extent: float  # the strip's extent: insets + columns + spacing
    max_offset: float


@dataclass(frozen=True, slots=True)
class Attributes:
    """One element of the layout (SPEC §1)."""

    category: str  # "cell", "supplementary" or "decoration"
    kind: str  # "" for cells, "header", "footer" or a registered kind name
    section: int
    item: int
    frame: Rect  # (x, y, width, height) in content coordinates
    z: int
    alpha: float
    hidden: bool

    @property
    def key(self) -> tuple[str, str, int, int]:
        """The element's identity (category, kind, section, item)."""
        return (self.category, self.kind, self.section, self.item)

    def to_dict(self) -> dict[str, Any]:
        """The element as in a scene dump (SPEC §12)."""
        result = asdict(self)
        result["frame"] = list(self.frame)
        return result


# ---- Conversions of Python values to C values -------------------------------------------------

def _invalid(message: str) -> InvalidArgumentError:
    return InvalidArgumentError(message, CL_ERROR_INVALID_ARGUMENT)


def _enum(table: Mapping[str, int], name: object, what: str) -> int:
    if isinstance(name, str) and name in table:
        return table[name]
    raise _invalid(f"{what} must be one of {', '.join(map(repr, table))}, not {name!r}")


def _floats(values: Iterable[float], count: int, what: str) -> list[float]:
    try:
        result = [float(v) for v in values]
    except (TypeError, ValueError) as error:
        raise _invalid(f"{what} must be {count} numbers, not {values!r}") from error
    if len(result) != count:
        raise _invalid(f"{what} must be {count} numbers, not {values!r}")
    return result


def _int64(value: object, what: str) -> int:
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError as error:
        raise TypeError(f"{what} must be an integer, not {value!r}") from error
    if not -2**63 <= number < 2**63:  # ctypes would silently wrap
        raise OutOfRangeError(f"{what} {number} does not fit in 64 bits", CL_ERROR_OUT_OF_RANGE)
    return number


def _int32(value: object, what: str) -> int:
    number = _int64(value, what)
    if not -2**31 <= number < 2**31:
        raise _invalid(f"{what} {number} does not fit in 32 bits")
    return number


def _rect(rect: RectLike) -> cl_rect:
    return cl_rect(*_floats(rect, 4, "a rect (x, y, width, height)"))


_METRIC_NUMBERS = ("line_spacing", "interitem_spacing", "header", "footer")
METRIC_KEYS = ("insets", "alignment", "cross_alignment", "style", "rows") + _METRIC_NUMBERS


def _set_metrics(target: ctypes.Structure, metrics: Mapping[str, Any]) -> None:
    """Writes section metrics given by name into a cl_flow_def or cl_section_metrics (they share
    these field names). Values are checked by the library, which knows the rules."""
    for key, value in metrics.items():
        if key == "insets":
            target.insets = cl_insets(*_floats(value, 4, "insets (top, left, bottom, right)"))
        elif key == "alignment":
            target.alignment = _enum(ALIGNMENTS, value, "alignment")
        elif key == "cross_alignment":
            target.cross_alignment = _enum(CROSS_ALIGNMENTS, value, "cross_alignment")
        elif key == "style":
            target.style = _enum(STYLES, value, "style")
        elif key == "rows":
            target.rows = _int32(value, "rows")
        elif key in _METRIC_NUMBERS:
            setattr(target, key, _floats([value], 1, key)[0])
        else:
            raise _invalid(f"unknown section metric {key!r}; known: {', '.join(METRIC_KEYS)}")


def _write_sizes(out: Any, section: int, first: int, count: int, sizes: Any) -> None:
    """Copies `count` sizes returned by an item_sizes callback into the library's buffer."""
    if np is not None and isinstance(sizes, np.ndarray):
        array = np.ascontiguousarray(sizes, dtype=np.float64)  # no copy when it already is
        if array.shape != (count, 2):
            raise BadCallbackDataError(
                f"item_sizes({section}, {first}, {count}) returned an array of shape "
                f"{array.shape}, expected ({count}, 2)", CL_ERROR_BAD_CALLBACK_DATA)
        ctypes.memmove(out, array.ctypes.data, array.nbytes)  # one copy for the whole batch
        return
    if not isinstance(sizes, Sequence):
        sizes = list(sizes)
    if len(sizes) != count:
        raise BadCallbackDataError(
            f"item_sizes({section}, {first}, {count}) returned {len(sizes)} sizes",
            CL_ERROR_BAD_CALLBACK_DATA)
    for i, size in enumerate(sizes):
        try:
            width, height = size
            out[i] = cl_size(width, height)
        except (TypeError, ValueError) as error:
            raise BadCallbackDataError(
                f"item_sizes: the size of item {first + i} of section {section} is {size!r}, "
                f"not a (width, height) pair of numbers", CL_ERROR_BAD_CALLBACK_DATA) from error


# ---- The data source ------------------------------------------------------------------------

class _DataSource:
    """The Python side of a cl_data_source: the user's callables, the ctypes trampolines the
    library calls, and the slot where a trampoline leaves the exception it caught (re-raised by
    the Layout after the C call returns). It holds no reference to the Layout, so the finalizer
    that keeps it alive as long as the C handle does not keep the Layout alive."""

    def __init__(self, kinds: dict[str, int],
                 section_count: Callable[[], int] | None,
                 item_count: Callable[[int], int],
                 item_sizes: Callable[[int, int, int], Any] | None,
                 section_metrics: Callable[[int], Mapping[str, Any] | None] | None,
                 inline_elements: Callable[[int], Iterable[tuple[str, int, float]]] | None):
        self.error: BaseException | None = None
        self.kinds = kinds  # kind name -> id, shared with the Layout
        self.unregistered: set[str] = set()  # inline kind names the layout must register first
        self._pending_inline: tuple[int, list[cl_inline_element]] | None = None
        self.callables = (section_count, item_count, item_sizes, section_metrics,
                          inline_elements)

        struct = cl_data_source()
        if section_count is not None:
            def count_sections(out: Any) -> None:
                out[0] = _int64(section_count(), "section_count()")
            struct.section_count = _lib.SECTION_COUNT_FN(self._trampoline(count_sections))

        def count_items(section: int, out: Any) -> None:
            out[0] = _int64(item_count(section), f"item_count({section})")
        struct.item_count = _lib.ITEM_COUNT_FN(self._trampoline(count_items))

        if item_sizes is not None:
            def sizes(section: int, first: int, count: int, out: Any) -> None:
                _write_sizes(out, section, first, count, item_sizes(section, first, count))
            struct.item_sizes = _lib.ITEM_SIZES_FN(self._trampoline(sizes))

        if section_metrics is not None:
            def metrics(section: int, inout: Any) -> None:
                overrides = section_metrics(section)
                if overrides is not None:
                    _set_metrics(inout.contents, overrides)
            struct.section_metrics = _lib.SECTION_METRICS_FN(self._trampoline(metrics))

        if inline_elements is not None:
            def inline(section: int, out: Any, capacity: int, out_count: Any) -> None:
                elements = self._inline_elements(inline_elements, section)
                out_count[0] = len(elements)
                if len(elements) > capacity:  # the library calls again with enough room
                    self._pending_inline = (section, elements)
                    return
                for i, element in enumerate(elements):
                    out[i] = element
            struct.inline_elements = _lib.INLINE_ELEMENTS_FN(self._trampoline(inline))
        self.struct = struct

    def _trampoline(self, body: Callable[..., None]) -> Callable[..., int]:
        """Wraps a callback body so no Python exception vanishes in C: it is stored and a
        failure status returned."""
        def call(_user_data: int, *args: Any) -> int:
            try:
                body(*args)
                return CL_OK
            except BaseException as error:  # noqa: BLE001 - re-raised after the C call
                if self.error is None:
                    self.error = error
                return CL_ERROR_CALLBACK
        return call

    def _inline_elements(self, callback: Callable[[int], Iterable[tuple[str, int, float]]],
                         section: int) -> list[cl_inline_element]:
        if self._pending_inline is not None and self._pending_inline[0] == section:
            elements = self._pending_inline[1]  # the library's retry with a larger buffer
            self._pending_inline = None
            return elements
        self._pending_inline = None
        elements = []
        for entry in callback(section) or ():
            try:
                kind, before, extent = entry
            except (TypeError, ValueError) as error:
                raise BadCallbackDataError(
                    f"inline_elements(section {section}): {entry!r} is not (kind, before, extent)",
                    CL_ERROR_BAD_CALLBACK_DATA) from error
            if kind not in self.kinds:
                if not isinstance(kind, str):
                    raise BadCallbackDataError(
                        f"inline_elements(section {section}): kind {kind!r} is not a kind name",
                        CL_ERROR_BAD_CALLBACK_DATA)
                self.unregistered.add(kind)
                continue
            elements.append(cl_inline_element(
                self.kinds[kind], 0, _int64(before, "before"), _floats([extent], 1, "extent")[0]))
        if self.unregistered:  # fail the pass: the Layout registers the names and runs it again
            raise _UnregisteredKinds()
        return elements

    def take_error(self) -> BaseException | None:
        error, self.error = self.error, None
        if isinstance(error, _UnregisteredKinds):
            return None
        return error


class _UnregisteredKinds(Exception):
    """Inline elements named kinds the layout does not know yet (they can only be registered
    outside a callback)."""


def _destroy(handle: int, _source: _DataSource) -> None:
    # `_source` is an argument only to keep the trampolines alive as long as the C handle.
    _lib.lib().cl_layout_destroy(handle)


# ---- The layout -----------------------------------------------------------------------------

class Layout:
    """A flow layout. The data source is Python callables:

    - ``item_count(section) -> int`` (required),
    - ``section_count() -> int`` (None: 1 section),
    - ``item_sizes(section, first, count) -> sizes``: a sequence of (width, height) or a numpy
      (count, 2) float64 array (None: every item is ``item_size``),
    - ``section_metrics(section) -> dict | None``: overrides of ``insets`` (screen insets:
      top, left, bottom, right), ``line_spacing``, ``interitem_spacing``, ``header``,
      ``footer``, ``alignment``, ``cross_alignment``, ``style`` ("flow" or "orthogonal"),
      ``rows`` (of an orthogonal strip),
    - ``inline_elements(section) -> [(kind_name, before, extent), ...]`` (SPEC §6); declare
      their kind names in ``kinds`` (an undeclared name costs one more layout pass).

    The keyword options are the layout-wide defaults of cl_flow_def (None: the library's).
    An exception raised by a callback propagates from the call that made the library ask.
    A failed call leaves the layout in its last good state. Close it with close() or `with`.
    """

    def __init__(self, item_count: Callable[[int], int], *,
                 section_count: Callable[[], int] | None = None,
                 item_sizes: Callable[[int, int, int], SizesLike] | None = None,
                 section_metrics: Callable[[int], Mapping[str, Any] | None] | None = None,
                 inline_elements: Callable[[int], Iterable[tuple[str, int, float]]] | None = None,
                 kinds: Iterable[str] = (),
                 direction: str | None = None,
                 viewport: RectLike | None = None,
                 item_size: SizeLike | None = None,
                 insets: Sequence[float] | None = None,
                 line_spacing: float | None = None,
                 interitem_spacing: float | None = None,
                 header: float | None = None,
                 footer: float | None = None,
                 alignment: str | None = None,
                 cross_alignment: str | None = None,
                 style: str | None = None,
                 rows: int | None = None,
                 pin_headers: bool | None = None,
                 pin_footers: bool | None = None) -> None:
        self._handle: int | None = None
        self._closed = False
        lib = _lib.lib()
        definition = lib.cl_flow_def_default()
        metrics = dict(insets=insets, line_spacing=line_spacing,
                       interitem_spacing=interitem_spacing, header=header, footer=footer,
                       alignment=alignment, cross_alignment=cross_alignment, style=style,
                       rows=rows)
        _set_metrics(definition, {k: v for k, v in metrics.items() if v is not None})
        if direction is not None:
            definition.direction = _enum(DIRECTIONS, direction, "direction")
        if viewport is not None:
            definition.viewport = _rect(viewport)
        if item_size is not None:
            definition.item_size = cl_size(*_floats(item_size, 2, "item_size (width, height)"))
        if pin_headers is not None:
            definition.pin_headers = bool(pin_headers)
        if pin_footers is not None:
            definition.pin_footers = bool(pin_footers)

        self._kinds: dict[str, int] = {}
        self._kind_names: dict[int, str] = {}
        self._source = _DataSource(self._kinds, section_count, item_count, item_sizes,
                                   section_metrics, inline_elements)
        declared = list(dict.fromkeys(kinds))
        while True:  # at most once more per kind that inline_elements names undeclared
            self._declare_kinds(definition, declared)
            out = c_void_p()
            status = lib.cl_layout_create(byref(definition), byref(self._source.struct),
                                          byref(out))
            error = self._source.take_error()
            if status == CL_OK and error is None:
                break
            if out.value:
                lib.cl_layout_destroy(out.value)
            if error is not None:
                raise error
            if not self._source.unregistered:
                raise self._error(status, None)
            declared += sorted(self._source.unregistered)
            self._source.unregistered = set()
        self._handle = handle = out.value or 0
        self._finalizer = weakref.finalize(self, _destroy, handle, self._source)

    def _declare_kinds(self, definition: cl_flow_def, names: list[str]) -> None:
        """Puts the user kinds into the def (ids CL_KIND_FIRST_USER + i) and the name maps.
        The def keeps the name array alive (ctypes' _objects) until create has copied it."""
        for name in names:
            if not isinstance(name, str):
                raise _invalid(f"a kind name must be a str, not {name!r}")
        encoded = (c_char_p * len(names))(*(name.encode() for name in names))
        definition.kinds = ctypes.cast(encoded, POINTER(c_char_p))
        definition.kind_count = len(names)
        self._kinds.clear()
        self._kinds.update(BUILTIN_KINDS)
        self._kinds.update({name: _lib.CL_KIND_FIRST_USER + i for i, name in enumerate(names)})
        self._kind_names.clear()
        self._kind_names.update({kind: name for name, kind in self._kinds.items()})

    # ---- Alternative constructors -----------------------------------------------------------

    @classmethod
    def from_sizes(cls, sizes: Sequence[SizesLike] | npt.NDArray[np.float64],
                   **options: Any) -> Layout:
        """A layout over fixed item sizes: a list with one entry per section, each a sequence of
        (width, height) or a numpy (n, 2) array; or a single numpy (n, 2) array for one section.
        Arrays are copied to the library with one memmove per batch; the layout keeps the
        sections alive and reads them again on invalidation (change them in place, then call
        invalidate_items). `options` are those of Layout()."""
        sections = _size_sections(sizes)
        return cls(lambda section: len(sections[section]),
                   section_count=lambda: len(sections),
                   item_sizes=lambda section, first, count: sections[section][first:first + count],
                   **options)

    @classmethod
    def orthogonal(cls, item_count: Callable[[int], int], **options: Any) -> Layout:
        """The preset for a layout whose every section scrolls sideways on its own, like the C
        header's cl_orthogonal_def_default(): Layout(item_count, style="orthogonal", ...).
        `options` are those of Layout(); section_metrics may still return {"style": "flow"}
        for a section. With fixed sizes: Layout.from_sizes(sizes, style="orthogonal")."""
        options.setdefault("style", "orthogonal")
        return cls(item_count, **options)

    # ---- Lifetime ---------------------------------------------------------------------------

    def close(self) -> None:
        """Destroys the C layout. Further use raises InvalidHandleError. Idempotent."""
        if self._handle is not None:
            self._finalizer()
        self._handle = None
        self._closed = True

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Layout:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def handle(self) -> int:
        """The cl_layout pointer, for calls through the low-level table (_lib.lib())."""
        if self._handle is None:
            if self._closed:
                raise InvalidHandleError("the layout is closed", CL_ERROR_INVALID_HANDLE)
            raise ReentrantError("the layout is being created; its callbacks must not use it",
                                 CL_ERROR_REENTRANT)
        return self._handle

    def __repr__(self) -> str:
        if self._handle is None:
            return f"<Layout {'closed' if self._closed else 'being created'}>"
        width, height = self.content_size
        return f"<Layout {self.section_count} sections, content {width:g}x{height:g}>"

    # ---- Calling the library ----------------------------------------------------------------

    def _error(self, status: int, handle: int | None) -> CollectionLayoutError:
        message = (_lib.lib().cl_layout_last_error(handle) or b"").decode(errors="replace")
        return error_for(status, message or _lib.status_string(status))

    def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int:
        """Calls a cl_layout_* function on this handle; re-raises a callback's exception, turns
        an error status into an exception (except those in `allow`, returned)."""
        function = getattr(_lib.lib(), name)
        for _ in range(100):  # each round registers new kind names; a pass needs few rounds
            handle = self.handle
            status = function(handle, *args)
            error = self._source.take_error()
            if error is not None:
                raise error
            if status == CL_OK or status in allow:
                return status
            if not self._source.unregistered:
                raise self._error(status, handle)
            names, self._source.unregistered = self._source.unregistered, set()
            for kind in sorted(names):
                self.register_kind(kind)
        raise CallbackError("inline_elements keeps naming new kinds", CL_ERROR_CALLBACK)

    # ---- Kinds ------------------------------------------------------------------------------

    def register_kind(self, name: str) -> int:
        """Registers a supplementary kind name ("separator"); returns its id (the same id for a
        name registered before)."""
        if not isinstance(name, str):
            raise _invalid(f"a kind name must be a str, not {name!r}")
        kind = c_int32()
        self._call("cl_layout_register_kind", name.encode(), byref(kind))
        self._remember_kind(name, kind.value)
        return kind.value

    def _remember_kind(self, name: str, kind: int) -> None:
        self._kinds[name] = kind
        self._kind_names[kind] = name

    def kind_name(self, kind: int) -> str:
        """The name of a kind id ("" for cells)."""
        if kind not in self._kind_names:
            name = c_char_p()
            self._call("cl_layout_kind_name", _int64(kind, "kind"), byref(name))
            self._kind_names[kind] = (name.value or b"").decode()
        return self._kind_names[kind]

    def kind_id(self, name: str | int) -> int:
        """The id of a registered kind name (ids pass through)."""
        if isinstance(name, int):
            return name
        try:
            return self._kinds[name]
        except (KeyError, TypeError):
            raise UnknownKindError(f"kind {name!r} is not registered on this layout",
                                   CL_ERROR_UNKNOWN_KIND) from None

    def add_decoration(self, name: str, scope: str = "section", coverage: str = "body",
                       insets: Sequence[float] = (0, 0, 0, 0), z: int = -1) -> int:
        """Registers a decoration kind (SPEC §7) and relays out; returns its kind id."""
        definition = _lib.lib().cl_decoration_def_default()
        definition.scope = _enum(SCOPES, scope, "scope")
        definition.coverage = _enum(COVERAGES, coverage, "coverage")
        definition.insets = cl_insets(*_floats(insets, 4, "insets (top, left, bottom, right)"))
        definition.z = _int64(z, "z")
        if not isinstance(name, str):
            raise _invalid(f"a kind name must be a str, not {name!r}")
        kind = c_int32()
        self._call("cl_layout_add_decoration", name.encode(), byref(definition), byref(kind))
        self._remember_kind(name, kind.value)
        return kind.value

    # ---- Viewport ---------------------------------------------------------------------------

    def set_viewport(self, viewport: RectLike) -> None:
        """Sets the visible rect (scroll offset and size). A new line-axis extent relays out;
        an origin-only change moves pinned elements only."""
        self._call("cl_layout_set_viewport", _rect(viewport))

    @property
    def viewport(self) -> Rect:
        rect = cl_rect()
        self._call("cl_layout_viewport", byref(rect))
        return (rect.x, rect.y, rect.width, rect.height)

    @viewport.setter
    def viewport(self, viewport: RectLike) -> None:
        self.set_viewport(viewport)

    # ---- Invalidation -----------------------------------------------------------------------

    def invalidate(self) -> None:
        """Asks the data source again for everything."""
        self._call("cl_layout_invalidate")

    def invalidate_counts(self) -> None:
        """The counts changed (asks everything again)."""
        self._call("cl_layout_invalidate_counts")

    def invalidate_items(self, items: Iterable[tuple[int, int]]) -> None:
        """The sizes of these (section, item) changed: asks only their sizes."""
        paths = [cl_index_path(_int64(s, "section"), _int64(i, "item")) for s, i in items]
        self._call("cl_layout_invalidate_items", (cl_index_path * len(paths))(*paths),
                   len(paths))

    def invalidate_sections(self, sections: Iterable[int]) -> None:
        """The metrics or inline elements of these sections changed (not their sizes)."""
        numbers = [_int64(s, "section") for s in sections]
        self._call("cl_layout_invalidate_sections", (c_int64 * len(numbers))(*numbers),
                   len(numbers))

    # ---- Orthogonal sections (SPEC §4) ------------------------------------------------------

    def set_section_offset(self, section: int, offset: float) -> None:
        """Scrolls an orthogonal section sideways; the offset is clamped to [0, max_offset]."""
        self._call("cl_layout_set_section_offset", _int64(section, "section"),
                   _floats([offset], 1, "offset")[0])

    def section_scroll(self, section: int) -> SectionScroll:
        """An orthogonal section's offset, strip extent and largest offset."""
        scroll = _lib.cl_section_scroll()
        self._call("cl_layout_section_scroll", _int64(section, "section"), byref(scroll))
        return SectionScroll(scroll.offset, scroll.content_extent, scroll.max_offset)

    def section_target_offset(self, section: int, proposed: float, velocity: float,
                              snapping: str = "none",
                              deceleration_rate: float = _lib.CL_DECELERATION_NORMAL) -> float:
        """Where an orthogonal section's offset comes to rest after a gesture ending at
        `proposed` with `velocity` (points/s): projected, snapped ("none", "item", "page",
        "item_paging", "item_centered") and clamped."""
        out = ctypes.c_double()
        self._call("cl_layout_section_target_offset", _int64(section, "section"),
                   _floats([proposed], 1, "proposed")[0], _floats([velocity], 1, "velocity")[0],
                   _enum(SNAPPING, snapping, "snapping"),
                   _floats([deceleration_rate], 1, "deceleration_rate")[0], byref(out))
        return out.value

    # ---- Queries ----------------------------------------------------------------------------

    @property
    def content_size(self) -> tuple[float, float]:
        size = cl_size()
        self._call("cl_layout_content_size", byref(size))
        return (size.width, size.height)

    @property
    def section_count(self) -> int:
        count = c_int64()
        self._call("cl_layout_section_count", byref(count))
        return count.value

    def item_count(self, section: int) -> int:
        count = c_int64()
        self._call("cl_layout_item_count", _int64(section, "section"), byref(count))
        return count.value

    def _query(self, rect: RectLike, allocate: Callable[[int], tuple[Any, Any]]) -> tuple[Any, int]:
        """Runs cl_layout_elements_in_rect: counts (NULL buffer), allocates, fills."""
        area = _rect(rect)
        count = c_int64()
        self._call("cl_layout_elements_in_rect", area, None, 0, byref(count),
                   allow=(CL_ERROR_BUFFER_TOO_SMALL,))
        while True:
            capacity = count.value
            buffer, pointer = allocate(capacity)
            if capacity == 0:
                return buffer, 0
            status = self._call("cl_layout_elements_in_rect", area, pointer, capacity,
                                byref(count), allow=(CL_ERROR_BUFFER_TOO_SMALL,))
            if status == CL_OK and count.value <= capacity:
                return buffer, count.value

    def elements_in_rect(self, rect: RectLike) -> list[Attributes]:
        """Every element whose frame overlaps rect with positive area (SPEC §9)."""
        def allocate(n: int) -> tuple[Any, Any]:
            buffer = (cl_attributes * n)()
            return buffer, buffer
        buffer, count = self._query(rect, allocate)
        return [self._attributes(buffer[i]) for i in range(count)]

    def elements_in_rect_array(self, rect: RectLike) -> npt.NDArray[np.void]:
        """Like elements_in_rect, as a numpy structured array of dtype ATTRIBUTES_DTYPE (the
        fields of cl_attributes; kind is the id, see kind_name), filled by the library."""
        if np is None:
            raise ImportError("elements_in_rect_array needs numpy")

        def allocate(n: int) -> tuple[Any, Any]:
            array = np.zeros(n, dtype=ATTRIBUTES_DTYPE)
            return array, array.ctypes.data_as(POINTER(cl_attributes))
        array, count = self._query(rect, allocate)
        return array[:count]

    def elements(self) -> list[Attributes]:
        """Every element of positive area (a query of a rect around all the content)."""
        width, height = self.content_size
        margin = 1e9  # decorations with negative insets may reach outside the content
        return self.elements_in_rect((-margin, -margin, width + 2 * margin, height + 2 * margin))

    def attributes(self, category: str | int, kind: str | int, section: int,
                   item: int) -> Attributes:
        """The attributes of one element by identity; OutOfRangeError if it does not exist."""
        if isinstance(category, str):
            category = _enum({name: i for i, name in enumerate(CATEGORIES)}, category, "category")
        out = cl_attributes()
        self._call("cl_layout_attributes", _int64(category, "category"), self.kind_id(kind),
                   _int64(section, "section"), _int64(item, "item"), byref(out))
        return self._attributes(out)

    def cell(self, section: int, item: int) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_CELL, _lib.CL_KIND_CELL, section, item)

    def header(self, section: int) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_SUPPLEMENTARY, _lib.CL_KIND_HEADER, section, 0)

    def footer(self, section: int) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_SUPPLEMENTARY, _lib.CL_KIND_FOOTER, section, 0)

    def supplementary(self, kind: str | int, section: int, item: int = 0) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_SUPPLEMENTARY, kind, section, item)

    def decoration(self, kind: str | int, section: int, item: int = 0) -> Attributes:
        return self.attributes(_lib.CL_CATEGORY_DECORATION, kind, section, item)

    def _attributes(self, c: cl_attributes) -> Attributes:
        frame = c.frame
        return Attributes(CATEGORIES[c.category], self.kind_name(c.kind), c.section, c.item,
                          (frame.x, frame.y, frame.width, frame.height), c.z, c.alpha,
                          bool(c.hidden))


def _size_sections(sizes: Any) -> list[Any]:
    """Normalises from_sizes' argument to a list of sections, each a sequence of pairs or a
    C-contiguous float64 (n, 2) array (the caller's own array when it already is one)."""
    if np is not None and isinstance(sizes, np.ndarray) and sizes.ndim == 2:
        sizes = [sizes]
    sections = []
    for index, section in enumerate(sizes):
        if np is not None and isinstance(section, np.ndarray):
            section = np.ascontiguousarray(section, dtype=np.float64)
            if section.ndim != 2 or section.shape[1] != 2:
                raise _invalid(f"the sizes of section {index} have shape {section.shape}, "
                               f"expected (n, 2)")
        sections.append(section)
    return sections
