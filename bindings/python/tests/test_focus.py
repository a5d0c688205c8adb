"""Focus navigation and prefetch (SPEC §13, §14) through the Python API and the command line:
the shared vectors changes/20-23 (run by test_vectors.test_change_vector), typed answers, bad
input and the command's exit codes."""

from __future__ import annotations

import json
import math

import pytest

from collectionlayout import (FocusAnswer, InvalidArgumentError, LimitError, OutOfRangeError,
                              PrefetchAnswer, UnknownKindError)
from collectionlayout.tools import scene


def _same(a, b):
    """Equal, numbers within 1e-6 (words, booleans and None exactly)."""
    if isinstance(b, dict):
        return isinstance(a, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in b)
    if isinstance(b, list):
        return isinstance(a, (list, tuple)) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(b, bool) or b is None or isinstance(b, str):
        return a == b and type(a) is type(b)
    return isinstance(a, (int, float)) and not isinstance(a, bool) and abs(a - b) <= 1e-6


def _focus_argv(args):
    category, kind, section, item = args["identity"]
    argv = [category, kind, str(section), str(item), "--direction", args["direction"]]
    if "edge" in args:
        argv += ["--edge", args["edge"]]
    if "supplementaries" in args:
        argv += ["--supplementaries", ",".join(args["supplementaries"])]
    if "history" in args:
        argv += ["--history", ",".join(map(str, args["history"]))]
    if "remembered" in args:
        argv += ["--remembered", ";".join(f"{s},{i}" for s, i in args["remembered"])]
    return argv


def _focus_api(layout, args):
    history = args.get("history")
    answer = layout.focus(tuple(args["identity"]), args["direction"], args.get("edge", "stop"),
                          args.get("supplementaries", ()),
                          None if history is None else (history[0], tuple(history[1:])),
                          [tuple(r) for r in args.get("remembered", ())])
    return {"target": None if answer.target is None else list(answer.target), "via": answer.via,
            "viewport": list(answer.viewport),
            "section_offset": None if answer.section_offset is None else list(answer.section_offset)}


def _prefetch_argv(args):
    return [f"--{key}={args[key]}" for key in ("velocity", "ahead", "behind", "horizon", "fps") if key in args]


def _prefetch_api(layout, args):
    answer = layout.prefetch(args["velocity"], args.get("ahead", 250), args.get("behind", 0),
                             args.get("horizon", 0.25), args.get("fps", 60))
    return {"before": list(answer.before), "after": list(answer.after),
            "elements": [{"category": e.category, "kind": e.kind, "section": e.section, "item": e.item,
                          "side": e.side, "distance": e.distance, "urgent": e.urgent} for e in answer.elements]}


def check_focus_vector(vector, tmp_path):
    """A focus or prefetch vector through the command line and through the API."""
    from test_cli import run
    command = vector["command"]
    scene_path = tmp_path / "scene.json"
    scene_path.write_text(json.dumps(vector["scene"]))
    argv_of, api_of = (_focus_argv, _focus_api) if command == "focus" else (_prefetch_argv, _prefetch_api)
    with scene.parse(vector["scene"]).build() as layout:
        for case in vector["cases"]:
            args, expected = case["args"], case["expected"]
            through_cli = run(command, str(scene_path), *argv_of(args))
            if expected.get("error"):
                assert through_cli.returncode == 1 and through_cli.stderr.startswith("error: "), args
                with pytest.raises(InvalidArgumentError):
                    api_of(layout, args)
                continue
            assert through_cli.returncode == 0, (args, through_cli.stderr)
            assert _same(json.loads(through_cli.stdout), expected), (args, through_cli.stdout)
            assert _same(api_of(layout, args), expected), (args, api_of(layout, args))


GRID = {"viewport": [0, 0, 330, 300], "layout": {"decorations": [{"kind": "bg"}]},
        "sections": [{"header": 40, "style": "grid", "columns": 3, "item_count": 30, "item_size": [0, 100],
                      "inline": []},
                     {"style": "orthogonal", "item_count": 9, "item_size": [100, 80]}]}


