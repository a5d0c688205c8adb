"""The options, typed: the options that take one of a fixed set of names as `Literal` types, and
the keyword options of `Layout` and of a section's metrics as `TypedDict`s, so that a type
checker refuses an unknown option (``heder=44``) or a value of the wrong type
(``alignment="centre"``). The runtime tables that map the names to the C enums are in
_convert.py; tests/test_typing.py checks they list the same names.

One spelling per value, the command line's and SPEC §12's: snapping values are spelled with
hyphens (``"line-paging"``, ``"item-paging"``, ``"item-centered"``). The underscore forms
(``"line_paging"``) are still accepted at run time, not typed.

    from collectionlayout.options import Alignment, LayoutOptions
    def grid(alignment: Alignment = "leading", **options: Unpack[LayoutOptions]) -> Layout: ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypedDict, Union

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .badges import Badge
    from .executor import Executor
    from .layout import Decoration
    from .metrics import SectionMetricsTable

__all__ = ["Direction", "Alignment", "CrossAlignment", "Style", "Packing", "Span", "Snapping", "Category",
           "Scope", "Coverage", "ChangeKind", "ScrollSnapping", "ScrollPosition", "FlingCurve",
           "HitCategories", "FocusDirection", "FocusEdge", "FocusVia", "PrefetchSide", "SectionMetrics",
           "SectionMetricsColumns", "LayoutOptions", "LAYOUT_OPTIONS"]

Direction = Literal["vertical", "horizontal"]
LayoutDirection = Literal["ltr", "rtl"]  # SPEC §15
CollapseMode = Literal["scroll", "pinned", "floating", "floating-pinned"]
"""How the layout's header collapses (SPEC §18.1)."""


class Collapse(TypedDict, total=False):
    """A collapsing layout header (`collapse=`; SPEC §18): needs `global_header` > 0."""

    min: float  # the smallest extent, 0 <= min <= global_header; default 0
    mode: CollapseMode  # default "scroll"
    snap: bool  # never at rest half open (a target rule)
    stretch: bool  # grows into an overscroll at the start
    fill: bool  # the content is long enough for the header to collapse fully
"""The scroll direction of a layout (`direction=`)."""
Alignment = Literal["justified", "leading", "center", "trailing"]
"""How a flow line places its items along the line (`alignment=`)."""
CrossAlignment = Literal["center", "start", "end"]
"""How items shorter than their line sit across it (`cross_alignment=`)."""
Style = Literal["flow", "orthogonal", "grid", "waterfall", "custom"]
"""A section's style (`style=`)."""
Packing = Literal["sparse", "dense"]
"""How a grid section places items that span columns (`packing=`; SPEC §16)."""
Curve = Literal["linear", "ease-in-out"]
"""How a scroll effect's values run between two keylines (SPEC §19)."""


class Keyline(TypedDict, total=False):
    """A scroll effect's keyline (SPEC §19.1): at `fraction * V + offset` along the effect's
    axis (V: the viewport's extent there) a cell's centre gets these values."""

    fraction: float  # default 0
    offset: float  # default 0
    scale: float  # >= 0, default 1
    alpha: float  # 0...1, default 1
    z: int  # |z| <= 1,000,000, default 0


class Effect(TypedDict, total=False):
    """A section's scroll effect (`effect=`; SPEC §19): keylines (at least one) and a curve."""

    keylines: Sequence[Keyline]
    curve: Curve  # default "linear"


Span = Union[int, Literal["full", "remaining"]]
"""How many columns a grid or waterfall item spans (`item_spans=`; SPEC §16): a count >= 1 (more
than the section's columns counts as all of them), "full" or "remaining"."""
Snapping = Literal["none", "item", "page", "item-paging", "item-centered"]
"""Where an orthogonal section comes to rest (`section_target_offset(snapping=)`; SPEC §10.6)."""
ScrollSnapping = Literal["none", "line", "page", "line-paging", "line-center", "line-end"]
"""Where a scroll along the scroll axis comes to rest (`target_content_offset(snapping=)`)."""
ScrollPosition = Literal["start", "center", "end", "nearest"]
"""Where `scroll_to_element` puts an element in the viewport (`position=`)."""
FlingCurve = Literal["decelerate", "spring"]
"""How a fling moves (`Fling.curve`, SPEC §22.2): decelerating to its target from inside the
scroll range, or springing back from outside it."""
HitCategories = Literal["cells", "all"]
# A focus move (SPEC §13), what it does at an edge, and the rule that gave its target.
FocusDirection = Literal["up", "down", "left", "right", "next", "previous"]
FocusEdge = Literal["stop", "wrap", "continuous"]
FocusVia = Literal["history", "search", "wrap", "continuous", "remembered", "order"]
# The side of the viewport a prefetched element lies on (SPEC §14).
PrefetchSide = Literal["before", "after"]
"""Which elements `element_at` looks at: cells only, or every element (SPEC §21)."""
Category = Literal["cell", "supplementary", "decoration"]
"""An element's category (`Attributes.category`)."""
Scope = Literal["section", "item"]
"""A decoration kind's scope: one per section or one per item (`Decoration.scope`)."""
Coverage = Literal["body", "section", "items"]
"""What a section-scope decoration covers (`Decoration.coverage`)."""
ChangeKind = Literal["kept", "moved", "inserted", "deleted", "reloaded"]
"""What a batch update did to an element (`ElementChange.change`)."""


