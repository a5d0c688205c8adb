"""The command line (SPEC §12):

    python3 -m collectionlayout dump SCENE [--rect x,y,w,h]
    python3 -m collectionlayout render SCENE -o FILE.svg|FILE.png [--rect x,y,w,h]
    python3 -m collectionlayout update SCENE UPDATE
    python3 -m collectionlayout diff IDS
    python3 -m collectionlayout self-size SCENE MEASURED
    python3 -m collectionlayout target-offset SCENE --proposed P --velocity V
        [--snap none|line|page|line-paging] [--rate R] [--section S]
        (with --section: --snap none|item|page|item-paging|item-centered)
    python3 -m collectionlayout scroll-to SCENE CATEGORY KIND SECTION ITEM
        [--position start|center|end|nearest]
    python3 -m collectionlayout transition SCENE_A SCENE_B --progress t [--rect x,y,w,h]
    python3 -m collectionlayout move SCENE --item s,i --positions x,y[;x,y...] [--commit|--cancel]
    python3 -m collectionlayout render SCENE -o FILE.gif|FILE.png [--rect x,y,w,h]
        (--update UPDATE | --transition SCENE_B | --move s,i --positions x,y[;x,y...]
        [--commit|--cancel]) [--frames N] [--duration MS]: an animated GIF or APNG
    python3 -m collectionlayout --version

JSON on stdout. An option takes its value as the next argument or after `=` (a value may begin
with `-`: `--rect -10,0,100,100`). Refused input prints one stderr line beginning `error: ` and
exits 1; an unknown command or option, or a missing or unparsable argument, exits 2. Never a
traceback.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

USAGE = ("usage: python3 -m collectionlayout dump SCENE [--rect x,y,w,h] | "
         "render SCENE -o FILE.svg|FILE.png [--rect x,y,w,h] | update SCENE UPDATE | "
         "diff IDS | self-size SCENE MEASURED | target-offset SCENE --proposed P --velocity V "
         "[--snap S] [--rate R] [--section S] | scroll-to SCENE CATEGORY KIND SECTION ITEM "
         "[--position P] | transition SCENE_A SCENE_B --progress t [--rect x,y,w,h] | "
         "move SCENE --item s,i --positions x,y[;x,y...] [--commit|--cancel] | --version")


class UsageError(Exception):
    """Exit 2: an unknown command or option, a missing or unparsable argument."""


def _rect(text: str) -> tuple[float, float, float, float]:
    parts = text.split(",")
    try:
        values = tuple(float(part) for part in parts)
    except ValueError:
        values = ()
    if len(values) != 4 or not all(math.isfinite(v) for v in values):
        raise UsageError(f"--rect must be x,y,w,h (four finite numbers), not {text!r}")
    return values[0], values[1], values[2], values[3]


def _finite(name: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise UsageError(f"{name} must be a finite number, not {text!r}")
        return value
    return parse


def _integer(name: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"{name} must be an integer, not {text!r}") from None
    return parse


def _choice(name: str, choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in choices:
            raise UsageError(f"{name} must be one of {'|'.join(choices)}, not {text!r}")
        return text
    return parse


# self-size, target-offset, scroll-to (SPEC §12): their options; --snap is checked against
# the names of its mode (with or without --section) after parsing.
_TARGET_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--proposed": ("proposed", _finite("--proposed")), "--velocity": ("velocity", _finite("--velocity")),
    "--snap": ("snap", str), "--rate": ("rate", _finite("--rate")),
    "--section": ("section", _integer("--section"))}
# ---- transition, move, animated render (issue 11) ----

def _number(option: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            return float(text)  # nan and out-of-range values are the library's to refuse (exit 1)
        except ValueError:
            raise UsageError(f"{option} must be a number, not {text!r}") from None
    return parse


def _count(option: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if not 1 <= value <= 10000:
            raise UsageError(f"{option} must be a whole number from 1 to 10000, not {text!r}")
        return value
    return parse


def _path(option: str) -> Callable[[str], tuple[int, int]]:
    def parse(text: str) -> tuple[int, int]:
        parts = text.split(",")
        try:
            values = tuple(int(part) for part in parts)
        except ValueError:
            values = ()
        if len(values) != 2:
            raise UsageError(f"{option} must be s,i (a section and an item), not {text!r}")
        return values[0], values[1]
    return parse


def _positions(text: str) -> list[tuple[float, float]]:
    result = []
    for point in text.split(";"):
        try:
            x, y = (float(part) for part in point.split(","))
        except ValueError:
            x = y = math.nan
        if not (math.isfinite(x) and math.isfinite(y)):
            raise UsageError(f"--positions must be x,y[;x,y...] (finite numbers), not {text!r}")
        result.append((x, y))
    return result


# options without a value: option -> (value name, value); one value name once per command
_FLAGS: dict[str, dict[str, tuple[str, str]]] = {
    "move": {"--commit": ("end", "commit"), "--cancel": ("end", "cancel")},
    "render": {"--commit": ("end", "commit"), "--cancel": ("end", "cancel")},
}
_MOTION_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--update": ("update", str), "--transition": ("transition", str),
    "--move": ("item", _path("--move")), "--positions": ("positions", _positions),
    "--frames": ("frames", _count("--frames")), "--duration": ("duration", _count("--duration")),
}

# ---- end of issue 11's options ----

# command: (positional names, {option: (value name, parser)}, required options)
_COMMANDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, Callable[[str], Any]]],
                           set[str]]] = {
    "dump": (("scene",), {"--rect": ("rect", _rect)}, set()),
    "render": (("scene",), {"--rect": ("rect", _rect), "-o": ("output", str),
                            "--output": ("output", str)}, {"output"}),
    "update": (("scene", "update"), {}, set()),
    "diff": (("ids",), {}, set()),
    "self-size": (("scene", "measured"), {}, set()),
    "target-offset": (("scene",), _TARGET_OPTIONS, {"proposed", "velocity"}),
    "scroll-to": (("scene", "category", "kind", "section", "item"),
                  {"--position": ("position", _choice("--position", ("start", "center", "end", "nearest")))},
                  set()),
    "transition": (("scene_a", "scene_b"), {"--progress": ("progress", _number("--progress")),
                                            "--rect": ("rect", _rect)}, {"progress"}),
    "move": (("scene",), {"--item": ("item", _path("--item")), "--positions": ("positions", _positions)},
             {"item", "positions"}),
}
_COMMANDS["render"][1].update(_MOTION_OPTIONS)


def parse_arguments(argv: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """(command, {name: value}); raises UsageError."""
    if not argv:
        raise UsageError("a command is missing")
    command, rest = argv[0], list(argv[1:])
    if command not in _COMMANDS:
        raise UsageError(f"unknown command {command!r}" if not command.startswith("-") else
                         f"unknown option {command!r}")
    positional, options, required = _COMMANDS[command]
    values: dict[str, Any] = {}
    given: list[str] = []
    while rest:
        argument = rest.pop(0)
        if argument == "--":
            given += rest
            break
        if argument in _FLAGS.get(command, {}):
            key, flag = _FLAGS[command][argument]
            if key in values:
                raise UsageError(f"{' and '.join(_FLAGS[command])} exclude each other")
            values[key] = flag
            continue
        if argument.startswith("-") and len(argument) > 1:
            name, equals, value = argument.partition("=")
            if name not in options:
                raise UsageError(f"unknown option {name!r} for {command}")
            if not equals:
                if not rest:
                    raise UsageError(f"option {name} needs a value")
                value = rest.pop(0)  # taken as given, even if it begins with '-'
            key, convert = options[name]
            values[key] = convert(value)
        else:
            given.append(argument)
    if len(given) < len(positional):
        raise UsageError(f"{command}: {', '.join(positional[len(given):]).upper()} is missing")
    if len(given) > len(positional):
        raise UsageError(f"{command}: unexpected argument {given[len(positional)]!r}")
    values.update(zip(positional, given))
    for key in sorted(required - set(values)):
        raise UsageError(f"{command}: the option for {key} is missing "
                         f"({' or '.join(o for o, (k, _) in options.items() if k == key)})")
    if command == "target-offset":
        from ._targets_commands import SCROLL_SNAPS, SECTION_SNAPS
        snaps = SECTION_SNAPS if "section" in values else SCROLL_SNAPS
        _choice("--snap" + (" with --section" if "section" in values else ""), snaps)(
            values.get("snap", "none"))
    if command == "scroll-to":
        for key in ("section", "item"):
            values[key] = _integer(key.upper())(values[key])
    return command, values


def _version() -> str:
    from . import __version__, _lib
    try:
        major, minor, patch = _lib.version()
        library = f"library {major}.{minor}.{patch}"
    except Exception as error:  # noqa: BLE001 - the version line says why
        library = f"library not loaded ({str(error).splitlines()[0]})"
    return f"collectionlayout {__version__} (Python package), {library}"


def _run(command: str, values: dict[str, Any]) -> None:
    from . import _commands, render, scene
    if command in ("self-size", "target-offset", "scroll-to"):
        from . import _targets_commands as targets
        if command == "self-size":
            answer = targets.run_self_size(values["scene"], values["measured"])
        elif command == "target-offset":
            answer = targets.run_target_offset(values["scene"], values["proposed"], values["velocity"],
                                               values.get("snap", "none"), values.get("rate", 0.998),
                                               values.get("section"))
        else:
            answer = targets.run_scroll_to(values["scene"], values["category"], values["kind"],
                                           values["section"], values["item"],
                                           values.get("position", "start"))
        sys.stdout.write(json.dumps(answer, indent=1) + "\n")
        return
    if command in ("transition", "move") or (command == "render" and any(
            key in values for key in ("update", "transition", "item", "positions", "end"))):
        from . import _motion_commands
        if command == "render":
            _motion_commands.render_motion(values)
            return
        answer = _motion_commands.run_transition(
            values["scene_a"], values["scene_b"], values["progress"], values.get("rect")) \
            if command == "transition" else _motion_commands.run_move(
                values["scene"], values["item"], values["positions"], values.get("end"))
        sys.stdout.write(json.dumps(answer, indent=1) + "\n")
        return
    if command in ("update", "diff"):
        answer = _commands.run_update(values["scene"], values["update"]) \
            if command == "update" else _commands.run_diff(values["ids"])
        sys.stdout.write(json.dumps(answer, indent=1) + "\n")
        return
    layout = scene.read(values["scene"]).build()
    with layout:
        if command == "dump":
            text = json.dumps(scene.dump(layout, values.get("rect")), indent=1)
            sys.stdout.write(text + "\n")
        else:
            render.render(layout, values["output"], values.get("rect"))


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status (0, 1 refused input, 2 usage)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        if arguments and arguments[0] in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if arguments and arguments[0] == "--version":
            if len(arguments) > 1:
                raise UsageError(f"--version takes no arguments, not {arguments[1]!r}")
            print(_version())
            return 0
        command, values = parse_arguments(arguments)
    except UsageError as error:
        print(f"error: {_one_line(error)} ({USAGE})", file=sys.stderr)
        return 2
    try:
        _run(command, values)
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except (ValueError, OSError, ImportError, LookupError, MemoryError) as error:
        # SceneError, the library's errors (CollectionLayoutError subclasses), files
        print(f"error: {_one_line(error)}", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - never a traceback (SPEC §12)
        from .errors import CollectionLayoutError
        if isinstance(error, CollectionLayoutError):
            print(f"error: {_one_line(error)}", file=sys.stderr)
        else:
            print(f"error: internal error: {type(error).__name__}: {_one_line(error)}",
                  file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
