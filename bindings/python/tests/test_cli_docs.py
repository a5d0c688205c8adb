"""docs/cli.md against the command line. The page's convention (it says so itself): every line
of a ```sh block that begins `python3 -m collectionlayout` is an example (a line ending in `\\`
continues on the next), run as written from the repository root; a ```json block right after
an example's block is an excerpt of its output, `...` standing for lines left out. Here each
example runs with this interpreter for `python3` and a scratch folder for `/tmp/`, must exit 0
with nothing on stderr and print JSON (or write its picture), and its excerpt's lines must
appear in its output in order. Every command of the command line needs an example, and every
key the readers accept must be named on the page."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from collectionlayout.tools import _commands, cli, scene
from conftest import REPO

DOC = REPO / "docs" / "cli.md"
PROGRAM = ["python3", "-m", "collectionlayout"]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.M | re.S)
MAGIC = {".svg": b"<svg", ".png": b"\x89PNG", ".gif": b"GIF8"}


def examples() -> list[tuple[str, str | None]]:
    """(command line, the excerpt of its output or None) for every example of docs/cli.md."""
    text = DOC.read_text(encoding="utf-8")
    blocks = list(FENCE.finditer(text))
    found = []
    for number, block in enumerate(blocks):
        if block.group(1) != "sh":
            continue
        lines = block.group(2).replace("\\\n", " ").splitlines()
        commands = [line for line in lines if line.startswith(" ".join(PROGRAM) + " ")]
        following = blocks[number + 1] if number + 1 < len(blocks) else None
        excerpt = None
        if following is not None and following.group(1) == "json" and \
                not text[block.end():following.start()].strip():
            assert len(commands) == 1, f"an excerpt after several examples: {commands}"
            excerpt = following.group(2)
        found += [(command, excerpt if command == commands[-1] else None)
                  for command in commands]
    return found


EXAMPLES = examples()


def arguments(command: str) -> list[str]:
    """The example's arguments after `python3 -m collectionlayout`."""
    argv = shlex.split(command)
    assert argv[:3] == PROGRAM, command
    return argv[3:]


def command_name(argv: list[str]) -> str:
    return next(a for a in argv if a != "--compact")


def output_path(argv: list[str]) -> str | None:
    for k, argument in enumerate(argv):
        name, equals, value = argument.partition("=")
        if name in ("-o", "--output"):
            return value if equals else argv[k + 1]
    return None


def assert_in_order(excerpt: str, output: str, command: str) -> None:
    lines = [line.rstrip() for line in output.splitlines()]
    at = 0
    for wanted in (line.rstrip() for line in excerpt.splitlines()):
        if wanted == "...":
            continue
        assert wanted in lines[at:], (f"docs/cli.md's excerpt line {wanted!r} is not in the "
                                      f"output of {command} (after line {at}):\n{output}")
        at = lines.index(wanted, at) + 1


def _no_constants(name: str) -> None:
    raise ValueError(f"{name} in the output")


@pytest.mark.parametrize("command, excerpt", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_the_example_runs_as_written(command, excerpt, tmp_path):
    argv = arguments(command)
    written = output_path(argv)
    if written is not None:
        assert written.startswith("/tmp/"), f"{command}: examples write under /tmp/"
    # /tmp/ is the scratch folder; the inputs are the repository's, as written
    argv = [a.replace("/tmp/", f"{tmp_path}/") for a in argv]
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    result = subprocess.run([sys.executable, "-m", "collectionlayout", *argv], cwd=REPO,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and not result.stderr, (command, result.stderr)
    if written is not None:
        picture = tmp_path / Path(written).name
        assert picture.read_bytes()[:4] == MAGIC[picture.suffix], command
        assert not result.stdout
    elif command_name(argv) == "--version":
        assert result.stdout.startswith("collectionlayout ")
    else:
        json.loads(result.stdout, parse_constant=_no_constants)
        if "--compact" in argv:
            assert result.stdout.count("\n") == 1, "--compact prints one line"
    if excerpt is not None:
        assert_in_order(excerpt, result.stdout, command)


def test_every_command_has_an_example():
    documented = {command_name(arguments(command)) for command, _ in EXAMPLES}
    missing = sorted(set(cli._COMMANDS) - documented)
    assert not missing, f"docs/cli.md has no example of {', '.join(missing)}"
    animated = [argv for argv in (arguments(c) for c, _ in EXAMPLES)
                if command_name(argv) == "render" and
                {"--update", "--transition", "--move"} & {a.partition("=")[0] for a in argv}]
    assert animated, "docs/cli.md has no example of the animated render"
    assert any("--compact" in arguments(c) for c, _ in EXAMPLES), "no example of --compact"
    assert "--version" in documented, "no example of --version"
    text = DOC.read_text(encoding="utf-8")
    for name in cli._COMMANDS:
        assert f"\n### {name}\n" in text, f"docs/cli.md has no section '### {name}'"


def test_every_key_of_the_input_files_is_named():
    text = DOC.read_text(encoding="utf-8")
    keys = {"scene": scene._SCENE_KEYS, "layout": scene._LAYOUT_KEYS,
            "section": scene._SECTION_KEYS, "decoration": scene._DECORATION_KEYS,
            "inline element": scene._INLINE_KEYS, "UPDATE": _commands._UPDATE_KEYS,
            "IDS": {"old", "new", *_commands._SIDE_KEYS}, "MEASURED": {"items"}}
    for where, names in keys.items():
        missing = sorted(k for k in names
                         if not re.search(rf"[`\"](layout\.)?{re.escape(k)}[`\"]", text))
        assert not missing, f"docs/cli.md does not name the {where} keys {missing}"


def test_the_examples_inputs_exist():
    for command, _ in EXAMPLES:
        for argument in arguments(command):
            if argument.endswith(".json"):
                assert (REPO / argument).is_file(), f"{command}: {argument} does not exist"
