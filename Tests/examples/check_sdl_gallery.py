"""make test-sdl: runs examples/c/sdl_gallery headless and checks what it did and drew.

    python3 Tests/examples/check_sdl_gallery.py build/examples/sdl_gallery OUT_DIR

With SDL's dummy video driver and its scripted input the gallery flings down with the wheel,
drags a shelf sideways and releases it into a fling, pages down, drags the screen and releases
it, turns the wheel sideways over a shelf, and at last drags the screen past its start and lets
go (all with the library's physics), then moves a focus ring with a game controller's d-pad
and the arrow keys. Then it switches to right to left (R) with nothing moving, moves the focus
with the arrow keys (physical directions), and drags a shelf to the right. The checks read its
report and its screenshots for content,
not pixels: the screen scrolled; it was pulled past its start (rubber-banded: less than the
drag) and sprang back to the start, everything at rest; the shelves it moved rest on a card's
edge (snapped); the focus path is the expected one and the ring is drawn; the last frame drew
headers, cells,
backgrounds and shadows; the image is the window's size in pixels (points times the display
scale 2), has many distinct colours and the cards' palette; its top rows are the light,
translucent toolbar (content insets), and below it, exactly from its bottom pixel row on, the
pinned header's dark band, with the content below that. Right to left: the frame after the
switch is the frame before it mirrored (below the toolbar); Left then goes to a grid row's next
item; a hit-tested card follows a finger dragging its shelf to the right (the shelf's logical
offset grows); the last frame's grid rows start at the right, in the report and in the picture
(card colours step down from left to right); the banner (CL_SPAN_FULL) spans the full line, in
the report and in the picture.
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
BANNER = (38, 70, 83)  # the banner's fill
BADGE = (214, 40, 57)  # the unread-count badges' fill (SPEC §17.1)
INSET = 16  # the sections' left and right insets, examples/c/sdl_gallery_data.c
FRAMES = 660  # the script's length: every step played



def main(program: str, out_dir: str) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    screenshot = out / "sdl_gallery.bmp"
    switch = out / "switch"  # switch-before.bmp, switch-after.bmp: the frames around R
    for picture in (screenshot, out / "switch-before.bmp", out / "switch-after.bmp"):
        picture.unlink(missing_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([program, "--headless", "--frames", str(FRAMES), "--screenshot", str(screenshot),
                             "--switch-shots", str(switch)],
                            env=env, capture_output=True, text=True, timeout=120)
    print(result.stdout + result.stderr, end="")
    check(result.returncode == 0, f"the gallery exits with 0 (it exited with {result.returncode})")

    report = result.stdout
    scrolled = re.search(rf"^{FRAMES} frames; scrolled to y=(-?[\d.]+) of ([\d.]+) \(at most y=([\d.]+)\); last frame drew "
                         r"(\d+) headers, (\d+) cells, (\d+) backgrounds, (\d+) shadows$", report, re.M)
    check(scrolled is not None, f"it reports {FRAMES} frames, the scroll offset and what it drew")
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
    # The focus path (cl_layout_focus): down through the grid (the banner 0.3 is a row of its
    # own) into a shelf, along the shelf, down into the waterfall and back up, which retraces
    # the move (the same card again). Then R, and in the mirrored grid: up twice, Left (to the
    # next item: it lies to the left now), Right twice (back, which retraces, then the item
    # before), up to the banner.
    path = re.search(r"^focus path: (.*)$", report, re.M)
    check(path is not None and path.group(1) == "0.3 0.5 0.8 1.11 1.12 2.1 1.12 R 0.8 0.5 0.6 0.5 0.4 0.3",
          f"the scripted focus path visits the expected cards ({path.group(1) if path else None})")
    rtl = re.search(r"^layout direction (\w+); last frame drew (\d+) grid rows, (\d+) of them in item order "
                    r"from the (\w+) edge$", report, re.M)
    check(rtl is not None and rtl.group(1) == "rtl" and rtl.group(4) == "right",
          "after R the layout is right to left")
    check(rtl is not None and int(rtl.group(2)) >= 2 and rtl.group(2) == rtl.group(3),
          f"every grid row drawn last ({rtl.group(2) if rtl else None}) starts at the right edge and goes left in item order")
    banner = re.search(r"^banner (\d+)\.(\d+): x=([\d.]+) width=([\d.]+) of ([\d.]+) \((\d+) banners drawn\)$",
                       report, re.M)
    check(banner is not None and int(banner.group(2)) % 7 == 3, "the last frame drew a banner (every 7th grid item from 3)")
    if banner:
        x, width = float(banner.group(3)), float(banner.group(4))
        check(x == INSET and x + width == WIDTH - INSET,
              f"the banner spans the full line, {INSET} to {WIDTH - INSET} ({x:g} to {x + width:g})")
    drag = re.search(r"^right to left, shelf (\d+): card (\d+)\.(\d+) under the finger from x=(-?[\d.]+) to "
                     r"x=(-?[\d.]+) as the finger moved 120 points right; offset 300 -> (-?[\d.]+)$", report, re.M)
    check(drag is not None and drag.group(1) == drag.group(2), "right to left, a drag on a shelf hit-tests a card of it")
    if drag:
        moved, offset = float(drag.group(5)) - float(drag.group(4)), float(drag.group(6))
        check(abs(moved - 120) <= 1, f"right to left, the card follows the finger to the right ({moved:+g} points)")
        check(abs(offset - 420) <= 1, f"right to left, the shelf's logical offset grows as it is dragged right ({offset:g})")
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
    badges = sum(count for count, colour in colours if colour == BADGE)
    check(badges > 200, f"unread-count badges are drawn over cards ({badges} pixels of their colour)")
    # Right to left, in pictures: the last frame shows a grid row whose card colours (item i of
    # section s is CARDS[(3s + i) % 8]) step down from left to right, the banner's fill across the
    # line, and the frames around R are mirrors of each other below the toolbar.
    check(any(steps(image, y) == -1 for y in range(top, image.size[1])),
          "right to left, a grid row's cards go from right to left in the picture (colours step down)")
    spans = set()  # per pixel row below the header band: where the banner's fill begins and ends
    for y in range(bottom, bottom + 60 * SCALE):
        line = [x for x in range(image.size[0]) if image.getpixel((x, y)) == BANNER]
        if line:
            spans.add((min(line), max(line) + 1))
    check((INSET * SCALE, (WIDTH - INSET) * SCALE) in spans,
          f"the banner's fill spans the line in the picture ({max(spans, key=lambda s: s[1] - s[0], default=None)} px)")
    pictures = [out / f"switch-{when}.bmp" for when in ("before", "after")]
    if all(picture.exists() for picture in pictures):
        before, after = (Image.open(picture).convert("RGB") for picture in pictures)
        check(any(steps(before, y) == 1 for y in range(top, before.size[1])),
              "left to right, before R, a grid row's cards go from left to right (colours step up)")
        mirrored, plain = mirror_share(before, after, top)
        check(mirrored > 0.97 and plain < 0.8,
              f"the frame after R is the frame before it mirrored ({mirrored:.1%} of pixels; {plain:.0%} unmirrored)")
    else:
        check(False, f"the gallery wrote {pictures[0]} and {pictures[1]}")
    png = out / "sdl_gallery.png"
    image.save(png)
    print(f"screenshot: {png}")
    return finish()


def steps(image, y: int) -> int:
    """Along pixel row y, the runs of card colours wider than 200 pixels (a grid cell is 242):
    1 if there are three and their palette indices step up by one from left to right, -1 if
    they step down, 0 otherwise."""
    runs, x, width = [], 0, image.size[0]
    while x < width:
        colour, start = image.getpixel((x, y)), x
        while x < width and image.getpixel((x, y)) == colour:
            x += 1
        if colour in CARDS and x - start > 200:
            runs.append(CARDS.index(colour))
    if len(runs) != 3:
        return 0
    for step in (1, -1):
        if all((b - a) % 8 == step % 8 for a, b in zip(runs, runs[1:])):
            return step
    return 0


def mirror_share(before, after, top: int) -> tuple[float, float]:
    """Below pixel row `top`: the share of pixels of `after` equal to `before` mirrored, and
    equal to `before` as it is (every second pixel both ways)."""
    width, height = before.size
    points = [(x, y) for y in range(top, height, 2) for x in range(0, width, 2)]
    mirrored = sum(after.getpixel((x, y)) == before.getpixel((width - 1 - x, y)) for x, y in points)
    plain = sum(after.getpixel((x, y)) == before.getpixel((x, y)) for x, y in points)
    return mirrored / len(points), plain / len(points)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
