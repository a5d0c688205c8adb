"""The PNG face of render.py: the picture picture.py plans, drawn with Pillow (the `png` extra);
render_motion.py draws its frames with draw_image."""

from __future__ import annotations

import os
from typing import Any

from .._convert import Rect
from ..layout import Layout
from .picture import (LEGEND_FONT, LEGEND_SWATCH, MARGIN, PINNED_STROKE, SHADOW, VIEWPORT,
                      Drawable, intersection, plan)


PILLOW_FIX = "pip install 'collectionlayout[png]'"


def pillow(what: str, alternative: str = "") -> Any:
    """The PIL package, or an ImportError saying what needs it and the command that installs it
    (the `png` extra)."""
    try:
        import PIL.Image
        import PIL.ImageDraw
        import PIL.ImageFont
    except ImportError as error:
        raise ImportError(f"{what} needs Pillow: {PILLOW_FIX}{alternative}") from error
    return PIL


def to_png(layout: Layout, path: str | os.PathLike[str], rect: Rect | None = None,
           max_pixels: int = 2400) -> None:
    """Writes a PNG picture of the layout (needs Pillow: pip install 'collectionlayout[png]')."""
    pillow("render to PNG", " (or write .svg, which needs nothing)")
    draw_image(layout, rect, max_pixels).save(os.fspath(path), format="PNG")


def draw_image(layout: Drawable, rect: Rect | None = None, max_pixels: int = 2400) -> Any:
    """The picture as a Pillow image (RGB)."""
    pil = pillow("draw_image")
    Image, ImageDraw, ImageFont = pil.Image, pil.ImageDraw, pil.ImageFont
    picture = plan(layout, rect)
    left, top, width, height = picture.canvas
    scale = min(2.0, max_pixels / max(width, height))
    ax, ay, aw, ah = picture.area
    clip = (ax - MARGIN, ay - MARGIN, aw + 2 * MARGIN, ah + 2 * MARGIN)

    def px(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * scale, (y - top) * scale)

    def box_px(frame: Rect) -> list[float]:
        x, y, w, h = frame
        x0, y0 = px(x, y)
        return [x0, y0, max(x0, x0 + w * scale - 1), max(y0, y0 + h * scale - 1)]

    image = Image.new("RGB", (max(1, round(width * scale)), max(1, round(height * scale))),
                      "white")
    draw = ImageDraw.Draw(image, "RGBA")
    content = intersection(picture.content, clip)
    if content is not None:
        draw.rectangle(box_px(content), fill="#fafafa", outline="#bdbdbd")
    for box in picture.boxes:
        frame = box.visible
        outline = PINNED_STROKE if box.pinned else box.stroke
        line = max(1, round((2.5 if box.pinned else 1) * scale))
        if box.hidden:
            _dashed_rectangle(draw, box_px(frame), outline, line, scale)
            continue
        fill = _rgba(box.fill, box.alpha)
        if box.lifted:
            x, y, w, h = frame
            draw.rectangle(box_px((x + SHADOW[0], y + SHADOW[1], w, h)), fill=(0, 0, 0, 64))
        draw.rounded_rectangle(box_px(frame), radius=box.radius * scale, fill=fill,
                               outline=outline, width=line)
        if box.pinned:
            x, y, w, h = frame
            s = min(8.0, w / 2, h / 2)
            draw.polygon([px(x + w - s, y), px(x + w, y), px(x + w, y + s)], fill=PINNED_STROKE)
    viewport = intersection(picture.viewport, clip)
    if viewport is not None:
        _dashed_rectangle(draw, box_px(viewport), VIEWPORT, max(1, round(2 * scale)), scale * 2)
    for label in picture.labels:
        lx, ly, lw, size = label.box
        font = _font(ImageFont, size * scale)
        # the font's own width may differ from the planned one: shrink to the planned box
        real = draw.textlength(label.text, font=font)
        if real > lw * scale:
            font = _font(ImageFont, size * scale * lw * scale / real)
        colour = "#636363" if label.anchor == "start" else "black"
        if label.anchor == "middle":
            draw.text(px(lx + lw / 2, ly + size / 2), label.text, fill=colour, font=font,
                      anchor="mm")
        else:
            draw.text(px(lx, ly + size / 2), label.text, fill=colour, font=font, anchor="lm")
    draw.rectangle(box_px((left, top, width, picture.legend_height)), fill="white")
    legend_font = _font(ImageFont, LEGEND_FONT * scale)
    for entry in picture.legend:
        x, y = px(entry.x, entry.y)
        text_x = x
        if entry.style != "note":
            swatch = [x, y, x + LEGEND_SWATCH * scale, y + 10 * scale]
            if entry.style in ("hidden", "viewport"):
                _dashed_rectangle(draw, swatch, entry.stroke, max(1, round(scale)), scale)
            else:
                draw.rectangle(swatch, fill=None if entry.fill == "none" else entry.fill,
                               outline=entry.stroke,
                               width=max(1, round((2.5 if entry.style == "pinned" else 1) * scale)))
            if entry.style == "pinned":
                s = 6 * scale
                draw.polygon([(swatch[2] - s, y), (swatch[2], y), (swatch[2], y + s)],
                             fill=PINNED_STROKE)
            text_x = x + (LEGEND_SWATCH + 4) * scale
        draw.text((text_x, y + 5 * scale), entry.text, fill="black", font=legend_font, anchor="lm")
    return image


def _rgba(colour: str, alpha: float) -> tuple[int, int, int, int]:
    value = int(colour.lstrip("#"), 16)
    return (value >> 16 & 255, value >> 8 & 255, value & 255, round(255 * alpha))


def _dashed_rectangle(draw: Any, box: list[float], colour: str, width: int,
                      scale: float) -> None:
    """A dashed outline (Pillow draws solid lines only)."""
    x0, y0, x1, y1 = box
    dash, gap = 4 * scale, 3 * scale
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1),
                             (x0, y1, x0, y0)):
        length = max(abs(bx - ax), abs(by - ay))
        if length == 0:
            continue
        dx, dy = (bx - ax) / length, (by - ay) / length
        t = 0.0
        while t < length:
            end = min(t + dash, length)
            draw.line([(ax + dx * t, ay + dy * t), (ax + dx * end, ay + dy * end)], fill=colour,
                      width=width)
            t = end + gap


def _font(image_font: Any, size: float) -> Any:
    try:
        return image_font.load_default(size=max(4.0, size))
    except TypeError:  # Pillow < 10.1 has one bitmap font size
        return image_font.load_default()