def test_typed_answers():
    with scene.parse(GRID).build() as layout:
        answer = layout.focus(("cell", "", 0, 1), "down")
        assert isinstance(answer, FocusAnswer)
        assert answer == (("cell", "", 0, 4), "search", (0.0, 0.0, 330.0, 300.0), None)
        assert layout.focus(("cell", "", 0, 0), "previous", supplementaries=["header"]).target == \
            ("supplementary", "header", 0, 0)
        assert layout.focus(("cell", "", 0, 0), "up").via is None
        # wrap along the row, continuous to the next in focus order
        assert layout.focus(("cell", "", 0, 2), "right", edge="wrap")[:2] == (("cell", "", 0, 0), "wrap")
        assert layout.focus(("cell", "", 0, 2), "right", edge="continuous")[:2] == (("cell", "", 0, 3), "continuous")
        prefetched = layout.prefetch(0)
        assert isinstance(prefetched, PrefetchAnswer)
        assert prefetched.before == (-250.0, 0.0) and prefetched.after == (300.0, 550.0)
        assert [e.key for e in prefetched.elements][:3] == [("cell", "", 0, 9), ("cell", "", 0, 10), ("cell", "", 0, 11)]
        assert all(e.side == "after" and e.distance >= 0 and e.frame[1] >= 300 for e in prefetched.elements)
        assert prefetched.elements[0].distance == 40 and not any(e.urgent for e in prefetched.elements)


def test_bad_input():
    with scene.parse(GRID).build() as layout:
        before = layout.elements()
        with pytest.raises(OutOfRangeError):
            layout.focus(("cell", "", 0, 30), "down")
        with pytest.raises(InvalidArgumentError):
            layout.focus(("decoration", "bg", 0, 0), "down")
        with pytest.raises(InvalidArgumentError):
            layout.focus(("cell", "", 0, 0), "sideways")  # type: ignore[arg-type]
        with pytest.raises(UnknownKindError):
            layout.focus(("cell", "", 0, 0), "down", supplementaries=["bg"])
        with pytest.raises(TypeError):
            layout.focus(("cell", 0, 0), "down")
        # a history or remembered cell that names nothing usable is ignored
        assert layout.focus(("cell", "", 0, 0), "down", history=("up", ("supplementary", "nope", 0, 0)),
                            remembered=[(7, 7)]).via == "search"
        for kwargs in ({"velocity": math.nan}, {"velocity": 0, "ahead": -1}, {"velocity": 0, "fps": 0},
                       {"velocity": 0, "section": 0}):
            with pytest.raises(InvalidArgumentError):
                layout.prefetch(**kwargs)
        with pytest.raises(LimitError):
            layout.prefetch(1e308, horizon=1e10)
        with pytest.raises(OutOfRangeError):
            layout.prefetch(0, section=5)
        assert layout.elements() == before


@pytest.mark.parametrize("argv, status", [
    (["cell", "", "0", "1", "--direction", "down"], 0),
    (["cell", "", "0", "1", "--direction", "down", "--supplementaries", "", "--remembered", ""], 0),
    (["cell", "", "0", "1", "--direction", "down", "--history", "up,supplementary,no,such,0,0"], 0),
    (["cell", "", "0", "x", "--direction", "down"], 2),
    (["cell", "", "0", "1", "--direction", "sideways"], 2),
    (["cell", "", "0", "1", "--direction", "down", "--edge", "bounce"], 2),
    (["cell", "", "0", "1", "--direction", "down", "--history", "down,cell,0,3"], 2),
    (["cell", "", "0", "1", "--direction", "down", "--history", "next,cell,,0,3"], 2),
    (["cell", "", "0", "1", "--direction", "down", "--remembered", "1;2"], 2),
    (["cell", "", "0", "1"], 2),
    (["tile", "", "0", "1", "--direction", "down"], 1),
    (["cell", "", "0", "99", "--direction", "down"], 1),
    (["decoration", "bg", "0", "0", "--direction", "down"], 1),
    (["cell", "", "0", "1", "--direction", "down", "--supplementaries", "nope"], 1),
])
def test_focus_exit_codes(argv, status, tmp_path):
    from test_cli import run
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(GRID))
    result = run("focus", str(path), *argv)
    assert result.returncode == status, result.stderr
    assert (result.stderr.startswith("error: ") if status else not result.stderr)


@pytest.mark.parametrize("argv, status", [
    (["--velocity", "100"], 0), (["--velocity", "-100", "--section", "1"], 0),
    (["--velocity", "fast"], 2), ([], 2), (["--velocity", "1", "--section", "x"], 2),
    (["--velocity", "nan"], 1), (["--velocity", "1", "--fps", "0"], 1), (["--velocity", "1", "--behind", "-1"], 1),
    (["--velocity", "1", "--section", "0"], 1), (["--velocity", "1", "--section", "9"], 1),
])
def test_prefetch_exit_codes(argv, status, tmp_path):
    from test_cli import run
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(GRID))
    result = run("prefetch", str(path), *argv)
    assert result.returncode == status, result.stderr
