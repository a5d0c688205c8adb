"""The picture of a layout, planned once and drawn by render.py (SVG) and render_png.py (PNG,
with Pillow); render_motion.py draws each frame of an animation from it too.

What `plan` puts in the picture:

- the canvas: the rect asked for, or the content and the viewport, with a margin; elements
  reaching outside it (the cards of sections that scroll sideways, say) are clipped, and those
  entirely outside are counted in the legend ("N elements outside the picture");
- the boxes in drawing order (z, then decorations, cells, supplementaries): decorations with
  rounded corners, cells, supplementaries coloured by kind; pinned elements (z 10, SPEC §1)
  with a thick outline and a pin mark, hidden ones as a dashed outline without fill, an alpha
  below 1 as a lighter fill, a scale (SPEC §19) about the frame's centre; every box carries
  its identity and attributes as a tooltip;
- labels that fit: each inside its element's visible box, on no box drawn above it and on no
  other label; a label that does not fit at a readable size is left out (the tooltip stays);
  while a cell is dragged (an interactive movement, SPEC §10.7) its card is labelled with the
  item being dragged (its index path when the movement began), not the target it stands at;
- the viewport outlined in red dashes and a legend above the content, one entry per category
  and kind shown, plus pinned, hidden and the viewport, wrapped to the canvas width.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .._convert import Rect
from ..layout import Attributes

__all__ = ["plan", "Picture", "Box", "Label", "LegendEntry", "Drawable", "text_width",
           "intersection"]


class Drawable(Protocol):
    """What a picture is drawn from: a Layout, or one frame of an animation (render_motion.py)."""

    @property
    def content_size(self) -> tuple[float, float]: ...
    @property
    def viewport(self) -> Rect: ...
    def elements(self) -> list[Attributes]: ...
    def elements_in_rect(self, rect: Any) -> list[Attributes]: ...
    # and optionally `movement`, as Layout.movement: (origin, target) of a dragged cell, or None


CELL = ("#9ecae1", "#3182bd")  # (fill, stroke)
SUPPLEMENTARY = {"header": ("#fdae6b", "#e6550d"), "footer": ("#a1d99b", "#31a354")}
KIND_PALETTE = [("#bcbddc", "#54278f"), ("#fdd0a2", "#a63603"), ("#fa9fb5", "#ae017e"),
                ("#fee391", "#cc4c02"), ("#c7e9c0", "#006d2c")]
# Decorations: the first kind a light card, the second a grey shadow, then tints.
DECORATION_PALETTE = [("#f4f4f4", "#969696"), ("#cfcfcf", "#bdbdbd"), ("#e0ecf4", "#8c96c6"),
                      ("#fde0dd", "#dd3497"), ("#f7fcb9", "#addd8e")]
VIEWPORT = "#e31a1c"
PINNED_STROKE = "#08306b"
PINNED_Z = 10  # the z of pinned headers and footers (SPEC §1)
LIFTED_Z = 100  # the z of the cell an interactive movement carries (SPEC §10.7)
SHADOW = (4.0, 5.0)  # its shadow's offset
MARGIN = 12.0
LEGEND_FONT = 10.0
LEGEND_LINE = 16.0
LEGEND_SWATCH = 12.0
CHAR_WIDTH = 0.62  # a sans-serif character's advance, in font sizes (SVG labels are set to it)
LABEL_MAX = 11.0  # font sizes of labels: at most, and the smallest still readable
LABEL_MIN = 6.0
CORNER_MAX = 9.0
PAD = 2.0  # between a label and its box's edge
MIN_WIDTH = 160.0


@dataclass(frozen=True)
class Box:
    """One element as drawn: its frame, the visible part (clipped to the picture), colours."""

    frame: Rect
    visible: Rect
    fill: str
    stroke: str
    label: str
    title: str  # the tooltip: identity and attributes
    radius: float = 0.0  # rounded corners (decorations)
    corner_label: bool = False  # label at the top-left (decorations lie under other boxes)
    pinned: bool = False
    hidden: bool = False
    alpha: float = 1.0
    lifted: bool = False  # the cell an interactive movement carries: drawn with a shadow


@dataclass(frozen=True)
class Label:
    """A label's text and its box (x, y, width, height = font size) in content coordinates;
    `anchor` "middle": centred in the box, "start": at its left."""

    text: str
    box: Rect
    size: float
    anchor: str


@dataclass(frozen=True)
class LegendEntry:
    text: str
    x: float  # the swatch's top-left, content coordinates
    y: float
    fill: str
    stroke: str
    style: str = "box"  # "box", "pinned", "hidden", "viewport", "note" (no swatch)


@dataclass
class Picture:
    """What to draw: the canvas (left, top, width, height in content coordinates), the drawing
    area inside it (clip), the boxes bottom first, the labels that fit, the legend."""

    canvas: Rect
    area: Rect
    legend_height: float
    boxes: list[Box] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    legend: list[LegendEntry] = field(default_factory=list)
    outside: int = 0
    content: Rect = (0.0, 0.0, 0.0, 0.0)
    viewport: Rect = (0.0, 0.0, 0.0, 0.0)


def _colours(element: Attributes, kinds: dict[str, list[str]]) -> tuple[str, str]:
    if element.category == "cell":
        return CELL
    if element.category == "supplementary" and element.kind in SUPPLEMENTARY:
        return SUPPLEMENTARY[element.kind]
    # user kinds: one colour each, in order of appearance within their category
    palette = KIND_PALETTE if element.category == "supplementary" else DECORATION_PALETTE
    seen = kinds.setdefault(element.category, [])
    if element.kind not in seen:
        seen.append(element.kind)
    return palette[seen.index(element.kind) % len(palette)]


def _label(element: Attributes) -> str:
    if element.category == "cell":
        return f"{element.section}.{element.item}"
    if element.kind in ("header", "footer"):
        return f"{element.kind} {element.section}"
    return f"{element.kind} {element.section}.{element.item}"


def _title(element: Attributes) -> str:
    x, y, w, h = element.frame
    kind = f" {element.kind}" if element.kind else ""
    flags = (" pinned" if _pinned(element) else "") + (" hidden" if element.hidden else "") + \
        (" lifted" if element.category == "cell" and element.z >= LIFTED_Z else "")
    return (f"{element.category}{kind} {element.section}.{element.item}: "
            f"({x:g}, {y:g}, {w:g}, {h:g}) z {element.z} alpha {element.alpha:g}"
            f"{f' scale {element.scale:g}' if element.scale != 1 else ''}{flags}")


def _pinned(element: Attributes) -> bool:
    return element.category == "supplementary" and element.z >= PINNED_Z


def intersection(a: Rect, b: Rect) -> Rect | None:
    left, top = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if right <= left or bottom <= top:
        return None
    return (left, top, right - left, bottom - top)


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def text_width(text: str, size: float) -> float:
    """The width a label is given (SVG sets its text to exactly this with textLength)."""
    return len(text) * size * CHAR_WIDTH


def plan(layout: Drawable, rect: Rect | None = None) -> Picture:
    """The picture of the layout (all elements, or those in rect), ready to draw."""
    moving = getattr(layout, "movement", None)  # (origin, target) while a cell is dragged
    content_w, content_h = layout.content_size
    viewport = layout.viewport
    if rect is not None:
        area = (float(rect[0]), float(rect[1]), float(rect[2]), float(rect[3]))
        elements = layout.elements_in_rect(area)
    else:
        left = min(0.0, viewport[0])
        top = min(0.0, viewport[1])
        right = max(content_w, viewport[0] + viewport[2])
        bottom = max(content_h, viewport[1] + viewport[3])
        area = (left, top, right - left, bottom - top)
        elements = layout.elements()
    # the canvas: the area, a margin around it, the legend above
    width = max(area[2] + 2 * MARGIN, MIN_WIDTH)
    left = area[0] - (width - area[2]) / 2
    order = {"decoration": 0, "cell": 1, "supplementary": 2}
    elements.sort(key=lambda e: (e.z, order[e.category], e.section, e.item))
    kinds: dict[str, list[str]] = {}
    swatches: dict[str, tuple[str, str]] = {}
    boxes: list[Box] = []
    outside = 0
    for element in elements:
        fill, stroke = _colours(element, kinds)
        name = element.category if element.category == "cell" else \
            f"{element.category} {element.kind}"
        swatches.setdefault(name, (fill, stroke))
        # a scroll effect's scale (SPEC §19): drawn about the frame's centre
        x, y, w, h = element.frame
        k = element.scale
        drawn = (x + w * (1 - k) / 2, y + h * (1 - k) / 2, w * k, h * k) if k != 1 else element.frame
        # a margin's worth outside the area is drawn (shadows reach a little outside content)
        visible = intersection(drawn, (area[0] - MARGIN, area[1] - MARGIN,
                                       area[2] + 2 * MARGIN, area[3] + 2 * MARGIN))
        if visible is None:
            outside += 1
            continue
        decoration = element.category == "decoration"
        radius = min(8.0, element.frame[2] / 4, element.frame[3] / 4) if decoration else 0.0
        label, title = _label(element), _title(element)
        if moving is not None and element.category == "cell" and \
                (element.section, element.item) == tuple(moving[1]):
            # the dragged cell stands at its target: name the item being dragged
            label = f"{moving[0][0]}.{moving[0][1]}"
            title += f" (dragged item {label})"
        boxes.append(Box(drawn, visible, fill, stroke, label, title,
                         radius, decoration, _pinned(element), element.hidden,
                         max(0.0, min(1.0, element.alpha)),
                         element.category == "cell" and element.z >= LIFTED_Z))
    legend_items: list[tuple[str, str, str, str]] = [
        (name, fill, stroke, "box") for name, (fill, stroke) in swatches.items()]
    if any(box.pinned for box in boxes):
        legend_items.append((f"pinned (z {PINNED_Z})", "white", PINNED_STROKE, "pinned"))
    if any(box.hidden for box in boxes):
        legend_items.append(("hidden", "none", "#636363", "hidden"))
    legend_items.append(("viewport", "none", VIEWPORT, "viewport"))
    if outside:
        legend_items.append((f"{outside} element{'s' if outside != 1 else ''} outside the "
                             "picture", "none", "none", "note"))
    # the legend flows left to right and wraps at the canvas width
    legend: list[LegendEntry] = []
    x, line = MARGIN, 0
    for text, fill, stroke, style in legend_items:
        entry_width = (0 if style == "note" else LEGEND_SWATCH + 4) + \
            text_width(text, LEGEND_FONT)
        if x > MARGIN and x + entry_width > width - MARGIN:
            x, line = MARGIN, line + 1
        legend.append(LegendEntry(text, left + x, line * LEGEND_LINE, fill, stroke, style))
        x += entry_width + 12
    legend_height = MARGIN / 2 + (line + 1) * LEGEND_LINE + MARGIN / 2
    top = area[1] - MARGIN - legend_height
    legend = [LegendEntry(e.text, e.x, top + MARGIN / 2 + e.y, e.fill, e.stroke, e.style)
              for e in legend]
    height = area[3] + 2 * MARGIN + legend_height
    picture = Picture((left, top, width, height), area, legend_height, boxes, [], legend,
                      outside, (0.0, 0.0, content_w, content_h), viewport)
    picture.labels = _labels(boxes, area)
    return picture


def _labels(boxes: list[Box], area: Rect) -> list[Label]:
    """The labels that fit, topmost boxes first: inside the box's part within the area, on no
    box drawn above it, on no label placed before."""
    placed: list[Label] = []
    for index in range(len(boxes) - 1, -1, -1):
        box = boxes[index]
        visible = intersection(box.visible, area)
        if visible is None or not box.label:
            continue
        above = [b.frame for b in boxes[index + 1:]]
        label = _fit(box, visible, above, placed)
        if label is not None:
            placed.append(label)
    return placed


def _fit(box: Box, visible: Rect, above: list[Rect], placed: list[Label]) -> Label | None:
    x, y, w, h = visible
    text = box.label
    if box.corner_label:
        size = min(CORNER_MAX, h - 2 * PAD, (w - 2 * PAD) / (len(text) * CHAR_WIDTH))
        while size >= LABEL_MIN:
            candidate = (x + PAD + 1, y + PAD, text_width(text, size), size)
            if _free(candidate, above, placed):
                return Label(text, candidate, size, "start")
            size -= 1.0
        return None
    size = min(LABEL_MAX, h * 0.7, (w - 2 * PAD) / (len(text) * CHAR_WIDTH))
    if size < LABEL_MIN:
        return None
    width = text_width(text, size)
    candidate = (x + (w - width) / 2, y + (h - size) / 2, width, size)
    return Label(text, candidate, size, "middle") if _free(candidate, above, placed) else None


def _free(candidate: Rect, above: list[Rect], placed: list[Label]) -> bool:
    return not any(_overlap(candidate, frame) for frame in above) and \
        not any(_overlap(candidate, label.box) for label in placed)
