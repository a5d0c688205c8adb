"""Self-sizing, target content offsets and scrolling to an element (SPEC §10.4, §10.6) through
the Python API and the command line: hand-checked numbers, estimated sizes, bad input."""

from __future__ import annotations

import json
import math

import pytest

import collectionlayout as cl
from collectionlayout import Layout, SectionMetricsTable
from test_cli import run


def feed(count=30, anchoring=True, estimate=None, **options):
    """One column of 300x100 items under a header of 40 (item k at 40 + 110k), viewport at 500."""
    metrics = {"header": 40, "insets": (0, 10, 0, 10)}
    if estimate is not None:
        metrics["estimated_item_size"] = estimate
    return Layout.from_sizes([[(300, 100)] * count], viewport=(0, 500, 320, 480), line_spacing=10,
                             anchoring=anchoring, section_metrics=[metrics], **options)


def test_self_sizing_anchors_the_first_visible_cell():
    with feed() as layout:
        change = layout.set_item_sizes([(0, 0, 300, 160), (0, 1, 300, 60)])
        assert change == cl.SizeChange((0, 520, 320, 480), 20, 20)
        assert layout.viewport == (0, 520, 320, 480)
        assert layout.cell(0, 4).frame[1] - layout.viewport[1] == 480 - 500


def test_anchoring_off_only_clamps():
    with feed(anchoring=False) as layout:
        assert layout.set_item_sizes([(0, 0, 300, 160)]).adjustment == 0
        change = layout.set_item_sizes([(0, i, 300, 10) for i in range(30)])
        assert layout.content_size == (320, 630) and change.viewport[1] == 150


def test_estimates_then_measured_equal_exact_sizes():
    import random
    rng = random.Random(10)
    exact = [(300.0, 44.0)] * 40
    with feed(40, estimate=(300, 44)) as layout:
        for _ in range(5):
            batch = [(0, rng.randrange(40), rng.uniform(10, 300), rng.uniform(10, 200)) for _ in range(6)]
            layout.set_item_sizes(batch)
            for _, i, w, h in batch:
                exact[i] = (w, h)
            with Layout.from_sizes([exact], viewport=(0, 0, 320, 480), line_spacing=10,
                                   section_metrics=[{"header": 40, "insets": (0, 10, 0, 10)}]) as reference:
                assert reference.content_size == pytest.approx(layout.content_size)
                for i in range(40):
                    assert reference.cell(0, i).frame == pytest.approx(layout.cell(0, i).frame)


def test_estimates_in_a_metrics_table():
    table = SectionMetricsTable(count=2, estimated_item_size=[(100, 20), None])
    with Layout.from_sizes([[(50, 50)] * 3, [(50, 50)] * 3], section_metrics=table,
                           viewport=(0, 0, 100, 100), line_spacing=0) as layout:
        assert layout.cell(0, 1).frame[3] == 20 and layout.cell(1, 1).frame[3] == 50


def test_bad_measured_sizes_change_nothing():
    with feed() as layout:
        before = layout.elements()
        for bad, error in [((0, 2, math.nan, 1), cl.InvalidArgumentError),
                           ((0, 2, 1, -1), cl.InvalidArgumentError),
                           ((0, 30, 1, 1), cl.OutOfRangeError), ((1, 0, 1, 1), cl.OutOfRangeError)]:
            with pytest.raises(error):
                layout.set_item_sizes([(0, 0, 300, 10), bad])
        with pytest.raises(TypeError):
            layout.set_item_sizes([(0, 0, 300)])
        assert layout.elements() == before and layout.viewport[1] == 500


def test_targets_and_scrolling():
    sections = [[(150, 80)] * 12] * 2
    options = dict(viewport=(0, 300, 320, 480), line_spacing=10, interitem_spacing=10,
                   section_metrics=[{"header": 40, "insets": (10, 0, 10, 0)}] * 2)
    with Layout.from_sizes(sections, pin_headers=True, **options) as layout:
        assert layout.target_content_offset(335, 0, "line") == 370
        assert layout.target_content_offset(300, 800, "line-paging") == 370
        assert layout.target_content_offset(300, -2000, "page", cl.lib().cl_version and 0.99) == 0
        assert layout.scroll_to_element("cell", "", 1, 4) == (0, 700, 320, 480)
        assert layout.scroll_to_element("cell", "", 1, 4, "center") == (0, 620, 320, 480)
        assert layout.scroll_to_element("supplementary", "header", 1, 0) == (0, 590, 320, 480)
        with pytest.raises(cl.OutOfRangeError):
            layout.scroll_to_element("cell", "", 1, 12)
        with pytest.raises(cl.InvalidArgumentError):
            layout.target_content_offset(0, 0, "line", 1.0)
        with pytest.raises(cl.InvalidArgumentError):
            layout.target_content_offset(0, 0, "item")  # type: ignore[arg-type]
        with pytest.raises(cl.InvalidArgumentError):
            layout.scroll_to_element("cell", "", 0, 0, "middle")  # type: ignore[arg-type]
    with Layout.from_sizes(sections, **options) as layout:
        assert layout.target_content_offset(335, 0, "line") == 320


