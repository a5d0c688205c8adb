"""Pictures of motion: an animated GIF or APNG of a batch update, a transition or an interactive
movement, frames at evenly spaced progress, each drawn as render.py draws a layout (with Pillow).

    frames = update_frames(result, old_viewport)            # from the update's records
    frames = transition_frames(transition, from_layout, to_layout)
    frames = movement_frames(layout, (0, 0), [(75, 50), (240, 170)], end="commit")
    write_animation(frames, "out.gif")                      # .gif, or .png for an APNG
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, Optional

from .._convert import Rect
from ..attributes import Attributes
from ..layout import Layout
from ..motion import Transition
from ..updates import UpdateResult
from .render_png import draw_image, pillow

__all__ = ["Frame", "update_frames", "transition_frames", "movement_frames", "write_animation",
           "fixed", "FRAMES", "DURATION"]

FRAMES = 24  # frames of an animation, by default
DURATION = 40  # milliseconds per frame, by default (25 frames a second)


IndexPath = tuple[int, int]


class Frame:
    """One frame: what picture.plan draws (picture.Drawable), from a function of the rect;
    `movement` as Layout.movement ((origin, target) of the dragged cell, or None)."""

    def __init__(self, content_size: tuple[float, float], viewport: Rect,
                 query: Callable[[Rect], list[Attributes]],
                 movement: Optional[tuple[IndexPath, IndexPath]] = None) -> None:
        self.content_size = content_size
        self.viewport = viewport
        self.movement = movement
        self._query = query

    def elements_in_rect(self, rect: Any) -> list[Attributes]:
        x, y, w, h = rect
        return [a for a in self._query((x, y, w, h)) if _overlaps(a.frame, (x, y, w, h))]

    def elements(self) -> list[Attributes]:
        width, height = self.content_size
        return self.elements_in_rect((-1e9, -1e9, width + 2e9, height + 2e9))


def _overlaps(a: Rect, b: Rect) -> bool:
    return max(a[0], b[0]) < min(a[0] + a[2], b[0] + b[2]) and \
        max(a[1], b[1]) < min(a[1] + a[3], b[1] + b[3])


def _mix(a: Rect, b: Rect, t: float) -> Rect:
    x, y, w, h = (p + (q - p) * t for p, q in zip(a, b))
    return (x, y, w, h)


def _progress(count: int) -> list[float]:
    return [k / (count - 1) for k in range(count)] if count > 1 else [1.0]


def update_frames(result: UpdateResult, old_viewport: Rect, old_size: tuple[float, float],
                  new_size: tuple[float, float], count: int = FRAMES) -> list[Frame]:
    """The update's animation: its records (the elements of both viewports) between their from
    and to attributes (ElementChange.at), the viewport moving from the old to the new one."""
    size = (max(old_size[0], new_size[0]), max(old_size[1], new_size[1]))
    frames = []
    for t in _progress(count):
        frames.append(Frame(size, _mix(old_viewport, result.viewport, t),
                            fixed([r.at(t) for r in result.elements])))
    return frames


def fixed(elements: list[Attributes]) -> Callable[[Rect], list[Attributes]]:
    return lambda _rect: elements


def _at(transition: Transition, t: float) -> Callable[[Rect], list[Attributes]]:
    return lambda rect: transition.elements_in_rect(rect, t)


def transition_frames(transition: Transition, from_layout: Layout, to_layout: Layout,
                      count: int = FRAMES) -> list[Frame]:
    """The transition's frames, the viewport moving to where the transition says it goes."""
    (aw, ah), (bw, bh) = from_layout.content_size, to_layout.content_size
    start, end = from_layout.viewport, transition.viewport
    return [Frame((max(aw, bw), max(ah, bh)), _mix(start, end, t),
                  _at(transition, t))
            for t in _progress(count)]


def movement_frames(layout: Layout, item: tuple[int, int], positions: Sequence[tuple[float, float]],
                    end: Optional[Literal["commit", "cancel"]] = None,
                    count: int = FRAMES) -> list[Frame]:
    """A drag of `item` along the positions (a path through them, frames evenly spaced along
    it), each frame the live layout (the dragged card labelled `item`); then, with `end`
    "commit" or "cancel", the layout after it."""
    points = list(positions)
    lengths = [((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
               for (x0, y0), (x1, y1) in zip(points, points[1:])]
    total = sum(lengths)
    frames: list[Frame] = []

    def snapshot() -> Frame:
        return Frame(layout.content_size, layout.viewport, fixed(layout.elements()),
                     layout.movement)

    with layout.interactive_movement(item) as movement:
        for t in _progress(count):
            movement.move_to(*_along(points, lengths, t * total))
            frames.append(snapshot())
        if end != "commit":
            movement.cancel()
    if end is not None:
        frames.append(snapshot())
    return frames


def _along(points: list[tuple[float, float]], lengths: list[float], at: float) -> tuple[float, float]:
    """The point at distance `at` along the path."""
    for (x0, y0), (x1, y1), length in zip(points, points[1:], lengths):
        if at <= length and length > 0:
            f = at / length
            return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
        at -= length
    return points[-1]


def write_animation(frames: Sequence[Frame], path: str | os.PathLike[str],
                    rect: Optional[Rect] = None, duration: int = DURATION, follow: bool = False) -> None:
    """Writes the frames as an animated GIF (.gif) or APNG (.png), looping, each drawn over the
    same area (the rect, or every frame's content and viewport together), or with `follow` each
    over its own viewport (a scroll seen through the screen)."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".gif", ".png"):
        raise ValueError(f"cannot animate into {os.fspath(path)!r}: use a .gif or .png file name")
    if not frames:
        raise ValueError("an animation needs at least one frame")
    Image = pillow(f"render an animation ({suffix})").Image
    if rect is None:
        left = min(min(0.0, f.viewport[0]) for f in frames)
        top = min(min(0.0, f.viewport[1]) for f in frames)
        right = max(max(f.content_size[0], f.viewport[0] + f.viewport[2]) for f in frames)
        bottom = max(max(f.content_size[1], f.viewport[1] + f.viewport[3]) for f in frames)
        rect = (left, top, right - left, bottom - top)
    images = [draw_image(frame, frame.viewport if follow else rect, max_pixels=800) for frame in frames]
    # The legend above the content may differ from frame to frame: align the bottoms.
    width, height = max(i.width for i in images), max(i.height for i in images)
    canvas = []
    for image in images:
        page = Image.new("RGB", (width, height), "white")
        page.paste(image, (0, height - image.height))
        canvas.append(page)
    canvas[0].save(os.fspath(path), format="GIF" if suffix == ".gif" else "PNG", save_all=True,
                   append_images=canvas[1:], duration=duration, loop=0)
