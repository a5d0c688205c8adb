"""Animated batch updates in pygame (SPEC §10.2-10.3): cards in two sections; each step changes
the model (a delete, an insert, a move between sections, a reload that grows a card, then a diff
between two orderings), performs the update and animates it the way UIKit does: every record is
drawn between its `from` and `to` attributes (frame and alpha interpolated), so inserted cards fade
in, deleted ones fade out and moved ones slide.

    python3 examples/python/pygame_updates.py                  # a window; space: next step
    python3 examples/python/pygame_updates.py --headless --screenshots DIR
                                                              # PNGs at a few animation steps
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
if importlib.util.find_spec("pygame") is None:
    sys.exit("this example needs pygame: pip install 'collectionlayout[pygame]' (make demo installs it)")

import collectionlayout  # noqa: E402
from collectionlayout import Layout  # noqa: E402

WIDTH, HEIGHT = 360, 420
PALETTE = [(231, 111, 81), (244, 162, 97), (233, 196, 106), (42, 157, 143), (38, 70, 83),
           (138, 177, 125), (181, 101, 118), (109, 89, 122)]

model = {"sections": [1, 2], "items": [[10, 11, 12, 13, 14, 15], [20, 21, 22, 23]], "tall": set()}


def height(item: int) -> float:
    return 96.0 if item in model["tall"] else 52.0


def make_layout() -> Layout:
    return Layout(lambda s: len(model["items"][s]), section_count=lambda: len(model["sections"]),
                  item_sizes=lambda s, first, count: [(104.0, height(i)) for i in
                                                      model["items"][s][first:first + count]],
                  viewport=(0, 0, WIDTH, HEIGHT), header=28, insets=(6, 8, 6, 8),
                  line_spacing=8, interitem_spacing=8, cross_alignment="start")


def steps(layout: Layout):
    """Each step changes the model and yields (title, the update's result)."""
    with layout.batch_update() as u:
        model["items"] = [[10, 12, 21, 13, 16, 14, 15], [20, 22, 23]]
        model["tall"].add(13)
        u.delete_items([(0, 1)])           # 11 done
        u.move_item((1, 1), (0, 2))       # 21 moves up into the first section
        u.insert_items([(0, 4)])           # 16 is new
        u.reload_items([(0, 3)])           # 13 grows
    yield "delete, move, insert, reload", u.result
    old_sections, old_items = list(model["sections"]), [list(x) for x in model["items"]]
    model["sections"], model["items"] = [2, 1], [[23, 20, 22], [15, 14, 10, 12, 21, 13, 16]]
    changes = collectionlayout.diff(old_sections, old_items, model["sections"], model["items"])
    yield f"a diff between two orderings ({changes.move_count} moves)", layout.perform_batch_update(changes)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def draw(screen, font, records, t: float, title: str) -> None:
    import pygame
    screen.fill((246, 244, 239))
    for r in sorted(records, key=lambda r: r.to.z if t >= 0.5 else r.from_.z):
        frame = [lerp(a, b, t) for a, b in zip(r.from_.frame, r.to.frame)]
        alpha = lerp(r.from_.alpha, r.to.alpha, t)
        if alpha <= 0.01:
            continue
        item = (r.new or r.old)[3] if r.category == "cell" else 0
        color = PALETTE[item % len(PALETTE)] if r.category == "cell" else (200, 196, 188)
        surface = pygame.Surface((max(1, int(frame[2])), max(1, int(frame[3]))), pygame.SRCALPHA)
        surface.fill((*color, int(255 * alpha)))
        screen.blit(surface, (frame[0], frame[1]))
        if r.category == "cell":
            label = font.render(f"{r.change[0].upper()}", True, (255, 255, 255))
            label.set_alpha(int(255 * alpha))
            screen.blit(label, (frame[0] + 4, frame[1] + 2))
    caption = font.render(f"{title}  t = {t:.2f}", True, (40, 40, 40))
    screen.blit(caption, (8, HEIGHT - 18))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headless", action="store_true", help="no window: write screenshots")
    parser.add_argument("--screenshots", default="build/pygame_updates", help="folder for the PNGs")
    args = parser.parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.display.init()  # (no audio: nothing to play)
    pygame.font.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    font = pygame.font.Font(None, 18)
    out = Path(args.screenshots)
    out.mkdir(parents=True, exist_ok=True)
    with make_layout() as layout:
        for n, (title, result) in enumerate(steps(layout), 1):
            print(f"step {n}: {title}: {len(result.elements)} records, "
                  + ", ".join(f"{sum(r.change == c for r in result.elements)} {c}"
                              for c in ("kept", "moved", "inserted", "deleted", "reloaded")))
            frames = [0.0, 0.5, 1.0] if args.headless else [i / 30 for i in range(31)]
            for t in frames:
                draw(screen, font, result.elements, t, title)
                if args.headless:
                    path = out / f"step{n}_t{int(t * 100):03d}.png"
                    pygame.image.save(screen, str(path))
                    print(f"  wrote {path}")
                else:
                    pygame.display.flip()
                    pygame.time.wait(16)
            if not args.headless:
                waiting = True
                while waiting:
                    for event in pygame.event.get():
                        if event.type == pygame.QUIT:
                            return 0
                        if event.type == pygame.KEYDOWN:
                            waiting = False
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
