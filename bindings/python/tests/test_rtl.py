"""Right-to-left layouts (SPEC §15) from Python: frames mirrored, horizontal offsets counted
from the right end, the property, bad values and the command line's scene key."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from collectionlayout import InvalidArgumentError, Layout
from strategies import EVERYTHING, SETTINGS, build, scenes
from test_cli import run


@SETTINGS
@given(scene=scenes(orthogonal=None))
def test_every_frame_is_the_left_to_right_one_mirrored(scene):
    with build(scene) as ltr, build(scene) as rtl:
        rtl.layout_direction = "rtl"
        assert rtl.layout_direction == "rtl"
        # W: the content's width, or a horizontal layout's viewport where that is wider.
        width = max(ltr.content_size[0], ltr.viewport[2] if scene["direction"] == "horizontal" else 0)
        # The same logical viewport (the switch clamps it to the scroll range; ltr's is not):
        # a horizontal one mirrored, a vertical one as it is.
        x, y, w, h = ltr.viewport
        rtl.viewport = (width - x - w, y, w, h) if scene["direction"] == "horizontal" else (x, y, w, h)
        assert rtl.content_size == ltr.content_size
        mirrored = {e.key: e.frame for e in rtl.all_elements()}
        for e in ltr.all_elements():
            x, y, w, h = e.frame
            assert mirrored.pop(e.key) == pytest.approx((width - x - w, y, w, h), abs=1e-9)
        assert not mirrored


def strip(**options) -> Layout:
    """Ten 100 x 200 cells in a 300-point horizontal viewport: content 1000."""
    return Layout(lambda section: 10, direction="horizontal", layout_direction="rtl",
                  viewport=(700, 0, 300, 200), item_size=(100, 200), line_spacing=0,
                  interitem_spacing=0, **options)


def test_a_horizontal_layout_starts_at_its_right_end():
    with strip() as layout:
        assert layout.attributes("cell", "", 0, 0).frame == (900, 0, 100, 200)
        assert sorted(e.item for e in layout.elements_in_rect(layout.viewport)) == [0, 1, 2]
        assert [layout.target_content_offset(p, 0, snapping="page") for p in (690, 450, 120, -100)] \
            == [700, 400, 100, 0]
        fling = layout.fling(-2000, snapping="line")
        assert fling.start == 700 and fling.target < 700 and fling.sample(fling.rest_time) == (fling.target, 0)


@pytest.mark.parametrize("value", ["up", "RTL", 1, None])
def test_bad_directions_are_refused_and_change_nothing(value):
    with strip() as layout:
        before = layout.elements_in_rect(EVERYTHING)
        with pytest.raises((InvalidArgumentError, ValueError, TypeError)):
            layout.layout_direction = value
        assert layout.layout_direction == "rtl"
        assert layout.elements_in_rect(EVERYTHING) == before
    if value is not None:  # (None is "the library's default" among the options)
        with pytest.raises((InvalidArgumentError, ValueError, TypeError)):
            strip(layout_direction=value)


def test_the_command_line_reads_the_scene_key(tmp_path):
    scene = {"viewport": [0, 0, 300, 100], "layout": {"layout_direction": "rtl"},
             "sections": [{"item_count": 2, "item_size": [100, 100], "alignment": "leading"}]}
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene))
    out = run("dump", str(path))
    assert out.returncode == 0, out.stderr
    assert sorted(e["frame"][0] for e in json.loads(out.stdout)["elements"]) == [100, 200]
    path.write_text(json.dumps({**scene, "layout": {"layout_direction": "up"}}))
    out = run("dump", str(path))
    assert out.returncode == 1 and out.stderr.startswith("error: ") and "layout_direction" in out.stderr, out.stderr
