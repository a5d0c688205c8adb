"""The `self-size`, `target-offset`, `scroll-to`, `fling` and `rubber-band` commands (SPEC §12): reading MEASURED
files, running them and their JSON answers. Refused input is a SceneError or a library error
(ValueError / IndexError subclasses): one `error: ...` line and exit 1 in cli.py."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Optional, Union, cast

from .._convert import CATEGORY_IDS
from .._lib import CL_DECELERATION_NORMAL
from ..options import ScrollPosition, ScrollSnapping, Snapping
from . import scene
from .scene_values import SceneError, _object, _show

__all__ = ["parse_measured", "run_self_size", "run_self_size_value", "run_target_offset",
           "run_scroll_to", "run_fling", "run_rubber_band", "run_physics", "SCROLL_SNAPS", "SECTION_SNAPS",
           "POSITIONS"]

#: --snap names (SPEC §12) along the scroll axis, and for an orthogonal section (--section).
SCROLL_SNAPS = ("none", "line", "page", "line-paging", "line-center", "line-end")
SECTION_SNAPS = ("none", "item", "page", "item-paging", "item-centered")
POSITIONS = ("start", "center", "end", "nearest")
MEASURED_FORM = '{"items": [[s, i, w, h], ...]}'


def parse_measured(value: Any) -> list[tuple[int, int, float, float]]:
    """A MEASURED file's value: `{"items": [[s, i, w, h], ...]}`. Sizes are checked by the
    library (finite, >= 0), which also refuses cells that do not exist."""
    raw = _object("measured", value, {"items"}, MEASURED_FORM)
    items = raw.get("items", [])
    if not isinstance(items, list):
        raise SceneError(f"measured: items must be a list of [s, i, w, h], not {_show(items)} "
                         f"(the file is {MEASURED_FORM}, see docs/cli.md)")
    result = []
    for k, entry in enumerate(items):
        where = f"measured: items[{k}]"
        if not isinstance(entry, list) or len(entry) != 4:
            raise SceneError(f"{where} must be [s, i, w, h], not {_show(entry)}")
        s, i, w, h = entry
        for name, v in (("s", s), ("i", i)):
            if isinstance(v, bool) or not isinstance(v, int) or not -2**63 <= v < 2**63:
                raise SceneError(f"{where}: {name} must be an integer, not {_show(v)}")
        for name, v in (("w", w), ("h", h)):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise SceneError(f"{where}: {name} must be a number, not {_show(v)}")
        result.append((s, i, float(w), float(h)))
    return result


def run_self_size(scene_path: str | os.PathLike[str],
                  measured_path: str | os.PathLike[str]) -> dict[str, Any]:
    """`self-size SCENE MEASURED`: the scene's layout after the measured sizes (SPEC §10.4)."""
    return run_self_size_value(scene.read_json(scene_path), scene.read_json(measured_path))


def run_self_size_value(scene_value: Any, measured_value: Any) -> dict[str, Any]:
    """run_self_size on parsed JSON values."""
    built = scene.parse(scene_value)
    measured = parse_measured(measured_value)
    with built.build() as layout:
        change = layout.set_item_sizes(measured)
        return {"adjustment": change.adjustment, "content_size_change": change.content_size_change,
                "viewport": list(change.viewport), "content_size": list(layout.content_size)}


def run_target_offset(scene_path: str | os.PathLike[str], proposed: float, velocity: float,
                      snap: str = "none", rate: float = CL_DECELERATION_NORMAL,
                      section: int | None = None) -> dict[str, Any]:
    """`target-offset SCENE --proposed P --velocity V [--snap] [--rate] [--section S]`: where
    the viewport (or, with a section, that orthogonal section's own offset) comes to rest."""
    with scene.read(scene_path).build() as layout:
        if section is not None:
            return {"offset": layout.section_target_offset(section, proposed, velocity, cast(Snapping, snap), rate)}
        offset = layout.target_content_offset(proposed, velocity, cast(ScrollSnapping, snap), rate)
        collapse = layout.target_collapse(offset)  # with a collapsing header, its record there (SPEC §18.5)
        return {"offset": offset} if collapse is None else {"offset": offset, "collapse": collapse._asdict()}


def run_scroll_to(scene_path: str | os.PathLike[str], category: str, kind: str, section: int,
                  item: int, position: str = "start") -> dict[str, Any]:
    """`scroll-to SCENE CATEGORY KIND SECTION ITEM [--position]`: the viewport that shows the
    element (SPEC §10.6); an element that does not exist is refused."""
    if category not in CATEGORY_IDS:
        raise SceneError(f"category must be one of {', '.join(CATEGORY_IDS)}, not {category!r}")
    with scene.read(scene_path).build() as layout:
        viewport = layout.scroll_to(category, kind, section, item,
                                    cast(ScrollPosition, position))
        return {"viewport": list(viewport)}


#: `fling` samples by default at k/60 s while before the rest time, at most this many.
DEFAULT_SAMPLES = 3600


def run_fling(scene_path: str | os.PathLike[str], velocity: float, snap: str = "none",
              rate: float = CL_DECELERATION_NORMAL, section: Optional[int] = None,
              start: Optional[float] = None, times: Optional[Sequence[float]] = None) -> dict[str, Any]:
    """`fling SCENE --velocity V [--snap] [--rate] [--section S] [--from P] [--times ...]`: the
    fling's target, curve and rest time, and its samples at `times` (SPEC §22), by default at
    k/60 s while before the rest time, then at the rest time."""
    with scene.read(scene_path).build() as layout:
        fling = layout.fling(velocity, cast(Union[ScrollSnapping, Snapping], snap), rate, section, start)
        if times is None:
            frames = (k / 60 for k in range(DEFAULT_SAMPLES))
            times = [t for t in frames if t < fling.rest_time] + [fling.rest_time]
        samples = [{"t": t, "offset": offset, "velocity": v}
                   for t, (offset, v) in zip(times, fling.samples(times))]
        return {"target": fling.target, "curve": fling.curve, "rest_time": fling.rest_time,
                "samples": samples}


def run_physics(command: str, values: dict[str, Any]) -> dict[str, Any]:
    """`fling` or `rubber-band` with the values cli.parse_arguments gave."""
    if command == "rubber-band":
        return run_rubber_band(values["scene"], values["offset"], values.get("section"))
    return run_fling(values["scene"], values["velocity"], values.get("snap", "none"),
                     values.get("rate", CL_DECELERATION_NORMAL), values.get("section"),
                     values.get("start"), values.get("times"))


def run_rubber_band(scene_path: str | os.PathLike[str], offset: float,
                    section: Optional[int] = None) -> dict[str, Any]:
    """`rubber-band SCENE --offset O [--section S]`: where a drag to O shows the origin (SPEC
    §22.3)."""
    with scene.read(scene_path).build() as layout:
        return {"offset": layout.rubber_band(offset, section)}
