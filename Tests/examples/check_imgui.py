"""make test-imgui: runs examples/imgui/photo_wall headless and checks what it did and drew.

    python3 Tests/examples/check_imgui.py build/examples/imgui_photo_wall OUT_DIR

With SDL's dummy video driver, the software renderer and its scripted input, the Dear ImGui
photo wall (100,000 photos through include/collectionlayout.hpp) flings down with the wheel, is
dragged and released, is pulled past its start and springs back, reorders a photo with a
right-button drag (interactive movement), switches to grids and back (transitions between two
layouts; the second screenshot is taken during one), moves a focus ring with a game controller's
d-pad and the arrow keys, and inserts 3 photos, shuffles 6 and deletes 3 (the last screenshot is
taken while they animate). The checks read its report and its three screenshots for content, not
pixels: it exits 0; it was pulled past its start less far than the drag (rubber band); the focus
path is the expected one (down through a flow section, into the shelf below it, along it, down
into a grid and back up by the history, along the shelf, down, left and up into the shelf again,
which gives back its remembered photo); the insert, shuffle and delete (batch updates) give
records to animate; the library's time per frame is reported; each screenshot is the window's
size, has many colours and the cards' palette; the last one shows the focus ring.
Pillow reads the BMPs (a required test dependency: make test installs it in .build/venv).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from checks import CARDS, FOCUS_RING, check, finish

WIDTH, HEIGHT = 960, 640  # the window, examples/imgui/photo_wall.cpp
# (h): the move retraced the history; (r): the shelf gave the photo it remembers (1.2, not 1.1,
# which is above 2.1)
FOCUS_PATH = "0.0 0.7 0.14 0.20 0.27 0.34 0.40 0.47 1.0 1.1 2.1 1.1(h) 1.2 2.2 2.1 1.2(r)"



def main(program: str, out_dir: str) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    shots = [out / f"photo_wall_{n}.bmp" for n in (1, 2, 3)]
    for shot in shots:
        shot.unlink(missing_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([program, "--headless", "--screenshots", str(out)], env=env,
                            capture_output=True, text=True, timeout=120)
    print(result.stdout + result.stderr, end="")
    check(result.returncode == 0, f"the photo wall exits with 0 (it exited with {result.returncode})")

    report = result.stdout
    made = re.search(r"^layout of 100000 photos in (\d+) sections made in ([\d.]+) ms$", report, re.M)
    check(made is not None, "it laid out 100,000 photos")
    pulled = re.search(r"^300 frames; at y=(-?\d+) \(at most y=(\d+)\), pulled (\d+) points past the start at most",
                       report, re.M)
    check(pulled is not None and int(pulled.group(2)) > 1000,
          f"the wheel and the drag flung the wall down (as far as y={pulled.group(2) if pulled else None})")
    check(pulled is not None and 0 < int(pulled.group(3)) < 300,
          "a drag of 300 points past the start pulled the wall less far (rubber band)")
    path = re.search(r"^focus path: (.*)$", report, re.M)
    check(path is not None and path.group(1) == FOCUS_PATH,
          f"the scripted focus path visits the expected photos ({path.group(1) if path else None})")
    updates = re.search(r"^insert: (\d+) records to animate, shuffle: (\d+), delete: (\d+)$", report, re.M)
    check(updates is not None and all(int(n) > 3 for n in updates.groups()),
          f"the scripted insert, shuffle and delete (batch updates) gave records to animate "
          f"({updates.groups() if updates else None})")
    changed = re.search(r"^frames that changed the layout \(batch update, new layout, reorder\): (\d+),", report, re.M)
    check(changed is not None and int(changed.group(1)) >= 5,
          "frames changed the layout: to grids and back (transitions), a drag to reorder, the insert")
    check(re.search(r"^reordered: 1 photos dragged to another place$", report, re.M) is not None,
          "a photo was dragged to another place (interactive movement, committed)")
    timing = re.search(r"^library time per frame: mean ([\d.]+) ms, max ([\d.]+) ms", report, re.M)
    check(timing is not None and float(timing.group(1)) > 0,
          f"it reports the library's time per frame ({timing.group(0) if timing else None})")
    # Not a pass/fail: a loaded test machine says nothing of the library (docs/performance.md).
    if timing and float(timing.group(1)) >= 0.2:
        print(f"note  the mean library time per frame is {timing.group(1)} ms (target < 0.2 ms)")

    for n, shot in enumerate(shots, 1):
        if not shot.exists():
            check(False, f"the photo wall wrote {shot}")
            continue
        image = Image.open(shot).convert("RGB")
        check(image.size == (WIDTH, HEIGHT), f"screenshot {n} is {WIDTH}x{HEIGHT} ({image.size})")
        colours = image.getcolors(maxcolors=1 << 20) or []
        distinct = {colour for count, colour in colours if count >= 50}
        check(len(distinct) >= 10, f"screenshot {n} has many colours ({len(distinct)} of 50+ pixels)")
        palette = [c for c in CARDS if c in distinct]
        check(len(palette) >= 6, f"screenshot {n} shows cards of at least 6 colours of the palette ({len(palette)})")
        if n == len(shots):
            ring = sum(count for count, colour in colours if colour == FOCUS_RING)
            check(ring > 300, f"the last screenshot shows the focus ring ({ring} pixels of its colour)")
        image.save(shot.with_suffix(".png"))
    return finish()



if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
