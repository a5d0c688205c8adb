"""`Layout`: a layout of sections (flow, orthogonal, grid, waterfall, custom) over a Python data
source (header: cl_layout_def, cl_layout_create, kinds, decorations, viewport, invalidation,
orthogonal sections). The queries are in queries.py, the data source in _source.py."""

from __future__ import annotations

import ctypes
import sys
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from ctypes import POINTER, byref, c_char_p, c_int32, c_int64, c_void_p
from typing import TYPE_CHECKING, Any, NamedTuple, Union, cast

import numpy as np

from . import _lib
from ._convert import (ALIGNMENTS, BUILTIN_KINDS, CATEGORIES, COVERAGES, CROSS_ALIGNMENTS,
                       DIRECTIONS, LAYOUT_DIRECTIONS, METRIC_KEYS, SCOPES, SNAPPING, STYLES, Rect, RectLike,
                       SizeLike, check_options, enum, floats, int32, int64, invalid, number,
                       named_fields, rect, set_metrics)
from ._lib import (CL_ERROR_CALLBACK, CL_ERROR_INVALID_HANDLE, CL_ERROR_REENTRANT,
                   CL_ERROR_UNKNOWN_KIND, CL_OK, cl_index_path, cl_insets, cl_layout_def,
                   cl_section_metrics, cl_size)
from ._source import ArraySizes, DataSource, held_sizes
from .attributes import ATTRIBUTES_DTYPE, Attributes, RectQuery, SectionScroll
from .executor import Binding, Executor
from .errors import (CallbackError, CollectionLayoutError, InvalidHandleError, ReentrantError,
                     UnknownKindError, error_for)
from .metrics import SectionMetricsTable
from .motion import Motion
from .options import LAYOUT_OPTIONS, Collapse, Coverage, LayoutOptions, Scope
from .orthogonal import OrthogonalSections
from .queries import Queries
from .updates import Updates
from .scrollview import ScrollView  # content insets, pixel rounding (SPEC §20)
from .collapse import CollapsingHeader, collapse_fields  # the layout's collapsing header (SPEC §18)
from .targets import Targets  # self-sizing, target offsets, scroll to (SPEC §10.4, §10.6)
from .physics import Physics  # fling and rubber band (SPEC §22)
from .focus import Focus  # focus navigation and prefetch (SPEC §13, §14)
from .badges import Badge, Badges, badge  # badges (SPEC §17.1)

if TYPE_CHECKING:
    import numpy.typing as npt

    if sys.version_info >= (3, 11):
        from typing import Unpack
    else:  # type checkers only: their stubs of typing_extensions have it (not a dependency)
        from typing_extensions import Unpack

__all__ = ["Attributes", "Layout", "Decoration", "Badge", "SectionScroll", "SectionMetricsTable",
           "LayoutOptions", "ATTRIBUTES_DTYPE", "DIRECTIONS", "ALIGNMENTS", "CROSS_ALIGNMENTS",
           "CATEGORIES", "SCOPES", "COVERAGES", "STYLES", "SNAPPING", "METRIC_KEYS"]

SizesLike = Union[Sequence[SizeLike], "npt.NDArray[np.float64]"]
# the section metrics that cl_layout_def holds too (the layout-wide defaults)
_DEF_METRICS = tuple(key for key in METRIC_KEYS if key not in ("decorations", "estimated_item_size", "packing"))


class Decoration(NamedTuple):
    """A decoration kind to register (SPEC §7): Layout(decorations=[...]) or add_decoration."""

    name: str
    scope: Scope = "section"  # "section" or "item"
    coverage: Coverage = "body"  # "body", "section" or "items"
    insets: Sequence[float] = (0, 0, 0, 0)  # top, left, bottom, right; negative grows
    z: int = -1


def _destroy(handle: int, _source: DataSource) -> None:
    # `_source` is an argument only to keep the trampolines alive as long as the C handle.
    _lib.lib().cl_layout_destroy(handle)


