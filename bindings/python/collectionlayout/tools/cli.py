"""python3 -m collectionlayout: the command line of the layout engine.

    python3 -m collectionlayout [--compact] COMMAND ARGUMENTS...

    dump SCENE [--rect x,y,w,h] [--scroll o,o,...]   every element, or those in the rect
    render SCENE -o FILE.svg|FILE.png [--rect x,y,w,h]
    render SCENE -o FILE.gif|FILE.png (--update UPDATE | --transition SCENE_B |
        --move s,i --positions x,y[;x,y...] [--commit|--cancel] |
        --scroll o,o,... [--section S]) [--frames N] [--duration MS]
                                                     an animated GIF or APNG
    update SCENE UPDATE                              a batch update's records
    diff IDS                                         the update between two id lists
    self-size SCENE MEASURED                         measured item sizes, the anchored viewport
    target-offset SCENE --proposed P --velocity V
        [--snap none|line|page|line-paging|line-center|line-end]
        [--rate R] [--section S (then --snap none|item|page|item-paging|item-centered)]
    scroll-to SCENE CATEGORY KIND SECTION ITEM [--position start|center|end|nearest]
    transition SCENE_A SCENE_B --progress t [--rect x,y,w,h]
    move SCENE --item s,i --positions x,y[;x,y...] [--commit|--cancel]
    hit SCENE x,y [--categories cells|all]           the topmost element at a point
    fling SCENE --velocity V [--snap S] [--rate R] [--section S] [--from P] [--times t1,t2,...]
                                                     a fling's target, curve and samples
    rubber-band SCENE --offset O [--section S]       where a drag past an end shows the origin
    focus SCENE CATEGORY KIND SECTION ITEM --direction up|down|left|right|next|previous
        [--edge stop|wrap|continuous] [--supplementaries KIND[,KIND...]]
        [--history DIRECTION,CATEGORY,KIND,SECTION,ITEM] [--remembered s,i[;s,i...]]
                                                     where focus goes, the viewport that shows it
    prefetch SCENE --velocity V [--ahead A] [--behind B] [--horizon T] [--fps F] [--section S]
                                                     the elements to prepare, in order
    --version | --help

JSON on stdout, indented with every number list on one line; --compact (before or after the
command) prints it on one line. An option takes its value as the next argument or after `=`
(a value may begin with `-`: `--rect -10,0,100,100`). Refused input prints one stderr line
beginning `error: ` and exits 1; an unknown command or option, or a missing or unparsable
argument, exits 2. Never a traceback.

The contract is docs/SPEC.md §12; the file formats (SCENE, UPDATE, IDS, MEASURED) and an
example of every command are in docs/cli.md.
"""

# This module is the command line; collectionlayout/__main__.py (python3 -m collectionlayout)
# and the `collectionlayout` console script run its main(). Its docstring is the --help text.

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import _focus_commands  # focus, prefetch (SPEC §13, §14)
from ._usage import UsageError, _choice, _integer, _number

USAGE = ("usage: python3 -m collectionlayout [--compact] COMMAND ... with COMMAND one of dump, "
         "render, update, diff, self-size, target-offset, scroll-to, transition, move, hit, fling, "
         "rubber-band, focus, prefetch; "
         "--help lists their arguments, docs/cli.md has the formats")


def _numbers(option: str, what: str) -> Callable[[str], list[float]]:
    """v1,v2,...: numbers (one the library refuses, NaN say, is exit 1, not a usage error)."""
    def parse(text: str) -> list[float]:
        try:
            return [float(part) for part in text.split(",")]
        except ValueError:
            raise UsageError(f"{option} must be {what}, not {text!r}") from None
    return parse


_times = _numbers("--times", "t1,t2,... (numbers of seconds)")
_origins = _numbers("--scroll", "o1,o2,... (scroll-axis origins)")


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


# self-size, target-offset, scroll-to (SPEC §12): their options; --snap is checked against
# the names of its mode (with or without --section) after parsing.
_TARGET_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--proposed": ("proposed", _finite("--proposed")), "--velocity": ("velocity", _finite("--velocity")),
    "--snap": ("snap", str), "--rate": ("rate", _finite("--rate")),
    "--section": ("section", _integer("--section"))}
# ---- transition, move, animated render (issue 11) ----

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


