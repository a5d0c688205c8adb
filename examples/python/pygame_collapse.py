"""A feed under a collapsing top app bar, with a card carousel inside it (SPEC §18, §19), in
pygame: the two scroll-driven looks the layout answers declaratively.

  - the layout's own header (global_header 160) collapses to 56 points as the feed scrolls and
    stays pinned (collapse mode "pinned"), snaps fully open or closed at rest (snap: a target
    rule, so wheel flings come to rest open or closed), and stretches into an overscroll at the
    top (stretch); its title shrinks and fades with the collapse record's progress;
  - section headers pin beneath the bar's current extent;
  - a sideways carousel (an orthogonal section) whose centred card is largest, brightest and on
    top (an effect: keylines at the centre and 160 points either side, ease-in-out): every card
    is drawn scaled about its frame's centre by its `scale` and faded by its `alpha`.

Controls: the mouse wheel or Up/Down fling the feed (the library's flings, snapping the bar),
Left/Right move the carousel one card, Escape quits.

    python3 examples/python/pygame_collapse.py
    python3 examples/python/pygame_collapse.py --headless --frames 400 --screenshot out.png

--headless uses SDL's dummy video driver, 1/60 s per frame and a script: a fling down, the
carousel two cards on, a fling back up past the top (the bar stretches, then springs back). It
prints, at the frame it reports, the bar's record and the carousel's centred card.
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

from collectionlayout import Fling, Layout  # noqa: E402

SIZE = (360, 560)  # points
SCALE = 2  # pixels per point (and the layout's display scale)
BAR, BAR_MIN = 160, 56  # the bar's extents (SPEC §18.1)
CAROUSEL = 1  # the carousel's section
CARD = (120, 150)  # a carousel card
BACKGROUND, BAR_FILL, HEADER_FILL = (246, 246, 248), (38, 50, 56), (96, 125, 139)
CARDS = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188), (0, 172, 193)]


def make_layout() -> Layout:
    """Three sections: a list, the carousel, a list; the bar over them."""
    counts, sizes = [8, 12, 20], [(SIZE[0] - 24, 72), CARD, (SIZE[0] - 24, 64)]
    side = (SIZE[0] - CARD[0]) / 2  # the carousel's insets: its first and last cards can centre
    effect = {"keylines": [{"fraction": 0.5, "offset": -160, "scale": 0.8, "alpha": 0.5},
                           {"fraction": 0.5, "scale": 1.12, "z": 10},
                           {"fraction": 0.5, "offset": 160, "scale": 0.8, "alpha": 0.5}], "curve": "ease-in-out"}
    metrics = [{"header": 30, "insets": (10, 12, 10, 12)},
               {"header": 30, "style": "orthogonal", "insets": (16, side, 16, side), "effect": effect},
               {"header": 30, "insets": (10, 12, 10, 12)}]
    return Layout(lambda s: counts[s], section_count=lambda: 3,
                  item_sizes=lambda s, first, count: [sizes[s]] * count,
                  section_metrics=lambda s: metrics[s], viewport=(0, 0, *SIZE), line_spacing=10,
                  interitem_spacing=12, pin_headers=True, global_header=BAR, display_scale=SCALE,
                  collapse={"min": BAR_MIN, "mode": "pinned", "snap": True, "stretch": True})


class Feed:
    """The layout and the feed's fling (the carousel moves a card at a time)."""

    def __init__(self) -> None:
        self.layout = make_layout()
        self.fling: Fling | None = None
        self.clock = 0.0

    def scroll_by(self, velocity: float) -> None:
        """A fling from where the feed is; it rests where §10.6 and the bar's snap say."""
        self.fling, self.clock = self.layout.fling(velocity, "none"), 0.0

    def card(self, step: int) -> None:
        """The carousel one card on (or back): its offset to the next card's centre."""
        scroll = self.layout.section_scroll(CAROUSEL)
        target = round(scroll.offset / (CARD[0] + 12) + step) * (CARD[0] + 12)
        self.layout.set_section_offset(CAROUSEL, min(max(target, 0), scroll.max_offset))

    def tick(self, dt: float) -> None:
        if self.fling is None:
            return
        self.clock += dt
        offset, _ = self.fling.sample(self.clock)
        x, _, w, h = self.layout.viewport
        self.layout.viewport = (x, offset, w, h)
        if self.clock >= self.fling.rest_time:
            self.fling = None

    def centred(self) -> tuple[int, float]:
        """The carousel card drawn largest on screen: (item, scale); (-1, 0) if none shows."""
        cards = [e for e in self.layout.elements_in_rect(self.layout.viewport)
                 if e.category == "cell" and e.section == CAROUSEL]
        best = max(cards, key=lambda e: e.scale, default=None)
        return (best.item, best.scale) if best else (-1, 0.0)


