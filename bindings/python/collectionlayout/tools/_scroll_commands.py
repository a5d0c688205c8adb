"""Scrolling from the command line (SPEC §12): `dump --scroll o,o,...` answers after the
viewport's scroll-axis origin went to each value in turn (viewport changes the host asks for),
and `render --scroll o,o,... -o FILE.gif` animates the viewport along them, each frame drawn
at its viewport; with `--section S` the values are that orthogonal section's own offsets (a
carousel). Scroll effects (SPEC §19) and collapsing headers (§18) are what these show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..layout import Layout
from . import scene
from .render_motion import DURATION, FRAMES, Frame, fixed, write_animation

__all__ = ["scroll", "run_dump", "render_scroll"]


def scroll(layout: Layout, direction: str, origin: float, section: int | None = None) -> None:
    """The viewport's scroll-axis origin (or `section`'s own offset) set to `origin`."""
    if section is not None:
        layout.set_section_offset(section, origin)
        return
    x, y, w, h = layout.viewport
    layout.viewport = (x, origin, w, h) if direction == "vertical" else (origin, y, w, h)


def run_dump(values: dict[str, Any]) -> dict[str, Any]:
    """`dump SCENE [--rect x,y,w,h] [--scroll o,o,...]`."""
    read = scene.read(values["scene"])
    with read.build() as layout:
        for origin in values.get("scroll", []):
            scroll(layout, read.direction, origin)
        return scene.dump(layout, values.get("rect"))


def _along(origins: Sequence[float], count: int) -> list[float]:
    """`count` origins evenly spaced along the path through `origins` (the first and last
    included)."""
    if len(origins) == 1 or count == 1:
        return [origins[0]] * count
    lengths = [abs(b - a) for a, b in zip(origins, origins[1:])]
    total, result = sum(lengths), []
    for k in range(count):
        at, value = total * k / (count - 1), origins[-1]
        for a, b, length in zip(origins, origins[1:], lengths):
            if at <= length and length > 0:
                value = a + (b - a) * at / length
                break
            at -= length
        result.append(value)
    return result


def render_scroll(values: dict[str, Any]) -> None:
    """`render SCENE -o FILE.gif|FILE.png --scroll o,o,... [--section S]`: the viewport (or the
    section's offset) moved along the values in --frames frames."""
    read, section = scene.read(values["scene"]), values.get("section")
    frames: list[Frame] = []
    with read.build() as layout:
        for origin in _along(values["scroll"], values.get("frames", FRAMES)):
            scroll(layout, read.direction, origin, section)
            frames.append(Frame(layout.content_size, layout.viewport,
                                fixed(layout.elements_in_rect(layout.viewport))))
    write_animation(frames, values["output"], values.get("rect"), values.get("duration", DURATION),
                    follow=values.get("rect") is None)
