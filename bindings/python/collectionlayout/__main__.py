"""python3 -m collectionlayout dump SCENE.json [--rect x,y,w,h]
python3 -m collectionlayout render SCENE.json -o OUT.svg|OUT.png [--rect x,y,w,h]"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import render, scene
from .errors import CollectionLayoutError


def _rect(text: str) -> tuple[float, float, float, float]:
    try:
        x, y, w, h = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected x,y,w,h, not {text!r}") from None
    return (x, y, w, h)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m collectionlayout",
                                     description="Lay out a scene file (SPEC §12).")
    commands = parser.add_subparsers(dest="command", required=True)
    dump = commands.add_parser("dump", help="print the content size and elements as JSON")
    draw = commands.add_parser("render", help="draw the layout to an .svg or .png file")
    draw.add_argument("-o", "--output", required=True, help="FILE.svg or FILE.png")
    for command in (dump, draw):
        command.add_argument("scene", help="a scene JSON file")
        command.add_argument("--rect", type=_rect, metavar="x,y,w,h",
                             help="only the elements that overlap this rect "
                                  "(write --rect=-10,0,100,100 for a negative x)")
    args = parser.parse_args(argv)
    try:
        with scene.load(args.scene) as layout:
            if args.command == "dump":
                json.dump(scene.dump(layout, args.rect), sys.stdout, indent=1)
                sys.stdout.write("\n")
            else:
                render.render(layout, args.output, args.rect)
    except (OSError, ValueError, ImportError, CollectionLayoutError) as error:
        print(f"collectionlayout: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
