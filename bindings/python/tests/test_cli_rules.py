"""The command line's rules (SPEC §12, issues 8 and 12): every element in dump, options whose value
begins with '-', one `error:` line and exit 1 for refused input in the scene file's words, exit 2
only for usage, --version, and never a traceback: a few thousand mutated scene files."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

import collectionlayout
from collectionlayout import __main__ as cli
from conftest import REPO, load_vector, vector_files


def run_main(*args: str) -> tuple[int, str, str]:
    """main(args) in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(args))
    return status, out.getvalue(), err.getvalue()


def run_process(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    return subprocess.run([sys.executable, "-m", "collectionlayout", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def write(tmp_path: Path, scene, name: str = "scene.json") -> str:
    path = tmp_path / name
    path.write_text(scene if isinstance(scene, str) else json.dumps(scene))
    return str(path)


def assert_refused(status: int, out: str, err: str, *words: str) -> None:
    assert status == 1, (status, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    for word in words:
        assert word in err, (word, err)


ZERO_AREA = {"viewport": [0, 0, 200, 300],
             "layout": {"decorations": [{"kind": "bg", "scope": "item", "insets": [0, 0, 0, 0]}]},
             "sections": [{"items": [[50, 50], [0, 40], [60, 0]], "header": 10,
                           "inline": [{"kind": "rule", "before": 1, "extent": 0}]}]}


def test_dump_lists_every_element_zero_area_ones_too(tmp_path):
    path = write(tmp_path, ZERO_AREA)
    status, out, err = run_main("dump", path)
    assert status == 0, err
    keys = {(e["category"], e["kind"], e["section"], e["item"])
            for e in json.loads(out)["elements"]}
    assert keys == {("supplementary", "header", 0, 0), ("cell", "", 0, 0), ("cell", "", 0, 1),
                    ("cell", "", 0, 2), ("supplementary", "rule", 0, 1),
                    ("decoration", "bg", 0, 0), ("decoration", "bg", 0, 1),
                    ("decoration", "bg", 0, 2)}
    # a rect query never returns the zero-area ones
    status, out, _ = run_main("dump", path, "--rect", "0,0,200,300")
    assert {(e["kind"], e["item"]) for e in json.loads(out)["elements"]} == \
        {("header", 0), ("", 0), ("bg", 0)}


def test_rect_value_may_begin_with_a_minus(tmp_path):
    path = write(tmp_path, ZERO_AREA)
    separate = run_main("dump", path, "--rect", "-5,0,100,100")
    joined = run_main("dump", "--rect=-5,0,100,100", path)
    assert separate[0] == joined[0] == 0 and separate[1] == joined[1]
    assert json.loads(separate[1])["elements"]
    result = run_process("dump", path, "--rect", "-5,-5,100,100")
    assert result.returncode == 0 and json.loads(result.stdout)["elements"], result.stderr


def test_version():
    status, out, err = run_main("--version")
    assert status == 0 and not err
    major, minor, patch = collectionlayout.version()
    assert collectionlayout.__version__ in out and f"library {major}.{minor}.{patch}" in out
    result = run_process("--version")
    assert result.returncode == 0 and result.stdout == out


@pytest.mark.parametrize("args", [
    [], ["frobnicate", "x.json"], ["--frobnicate"], ["dump"], ["dump", "a.json", "b.json"],
    ["dump", "a.json", "--colour", "red"], ["dump", "a.json", "--rect"],
    ["dump", "a.json", "--rect", "1,2,3"], ["dump", "a.json", "--rect", "a,b,c,d"],
    ["dump", "a.json", "--rect=nan,0,1,1"], ["render", "a.json"], ["--version", "x"]])
def test_usage_errors_exit_2(args):
    status, out, err = run_main(*args)
    assert status == 2 and not out
    assert err.startswith("error: ") and err.count("\n") == 1, err


def test_items_win_over_item_count(tmp_path):
    scene = {"viewport": [0, 0, 100, 100],
             "sections": [{"items": [[10, 10]], "item_count": 5, "item_size": [20, 20]}]}
    status, out, err = run_main("dump", write(tmp_path, scene))
    assert status == 0, err
    assert [e["frame"][2] for e in json.loads(out)["elements"]] == [10]


def test_a_huge_item_count_is_refused_before_anything_is_built(tmp_path):
    scene = {"sections": [{"item_count": 10**12, "item_size": [1, 1]}]}
    start = time.perf_counter()
    status, out, err = run_main("dump", write(tmp_path, scene))
    assert time.perf_counter() - start < 1.0
    assert_refused(status, out, err, "section 0", "item_count", "1000000000000", "element limit")
    scene = {"layout": {"element_limit": 10}, "sections": [{"item_count": 5}] * 2}
    assert_refused(*run_main("dump", write(tmp_path, scene)), "section 1", "element limit 10")


REFUSED = [
    ('{"sections": [', ["not JSON"]),
    ("", ["not JSON"]),
    ("[" * 100000, ["not JSON"]),
    ('{"sections": [1]}', ["section 0 must be an object", "1"]),
    ('{"sections": {"a": 1}}', ["sections must be a list"]),
    ('{"viewport": [0, 0, "wide", 10]}', ["viewport w", '"wide"']),
    ('{"viewport": [0, 0, NaN, 10]}', ["viewport w", "NaN"]),
    ('{"viewport": [0, 0, Infinity, 10]}', ["viewport", "Infinity"]),
    ('{"viewport": [0, 0, -3, 10]}', ["viewport w", "negative"]),
    ('{"sections": [{"items": [[10, "10"]]}]}', ["section 0", "items[0] h", '"10"']),
    ('{"sections": [{"items": [[10, NaN]]}]}', ["items[0] h", "NaN"]),
    ('{"sections": [{"items": [[10]]}]}', ["items[0] must be [w, h]"]),
    ('{"sections": [{"items": 3}]}', ["items must be a list"]),
    ('{"sections": [{"item_count": "3"}]}', ["item_count must be an integer", '"3"']),
    ('{"sections": [{"item_count": 2, "item_size": [1, -1]}]}', ["item_size h", "negative"]),
    ('{"sections": [{"item_count": true}]}', ["item_count must be an integer", "true"]),
    ('{"sections": [{"style": "grid", "columns": 0}]}', ["columns", "0"]),
    ('{"sections": [{"style": "grid", "columns": 2.5}]}', ["columns must be an integer", "2.5"]),
    ('{"sections": [{"style": "grid", "columns": 99999999999}]}', ["columns", "99999999999"]),
    ('{"sections": [{"style": "masonry"}]}', ["style must be one of", '"masonry"']),
    ('{"sections": [{"style": "custom", "frames": [[0, 0, 1]]}]}', ["frames[0] must be"]),
    ('{"sections": [{"style": "custom", "frames": [[0, -1, 1, 1]]}]}', ["frames[0] y", "-1"]),
    ('{"sections": [{"style": "custom", "frames": [[0, 0, NaN, 1]]}]}', ["frames[0] w", "NaN"]),
    ('{"sections": [{"style": "custom", "items": [[1, 1]]}]}', ["custom section takes frames"]),
    ('{"sections": [{"frames": [[0, 0, 1, 1]]}]}', ["frames is for custom sections"]),
    ('{"sections": [{"style": "custom", "frames": [], "inline": [{"kind": "s", "before": 0}]}]}',
     ["custom section takes no inline"]),
    ('{"sections": [{"decorations": ["card"]}]}', ["decorations", '"card"']),
    ('{"sections": [{"decorations": "card"}]}', ["decorations must be a list"]),
    ('{"layout": {"decorations": [{"kind": "header"}]}}', ['"header"']),
    ('{"layout": {"decorations": [{"kind": "a"}, {"kind": "a"}]}}', ["twice"]),
    ('{"layout": {"decorations": [{"kind": "a", "z": "top"}]}}', ["z must be an integer"]),
    ('{"layout": {"anchoring": "yes"}}', ["anchoring must be true or false", '"yes"']),
    ('{"layout": {"element_limit": -1}}', ["element_limit", "negative"]),
    ('{"layout": {"direction": "up"}}', ["direction must be one of", '"up"']),
    ('{"sections": [{"item_count": 2, "inline": [{"kind": "s", "before": 3}]}]}',
     ["before", "3"]),
    ('{"sections": [{"item_count": 2, "inline": [{"kind": 7, "before": 0}]}]}', ["kind", "7"]),
    ('{"sections": [{"offset": 10}]}', ["offset is for orthogonal sections"]),
]


@pytest.mark.parametrize("text, words", REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_refused_input_is_one_error_line_in_the_scenes_words(tmp_path, text, words):
    assert_refused(*run_main("dump", write(tmp_path, text)), *words)


def test_an_unreadable_file(tmp_path):
    assert_refused(*run_main("dump", str(tmp_path / "missing.json")), "missing.json")
    assert_refused(*run_main("dump", str(tmp_path)), "cannot read")
    (tmp_path / "latin.json").write_bytes(b'{"sections": [{"style": "\xe9"}]}')
    assert_refused(*run_main("dump", str(tmp_path / "latin.json")), "not JSON")


def test_anchoring_is_kept():
    from collectionlayout import scene
    assert scene.parse({}).anchoring is True
    assert scene.parse({"layout": {"anchoring": False}}).anchoring is False


# ---- mutated scene files (issue 12: the command line never shows a traceback) ---------------------

BAD_VALUES = ["x", "", [], {}, None, True, [[]], {"a": 1}, math.nan, math.inf, -math.inf, -1,
              -1.5, 0, 10**12, 2**63, 2**31, -2**31 - 1, 1e308, 1.7e308, 0.5, [1, 2, 3, 4, 5]]


def bad(rng: random.Random):
    return copy.deepcopy(rng.choice(BAD_VALUES))  # a fresh object: no shared lists, no cycles


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value[:6]):
            yield from _paths(child, prefix + (index,))


def _mutate(scene, rng: random.Random):
    scene = json.loads(json.dumps(scene))
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(scene) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = scene
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        action = rng.random()
        if action < 0.6:
            parent[key] = bad(rng)
        elif action < 0.8:
            del parent[key]
        elif isinstance(parent, dict):
            parent[rng.choice(["colour", "style", "columns", "frames", "decorations", "inline",
                               "item_count", "element_limit"])] = bad(rng)
        else:
            parent.append(bad(rng) if rng.random() < 0.7 else copy.deepcopy(parent[key]))
    text = json.dumps(scene, allow_nan=True)
    if rng.random() < 0.15:
        text = text[:rng.randrange(len(text))]
    return text


def _no_constants(name):
    raise ValueError(f"{name} in the output")


def check_outcome(status: int, out: str, err: str, text: str) -> str:
    assert "Traceback" not in err and "internal error" not in err, (text, err)
    if status == 0:
        assert not err, (text, err)
        dumped = json.loads(out, parse_constant=_no_constants)  # never NaN or infinite
        assert set(dumped) == {"content_size", "elements"}
        return "ok"
    assert status == 1, (text, status, err)
    assert err.startswith("error: ") and err.count("\n") == 1, (text, err)
    return "refused"


def test_a_few_thousand_mutated_scenes(tmp_path):
    scenes = [load_vector(path)["scene"] for path in vector_files()]
    rng = random.Random(12)
    path = tmp_path / "mutated.json"
    outcomes, tried = {"ok": 0, "refused": 0}, set()
    start = time.perf_counter()
    while len(tried) < 3000:
        text = _mutate(rng.choice(scenes), rng)
        if text in tried:
            continue
        tried.add(text)
        path.write_text(text)
        outcomes[check_outcome(*run_main("dump", str(path)), text)] += 1
    elapsed = time.perf_counter() - start
    print(f"\n{len(tried)} distinct mutated scenes in {elapsed:.1f} s: {outcomes}")
    assert outcomes["refused"] > 1000 and outcomes["ok"] > 100


def test_mutated_scenes_through_a_real_process(tmp_path):
    scenes = [load_vector(path)["scene"] for path in vector_files()]
    rng = random.Random(1212)
    for number in range(6):
        text = _mutate(rng.choice(scenes), rng)
        path = write(tmp_path, text, f"mutated{number}.json")
        result = run_process("dump", path)
        check_outcome(result.returncode, result.stdout, result.stderr, text)
