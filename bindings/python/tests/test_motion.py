"""Transitions and interactive movement (SPEC §10.5, §10.7) through the Python API and the
command line: the vectors 18 and 19 (test_vectors.py calls check_motion_vector), hand-checked
frames, the context managers, bad input, and the animated pictures of `render`."""

from __future__ import annotations

import json
import math

import pytest

import collectionlayout as cl
from collectionlayout.tools import _motion_commands, scene
from conftest import assert_same_elements, require
from test_cli import run


def _write(tmp_path, name, value):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(value))
    return str(path)


def check_motion_vector(vector, tmp_path):
    """A transition or move vector through the command line and the API."""
    expected = vector["expected"]
    if vector["command"] == "transition":
        a, b = _write(tmp_path, "a", vector["scene_a"]), _write(tmp_path, "b", vector["scene_b"])
        progress = str(vector["progress"])
        through_cli = run("transition", a, b, "--progress", progress)
        assert through_cli.returncode == 0, through_cli.stderr
        for answer in (json.loads(through_cli.stdout),
                       _motion_commands.run_transition(a, b, vector["progress"])):
            assert_same_elements(answer["elements"], expected["elements"])
            assert answer["viewport"] == pytest.approx(expected["viewport"], abs=1e-6)
        return
    path = _write(tmp_path, "scene", vector["scene"])
    positions = ";".join(f"{x},{y}" for x, y in vector["positions"])
    item = ",".join(map(str, vector["item"]))
    for end, key in ((None, "moving"), ("commit", "commit")):
        flags = [] if end is None else [f"--{end}"]
        through_cli = run("move", path, "--item", item, "--positions", positions, *flags)
        assert through_cli.returncode == 0, through_cli.stderr
        for answer in (json.loads(through_cli.stdout), _motion_commands.run_move(
                path, tuple(vector["item"]), [tuple(p) for p in vector["positions"]], end)):
            assert answer["targets"] == expected[key]["targets"]
            assert_same_elements(answer["elements"], expected[key]["elements"])


def grid(count=6, **options):
    options.setdefault("viewport", (0, 0, 320, 500))
    return cl.Layout.from_sizes([[(150, 100)] * count], interitem_spacing=10, line_spacing=10,
                                **options)


def test_transition_ends_and_middle():
    with grid(header=30) as a, cl.Layout.from_sizes([[(320, 50)] * 6], viewport=(0, 0, 320, 500)) as b, \
            a.transition_to(b) as t:
        rect = (0, 0, 320, 2000)
        assert_same_elements(t.elements_in_rect(rect, 0), a.elements_in_rect(rect))
        end = {e.key: e for e in t.elements_in_rect(rect, 1)}
        assert end[("supplementary", "header", 0, 0)].alpha == 0  # from only: faded out
        assert_same_elements([e for e in end.values() if e.category == "cell"],
                             b.elements_in_rect(rect))
        middle = {e.key: e for e in t.elements_in_rect(rect, 0.5)}
        # a: (170, 30, 150, 100); b: (0, 60, 320, 50) (line spacing 10)
        assert middle[("cell", "", 0, 1)].frame == pytest.approx((85, 45, 235, 75))
        assert middle[("supplementary", "header", 0, 0)].alpha == 0.5


def test_transition_z_switches_at_half():
    with cl.Layout.from_sizes([[(50, 50)]], header=40, viewport=(0, 0, 320, 500)) as a, \
            cl.Layout.from_sizes([[(50, 50)]], header=40, pin_headers=True,
                                 viewport=(0, 0, 320, 500)) as b, a.transition_to(b) as t:
        def z(progress):
            return next(e.z for e in t.elements_in_rect((0, 0, 320, 500), progress)
                        if e.kind == "header")
        assert (z(0.49), z(0.5), z(1.0)) == (0, 10, 10)


