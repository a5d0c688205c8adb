"""Scene files (SPEC §12): a JSON description of a layout, for tools, tests and debugging.

    {"viewport": [x, y, w, h],
     "layout": {"direction", "pin_headers", "pin_footers", "anchoring", "element_limit",
                "content_insets": [t, l, b, r], "display_scale", "layout_direction", "global_header",
                "global_footer", "pin_global_header", "pin_global_footer",
                "collapse": {"min", "mode", "snap", "stretch", "fill", "shrink"},
                "decorations": [{"kind", "scope", "coverage", "insets", "z"}, ...],
                "badges": [{"kind", "anchor", "badge_anchor", "offset", "fractional", "size",
                            "z"}, ...]},
     "sections": [{"style", "items": [[w, h], ...] or "item_count" with "item_size",
                   "frames" (custom), "insets", "line_spacing", "interitem_spacing", "header",
                   "footer", "alignment", "cross_alignment", "inline", "rows", "columns",
                   "offset", "decorations": [kind, ...], "spans": [k | "full" | "remaining", ...],
                   "packing": "sparse" | "dense", "effect": {"keylines": [...], "curve"},
                   "badges": [{"kind", "item", "size"}, ...],
                   "estimated_item_size": [w, h] (this package's addition)}, ...]}

Missing keys take the SPEC's defaults (0, flow, justified, center, rows 1, columns 2), which
differ from cl_layout_def_default's UIKit spacings of 10. The reader checks every value before
it builds anything (counts against the element limit first), and its messages speak the
file's words: `section 2: items[3] must be [w, h] ...`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Optional, cast, get_args

from .. import _lib
from .scene_values import (SceneError, _bool, _choice, _counted, _integer, _number, _numbers, _object,
                           _show)
from ..badges import Badge
from ..layout import Decoration, Layout
from ..metrics import SectionMetricsTable
from .scene_badges import badge_kinds, section_badges
from ..options import (Alignment, Collapse, Coverage, CrossAlignment, Curve, Direction, Effect, Keyline,
                       LayoutDirection, Scope, SectionMetrics, Span, Style)


try:
    import numpy as np
except ImportError:
    np = None  # type: ignore[assignment]

__all__ = ["SceneError", "Scene", "Section", "load", "read", "read_json", "parse",
           "parse_sections", "from_dict", "dump", "record"]

# the names a scene may use: those of the options' Literal types (options.py)
STYLES: tuple[Style, ...] = get_args(Style)
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
LAYOUT_DIRECTIONS: tuple[LayoutDirection, ...] = get_args(LayoutDirection)
CURVES: tuple[Curve, ...] = get_args(Curve)
ALIGNMENTS: tuple[Alignment, ...] = get_args(Alignment)
CROSS_ALIGNMENTS: tuple[CrossAlignment, ...] = get_args(CrossAlignment)
SCOPES: tuple[Scope, ...] = get_args(Scope)
COVERAGES: tuple[Coverage, ...] = get_args(Coverage)
_SCENE_KEYS = {"viewport", "layout", "sections"}
_LAYOUT_KEYS = {"direction", "pin_headers", "pin_footers", "anchoring", "element_limit",
                "content_insets", "display_scale", "layout_direction", "decorations", "global_header",
                "global_footer", "pin_global_header", "pin_global_footer", "collapse", "badges"}
_SECTION_KEYS = {"style", "items", "item_count", "item_size", "frames", "insets",
                 "line_spacing", "interitem_spacing", "header", "footer", "alignment",
                 "cross_alignment", "inline", "rows", "columns", "offset", "decorations",
                 "estimated_item_size", "spans", "packing", "effect", "badges"}
_DECORATION_KEYS = {"kind", "scope", "coverage", "insets", "z"}
_INLINE_KEYS = {"kind", "before", "extent"}
_INT32_MAX = 2**31 - 1


@dataclass
class Section:
    """One section of a scene, checked."""

    style: str = "flow"
    count: int = 0
    sizes: Any = None  # a list of (w, h), or None with `size` for item_count sections
    size: tuple[float, float] = (0.0, 0.0)
    frames: Any = None  # custom sections: (x, y, w, h) per item
    metrics: dict[str, Any] = field(default_factory=dict)
    inline: list[tuple[str, int, float]] = field(default_factory=list)
    offset: float = 0.0
    spans: list[Span] = field(default_factory=list)  # grid and waterfall (§16); then 1 each
    badges: list[tuple[Any, ...]] = field(default_factory=list)  # (item, kind[, size]) sorted (§17.1)

    def item_badges(self, first: int, count: int) -> list[tuple[Any, ...]]:
        return [badge for badge in self.badges if first <= badge[0] < first + count]

    def item_spans(self, first: int, count: int) -> list[Span]:
        given = self.spans[first:first + count]
        return given + [1] * (count - len(given))

    def item_sizes(self, first: int, count: int) -> Any:
        if self.sizes is not None:
            return self.sizes[first:first + count]
        if np is not None:
            return np.broadcast_to(np.asarray(self.size, dtype=np.float64), (count, 2))
        return [self.size] * count

    def custom_frames(self, first: int, count: int) -> Any:
        return self.frames[first:first + count]


@dataclass
class Scene:
    """A checked scene: build() makes the Layout."""

    viewport: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    direction: Direction = "vertical"
    pin_headers: bool = False
    pin_footers: bool = False
    anchoring: bool = True  # SPEC §10.4
    element_limit: int = _lib.CL_MAX_ITEMS
    content_insets: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # SPEC §20.1
    display_scale: float = 0.0  # SPEC §20.2
    layout_direction: LayoutDirection = "ltr"  # SPEC §15
    global_header: float = 0.0  # SPEC §17.2, with the three below
    global_footer: float = 0.0
    pin_global_header: bool = False
    pin_global_footer: bool = False
    collapse: Optional[Collapse] = None  # SPEC §18 (scene_collapse.py)
    collapse_shrink: Optional[float] = None  # its floating state, set after the first pass
    decorations: list[Decoration] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)  # badge kinds (SPEC §17.1)
    sections: list[Section] = field(default_factory=list)

    def build(self, kinds: Iterable[str] = (), live: bool = False) -> Layout:
        """The Layout of this scene. `kinds`: more inline kind names to register (those of
        sections that replace these later). `live`: the data source reads `self.sections` at
        every call, metrics too (a callable instead of a table resolved once), so that
        replacing the list's contents switches the data, as the `update` command does before
        it performs the update."""
        sections = self.sections
        kinds = list(dict.fromkeys([*(kind for s in sections for kind, _, _ in s.inline),
                                    *kinds]))
        metrics: Any = (lambda section: sections[section].metrics) if live else \
            SectionMetricsTable([cast(SectionMetrics, s.metrics) for s in sections])
        layout = Layout(
            lambda section: sections[section].count,
            section_count=lambda: len(sections),
            item_sizes=lambda section, first, count: sections[section].item_sizes(first, count),
            section_metrics=metrics,
            inline_elements=lambda section: sections[section].inline,
            custom_frames=lambda section, first, count, _extent:
                sections[section].custom_frames(first, count),
            item_spans=lambda section, first, count: sections[section].item_spans(first, count),
            item_badges=lambda section, first, count: sections[section].item_badges(first, count),
            kinds=kinds, decorations=self.decorations, badges=self.badges, viewport=self.viewport,
            direction=self.direction, pin_headers=self.pin_headers,
            pin_footers=self.pin_footers, element_limit=self.element_limit, anchoring=self.anchoring,
            content_insets=self.content_insets, display_scale=self.display_scale,
            layout_direction=self.layout_direction,
            global_header=self.global_header, global_footer=self.global_footer,
            pin_global_header=self.pin_global_header, pin_global_footer=self.pin_global_footer,
            collapse=self.collapse,
            # the scene's defaults (SPEC §12), where cl_layout_def_default has UIKit's
            insets=(0, 0, 0, 0), line_spacing=0, interitem_spacing=0, header=0, footer=0,
            alignment="justified", cross_alignment="center", rows=1, columns=2)
        try:
            for number, section in enumerate(sections):
                if section.offset:  # the sideways offset of an orthogonal section
                    layout.set_section_offset(number, section.offset)
            if self.collapse_shrink is not None:  # a floating header's state, carried by the host
                layout.collapse_shrink = self.collapse_shrink
        except BaseException:
            layout.close()
            raise
        return layout


# ---- Reading ----------------------------------------------------------------------------------

def _kind(where: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise SceneError(f"{where}: kind must be a non-empty string, not {_show(value)}")
    if value in ("header", "footer"):
        raise SceneError(f"{where}: kind {_show(value)} is the name of a built-in kind")
    if len(value.encode(errors="replace")) > 63:
        raise SceneError(f"{where}: kind {_show(value)} is longer than 63 bytes")
    return value


class _Budget:
    """The element limit (SPEC §11), counted before anything is built."""

    def __init__(self, limit: int, sections: int) -> None:
        self.limit, self.used = limit, sections
        if sections > limit:
            raise SceneError(f"sections: the section count {sections} is over the element "
                             f"limit {limit}")

    def take(self, where: str, key: str, count: int) -> None:
        self.used += count
        if self.used > self.limit:
            raise SceneError(f"{where}: {key} {count} brings the layout to "
                             f"{_counted(self.used, 'element')}, "
                             f"over the element limit {self.limit} (sections, items and inline "
                             f"elements together)")


def _spans(where: str, value: Any, count: int) -> list[Span]:
    """`spans` (SPEC §16): one entry per item in order, each a count >= 1, "full" or
    "remaining"; more entries than items is an error."""
    if not isinstance(value, list):
        raise SceneError(f"{where}: spans must be a list of spans, not {_show(value)}")
    if len(value) > count:
        raise SceneError(f"{where}: spans has {len(value)} entries for {_counted(count, 'item')}")
    for i, span in enumerate(value):
        if span not in ("full", "remaining") and (isinstance(span, bool) or not isinstance(span, int) or span < 1):
            raise SceneError(f"{where}: spans[{i}] must be an integer >= 1, \"full\" or \"remaining\", "
                             f"not {_show(span)}")
    return [min(span, _INT32_MAX) if isinstance(span, int) else span for span in value]


def _effect(where: str, value: Any) -> Effect:
    """A section's `effect` (SPEC §19): keylines of numbers, checked here as far as the file's
    shape goes (the library checks ranges, §19.4)."""
    raw = _object(f"{where}: effect", value, {"keylines", "curve"})
    keylines = raw.get("keylines")
    if not isinstance(keylines, list) or not keylines:
        raise SceneError(f"{where}: effect: keylines must be a list of at least one keyline, not {_show(keylines)}")
    lines: list[Keyline] = []
    for k, line in enumerate(keylines):
        at = f"{where}: effect: keylines[{k}]"
        entry = _object(at, line, {"fraction", "offset", "scale", "alpha", "z"})
        lines.append({"fraction": _number(at, "fraction", entry.get("fraction", 0)),
                      "offset": _number(at, "offset", entry.get("offset", 0)),
                      "scale": _number(at, "scale", entry.get("scale", 1), 0.0),
                      "alpha": _number(at, "alpha", entry.get("alpha", 1), 0.0),
                      "z": _integer(at, "z", entry.get("z", 0), -1_000_000, 1_000_000)})
        if lines[-1]["alpha"] > 1:
            raise SceneError(f"{at}: alpha must be in [0, 1], not {_show(entry['alpha'])}")
    return {"keylines": lines, "curve": _choice(f"{where}: effect", "curve", raw.get("curve", "linear"), CURVES)}


def _section(index: int, value: Any, direction: str, decorations: set[str],
             budget: _Budget, badges: AbstractSet[str] = frozenset()) -> Section:
    where = f"section {index}"
    raw = _object(where, value, _SECTION_KEYS)
    section = Section(style=_choice(where, "style", raw.get("style", "flow"), STYLES))
    custom = section.style == "custom"
    if custom:
        given = sorted({"items", "item_count", "item_size"} & set(raw))
        if given:
            raise SceneError(f"{where}: a custom section takes frames, not {', '.join(given)}")
        frames = raw.get("frames", [])
        if not isinstance(frames, list):
            raise SceneError(f"{where}: frames must be a list of [x, y, w, h], not {_show(frames)}")
        budget.take(where, "frames: a count of", len(frames))
        axis = 1 if direction == "vertical" else 0  # the body-relative scroll-axis origin
        minimum = (None, 0.0, 0.0, 0.0) if axis == 1 else (0.0, None, 0.0, 0.0)
        section.frames = [_numbers(where, f"frames[{i}]", frame, 4, "x, y, w, h", minimum)
                          for i, frame in enumerate(frames)]
        section.count = len(frames)
        if np is not None:
            section.frames = np.array(section.frames, dtype=np.float64).reshape(-1, 4)
    elif "frames" in raw:
        raise SceneError(f"{where}: frames is for custom sections (style \"custom\"), "
                         f"this one is {section.style}")
    elif "items" in raw:  # items wins over item_count and item_size (SPEC §12)
        items = raw["items"]
        if not isinstance(items, list):
            raise SceneError(f"{where}: items must be a list of [w, h], not {_show(items)}")
        budget.take(where, "items: a count of", len(items))
        section.sizes = [_numbers(where, f"items[{i}]", item, 2, "w, h", (0.0, 0.0))
                         for i, item in enumerate(items)]
        section.count = len(items)
        if np is not None:
            section.sizes = np.array(section.sizes, dtype=np.float64).reshape(-1, 2)
    else:
        count = _integer(where, "item_count", raw.get("item_count", 0), 0, 2**63 - 1)
        budget.take(where, "item_count", count)  # before anything in proportion to it
        section.count = count
        section.size = _numbers(where, "item_size", raw.get("item_size", [0, 0]), 2, "w, h",
                                (0.0, 0.0))  # type: ignore[assignment]
    metrics = section.metrics
    metrics["style"] = section.style
    if "insets" in raw:
        metrics["insets"] = _numbers(where, "insets", raw["insets"], 4, "top, left, bottom, right",
                                     (0.0,) * 4)
    for key in ("line_spacing", "interitem_spacing", "header", "footer"):
        if key in raw:
            metrics[key] = _number(where, key, raw[key], 0.0)
    if "alignment" in raw:
        metrics["alignment"] = _choice(where, "alignment", raw["alignment"], ALIGNMENTS)
    if "cross_alignment" in raw:
        metrics["cross_alignment"] = _choice(where, "cross_alignment", raw["cross_alignment"],
                                             CROSS_ALIGNMENTS)
    for key in ("rows", "columns"):
        if key in raw:
            metrics[key] = _integer(where, key, raw[key], 1, _INT32_MAX)
    if section.style in ("grid", "waterfall"):  # other styles ignore both keys (§12)
        if "packing" in raw:  # a waterfall checks it, though it has no rows to pack
            metrics["packing"] = _choice(where, "packing", raw["packing"], ("sparse", "dense"))
        section.spans = _spans(where, raw.get("spans", []), section.count)
    if "effect" in raw:
        metrics["effect"] = _effect(where, raw["effect"])
    if "badges" in raw:  # which cells carry which badges (§17.1)
        section.badges = section_badges(where, raw["badges"], section.count, set(badges), SceneError)
    if "estimated_item_size" in raw:  # one size for every unmeasured item (self-size, §10.4)
        metrics["estimated_item_size"] = _numbers(where, "estimated_item_size",
                                                  raw["estimated_item_size"], 2, "w, h", (0.0, 0.0))
    if "decorations" in raw:
        kinds = raw["decorations"]
        if not isinstance(kinds, list):
            raise SceneError(f"{where}: decorations must be a list of decoration kinds, "
                             f"not {_show(kinds)}")
        for kind in kinds:
            if not isinstance(kind, str) or kind not in decorations:
                raise SceneError(f"{where}: decorations: {_show(kind)} is not a kind of "
                                 f"layout.decorations ({', '.join(sorted(decorations)) or 'none'})")
        metrics["decorations"] = list(dict.fromkeys(kinds))
    if "offset" in raw:
        section.offset = _number(where, "offset", raw["offset"])
        if section.offset and section.style != "orthogonal":
            raise SceneError(f"{where}: offset is for orthogonal sections, this one is "
                             f"{section.style}")
    inline = raw.get("inline", [])
    if not isinstance(inline, list):
        raise SceneError(f"{where}: inline must be a list of objects, not {_show(inline)}")
    if inline and section.style in ("orthogonal", "custom"):
        raise SceneError(f"{where}: an {section.style} section takes no inline elements"
                         if section.style == "orthogonal" else
                         f"{where}: a custom section takes no inline elements")
    budget.take(where, "inline: a count of", len(inline))
    seen: set[tuple[str, int]] = set()
    for number, element in enumerate(inline):
        place = f"{where}, inline element {number}"
        element = _object(place, element, _INLINE_KEYS)
        for key in ("kind", "before"):
            if key not in element:
                raise SceneError(f"{place}: missing {key!r}")
        kind = _kind(place, element["kind"])
        before = _integer(place, "before", element["before"], 0, 2**63 - 1)
        if before > section.count:
            raise SceneError(f"{place}: before {before} is past the section's "
                             f"{_counted(section.count, 'item')} (0 <= before <= {section.count})")
        if (kind, before) in seen:
            raise SceneError(f"{place}: a second {_show(kind)} before item {before}")
        seen.add((kind, before))
        section.inline.append((kind, before, _number(place, "extent", element.get("extent", 0), 0.0)))
    return section


def _decoration(number: int, value: Any, names: set[str]) -> Decoration:
    where = f"layout.decorations[{number}]"
    raw = _object(where, value, _DECORATION_KEYS)
    if "kind" not in raw:
        raise SceneError(f"{where}: missing 'kind'")
    kind = _kind(where, raw["kind"])
    if kind in names:
        raise SceneError(f"{where}: kind {_show(kind)} is given twice")
    names.add(kind)
    return Decoration(kind, _choice(where, "scope", raw.get("scope", "section"), SCOPES),
                      _choice(where, "coverage", raw.get("coverage", "body"), COVERAGES),
                      _numbers(where, "insets", raw.get("insets", [0, 0, 0, 0]), 4,
                               "top, left, bottom, right"),
                      _integer(where, "z", raw.get("z", -1), -2**31, _INT32_MAX))


def parse(value: Any) -> Scene:
    """Checks a parsed scene (JSON values) and returns it as a Scene."""
    raw = _object("the scene", value, _SCENE_KEYS,
                  '{"viewport": [x, y, w, h], "layout": {...}, "sections": [...]}')
    options = _object("layout", raw.get("layout", {}), _LAYOUT_KEYS)
    scene = Scene(direction=_choice("layout", "direction", options.get("direction", "vertical"),
                                    DIRECTIONS))
    if "viewport" in raw:
        scene.viewport = _numbers("the scene", "viewport", raw["viewport"], 4, "x, y, w, h",
                                  (None, None, 0.0, 0.0))  # type: ignore[assignment]
    for key in ("pin_headers", "pin_footers", "anchoring", "pin_global_header", "pin_global_footer"):
        if key in options:
            setattr(scene, key, _bool("layout", key, options[key]))
    for key in ("global_header", "global_footer"):
        setattr(scene, key, _number("layout", key, options.get(key, 0), 0))
    if "collapse" in options:
        from .scene_collapse import parse_collapse
        scene.collapse, scene.collapse_shrink = parse_collapse(options["collapse"], scene.global_header,
                                                               scene.pin_global_header)
    scene.element_limit = _integer("layout", "element_limit",
                                   options.get("element_limit", _lib.CL_MAX_ITEMS), 0,
                                   _lib.CL_MAX_ITEMS)
    if "content_insets" in options:
        scene.content_insets = _numbers("layout", "content_insets", options["content_insets"], 4,
                                        "top, left, bottom, right")  # type: ignore[assignment]
    scene.display_scale = _number("layout", "display_scale", options.get("display_scale", 0), 0)
    scene.layout_direction = _choice("layout", "layout_direction", options.get("layout_direction", "ltr"),
                                     LAYOUT_DIRECTIONS)
    decorations = options.get("decorations", [])
    if not isinstance(decorations, list):
        raise SceneError(f"layout: decorations must be a list of objects, not {_show(decorations)}")
    names: set[str] = set()
    scene.decorations = [_decoration(i, d, names) for i, d in enumerate(decorations)]
    decoration_names = set(names)
    scene.badges = badge_kinds(options.get("badges", []), names, _kind, SceneError)
    badges = {b.name for b in scene.badges}
    sections = raw.get("sections", [])
    if not isinstance(sections, list):
        raise SceneError(f"the scene: sections must be a list of objects, not {_show(sections)}")
    budget = _Budget(scene.element_limit, len(sections))
    scene.sections = [_section(i, s, scene.direction, decoration_names, budget, badges)
                      for i, s in enumerate(sections)]
    return scene


def read_json(path: str | os.PathLike[str]) -> Any:
    """A JSON file's value; SceneError (one line naming the file) if unreadable or not JSON."""
    try:
        with open(path, "rb") as file:
            text = file.read()
    except OSError as error:
        raise SceneError(f"{os.fspath(path)}: cannot read: {error.strerror or error}") from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, bad UTF-8, nesting
        detail = "nested too deeply" if isinstance(error, RecursionError) else \
            str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SceneError(f"{os.fspath(path)}: not JSON: {detail}") from None