class SectionMetrics(TypedDict, total=False):
    """One section's metrics (`section_metrics=`); every key is optional, an absent one takes
    the layout's value."""

    insets: Sequence[float]  # screen insets: top, left, bottom, right
    line_spacing: float
    interitem_spacing: float
    header: float
    footer: float
    alignment: Alignment
    cross_alignment: CrossAlignment
    style: Style
    rows: int
    columns: int
    decorations: Union[Sequence[Union[str, int]], None]  # decoration kinds shown; None: all
    estimated_item_size: Union[Sequence[float], None]  # (w, h) for every unmeasured item
    packing: Packing  # grid: how spanning items are placed (SPEC §16); default "sparse"
    effect: Union[Effect, None]  # scale, alpha and z of the cells by their place on screen (SPEC §19)


# A column of a SectionMetricsTable: one value for every section, or one value per section.
_Numbers = Union[float, Sequence[float], "npt.NDArray[Any]"]
_Pairs = Union[Sequence[float], Sequence[Union[Sequence[float], None]], "npt.NDArray[Any]", None]


class SectionMetricsColumns(TypedDict, total=False):
    """The columns of a SectionMetricsTable (`SectionMetricsTable(count=..., **columns)`): the
    keys of SectionMetrics, each one value for every section or one per section (a sequence or
    a numpy array)."""

    insets: Union[Sequence[float], Sequence[Sequence[float]], npt.NDArray[np.float64]]
    line_spacing: _Numbers
    interitem_spacing: _Numbers
    header: _Numbers
    footer: _Numbers
    alignment: Union[Alignment, Sequence[Alignment]]
    cross_alignment: Union[CrossAlignment, Sequence[CrossAlignment]]
    style: Union[Style, Sequence[Style]]
    rows: Union[int, Sequence[int], npt.NDArray[Any]]
    columns: Union[int, Sequence[int], npt.NDArray[Any]]
    decorations: Union[Sequence[Union[str, int]], Sequence[Union[Sequence[Union[str, int]], None]],
                       None]
    estimated_item_size: _Pairs
    packing: Union[Packing, Sequence[Packing]]
    effect: Union[Effect, Sequence[Union[Effect, None]], None]


class LayoutOptions(TypedDict, total=False):
    """The keyword options of `Layout()`, `Layout.from_sizes()` and `Layout.orthogonal()`
    (besides the data source's item_count, section_count and item_sizes). Every one is
    optional; None or absent takes the library's default (cl_layout_def_default())."""

    section_metrics: Union[Callable[[int], Union[SectionMetrics, None]], SectionMetricsTable,
                           Sequence[Union[SectionMetrics, None]], None]
    inline_elements: Union[Callable[[int], Iterable[tuple[str, int, float]]], None]
    item_spans: Union[Callable[[int, int, int], Union[Sequence[Span], npt.NDArray[np.int32]]], None]
    custom_frames: Union[Callable[[int, int, int, float],
                                  Union[Sequence[Sequence[float]], npt.NDArray[np.float64]]], None]
    kinds: Iterable[str]  # user supplementary kind names, known before the first pass
    decorations: Iterable[Union[Decoration, Mapping[str, Any], str]]  # registered before it
    badges: Iterable[Union[Badge, Mapping[str, Any], str]]  # badge kinds, registered before it
    # the badges of count cells from first on: (item, kind) or (item, kind, (width, height))
    item_badges: Union[Callable[[int, int, int], Iterable[Any]], None]
    direction: Union[Direction, None]
    viewport: Union[Sequence[float], None]  # x, y, width, height
    item_size: Union[Sequence[float], None]  # width, height (no item_sizes)
    insets: Union[Sequence[float], None]  # screen insets: top, left, bottom, right
    line_spacing: Union[float, None]
    interitem_spacing: Union[float, None]
    header: Union[float, None]
    footer: Union[float, None]
    alignment: Union[Alignment, None]
    cross_alignment: Union[CrossAlignment, None]
    style: Union[Style, None]
    rows: Union[int, None]
    columns: Union[int, None]
    pin_headers: Union[bool, None]
    pin_footers: Union[bool, None]
    element_limit: Union[int, None]  # cl_layout_def.element_limit; default CL_MAX_ITEMS
    anchoring: Union[bool, None]
    content_insets: Union[Sequence[float], None]  # bars over the content: top, left, bottom, right
    display_scale: Union[float, None]  # pixels per point for rounding frames; 0: off
    layout_direction: Union[LayoutDirection, None]  # "rtl" mirrors the layout (SPEC §15)
    collapse: Union[Collapse, None]  # the layout's header collapses as the content scrolls (SPEC §18)
    global_header: Union[float, None]  # the layout's own header extent (SPEC §17.2); 0: none
    global_footer: Union[float, None]  # the layout's own footer extent; 0: none
    pin_global_header: Union[bool, None]
    pin_global_footer: Union[bool, None]
    executor: Union[Executor, None]  # the host's threads after the first pass (executor.py)


#: The names of LayoutOptions, in order (what an unknown option's error lists).
LAYOUT_OPTIONS: tuple[str, ...] = tuple(LayoutOptions.__annotations__)
