#!/usr/bin/env python3
"""fuzz_cli — an atheris (libFuzzer for Python) target over the command line's readers.

The input is a command line and its files: the first byte picks the arguments (ARGUMENTS below:
dump with and without --rect, update, diff, render, and usage mistakes; MOTION_ARGUMENTS from 224,
PHYSICS_ARGUMENTS (fling, rubber-band) from 240,
HIT_ARGUMENTS from 248, FOCUS_ARGUMENTS (focus, prefetch) in place of the repeated lines), the
rest is the files, separated by two NUL bytes (SEPARATOR): the scene, then UPDATE for `update`;
the IDS for `diff`.
Each run writes the files into a scratch folder and calls `collectionlayout.__main__.main(argv)`
in-process with stdout and stderr captured, then checks (SPEC §12, issue 12):

  - no exception escapes main(), and main() returns 0, 1 or 2;
  - exit 2 exactly when the arguments are a usage mistake (`parse_arguments` raises UsageError);
  - exit 1 and 2: stdout is empty and stderr is exactly one line beginning `error: `; not
    `error: internal error: ...` (the last-resort catch in main, which means that a reader let an
    unexpected exception through: a finding);
  - exit 0: stderr is empty; the JSON on stdout parses and has no NaN or infinite number (render:
    the picture was written);
  - never a traceback.

The mutator is structure-aware: most mutations parse one of the files as JSON and change a node
(a number to NaN, 1e12, 2^64, -1, a string; a key added from the scene's vocabulary or removed; a
list repeated or emptied; deep nesting; truncation), the rest are libFuzzer's byte mutations.

    build/fuzz/fuzz_cli [libFuzzer flags] [CORPUS | FILE ...]    (make fuzz writes this wrapper)
    make fuzz-repro TARGET=fuzz_cli INPUT=FILE                    replays one input
    FUZZ_TRACE=1 ...                                              prints each run's argv and files
    python3 Tests/fuzz/fuzz_cli.py --fallback SECONDS CORPUS...   without atheris: random mutations
                                                                  with the same checks

Run with PYTHONPATH=bindings/python and COLLECTIONLAYOUT_LIBRARY set (the Makefile's PY_ENV).
"""
from __future__ import annotations

import atexit
import contextlib
import io
import json
import math
import os
import random
import shutil
import sys
import tempfile
import time

try:
    import atheris
except ImportError:  # the fallback driver below
    atheris = None

SEPARATOR = b"\0\0"

# The argument lines: "@1" and "@2" are the input's files, "@out.EXT" a file in the scratch
# folder, "@missing" a file that does not exist, "@dir" a folder.
ARGUMENTS = [
    ["dump", "@1"],
    ["dump", "@1", "--rect", "0,0,320,480"],
    ["dump", "@1", "--rect=-10,-20,100,100"],
    ["update", "@1", "@2"],
    ["diff", "@1"],
    ["dump", "@1"],
    ["update", "@1", "@2"],
    ["diff", "@1"],
    ["render", "@1", "-o", "@out.svg"],
    ["render", "@1", "--output=@out.svg", "--rect", "0,0,200,200"],
    ["render", "@1", "-o", "@out.txt"],
    ["dump", "@1", "--rect", "nan,0,1,1"],
    ["dump", "@1", "--rect", "1e400,0,1,1"],
    ["dump", "@1", "--rect", "1,2,3"],
    ["dump", "@1", "--rect"],
    ["dump"],
    ["dump", "@1", "@2"],
    ["update", "@1"],
    ["update", "@1", "@missing"],
    ["diff", "@1", "--bogus"],
    ["dump", "@dir"],
    ["undo", "@1"],
    ["--version"],
    ["--version", "@1"],
    ["render", "@1"],
    ["update", "@2", "@1"],
    ["dump", "--", "@1"],
    ["diff", "@missing"],
    # self-sizing, target offsets, scrolling to an element (issue 10)
    ["self-size", "@1", "@2"],
    ["target-offset", "@1", "--proposed", "300", "--velocity", "800", "--snap", "line-paging"],
    ["target-offset", "@1", "--proposed=-5", "--velocity", "-1e5", "--snap", "page", "--rate", "0.99"],
    ["target-offset", "@1", "--proposed", "10", "--velocity", "0", "--section", "1", "--snap", "item-centered"],
    ["scroll-to", "@1", "cell", "", "0", "2", "--position", "nearest"],
    ["scroll-to", "@1", "supplementary", "header", "1", "0", "--position=center"],
]

