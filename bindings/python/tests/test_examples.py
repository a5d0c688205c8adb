"""The Python examples run and draw something a person can read: cards_demo's pictures and
pygame_shelves headless (SDL's dummy video driver) with a screenshot, left to right and right
to left."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import REPO, require

EXAMPLES = REPO / "examples" / "python"


def run(script: str, *args: str) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, str(EXAMPLES / script), *args],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result


def colours(path) -> list[tuple[int, tuple[int, int, int]]]:
    from PIL import Image
    with Image.open(path) as image:
        return image.convert("RGB").getcolors(maxcolors=1 << 20)


def test_cards_demo(tmp_path):
    require("PIL")
    result = run("cards_demo.py", str(tmp_path))
    assert "list: content 390 x" in result.stdout and "header pinned: [1]" in result.stdout
    assert "decoration card, decoration shadow" in result.stdout
    for name in ("cards_list.png", "cards_grid.png"):
        found = colours(tmp_path / name)
        assert len(found) > 10
        assert any(rgb == (0x9e, 0xca, 0xe1) for _, rgb in found)  # cells drawn


def test_pygame_shelves_headless(tmp_path):
    """The library's physics: the wheel flings scroll the screen, shelves fling to rest on a
    card's edge, a drag past the top rubber-bands (pulled less than dragged) and springs back
    to the start of the range, under the toolbar; frames drawn at 2 pixels per point."""
    require("pygame")
    require("PIL")
    out, stretched = tmp_path / "shelves.png", tmp_path / "stretched.png"
    result = run("pygame_shelves.py", "--headless", "--frames", "360", "--screenshot", str(out),
                 "--stretched", str(stretched))
    lines = result.stdout.strip().splitlines()
    summary, pulled = lines[-2], lines[-1]
    example = load_example("pygame_shelves")
    assert summary.startswith(f"360 frames, ltr; scrolled to y={-example.TOOLBAR:g} of "), summary
    for kind in ("cell", "header", "shadow", "background", "separator", "banner", "count", "new"):
        assert f" {kind}" in summary, summary  # (count and new: badges, SPEC §17.1)
    # A badge sits on its cell's top-trailing corner, half out (fractional offset 0.3, -0.3).
    sections = example.make_sections()
    with example.make_layout(sections, example.SIZE) as layout:
        badge = next(e for e in layout.elements() if e.kind == "count")
        x, y, w, h = layout.cell(badge.section, badge.item).frame
        assert badge.frame == pytest.approx((x + w - 22 + 0.3 * 22, y - 0.3 * 16, 22, 16), abs=0.5)
        assert badge.z == layout.cell(badge.section, badge.item).z + 1
    amount = float(pulled.split()[1])
    assert 0 < amount < 300 and pulled.endswith("at rest: yes"), pulled
    for picture in (out, stretched):
        found = colours(picture)
        assert len(found) >= 8  # background, cards, headers, shadows, labels
        big = {rgb for count, rgb in found if count > 500}
        assert len(big & set(example.CARD_COLOURS)) >= 3  # cells drawn, in several colours
        assert example.FILL["header"] in big
    # The banner ("full" span) across the first grid's line, between the sections' insets.
    from PIL import Image
    with Image.open(out) as image:
        picture = image.convert("RGB")
    banner = [x for x in range(example.SIZE[0] * example.SCALE)
              if any(picture.getpixel((x, y)) == example.FILL["banner"] for y in banner_rows(example))]
    assert (min(banner), max(banner) + 1) == (16 * example.SCALE, (example.SIZE[0] - 16) * example.SCALE)


def test_pygame_shelves_rtl(tmp_path):
    """--rtl: the same scripted run mirrored (its sideways moves too) draws the left-to-right
    pictures mirrored: grid rows and shelves start at the right, the banner still spans the
    line; and the report is the same but for the direction."""
    require("pygame")
    require("PIL")
    from PIL import Image, ImageOps
    example = load_example("pygame_shelves")
    runs = {}
    for direction in ("ltr", "rtl"):
        out, stretched = tmp_path / f"{direction}.png", tmp_path / f"{direction}_stretched.png"
        result = run("pygame_shelves.py", "--headless", "--frames", "360", "--screenshot", str(out),
                     "--stretched", str(stretched), *(["--rtl"] if direction == "rtl" else []))
        runs[direction] = (result.stdout.strip().splitlines()[-2:], out, stretched)
    (ltr_lines, *ltr_pictures), (rtl_lines, *rtl_pictures) = runs["ltr"], runs["rtl"]
    assert rtl_lines[0] == ltr_lines[0].replace(", ltr;", ", rtl;"), (ltr_lines, rtl_lines)
    assert rtl_lines[1] == ltr_lines[1] and rtl_lines[1].endswith("at rest: yes")
    top = example.TOOLBAR * example.SCALE  # the toolbar's title is not mirrored
    for left, right in zip(ltr_pictures, rtl_pictures):
        with Image.open(left) as a, Image.open(right) as b:
            a, b = a.convert("RGB"), b.convert("RGB")
            mirror, (width, height) = ImageOps.mirror(a), a.size
            points = [(x, y) for y in range(top, height, 3) for x in range(0, width, 3)]
            mirrored = sum(mirror.getpixel(p) == b.getpixel(p) for p in points) / len(points)
            plain = sum(a.getpixel(p) == b.getpixel(p) for p in points) / len(points)
        assert mirrored > 0.96 and plain < 0.8, (right.name, mirrored, plain)  # labels are not mirrored


def test_pygame_shelves_switch():
    """R switches the live layout: the first cell of a grid row moves to the right edge, the
    banner keeps the line, and a shelf dragged to the right shows more of itself (its logical
    offset grows), where left to right the same drag goes back toward its start."""
    require("pygame")
    import pygame
    example = load_example("pygame_shelves")
    sections = example.make_sections()
    with example.make_layout(sections, example.SIZE) as layout:
        scroller = example.Scroller(layout, sections)
        width = example.SIZE[0]
        first = layout.attributes("cell", "", 0, 0).frame
        assert first[0] == 16
        r = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
        assert example.handle(r, scroller, pygame)
        assert layout.layout_direction == "rtl"
        first = layout.attributes("cell", "", 0, 0).frame
        assert first[0] + first[2] == width - 16, first
        banner = layout.attributes("cell", "", 0, example.BANNER).frame
        assert (banner[0], banner[0] + banner[2]) == (16, width - 16), banner
        shelf = 1
        background = next(e for e in layout.elements_in_rect(layout.viewport)
                          if e.kind == "background" and e.section == shelf)
        point = (background.frame[0] + 40, background.frame[1] + 40 - layout.viewport[1])
        assert scroller.shelf_at(point) == shelf
        for direction, expected in (("rtl", 30), ("ltr", -30)):
            layout.layout_direction = direction
            layout.set_section_offset(shelf, 100)
            scroller.press(point)
            scroller.move(30)  # 30 points to the right
            assert layout.section_scroll(shelf).offset == 100 + expected, direction
            scroller.drag = None


def test_pygame_recycler_headless(tmp_path):
    """A fixed pool of sprites: after the first screens nothing more is made, however far the
    grid scrolls."""
    require("pygame")
    require("PIL")
    result = run("pygame_recycler.py", "--headless", "--screenshots", str(tmp_path))
    made, shown = map(int, re.search(r"(\d+) sprites made .* at most (\d+) on screen", result.stdout).groups())
    assert made <= shown, result.stdout
    assert all(len(colours(tmp_path / f"frame-{k:03}.png")) > 5 for k in (30, 79, 119))


def banner_rows(example) -> range:
    """The pixel rows of the first grid's banner at the top of the content: header, inset, a
    row of cells, spacing, a separator, spacing, then the banner (44 points)."""
    top = example.TOOLBAR + 32 + 12 + 64 + 10 + 3 + 10
    return range((top + 10) * example.SCALE, (top + 34) * example.SCALE, 4)


def load_example(name: str):
    """An example as a module (its constants), without running main()."""
    from importlib import util
    spec = util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_styles_demo(tmp_path):
    result = run("styles_demo.py", str(tmp_path))
    assert "grid, waterfall and custom sections" in result.stdout
    assert "card backgrounds on sections [0, 2]" in result.stdout
    assert (tmp_path / "styles_demo.svg").read_text().startswith("<svg")


def test_updates_demo():
    result = run("updates_demo.py")
    out = result.stdout
    assert "== update block" in out and "== diff applied" in out
    for change in ("kept", "moved", "inserted", "deleted", "reloaded"):
        assert f"  {change} " in out, change
    assert "alpha 0 -> 1" in out and "alpha 1 -> 0" in out
    assert "(3 moves)" in out
    assert "reload_sections [1]" in out and "== section reload applied" in out


def test_pygame_updates_headless(tmp_path):
    """The animated updates: mid-animation a deleted card is half faded and an inserted one half
    in; at the end the deleted card is gone."""
    require("pygame")
    require("PIL")
    result = run("pygame_updates.py", "--headless", "--screenshots", str(tmp_path))
    assert "step 1: delete, move, insert, reload: 13 records, 9 kept, 1 moved, 1 inserted, " \
           "1 deleted, 1 reloaded" in result.stdout
    assert "step 2: a diff between two orderings (4 moves)" in result.stdout
    for step in (1, 2):
        shots = [colours(tmp_path / f"step{step}_t{t:03d}.png") for t in (0, 50, 100)]
        assert all(len(found) > 5 for found in shots)
        assert shots[0] != shots[1] != shots[2]  # something moves or fades


def test_pygame_feed_headless(tmp_path):
    """The self-sizing feed: the fling rests on a card's top, the jump shows card 1000 at the
    top, and the prepend leaves the card on screen where it was (its index shifted by 10)."""
    require("pygame")
    require("PIL")
    result = run("pygame_feed.py", "--headless", "--screenshots", str(tmp_path))
    out = result.stdout
    assert "on screen" in out
    after_fling = next(line for line in out.splitlines() if line.startswith("after the fling"))
    assert after_fling.endswith(" at 0.0 on screen"), after_fling
    assert "card 1000 at 0.0 on screen" in out
    assert "card 1000 at 0.0 is card 1010 at 0.0" in out
    shots = [colours(tmp_path / f"{name}.png") for name in ("1_first_screen", "2_fling", "3_jump", "4_prepend")]
    assert all(len(found) > 5 for found in shots)
    assert shots[0] != shots[1] != shots[2]
def test_pygame_motion_headless(tmp_path):
    """The scripted drag and list <-> grid switch: the targets as the card passes, the model
    reordered after each drop, the lifted card and a mid-transition frame drawn."""
    require("pygame")
    require("PIL")
    result = run("pygame_motion.py", "--headless", "--screenshots", str(tmp_path))
    out = result.stdout
    assert "drag at (180, 240): target (0, 3)" in out
    assert "dropped card 0 at 3 (0 -> 3)" in out and "dropped card 7 at 0 (7 -> 0)" in out
    assert "order: [7, 1, 2, 3, 0, 4, 5, 6]" in out
    example = load_example("pygame_motion")
    shots = sorted(tmp_path.glob("*.png"))
    assert len(shots) == 13
    middle = {rgb for count, rgb in colours(tmp_path / "07_list_to_grid_t050.png") if count > 500}
    assert len(middle & set(example.PALETTE)) == 8  # every card on screen mid-transition


def test_pygame_collapse_headless(tmp_path):
    """The collapsing bar and the carousel (SPEC §18, §19): scrolled down, the bar is collapsed to
    its smallest extent and a carousel card centred on screen is drawn largest; flung back up
    past the top, the feed comes to rest at its start with the bar fully open."""
    require("pygame")
    result = run("pygame_collapse.py", "--headless", "--screenshot", str(tmp_path / "collapse.png"))
    report, rest = result.stdout.strip().splitlines()[-2:]
    example = load_example("pygame_collapse")
    assert f"bar extent {example.BAR_MIN:g}, progress 1;" in report, report
    scale = float(report.split("centred at scale ")[1])
    assert scale == pytest.approx(1.12, abs=0.01), report
    assert rest == f"400 frames; at rest at y=0: bar extent {example.BAR:g}, stretch 0", rest
    assert (tmp_path / "collapse.png").stat().st_size > 0

