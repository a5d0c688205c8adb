"""The command line's rules (SPEC §12, issues 8 and 12): every element in dump, options whose value
begins with '-', one `error:` line and exit 1 for refused input in the scene file's words, exit 2
only for usage, --version, --help, the output's format and --compact, and never a traceback: a
closed pipe, Ctrl-C, SIGTERM, a full disk, a few thousand mutated scene files."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import collectionlayout
from collectionlayout.tools import cli
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


def test_help_names_the_contract_and_the_formats():
    for args in (["--help"], ["-h"], ["dump", "x.json", "--help"], ["--compact", "--help"]):
        status, out, err = run_main(*args)
        assert status == 0 and not err, args
        assert "docs/SPEC.md §12" in out and "docs/cli.md" in out, out
        for command in cli._COMMANDS:
            assert f"\n    {command} " in out, command
    status, out, err = run_main("frobnicate")
    assert status == 2 and "--help" in err and "docs/cli.md" in err


@pytest.mark.parametrize("args", [
    [], ["frobnicate", "x.json"], ["--frobnicate"], ["dump"], ["dump", "a.json", "b.json"],
    ["dump", "a.json", "--colour", "red"], ["dump", "a.json", "--rect"],
    ["dump", "a.json", "--rect", "1,2,3"], ["dump", "a.json", "--rect", "a,b,c,d"],
    ["dump", "a.json", "--rect=nan,0,1,1"], ["render", "a.json"], ["--version", "x"], ["--compact"],
    ["--compact=yes", "dump", "a.json"], ["dump", "a.json", "--compact=1"]])
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
    from collectionlayout.tools import scene
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


# ---- the output's format: one formatter, --compact --------------------------------------------

def test_indented_output_puts_a_list_of_numbers_on_one_line(tmp_path):
    path = write(tmp_path, ZERO_AREA)
    status, out, err = run_main("dump", path, "--rect", "0,0,200,300")
    assert status == 0, err
    assert '\n  "content_size": [200.0, 100.0],\n' in out
    assert '\n      "frame": [0.0, 0.0, 200.0, 10.0],\n' in out  # the header: one line
    assert '\n      "scale": 1.0\n' in out
    assert all(line.startswith(" ") or line in ("{", "}") for line in out.splitlines())


def test_the_formatter():
    value = {"a": [1.5, 0.1, None, "x"], "b": [], "c": {}, "moves": [[[2, 0], [0, 0]]],
             "long": [[k, k] for k in range(20)], "records": [{"frame": [0.0, 1e-07]}]}
    text = cli.format_json(value)
    assert json.loads(text) == value
    assert text == """{
  "a": [1.5, 0.1, null, "x"],
  "b": [],
  "c": {},
  "moves": [[[2, 0], [0, 0]]],
  "long": [
""" + ",\n".join(f"    [{k}, {k}]" for k in range(20)) + """
  ],
  "records": [
    {
      "frame": [0.0, 1e-07]
    }
  ]
}"""
    assert cli.format_json(value, compact=True) == json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("command", [
    ["dump", "{scene}"], ["dump", "{scene}", "--rect", "0,0,200,300"],
    ["scroll-to", "{scene}", "cell", "", "0", "1"],
    ["target-offset", "{scene}", "--proposed", "0", "--velocity", "0"]])
def test_compact_before_or_after_the_command(tmp_path, command):
    argv = [a.replace("{scene}", write(tmp_path, ZERO_AREA)) for a in command]
    status, indented, err = run_main(*argv)
    assert status == 0, err
    for compact in (["--compact", *argv], [*argv, "--compact"], [argv[0], "--compact", *argv[1:]]):
        status, out, err = run_main(*compact)
        assert status == 0 and not err, compact
        assert out.count("\n") == 1 and out.endswith("\n") and ": " not in out, out
        assert json.loads(out) == json.loads(indented)


def test_every_record_has_scale_1(tmp_path):
    a = write(tmp_path, ZERO_AREA, "a.json")
    b = write(tmp_path, dict(ZERO_AREA, layout={**ZERO_AREA["layout"], "pin_headers": True}),
              "b.json")
    update = write(tmp_path, {"sections": [{"items": [[50, 50], [60, 0]], "header": 10,
                                            "inline": [{"kind": "rule", "before": 1}]}],
                              "delete_items": [[0, 1]]}, "update.json")
    answers = [run_main("dump", a), run_main("transition", a, b, "--progress", "0.5"),
               run_main("move", a, "--item", "0,0", "--positions", "10,60"),
               run_main("update", a, update)]
    records = []
    for status, out, err in answers:
        assert status == 0, err
        answer = json.loads(out)
        for record in answer["elements"]:
            records += [record["from"], record["to"]] if "change" in record else [record]
    assert len(records) > 10
    assert all(record["scale"] == 1 and len(record) == 9 for record in records)


# ---- never a traceback: a closed pipe, Ctrl-C, SIGTERM, a full disk ---------------------------

def _process(*args: str, **options) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    return subprocess.Popen([sys.executable, "-m", "collectionlayout", *args], cwd=REPO, env=env,
                            stderr=subprocess.PIPE, **options)


@pytest.mark.parametrize("args", [["--help"], ["dump", "examples/scenes/photo-grid.json"]])
def test_a_closed_pipe_exits_141_quietly(args):
    # stdout is a pipe whose reader has gone, as after `| head -3`: exit as a program that
    # SIGPIPE ends (141), no message, no 'Exception ignored' at exit
    read, written = os.pipe()
    os.close(read)
    try:
        process = _process(*args, stdout=written)
    finally:
        os.close(written)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 141 and err == b"", err


def test_head_sees_no_noise():
    # the shell's way: `python3 -m collectionlayout --help | head -3`
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    result = subprocess.run(f"{sys.executable} -m collectionlayout --help | head -3", shell=True,
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stderr == "" and len(result.stdout.splitlines()) == 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
@pytest.mark.parametrize("sent, status, message", [
    (signal.SIGINT, 130, b"error: interrupted\n"), (signal.SIGTERM, -signal.SIGTERM, b"")])
def test_a_signal_while_the_command_runs(tmp_path, sent, status, message):
    # the scene is a FIFO: once this side opens it for writing, the command is inside main(),
    # waiting for the scene's bytes; then the signal comes
    fifo = tmp_path / "scene.json"
    os.mkfifo(fifo)
    # (A process started with SIGINT ignored, as a background job is, passes that on and the
    # interpreter then takes no Ctrl-C: the command gets the default, as from a terminal.)
    process = _process("dump", str(fifo), stdout=subprocess.PIPE,
                       preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        writer = _open_when_read(fifo, process)
        _wait_until_blocked(process)
        process.send_signal(sent)
        out, err = process.communicate(timeout=120)
        os.close(writer)
    finally:
        process.kill()
    assert (process.returncode, out, err) == (status, b"", message)


def _wait_until_blocked(process: subprocess.Popen) -> None:
    """Until the process sleeps in its read of the FIFO. A signal that comes between the open
    and the read is handled before the read starts, which then waits for ever (CPython checks
    for signals between bytecodes, not just before a system call): a terminal's user would
    press Ctrl-C again, a test must not send it early."""
    wchan = Path(f"/proc/{process.pid}/wchan")
    deadline = time.monotonic() + 60
    while wchan.exists() and "pipe" not in wchan.read_text() and time.monotonic() < deadline:
        time.sleep(0.01)
    if not wchan.exists():
        time.sleep(0.5)  # no /proc: time enough to reach the read


def _open_when_read(fifo: Path, process: subprocess.Popen) -> int:
    """The FIFO opened for writing once the process has opened it for reading (polled, not a
    blocking open: a process that fails first must not hang the test)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # ENXIO: no reader yet
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the command never opened its scene"
            time.sleep(0.01)