class Layout(Queries, OrthogonalSections, Updates, Targets, Physics, Focus, Motion, ScrollView, CollapsingHeader,
             Badges):
    """A layout of sections. The data source is Python callables:

    - ``item_count(section) -> int`` (required),
    - ``section_count() -> int`` (None: 1 section),
    - ``item_sizes(section, first, count) -> sizes``: a sequence of (width, height) or a numpy
      (count, 2) float64 array (None: every item is ``item_size``),
    - ``section_metrics``: a callable ``(section) -> dict | None``, or every section's at once
      as a SectionMetricsTable or a list of dicts (one row per section, resolved once into C
      structs: the fast way for many sections). Keys: ``insets`` (screen insets: top, left,
      bottom, right), ``line_spacing``, ``interitem_spacing``, ``header``, ``footer``,
      ``alignment``, ``cross_alignment``, ``style`` ("flow", "orthogonal", "grid",
      "waterfall", "custom"), ``rows`` (orthogonal), ``columns`` (grid, waterfall),
      ``packing`` ("sparse" or "dense": how a grid places spanning items, SPEC §16),
      ``decorations`` (the decoration kind names the section shows; None: all),
    - ``inline_elements(section) -> [(kind_name, before, extent), ...]`` (SPEC §6); declare
      their kind names in ``kinds`` (an undeclared name stops the pass at the first section
      that names it, to be registered; the callback is not asked twice for a section),
    - ``item_spans(section, first, count) -> spans`` for grid and waterfall sections (SPEC §16):
      a sequence of counts (>= 1), "full" and "remaining", or a numpy int32 array of counts,
      CL_SPAN_FULL and CL_SPAN_REMAINING (None: every item spans 1); asked with the sizes,
    - ``item_badges(section, first, count) -> badges`` (SPEC §17.1): the badges the cells
      ``first..first+count`` carry, as (item, kind) or (item, kind, (width, height)) or dicts
      with those keys; kind a badge kind's name or id; asked with the sizes,
    - ``custom_frames(section, first_item, count, line_extent) -> frames`` for custom sections
      (SPEC §5): a numpy (count, 4) float64 array (copied with one memmove) or a sequence of
      (x, y, width, height), body-relative along the scroll axis.

    ``decorations`` registers decoration kinds (Decoration, a dict with its fields, or a name)
    before the first pass, so that section metrics can name them; ``badges`` registers badge
    kinds (Badge, a dict with its fields, or a name) likewise. The other keyword options
    are the layout-wide defaults of cl_layout_def (None: the library's): ``direction``,
    ``viewport``, ``item_size``, ``insets``, ``line_spacing``, ``interitem_spacing``,
    ``header``, ``footer``, ``alignment``, ``cross_alignment``, ``style``, ``rows``,
    ``columns``, ``pin_headers``, ``pin_footers``, ``element_limit``, ``anchoring``,
    ``content_insets``, ``display_scale``, ``layout_direction`` ("ltr" or "rtl", SPEC §15),
    ``global_header``, ``global_footer``, ``pin_global_header``, ``pin_global_footer`` (SPEC
    §17.2) (the last seven also properties, scrollview.py), ``collapse`` (SPEC §18, also a
    property, collapse.py). They are
    typed (options.LayoutOptions): a type checker refuses ``heder=44`` or ``header="44"``, and
    at run time an unknown option is a TypeError that lists the known ones. An exception raised
    by a callback propagates from the call that made the library ask, and a failed call leaves
    the layout in its last good state. Close it with close() or `with`. Batch updates
    (perform_batch_update, batch_update) are in updates.py: change what these callables answer
    first, then perform the update that describes the change.
    """

    def __init__(self, item_count: Callable[[int], int], *,
                 section_count: Callable[[], int] | None = None,
                 item_sizes: Callable[[int, int, int], SizesLike] | None = None,
                 **options: Unpack[LayoutOptions]) -> None:
        self._handle: int | None = None
        self._closed = False
        self._executor: Binding | None = None
        self._query: RectQuery | None = None
        check_options(options, ("section_count", "item_sizes") + LAYOUT_OPTIONS, "Layout()")
        given: dict[str, Any] = {k: v for k, v in options.items() if v is not None}
        lib = _lib.lib()
        definition = lib.cl_layout_def_default()
        definition.struct_size = _lib.LAYOUT_DEF_SIZE
        set_metrics(definition, {k: given[k] for k in _DEF_METRICS if k in given})
        if "direction" in given:
            definition.direction = enum(DIRECTIONS, given["direction"], "direction")
        if "viewport" in given:
            definition.viewport = rect(given["viewport"])
        if "item_size" in given:
            definition.item_size = cl_size(*floats(given["item_size"], 2,
                                                   "item_size (width, height)"))
        for flag in ("pin_headers", "pin_footers", "anchoring", "pin_global_header", "pin_global_footer"):
            if flag in given:
                setattr(definition, flag, bool(given[flag]))
        if "element_limit" in given:
            definition.element_limit = int64(given["element_limit"], "element_limit")
        if "content_insets" in given:
            definition.content_insets = cl_insets(*floats(given["content_insets"], 4,
                                                          "content_insets (top, left, bottom, right)"))
        if "display_scale" in given:
            definition.display_scale = number(given["display_scale"], "display_scale")
        if "layout_direction" in given:
            definition.layout_direction = enum(LAYOUT_DIRECTIONS, given["layout_direction"], "layout_direction")
        for extent in ("global_header", "global_footer"):
            if extent in given:
                setattr(definition, extent, number(given[extent], extent))
        section_metrics = given.get("section_metrics")
        if isinstance(section_metrics, Sequence):
            section_metrics = SectionMetricsTable(section_metrics)
        decorations = [_decoration(d) for d in given.get("decorations", ())]
        badges = [badge(b) for b in given.get("badges", ())]
        inline_elements, custom_frames = given.get("inline_elements"), given.get("custom_frames")
        kinds: Iterable[str] = given.get("kinds", ())

        if given.get("collapse") is not None:
            definition.collapse_mode, definition.collapse_flags, definition.collapse_min = \
                collapse_fields(given["collapse"])
        self._collapse: Collapse | None = given.get("collapse")
        self._kinds: dict[str, int] = {}
        self._kind_names: dict[int, str] = {}
        self._decorations: dict[str, int] = {}  # decoration kind name -> id
        self._decoration_scopes: dict[str, Scope] = {}  # decoration kind name -> scope
        base = cl_section_metrics()  # the defaults a SectionMetricsTable's rows start from
        ok = lib.cl_section_metrics_from_def(byref(definition), byref(base)) == CL_OK
        self._source = source = DataSource(self._kinds, self._decorations, section_count,
                                           item_count, item_sizes, section_metrics,
                                           inline_elements, custom_frames,
                                           item_spans=given.get("item_spans"),
                                           item_badges=given.get("item_badges"),
                                           staged=bool(decorations or badges),
                                           metrics_base=base if ok else None)
        declared = list(dict.fromkeys(kinds))
        while True:  # again only if inline_elements names a kind not declared
            self._declare_kinds(definition, declared)
            out = c_void_p()
            status = lib.cl_layout_create(byref(definition), byref(source.struct), byref(out))
            error = source.take_error()
            if status == CL_OK and error is None:
                break
            if out.value:
                lib.cl_layout_destroy(out.value)
            if error is not None or not source.unregistered:
                source.end_call(False)
                raise error if error is not None else self._error(status, None)
            declared += sorted(source.unregistered)
            source.unregistered = set()
        source.end_call(True)
        self._handle = handle = out.value or 0
        self._finalizer = weakref.finalize(self, _destroy, handle, source)
        self._query = RectQuery(handle, lambda status: _error(status, handle))  # no cycle
        if decorations or badges:  # registered on an empty layout, then the first real pass
            try:
                for decoration in decorations:
                    self.add_decoration(*decoration)
                for kind in badges:
                    self.add_badge(*kind)
                source.unstage()
                self.invalidate()
            except BaseException:
                self.close()
                raise
        if "executor" in given:
            try:
                self.executor = given["executor"]
            except BaseException:
                self.close()
                raise

    @property
    def executor(self) -> Executor | None:
        """The host's threads for the big passes (executor.py; header: cl_executor): an object
        with ``parallel_for(count, task)``, e.g. a `ThreadExecutor`; None (the default) keeps
        every pass on the calling thread. The answers are the same either way; a
        ``parallel_for`` that raises, or skips or repeats a task, fails the call (its exception
        re-raised, or CallbackError) and the layout keeps its last good state."""
        return None if self._executor is None else self._executor.executor

    @executor.setter
    def executor(self, executor: Executor | None) -> None:
        if executor is None:
            self._call("cl_layout_set_executor", None)
            self._executor = None
            return
        binding = Binding(executor)
        self._call("cl_layout_set_executor", byref(binding.struct))
        self._executor = binding  # (the library holds its trampoline: kept while set)

    def _declare_kinds(self, definition: cl_layout_def, names: list[str]) -> None:
        """Puts the user kinds into the def (ids CL_KIND_FIRST_USER + i) and the name maps.
        The def keeps the name array alive (ctypes' _objects) until create has copied it."""
        for name in names:
            if not isinstance(name, str):
                raise invalid(f"a kind name must be a str, not {name!r}")
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
                   counts: Sequence[int] | npt.NDArray[np.int64] | None = None,
                   **options: Unpack[LayoutOptions]) -> Layout:
        """A layout over fixed item sizes: a list with one entry per section, each a sequence of
        (width, height) or a numpy (n, 2) array; or a single numpy (n, 2) array for one section,
        or, with `counts` (each section's item count, in order), for all sections one after
        another (a ragged array as values and lengths: no Python work per section).
        Arrays are copied to the library with one memmove per batch; the layout keeps the
        sections alive and reads them again on invalidation (change them in place, then call
        invalidate_items). For a batch update, change the list it reads (`layout.sizes`:
        replace, insert or remove sections' arrays; with `counts`, views of `sizes`) first.
        `options` are those of Layout() (LayoutOptions)."""
        check_options(options, LAYOUT_OPTIONS, "Layout.from_sizes()")
        arrays = ArraySizes.split(sizes, counts) if counts is not None else None
        if arrays is None:
            sections = _size_sections(sizes)
            if sections and all(isinstance(section, np.ndarray) for section in sections):
                arrays = ArraySizes(sections, fixed=True)  # read by the library in place
        if arrays is not None:
            held = arrays  # the list of arrays, made when asked for (a split's views)
            layout = cls(lambda section: len(held.sections[section]),
                         section_count=lambda: len(held.sections), item_sizes=arrays, **options)
        else:
            layout = cls(lambda section: len(sections[section]), section_count=lambda: len(sections),
                         item_sizes=lambda section, first, count: sections[section][first:first + count],
                         **options)
        # Its data: a committed movement moves the item in it too.
        layout._owned_sizes = arrays if arrays is not None else sections
        return layout

    @classmethod
    def orthogonal(cls, item_count: Callable[[int], int], *,
                   section_count: Callable[[], int] | None = None,
                   item_sizes: Callable[[int, int, int], SizesLike] | None = None,
                   **options: Unpack[LayoutOptions]) -> Layout:
        """The preset for a layout whose every section scrolls sideways on its own, like the C
        header's cl_orthogonal_def_default(): Layout(item_count, style="orthogonal", ...).
        The other arguments are those of Layout(); section_metrics may still return
        {"style": "flow"} for a section. With fixed sizes:
        Layout.from_sizes(sizes, style="orthogonal")."""
        options.setdefault("style", "orthogonal")
        return cls(item_count, section_count=section_count, item_sizes=item_sizes, **options)

    @property
    def sizes(self) -> list[Any] | None:
        """Layout.from_sizes: the list of sections' sizes the layout reads (numpy arrays or
        sequences of pairs); None for other layouts. Give it the new data before a batch update
        (e.g. `layout.sizes[s] = np.insert(layout.sizes[s], i, size, axis=0)`, then
        `perform_batch_update(insert_items=[(s, i)])`)."""
        return held_sizes(self._owned_sizes)

    # ---- Lifetime ---------------------------------------------------------------------------

    def close(self) -> None:
        """Destroys the C layout. Further use raises InvalidHandleError. Idempotent."""
        if self._handle is not None:
            self._finalizer()
        self._handle = None
        self._query = None
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
        return _error(status, handle)

    def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int:
        """Calls a cl_layout_* function on this handle; re-raises a callback's exception, turns
        an error status into an exception (except those in `allow`, returned)."""
        function = getattr(_lib.lib(), name)
        self.handle  # closed, or being created: raises before anything else
        source = self._source
        succeeded = False
        try:
            for _ in range(100):  # each round registers new kind names; a pass needs few
                handle = self.handle
                status: int = function(handle, *args)
                error = source.take_error()
                if error is None and self._executor is not None:
                    error = self._executor.take_error()
                if error is not None:
                    raise error
                if status == CL_OK or status in allow:
                    succeeded = status == CL_OK
                    return status
                if not source.unregistered:
                    raise self._error(status, handle)
                names, source.unregistered = source.unregistered, set()
                for kind in sorted(names):
                    self.register_kind(kind)
            raise CallbackError("inline_elements keeps naming new kinds", CL_ERROR_CALLBACK)
        finally:
            source.end_call(succeeded)

    # ---- Kinds ------------------------------------------------------------------------------

    def register_kind(self, name: str) -> int:
        """Registers a supplementary kind name ("separator"); returns its id (the same id for a
        name registered before)."""
        if not isinstance(name, str):
            raise invalid(f"a kind name must be a str, not {name!r}")
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
            self._call("cl_layout_kind_name", int32(kind, "kind"), byref(name))
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

    @property
    def decoration_kinds(self) -> dict[str, int]:
        """The registered decoration kinds: name -> id, in registration order."""
        return dict(self._decorations)

    def add_decoration(self, name: str, scope: Scope = "section", coverage: Coverage = "body",
                       insets: Sequence[float] = (0, 0, 0, 0), z: int = -1) -> int:
        """Registers a decoration kind (SPEC §7); returns its kind id. Every section shows it
        unless its metrics list the kinds it shows (``decorations``)."""
        definition = _lib.lib().cl_decoration_def_default()
        definition.struct_size = _lib.DECORATION_DEF_SIZE
        definition.scope = enum(SCOPES, scope, "scope")
        definition.coverage = enum(COVERAGES, coverage, "coverage")
        definition.insets = cl_insets(*floats(insets, 4, "insets (top, left, bottom, right)"))
        definition.z = int32(z, "z")
        if not isinstance(name, str):
            raise invalid(f"a kind name must be a str, not {name!r}")
        kind = c_int32()
        self._call("cl_layout_add_decoration", name.encode(), byref(definition), byref(kind))
        self._remember_kind(name, kind.value)
        self._decorations[name] = kind.value
        self._decoration_scopes[name] = scope
        return kind.value

    # ---- Viewport ---------------------------------------------------------------------------

    def set_viewport(self, viewport: RectLike) -> None:
        """Sets the visible rect (scroll offset and size). A new line-axis extent relays out;
        an origin-only change moves pinned elements only."""
        self._call("cl_layout_set_viewport", rect(viewport))

    @property
    def viewport(self) -> Rect:
        area = _lib.cl_rect()
        self._call("cl_layout_viewport", byref(area))
        return (area.x, area.y, area.width, area.height)

    @viewport.setter
    def viewport(self, viewport: RectLike) -> None:
        self.set_viewport(viewport)

    # ---- Invalidation -----------------------------------------------------------------------

    def invalidate(self) -> None:
        """Asks the data source again for everything (counts, metrics, sizes, inline elements,
        custom frames)."""
        self._source.refresh_arrays()
        self._call("cl_layout_invalidate")

    def invalidate_items(self, items: Iterable[tuple[int, int]]) -> None:
        """The sizes of these (section, item) changed (custom sections: their frames): asks
        only them."""
        paths = [cl_index_path(int64(s, "section"), int64(i, "item")) for s, i in items]
        self._source.refresh_arrays()
        self._call("cl_layout_invalidate_items", (cl_index_path * len(paths))(*paths),
                   len(paths))

    def invalidate_sections(self, sections: Iterable[int]) -> None:
        """The metrics or inline elements of these sections changed (not their sizes)."""
        numbers = [int64(s, "section") for s in sections]
        self._source.refresh_arrays()
        self._call("cl_layout_invalidate_sections", (c_int64 * len(numbers))(*numbers),
                   len(numbers))


def _error(status: int, handle: int | None) -> CollectionLayoutError:
    """The exception for a failed call on `handle` (None: a call without a valid handle)."""
    message = (_lib.lib().cl_layout_last_error(handle) or b"").decode(errors="replace")
    return error_for(status, message or _lib.status_string(status))


def _decoration(value: Decoration | Mapping[str, Any] | str) -> Decoration:
    return cast(Decoration, named_fields(Decoration, value, "decoration"))


def _size_sections(sizes: Any) -> list[Any]:
    """Normalises from_sizes' argument to a list of sections, each a sequence of pairs or a
    C-contiguous float64 (n, 2) array (the caller's own array when it already is one)."""
    if isinstance(sizes, np.ndarray) and sizes.ndim == 2:
        sizes = [sizes]
    sections = []
    for index, section in enumerate(sizes):
        if isinstance(section, np.ndarray):
            section = np.ascontiguousarray(section, dtype=np.float64)
            if section.ndim != 2 or section.shape[1] != 2:
                raise invalid(f"the sizes of section {index} have shape {section.shape}, "
                              f"expected (n, 2)")
        sections.append(section)
    return sections
