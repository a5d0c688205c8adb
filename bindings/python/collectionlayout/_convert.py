"""Python values to C values: the enum tables and the checks done before a value reaches ctypes
(which would silently wrap or truncate). The library checks the rules (finite, non-negative,
in range); this module checks types and shapes."""

from __future__ import annotations

import ctypes
import difflib
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from . import _lib
from ._lib import CL_ERROR_INVALID_ARGUMENT, CL_ERROR_OUT_OF_RANGE, cl_insets, cl_rect
from .errors import InvalidArgumentError, OutOfRangeError, UnknownKindError
from .options import (Alignment, Category, ChangeKind, Coverage, CrossAlignment, Direction,
                      LayoutDirection, FocusDirection, FocusEdge, FocusVia, HitCategories, Packing, PrefetchSide,
                      Scope, ScrollPosition, ScrollSnapping, Snapping, Style, Curve, CollapseMode)

Rect = tuple[float, float, float, float]
RectLike = Sequence[float]
SizeLike = Sequence[float]

# The enum tables: each option's names (options.py's Literals, in the same order) -> C values,
# the header's constants as _abi.py declares them (never a number written here: tests/test_lib.py
# checks every table against include/collectionlayout.h). Names are spelled as on the command
# line and in SPEC §12 (hyphens); enum() takes the underscore forms too ("line_paging").
DIRECTIONS: dict[Direction, int] = {"vertical": _lib.CL_DIRECTION_VERTICAL,
                                    "horizontal": _lib.CL_DIRECTION_HORIZONTAL}
COLLAPSE_MODES: dict[CollapseMode, int] = {"scroll": _lib.CL_COLLAPSE_SCROLL, "pinned": _lib.CL_COLLAPSE_PINNED,
                                           "floating": _lib.CL_COLLAPSE_FLOATING,
                                           "floating-pinned": _lib.CL_COLLAPSE_FLOATING_PINNED}
LAYOUT_DIRECTIONS: dict[LayoutDirection, int] = {"ltr": _lib.CL_LAYOUT_DIRECTION_LTR,
                                                 "rtl": _lib.CL_LAYOUT_DIRECTION_RTL}
ALIGNMENTS: dict[Alignment, int] = {"justified": _lib.CL_ALIGNMENT_JUSTIFIED,
                                    "leading": _lib.CL_ALIGNMENT_LEADING,
                                    "center": _lib.CL_ALIGNMENT_CENTER,
                                    "trailing": _lib.CL_ALIGNMENT_TRAILING}
CROSS_ALIGNMENTS: dict[CrossAlignment, int] = {"center": _lib.CL_CROSS_ALIGNMENT_CENTER,
                                               "start": _lib.CL_CROSS_ALIGNMENT_START,
                                               "end": _lib.CL_CROSS_ALIGNMENT_END}
STYLES: dict[Style, int] = {"flow": _lib.CL_STYLE_FLOW, "orthogonal": _lib.CL_STYLE_ORTHOGONAL,
                            "grid": _lib.CL_STYLE_GRID, "waterfall": _lib.CL_STYLE_WATERFALL,
                            "custom": _lib.CL_STYLE_CUSTOM}
PACKINGS: dict[Packing, int] = {"sparse": _lib.CL_PACKING_SPARSE, "dense": _lib.CL_PACKING_DENSE}
CURVES: dict[Curve, int] = {"linear": _lib.CL_CURVE_LINEAR, "ease-in-out": _lib.CL_CURVE_EASE_IN_OUT}
SPAN_WORDS: dict[str, int] = {"full": _lib.CL_SPAN_FULL, "remaining": _lib.CL_SPAN_REMAINING}
SNAPPING: dict[Snapping, int] = {"none": _lib.CL_SNAP_NONE, "item": _lib.CL_SNAP_ITEM,
                                 "page": _lib.CL_SNAP_PAGE,
                                 "item-paging": _lib.CL_SNAP_ITEM_PAGING,
                                 "item-centered": _lib.CL_SNAP_ITEM_CENTERED}
SCROLL_SNAPPING: dict[ScrollSnapping, int] = {"none": _lib.CL_SNAP_NONE,
                                              "line": _lib.CL_SNAP_LINE,
                                              "page": _lib.CL_SNAP_PAGE,
                                              "line-paging": _lib.CL_SNAP_LINE_PAGING,
                                              "line-center": _lib.CL_SNAP_LINE_CENTER,
                                              "line-end": _lib.CL_SNAP_LINE_END}
