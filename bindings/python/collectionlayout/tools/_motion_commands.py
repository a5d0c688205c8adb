"""The `transition` and `move` commands (SPEC §12) and the animated pictures of `render`
(--update, --transition, --move). Every refused input is a SceneError or a library error
(ValueError / IndexError subclasses): one `error: ...` line and exit 1 in cli.py."""

from __future__ import annotations

import os
from typing import Any, Optional

from .._convert import Rect
from ..layout import Layout
from ..motion import Transition
from . import scene
from ._commands import parse_update
from .render_motion import (DURATION, FRAMES, Frame, movement_frames, transition_frames,
                            update_frames, write_animation)

__all__ = ["run_transition", "run_move", "render_motion"]

Path_ = str | os.PathLike[str]


def run_transition(scene_a: Path_, scene_b: Path_, progress: float,
                   rect: Optional[Rect] = None) -> dict[str, Any]:
    """`transition SCENE_A SCENE_B --progress t [--rect]`: the elements at t for the rect
    (default: SCENE_A's viewport) and where the viewport goes (SPEC §10.5)."""
    with scene.read(scene_a).build() as a, scene.read(scene_b).build() as b, \
            Transition(a, b) as transition:
        elements = transition.elements_in_rect(a.viewport if rect is None else rect, progress)
        return {"elements": [scene.record(element) for element in elements],
                "viewport": list(transition.viewport)}


def _move(layout: Layout, item: tuple[int, int], positions: list[tuple[float, float]],
          end: Optional[str]) -> list[list[int]]:
    """Moves item through the positions, then commits or cancels (or neither); the targets."""
    targets = []
    layout.begin_movement(item)
    for x, y in positions:
        targets.append(list(layout.update_movement(x, y)))
    if end == "commit":
        layout.commit_movement()
    elif end == "cancel":
        layout.cancel_movement()
    return targets


def run_move(scene_path: Path_, item: tuple[int, int], positions: list[tuple[float, float]],
             end: Optional[str] = None) -> dict[str, Any]:
    """`move SCENE --item s,i --positions x,y[;x,y...] [--commit|--cancel]`: the target after
    each position and the elements in the viewport at the end (SPEC §10.7)."""
    with scene.read(scene_path).build() as layout:
        targets = _move(layout, item, positions, end)
        elements = layout.elements_in_rect(layout.viewport)
        return {"targets": targets, "elements": [scene.record(element) for element in elements]}


def render_motion(values: dict[str, Any]) -> None:
    """`render SCENE -o FILE.gif|FILE.png` with --update UPDATE, --transition SCENE_B or
    --move s,i --positions ... [--commit|--cancel]: an animation of --frames frames."""
    count, duration = values.get("frames", FRAMES), values.get("duration", DURATION)
    rect, output = values.get("rect"), values["output"]
    chosen = [key for key in ("update", "transition", "item") if key in values]
    if len(chosen) > 1:
        raise ValueError("render: --update, --transition and --move exclude each other")
    if "positions" in values and "item" not in values:
        raise ValueError("render: --positions needs --move s,i")
    frames: list[Frame]
    old = scene.read(values["scene"])
    if "update" in values:
        sections, update = parse_update(scene.read_json(values["update"]), old)
        kinds = [kind for section in sections for kind, _, _ in section.inline]
        with old.build(kinds=kinds, live=True) as layout:
            viewport, size = layout.viewport, layout.content_size
            old.sections[:] = sections
            result = layout.perform_batch_update(update)
            frames = update_frames(result, viewport, size, layout.content_size, count)
            write_animation(frames, output, rect, duration)
    elif "transition" in values:
        with old.build() as a, scene.read(values["transition"]).build() as b, \
                Transition(a, b) as transition:
            write_animation(transition_frames(transition, a, b, count), output, rect, duration)
    else:
        if "positions" not in values:
            raise ValueError("render: --move needs --positions x,y[;x,y...]")
        with old.build() as layout:
            frames = movement_frames(layout, values["item"], values["positions"],
                                     values.get("end"), count)
            write_animation(frames, output, rect, duration)