def test_transition_bad_input():
    with grid() as a, grid(7) as b, grid() as c:
        with pytest.raises(cl.InvalidArgumentError, match="different counts"):
            a.transition_to(b)
        with a.transition_to(c) as t:
            for bad in (-0.1, 1.1, math.nan):
                with pytest.raises(cl.InvalidArgumentError):
                    t.elements_in_rect((0, 0, 100, 100), bad)
        with pytest.raises(cl.InvalidHandleError):
            t.viewport


def test_a_transition_outlives_its_layouts():
    a, b = grid(), grid(viewport=(0, 0, 200, 500))
    t = a.transition_to(b)
    before = t.elements_in_rect((0, 0, 320, 500), 0.3)
    a.close()
    b.close()
    assert t.elements_in_rect((0, 0, 320, 500), 0.3) == before
    t.close()


def test_movement_commit_equals_the_batch_update():
    with grid(12) as moved, grid(12) as updated:
        with moved.interactive_movement((0, 1)) as m:
            assert m.move_to(100, 400) == (0, 6)
            assert moved.movement == ((0, 1), (0, 6))
            lifted = moved.attributes("cell", "", 0, 6)
            assert lifted.z == 100 and lifted.frame == (25, 350, 150, 100)
        assert moved.movement is None
        expected = updated.perform_batch_update(move_items=[((0, 1), (0, 6))])
        assert m.result is not None
        assert m.result.elements == expected.elements
        assert m.result.new_item((0, 1)) == (0, 6)
        assert moved.elements() == updated.elements()


def test_cancel_restores_every_frame_and_exceptions_cancel():
    with grid(20, header=30) as layout:
        before = layout.all_elements()
        with pytest.raises(RuntimeError):
            with layout.interactive_movement((0, 2)) as m:
                m.move_to(200, 700)
                assert layout.all_elements() != before
                raise RuntimeError("dropped")
        assert layout.movement is None
        assert layout.all_elements() == before


def test_movement_across_sections_and_over_a_header():
    metrics = [{"header": 40}, {"header": 40, "style": "grid", "columns": 3}]
    with cl.Layout.from_sizes([[(100, 100)] * 3, [(100, 100)] * 6], section_metrics=metrics,
                              viewport=(0, 0, 320, 800)) as layout:
        layout.begin_movement((0, 0))
        header = layout.attributes("supplementary", "header", 1, 0).frame
        assert layout.update_movement(header[0] + 5, header[1] + 5) == (0, 0)
        cell = layout.attributes("cell", "", 1, 4).frame
        assert layout.update_movement(cell[0] + 1, cell[1] + 1) == (1, 4)
        assert (layout.item_count(0), layout.item_count(1)) == (2, 7)
        result = layout.commit_movement()
        assert result.new_item((0, 0)) == (1, 4)


def test_movement_bad_input():
    with grid() as layout:
        with pytest.raises(cl.OutOfRangeError):
            layout.begin_movement((0, 6))
        with pytest.raises(cl.InvalidArgumentError):
            layout.update_movement(1, 1)
        layout.begin_movement((0, 0))
        layout.update_movement(240, 170)
        with pytest.raises(cl.InvalidArgumentError, match="already moving"):
            layout.begin_movement((0, 1))
        for change in (lambda: layout.set_viewport((0, 0, 300, 500)), layout.invalidate,
                       lambda: layout.perform_batch_update()):
            with pytest.raises(cl.InvalidArgumentError, match="moving"):
                change()
        with pytest.raises(cl.InvalidArgumentError):
            layout.update_movement(math.nan, 1)
        assert layout.movement == ((0, 0), (0, 3))  # intact
        layout.cancel_movement()
        with pytest.raises(cl.InvalidArgumentError):
            layout.commit_movement()


@pytest.fixture
def scenes(tmp_path):
    a = {"viewport": [0, 0, 320, 600],
         "sections": [{"item_count": 6, "item_size": [320, 60], "line_spacing": 2, "header": 30}]}
    b = {"viewport": [0, 0, 320, 600],
         "sections": [{"style": "grid", "item_count": 6, "item_size": [0, 150],
                       "interitem_spacing": 10, "line_spacing": 10}]}
    c = {"viewport": [0, 0, 320, 600], "sections": [{"item_count": 5, "item_size": [50, 50]}]}
    return {name: _write(tmp_path, name, value) for name, value in (("a", a), ("b", b), ("c", c))}


