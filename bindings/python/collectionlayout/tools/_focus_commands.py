"""The `focus` and `prefetch` commands (SPEC §12, §13, §14): their options, running them and their
JSON answers. Refused input is a SceneError or a library error: one `error: ...` line and exit 1
in cli.py; a malformed option value is a UsageError (exit 2)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Optional, cast

from .._convert import CATEGORY_IDS
from ..options import FocusDirection, FocusEdge
from . import scene
from ._usage import UsageError, _choice, _integer, _number
from .scene_values import SceneError

__all__ = ["COMMANDS", "run", "run_focus", "run_prefetch"]

DIRECTIONS = ("up", "down", "left", "right", "next", "previous")
MOVES = ("up", "down", "left", "right")
EDGES = ("stop", "wrap", "continuous")


def _kinds(text: str) -> list[str]:
    """KIND[,KIND...]; empty: none."""
    return [kind for kind in text.split(",")] if text else []


def _history(text: str) -> tuple[str, tuple[str, str, int, int]]:
    """DIRECTION,CATEGORY,KIND,SECTION,ITEM; KIND is what lies between the second comma and
    the last but one (it may hold commas)."""
    head = text.split(",", 2)
    tail = head[2].rsplit(",", 2) if len(head) == 3 else []
    if len(tail) != 3 or head[0] not in MOVES or head[1] not in CATEGORY_IDS:
        raise UsageError(f"--history must be DIRECTION,CATEGORY,KIND,SECTION,ITEM with DIRECTION one of "
                         f"{'|'.join(MOVES)} and CATEGORY one of {'|'.join(CATEGORY_IDS)}, not {text!r}")
    try:
        section, item = int(tail[1]), int(tail[2])
    except ValueError:
        raise UsageError(f"--history: SECTION and ITEM must be integers, not {text!r}") from None
    return head[0], (head[1], tail[0], section, item)


def _remembered(text: str) -> list[tuple[int, int]]:
    """s,i[;s,i...]; empty: none."""
    result = []
    for entry in text.split(";") if text else []:
        parts = entry.split(",")
        try:
            if len(parts) != 2:
                raise ValueError
            result.append((int(parts[0]), int(parts[1])))
        except ValueError:
            raise UsageError(f"--remembered must be s,i[;s,i...] (integers), not {text!r}") from None
    return result


# command: (positional names, {option: (value name, parser)}, required options), as cli._COMMANDS
COMMANDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, Callable[[str], Any]]], set[str]]] = {
    "focus": (("scene", "category", "kind", "section", "item"),
              {"--direction": ("direction", _choice("--direction", DIRECTIONS)),
               "--edge": ("edge", _choice("--edge", EDGES)),
               "--supplementaries": ("supplementaries", _kinds),
               "--history": ("history", _history), "--remembered": ("remembered", _remembered)},
              {"direction"}),
    "prefetch": (("scene",), {"--velocity": ("velocity", _number("--velocity")),
                              "--ahead": ("ahead", _number("--ahead")),
                              "--behind": ("behind", _number("--behind")),
                              "--horizon": ("horizon", _number("--horizon")),
                              "--fps": ("fps", _number("--fps")),
                              "--section": ("section", _integer("--section"))}, {"velocity"}),
}


def check(command: str, values: dict[str, Any]) -> None:
    """The positional arguments that must parse (exit 2): focus's SECTION and ITEM."""
    if command == "focus":
        for key in ("section", "item"):
            values[key] = _integer(key.upper())(values[key])


def run(command: str, values: dict[str, Any]) -> dict[str, Any]:
    """`focus` or `prefetch` with the values cli.parse_arguments gave."""
    if command == "focus":
        return run_focus(values["scene"], (values["category"], values["kind"], values["section"], values["item"]),
                         values["direction"], values.get("edge", "stop"), values.get("supplementaries", []),
                         values.get("history"), values.get("remembered", []))
    return run_prefetch(values["scene"], values["velocity"], values.get("ahead", 250.0), values.get("behind", 0.0),
                        values.get("horizon", 0.25), values.get("fps", 60.0), values.get("section"))


def run_focus(scene_path: str | os.PathLike[str], source: tuple[str, str, int, int], direction: str,
              edge: str = "stop", supplementaries: Optional[list[str]] = None,
              history: Optional[tuple[str, tuple[str, str, int, int]]] = None,
              remembered: Optional[list[tuple[int, int]]] = None) -> dict[str, Any]:
    """`focus SCENE CATEGORY KIND SECTION ITEM --direction D ...`: where focus goes (SPEC §13)."""
    if source[0] not in CATEGORY_IDS:
        raise SceneError(f"category must be one of {', '.join(CATEGORY_IDS)}, not {source[0]!r}")
    with scene.read(scene_path).build() as layout:
        answer = layout.focus(source, cast(FocusDirection, direction), cast(FocusEdge, edge),
                              supplementaries or [], cast(Any, history), remembered or [])
        return {"target": None if answer.target is None else list(answer.target), "via": answer.via,
                "viewport": list(answer.viewport),
                "section_offset": None if answer.section_offset is None else list(answer.section_offset)}


def run_prefetch(scene_path: str | os.PathLike[str], velocity: float, ahead: float = 250.0,
                 behind: float = 0.0, horizon: float = 0.25, fps: float = 60.0,
                 section: Optional[int] = None) -> dict[str, Any]:
    """`prefetch SCENE --velocity V ...`: the elements to prepare, in order (SPEC §14)."""
    with scene.read(scene_path).build() as layout:
        answer = layout.prefetch(velocity, ahead, behind, horizon, fps, section)
        return {"before": list(answer.before), "after": list(answer.after),
                "elements": [{"category": e.category, "kind": e.kind, "section": e.section, "item": e.item,
                              "side": e.side, "distance": e.distance, "urgent": e.urgent}
                             for e in answer.elements]}