# Selectors from 224 on: transitions and movement (issue 11); below, the
# lines above as before (the corpus' selectors keep their meaning).
MOTION_FIRST = 224
MOTION_ARGUMENTS = [
    ["transition", "@1", "@2", "--progress", "0.5"],
    ["transition", "@1", "@1", "--progress", "nan"],
    ["transition", "@1", "@2", "--progress=1.5", "--rect", "0,0,100,100"],
    ["transition", "@1", "@2"],
    ["move", "@1", "--item", "0,0", "--positions", "10,10;100,200"],
    ["move", "@1", "--item", "0,1", "--positions", "50,50", "--commit"],
    ["move", "@1", "--item=0,0", "--positions=1e308,-1e308", "--cancel"],
    ["move", "@1", "--item", "9,9", "--positions", "1,1"],
    ["move", "@1", "--item", "0,0", "--positions", "1,1", "--commit", "--cancel"],
]

# Selectors 240-247: scroll physics (SPEC §22), good and bad arguments (before, 240-247 were
# transitions and movement again: 224-239 still reach every one of those lines).
PHYSICS_FIRST = 240
PHYSICS_ARGUMENTS = [
    ["fling", "@1", "--velocity", "1000", "--snap", "line", "--times", "0,0.1,0.5,10"],
    ["fling", "@1", "--velocity=-3000", "--rate", "0.99", "--snap", "line-center"],
    ["fling", "@1", "--velocity", "0", "--from=-1e6", "--snap", "line-end"],
    ["fling", "@1", "--velocity", "500", "--section", "1", "--snap", "item-paging", "--from", "1e308"],
    ["fling", "@1", "--velocity", "nan", "--rate", "1", "--times", "-1,inf"],
    ["fling", "@1", "--velocity", "1e308", "--snap", "page", "--times", "0,,1"],
    ["rubber-band", "@1", "--offset", "-500"],
    ["rubber-band", "@1", "--offset=1e308", "--section", "1"],
]

# Selectors from 248 on: hit-testing (SPEC §21); 224-239 stay transitions and movement.
HIT_FIRST = 248
HIT_ARGUMENTS = [
    ["hit", "@1", "10,10"],
    ["hit", "@1", "100,200", "--categories", "all"],
    ["hit", "@1", "--", "-5,1e308"],
    ["hit", "@1", "nan,1"],
    ["hit", "@1", "1", "--categories=cells"],
    ["hit", "@1", "1,2", "--categories", "some"],
    ["hit", "@1", "inf,-inf", "--categories", "all"],
    ["hit", "@2", "0,0"],
]

# Focus navigation and prefetch (SPEC §13, §14): the selectors whose ARGUMENTS line is one of the
# repeated dump, update, diff lines (5-7, 39-41, ..., 209-211: 21 selectors) run these instead;
# every other selector keeps its meaning.
FOCUS_SLOTS = (5, 6, 7)
FOCUS_ARGUMENTS = [
    ["focus", "@1", "cell", "", "0", "0", "--direction", "down"],
    ["focus", "@1", "cell", "", "0", "1", "--direction", "right", "--edge", "wrap", "--supplementaries", "header,footer"],
    ["focus", "@1", "supplementary", "header", "0", "0", "--direction=next", "--edge", "continuous"],
    ["focus", "@1", "cell", "", "1", "2", "--direction", "up", "--history", "down,cell,,0,0", "--remembered", "1,5;2,0"],
    ["focus", "@1", "cell", "", "0", "3", "--direction", "left", "--edge", "continuous", "--remembered", ""],
    ["focus", "@1", "cell", "", "0", "0", "--direction", "previous", "--edge", "wrap", "--supplementaries", ""],
    ["focus", "@1", "decoration", "background", "0", "0", "--direction", "down"],
    ["focus", "@1", "cell", "", "x", "0", "--direction", "down"],
    ["focus", "@1", "cell", "", "0", "0", "--direction", "down", "--history", "down,cell,0"],
    ["focus", "@1", "cell", "", "0", "0", "--direction", "diagonal"],
    ["prefetch", "@1", "--velocity", "1200", "--ahead", "300"],
    ["prefetch", "@1", "--velocity=-5000", "--behind", "100", "--horizon", "1", "--fps", "120"],
    ["prefetch", "@1", "--velocity", "0", "--section", "1"],
    ["prefetch", "@1", "--velocity", "1e308", "--horizon", "1e10"],
    ["prefetch", "@1", "--velocity", "nan", "--fps", "0"],
    ["prefetch", "@1", "--velocity", "fast"],
    # the layout's own header and footer (SPEC §17.2): the indexes 16-20, which before wrapped
    # around to the first lines again
    ["scroll-to", "@1", "supplementary", "global_header", "0", "0"],
    ["scroll-to", "@1", "supplementary", "global_footer", "0", "0", "--position", "end"],
    ["focus", "@1", "supplementary", "global_header", "0", "0", "--direction", "next", "--supplementaries",
     "global_header,global_footer,header"],
    ["scroll-to", "@1", "supplementary", "global_header", "1", "0"],
    ["focus", "@1", "cell", "", "0", "0", "--direction", "previous", "--edge", "wrap", "--supplementaries", "global_footer"],
]

