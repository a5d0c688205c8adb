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
    """The test vectors: $COLLECTIONLAYOUT_VECTORS or the repository's Tests/vectors (a copy of
    ../shared/vectors, kept in sync by Tests/check_shared.py)."""
    return Path(os.environ.get("COLLECTIONLAYOUT_VECTORS") or REPO / "Tests" / "vectors")


def vector_files() -> list[Path]:
    """The scene vectors: vectors/*.json and vectors/styles/*.json."""
    return sorted(vectors_dir().glob("*.json")) + sorted(vectors_dir().glob("styles/*.json"))


def change_vector_files() -> list[Path]:
    """The command vectors: vectors/changes/*.json."""
    return sorted(vectors_dir().glob("changes/*.json"))


def pending_vectors() -> dict[str, str]:
    """Tests/pending_vectors.txt: the vectors whose feature the engine lacks yet, by their path
    under the vectors folder, with the feature they wait for."""
    pending = {}
    for line in (REPO / "Tests" / "pending_vectors.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, feature = line.partition(" ")
            pending[name] = feature.strip()
    return pending


def vector_params(paths: list[Path]) -> list:
    """pytest parameters of the vectors, a pending one skipped with the feature it waits for."""
    pending = pending_vectors()
    params = []
    for path in paths:
        name = path.relative_to(vectors_dir()).as_posix()
        marks = [pytest.mark.skip(reason=f"{name} waits for {pending[name]} "
                                         f"(Tests/pending_vectors.txt)")] if name in pending else []
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


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
    """Compares element sets by identity, frames, alpha and scale to `tolerance`, the other
    attributes exactly."""
    actual, expected = keyed(actual), keyed(expected)
    assert sorted(actual) == sorted(expected), (
        f"missing {sorted(set(expected) - set(actual))}, extra {sorted(set(actual) - set(expected))}")
    for key, want in expected.items():
        got = actual[key]
        assert got["frame"] == pytest.approx(want["frame"], abs=tolerance), key
        assert (got["z"], got["hidden"]) == (want["z"], want["hidden"]), key
        assert got["alpha"] == pytest.approx(want["alpha"], abs=tolerance), key
        assert got.get("scale", 1) == pytest.approx(want.get("scale", 1), abs=tolerance), key  # (SPEC §12: no scale is 1)


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


# Optional dependencies that the tests need: make test installs them into .build/venv (every
# extra of pyproject.toml), so a missing one is a failure with the command that installs it,
# never a silent skip.
REQUIRED = {"PIL": "pillow", "pygame": "pygame", "mypy": "mypy", "numpy": "numpy"}


def require(module: str):
    """Imports `module` or fails the test saying how to install it."""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError as error:
        package = REQUIRED.get(module.split(".")[0], module)
        pytest.fail(f"{module} is missing ({error}): python3 -m pip install {package} "
                    f"(make test installs it into .build/venv); this test does not skip without it", pytrace=False)