def test_cli_refused_input(scenes):
    for args in (("transition", scenes["a"], scenes["b"], "--progress", "1.5"),
                 ("transition", scenes["a"], scenes["b"], "--progress", "nan"),
                 ("transition", scenes["a"], scenes["c"], "--progress", "0.5"),
                 ("move", scenes["a"], "--item", "0,6", "--positions", "1,1"),
                 ("move", scenes["a"], "--item", "3,0", "--positions", "1,1")):
        result = run(*args)
        assert result.returncode == 1, args
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


def test_cli_usage_errors(scenes):
    for args in (("transition", scenes["a"], scenes["b"]),
                 ("transition", scenes["a"], scenes["b"], "--progress", "half"),
                 ("move", scenes["a"], "--item", "0", "--positions", "1,1"),
                 ("move", scenes["a"], "--item", "0,0", "--positions", "1,1;2"),
                 ("move", scenes["a"], "--item", "0,0"),
                 ("move", scenes["a"], "--item", "0,0", "--positions", "1,1", "--commit", "--cancel")):
        result = run(*args)
        assert result.returncode == 2, args
        assert result.stderr.startswith("error: ")


def test_cli_move_cancel_is_the_scene(scenes):
    result = run("move", scenes["a"], "--item=0,1", "--positions=10,300", "--cancel")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["targets"] == [[0, 4]]
    with scene.read(scenes["a"]).build() as layout:
        assert_same_elements(answer["elements"], layout.elements_in_rect(layout.viewport))


def test_render_animations(scenes, tmp_path):
    pil = require("PIL.Image")
    update = _write(tmp_path, "update", {"sections": [{"item_count": 7, "item_size": [320, 60],
                                                       "line_spacing": 2, "header": 30}],
                                         "insert_items": [[0, 0]]})
    cases = {"t.gif": ("--transition", scenes["b"]), "u.png": ("--update", update),
             "m.gif": ("--move", "0,0", "--positions", "100,100;100,300", "--commit")}
    for name, options in cases.items():
        out = tmp_path / name
        result = run("render", scenes["a"], "-o", str(out), "--frames", "5", *options)
        assert result.returncode == 0, result.stderr
        with pil.open(out) as image:
            assert image.n_frames == (6 if name == "m.gif" else 5)
    bad = run("render", scenes["a"], "-o", str(tmp_path / "x.svg"), "--transition", scenes["b"])
    assert bad.returncode == 1 and bad.stderr.startswith("error: ")
    both = run("render", scenes["a"], "-o", str(tmp_path / "x.gif"), "--transition", scenes["b"],
               "--update", update)
    assert both.returncode == 1 and bad.stderr.startswith("error: ")


@pytest.mark.parametrize("numpy", [False, True])
def test_from_sizes_data_follows_the_commit(numpy):
    """A from_sizes layout holds its data: after a commit, asking it everything again gives the
    committed layout (within a section, and across sections)."""
    sizes = [[(100 + 10 * i, 40 + 5 * i) for i in range(8)], [(60, 60 + 7 * i) for i in range(4)]]
    if numpy:
        import numpy as np
        sizes = [np.array(s, dtype=np.float64) for s in sizes]
    with cl.Layout.from_sizes(sizes, viewport=(0, 0, 320, 2000)) as layout:
        for origin, position_of in (((0, 1), (0, 6)), ((0, 0), (1, 2))):
            layout.begin_movement(origin)
            x, y, w, h = layout.attributes("cell", "", *position_of).frame
            assert layout.update_movement(x + 1, y + 1) == position_of
            layout.commit_movement()
            committed = layout.all_elements()
            layout.invalidate()
            assert_same_elements(layout.all_elements(), committed)
