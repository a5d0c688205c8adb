"""The answers of a batch update (header: cl_update_summary, cl_element_change and the
cl_layout_update_* mapping, SPEC §10.2): `UpdateResult` and its `ElementChange` records, plain
objects read once after the update; the index mapping asked on demand."""

from __future__ import annotations

from ctypes import byref, c_int64
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

import numpy as np

from ._convert import CHANGES, Rect, int64
from ._lib import CL_ERROR_INVALID_ARGUMENT, cl_element_change, cl_index_path, cl_update_summary
from .attributes import Attributes, attributes_from_struct
from .errors import InvalidArgumentError
from .options import Category, ChangeKind

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["UpdateResult", "ElementChange", "Change", "CHANGES", "ELEMENT_CHANGE_DTYPE"]

Change = ChangeKind  # options.py
IndexPath = tuple[int, int]
Identity = tuple[Category, str, int, int]  # (category, kind, section, item)

#: numpy mirror of cl_element_change (UpdateResult.elements_array)
ELEMENT_CHANGE_DTYPE = np.dtype(cl_element_change)


class ElementChange(NamedTuple):
    """One record of an update (SPEC §10.2): an element of the old layout overlapping the old
    viewport or of the new layout overlapping the new one, with UIKit's initial (`from_`) and
    final (`to`) attributes. inserted: `to` with alpha 0 -> `to`; deleted: `from_` -> `from_`
    with alpha 0."""

    change: Change
    old: Optional[Identity]  # (category, kind, section, item) before; None if inserted
    new: Optional[Identity]  # after; None if deleted
    from_: Attributes
    to: Attributes

    @property
    def category(self) -> Category:
        return self.from_.category

    @property
    def kind(self) -> str:
        return self.from_.kind

    def at(self, t: float) -> Attributes:
        """The element at progress t of the update's animation: frame and alpha linear from
        `from_` to `to`, z and hidden of the nearer end (as a transition, SPEC §10.5); the
        identity is the new one (the old one for a deleted element)."""
        a, b = self.from_, self.to
        x, y, w, h = (p + (q - p) * t for p, q in zip(a.frame, b.frame))
        frame = (x, y, w, h)
        near = a if t < 0.5 else b
        return b._replace(frame=frame, alpha=a.alpha + (b.alpha - a.alpha) * t, z=near.z,
                          hidden=near.hidden)

    def to_dict(self) -> dict[str, Any]:
        """The record as the `update` command prints it (SPEC §12)."""
        return {"change": self.change,
                "old": None if self.old is None else [self.old[2], self.old[3]],
                "new": None if self.new is None else [self.new[2], self.new[3]],
                "category": self.category, "kind": self.kind,
                "from": self.from_.to_dict(), "to": self.to.to_dict()}


class UpdateResult:
    """What an update did: the viewport after it, the applied origin change (`adjustment`,
    UIKit's contentOffsetAdjustment) and content size change along the scroll axis, the records
    of the elements that animate (`elements`; `elements_array` as numpy), and the supplementary
    and decoration identities it inserted and deleted in the whole layout (Attributes in the
    new, resp. old, layout; `.key` is the identity). The old <-> new index mapping is asked on
    demand and only until the layout changes again."""

    def __init__(self, layout: Any, generation: int, summary: cl_update_summary,
                 records: Any, inserted: list[Attributes], deleted: list[Attributes],
                 old_section_count: int) -> None:
        self._layout = layout
        self._generation = generation
        self._records, count = records  # a ctypes array of cl_element_change, and its count
        viewport = summary.viewport
        self.viewport: Rect = (viewport.x, viewport.y, viewport.width, viewport.height)
        self.adjustment: float = summary.adjustment
        self.content_size_change: float = summary.content_size_change
        self.inserted = inserted
        self.deleted = deleted
        self.old_section_count = old_section_count
        self._count = count
        self._elements: list[ElementChange] | None = None

    @property
    def elements(self) -> list[ElementChange]:
        """The records as objects, built when first asked (an update that only wants the
        numpy array or nothing does not pay for them)."""
        if self._elements is None:
            name = self._layout.kind_name
            self._elements = []
            for record in self._records[:self._count]:
                before = attributes_from_struct(record.__getattribute__("from"), name)
                after = attributes_from_struct(record.to, name)
                self._elements.append(ElementChange(
                    CHANGES[record.change], before.key if record.has_old else None,
                    after.key if record.has_new else None, before, after))
        return self._elements

    def __repr__(self) -> str:
        return (f"<UpdateResult {self._count} records, {len(self.inserted)} inserted and "
                f"{len(self.deleted)} deleted identities, adjustment {self.adjustment:g}>")

    @property
    def elements_array(self) -> npt.NDArray[np.void]:
        """The records as a numpy structured array of ELEMENT_CHANGE_DTYPE (cl_element_change:
        change, has_old, has_new, from and to with kind ids; see Layout.kind_name)."""
        records = np.frombuffer(self._records, dtype=ELEMENT_CHANGE_DTYPE)
        result: npt.NDArray[np.void] = records[:self._count].copy()  # typed with 3.10's stubs too
        return result

    # ---- The index mapping, on demand ---------------------------------------------------------

    def _ask(self, name: str, argument: Any, out: Any) -> bool:
        """Calls a cl_layout_update_* mapping; False for none (-1)."""
        layout = self._layout
        if getattr(layout, "_update_generation", 0) != self._generation:
            raise InvalidArgumentError("this update's answers are gone: the layout has "
                                       "performed another update since",
                                       CL_ERROR_INVALID_ARGUMENT)
        layout._call(name, argument, byref(out))
        return True

    def new_section(self, old: int) -> int | None:
        """Where old section `old` went (None: deleted)."""
        out = c_int64()
        self._ask("cl_layout_update_new_section", int64(old, "section"), out)
        return None if out.value < 0 else out.value

    def old_section(self, new: int) -> int | None:
        """Where new section `new` came from (None: inserted)."""
        out = c_int64()
        self._ask("cl_layout_update_old_section", int64(new, "section"), out)
        return None if out.value < 0 else out.value

    def new_item(self, old: tuple[int, int]) -> IndexPath | None:
        """Where the old item (section, item) went (None: deleted, or its section was)."""
        out = cl_index_path()
        self._ask("cl_layout_update_new_item", _path(old), out)
        return None if out.section < 0 else (out.section, out.item)

    def old_item(self, new: tuple[int, int]) -> IndexPath | None:
        """Where the new item (section, item) came from (None: inserted)."""
        out = cl_index_path()
        self._ask("cl_layout_update_old_item", _path(new), out)
        return None if out.section < 0 else (out.section, out.item)

    def section_map(self) -> list[int | None]:
        """new_section() of every old section."""
        return [self.new_section(s) for s in range(self.old_section_count)]


def _path(value: Any) -> cl_index_path:
    if isinstance(value, cl_index_path):
        return cl_index_path(value.section, value.item)
    try:
        section, item = value
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"an index path must be (section, item), not {value!r}",
                                   CL_ERROR_INVALID_ARGUMENT) from None
    return cl_index_path(int64(section, "section"), int64(item, "item"))
