"""The scene key `layout.collapse` (SPEC §12, §18): a collapsing layout header and, for the
floating modes, the floating state a host carries between calls (`shrink`)."""

from __future__ import annotations

import math
from typing import Any, Optional, get_args

from ..options import Collapse, CollapseMode
from .scene_values import SceneError, _bool, _choice, _number, _object, _show

__all__ = ["parse_collapse"]

MODES: tuple[CollapseMode, ...] = get_args(CollapseMode)


def parse_collapse(value: Any, global_header: float, pin_global_header: bool) -> tuple[Collapse, Optional[float]]:
    """The collapse settings and the given floating state (None: as if the header had scrolled
    with the content), checked as §18.7 lists (the library checks the rest)."""
    where = "layout: collapse"
    raw = _object(where, value, {"min", "mode", "snap", "stretch", "fill", "shrink"})
    if global_header <= 0:
        raise SceneError(f"{where} needs the layout's header: global_header is {global_header:g}, it must be above 0")
    if pin_global_header:
        raise SceneError(f"{where} and pin_global_header: true exclude each other (the mode says whether it pins)")
    collapse: Collapse = {"min": _number(where, "min", raw.get("min", 0), 0),
                          "mode": _choice(where, "mode", raw.get("mode", "scroll"), MODES)}
    if collapse["min"] > global_header:
        raise SceneError(f"{where}: min {collapse['min']:g} is above global_header {global_header:g}")
    for key in ("snap", "stretch", "fill"):
        if key in raw:
            collapse[key] = _bool(where, key, raw[key])
    shrink = None
    if "shrink" in raw:
        if collapse["mode"] in ("scroll", "pinned"):
            raise SceneError(f"{where}: shrink is the floating state; a {collapse['mode']} header has none")
        shrink = _number(where, "shrink", raw["shrink"])
        if not math.isfinite(shrink):
            raise SceneError(f"{where}: shrink must be finite, not {_show(raw['shrink'])}")
    return collapse, shrink