def _point(text: str) -> tuple[float, float]:
    """x,y: two numbers (one that is not finite is the library's to refuse, exit 1)."""
    parts = text.split(",")
    try:
        values = tuple(float(part) for part in parts)
    except ValueError:
        values = ()
    if len(values) != 2:
        raise UsageError(f"the point must be x,y (two numbers), not {text!r}")
    return values[0], values[1]


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
    "--scroll": ("scroll", _origins), "--section": ("section", _integer("--section")),
}

# ---- end of issue 11's options ----


# fling and rubber-band (SPEC §22): --snap is checked like target-offset's.
_FLING_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--velocity": ("velocity", _number("--velocity")), "--snap": ("snap", str),
    "--rate": ("rate", _number("--rate")), "--section": ("section", _integer("--section")),
    "--from": ("start", _number("--from")), "--times": ("times", _times)}

# command: (positional names, {option: (value name, parser)}, required options)
_COMMANDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, Callable[[str], Any]]],
                           set[str]]] = {
    "dump": (("scene",), {"--rect": ("rect", _rect), "--scroll": ("scroll", _origins)}, set()),
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
    "hit": (("scene", "point"), {"--categories": ("categories", _choice("--categories", ("cells", "all")))},
            set()),
    "fling": (("scene",), _FLING_OPTIONS, {"velocity"}),
    "rubber-band": (("scene",), {"--offset": ("offset", _number("--offset")),
                                 "--section": ("section", _integer("--section"))}, {"offset"}),
}
_COMMANDS["render"][1].update(_MOTION_OPTIONS)
_COMMANDS.update(_focus_commands.COMMANDS)


