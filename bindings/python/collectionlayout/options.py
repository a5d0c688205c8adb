"""The options that take one of a fixed set of names, as `Literal` types (for type checkers and
editors), and the section metrics as a `TypedDict`. The runtime tables that map the names to the
C enums are in _convert.py; tests/test_typing.py checks they list the same names.

    from collectionlayout.options import Alignment
    def grid(alignment: Alignment = "leading") -> Layout: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypedDict, Union

__all__ = ["Direction", "Alignment", "CrossAlignment", "Style", "Snapping", "Category", "Scope",
           "Coverage", "ChangeKind", "SectionMetrics", "ScrollSnapping", "ScrollPosition"]

Direction = Literal["vertical", "horizontal"]
"""The scroll direction of a layout (`direction=`)."""
Alignment = Literal["justified", "leading", "center", "trailing"]
"""How a flow line places its items along the line (`alignment=`)."""
CrossAlignment = Literal["center", "start", "end"]
"""How items shorter than their line sit across it (`cross_alignment=`)."""
Style = Literal["flow", "orthogonal", "grid", "waterfall", "custom"]
"""A section's style (`style=`)."""
Snapping = Literal["none", "item", "page", "item_paging", "item_centered"]
"""Where an orthogonal section comes to rest (`section_target_offset(snapping=)`)."""
Category = Literal["cell", "supplementary", "decoration"]
"""An element's category (`Attributes.category`)."""
Scope = Literal["section", "item"]
"""A decoration kind's scope: one per section or one per item (`Decoration.scope`)."""
Coverage = Literal["body", "section", "items"]
"""What a section-scope decoration covers (`Decoration.coverage`)."""
ChangeKind = Literal["kept", "moved", "inserted", "deleted", "reloaded"]
"""What a batch update did to an element (`ElementChange.change`)."""
ScrollSnapping = Literal["none", "line", "page", "line_paging"]
"""Where a scroll along the scroll axis comes to rest (`target_content_offset(snapping=)`)."""
ScrollPosition = Literal["start", "center", "end", "nearest"]
"""Where `scroll_to` puts an element in the viewport (`position=`)."""


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