SCROLL_POSITIONS: dict[ScrollPosition, int] = {"start": _lib.CL_SCROLL_POSITION_START,
                                               "center": _lib.CL_SCROLL_POSITION_CENTER,
                                               "end": _lib.CL_SCROLL_POSITION_END,
                                               "nearest": _lib.CL_SCROLL_POSITION_NEAREST}
HIT_CATEGORIES: dict[HitCategories, int] = {"cells": _lib.CL_HIT_CELLS, "all": _lib.CL_HIT_ALL}
FOCUS_DIRECTIONS: dict[FocusDirection, int] = {"up": _lib.CL_FOCUS_UP, "down": _lib.CL_FOCUS_DOWN,
                                               "left": _lib.CL_FOCUS_LEFT,
                                               "right": _lib.CL_FOCUS_RIGHT,
                                               "next": _lib.CL_FOCUS_NEXT,
                                               "previous": _lib.CL_FOCUS_PREVIOUS}
FOCUS_EDGES: dict[FocusEdge, int] = {"stop": _lib.CL_FOCUS_EDGE_STOP,
                                     "wrap": _lib.CL_FOCUS_EDGE_WRAP,
                                     "continuous": _lib.CL_FOCUS_EDGE_CONTINUOUS}
FOCUS_VIAS: dict[FocusVia | None, int] = {None: _lib.CL_FOCUS_VIA_NONE,
                                          "history": _lib.CL_FOCUS_VIA_HISTORY,
                                          "search": _lib.CL_FOCUS_VIA_SEARCH,
                                          "wrap": _lib.CL_FOCUS_VIA_WRAP,
                                          "continuous": _lib.CL_FOCUS_VIA_CONTINUOUS,
                                          "remembered": _lib.CL_FOCUS_VIA_REMEMBERED,
                                          "order": _lib.CL_FOCUS_VIA_ORDER}
PREFETCH_SIDES: dict[PrefetchSide, int] = {"before": _lib.CL_PREFETCH_BEFORE,
                                           "after": _lib.CL_PREFETCH_AFTER}
CATEGORY_IDS: dict[Category, int] = {"cell": _lib.CL_CATEGORY_CELL,
                                     "supplementary": _lib.CL_CATEGORY_SUPPLEMENTARY,
                                     "decoration": _lib.CL_CATEGORY_DECORATION}
SCOPES: dict[Scope, int] = {"section": _lib.CL_DECORATION_SCOPE_SECTION,
                            "item": _lib.CL_DECORATION_SCOPE_ITEM}
COVERAGES: dict[Coverage, int] = {"body": _lib.CL_COVERAGE_BODY,
                                  "section": _lib.CL_COVERAGE_SECTION,
                                  "items": _lib.CL_COVERAGE_ITEMS}
BUILTIN_KINDS = {"": _lib.CL_KIND_CELL, "header": _lib.CL_KIND_HEADER,
                 "footer": _lib.CL_KIND_FOOTER, "global_header": _lib.CL_KIND_GLOBAL_HEADER,
                 "global_footer": _lib.CL_KIND_GLOBAL_FOOTER}
CHANGE_KINDS: dict[ChangeKind, int] = {"kept": _lib.CL_CHANGE_KEPT, "moved": _lib.CL_CHANGE_MOVED,
                                       "inserted": _lib.CL_CHANGE_INSERTED,
                                       "deleted": _lib.CL_CHANGE_DELETED,
                                       "reloaded": _lib.CL_CHANGE_RELOADED}

_Name = TypeVar("_Name", bound=str)


def names_by_value(table: Mapping[_Name, int]) -> tuple[_Name, ...]:
    """A table's names indexed by their C values, for the C -> name direction of an enum whose
    values are 0, 1, 2, ... (a tuple index is the fastest lookup for bulk results)."""
    names = sorted(table, key=table.__getitem__)
    if [table[name] for name in names] != list(range(len(names))):
        raise AssertionError(f"the values of {dict(table)} are not 0 to {len(names) - 1}")
    return tuple(names)


CATEGORIES: tuple[Category, ...] = names_by_value(CATEGORY_IDS)  # indexed by CL_CATEGORY_*
CHANGES: tuple[ChangeKind, ...] = names_by_value(CHANGE_KINDS)  # indexed by CL_CHANGE_*


