"""The scroll view around a layout (SPEC §20) through the Python API and the command line:
content insets shape the scroll range, pinning, targets and the line axis; a display scale
rounds every reported frame to the pixel grid; bad values are refused and change nothing."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from collectionlayout import InvalidArgumentError, Layout
from strategies import EVERYTHING, SETTINGS, build, scenes
from test_cli import run

# §20.1's example: a 40-point pinned header over nine 320 x 96 rows 4 apart (content 940) under a
# 64-point top bar and a 34-point bottom bar.
FEED = dict(viewport=(0, -64, 320, 480), content_insets=(64, 0, 34, 0), pin_headers=True,
            header=40, line_spacing=4, insets=(0, 0, 4, 0))


def feed(**options) -> Layout:
    return Layout.from_sizes([[(320, 96)] * 9], **{**FEED, **options})


def test_the_scroll_range_targets_and_scroll_to_keep_clear_of_the_bars():
    with feed() as layout:
        assert layout.content_insets == (64, 0, 34, 0)
        assert layout.target_content_offset(-500, 0) == -64
        assert layout.target_content_offset(5000, 0) == 940 - 480 + 34
        assert layout.target_content_offset(300, 0, snapping="page") == -64 + 382
        assert layout.target_content_offset(130, 0, snapping="line") == 240 - 40 - 64
        assert layout.scroll_to_element("cell", "", 0, 2, "start")[1] == 240 - 40 - 64
        assert layout.scroll_to_element("cell", "", 0, 5, "end")[1] == 636 - 480 + 34
        layout.viewport = (0, 100, 320, 480)
        assert layout.attributes("supplementary", "header", 0, 0).frame[1] == 164


def test_new_line_axis_insets_lay_out_again_as_if_given_at_creation():
    with feed(content_insets=(0, 0, 0, 0), interitem_spacing=0) as later, \
            feed(content_insets=(10, 20, 10, 30), interitem_spacing=0) as given:
        later.content_insets = (10, 20, 10, 30)
        assert later.content_size == given.content_size == (270, 940)
        assert later.elements_in_rect(EVERYTHING) == given.elements_in_rect(EVERYTHING)


def test_frames_are_rounded_to_the_pixel_grid():
    with Layout.from_sizes([[(100 / 3, 10)] * 3], viewport=(0, 0, 100, 100), interitem_spacing=0,
                           display_scale=1) as layout:
        frames = [e.frame for e in layout.elements_in_rect((0, 0, 100, 100))]
        assert sorted((f[0], f[2]) for f in frames) == [(0, 33), (33, 34), (67, 33)]
        assert layout.display_scale == 1
        layout.display_scale = 0
        assert layout.attributes("cell", "", 0, 1).frame[0] == 100 / 3


def rounded(v: float, s: float) -> float:
    p = v * s
    n = math.floor(p)
    return (n + 1) / s if p - n > 0.4999 else n / s


@SETTINGS
@given(scene=scenes(orthogonal=None), scale=st.sampled_from([0.5, 1, 2, 3]),
       rect=st.tuples(st.floats(-50, 500), st.floats(-50, 2000), st.floats(0, 300), st.floats(0, 300)))
def test_a_rect_query_answers_exactly_the_rounded_frames_that_overlap_it(scene, scale, rect):
    """Brute force: every exact frame rounded by the SPEC's rule, then filtered by overlap."""
    with build(scene) as exact, build(scene) as layout:
        layout.display_scale = scale
        expected = set()
        for e in exact.all_elements():
            x, y = rounded(e.frame[0], scale), rounded(e.frame[1], scale)
            f = (x, y, rounded(e.frame[0] + e.frame[2], scale) - x, rounded(e.frame[1] + e.frame[3], scale) - y)
            assert layout.attributes(e.category, e.kind, e.section, e.item).frame == pytest.approx(f, abs=1e-9)
            if f[2] > 0 and f[3] > 0 and max(f[0], rect[0]) < min(f[0] + f[2], rect[0] + rect[2]) \
                    and max(f[1], rect[1]) < min(f[1] + f[3], rect[1] + rect[3]):
                expected.add(e.key)
        assert {e.key for e in layout.elements_in_rect(rect)} == expected
        assert layout.content_size == exact.content_size


@pytest.mark.parametrize("insets", [(math.nan, 0, 0, 0), (0, math.inf, 0, 0), (0, 0, 0, -math.inf)])
def test_bad_insets_are_refused_and_change_nothing(insets):
    with feed() as layout:
        before = layout.elements_in_rect(EVERYTHING)
        with pytest.raises(InvalidArgumentError, match="content insets"):
            layout.content_insets = insets
        assert layout.content_insets == (64, 0, 34, 0)
        assert layout.elements_in_rect(EVERYTHING) == before
    with pytest.raises(InvalidArgumentError):
        feed(content_insets=insets)


@pytest.mark.parametrize("scale", [-1, math.nan, math.inf, 5e-324])
def test_bad_display_scales_are_refused(scale):
    with feed() as layout:
        with pytest.raises(InvalidArgumentError, match="display scale"):
            layout.display_scale = scale
        assert layout.display_scale == 0
    with pytest.raises(InvalidArgumentError):
        feed(display_scale=scale)


def test_the_command_line_reads_the_scene_keys(tmp_path):
    scene = {"viewport": [0, 0, 100, 100], "layout": {"display_scale": 1, "content_insets": [10, 0, 0, 0]},
             "sections": [{"item_count": 3, "item_size": [33.3333, 10]}]}
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene))
    out = run("dump", str(path))
    assert out.returncode == 0, out.stderr
    assert sorted(e["frame"][0] for e in json.loads(out.stdout)["elements"]) == [0, 33, 67]
    for key, value in [("display_scale", -1), ("content_insets", [0, 0, 0]), ("content_insets", [0, "a", 0, 0])]:
        path.write_text(json.dumps({**scene, "layout": {key: value}}))
        out = run("dump", str(path))
        assert out.returncode == 1 and out.stderr.startswith("error: ") and key in out.stderr, out.stderr
