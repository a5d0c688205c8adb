"""The readers of a scene file's values (SPEC §12): each checks one value and, refused, raises a
SceneError whose message names the place, the key and the value as the file wrote it. scene.py
and the modules of its parts (scene_collapse.py) share them."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, TypeVar

__all__ = ["SceneError"]

_Name = TypeVar("_Name", bound=str)


class SceneError(ValueError):
    """A scene file that cannot be read: its message names the place, the key and the value."""


def _show(value: Any) -> str:
    """A value as the file wrote it (JSON), shortened."""
    try:
        text = json.dumps(value, allow_nan=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _counted(count: int, noun: str) -> str:
    """'1 section', '2 sections': a count in a message, with the noun's right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _object(where: str, value: Any, known: set[str], form: str = "") -> Mapping[str, Any]:
    """`value` as an object of the `known` keys; `form`, if given, is the expected shape that
    the message shows (a file's top level, so that a wrong kind of file says what it wants)."""
    if not isinstance(value, Mapping):
        raise SceneError(f"{where} must be an object {form}, not {_show(value)} (see docs/cli.md)"
                         if form else f"{where} must be an object, not {_show(value)}")
    unknown = sorted(set(value) - known)
    if unknown:
        raise SceneError(f"{where}: unknown {'key' if len(unknown) == 1 else 'keys'} "
                         f"{', '.join(unknown)} "
                         f"(known: {', '.join(sorted(known))})")
    return value


def _number(where: str, key: str, value: Any, minimum: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SceneError(f"{where}: {key} must be a number, not {_show(value)}")
    try:
        result = float(value)
    except OverflowError:
        raise SceneError(f"{where}: {key} {_show(value)} is too large") from None
    if not math.isfinite(result):
        raise SceneError(f"{where}: {key} must be a finite number, not {_show(value)}")
    if minimum is not None and result < minimum:
        raise SceneError(f"{where}: {key} must not be {'negative' if minimum == 0 else f'below {minimum:g}'}, "
                         f"not {_show(value)}")
    return result


def _integer(where: str, key: str, value: Any, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SceneError(f"{where}: {key} must be an integer, not {_show(value)}")
    if value < minimum:
        raise SceneError(f"{where}: {key} must not be "
                         f"{'negative' if minimum == 0 else f'below {minimum}'}, not {value}")
    if value > maximum:
        raise SceneError(f"{where}: {key} {_show(value)} is over its largest value {maximum}")
    return value


def _numbers(where: str, key: str, value: Any, count: int, names: str,
             minimum: tuple[float | None, ...] | None = None) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise SceneError(f"{where}: {key} must be [{names}], not {_show(value)}")
    parts = names.split(", ")
    return tuple(_number(where, f"{key} {parts[i]}", v, minimum[i] if minimum else None)
                 for i, v in enumerate(value))


def _choice(where: str, key: str, value: Any, choices: tuple[_Name, ...]) -> _Name:
    for choice in choices:
        if isinstance(value, str) and value == choice:
            return choice
    raise SceneError(f"{where}: {key} must be one of {', '.join(map(repr, choices))}, "
                     f"not {_show(value)}")


def _bool(where: str, key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise SceneError(f"{where}: {key} must be true or false, not {_show(value)}")
    return value