def invalid(message: str) -> InvalidArgumentError:
    return InvalidArgumentError(message, CL_ERROR_INVALID_ARGUMENT)


def enum(table: Mapping[Any, int], name: object, what: str) -> int:
    """The C value of an option's name (an underscore taken as a hyphen: "line_paging")."""
    if isinstance(name, str) and name.replace("_", "-") in table:
        return table[name.replace("_", "-")]
    raise invalid(f"{what} must be one of {', '.join(map(repr, table))}, not {name!r}")


def check_options(given: Iterable[str], known: Sequence[str], where: str) -> None:
    """TypeError for a keyword option that is not one of `known`, naming them all (as Python
    does for an unknown keyword, with the list a user needs)."""
    for name in given:
        if name not in known:
            close = difflib.get_close_matches(name, known, 1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TypeError(f"{where} got an unknown option {name!r}{hint}; the options are "
                            f"{', '.join(known)}")


def floats(values: Iterable[float], count: int, what: str) -> list[float]:
    try:
        result = [float(v) for v in values]
    except (TypeError, ValueError) as error:
        raise invalid(f"{what} must be {count} numbers, not {values!r}") from error
    if len(result) != count:
        raise invalid(f"{what} must be {count} numbers, not {values!r}")
    return result


def number(value: object, what: str) -> float:
    """One number (an int or float, not a str or bool-like object that float() would take)."""
    if isinstance(value, (str, bytes)):
        raise invalid(f"{what} must be a number, not {value!r}")
    return floats([value], 1, what)[0]  # type: ignore[list-item]


def int64(value: object, what: str) -> int:
    try:
        result = operator.index(value)  # type: ignore[arg-type]
    except TypeError as error:
        raise TypeError(f"{what} must be an integer, not {value!r}") from error
    if not -2**63 <= result < 2**63:  # ctypes would silently wrap
        raise OutOfRangeError(f"{what} {result} does not fit in 64 bits", CL_ERROR_OUT_OF_RANGE)
    return result


def int32(value: object, what: str) -> int:
    result = int64(value, what)
    if not -2**31 <= result < 2**31:
        raise invalid(f"{what} {result} does not fit in 32 bits")
    return result


def rect_tuple(value: RectLike, what: str = "a rect (x, y, width, height)") -> Rect:
    x, y, width, height = floats(value, 4, what)
    return (x, y, width, height)


def rect(value: RectLike) -> cl_rect:
    return cl_rect(*floats(value, 4, "a rect (x, y, width, height)"))


_METRIC_NUMBERS = ("line_spacing", "interitem_spacing", "header", "footer")
#: The keys of a section's metrics (section_metrics results, SectionMetricsTable columns).
METRIC_KEYS = ("insets", "alignment", "cross_alignment", "style", "rows", "columns",
               "decorations", "estimated_item_size", "packing", "effect") + _METRIC_NUMBERS
_KEYLINE_KEYS = ("fraction", "offset", "scale", "alpha", "z")


def set_metrics(target: ctypes.Structure, metrics: Mapping[str, Any],
                decoration_ids: Mapping[str, int] | None = None) -> Any:
    """Writes section metrics given by name into a cl_layout_def or cl_section_metrics (they
    share these field names). Values are checked by the library, which knows the rules.
    `decorations` (a list of decoration kind names or ids; cl_section_metrics only) is resolved
    through `decoration_ids`; so is `effect` (SPEC §19). The returned ctypes arrays must stay
    alive until the library has read the struct."""
    keep: list[Any] = []
    for key, value in metrics.items():
        if key == "insets":
            target.insets = cl_insets(*floats(value, 4, "insets (top, left, bottom, right)"))
        elif key == "alignment":
            target.alignment = enum(ALIGNMENTS, value, "alignment")
        elif key == "cross_alignment":
            target.cross_alignment = enum(CROSS_ALIGNMENTS, value, "cross_alignment")
        elif key == "style":
            target.style = enum(STYLES, value, "style")
        elif key in ("rows", "columns"):
            target.__setattr__(key, int32(value, key))
        elif key in _METRIC_NUMBERS:
            target.__setattr__(key, number(value, key))
        elif key == "packing" and decoration_ids is not None:  # cl_section_metrics only
            target.packing = enum(PACKINGS, value, "packing")
        elif key == "estimated_item_size" and decoration_ids is not None:
            # one size for every unmeasured item (cl_section_metrics only); None: sizes asked
            target.estimated = 0 if value is None else 1
            if value is not None:
                target.estimated_item_size = _lib.cl_size(*floats(value, 2, key + " (width, height)"))
        elif key == "decorations" and decoration_ids is not None:
            if value is None:  # every registered decoration
                target.decoration_kind_count = -1
                target.decoration_kinds = None
                continue
            ids = decoration_kind_ids(value, decoration_ids)
            kinds = (ctypes.c_int32 * max(len(ids), 1))(*ids)
            keep.append(kinds)
            target.decoration_kind_count = len(ids)
            target.decoration_kinds = ctypes.cast(kinds, ctypes.POINTER(ctypes.c_int32))
        elif key == "effect" and decoration_ids is not None:
            keylines, count, curve = effect_keylines(value)
            keep.append(keylines)
            target.effect_keyline_count = count
            target.effect_keylines = ctypes.cast(keylines, ctypes.POINTER(_lib.cl_keyline))
            target.effect_curve = curve
        else:
            raise invalid(f"unknown section metric {key!r}; known: {', '.join(METRIC_KEYS)}")
    return keep


def effect_keylines(effect: object) -> tuple[Any, int, int]:
    """A section's `effect` ({"keylines": [...], "curve": ...} or None) as a ctypes array of
    cl_keyline, its count and a curve value; the library checks the numbers (SPEC §19.4)."""
    if effect is None:
        return (_lib.cl_keyline * 1)(), 0, _lib.CL_CURVE_LINEAR
    if not isinstance(effect, Mapping) or set(effect) - {"keylines", "curve"}:
        raise invalid(f"effect must be a mapping with keylines and curve, not {effect!r}")
    keylines = effect.get("keylines")
    if isinstance(keylines, (str, bytes, Mapping)) or not isinstance(keylines, Iterable):
        raise invalid(f"effect: keylines must be a list of mappings, not {keylines!r}")
    array = []
    for k, line in enumerate(keylines):
        if not isinstance(line, Mapping) or set(line) - set(_KEYLINE_KEYS):
            raise invalid(f"effect: keyline {k} must be a mapping of {', '.join(_KEYLINE_KEYS)}, not {line!r}")
        array.append(_lib.cl_keyline(number(line.get("fraction", 0), "fraction"), number(line.get("offset", 0), "offset"),
                                     number(line.get("scale", 1), "scale"), number(line.get("alpha", 1), "alpha"),
                                     int32(line.get("z", 0), "z"), 0))
    if not array:
        raise invalid("effect: keylines must list at least one keyline")
    return (_lib.cl_keyline * len(array))(*array), len(array), enum(CURVES, effect.get("curve", "linear"), "curve")


def named_fields(cls: Any, value: Any, what: str) -> Any:
    """A NamedTuple `cls` whose first field is ``name`` (a Decoration, a Badge) from one, a dict of
    its fields (``kind`` for ``name``) or a name."""
    if isinstance(value, cls):
        return value
    if isinstance(value, str):
        return cls(value)
    if isinstance(value, Mapping):
        fields = dict(value)
        if "kind" in fields:
            fields["name"] = fields.pop("kind")
        unknown = sorted(set(fields) - set(cls._fields))
        if unknown or "name" not in fields:
            raise invalid(f"a {what} needs a name (or kind) and may have "
                          f"{', '.join(cls._fields[1:])}, not {value!r}")
        return cls(**fields)
    raise invalid(f"a {what} is a {cls.__name__}, a dict or a name, not {value!r}")


def decoration_kind_ids(names: object, decoration_ids: Mapping[str, int]) -> list[int]:
    """A section's `decorations` list (names or ids) as kind ids."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise invalid(f"decorations must be a list of decoration kind names, not {names!r}")
    ids = []
    for name in names:
        if isinstance(name, str):
            if name not in decoration_ids:
                raise UnknownKindError(
                    f"decorations: {name!r} is not a decoration registered on this layout "
                    f"(registered: {', '.join(map(repr, decoration_ids)) or 'none'})",
                    _lib.CL_ERROR_UNKNOWN_KIND)
            ids.append(decoration_ids[name])
        else:
            ids.append(int32(name, "decorations"))
    return ids
