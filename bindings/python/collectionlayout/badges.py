"""Badges (header: cl_badge_def, cl_layout_add_badge; SPEC §17.1): supplementary elements pinned
to the cells that carry one. The kinds are registered on the layout (`Layout(badges=[...])` or
`add_badge`); which cells carry which badges is the data source's `item_badges`. A mixin of
`Layout`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from ctypes import byref, c_int32
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Union, cast

from . import _lib
from ._convert import floats, invalid, named_fields

__all__ = ["Badge", "Badges", "Edge", "EDGES"]

Edge = Literal["top", "bottom", "leading", "trailing"]
"""A screen edge of a badge's anchors (`Badge.anchor`)."""

EDGES: dict[str, int] = {"top": _lib.CL_EDGE_TOP, "bottom": _lib.CL_EDGE_BOTTOM,
                         "leading": _lib.CL_EDGE_LEADING, "trailing": _lib.CL_EDGE_TRAILING}


class Badge(NamedTuple):
    """A badge kind to register (SPEC §17.1): Layout(badges=[...]) or add_badge. The frame, from
    the cell's (x, y, w, h), the size (bw, bh) and the anchors' unit points (0 leading/top, 1
    trailing/bottom, 0.5 neither): (x + ax*w - bx*bw + dx, y + ay*h - by*bh + dy); with
    ``fractional`` the offset is in fractions of the badge's size. z: the cell's + ``z``."""

    name: str
    anchor: Sequence[Edge] = ("top", "trailing")
    badge_anchor: Union[Sequence[Edge], None] = None  # None: the anchor's edges
    offset: Sequence[float] = (0, 0)
    fractional: bool = False
    size: Sequence[float] = (0, 0)
    z: int = 1


def edges(names: Any, what: str) -> int:
    """The edge bits of a list of edge names: none listed twice (the library refuses opposite
    edges)."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise invalid(f"{what} is a list of edges (top, bottom, leading, trailing), not {names!r}")
    bits = 0
    for name in names:
        if name not in EDGES:
            raise invalid(f"{what}: {name!r} is not an edge (top, bottom, leading, trailing)")
        if bits & EDGES[name]:
            raise invalid(f"{what}: {name!r} is listed twice")
        bits |= EDGES[name]
    return bits


def badge(value: Badge | Mapping[str, Any] | str) -> Badge:
    """A Badge from a Badge, a dict of its fields (``kind`` for ``name``) or a name."""
    return cast(Badge, named_fields(Badge, value, "badge"))


class Badges:
    if TYPE_CHECKING:
        _kinds: dict[str, int]

        def _call(self, name: str, *args: Any, allow: tuple[int, ...] = ()) -> int: ...
        def _remember_kind(self, name: str, kind: int) -> None: ...

    def add_badge(self, name: str, anchor: Sequence[Edge] = ("top", "trailing"),
                  badge_anchor: Sequence[Edge] | None = None, offset: Sequence[float] = (0, 0),
                  fractional: bool = False, size: Sequence[float] = (0, 0), z: int = 1) -> int:
        """Registers a badge kind (SPEC §17.1); returns its kind id. Which cells carry its badges
        is asked with the sizes (``item_badges``): at the next full invalidation (``invalidate``),
        then for the items an update or an invalidation names."""
        if not isinstance(name, str):
            raise invalid(f"a kind name must be a str, not {name!r}")
        if isinstance(z, bool) or not isinstance(z, int):
            raise invalid(f"badge {name!r}: z must be an integer, not {z!r}")
        definition = _lib.lib().cl_badge_def_default()
        definition.struct_size = _lib.BADGE_DEF_SIZE
        definition.anchor = edges(anchor, f"badge {name!r}: anchor")
        definition.badge_anchor = (_lib.CL_EDGE_SAME_AS_ANCHOR if badge_anchor is None
                                   else edges(badge_anchor, f"badge {name!r}: badge_anchor"))
        definition.dx, definition.dy = floats(offset, 2, f"badge {name!r}: offset (dx, dy)")
        definition.fractional = int(bool(fractional))
        definition.size = _lib.cl_size(*floats(size, 2, f"badge {name!r}: size (width, height)"))
        if not -2**31 <= z < 2**31:
            raise invalid(f"badge {name!r}: z {z} is not a 32-bit integer")
        definition.z = z
        kind = c_int32()
        self._call("cl_layout_add_badge", name.encode(), byref(definition), byref(kind))
        self._remember_kind(name, kind.value)
        return kind.value
