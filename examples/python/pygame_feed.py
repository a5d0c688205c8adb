"""A feed of text cards in pygame, measured as they come on screen (SPEC §10.4, §10.6): the
section gives one estimated card size; each frame the app wraps the text of the cards about to
show (the screen and half a screen around it), reports their real heights in one call
(`set_item_sizes`) and the layout keeps the card being read where it is (anchoring). A fling
comes to rest on a card's top (`target_content_offset`, line snapping), `J` jumps to card 1,000
(`scroll_to`), `P` prepends ten older cards without the card on screen moving.

    python3 examples/python/pygame_feed.py              # a window: wheel or drag to fling, J, P
    python3 examples/python/pygame_feed.py --headless --screenshots DIR
                                                        # a scripted session, PNGs of each step
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
if importlib.util.find_spec("pygame") is None:
    sys.exit("this example needs pygame: pip install 'collectionlayout[pygame]' (make demo installs it)")

from collectionlayout import Layout  # noqa: E402

WIDTH, HEIGHT = 360, 560
PAD, INSET, SPACING = 10, 12, 8
CARD_WIDTH = WIDTH - 2 * INSET
ESTIMATE = (CARD_WIDTH, 64.0)
WORDS = ("layout anchor line card estimate measured fling snap viewport prepend jump scroll text "
         "height width frame section item screen reader stays place moves content offset").split()
PALETTE = [(231, 111, 81), (244, 162, 97), (42, 157, 143), (38, 70, 83), (138, 177, 125),
           (181, 101, 118), (109, 89, 122), (233, 196, 106)]


class Feed:
    """The app's data: card i shows message `first_id + i`; texts are only wrapped when a card
    is about to show, which is when its height becomes known."""

    def __init__(self, font, count: int = 2000) -> None:
        self.font, self.count, self.first_id = font, count, 0
        self.wrapped: dict[int, list[str]] = {}  # message id -> its lines
        self.layout = Layout(lambda _s: self.count, viewport=(0, 0, WIDTH, HEIGHT),
                             insets=(INSET, INSET, INSET, INSET), line_spacing=SPACING,
                             section_metrics=[{"estimated_item_size": ESTIMATE}])
        self.measured_cards = 0

    def text(self, message: int) -> str:
        rng = random.Random(message)
        return f"#{message}: " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40)))

    def lines(self, message: int) -> list[str]:
        if message not in self.wrapped:
            lines, line = [], ""
            for word in self.text(message).split():
                candidate = f"{line} {word}".strip()
                if line and self.font.size(candidate)[0] > CARD_WIDTH - 2 * PAD:
                    lines.append(line)
                    candidate = word
                line = candidate
            self.wrapped[message] = lines + [line]
        return self.wrapped[message]

    def measure(self) -> float:
        """Measures the cards about to show that are not measured yet, in one call per round;
        returns how far the origin moved (the app's scroll position moves with it)."""
        moved = 0.0
        while True:
            x, y, w, h = self.layout.viewport
            new = [c.item for c in self.layout.elements_in_rect((x, y - h / 2, w, 2 * h))
                   if c.category == "cell" and self.first_id + c.item not in self.wrapped]
            if not new:
                return moved
            sizes = [(0, i, CARD_WIDTH, 2 * PAD + len(self.lines(self.first_id + i)) * self.font.get_linesize())
                     for i in new]
            moved += self.layout.set_item_sizes(sizes).adjustment
            self.measured_cards += len(new)

    def scroll_to_origin(self, origin: float) -> None:
        x, _, w, h = self.layout.viewport
        self.layout.set_viewport((x, origin, w, h))

    def first_visible(self) -> tuple[int, float]:
        """The first card on screen and its y on screen."""
        viewport = self.layout.viewport
        cells = [c for c in self.layout.elements_in_rect(viewport) if c.category == "cell"]
        first = min(cells, key=lambda c: c.item)
        return first.item, first.frame[1] - viewport[1]

    def prepend(self, n: int) -> float:
        """n older messages arrive at the top: a batch update inserts them (at the estimate)."""
        self.count += n
        self.first_id -= n
        with self.layout.batch_update() as update:
            update.insert_items([(0, i) for i in range(n)])
        return update.result.adjustment


def draw(screen, feed: Feed, title: str) -> None:
    import pygame
    screen.fill((246, 244, 239))
    for cell in feed.layout.elements_in_rect(feed.layout.viewport):
        x, y, w, h = cell.frame
        y -= feed.layout.viewport[1]
        message = feed.first_id + cell.item
        color = PALETTE[message % len(PALETTE)]
        pygame.draw.rect(screen, (255, 255, 255), (x, y, w, h), border_radius=8)
        pygame.draw.rect(screen, color, (x, y, 5, h), border_top_left_radius=8, border_bottom_left_radius=8)
        for k, line in enumerate(feed.wrapped.get(message, ["..."])):
            screen.blit(feed.font.render(line, True, (40, 40, 40)), (x + PAD, y + PAD + k * feed.font.get_linesize()))
    pygame.draw.rect(screen, (38, 70, 83), (0, HEIGHT - 22, WIDTH, 22))
    screen.blit(feed.font.render(title, True, (255, 255, 255)), (6, HEIGHT - 18))


def fling(feed: Feed, velocity: float) -> tuple[float, float]:
    """Where a fling from the current origin comes to rest: (without snapping, on a line)."""
    origin = feed.layout.viewport[1]
    return (feed.layout.target_content_offset(origin, velocity, "none"),
            feed.layout.target_content_offset(origin, velocity, "line"))


def retarget(feed: Feed, target: float, moved: float) -> float:
    """A target on a card's top stays on one while cards are measured (between the screen and
    the target they move the target's card): it moves with the origin and snaps again to the
    nearest line of the layout as it is now."""
    return feed.layout.target_content_offset(target + moved, 0, "line")


def animate_to(feed: Feed, target: float, frames: int, on_frame) -> None:
    """Eases the origin toward `target`, measuring as cards come."""
    for k in range(frames):
        origin = feed.layout.viewport[1]
        feed.scroll_to_origin(origin + (target - origin) * min(1.0, 4.0 / (frames - k)))
        target = retarget(feed, target, feed.measure())
        on_frame()
    feed.scroll_to_origin(target)


def headless(screen, feed: Feed, out: Path) -> None:
    import pygame

    def shot(name: str, title: str) -> None:
        draw(screen, feed, title)
        path = out / f"{name}.png"
        pygame.image.save(screen, str(path))
        print(f"  wrote {path}")

    feed.measure()
    print(f"first screen: {feed.measured_cards} cards measured, content {feed.layout.content_size[1]:.0f}")
    shot("1_first_screen", "first screen: cards measured as they show")
    free, snapped = fling(feed, 3000)
    print(f"fling at 3000 pt/s: would stop at {free:.1f}, rests at {snapped:.1f} (a card's top)")
    animate_to(feed, snapped, 12, lambda: None)
    item, y = feed.first_visible()
    print(f"after the fling: origin {feed.layout.viewport[1]:.1f}, card {item} at {y:.1f} on screen")
    shot("2_fling", f"fling: rests on card {item}'s top")
    feed.layout.set_viewport(feed.layout.scroll_to("cell", "", 0, 1000, "start"))
    moved = feed.measure()
    item, y = feed.first_visible()
    print(f"jump to card 1000: origin moved {moved:+.1f} by measuring, card {item} at {y:.1f} on screen")
    shot("3_jump", "J: jumped to card 1000")
    before = feed.first_visible()
    adjustment = feed.prepend(10)
    feed.measure()
    after = feed.first_visible()
    print(f"prepend 10: origin moved {adjustment:+.1f}; card {before[0]} at {before[1]:.1f} "
          f"is card {after[0]} at {after[1]:.1f}")
    shot("4_prepend", "P: 10 cards prepended, nothing moved")


def interactive(screen, feed: Feed) -> None:
    import pygame
    clock, target, velocity, title = pygame.time.Clock(), None, 0.0, "wheel/drag: fling  J: jump  P: prepend"
    dragging, last_y = False, 0
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type == pygame.MOUSEWHEEL:
                target = fling(feed, -event.y * 1500)[1]
            elif event.type == pygame.MOUSEBUTTONDOWN:
                dragging, last_y, velocity, target = True, event.pos[1], 0.0, None
            elif event.type == pygame.MOUSEMOTION and dragging:
                dy = last_y - event.pos[1]
                feed.scroll_to_origin(feed.layout.viewport[1] + dy)
                velocity, last_y = dy * 60, event.pos[1]
            elif event.type == pygame.MOUSEBUTTONUP and dragging:
                dragging, target = False, fling(feed, velocity)[1]
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_j:
                target = feed.layout.scroll_to("cell", "", 0, 1000, "start")[1]
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_p:
                feed.prepend(10)
        if target is not None:
            origin = feed.layout.viewport[1]
            feed.scroll_to_origin(origin + (target - origin) * 0.2)
            if abs(target - origin) < 0.5:
                feed.scroll_to_origin(target)
                target = None
        moved = feed.measure()
        if target is not None:
            target = retarget(feed, target, moved)
        draw(screen, feed, title)
        pygame.display.flip()
        clock.tick(60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headless", action="store_true", help="no window: a scripted session")
    parser.add_argument("--screenshots", default="build/pygame_feed", help="folder for the PNGs")
    args = parser.parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    feed = Feed(pygame.font.Font(None, 20))
    with feed.layout:
        if args.headless:
            out = Path(args.screenshots)
            out.mkdir(parents=True, exist_ok=True)
            headless(screen, feed, out)
        else:
            interactive(screen, feed)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
