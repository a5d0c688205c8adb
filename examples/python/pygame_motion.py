"""Layout transitions and drag-to-reorder in pygame (SPEC §10.5, §10.7): eight cards shown as a
list or as a grid. `g` (or space) switches list <-> grid with an animated transition (the cards
slide and resize, the list's header fades); dragging a card with the mouse lifts it above the
others, which make room where it would land; releasing drops it there (the commit's records
animate the last stretch), Escape while dragging cancels.

    python3 examples/python/pygame_motion.py                   # a window
    python3 examples/python/pygame_motion.py --headless --screenshots DIR
                                        # a scripted drag and switch, PNGs at a few moments
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

from collectionlayout import Attributes, Layout  # noqa: E402

WIDTH, HEIGHT = 360, 560
BACKGROUND = (246, 244, 239)
PALETTE = [(231, 111, 81), (244, 162, 97), (233, 196, 106), (42, 157, 143), (38, 70, 83),
           (138, 177, 125), (181, 101, 118), (109, 89, 122)]
HEADER = (200, 196, 188)

cards = list(range(8))  # the app's model: card ids in their order


def make_layout(style: str) -> Layout:
    """The cards as a list (full-width rows under a header) or as a 3-column grid."""
    common = dict(viewport=(0, 0, WIDTH, HEIGHT), insets=(8, 8, 8, 8), line_spacing=8,
                  interitem_spacing=8)
    if style == "list":
        return Layout(lambda s: len(cards), item_size=(WIDTH - 16, 52), header=30, **common)
    return Layout(lambda s: len(cards), item_size=(0, 110), style="grid", columns=3, **common)


def card_at(index: int, moving: tuple[tuple[int, int], tuple[int, int]] | None) -> int:
    """The card id shown at an index path's item: while a card moves, the order as if moved."""
    order = list(cards)
    if moving is not None:
        (_, origin), (_, target) = moving
        order.insert(target, order.pop(origin))
    return order[index]


def draw(screen, font, elements: list[Attributes], moving, caption: str) -> None:
    import pygame
    screen.fill(BACKGROUND)
    for e in sorted(elements, key=lambda e: e.z):
        x, y, w, h = e.frame
        if e.alpha <= 0.01 or e.hidden:
            continue
        colour = PALETTE[card_at(e.item, moving) % len(PALETTE)] if e.category == "cell" else HEADER
        if e.z >= 100:  # the lifted card: a shadow under it
            shadow = pygame.Surface((int(w), int(h)), pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 60))
            screen.blit(shadow, (x + 5, y + 6))
        surface = pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)
        surface.fill((*colour, int(255 * e.alpha)))
        screen.blit(surface, (x, y))
        text = f"card {card_at(e.item, moving)}" if e.category == "cell" else "header"
        label = font.render(text, True, (255, 255, 255) if e.category == "cell" else (60, 60, 60))
        label.set_alpha(int(255 * e.alpha))
        screen.blit(label, (x + 6, y + 4))
    screen.blit(font.render(caption, True, (40, 40, 40)), (8, HEIGHT - 18))


class Demo:
    """The current layout, what the screen shows, and the frames of an animation."""

    def __init__(self, screen, font, out: Path | None) -> None:
        self.screen, self.font, self.out = screen, font, out
        self.style = "list"
        self.layout = make_layout(self.style)
        self.shots = 0

    def show(self, elements: list[Attributes], caption: str, shot: str | None = None) -> None:
        import pygame
        draw(self.screen, self.font, elements, self.layout.movement, caption)
        if self.out is None:
            pygame.display.flip()
            pygame.time.wait(16)
        elif shot is not None:
            self.shots += 1
            path = self.out / f"{self.shots:02d}_{shot}.png"
            pygame.image.save(self.screen, str(path))
            print(f"  wrote {path}")

    def screen_elements(self) -> list[Attributes]:
        return self.layout.elements_in_rect((0, 0, WIDTH, HEIGHT))

    def switch(self, frames: int, shots: tuple[float, ...] = ()) -> None:
        """List <-> grid: the transition's frames, then the other layout."""
        other = "grid" if self.style == "list" else "list"
        target = make_layout(other)
        with self.layout.transition_to(target) as transition:
            for k in range(frames + 1):
                t = k / frames
                name = f"{self.style}_to_{other}_t{int(t * 100):03d}" if t in shots else None
                self.show(transition.elements_in_rect((0, 0, WIDTH, HEIGHT), t),
                          f"{self.style} -> {other}  t = {t:.2f}", name)
        self.layout.close()
        self.layout, self.style = target, other
        print(f"switched to the {other}")

    def card_under(self, x: float, y: float) -> int | None:
        for e in self.screen_elements():
            fx, fy, w, h = e.frame
            if e.category == "cell" and fx <= x < fx + w and fy <= y < fy + h:
                return e.item
        return None

    def drop(self, frames: int, shot: str | None = None) -> None:
        """Commits the movement, moves the card in the model, animates the records."""
        (_, origin), (_, target) = self.layout.movement or ((0, 0), (0, 0))
        result = self.layout.commit_movement()
        cards.insert(target, cards.pop(origin))  # the app's data follows the layout's move
        print(f"dropped card {cards[target]} at {target} ({origin} -> {target})")
        for k in range(frames + 1):
            t = k / frames
            self.show([r.at(t) for r in result.elements], f"drop  t = {t:.2f}",
                      shot if k == frames else None)


def scripted(demo: Demo) -> None:
    """Headless: drag card 0 down the list over three cards, drop; switch to the grid; drag
    the last card to the front, drop; switch back."""
    def drag(item: int, path: list[tuple[float, float]], name: str) -> None:
        demo.layout.begin_movement((0, item))
        for k, (x, y) in enumerate(path):
            target = demo.layout.update_movement(x, y)
            print(f"  drag at ({x:g}, {y:g}): target {target}")
            demo.show(demo.screen_elements(), f"dragging card {cards[item]}", f"{name}_{k}")
        demo.drop(4, f"{name}_dropped")

    drag(0, [(180, 64), (180, 120), (180, 180), (180, 240)], "list_drag")
    demo.switch(10, (0.0, 0.5, 1.0))
    drag(7, [(300, 300), (180, 180), (60, 64)], "grid_drag")
    demo.switch(10, (0.5,))
    print("order:", cards)


def interactive(demo: Demo) -> int:
    import pygame
    dragging = False
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return 0
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_g, pygame.K_SPACE) and not dragging:
                demo.switch(24)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and dragging:
                demo.layout.cancel_movement()
                dragging = False
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                item = demo.card_under(*event.pos)
                if item is not None:
                    demo.layout.begin_movement((0, item))
                    demo.layout.update_movement(*event.pos)
                    dragging = True
            elif event.type == pygame.MOUSEMOTION and dragging:
                demo.layout.update_movement(*event.pos)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and dragging:
                dragging = False
                demo.drop(10)
        demo.show(demo.screen_elements(), f"{demo.style}: drag a card; g switches list/grid")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headless", action="store_true", help="no window: a scripted run")
    parser.add_argument("--screenshots", default="build/pygame_motion", help="folder for the PNGs")
    args = parser.parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    font = pygame.font.Font(None, 18)
    out = Path(args.screenshots) if args.headless else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    demo = Demo(screen, font, out)
    try:
        if args.headless:
            scripted(demo)
            return 0
        return interactive(demo)
    finally:
        demo.layout.close()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
