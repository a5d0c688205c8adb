"""The test vectors (Tests/vectors: *.json and styles/*.json) and the brief's exact grid. Of the
changes/ vectors (update, diff, self-size, target-offset, scroll-to, transition, move, fling,
focus, prefetch) run
through the Python API and the command line."""

from __future__ import annotations

import json

import pytest

from collectionlayout.tools import scene
from conftest import (assert_same_elements, change_vector_files, load_vector, overlaps,
                      pending_vectors, vector_files, vector_params, vectors_dir)


def test_vectors_are_found():
    names = [path.stem for path in vector_files()]
    assert len(names) >= 10, f"no vectors in {vectors_dir()}"
    assert {"07-grid", "08-waterfall", "09-custom-horizontal", "10-section-decorations"} <= set(names)


def test_every_vector_is_run_or_pending():
    """A vector this binding cannot answer must be listed in Tests/pending_vectors.txt; a listed
    one must exist (a stale line would hide a vector that is never run)."""
    names = {path.relative_to(vectors_dir()).as_posix() for path in change_vector_files()}
    pending = set(pending_vectors())
    assert pending <= names | {p.relative_to(vectors_dir()).as_posix() for p in vector_files()}
    unanswered = {name for name in names - pending
                  if json.loads((vectors_dir() / name).read_text()).get("command") not in COMMANDS}
    assert not unanswered, f"neither answered nor pending: {sorted(unanswered)}"


@pytest.mark.parametrize("path", vector_params(vector_files()))
def test_vector(path):
    vector = load_vector(path)
    with scene.from_dict(vector["scene"]) as layout:
        expected = vector["expected"]
        assert layout.content_size == pytest.approx(expected["content_size"], abs=1e-6)
        # every element, zero-area ones too (the dump's list)
        assert_same_elements(scene.dump(layout)["elements"], expected["elements"])
        # the positive-area ones by one rect query around everything
        assert_same_elements(layout.elements(),
                             [e for e in expected["elements"] if e["frame"][2] * e["frame"][3] > 0])
        # every rect query of the visible screen returns exactly the overlapping ones
        viewport = layout.viewport
        visible = [e for e in expected["elements"] if overlaps(e["frame"], viewport)]
        assert_same_elements(layout.elements_in_rect(viewport), visible)


# the commands whose vectors this binding answers (a vector of another command must be pending)
COMMANDS = {"update", "diff", "self-size", "target-offset", "scroll-to", "transition", "move",
            "fling", "focus", "prefetch", "dump"}


def _check_dump_vector(vector, tmp_path):
    """dump (scroll effects, collapsing headers): through the command line, and without
    options through the API too."""
    from test_cli import run
    scene_path = tmp_path / "scene.json"
    scene_path.write_text(json.dumps(vector["scene"]))
    for case in vector["cases"]:
        args, expected = case["args"], case["expected"]
        argv = [f"--{key}={','.join(map(str, value))}" for key, value in args.items()]
        through_cli = run("dump", str(scene_path), *argv)
        assert through_cli.returncode == 0, through_cli.stderr
        answers = [json.loads(through_cli.stdout)]
        if not args:
            with scene.from_dict(vector["scene"]) as layout:
                answers.append(scene.dump(layout))
        for answer in answers:
            assert answer["content_size"] == pytest.approx(expected["content_size"], abs=1e-6), args
            assert_same_elements(answer["elements"], expected["elements"])
            assert _close(answer.get("collapse"), expected.get("collapse")) if "collapse" in expected else "collapse" not in answer


def _answer_through_api(vector):
    """The vector's answer through the Python API (update, diff), as the command prints it."""
    from collectionlayout.tools import _commands
    if vector["command"] == "diff":
        return _commands.run_diff_value(vector["ids"])
    return _commands.run_update_value(vector["scene"], vector["update"])


def _close(a, b):
    if isinstance(b, list):
        return isinstance(a, list) and len(a) == len(b) and all(map(_close, a, b))
    if isinstance(b, dict):
        return isinstance(a, dict) and a.keys() == b.keys() and all(_close(a[k], b[k]) for k in b)
    return abs(a - b) <= 1e-6


