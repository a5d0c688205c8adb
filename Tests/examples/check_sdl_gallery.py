"""make test-sdl: runs examples/c/sdl_gallery headless and checks what it did and drew.

    python3 Tests/examples/check_sdl_gallery.py build/examples/sdl_gallery OUT_DIR

With SDL's dummy video driver and its scripted input the gallery flings down with the wheel,
drags a shelf sideways and releases it into a fling, pages down, drags the screen and releases
it, turns the wheel sideways over a shelf, and at last drags the screen past its start and lets
go (all with the library's physics), then moves a focus ring with a game controller's d-pad
and the arrow keys. The checks read its report and its screenshot for content,
not pixels: the screen scrolled; it was pulled past its start (rubber-banded: less than the
drag) and sprang back to the start, everything at rest; the shelves it moved rest on a card's
edge (snapped); the focus path is the expected one and the ring is drawn; the last frame drew
headers, cells,
backgrounds and shadows; the image is the window's size in pixels (points times the display
scale 2), has many distinct colours and the cards' palette; its top rows are the light,
translucent toolbar (content insets), and below it, exactly from its bottom pixel row on, the
pinned header's dark band, with the content below that.
Pillow reads the BMP (a required test dependency: make test installs it in .build/venv).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from checks import CARDS, FOCUS_RING, check, finish

WIDTH, HEIGHT = 420, 600  # the window in points, examples/c/sdl_gallery.c
SCALE, TOOLBAR, HEADER_EXTENT = 2, 56, 30  # pixels per point; the bar's and the headers' extents
HEADER = (38, 50, 56)  # the pinned header's fill, examples/c/sdl_gallery.c



def main(program: str, out_dir: str) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    screenshot = out / "sdl_gallery.bmp"
    screenshot.unlink(missing_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([program, "--headless", "--frames", "420", "--screenshot", str(screenshot)],
                            env=env, capture_output=True, text=True, timeout=120)
    print(result.stdout + result.stderr, end="")
    check(result.returncode == 0, f"the gallery exits with 0 (it exited with {result.returncode})")

    report = result.stdout
    scrolled = re.search(r"^420 frames; scrolled to y=(-?[\d.]+) of ([\d.]+) \(at most y=([\d.]+)\); last frame drew "
                         r"(\d+) headers, (\d+) cells, (\d+) backgrounds, (\d+) shadows$", report, re.M)
    check(scrolled is not None, "it reports 420 frames, the scroll offset and what it drew")
    if scrolled:
        y, height, furthest, headers, cells, backgrounds, shadows = map(float, scrolled.groups())
        check(0 < furthest < height - HEIGHT, f"the screen scrolled (as far as y={furthest:g} of {height:g})")
        check(headers >= 1 and cells >= 8 and backgrounds >= 1 and shadows >= 1,
              "the last frame drew headers, cells, section backgrounds and shadows")
    pulled = re.search(r"^pulled ([\d.]+) points past the start at most, then at y=(-?[\d.]+); everything at rest$",
                       report, re.M)
    check(pulled is not None and 0 < float(pulled.group(1)) < 300,
          "a drag of 300 points past the start pulled the screen less far (rubber band), and everything came to rest")
    check(pulled is not None and float(pulled.group(2)) == -TOOLBAR,
          "it sprang back to the start of the range, under the toolbar")
    # The focus path (cl_layout_focus): down through the grid into a shelf, along the shelf, down
    # into the waterfall and back up, which retraces the move (the same card again).
    path = re.search(r"^focus path: (.*)$", report, re.M)
    check(path is not None and path.group(1) == "0.3 0.6 1.10 1.11 1.12 2.1 1.12",
          f"the scripted focus path visits the expected cards ({path.group(1) if path else None})")
    shelves = re.findall(r"^shelf (\d+): offset ([\d.]+), (.*)$", report, re.M)
    check(len(shelves) >= 2, f"two shelves scrolled sideways on their own ({len(shelves)} did)")
    check(all(rest == "at rest on a card's edge" for _, _, rest in shelves),
          "each shelf came to rest on a card's edge (snapped on release, after the wheel)")

    if not screenshot.exists():
        check(False, f"the gallery wrote {screenshot}")
        return finish()
    image = Image.open(screenshot).convert("RGB")
    check(image.size == (WIDTH * SCALE, HEIGHT * SCALE), f"the screenshot is {WIDTH * SCALE}x{HEIGHT * SCALE} ({image.size})")
    colours = image.getcolors(maxcolors=1 << 20) or []
    distinct = {colour for count, colour in colours if count >= 50}
    check(len(distinct) >= 10, f"the screenshot has many colours ({len(distinct)} of 50+ pixels)")
    palette = [c for c in CARDS if c in distinct]
    check(len(palette) >= 4, f"cards of at least 4 colours of the palette are drawn ({len(palette)})")
    top, bottom = TOOLBAR * SCALE, (TOOLBAR + HEADER_EXTENT) * SCALE  # the header's pixel rows
    bar = [image.getpixel((x, y)) for y in range(4, top - 4, 3) for x in range(0, WIDTH * SCALE, 7)]
    light = sum(sum(pixel) > 3 * 150 for pixel in bar) / len(bar)
    check(light > 0.6, f"the top rows are the light toolbar ({light:.0%} light pixels)")
    band = [image.getpixel((x, y)) for y in range(top, bottom) for x in range(0, WIDTH * SCALE, 4)]
    share = sum(pixel == HEADER for pixel in band) / len(band)
    check(share > 0.85, f"below the bar, from its bottom row on, the pinned header's band ({share:.0%} header colour)")
    below = [image.getpixel((x, bottom + 8)) for x in range(0, WIDTH * SCALE, 4)]
    check(sum(pixel == HEADER for pixel in below) / len(below) < 0.5,
          "below the band the header colour gives way to the content")
    ring = sum(count for count, colour in colours if colour == FOCUS_RING)
    check(ring > 500, f"the focus ring is drawn ({ring} pixels of its colour)")
    png = out / "sdl_gallery.png"
    image.save(png)
    print(f"screenshot: {png}")
    return finish()



if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
