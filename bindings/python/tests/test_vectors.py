"""The shared test vectors (shared/vectors/*.json) and the brief's exact grid."""

from __future__ import annotations

import pytest

from collectionlayout import scene
from conftest import assert_same_elements, load_vector, overlaps, vector_files, vectors_dir

def test_vectors_are_found():
    assert len(vector_files()) >= 6, f"no vectors in {vectors_dir()}"


@pytest.mark.parametrize("path", vector_files(), ids=lambda p: p.stem)
def test_vector(path):
    vector = load_vector(path)
    with scene.from_dict(vector["scene"]) as layout:
        expected = vector["expected"]
        assert layout.content_size == pytest.approx(expected["content_size"], abs=1e-6)
        assert_same_elements(layout.elements(), expected["elements"])
        # every rect query of the visible screen returns exactly the overlapping ones
        viewport = layout.viewport
        visible = [e for e in expected["elements"] if overlaps(e["frame"], viewport)]
        assert_same_elements(layout.elements_in_rect(viewport), visible)


def test_the_uikit_grid_frames(grid):
    assert grid.content_size == (320, 354)
    assert grid.header(0).frame == (0, 0, 320, 44)
    columns, rows = (10, 115, 220), (54, 154, 254)
    for item in range(7):
        assert grid.cell(0, item).frame == (columns[item % 3], rows[item // 3], 90, 90)
    assert grid.cell(0, 6).frame == (10, 254, 90, 90)