def test_one_spelling_with_hyphens_and_the_old_forms_still_work():
    """SPEC §10.6 and the command line spell snapping values with hyphens; the older underscore
    forms still work at run time (untyped), and so does the older name scroll_to."""
    sections = [[(150, 80)] * 12] * 2
    with Layout.from_sizes(sections, viewport=(0, 300, 320, 480), header=40) as layout:
        assert layout.target_content_offset(300, 800, "line-paging") == \
            layout.target_content_offset(300, 800, "line_paging")  # type: ignore[arg-type]
        assert layout.scroll_to("cell", "", 1, 4) == layout.scroll_to_element("cell", "", 1, 4)
        with pytest.raises(cl.InvalidArgumentError, match="'none', 'line', 'page', 'line-paging'"):
            layout.target_content_offset(0, 0, "lines")  # type: ignore[arg-type]
    with Layout.from_sizes(sections, viewport=(0, 0, 320, 480), style="orthogonal") as layout:
        offsets = {}
        for hyphen in ("item-paging", "item-centered"):
            offsets[hyphen] = layout.section_target_offset(0, 100, 500, hyphen)
            assert offsets[hyphen] == \
                layout.section_target_offset(0, 100, 500, hyphen.replace("-", "_"))  # type: ignore[arg-type]
        # columns start at 0, 160, 320 ...; the projection is 100 + 249.5: one column from 0, and
        # the column centred in 320 nearest it (start 480: 480 + 75 - 160)
        assert offsets == {"item-paging": 160, "item-centered": 395}
        with pytest.raises(cl.InvalidArgumentError, match="'item-paging', 'item-centered'"):
            layout.section_target_offset(0, 0, 0, "items")  # type: ignore[arg-type]


def test_the_commands_refuse_bad_input(tmp_path):
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps({"viewport": [0, 0, 100, 100], "sections": [
        {"item_count": 5, "item_size": [100, 50]}, {"style": "custom", "frames": [[0, 0, 5, 5]]}]}))
    measured = tmp_path / "measured.json"
    for value, word in [({"items": [[0, 0, -1, 5]]}, "size"), ({"items": [[0, 9, 1, 5]]}, "does not exist"),
                        ({"items": [[1, 0, 1, 5]]}, "custom"), ({"items": [[0, 0, "a", 5]]}, "number"),
                        ({"items": [[0, 0, 1]]}, "[s, i, w, h]"), ({"sizes": []}, "sizes")]:
        measured.write_text(json.dumps(value))
        result = run("self-size", str(scene), str(measured))
        assert result.returncode == 1 and result.stderr.startswith("error: ") and word in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1
    for argv, status in [(["--proposed", "0", "--velocity", "0", "--rate", "1.5"], 1),
                         (["--proposed", "0", "--velocity", "0", "--snap", "item"], 2),
                         (["--proposed", "0", "--velocity", "0", "--section", "0"], 1),
                         (["--proposed", "0", "--velocity", "0", "--section", "7", "--snap", "item"], 1),
                         (["--proposed", "nan", "--velocity", "0"], 2), (["--velocity", "0"], 2)]:
        result = run("target-offset", str(scene), *argv)
        assert result.returncode == status and result.stderr.startswith("error: "), (argv, result.stderr)
    for argv, status in [(["cell", "", "0", "5"], 1), (["cell", "nope", "0", "0"], 1),
                         (["thing", "", "0", "0"], 1), (["cell", "", "x", "0"], 2),
                         (["cell", "", "0", "0", "--position", "top"], 2)]:
        result = run("scroll-to", str(scene), *argv)
        assert result.returncode == status and result.stderr.startswith("error: "), (argv, result.stderr)
    ok = run("scroll-to", str(scene), "cell", "", "0", "0", "--position=nearest")
    assert ok.returncode == 0 and json.loads(ok.stdout) == {"viewport": [0, 0, 100, 100]}


def test_measured_sizes_from_numpy():
    import numpy as np
    with feed() as a, feed() as b:
        rows = [(0, 0, 300, 160), (0, 1, 300, 60), (0, 1, 300, 70)]
        assert a.set_item_sizes(np.array(rows, dtype=np.float64)) == b.set_item_sizes(rows)
        assert a.set_item_sizes(np.array([[0, 2, 300, 10]], dtype=np.int64)).content_size_change == -90
        with pytest.raises(TypeError):
            a.set_item_sizes(np.array([[0, 0.5, 1, 1]]))
        with pytest.raises(TypeError):
            a.set_item_sizes(np.zeros((2, 3)))
        with pytest.raises(cl.InvalidArgumentError):
            a.set_item_sizes(np.array([[0, 0, np.nan, 1]]))
