"""Scene files (SPEC §12): a JSON description of a layout, for tools, tests and debugging.

    {"viewport": [x, y, w, h],
     "layout": {"direction", "pin_headers", "pin_footers", "decorations": [...]},
     "sections": [{"items": [[w, h], ...]} or {"item_count", "item_size"}, plus metrics,
                   "inline", and for orthogonal sections "style", "rows", "offset"]}

Missing keys take the SPEC's defaults (0, flow, justified, center), which differ from
cl_flow_def_default's UIKit spacings of 10.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from .layout import METRIC_KEYS, Layout

__all__ = ["SceneError", "load", "from_dict", "dump"]

_LAYOUT_KEYS = {"direction", "pin_headers", "pin_footers", "decorations"}
_SECTION_KEYS = {"style", "items", "item_count", "item_size", "inline", "rows", "offset",
                 *METRIC_KEYS}
_DECORATION_KEYS = {"kind", "scope", "coverage", "insets", "z"}


class SceneError(ValueError):
    """A scene file that is malformed."""


def load(path: str | os.PathLike[str]) -> Layout:
    """Reads a scene file into a Layout."""
    with open(path, encoding="utf-8") as file:
        try:
            scene = json.load(file)
        except json.JSONDecodeError as error:
            raise SceneError(f"{os.fspath(path)}: not JSON: {error}") from error
    return from_dict(scene)


def _check_keys(what: str, value: Any, known: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SceneError(f"{what} must be an object, not {value!r}")
    unknown = sorted(set(value) - known)
    if unknown:
        raise SceneError(f"{what}: unknown keys {', '.join(unknown)} "
                         f"(known: {', '.join(sorted(known))})")
    return value


def _section(index: int, section: Any) -> tuple[list[Any], dict[str, Any], list[Any]]:
    """A scene section as (item sizes, metrics, inline elements)."""
    what = f"section {index}"
    section = _check_keys(what, section, _SECTION_KEYS)
    if "items" in section:
        if "item_count" in section or "item_size" in section:
            raise SceneError(f"{what}: give either items or item_count with item_size")
        sizes = list(section["items"])
    else:
        count = section.get("item_count", 0)
        if not isinstance(count, int) or isinstance(count, bool):
            raise SceneError(f"{what}: item_count must be an integer, not {count!r}")
        sizes = [tuple(section.get("item_size", (0, 0)))] * max(count, 0)
        if count < 0:
            raise SceneError(f"{what}: item_count must not be negative, not {count}")
    metrics = {key: section[key] for key in METRIC_KEYS if key in section}
    inline = []
    for number, element in enumerate(section.get("inline", [])):
        element = _check_keys(f"{what}, inline element {number}", element,
                              {"kind", "before", "extent"})
        try:
            inline.append((element["kind"], element["before"], element.get("extent", 0)))
        except KeyError as error:
            raise SceneError(f"{what}, inline element {number}: missing {error}") from None
    return sizes, metrics, inline


def from_dict(scene: Mapping[str, Any]) -> Layout:
    """Builds a Layout from a parsed scene."""
    scene = _check_keys("the scene", scene, {"viewport", "layout", "sections"})
    options = _check_keys("layout", scene.get("layout", {}), _LAYOUT_KEYS)
    sections = [_section(i, s) for i, s in enumerate(scene.get("sections", []))]
    sizes = [s[0] for s in sections]
    layout = Layout.from_sizes(
        sizes,
        section_metrics=lambda section: sections[section][1],
        inline_elements=lambda section: sections[section][2],
        kinds=[kind for section in sections for kind, _, _ in section[2]],
        viewport=scene.get("viewport", (0, 0, 0, 0)),
        direction=options.get("direction", "vertical"),
        pin_headers=options.get("pin_headers", False),
        pin_footers=options.get("pin_footers", False),
        # the scene's defaults (SPEC §12), where cl_flow_def_default has UIKit's
        insets=(0, 0, 0, 0), line_spacing=0, interitem_spacing=0, header=0, footer=0,
        alignment="justified", cross_alignment="center")
    try:
        for number, section in enumerate(scene.get("sections", [])):
            if section.get("offset"):  # the sideways offset of an orthogonal section
                layout.set_section_offset(number, section["offset"])
        for number, decoration in enumerate(options.get("decorations", [])):
            decoration = _check_keys(f"decoration {number}", decoration, _DECORATION_KEYS)
            if "kind" not in decoration:
                raise SceneError(f"decoration {number}: missing 'kind'")
            layout.add_decoration(decoration["kind"], decoration.get("scope", "section"),
                                  decoration.get("coverage", "body"),
                                  decoration.get("insets", (0, 0, 0, 0)),
                                  decoration.get("z", -1))
    except BaseException:
        layout.close()
        raise
    return layout


def dump(layout: Layout, rect: tuple[float, float, float, float] | None = None) -> dict[str, Any]:
    """The layout as SPEC §12's dump: content size and every element (or those in rect)."""
    elements = layout.elements() if rect is None else layout.elements_in_rect(rect)
    return {"content_size": list(layout.content_size),
            "elements": [element.to_dict() for element in elements]}
