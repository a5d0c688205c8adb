"""Shared helpers of the binding's tests."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
HEADER = REPO / "include" / "collectionlayout.h"
SCENES = REPO / "examples" / "scenes"


def vectors_dir() -> Path:
    """The shared test vectors: $COLLECTIONLAYOUT_VECTORS or shared/vectors beside the repo."""
    return Path(os.environ.get("COLLECTIONLAYOUT_VECTORS", REPO.parent / "shared" / "vectors"))


def vector_files() -> list[Path]:
    return sorted(vectors_dir().glob("*.json"))


def load_vector(path: Path) -> dict:
    return json.loads(path.read_text())


def keyed(elements) -> dict:
    """Elements (Attributes or dump dicts) by identity (category, kind, section, item)."""
    result = {}
    for e in elements:
        e = e if isinstance(e, dict) else e.to_dict()
        key = (e["category"], e["kind"], e["section"], e["item"])
        assert key not in result, f"element {key} appears twice"
        result[key] = e
    return result


def assert_same_elements(actual, expected, tolerance: float = 1e-6) -> None:
    """Compares element sets by identity, frames to `tolerance`, the other attributes exactly."""
    actual, expected = keyed(actual), keyed(expected)
    assert sorted(actual) == sorted(expected), (
        f"missing {sorted(set(expected) - set(actual))}, extra {sorted(set(actual) - set(expected))}")
    for key, want in expected.items():
        got = actual[key]
        assert got["frame"] == pytest.approx(want["frame"], abs=tolerance), key
        assert (got["z"], got["alpha"], got["hidden"]) == (want["z"], want["alpha"], want["hidden"]), key


def overlaps(frame, rect) -> bool:
    """Positive-area overlap (SPEC §9)."""
    x, y, w, h = frame
    rx, ry, rw, rh = rect
    return w > 0 and h > 0 and rw > 0 and rh > 0 and \
        x < rx + rw and rx < x + w and y < ry + rh and ry < y + h


GRID = dict(viewport=(0, 0, 320, 480), insets=(10, 10, 10, 10), line_spacing=10,
            interitem_spacing=10, header=44)


@pytest.fixture
def grid():
    """The UIKit-like grid of the brief: 7 items of 90x90 under a 44 header, width 320."""
    from collectionlayout import Layout
    with Layout.from_sizes([[(90, 90)] * 7], **GRID) as layout:
        yield layout