def draw(screen, feed: Feed, font, pygame) -> None:
    layout = feed.layout
    x0, y0, _, _ = layout.viewport
    screen.fill(BACKGROUND)
    order = {"decoration": 0, "cell": 1, "supplementary": 2}
    for e in sorted(layout.elements_in_rect(layout.viewport), key=lambda e: (e.z, order[e.category])):
        x, y, w, h = e.frame
        k = e.scale  # drawn about the frame's centre (SPEC §19.2)
        x, y, w, h = x + w * (1 - k) / 2, y + h * (1 - k) / 2, w * k, h * k
        rect = pygame.Rect(round((x - x0) * SCALE), round((y - y0) * SCALE), round(w * SCALE), round(h * SCALE))
        if e.kind == "global_header":
            record = layout.collapse_record
            pygame.draw.rect(screen, BAR_FILL, rect)
            size = round((30 - 12 * record.progress) * SCALE)  # the title shrinks as it collapses
            title = pygame.font.Font(None, size).render("Feed", True, (255, 255, 255))
            title.set_alpha(round(255 * (1 - 0.4 * record.progress)))
            screen.blit(title, title.get_rect(midleft=(16 * SCALE, rect.bottom - 28 * SCALE)))
        elif e.kind == "header":
            pygame.draw.rect(screen, HEADER_FILL, rect)
            label = font.render(["Stories", "Carousel", "More"][e.section], True, (255, 255, 255))
            screen.blit(label, label.get_rect(midleft=(12 * SCALE, rect.centery)))
        elif e.category == "cell":
            colour = CARDS[(e.section * 2 + e.item) % len(CARDS)]
            card = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(card, (*colour, round(255 * e.alpha)), card.get_rect(), border_radius=10 * SCALE)
            screen.blit(card, rect.topleft)
            text = font.render(f"{e.section}.{e.item}", True, (255, 255, 255))
            screen.blit(text, text.get_rect(center=rect.center))


def scripted_events(frame: int, feed: Feed) -> None:
    """--headless: a fling down, the carousel two cards on, a fling back up past the top."""
    if frame == 5:
        feed.scroll_by(1200)
    elif frame in (90, 100):
        feed.card(1)
    elif frame == 140:
        feed.scroll_by(-6000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--headless", action="store_true", help="no window: a scripted run")
    parser.add_argument("--frames", type=int, default=400, help="--headless: frames to run")
    parser.add_argument("--screenshot", help="--headless: write the frame at --report-frame here")
    parser.add_argument("--report-frame", type=int, default=120, help="--headless: the frame to report")
    args = parser.parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame
    pygame.init()
    screen = pygame.display.set_mode((SIZE[0] * SCALE, SIZE[1] * SCALE))
    font = pygame.font.Font(None, 18 * SCALE)
    feed, clock = Feed(), pygame.time.Clock()
    frame, running = 0, True
    while running and (not args.headless or frame < args.frames):
        if args.headless:
            scripted_events(frame, feed)
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.MOUSEWHEEL:
                feed.scroll_by(-event.y * 900)
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
                feed.scroll_by(900 if event.key == pygame.K_DOWN else -900)
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                feed.card(1 if event.key == pygame.K_RIGHT else -1)
        feed.tick(1 / 60)
        draw(screen, feed, font, pygame)
        if args.headless and frame == args.report_frame:
            record = feed.layout.collapse_record
            item, scale = feed.centred()
            print(f"frame {frame}: viewport y={feed.layout.viewport[1]:g}; bar extent {record.extent:g}, "
                  f"progress {record.progress:g}; carousel card {item} centred at scale {scale:.3f}")
            if args.screenshot:
                pygame.image.save(screen, args.screenshot)
        pygame.display.flip()
        if not args.headless:
            clock.tick(60)
        frame += 1
    record = feed.layout.collapse_record
    print(f"{frame} frames; {'at rest' if feed.fling is None else 'moving'} at y={feed.layout.viewport[1]:g}: "
          f"bar extent {record.extent:g}, stretch {record.stretch:g}")
    feed.layout.close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
