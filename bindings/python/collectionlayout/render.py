"""Pictures of a layout: SVG (no dependencies) or PNG (with Pillow, the `png` extra).

Both draw the same boxes: decorations below (their z) with rounded corners, cells,
supplementaries coloured by kind, each labelled, the viewport outlined in red dashes, and a
legend above the content. With a rect, the picture shows that rect only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ._convert import Rect
from .layout import Attributes, Layout

__all__ = ["render", "to_svg", "to_png"]

CELL = ("#9ecae1", "#3182bd")  # (fill, stroke)
SUPPLEMENTARY = {"header": ("#fdae6b", "#e6550d"), "footer": ("#a1d99b", "#31a354")}
KIND_PALETTE = [("#bcbddc", "#54278f"), ("#fdd0a2", "#a63603"), ("#fa9fb5", "#ae017e"),
                ("#fee391", "#cc4c02"), ("#c7e9c0", "#006d2c")]
# Decorations: the first kind a light card, the second a grey shadow, then tints.
DECORATION_PALETTE = [("#f4f4f4", "#969696"), ("#cfcfcf", "#bdbdbd"), ("#e0ecf4", "#8c96c6"),
                      ("#fde0dd", "#dd3497"), ("#f7fcb9", "#addd8e")]
VIEWPORT = "#e31a1c"
MARGIN = 12.0
LEGEND_LINE = 16.0


@dataclass(frozen=True)
class Box:
    frame: Rect
    fill: str
    stroke: str
    label: str
    radius: float = 0.0  # rounded corners (decorations)
    corner_label: bool = False  # label at the top-left (decorations lie under other boxes)


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


def boxes(layout: Layout, rect: Rect | None = None) -> tuple[list[Box], list[tuple[str, Box]]]:
    """What to draw, bottom first, and the legend entries (text, swatch colours)."""
    elements = layout.elements() if rect is None else layout.elements_in_rect(rect)
    order = {"decoration": 0, "cell": 1, "supplementary": 2}
    elements.sort(key=lambda e: (e.z, order[e.category], e.section, e.item))
    kinds: dict[str, list[str]] = {}
    legend: dict[str, Box] = {}
    drawn = []
    for element in elements:
        fill, stroke = _colours(element, kinds)
        decoration = element.category == "decoration"
        radius = min(8.0, element.frame[2] / 4, element.frame[3] / 4) if decoration else 0.0
        drawn.append(Box(element.frame, fill, stroke, _label(element), radius, decoration))
        name = element.category if element.category == "cell" else \
            f"{element.category} {element.kind}"
        legend.setdefault(name, Box((0, 0, 0, 0), fill, stroke, name))
    legend["viewport"] = Box((0, 0, 0, 0), "none", VIEWPORT, "viewport")
    return drawn, list(legend.items())


def _canvas(layout: Layout, drawn: list[Box], legend_lines: int,
            rect: Rect | None = None) -> tuple[float, float, float, float]:
    """(left, top, width, height) of the picture in content coordinates: the rect, or content,
    viewport and every frame (decorations may reach outside the content), plus margins and
    the legend."""
    width, height = layout.content_size
    rects = [tuple(rect)] if rect is not None else \
        [(0.0, 0.0, width, height), layout.viewport] + [b.frame for b in drawn]
    left = min(r[0] for r in rects) - MARGIN
    top = min(r[1] for r in rects) - MARGIN - legend_lines * LEGEND_LINE
    right = max(r[0] + r[2] for r in rects) + MARGIN
    bottom = max(r[1] + r[3] for r in rects) + MARGIN
    return left, top, max(right - left, 160.0), bottom - top


def to_svg(layout: Layout, rect: Rect | None = None) -> str:
    """An SVG picture of the layout (all elements, or those in rect)."""
    drawn, legend = boxes(layout, rect)
    left, top, width, height = _canvas(layout, drawn, len(legend), rect)
    content_w, content_h = layout.content_size
    vx, vy, vw, vh = layout.viewport
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:g} {top:g} {width:g} '
           f'{height:g}" width="{width:g}" height="{height:g}" font-family="sans-serif">',
           f'<rect x="{left:g}" y="{top:g}" width="{width:g}" height="{height:g}" fill="white"/>',
           f'<rect x="0" y="0" width="{content_w:g}" height="{content_h:g}" fill="#fafafa" '
           f'stroke="#bdbdbd" stroke-dasharray="2 2"><title>content</title></rect>']
    for box in drawn:
        x, y, w, h = box.frame
        out.append(f'<g><title>{escape(box.label)}</title><rect x="{x:g}" y="{y:g}" '
                   f'width="{w:g}" height="{h:g}" rx="{box.radius:g}" fill="{box.fill}" '
                   f'stroke="{box.stroke}" stroke-width="1"/>')
        size = min(11.0, h * 0.7, w / max(len(box.label), 1) * 1.8)
        if box.corner_label:
            size = min(9.0, size)
            if size >= 4:
                out.append(f'<text x="{x + 3:g}" y="{y + 2:g}" font-size="{size:.3g}" '
                           f'fill="#636363" dominant-baseline="hanging">'
                           f'{escape(box.label)}</text>')
        elif size >= 4:
            out.append(f'<text x="{x + w / 2:g}" y="{y + h / 2:g}" font-size="{size:.3g}" '
                       f'text-anchor="middle" dominant-baseline="central">'
                       f'{escape(box.label)}</text>')
        out.append('</g>')
    out.append(f'<rect x="{vx:g}" y="{vy:g}" width="{vw:g}" height="{vh:g}" fill="none" '
               f'stroke="{VIEWPORT}" stroke-width="2" stroke-dasharray="6 4">'
               f'<title>viewport</title></rect>')
    # the legend on a band of its own (with a rect, boxes may reach into it)
    out.append(f'<rect x="{left:g}" y="{top:g}" width="{width:g}" '
               f'height="{MARGIN + len(legend) * LEGEND_LINE:g}" fill="white"/>')
    for line, (name, box) in enumerate(legend):
        x, y = left + MARGIN, top + MARGIN / 2 + line * LEGEND_LINE
        out.append(f'<rect x="{x:g}" y="{y:g}" width="12" height="10" fill="{box.fill}" '
                   f'stroke="{box.stroke}"/><text x="{x + 16:g}" y="{y + 9:g}" '
                   f'font-size="10">{escape(name)}</text>')
    out.append('</svg>')
    return "\n".join(out) + "\n"


def to_png(layout: Layout, path: str | os.PathLike[str], rect: Rect | None = None,
           max_pixels: int = 2400) -> None:
    """Writes a PNG picture of the layout (needs Pillow: pip install 'collectionlayout[png]')."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError as error:
        raise ImportError("PNG output needs Pillow: pip install 'collectionlayout[png]' "
                          "(or write .svg)") from error
    drawn, legend = boxes(layout, rect)
    left, top, width, height = _canvas(layout, drawn, len(legend), rect)
    scale = min(2.0, max_pixels / max(width, height))

    def px(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * scale, (y - top) * scale)

    def box_px(frame: Rect) -> list[float]:
        x, y, w, h = frame
        x0, y0 = px(x, y)
        return [x0, y0, max(x0, x0 + w * scale - 1), max(y0, y0 + h * scale - 1)]

    image = Image.new("RGB", (max(1, round(width * scale)), max(1, round(height * scale))),
                      "white")
    draw = ImageDraw.Draw(image)
    font = _font(ImageFont, 10 * scale)
    content_w, content_h = layout.content_size
    draw.rectangle(box_px((0, 0, content_w, content_h)), fill="#fafafa", outline="#bdbdbd")
    small = _font(ImageFont, 8 * scale)
    for box in drawn:
        draw.rounded_rectangle(box_px(box.frame), radius=box.radius * scale, fill=box.fill,
                               outline=box.stroke)
        x, y, w, h = box.frame
        if box.corner_label:
            if h * scale >= 12 and w * scale >= 5 * len(box.label):
                draw.text(px(x + 3, y + 2), box.label, fill="#636363", font=small)
        elif h * scale >= getattr(font, "size", 10) + 2 and w * scale >= 6 * len(box.label):
            draw.text(px(x + w / 2, y + h / 2), box.label, fill="black", font=font, anchor="mm")
    draw.rectangle(box_px(layout.viewport), outline=VIEWPORT, width=max(1, round(2 * scale)))
    # the legend on a band of its own (with a rect, boxes may reach into it)
    draw.rectangle(box_px((left, top, width, MARGIN + len(legend) * LEGEND_LINE)), fill="white")
    for line, (name, box) in enumerate(legend):
        x, y = px(left + MARGIN, top + MARGIN / 2 + line * LEGEND_LINE)
        draw.rectangle([x, y, x + 12 * scale, y + 10 * scale],
                       fill=None if box.fill == "none" else box.fill, outline=box.stroke)
        draw.text((x + 16 * scale, y), name, fill="black", font=font)
    image.save(os.fspath(path), format="PNG")


def _font(image_font: Any, size: float) -> Any:
    try:
        return image_font.load_default(size=max(8, round(size)))
    except TypeError:  # Pillow < 10.1 has one bitmap font size
        return image_font.load_default()


def render(layout: Layout, path: str | os.PathLike[str], rect: Rect | None = None) -> None:
    """Writes a picture of the layout; the format follows the suffix (.svg or .png)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        Path(path).write_text(to_svg(layout, rect), encoding="utf-8")
    elif suffix == ".png":
        to_png(layout, path, rect)
    else:
        raise ValueError(f"cannot render to {os.fspath(path)!r}: use a .svg or .png file name")
