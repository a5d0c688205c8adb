"""A fixed pool of sprites for a 1,000,000-item grid: the way a toolkit recycles its views.

Each frame asks the layout once what came into view and what went out of it
(`Layout.viewport_changes`); a sprite whose element left goes back to the pool, and an element
that entered takes one from it. Sprites are made only while the pool is still filling, so after
the first screen nothing is created however far the grid scrolls, and nothing is diffed in
Python: the engine answers from two thin rect queries.

Controls: mouse wheel, Up/Down, PageUp/PageDown, Home/End. Escape quits.

    python3 examples/python/pygame_recycler.py
    python3 examples/python/pygame_recycler.py --headless --screenshots build/pygame_recycler

--headless uses SDL's dummy video driver, scrolls a script (slow, fast, a jump far down) and
checks that the pool never grows past the first screens' need.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

# Run from a checkout without installing: use bindings/python next to this file.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
if importlib.util.find_spec("pygame") is None:
    sys.exit("this example needs pygame: pip install 'collectionlayout[pygame]' (make demo installs it)")

import numpy as np  # noqa: E402

from collectionlayout import Attributes, Layout  # noqa: E402

SIZE = (480, 720)
ITEMS = 1_000_000
COLUMNS = 5
BACKGROUND = (250, 250, 252)
COLOURS = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188),
           (0, 172, 193), (255, 112, 67), (124, 179, 66)]
WHEEL_STEP = 60


class Recycler:
    """Sprites by element identity, and the free ones: a view pool as a toolkit keeps it."""

    def __init__(self, layout: Layout, font, pygame) -> None:
        self.layout, self.font, self.pygame = layout, font, pygame
        self.shown: dict[tuple, tuple[object, tuple[float, float, float, float]]] = {}
        self.free: list = []
        self.made = self.recycled = 0
        self.shown_rect = (0.0, 0.0, 0.0, 0.0)  # nothing shown yet

    def scroll_to(self, viewport: tuple[float, float, float, float]) -> None:
        """Moves the viewport; sprites of what left go back to the pool, what entered takes one."""
        self.layout.viewport = viewport
        changes = self.layout.viewport_changes(self.shown_rect, viewport)
        for element in changes.left:
            sprite, _ = self.shown.pop(element.key)
            self.free.append(sprite)
        for element in changes.entered:
            self.shown[element.key] = (self.sprite_for(element), element.frame)
        self.shown_rect = viewport

    def sprite_for(self, element: Attributes):
        """A sprite from the pool (made only while the pool is filling), drawn for `element`."""
        pygame = self.pygame
        if self.free:
            sprite = self.free.pop()
            self.recycled += 1
        else:
            sprite = pygame.Surface((1, 1))
            self.made += 1
        _, _, w, h = element.frame
        if sprite.get_size() != (int(w), int(h)):
            sprite = pygame.Surface((int(w), int(h)))
        sprite.fill(COLOURS[element.item % len(COLOURS)])
        text = self.font.render(f"{element.item:,}", True, (255, 255, 255))
        sprite.blit(text, text.get_rect(center=sprite.get_rect().center))
        return sprite

    def draw(self, screen) -> None:
        x0, y0, _, _ = self.layout.viewport
        screen.fill(BACKGROUND)
        for sprite, (x, y, _, _) in self.shown.values():
            screen.blit(sprite, (round(x - x0), round(y - y0)))


def scripted_origin(frame: int, origin: float) -> float | None:
    """--headless: a slow scroll, a fast one, a jump far down, a slow scroll there; then stop."""
    if frame < 40:
        return origin + 12
    if frame < 80:
        return origin + 180
    if frame == 80:
        return 40_000_000.0
    if frame < 120:
        return origin + 25
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--headless", action="store_true", help="SDL's dummy video driver and a scripted scroll")
    parser.add_argument("--screenshots", help="write frames to this folder (headless: three of them)")
    args = parser.parse_args(argv)
    if args.headless:  # before pygame initialises its display
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("CollectionLayout: a sprite pool over 1,000,000 items")
    font = pygame.font.Font(None, 22)
    clock = pygame.time.Clock()
    folder = Path(args.screenshots) if args.screenshots else None
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
    sizes = np.full((ITEMS, 2), (0.0, 86.0))  # a grid: each column's width, 86 tall
    with Layout.from_sizes(sizes, viewport=(0, 0, *SIZE), style="grid", columns=COLUMNS,
                           insets=(8, 8, 8, 8), line_spacing=6, interitem_spacing=6,
                           display_scale=1) as layout:
        recycler = Recycler(layout, font, pygame)
        recycler.scroll_to((0, 0, *SIZE))
        pool_after_first_screen = recycler.made
        frame, running, most = 0, True, 0
        while running:
            frame += 1
            origin = layout.viewport[1]
            if args.headless:
                wanted = scripted_origin(frame, origin)
                running = wanted is not None
                origin = wanted if wanted is not None else origin
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    running = False
                elif event.type == pygame.MOUSEWHEEL:
                    origin -= event.y * WHEEL_STEP
                elif event.type == pygame.KEYDOWN:
                    page = SIZE[1] - 40
                    origin += {pygame.K_UP: -WHEEL_STEP, pygame.K_DOWN: WHEEL_STEP, pygame.K_PAGEUP: -page,
                               pygame.K_PAGEDOWN: page, pygame.K_HOME: -1e12, pygame.K_END: 1e12}.get(event.key, 0)
            origin = layout.target_content_offset(origin, 0)  # clamped to the scroll range
            recycler.scroll_to((0, origin, *SIZE))
            most = max(most, len(recycler.shown))
            recycler.draw(screen)
            pygame.display.flip()
            if folder and args.headless and frame in (30, 79, 119):
                pygame.image.save(screen, str(folder / f"frame-{frame:03}.png"))
            clock.tick(60)
        print(f"{frame} frames, scrolled to y={layout.viewport[1]:,.0f} of {layout.content_size[1]:,.0f}: "
              f"{recycler.made} sprites made ({pool_after_first_screen} for the first screen), "
              f"{recycler.recycled} reuses, at most {most} on screen")
        if args.headless and recycler.made > most:
            print("error: the pool grew past what was ever on screen at once", file=sys.stderr)
            return 1
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
