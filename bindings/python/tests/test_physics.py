"""Scroll physics (SPEC §22) and the line-center / line-end snaps (§10.6) through the Python API
and the command line: hand-checked numbers, the curves' properties, errors and exit codes."""

from __future__ import annotations

import json
import math

import pytest

import collectionlayout as cl
from collectionlayout import Layout
from test_cli import run


def rows(count=100, **options):
    """Rows of 320x100 without spacing (row k at 100k), viewport 480 at 100: origins [0, 9520]."""
    return Layout.from_sizes([[(320, 100)] * count], viewport=(0, 100, 320, 480), line_spacing=0,
                             **options)


def shelves():
    """A row of 100, then a strip of 10 columns of 110 (offsets [0, 780] in 320)."""
    return Layout.from_sizes([[(320, 100)], [(110, 100)] * 10], viewport=(0, 0, 320, 400),
                             line_spacing=0, interitem_spacing=0,
                             section_metrics=[None, {"style": "orthogonal"}])


def test_line_center_and_line_end():
    with rows() as layout:
        # centres 50 + 100k: origins 100k - 190; ends 100k + 100: origins 100k - 380
        assert layout.target_content_offset(300, 0, "line-center") == 310
        assert layout.target_content_offset(300, 0, "line-end") == 320
        assert layout.target_content_offset(-1000, 0, "line_center") == 0  # clamped


def test_a_free_fling_rests_at_the_projection():
    with rows() as layout:
        fling = layout.fling(1000)
        assert isinstance(fling, cl.Fling) and fling.curve == "decelerate"
        assert fling.start == 100 and fling.target == pytest.approx(599, abs=1e-9)
        assert fling.rest_time == pytest.approx(0.499 * math.log(499 / 0.5), abs=1e-9)
        assert fling.sample(0) == (100, pytest.approx(1000))
        assert fling.sample(fling.rest_time) == (fling.target, 0.0)
        assert fling.samples([0, 100]) == [fling.sample(0), (fling.target, 0.0)]
        assert layout.viewport == (0, 100, 320, 480)  # an answer only


@pytest.mark.parametrize("velocity, snapping, start", [
    (800, "none", None), (800, "line", None), (-4000, "line-center", None), (0, "none", -60),
    (2500, "page", 9600), (-900, "line-end", -300)])
def test_velocity_is_the_derivative_and_the_rest_is_exact(velocity, snapping, start):
    with rows() as layout:
        fling = layout.fling(velocity, snapping, start=start)
        assert fling.curve == ("spring" if start is not None and not 0 <= start <= 9520 else "decelerate")
        h = 1e-5
        for k in range(1, 8):
            t = fling.rest_time * k / 8
            if t <= h:
                continue
            derivative = (fling.sample(t + h)[0] - fling.sample(t - h)[0]) / (2 * h)
            assert derivative == pytest.approx(fling.sample(t)[1], rel=1e-4, abs=1e-4)
        assert fling.sample(fling.rest_time) == (fling.target, 0.0)
        assert 0 <= fling.target <= 9520
        # the paging and snapping target is the target offset's, stepping from the start
        proposed = fling.start
        if start is None:
            assert fling.target == layout.target_content_offset(proposed, velocity, snapping)


def test_a_section_flings_and_rubber_bands():
    with shelves() as layout:
        fling = layout.fling(500, "item", section=1)
        assert fling.curve == "decelerate" and fling.target == 220  # 249.5 -> the column at 220
        back = layout.fling(0, section=1, start=900)
        assert back.curve == "spring" and back.target == 780
        assert layout.rubber_band(100, section=1) == 100
        assert layout.rubber_band(1100, section=1) == pytest.approx(780 + (1 - 1 / 1.55) * 320)
        with pytest.raises(cl.InvalidArgumentError, match="orthogonal"):
            layout.fling(1, section=0)
        with pytest.raises(cl.InvalidArgumentError):
            layout.fling(1, "line", section=1)  # a scroll-axis snap for a section
        with pytest.raises(cl.OutOfRangeError):
            layout.rubber_band(0, section=7)


def test_the_rubber_band_stays_below_the_viewport():
    with rows() as layout:
        previous = 0.0
        for x in (1, 10, 100, 1000, 1e4, 1e6):
            shown = -layout.rubber_band(-x)
            assert previous < shown < 480
            assert layout.rubber_band(9520 + x) - 9520 == pytest.approx(shown)
            previous = shown


@pytest.mark.parametrize("call", [
    lambda l: l.fling(math.nan), lambda l: l.fling(math.inf), lambda l: l.fling(1, deceleration_rate=1),
    lambda l: l.fling(1, deceleration_rate=0), lambda l: l.fling(1, start=math.nan),
    lambda l: l.fling(1, "item"), lambda l: l.rubber_band(math.inf), lambda l: l.fling(1).sample(-1),
    lambda l: l.fling(1).sample(math.nan), lambda l: l.fling(1, "sideways")])
def test_bad_input_is_refused_with_a_message(call):
    with rows() as layout:
        with pytest.raises(ValueError) as error:
            call(layout)
        assert str(error.value)
        assert layout.viewport == (0, 100, 320, 480)


SCENE = {"viewport": [0, 100, 320, 480], "sections": [{"item_count": 100, "item_size": [320, 100]}]}


@pytest.fixture
def scene_path(tmp_path):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    return str(path)


def test_the_command_line_samples_at_sixtieths_then_at_rest(scene_path):
    result = run("fling", scene_path, "--velocity", "1000")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    times = [s["t"] for s in answer["samples"]]
    assert times[:-1] == [k / 60 for k in range(len(times) - 1)]
    assert times[-2] < answer["rest_time"] == times[-1]
    assert answer["samples"][-1] == {"t": answer["rest_time"], "offset": answer["target"], "velocity": 0.0}
    spring = json.loads(run("fling", scene_path, "--velocity", "0", "--from=-60", "--times", "0,5").stdout)
    assert spring["curve"] == "spring" and spring["samples"][1]["offset"] == 0.0
    assert json.loads(run("rubber-band", scene_path, "--offset", "100").stdout) == {"offset": 100.0}
    assert json.loads(run("target-offset", scene_path, "--proposed", "300", "--velocity", "0",
                          "--snap", "line-center").stdout) == {"offset": 310.0}


@pytest.mark.parametrize("arguments, status", [
    (["fling", "--velocity", "nan"], 1), (["fling", "--velocity", "1", "--rate", "1"], 1),
    (["fling", "--velocity", "1", "--times", "0,-1"], 1), (["fling", "--velocity", "1", "--times", "inf"], 1),
    (["fling", "--velocity", "1", "--section", "0"], 1), (["fling", "--velocity", "1", "--from", "inf"], 1),
    (["rubber-band", "--offset", "nan"], 1), (["rubber-band", "--offset", "1", "--section", "0"], 1),
    (["fling"], 2), (["fling", "--velocity", "fast"], 2), (["fling", "--velocity", "1", "--times", "0,,1"], 2),
    (["fling", "--velocity", "1", "--snap", "item"], 2), (["fling", "--velocity", "1", "--bounce", "1"], 2),
    (["rubber-band"], 2), (["rubber-band", "--offset", "1", "--section", "x"], 2),
    (["target-offset", "--proposed", "0", "--velocity", "0", "--snap", "line-middle"], 2)])
def test_command_line_errors(scene_path, arguments, status):
    result = run(arguments[0], scene_path, *arguments[1:])
    assert result.returncode == status, result.stderr
    assert result.stdout == "" and result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
