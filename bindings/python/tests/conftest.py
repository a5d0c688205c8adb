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
    ../shared/vectors, kept in sync by Tests/vectors/check_sync.py)."""
    return Path(os.environ.get("COLLECTIONLAYOUT_VECTORS") or REPO / "Tests" / "vectors")


def vector_files() -> list[Path]:
    """The scene vectors: vectors/*.json and vectors/styles/*.json (changes/ is for later)."""
    return sorted(vectors_dir().glob("*.json")) + sorted(vectors_dir().glob("styles/*.json"))


def change_vector_files() -> list[Path]:
    return sorted(vectors_dir().glob("changes/*.json"))


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


# ---- Engine features that the branch's library may not have yet --------------------------------
#
# The header (0.4) declares grid, waterfall and custom sections, columns, per-section decoration
# kinds and the element limit; the engine lays them out once issue 8's engine work lands on main.
# A test marked @pytest.mark.engine("grid", ...) runs either way: as an expected failure while a
# probe shows the library lacking the feature, as a plain test once it has it.

def _probe(feature: str) -> bool:
    from collectionlayout import Layout, LimitError, OutOfRangeError
    try:
        if feature == "grid":
            # 3 columns (not the default 2): the layout's columns reach the engine, and a
            # section's columns too
            with Layout.from_sizes([[(0, 10)] * 4] * 2, viewport=(0, 0, 90, 100), style="grid",
                                   columns=3, interitem_spacing=0, line_spacing=0,
                                   section_metrics=lambda s: {"columns": 3 - s}) as layout:
                return layout.cell(0, 1).frame == (30, 0, 30, 10) and \
                    layout.cell(0, 3).frame == (0, 10, 30, 10) and \
                    layout.cell(1, 1).frame == (45, 20, 45, 10)
        if feature == "waterfall":
            with Layout.from_sizes([[(0, 10), (0, 30), (0, 5), (0, 10)]],
                                   viewport=(0, 0, 90, 100), style="waterfall", columns=3,
                                   interitem_spacing=0, line_spacing=0) as layout:
                return layout.cell(0, 3).frame == (60, 5, 30, 10)
        if feature == "custom":
            frames = lambda s, first, count, extent: [(5, 7, 11, 13)] * count
            with Layout(lambda s: 1, style="custom", custom_frames=frames,
                        viewport=(0, 0, 100, 100)) as layout:
                return layout.cell(0, 0).frame == (5, 7, 11, 13)
        if feature == "section_decorations":
            with Layout(lambda s: 1, viewport=(0, 0, 100, 100), decorations=["bg"],
                        section_metrics=lambda s: {"decorations": []}) as layout:
                try:
                    layout.decoration("bg", 0)
                except OutOfRangeError:
                    return True
                return False
        if feature == "element_limit":
            try:
                Layout(lambda s: 10, element_limit=5).close()
            except LimitError:
                return True
            return False
    except Exception:  # noqa: BLE001 - a library without the feature may refuse it
        return False
    raise ValueError(f"no probe for engine feature {feature!r}")


_FEATURES: dict[str, bool] = {}


def engine_has(feature: str) -> bool:
    if feature not in _FEATURES:
        _FEATURES[feature] = _probe(feature)
    return _FEATURES[feature]


def pytest_configure(config):
    config.addinivalue_line("markers", "engine(*features): needs these engine features "
                            "(grid, waterfall, custom, section_decorations, element_limit); "
                            "an expected failure while the library lacks one")


def pytest_collection_modifyitems(config, items):
    for item in items:
        for marker in item.iter_markers("engine"):
            missing = [feature for feature in marker.args if not engine_has(feature)]
            if missing:
                item.add_marker(pytest.mark.xfail(
                    reason=f"the library lacks {', '.join(missing)} (issue 8's engine work, "
                           f"not on this branch yet)", strict=False))


def pytest_report_header(config):
    try:
        features = ("grid", "waterfall", "custom", "section_decorations", "element_limit")
        lacking = [f for f in features if not engine_has(f)]
    except Exception as error:  # noqa: BLE001
        return f"engine features: cannot probe ({error})"
    return ("engine features: all present" if not lacking else
            f"engine features lacking (their tests are expected failures): {', '.join(lacking)}")


# Optional dependencies that the tests need: .ci/run installs them (and the README says a
# missing tool fails its suite), so a missing one is a failure with the command that installs
# it, never a silent skip.
REQUIRED = {"PIL": "pillow", "pygame": "pygame", "mypy": "mypy", "numpy": "numpy"}


def require(module: str):
    """Imports `module` or fails the test saying how to install it."""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError as error:
        package = REQUIRED.get(module.split(".")[0], module)
        pytest.fail(f"{module} is missing ({error}): python3 -m pip install {package} "
                    f"(.ci/run installs it); this test does not skip without it", pytrace=False)
