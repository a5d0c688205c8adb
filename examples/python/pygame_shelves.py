"""CollectionLayout in a real toolkit: a pygame window with a vertically scrolling screen of
sections, laid out by the engine and drawn from its rect query alone.

  - grid sections (flow style) with separators between groups of rows and a background;
  - shelves (orthogonal sections) of cards with shadows that scroll sideways on their own and
    snap to a card's edge on release (section_target_offset);
  - headers pinned to the top while their section scrolls.

Controls: mouse wheel, Up/Down, PageUp/PageDown, Home/End scroll the screen. Over a shelf:
drag it, shift+wheel or a horizontal wheel, Left/Right for one card. Escape quits.

    python3 examples/python/pygame_shelves.py
    python3 examples/python/pygame_shelves.py --headless --frames 90 --screenshot out.png

--headless uses SDL's dummy video driver and plays a short script of scrolls and drags.
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

from collectionlayout import Layout  # noqa: E402
from collectionlayout.options import Snapping  # noqa: E402

SIZE = (480, 720)
BACKGROUND = (246, 246, 248)
CARD_COLOURS = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188),
                (0, 172, 193), (255, 112, 67), (124, 179, 66)]
FILL = {"header": (38, 50, 56), "footer": (120, 144, 156), "separator": (176, 190, 197),
        "shadow": (196, 198, 204), "grid background": (227, 234, 242),
        "shelf background": (240, 232, 222)}
WHEEL_STEP = 40  # points per wheel notch
SNAP: Snapping = "item"  # where a shelf comes to rest: a card's leading edge at the inset


# ---- The data and the layout -----------------------------------------------------------------

def make_sections(count: int = 30) -> list[dict]:
    """Every third section a grid with separators, the others shelves of 1 or 2 rows."""
    sections = []
    for s in range(count):
        if s % 3 == 0:
            sections.append({"style": "flow", "sizes": [(136, 64)] * 9,
                             "inline": [("separator", 3, 3), ("separator", 6, 3)]})
        else:
            rows = 1 + s % 2
            height = 150 if rows == 1 else 70
            sizes = [(90 + (37 * i + 11 * s) % 90, height) for i in range(10 + s % 7)]
            sections.append({"style": "orthogonal", "rows": rows, "sizes": sizes, "inline": []})
    return sections


def make_layout(sections: list[dict], size: tuple[int, int]) -> Layout:
    def metrics(s: int) -> dict:
        section = sections[s]
        return {"style": section["style"], "rows": section.get("rows", 1)}

    layout = Layout.from_sizes(
        [section["sizes"] for section in sections], section_metrics=metrics,
        inline_elements=lambda s: sections[s]["inline"], kinds=["separator"],
        viewport=(0, 0, *size), insets=(12, 16, 12, 16), line_spacing=10,
        interitem_spacing=12, header=32, pin_headers=True)
    # A rounded background under each section body, and a shadow under each card.
    layout.add_decoration("background", coverage="body", insets=(4, 8, 4, 8), z=-2)
    layout.add_decoration("shadow", scope="item", insets=(3, 3, -3, -3), z=-1)
    return layout


# ---- Scrolling ------------------------------------------------------------------------------

class Scroller:
    """The screen's vertical offset, and each shelf's sideways drag, wheel and snap."""

    def __init__(self, layout: Layout, sections: list[dict]) -> None:
        self.layout, self.sections = layout, sections
        self.pointer = (SIZE[0] // 2, SIZE[1] // 2)
        self.drag: dict | None = None  # section, velocity (points/s), time of the last move
        self.wheel: dict[int, int] = {}  # shelf -> time (ms) of its last sideways wheel step
        self.snapping: dict[int, float] = {}  # shelf -> the offset it glides to

    def scroll_by(self, dy: float) -> None:
        x, y, w, h = self.layout.viewport
        top = max(0.0, self.layout.content_size[1] - h)
        self.layout.viewport = (x, min(max(y + dy, 0.0), top), w, h)

    def shelf_at(self, pos: tuple[int, int]) -> int | None:
        """The shelf under a screen point: the one whose body background is there."""
        x, y, _, _ = self.layout.viewport
        for element in self.layout.elements_in_rect((pos[0] + x, pos[1] + y, 1, 1)):
            if element.kind == "background" and \
                    self.sections[element.section]["style"] == "orthogonal":
                return element.section
        return None

    def slide(self, shelf: int, dx: float) -> None:
        self.snapping.pop(shelf, None)
        offset = self.layout.section_scroll(shelf).offset
        self.layout.set_section_offset(shelf, offset + dx)  # clamped by the engine

    def snap(self, shelf: int, velocity: float = 0.0, snapping: Snapping = SNAP) -> None:
        offset = self.layout.section_scroll(shelf).offset
        self.snapping[shelf] = self.layout.section_target_offset(shelf, offset, velocity,
                                                                 snapping)

    def tick(self, now: int) -> None:
        """Per frame: snap shelves whose wheel went quiet, glide snapping shelves."""
        for shelf, last in list(self.wheel.items()):
            if now - last > 150:
                del self.wheel[shelf]
                self.snap(shelf)
        for shelf, target in list(self.snapping.items()):
            offset = self.layout.section_scroll(shelf).offset
            step = (target - offset) * 0.3
            if abs(target - offset) < 0.5:
                step = target - offset
                del self.snapping[shelf]
            self.layout.set_section_offset(shelf, offset + step)


def handle(event, scroller: Scroller, pygame) -> bool:
    """Applies one input event; False to quit."""
    now = pygame.time.get_ticks()
    if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and
                                     event.key == pygame.K_ESCAPE):
        return False
    if event.type == pygame.MOUSEMOTION:
        scroller.pointer = event.pos
        drag = scroller.drag
        if drag is not None:
            scroller.slide(drag["shelf"], -event.rel[0])
            dt = max(now - drag["time"], 8) / 1000
            drag["velocity"], drag["time"] = -event.rel[0] / dt, now
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        shelf = scroller.shelf_at(event.pos)
        if shelf is not None:
            scroller.drag = {"shelf": shelf, "velocity": 0.0, "time": now}
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and scroller.drag:
        scroller.snap(scroller.drag["shelf"], scroller.drag["velocity"])
        scroller.drag = None
    elif event.type == pygame.MOUSEWHEEL:
        shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
        sideways = event.x or (-event.y if shift else 0)  # shift+wheel down: to the right
        shelf = scroller.shelf_at(scroller.pointer) if sideways else None
        if shelf is not None:
            scroller.slide(shelf, sideways * WHEEL_STEP)
            scroller.wheel[shelf] = now
        elif event.y:
            scroller.scroll_by(-event.y * WHEEL_STEP)
    elif event.type == pygame.KEYDOWN:
        page = scroller.layout.viewport[3] - 60
        moves = {pygame.K_UP: -WHEEL_STEP, pygame.K_DOWN: WHEEL_STEP, pygame.K_PAGEUP: -page,
                 pygame.K_PAGEDOWN: page, pygame.K_HOME: -1e12, pygame.K_END: 1e12}
        if event.key in moves:
            scroller.scroll_by(moves[event.key])
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            shelf = scroller.shelf_at(scroller.pointer)
            if shelf is not None:  # a fling: item paging moves one card at most
                velocity = 1000 if event.key == pygame.K_RIGHT else -1000
                scroller.snap(shelf, velocity, "item-paging")
    return True


# ---- Drawing: only what the rect query returns ----------------------------------------------

def draw(screen, layout: Layout, sections: list[dict], font, pygame) -> dict[str, int]:
    """Draws the visible elements, lowest z first; returns how many of each were drawn."""
    x0, y0, _, _ = layout.viewport
    screen.fill(BACKGROUND)
    elements = layout.elements_in_rect(layout.viewport)
    order = {"decoration": 0, "cell": 1, "supplementary": 2}
    elements.sort(key=lambda e: (e.z, order[e.category]))
    counts: dict[str, int] = {}
    for element in elements:
        x, y, w, h = element.frame
        rect = pygame.Rect(round(x - x0), round(y - y0), round(w), round(h))
        name = element.kind or "cell"
        counts[name] = counts.get(name, 0) + 1
        if element.kind == "background":
            style = "grid" if sections[element.section]["style"] == "flow" else "shelf"
            pygame.draw.rect(screen, FILL[f"{style} background"], rect, border_radius=12)
        elif element.category == "cell":
            colour = CARD_COLOURS[(element.section * 3 + element.item) % len(CARD_COLOURS)]
            pygame.draw.rect(screen, colour, rect, border_radius=8)
            label(screen, font, f"{element.section}.{element.item}", rect, (255, 255, 255))
        elif element.kind == "header":
            pygame.draw.rect(screen, FILL["header"], rect)
            kind = "grid" if sections[element.section]["style"] == "flow" else "shelf"
            label(screen, font, f"Section {element.section} ({kind})", rect, (255, 255, 255))
        else:  # shadows, separators, footers
            pygame.draw.rect(screen, FILL.get(element.kind, (200, 200, 200)), rect,
                             border_radius=8 if element.kind == "shadow" else 0)
    return counts


def label(screen, font, text: str, rect, colour) -> None:
    image = font.render(text, True, colour)
    if image.get_width() <= rect.width and image.get_height() <= rect.height:
        screen.blit(image, image.get_rect(center=rect.center))


# ---- The headless script and the main loop ---------------------------------------------------

def scripted_events(frame: int, scroller: Scroller, pygame) -> list:
    """A few scroll steps for --headless: wheel and page down, drag a shelf, wheel another
    sideways, then one card to the right with the arrow key."""
    def shelf_point(nth: int) -> tuple[int, int] | None:
        x0, y0, w, h = scroller.layout.viewport
        shelves = [e for e in scroller.layout.elements_in_rect(scroller.layout.viewport)
                   if e.kind == "background" and scroller.sections[e.section]["style"] ==
                   "orthogonal" and e.frame[1] - y0 > 40 and e.frame[1] + e.frame[3] - y0 < h]
        if len(shelves) <= nth:
            return None
        x, y, w_, h_ = shelves[nth].frame
        return (int(x - x0 + w_ / 2), int(y - y0 + h_ / 2))

    event = pygame.event.Event
    if frame == 2:
        return [event(pygame.MOUSEWHEEL, x=0, y=-4, flipped=False)]
    if frame == 4:
        return [event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)]
    point = shelf_point(0)
    if frame == 6 and point:
        return [event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)),
                event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)]
    if 7 <= frame <= 12 and scroller.drag:
        return [event(pygame.MOUSEMOTION, pos=point, rel=(-45, 0), buttons=(1, 0, 0))]
    if frame == 13 and scroller.drag:
        return [event(pygame.MOUSEBUTTONUP, pos=point, button=1)]
    point = shelf_point(1)
    if frame == 30 and point:
        return [event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))] + \
            [event(pygame.MOUSEWHEEL, x=3, y=0, flipped=False)] * 2
    if frame == 50:
        return [event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--headless", action="store_true",
                        help="SDL's dummy video driver and a scripted scroll")
    parser.add_argument("--frames", type=int, help="quit after this many frames")
    parser.add_argument("--screenshot", help="write the last frame to this PNG")
    args = parser.parse_args(argv)
    if args.headless:  # before pygame initialises its display
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    pygame.display.set_caption("CollectionLayout shelves")
    font = pygame.font.Font(None, 20)
    clock = pygame.time.Clock()
    sections = make_sections()
    counts: dict[str, int] = {}
    with make_layout(sections, SIZE) as layout:
        scroller = Scroller(layout, sections)
        frame, running = 0, True
        while running and (args.frames is None or frame < args.frames):
            frame += 1
            if args.headless:
                for event in scripted_events(frame, scroller, pygame):
                    pygame.event.post(event)
            for event in pygame.event.get():
                running = handle(event, scroller, pygame) and running
            scroller.tick(pygame.time.get_ticks())
            counts = draw(screen, layout, sections, font, pygame)
            pygame.display.flip()
            clock.tick(60)
        if args.screenshot:
            pygame.image.save(screen, args.screenshot)
        print(f"{frame} frames; scrolled to y={layout.viewport[1]:g} of "
              f"{layout.content_size[1]:g}; last frame drew "
              + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
