"""Pictures of a layout: SVG (no dependencies) or PNG (with Pillow, the `png` extra), both drawn
from the same plan (picture.py, which says what the picture shows); the PNG by render_png.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from xml.sax.saxutils import escape

from .._convert import Rect
from ..layout import Layout
from .picture import (LEGEND_FONT, LEGEND_SWATCH, MARGIN, PINNED_STROKE, SHADOW, VIEWPORT, Box,
                      Drawable, Label, LegendEntry, Picture, plan, text_width)
from .render_png import to_png

__all__ = ["render", "to_svg", "to_png", "plan", "Picture", "Box", "Label", "LegendEntry",
           "Drawable"]


def to_svg(layout: Layout, rect: Rect | None = None) -> str:
    """An SVG picture of the layout (all elements, or those in rect)."""
    picture = plan(layout, rect)
    left, top, width, height = picture.canvas
    ax, ay, aw, ah = picture.area
    cw, ch = picture.content[2], picture.content[3]
    vx, vy, vw, vh = picture.viewport
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:g} {top:g} {width:g} '
           f'{height:g}" width="{width:g}" height="{height:g}" font-family="sans-serif">',
           f'<rect x="{left:g}" y="{top:g}" width="{width:g}" height="{height:g}" fill="white"/>',
           f'<defs><clipPath id="area"><rect x="{ax - MARGIN:g}" y="{ay - MARGIN:g}" '
           f'width="{aw + 2 * MARGIN:g}" height="{ah + 2 * MARGIN:g}"/></clipPath></defs>',
           '<g class="layout" clip-path="url(#area)">',
           f'<rect x="0" y="0" width="{cw:g}" height="{ch:g}" fill="#fafafa" '
           f'stroke="#bdbdbd" stroke-dasharray="2 2"><title>content</title></rect>']
    for box in picture.boxes:
        x, y, w, h = box.frame
        fill = "none" if box.hidden else box.fill
        extra = ' stroke-dasharray="3 2"' if box.hidden else ""
        if box.alpha < 1 and not box.hidden:
            extra += f' fill-opacity="{box.alpha:g}"'
        stroke, stroke_width = (PINNED_STROKE, 2.5) if box.pinned else (box.stroke, 1.0)
        classes = "element" + (" pinned" if box.pinned else "") + (" hidden" if box.hidden else "")
        if box.lifted:
            out.append(f'<rect class="shadow" x="{x + SHADOW[0]:g}" y="{y + SHADOW[1]:g}" '
                       f'width="{w:g}" height="{h:g}" fill="black" fill-opacity="0.25"/>')
        out.append(f'<g class="{classes}"><title>{escape(box.title)}</title><rect x="{x:g}" '
                   f'y="{y:g}" width="{w:g}" height="{h:g}" rx="{box.radius:g}" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="{stroke_width:g}"{extra}/>')
        if box.pinned:
            out.append(_pin_svg(box.visible))
        out.append('</g>')
    out.append(f'<rect x="{vx:g}" y="{vy:g}" width="{vw:g}" height="{vh:g}" fill="none" '
               f'stroke="{VIEWPORT}" stroke-width="2" stroke-dasharray="6 4">'
               f'<title>viewport</title></rect>')
    out.append('</g>')
    for label in picture.labels:  # on top of every box; each placed on its own box only
        lx, ly, lw, size = label.box
        x = lx + lw / 2 if label.anchor == "middle" else lx
        colour = "#636363" if label.anchor == "start" else "black"
        out.append(f'<text class="label" x="{x:.6g}" y="{ly + size / 2:.6g}" '
                   f'font-size="{size:.4g}" text-anchor="{label.anchor}" '
                   f'dominant-baseline="central" textLength="{lw:.6g}" '
                   f'lengthAdjust="spacingAndGlyphs" fill="{colour}">{escape(label.text)}</text>')
    # the legend on a band of its own
    out.append(f'<g class="legend"><rect x="{left:g}" y="{top:g}" width="{width:g}" '
               f'height="{picture.legend_height:g}" fill="white"/>')
    for entry in picture.legend:
        x, y = entry.x, entry.y
        text_x = x if entry.style == "note" else x + LEGEND_SWATCH + 4
        if entry.style != "note":
            dash = {"hidden": ' stroke-dasharray="3 2"', "viewport": ' stroke-dasharray="4 2"'}
            stroke_width = 2.5 if entry.style == "pinned" else 1
            out.append(f'<rect x="{x:g}" y="{y:g}" width="{LEGEND_SWATCH:g}" height="10" '
                       f'fill="{entry.fill}" stroke="{entry.stroke}" '
                       f'stroke-width="{stroke_width:g}"{dash.get(entry.style, "")}/>')
            if entry.style == "pinned":
                out.append(_pin_svg((x, y, LEGEND_SWATCH, 10)))
        out.append(f'<text class="legend-entry" x="{text_x:g}" y="{y + 5:g}" '
                   f'font-size="{LEGEND_FONT:g}" dominant-baseline="central" '
                   f'textLength="{text_width(entry.text, LEGEND_FONT):.6g}" '
                   f'lengthAdjust="spacingAndGlyphs">{escape(entry.text)}</text>')
    out.append('</g>')
    out.append('</svg>')
    return "\n".join(out) + "\n"


def _pin_svg(visible: Rect) -> str:
    """The pin mark: a dark triangle in the top-right corner of a pinned element."""
    x, y, w, h = visible
    s = min(8.0, w / 2, h / 2)
    right = x + w
    return (f'<path class="pin" d="M{right - s:g},{y:g} L{right:g},{y:g} L{right:g},{y + s:g} Z" '
            f'fill="{PINNED_STROKE}"/>')


def render(layout: Layout, path: str | os.PathLike[str], rect: Rect | None = None) -> None:
    """Writes a picture of the layout; the format follows the suffix (.svg or .png)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        Path(path).write_text(to_svg(layout, rect), encoding="utf-8")
    elif suffix == ".png":
        to_png(layout, path, rect)
    else:
        raise ValueError(f"cannot render to {os.fspath(path)!r}: use a .svg or .png file name")