_scratch = tempfile.mkdtemp(prefix="fuzz_cli-")
atexit.register(shutil.rmtree, _scratch, True)
_trace = bool(os.environ.get("FUZZ_TRACE"))
_runs = 0
_fuzzing = False  # atheris.Fuzz() runs: atheris.Mutate may be called
_inputs = 0
_statuses = {0: 0, 1: 0, 2: 0}


def _report() -> None:
    print(f"fuzz_cli: calls: {_runs} command-line runs in {_inputs} inputs "
          f"(exit 0: {_statuses[0]}, exit 1: {_statuses[1]}, exit 2: {_statuses[2]})",
          file=sys.__stderr__, flush=True)


def split(data: bytes) -> tuple[int, list[bytes]]:
    if not data:
        return 0, [b"", b""]
    files = data[1:].split(SEPARATOR)
    while len(files) < 2:
        files.append(b"")
    return data[0], files


def join(selector: int, files: list[bytes]) -> bytes:
    return bytes([selector & 0xFF]) + SEPARATOR.join(files)


def _argv(selector: int) -> list[str]:
    paths = {"@1": os.path.join(_scratch, "one.json"), "@2": os.path.join(_scratch, "two.json"),
             "@missing": os.path.join(_scratch, "missing.json"), "@dir": _scratch}
    argv = []
    line = HIT_ARGUMENTS[(selector - HIT_FIRST) % len(HIT_ARGUMENTS)] if selector >= HIT_FIRST \
        else PHYSICS_ARGUMENTS[selector - PHYSICS_FIRST] if selector >= PHYSICS_FIRST \
        else MOTION_ARGUMENTS[(selector - MOTION_FIRST) % len(MOTION_ARGUMENTS)] \
        if selector >= MOTION_FIRST \
        else FOCUS_ARGUMENTS[(3 * (selector // len(ARGUMENTS)) + FOCUS_SLOTS.index(selector % len(ARGUMENTS)))
                             % len(FOCUS_ARGUMENTS)] if selector % len(ARGUMENTS) in FOCUS_SLOTS \
        else ARGUMENTS[selector % len(ARGUMENTS)]
    for token in line:
        for key in ("@out.svg", "@out.txt"):
            token = token.replace(key, os.path.join(_scratch, "out" + key[4:]))
        for key, path in sorted(paths.items(), key=lambda kv: -len(kv[0])):
            if token == key:
                token = path
        argv.append(token)
    return argv


class Finding(AssertionError):
    pass


def _no_constant(name: str) -> float:
    raise Finding(f"the output has the number {name}")


def _finite(value: object, where: str = "output") -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise Finding(f"{where} has {value}")
    if isinstance(value, list):
        for k, v in enumerate(value):
            _finite(v, f"{where}[{k}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            _finite(v, f"{where}.{k}")


def run_one(data: bytes) -> None:
    """One input: the checks of the docstring; raises Finding."""
    global _runs, _inputs
    from collectionlayout.tools import cli
    _inputs += 1
    selector, files = split(data)
    for name, content in zip(("one.json", "two.json"), files[:2]):
        with open(os.path.join(_scratch, name), "wb") as f:
            f.write(content)
    for leftover in ("out.svg", "out.txt"):
        with contextlib.suppress(FileNotFoundError):
            os.remove(os.path.join(_scratch, leftover))
    argv = _argv(selector)
    if argv[0] == "--version":
        usage = len(argv) > 1
    else:
        try:
            cli.parse_arguments(argv)
            usage = False
        except cli.UsageError:
            usage = True
    if _trace:
        print(f"fuzz_cli: argv {argv}", file=sys.__stderr__)
        for k, content in enumerate(files[:2]):
            print(f"fuzz_cli: file {k + 1}: {content[:2000]!r}", file=sys.__stderr__)
    out, err = io.StringIO(), io.StringIO()
    _runs += 1
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except BaseException as error:  # noqa: BLE001 - whatever escapes is the finding
            raise Finding(f"main({argv}) raised {type(error).__name__}: {error}") from error
    stdout, stderr = out.getvalue(), err.getvalue()
    if _trace:
        print(f"fuzz_cli: exit {status}; stderr {stderr!r}; stdout {stdout[:300]!r}",
              file=sys.__stderr__)
    context = f"main({argv}) exited {status}; stderr {stderr[:500]!r}"
    if "Traceback" in stdout or "Traceback" in stderr:
        raise Finding(f"a traceback: {context}")
    if status not in (0, 1, 2):
        raise Finding(f"exit status {status!r}: {context}")
    _statuses[status] += 1
    if (status == 2) != usage:
        raise Finding(f"exit 2 must be exactly the usage mistakes (usage: {usage}): {context}")
    if status:
        if stdout:
            raise Finding(f"exit {status} with output on stdout {stdout[:200]!r}: {context}")
        if not stderr.startswith("error: ") or not stderr.endswith("\n") or stderr.count("\n") != 1:
            raise Finding(f"stderr is not one line beginning 'error: ': {context}")
        if stderr.startswith("error: internal error"):
            raise Finding(f"an unexpected exception reached main's last resort: {context}")
        return
    if stderr:
        raise Finding(f"exit 0 with stderr: {context}")
    if argv[0] == "render":
        picture = [a.partition("=")[2] or argv[k + 1] for k, a in enumerate(argv)
                   if a.partition("=")[0] in ("-o", "--output")][-1]
        if not os.path.getsize(picture):
            raise Finding(f"render exited 0 but wrote no picture: {context}")
        return
    if argv[0] == "--version":
        return
    try:
        answer = json.loads(stdout, parse_constant=_no_constant)
    except ValueError as error:
        raise Finding(f"stdout is not JSON ({error}): {context}") from error
    _finite(answer)


# ---- The structure-aware mutator ----------------------------------------------------------

KEYS = ["viewport", "layout", "sections", "style", "items", "item_count", "item_size", "insets",
        "line_spacing", "interitem_spacing", "header", "footer", "alignment", "cross_alignment",
        "inline", "rows", "columns", "offset", "decorations", "frames", "direction", "pin_headers",
        "pin_footers", "anchoring", "kind", "scope", "coverage", "z", "before", "extent",
        "delete_sections", "insert_sections", "move_sections", "delete_items", "insert_items",
        "move_items", "reload_items", "reload_sections", "old", "new", "versions", "section_versions",
        "element_limit", "content_insets", "display_scale", "layout_direction", "spans", "packing",
        "effect", "keylines", "curve", "fraction", "scale", "alpha", "global_header", "global_footer",
        "pin_global_header", "pin_global_footer", "badges", "anchor", "badge_anchor", "fractional", "size",
        "item", "collapse", "min", "mode", "snap", "stretch", "fill", "shrink", "bogus"]
WORDS = ["flow", "orthogonal", "grid", "waterfall", "custom", "horizontal", "vertical",
         "justified", "leading", "center", "trailing", "start", "end", "section", "item", "body",
         "items", "header", "footer", "background", "separator", "cell", "", "x" * 70, "\u00e9",
         "\ud800", "NaN", "full", "remaining", "sparse", "dense", "ltr", "rtl", "linear", "ease-in-out",
         "global_header", "global_footer", "supplementary", "top", "bottom", "count", "dot", "scroll",
         "pinned", "floating", "floating-pinned"]
NUMBERS = [0, 1, -1, 2, 3, 7, 0.5, -0.5, 1e12, 10**12, 2**28, 2**28 + 1, 2**31, 2**53 + 1, 2**63 - 1,
           2**63, 2**64, 2**64 - 1, -2**63, -2**63 - 1, 10**400, 1e308, -1e308, 1.7976931348623157e308,
           5e-324, float("nan"), float("inf"), float("-inf"), -0.0, 268435456, 4000]


def _nodes(value, limit=20_000, depth=64):
    """(path, node) pairs of a JSON value, at most `limit` of them and `depth` deep: mutations
    share nodes (a list extended by 300 copies of an element), and a value whose nodes are
    shared at every level has exponentially many paths."""
    found, stack = [], [((), value)]
    while stack and len(found) < limit:
        path, node = stack.pop()
        found.append((path, node))
        room = limit - len(found) - len(stack)
        if len(path) >= depth or room <= 0 or not isinstance(node, (list, dict)):
            continue
        children = list(enumerate(node) if isinstance(node, list) else node.items())[:room]
        stack.extend((path + (k,), v) for k, v in reversed(children))
    return found


def _random_value(rng: random.Random, donor):
    r = rng.random()
    if r < 0.4:
        return rng.choice(NUMBERS)
    if r < 0.55:
        return rng.choice(WORDS)
    if r < 0.65:
        return rng.choice([None, True, False, [], {}, [0], [0, 0], [0, 0, 0, 0], [[0, 0]], {"": 0},
                           ["top", "trailing"], ["bottom", "leading"], ["top", "bottom"], ["top", "top"],
                           [{"kind": "count", "size": [20, 20]}], [{"kind": "count", "item": 0}],
                           {"kind": "count", "item": 1, "size": [8, 8]}])
    if r < 0.75:
        depth = rng.choice([3, 50, 500, 5000])
        return json.loads("[" * depth + "]" * depth)
    if r < 0.9 and donor is not None:
        return donor
    return [rng.choice(NUMBERS) for _ in range(rng.choice([1, 2, 3, 4, 5, 8]))]


def _set(root, path, value):
    if not path:
        return value
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return root


def mutate_json(value, rng: random.Random):
    nodes = list(_nodes(value))
    path, node = rng.choice(nodes)
    donor = rng.choice(nodes)[1]
    r = rng.random()
    if isinstance(node, dict) and r < 0.35:
        if node and rng.random() < 0.4:
            del node[rng.choice(list(node))]
        else:
            node[rng.choice(KEYS)] = _random_value(rng, donor)
        return value
    if isinstance(node, list) and r < 0.35:
        choice = rng.random()
        if node and choice < 0.3:
            del node[rng.randrange(len(node))]
        elif node and choice < 0.6:
            node.extend([node[rng.randrange(len(node))]] * rng.choice([1, 2, 10, 300]))
        elif choice < 0.8:
            node.insert(rng.randrange(len(node) + 1), _random_value(rng, donor))
        else:
            node.clear()
        return value
    if isinstance(node, (int, float)) and not isinstance(node, bool) and r < 0.6:
        n = rng.choice(NUMBERS)
        if rng.random() < 0.3:
            n = rng.choice([node + 1, node - 1, -node, node * 1e6, str(node)]) if isinstance(node, int) or math.isfinite(node) else n
        return _set(value, path, n)
    return _set(value, path, _random_value(rng, donor))


def _dump(value, rng: random.Random) -> bytes:
    try:
        text = json.dumps(value, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.8)
    except (ValueError, RecursionError):
        text = "[]"
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.05:
        data = data[:rng.randrange(len(data) + 1)]
    return data


def custom_mutator(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    if rng.random() < 0.25:
        return atheris.Mutate(data, max_size) if _fuzzing else _byte_mutate(data, rng)
    selector, files = split(data)
    if rng.random() < 0.1:
        selector = rng.randrange(256)
    k = rng.randrange(2)
    try:
        value = json.loads(files[k])
    except (ValueError, RecursionError):
        value = None
    if value is None or rng.random() < 0.1:
        files[k] = atheris.Mutate(files[k], max(len(files[k]) * 2, 64)) if _fuzzing else \
            _byte_mutate(files[k], rng)
    else:
        try:
            for _ in range(rng.choice([1, 1, 2, 3])):
                value = mutate_json(value, rng)
            files[k] = _dump(value, rng)
        except (ArithmeticError, RecursionError, ValueError, TypeError):
            files[k] = _byte_mutate(files[k], rng)
    out = join(selector, files)
    return out[:max_size] if len(out) > max_size else out


def _byte_mutate(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.choice([1, 2, 4, 8])):
        r = rng.random()
        if b and r < 0.4:
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif b and r < 0.6:
            del b[rng.randrange(len(b)):][:rng.randrange(1, 8)]
        elif r < 0.8:
            b[rng.randrange(len(b) + 1):0] = rng.choice([b"NaN", b"1e999", b"-", b"[", b"}", b'"', b"\0\0", b"0" * 30])
        elif b:
            i = rng.randrange(len(b))
            b[i:i] = b[i:i + rng.randrange(1, 64)]
    return bytes(b)


def test_one_input(data: bytes) -> None:
    run_one(data)


# ---- Without atheris ------------------------------------------------------------------------

def fallback(seconds: float, folders: list[str]) -> int:
    """Random mutations of the corpus with the same checks (when atheris cannot be installed)."""
    pool = []
    for folder in folders:
        paths = [folder] if os.path.isfile(folder) else \
            [os.path.join(folder, n) for n in sorted(os.listdir(folder))]
        for path in paths:
            with open(path, "rb") as f:
                pool.append(f.read())
    if seconds <= 0:  # replay only
        for data in pool:
            run_one(data)
        return 0
    rng = random.Random(int(os.environ.get("FUZZ_SEED", "0")) or None)
    end = time.monotonic() + seconds
    executed = 0
    while time.monotonic() < end:
        data = custom_mutator(rng.choice(pool), 1 << 16, rng.randrange(1 << 30))
        try:
            run_one(data)
        except Finding:
            os.makedirs("build/fuzz/findings/fuzz_cli", exist_ok=True)
            path = f"build/fuzz/findings/fuzz_cli/crash-{executed}"
            with open(path, "wb") as f:
                f.write(data)
            print(f"fuzz_cli: finding written to {path}", file=sys.stderr)
            raise
        executed += 1
        if rng.random() < 0.2:
            pool.append(data)
    import resource
    print(f"stat::number_of_executed_units: {executed}", file=sys.stderr)
    print(f"stat::peak_rss_mb: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}", file=sys.stderr)
    print(f"stat::average_exec_per_sec: {int(executed / seconds)}", file=sys.stderr)
    return 0


def _cap_memory() -> None:
    """The library refuses a layout whose memory estimate is over three quarters of the
    process's data limit (SPEC §11, CL_ERROR_LIMIT): libFuzzer's RSS limit becomes that limit,
    so that a scene of a few hundred million items is an `error:` line, as for a host with that
    little memory, and not a process stopped at the RSS limit."""
    import resource
    for a in sys.argv:
        if a.startswith("-rss_limit_mb="):
            limit, hard = int(a.split("=", 1)[1]) << 20, resource.getrlimit(resource.RLIMIT_DATA)[1]
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def main() -> None:
    _cap_memory()
    atexit.register(_report)
    if len(sys.argv) > 1 and sys.argv[1] == "--fallback" or atheris is None:
        args = [a for a in sys.argv[1:] if a != "--fallback"]
        seconds = 0.0
        for a in args:
            if a.startswith("-max_total_time="):
                seconds = float(a.split("=", 1)[1])
        if args and not args[0].startswith("-"):
            with contextlib.suppress(ValueError):
                seconds = float(args.pop(0))
        print("fuzz_cli: atheris is missing (pip install atheris): random mutations instead"
              if atheris is None else "fuzz_cli: random mutations", file=sys.stderr)
        sys.exit(fallback(seconds, [a for a in args if not a.startswith("-")]))
    # libFuzzer ends the process with exit() (after -max_total_time, or at a finding): the
    # figures are printed from a C atexit handler, since Python's atexit does not run then.
    import ctypes
    global _c_report
    _c_report = ctypes.CFUNCTYPE(None, ctypes.c_int, ctypes.c_void_p)(lambda status, arg: _report())
    ctypes.CDLL(None).on_exit(_c_report, None)
    atexit.unregister(_report)
    with atheris.instrument_imports(include=["collectionlayout"]):
        import collectionlayout.tools.cli  # noqa: F401
        import collectionlayout.tools._commands  # noqa: F401
        import collectionlayout.tools.render  # noqa: F401
        import collectionlayout.diff  # noqa: F401
        import collectionlayout.updates  # noqa: F401
    global _fuzzing
    _fuzzing = True
    atheris.Setup(sys.argv, test_one_input, custom_mutator=custom_mutator)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