def _check_target_vector(path, vector, tmp_path):
    """self-size, target-offset, scroll-to and fling: through the command line and through the
    API."""
    from collectionlayout.tools import _targets_commands, scene
    from test_cli import run
    command = vector["command"]
    scene_path = tmp_path / "scene.json"
    scene_path.write_text(json.dumps(vector["scene"]))
    if command == "self-size":
        measured = tmp_path / "measured.json"
        measured.write_text(json.dumps(vector["measured"]))
        through_cli = run(command, str(scene_path), str(measured))
        assert through_cli.returncode == 0, through_cli.stderr
        expected = vector["expected"]
        assert _close(json.loads(through_cli.stdout), expected)
        assert _close(_targets_commands.run_self_size_value(vector["scene"], vector["measured"]), expected)
        return
    for case in vector["cases"]:
        args, expected = case["args"], case["expected"]
        if command == "target-offset":
            argv = ["--proposed", str(args["proposed"]), "--velocity", str(args["velocity"]),
                    "--snap", args["snap"], "--rate", str(args["rate"])]
            through_cli = run(command, str(scene_path), *argv)
            with scene.parse(vector["scene"]).build() as layout:
                api = {"offset": layout.target_content_offset(
                    args["proposed"], args["velocity"], args["snap"], args["rate"])}
        elif command == "fling":
            argv = ["--velocity", str(args["velocity"]), "--snap", args["snap"],
                    "--rate", str(args["rate"]), "--times", ",".join(map(str, args["times"]))]
            argv += ["--from", str(args["from"])] if "from" in args else []
            through_cli = run(command, str(scene_path), *argv)
            with scene.parse(vector["scene"]).build() as layout:
                fling = layout.fling(args["velocity"], args["snap"], args["rate"], start=args.get("from"))
                api = {"target": fling.target, "curve": fling.curve, "rest_time": fling.rest_time,
                       "samples": [{"t": t, "offset": p, "velocity": v}
                                   for t, (p, v) in zip(args["times"], fling.samples(args["times"]))]}
            curve = expected["curve"]
            expected = {**expected, "curve": 0}  # compared apart: a word, not a number
            assert api.pop("curve") == curve and json.loads(through_cli.stdout).get("curve") == curve
            through_cli.stdout = json.dumps({**json.loads(through_cli.stdout), "curve": 0})
            api["curve"] = 0
        else:
            category, kind, section, item = args["identity"]
            through_cli = run(command, str(scene_path), category, kind, str(section), str(item),
                              "--position", args["position"])
            with scene.parse(vector["scene"]).build() as layout:
                api = {"viewport": list(layout.scroll_to(category, kind, section, item, args["position"]))}
        assert through_cli.returncode == 0, through_cli.stderr
        assert _close(json.loads(through_cli.stdout), expected), (args, through_cli.stdout)
        assert _close(api, expected), (args, api)


@pytest.mark.parametrize("path", vector_params(change_vector_files()))
def test_change_vector(path, tmp_path):
    vector = json.loads(path.read_text())
    command = vector["command"]
    if command == "dump":
        _check_dump_vector(vector, tmp_path)
        return
    if command in ("self-size", "target-offset", "scroll-to", "fling"):
        _check_target_vector(path, vector, tmp_path)
        return
    if command in ("focus", "prefetch"):
        from test_focus import check_focus_vector
        check_focus_vector(vector, tmp_path)
        return
    if command in ("transition", "move"):
        from test_motion import check_motion_vector
        check_motion_vector(vector, tmp_path)
        return
    from test_cli import run
    from test_cli_updates import check_diff_answer, check_update_answer
    inputs = {"update": ("scene", "update"), "diff": ("ids",)}[command]
    paths = []
    for name in inputs:
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps(vector[name]))
    expected = vector["expected"]
    through_cli = run(command, *map(str, paths))
    if expected.get("error"):
        assert through_cli.returncode == 1 and through_cli.stderr.startswith("error: ")
        with pytest.raises(ValueError):
            _answer_through_api(vector)
        return
    assert through_cli.returncode == 0, through_cli.stderr
    for answer in (json.loads(through_cli.stdout), _answer_through_api(vector)):
        if command == "diff":
            check_diff_answer(answer, vector)
        else:
            check_update_answer(answer, expected)


def test_the_uikit_grid_frames(grid):
    assert grid.content_size == (320, 354)
    assert grid.header(0).frame == (0, 0, 320, 44)
    columns, rows = (10, 115, 220), (54, 154, 254)
    for item in range(7):
        assert grid.cell(0, item).frame == (columns[item % 3], rows[item // 3], 90, 90)
    assert grid.cell(0, 6).frame == (10, 254, 90, 90)
