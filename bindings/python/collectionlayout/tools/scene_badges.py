"""Badges in scene files (SPEC §12, §17.1): the layout's badge kinds (`layout.badges`) and which
cells of a section carry them (a section's `badges`), checked with the file's words."""

from __future__ import annotations

from typing import Any, Callable, cast

from ..badges import EDGES, Badge, Edge
from .scene_values import _numbers

__all__ = ["badge_kinds", "section_badges"]

_KIND_KEYS = {"kind", "anchor", "badge_anchor", "offset", "fractional", "size", "z"}
_ITEM_KEYS = {"kind", "item", "size"}
_INT32 = 2**31


def _edges(where: str, key: str, value: Any, error: Callable[[str], Exception]) -> list[Edge]:
    if not isinstance(value, list):
        raise error(f"{where}: {key} must be a list of edges (top, bottom, leading, trailing), not {value!r}")
    for edge in value:
        if not isinstance(edge, str) or edge not in EDGES:
            raise error(f"{where}: {key}: {edge!r} is not an edge (top, bottom, leading, trailing)")
    if len(set(value)) != len(value):
        raise error(f"{where}: {key} lists an edge twice")
    if {"top", "bottom"} <= set(value) or {"leading", "trailing"} <= set(value):
        raise error(f"{where}: {key} has two opposite edges")
    return cast("list[Edge]", list(value))


def _pair(where: str, key: str, value: Any, error: Callable[[str], Exception], minimum: float | None) -> tuple[float, float]:
    a, b = _numbers(where, key, value, 2, "a, b", (minimum, minimum))  # (finite, and not too large to be one)
    return a, b


def badge_kinds(value: Any, names: set[str], kind: Callable[[str, Any], str],
                error: Callable[[str], Exception]) -> list[Badge]:
    """`layout.badges`: the badge kinds, each a unique kind name (also among `names`, the
    decorations', which it extends) with SPEC §12's defaults."""
    if not isinstance(value, list):
        raise error(f"layout: badges must be a list of objects, not {value!r}")
    result = []
    for number, raw in enumerate(value):
        where = f"layout.badges[{number}]"
        if not isinstance(raw, dict):
            raise error(f"{where} must be an object, not {raw!r}")
        unknown = sorted(set(raw) - _KIND_KEYS)
        if unknown:
            raise error(f"{where}: unknown key {', '.join(map(repr, unknown))} (known: {', '.join(sorted(_KIND_KEYS))})")
        if "kind" not in raw:
            raise error(f"{where}: missing 'kind'")
        name = kind(where, raw["kind"])
        if name in names:
            raise error(f"{where}: kind {name!r} is given twice")
        names.add(name)
        anchor = _edges(where, "anchor", raw.get("anchor", ["top", "trailing"]), error)
        badge_anchor = _edges(where, "badge_anchor", raw["badge_anchor"], error) if "badge_anchor" in raw else None
        fractional = raw.get("fractional", False)
        if not isinstance(fractional, bool):
            raise error(f"{where}: fractional must be true or false, not {fractional!r}")
        z = raw.get("z", 1)
        if isinstance(z, bool) or not isinstance(z, int) or not -_INT32 <= z < _INT32:
            raise error(f"{where}: z must be a 32-bit integer, not {z!r}")
        result.append(Badge(name, anchor, badge_anchor, _pair(where, "offset", raw.get("offset", [0, 0]), error, None),
                            fractional, _pair(where, "size", raw.get("size", [0, 0]), error, 0.0), z))
    return result


def section_badges(where: str, value: Any, count: int, kinds: set[str],
                   error: Callable[[str], Exception]) -> list[tuple[Any, ...]]:
    """A section's `badges`: (item, kind) or (item, kind, (w, h)) for the data source, each on
    an item of the section, of a kind of `layout.badges`, at most one of a kind per item."""
    if not isinstance(value, list):
        raise error(f"{where}: badges must be a list of objects, not {value!r}")
    result: list[tuple[Any, ...]] = []
    seen: set[tuple[int, str]] = set()
    for number, raw in enumerate(value):
        place = f"{where}: badges[{number}]"
        if not isinstance(raw, dict):
            raise error(f"{place} must be an object, not {raw!r}")
        unknown = sorted(set(raw) - _ITEM_KEYS)
        if unknown or "kind" not in raw or "item" not in raw:
            raise error(f"{place} must be {{\"kind\", \"item\", \"size\" (optional)}}, not {raw!r}")
        name, item = raw["kind"], raw["item"]
        if not isinstance(name, str) or name not in kinds:
            raise error(f"{place}: kind {name!r} is not a kind of layout.badges ({', '.join(sorted(kinds)) or 'none'})")
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < count:
            raise error(f"{place}: item {item!r} does not exist (the section has {count} items)")
        if (item, name) in seen:
            raise error(f"{place}: item {item} carries two badges of kind {name!r}")
        seen.add((item, name))
        entry: tuple[Any, ...] = (item, name)
        if "size" in raw:
            entry += (_pair(place, "size", raw["size"], error, 0.0),)
        result.append(entry)
    result.sort(key=lambda entry: int(entry[0]))
    return result