def read(path: str | os.PathLike[str]) -> Scene:
    """Reads and checks a scene file."""
    return parse(read_json(path))


def parse_sections(value: Any, scene: Scene, where: str = "sections") -> list[Section]:
    """Checks a list of sections as a scene's (SPEC §12) for the layout options of `scene`
    (direction, decoration kinds, element limit): an update's new sections."""
    if not isinstance(value, list):
        raise SceneError(f"{where} must be a list of objects, not {_show(value)}")
    names = {decoration.name for decoration in scene.decorations}
    badges = {b.name for b in scene.badges}
    budget = _Budget(scene.element_limit, len(value))
    return [_section(i, s, scene.direction, names, budget, badges) for i, s in enumerate(value)]


def load(path: str | os.PathLike[str]) -> Layout:
    """Reads a scene file into a Layout."""
    return read(path).build()


def from_dict(scene: Mapping[str, Any]) -> Layout:
    """Builds a Layout from a parsed scene."""
    return parse(scene).build()


def record(element: Any) -> dict[str, Any]:
    """An element record as the command line prints it (SPEC §12): the Attributes' (or a
    record dict's) keys, `scale` among them (1 unless a scroll effect gives another, SPEC §19)."""
    result = dict(element) if isinstance(element, Mapping) else element.to_dict()
    result.setdefault("scale", 1)
    return result


def dump(layout: Layout, rect: tuple[float, float, float, float] | None = None) -> dict[str, Any]:
    """The layout as SPEC §12's dump: content size and every element, zero-area ones too
    (Layout.all_elements), or those overlapping rect."""
    elements = layout.all_elements() if rect is None else layout.elements_in_rect(rect)
    answer: dict[str, Any] = {"content_size": list(layout.content_size),
                              "elements": [record(element) for element in elements]}
    collapse = layout.collapse_record  # with a collapsing header, its record (SPEC §18.2)
    if collapse is not None:
        answer["collapse"] = collapse._asdict()
    return answer