def test_ctrl_c_anywhere_in_a_command(monkeypatch, tmp_path):
    def interrupted(command, values):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "_run", interrupted)
    assert run_main("dump", write(tmp_path, ZERO_AREA)) == (130, "", "error: interrupted\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_stdout_that_cannot_be_written():
    with open("/dev/full", "w") as full:
        process = _process("--help", stdout=full)
        _, err = process.communicate(timeout=120)
    assert process.returncode == 1
    assert err.decode().startswith("error: cannot write the answer: ") and err.count(b"\n") == 1


# ---- the input files' shapes: a wrong one says the right one ----------------------------------

@pytest.mark.parametrize("command, value, words", [
    ("self-size", [[0, 0, 1, 1]], ['measured must be an object {"items": [[s, i, w, h], ...]}',
                                   "not [[0, 0, 1, 1]]", "docs/cli.md"]),
    ("self-size", {"items": {"0": 1}}, ["items must be a list of [s, i, w, h]", "docs/cli.md"]),
    ("self-size", {"items": [[0, 0, 1]]}, ["items[0] must be [s, i, w, h]"]),
    ("update", ["x"], ['update must be an object {"sections": [...]', "docs/cli.md"]),
    ("update", {}, ["missing 'sections'", "docs/cli.md"]),
    ("diff", 3, ['ids must be an object {"old": {"sections": [id, ...]', "docs/cli.md"]),
    ("diff", {"old": [], "new": []}, ['ids: old must be an object {"sections": [id, ...]',
                                      "docs/cli.md"]),
    ("dump", [], ['the scene must be an object {"viewport": [x, y, w, h]', "docs/cli.md"]),
])
def test_a_file_of_the_wrong_shape_says_the_right_one(tmp_path, command, value, words):
    scene_path = write(tmp_path, ZERO_AREA)
    path = write(tmp_path, value, "input.json")
    argv = [command, path] if command in ("diff", "dump") else [command, scene_path, path]
    assert_refused(*run_main(*argv), *words)


@pytest.mark.parametrize("value, words", [
    ({"sections": [{"item_count": 1, "inline": [{"kind": "s", "before": 2}]}]},
     ["past the section's 1 item (0 <= before <= 1)"]),
    ({"layout": {"element_limit": 0}, "sections": [{}]},
     ["the section count 1 is over the element limit 0"]),
    ({"layout": {"element_limit": 1}, "sections": [{"item_count": 1}]},
     ["brings the layout to 2 elements"]),
])
def test_counts_in_messages_have_the_right_number(tmp_path, value, words):
    assert_refused(*run_main("dump", write(tmp_path, value)), *words)