def parse_arguments(argv: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """(command, {name: value}); raises UsageError. The command is "--help" or "--version"
    for those; values["compact"] says whether --compact was given (anywhere before `--`)."""
    rest = list(argv)
    compact = False
    while rest and rest[0] == "--compact":
        compact = True
        rest.pop(0)
    if not rest:
        raise UsageError("a command is missing")
    command, rest = rest[0], rest[1:]
    if command in ("-h", "--help"):
        return "--help", {}
    if command == "--version":
        extra = [argument for argument in rest if argument != "--compact"]
        if extra:
            raise UsageError(f"--version takes no arguments, not {extra[0]!r}")
        return "--version", {}
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
        if argument in ("-h", "--help"):
            return "--help", {}
        if argument == "--compact":
            compact = True
            continue
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
    if command in ("target-offset", "fling"):
        from ._targets_commands import SCROLL_SNAPS, SECTION_SNAPS
        snaps = SECTION_SNAPS if "section" in values else SCROLL_SNAPS
        _choice("--snap" + (" with --section" if "section" in values else ""), snaps)(
            values.get("snap", "none"))
    if command == "scroll-to":
        for key in ("section", "item"):
            values[key] = _integer(key.upper())(values[key])
    if command == "hit":
        values["point"] = _point(values["point"])
    _focus_commands.check(command, values)
    values["compact"] = compact
    return command, values


def format_json(value: Any, compact: bool = False) -> str:
    """The one formatter of every command's answer. Compact: one line. Otherwise indented by
    two spaces, but a list without objects in it stays on one line when it is of plain values
    (a frame, a size, an index path, an identity: a frame reads as one line, not six) or short
    (a move's pair of paths); a longer one has an entry per line. Numbers as json.dumps."""
    if compact:
        return json.dumps(value, separators=(",", ":"))
    return _indented(value, "")


_SHORT = 72  # characters: a list of lists this long or shorter stays on one line


def _indented(value: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value:
        lines = [f"{inner}{json.dumps(str(key))}: {_indented(item, inner)}"
                 for key, item in value.items()]
        return "{\n" + ",\n".join(lines) + "\n" + indent + "}"
    if isinstance(value, (list, tuple)) and value:
        line = json.dumps(value)
        nested = [v for v in value if isinstance(v, (dict, list, tuple))]
        if not nested or (len(line) <= _SHORT and not any(map(_has_object, nested))):
            return line
        return "[\n" + ",\n".join(inner + _indented(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value)


def _has_object(value: Any) -> bool:
    return isinstance(value, dict) or (isinstance(value, (list, tuple)) and
                                       any(map(_has_object, value)))


def _version() -> str:
    from .. import __version__, _lib
    try:
        major, minor, patch = _lib.version()
        library = f"library {major}.{minor}.{patch}"
    except Exception as error:  # noqa: BLE001 - the version line says why
        library = f"library not loaded ({str(error).splitlines()[0]})"
    return f"collectionlayout {__version__} (Python package), {library}"


def _run(command: str, values: dict[str, Any]) -> Any:
    """Runs a command; its JSON answer, or None for a render (it writes a file)."""
    from . import _commands, render, scene
    if command == "self-size":
        from . import _targets_commands as targets
        return targets.run_self_size(values["scene"], values["measured"])
    if command == "target-offset":
        from .._lib import CL_DECELERATION_NORMAL
        from . import _targets_commands as targets
        return targets.run_target_offset(values["scene"], values["proposed"], values["velocity"],
                                         values.get("snap", "none"),
                                         values.get("rate", CL_DECELERATION_NORMAL),
                                         values.get("section"))
    if command in ("fling", "rubber-band"):
        from . import _targets_commands as targets
        return targets.run_physics(command, values)
    if command in _focus_commands.COMMANDS:
        return _focus_commands.run(command, values)
    if command == "scroll-to":
        from . import _targets_commands as targets
        return targets.run_scroll_to(values["scene"], values["category"], values["kind"],
                                     values["section"], values["item"],
                                     values.get("position", "start"))
    if command == "dump" or (command == "render" and "scroll" in values):
        from . import _scroll_commands as scrolling
        if command == "dump":
            return scrolling.run_dump(values)
        scrolling.render_scroll(values)
        return None
    if command in ("transition", "move") or (command == "render" and any(
            key in values for key in ("update", "transition", "item", "positions", "end"))):
        from . import _motion_commands as motion
        if command == "render":
            motion.render_motion(values)
            return None
        if command == "transition":
            return motion.run_transition(values["scene_a"], values["scene_b"], values["progress"],
                                         values.get("rect"))
        return motion.run_move(values["scene"], values["item"], values["positions"],
                               values.get("end"))
    if command == "update":
        return _commands.run_update(values["scene"], values["update"])
    if command == "diff":
        return _commands.run_diff(values["ids"])
    with scene.read(values["scene"]).build() as layout:
        if command == "hit":
            x, y = values["point"]
            element = layout.element_at(x, y, values.get("categories", "cells"))
            return {"element": None if element is None else scene.record(element)}
        render.render(layout, values["output"], values.get("rect"))
        return None


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


def _say(line: str) -> None:
    """One line on stderr; nothing if stderr is gone too (never a second error)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _answer(command: str, values: dict[str, Any]) -> int:
    """Runs the command and prints its answer; the exit status."""
    try:
        answer = _run(command, values)
    except (ValueError, OSError, ImportError, LookupError, MemoryError) as error:
        # SceneError, the library's errors (CollectionLayoutError subclasses), files
        _say(f"error: {_one_line(error)}")
        return 1
    except Exception as error:  # noqa: BLE001 - never a traceback (SPEC §12)
        from ..errors import CollectionLayoutError
        _say(f"error: {_one_line(error)}" if isinstance(error, CollectionLayoutError) else
             f"error: internal error: {type(error).__name__}: {_one_line(error)}")
        return 1
    if answer is not None:
        sys.stdout.write(format_json(answer, values.get("compact", False)) + "\n")
    return 0


def _main(argv: Sequence[str]) -> int:
    try:
        command, values = parse_arguments(argv)
    except UsageError as error:
        _say(f"error: {_one_line(error)} ({USAGE})")
        return 2
    if command == "--help":
        sys.stdout.write((__doc__ or "").strip() + "\n")
        return 0
    if command == "--version":
        sys.stdout.write(_version() + "\n")
        return 0
    return _answer(command, values)


def _stdout_to_devnull() -> None:
    """After a broken pipe: the interpreter's last flush at exit goes nowhere, quietly (else
    it prints 'Exception ignored ... BrokenPipeError' on stderr)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's StringIO)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status: 0, 1 refused input, 2 usage, 130
    interrupted (Ctrl-C), 141 stdout closed early (`... | head`: as a program killed by
    SIGPIPE, without a message)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        status = _main(arguments)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return status
    except BrokenPipeError:
        _stdout_to_devnull()
        return 141
    except OSError as error:  # only stdout's writes get here (_answer catches the rest)
        _stdout_to_devnull()
        _say(f"error: cannot write the answer: {error.strerror or error}")
        return 1
    except KeyboardInterrupt:
        _say("error: interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
