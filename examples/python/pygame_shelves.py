"""CollectionLayout in a real toolkit: a pygame window with a vertically scrolling screen of
sections, laid out by the engine and drawn from its rect query alone.

  - grid sections (grid style, 3 columns) with separators between groups of rows, a banner
    across the whole line (item_spans: "full", SPEC §16) and a background;
  - shelves (orthogonal sections) of cards with shadows that scroll sideways on their own and
    snap to a card's edge on release (section_target_offset);
  - headers pinned below a translucent toolbar while their section scrolls (content insets);
  - the library's scroll physics: drag the screen (past its ends it rubber-bands), release or
    turn the wheel to fling (it decelerates, or springs back from past an end); a shelf flings
    and comes to rest on a card's edge (Layout.fling with item snapping);
  - drawn at 2 pixels per point on the layout's pixel grid (display_scale 2), the screen's
    origin kept on that grid, so every frame lands on whole pixels;
  - right to left (R, the `layout_direction` property; --rtl starts so): the library mirrors
    every frame, grid rows start at the right and shelves at their right end. A shelf's offset
    stays logical (it grows as the cards move right), so drags, the wheel and Left/Right map
    their physical direction to it.

Controls: drag or the mouse wheel, Up/Down (a line), PageUp/PageDown, Home/End scroll the
screen. Over a shelf: drag it, shift+wheel or a horizontal wheel, Left/Right for one card.
R switches right to left and back. Escape quits.

    python3 examples/python/pygame_shelves.py [--rtl]
    python3 examples/python/pygame_shelves.py --headless --frames 360 --screenshot out.png --stretched pulled.png [--rtl]

--headless uses SDL's dummy video driver, a clock of 1/60 s per frame and a short script of
flings, drags (one past the top, released to spring back) and wheel turns; with --rtl the same
script mirrored (its sideways moves and positions), so its pictures are the left-to-right ones
mirrored.
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

from collectionlayout import Badge, Fling, Layout  # noqa: E402
from collectionlayout.options import Snapping  # noqa: E402

SIZE = (420, 600)  # the window in points
SCALE = 2  # pixels per point: the window's pixels, and the layout's display_scale
TOOLBAR = 56  # the bar over the content's top (content insets)
BACKGROUND = (246, 246, 248)
CARD_COLOURS = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188),
                (0, 172, 193), (255, 112, 67), (124, 179, 66)]
FILL = {"header": (38, 50, 56), "footer": (120, 144, 156), "separator": (176, 190, 197),
        "shadow": (196, 198, 204), "grid background": (227, 234, 242),
        "shelf background": (240, 232, 222), "banner": (38, 70, 83), "banner text": (233, 196, 106),
        "badge": (214, 40, 57)}
WHEEL_VELOCITY = 900  # points/s per wheel notch: each notch is a fling
SNAP: Snapping = "item"  # where a shelf comes to rest: a card's leading edge at the inset


# ---- The data and the layout -----------------------------------------------------------------

BANNER = 3  # in a grid, item 3 is a banner across the line


def make_sections(count: int = 30) -> list[dict]:
    """Every third section a grid with separators around a banner, the others shelves of 1 or
    2 rows."""
    sections = []
    for s in range(count):
        if s % 3 == 0:  # a grid cell takes its column's width: only heights count
            sizes = [(0, 44 if i == BANNER else 64) for i in range(10)]
            sections.append({"style": "grid", "sizes": sizes,
                             "inline": [("separator", BANNER, 3), ("separator", BANNER + 1, 3)]})
        else:
            rows = 1 + s % 2
            height = 150 if rows == 1 else 70
            sizes = [(90 + (37 * i + 11 * s) % 90, height) for i in range(10 + s % 7)]
            sections.append({"style": "orthogonal", "rows": rows, "sizes": sizes, "inline": []})
    return sections


def is_banner(sections: list[dict], section: int, item: int) -> bool:
    return sections[section]["style"] == "grid" and item == BANNER


def make_layout(sections: list[dict], size: tuple[int, int], direction: str = "ltr") -> Layout:
    def metrics(s: int) -> dict:
        section = sections[s]
        if section["style"] == "grid":
            return {"style": "grid", "columns": 3}
        return {"style": section["style"], "rows": section["rows"]}

    def spans(s: int, first: int, count: int) -> list:  # asked for grid sections only
        return ["full" if is_banner(sections, s, i) else 1 for i in range(first, first + count)]

    def badges(s: int, first: int, count: int) -> list:  # SPEC §17.1: unread counts and new dots
        return [(i, "count" if i % 5 == 1 else "new") for i in range(first, first + count)
                if not is_banner(sections, s, i) and i % 5 in (1, 3)]

    layout = Layout.from_sizes(
        [section["sizes"] for section in sections], section_metrics=metrics,
        inline_elements=lambda s: sections[s]["inline"], kinds=["separator"], item_spans=spans,
        item_badges=badges, badges=[Badge("count", size=(22, 16), offset=(0.3, -0.3), fractional=True),
                                    Badge("new", anchor=("top", "leading"), size=(10, 10), offset=(6, 6))],
        viewport=(0, -TOOLBAR, *size), insets=(12, 16, 12, 16), line_spacing=10,
        interitem_spacing=12, header=32, pin_headers=True,
        content_insets=(TOOLBAR, 0, 0, 0), display_scale=SCALE, layout_direction=direction)
    # A rounded background under each section body, and a shadow under each card.
    layout.add_decoration("background", coverage="body", insets=(4, 8, 4, 8), z=-2)
    layout.add_decoration("shadow", scope="item", insets=(3, 3, -3, -3), z=-1)
    return layout


# ---- Scrolling: the library's physics (SPEC §22) ----------------------------------------------

class Scroller:
    """The screen's vertical origin and each shelf's sideways offset, moved by the library's
    physics: a drag follows the finger (rubber-banded past the ends of the screen), a release or
    a wheel turn starts a fling (`Layout.fling`) that decelerates to the target a snap gives, or
    springs back when released past an end; each frame samples the flings running."""

    def __init__(self, layout: Layout, sections: list[dict]) -> None:
        self.layout, self.sections = layout, sections
        self.pointer = (SIZE[0] // 2, SIZE[1] // 2)
        self.now = 0.0  # seconds
        self.drag: dict | None = None  # shelf (None: the screen), raw offset, velocity, time
        self.flings: dict[int | None, tuple[Fling, float]] = {}  # shelf (None: the screen) -> fling, start

    def sideways(self, dx: float) -> float:
        """The change of a shelf's offset that moves its cards dx points to the right on screen:
        the offset is logical (SPEC §15), growing toward the strip's end, at the left when
        mirrored."""
        return dx if self.layout.layout_direction == "rtl" else -dx

    def offset(self, shelf: int | None) -> float:
        return self.layout.viewport[1] if shelf is None else self.layout.section_scroll(shelf).offset

    def show(self, shelf: int | None, offset: float) -> None:
        """Sets the screen's origin (on the pixel grid: then every frame is on whole pixels) or
        a shelf's offset (clamped by the engine)."""
        if shelf is None:
            x, _, w, h = self.layout.viewport
            self.layout.viewport = (x, round(offset * SCALE) / SCALE, w, h)
        else:
            self.layout.set_section_offset(shelf, offset)

    def fling(self, shelf: int | None, velocity: float, snapping=None) -> None:
        """A fling from where it is now; a wheel turn during one adds to its velocity."""
        running = self.flings.get(shelf)
        if running is not None:
            velocity += running[0].sample(self.now - running[1])[1]
        snap = snapping or (SNAP if shelf is not None else "none")
        fling = self.layout.fling(velocity, snap, section=shelf, start=self.offset(shelf))
        self.flings[shelf] = (fling, self.now)

    def shelf_at(self, pos: tuple[int, int]) -> int | None:
        """The shelf under a screen point: the one whose body background is there."""
        x, y, _, _ = self.layout.viewport
        for element in self.layout.elements_in_rect((pos[0] + x, pos[1] + y, 1, 1)):
            if element.kind == "background" and \
                    self.sections[element.section]["style"] == "orthogonal":
                return element.section
        return None

    def press(self, pos: tuple[int, int]) -> None:
        shelf = self.shelf_at(pos) if pos[1] > TOOLBAR else None
        self.flings.pop(shelf, None)  # a finger stops a fling
        self.drag = {"shelf": shelf, "raw": self.offset(shelf), "velocity": 0.0, "time": self.now}

    def move(self, delta: float) -> None:
        """A drag by `delta` points along its axis (right or down): the screen past its ends
        rubber-bands."""
        drag = self.drag
        if drag is None:
            return
        shelf = drag["shelf"]
        change = self.sideways(delta) if shelf is not None else -delta
        drag["raw"] += change
        self.show(shelf, drag["raw"] if shelf is not None else self.layout.rubber_band(drag["raw"]))
        dt = max(self.now - drag["time"], 0.008)
        drag["velocity"], drag["time"] = change / dt, self.now

    def release(self) -> None:
        if self.drag is not None:
            self.fling(self.drag["shelf"], self.drag["velocity"])
            self.drag = None

    def tick(self, now: float) -> None:
        """Per frame: every running fling at its time; one at rest is done."""
        self.now = now
        for shelf, (fling, start) in list(self.flings.items()):
            offset, _ = fling.sample(now - start)
            self.show(shelf, offset)
            if now - start >= fling.rest_time:
                del self.flings[shelf]


def handle(event, scroller: Scroller, pygame) -> bool:
    """Applies one input event; False to quit."""
    if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and
                                     event.key == pygame.K_ESCAPE):
        return False
    if event.type == pygame.MOUSEMOTION:
        scroller.pointer = (event.pos[0] / SCALE, event.pos[1] / SCALE)
        drag = scroller.drag
        if drag is not None:
            scroller.move((event.rel[0] if drag["shelf"] is not None else event.rel[1]) / SCALE)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        scroller.press((event.pos[0] / SCALE, event.pos[1] / SCALE))
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        scroller.release()
    elif event.type == pygame.MOUSEWHEEL:
        shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
        sideways = event.x or (-event.y if shift else 0)  # shift+wheel down: the cards go left
        shelf = scroller.shelf_at(scroller.pointer) if sideways else None
        if shelf is not None:
            scroller.fling(shelf, scroller.sideways(-sideways) * WHEEL_VELOCITY)
        elif event.y:
            scroller.fling(None, -event.y * WHEEL_VELOCITY)
    elif event.type == pygame.KEYDOWN:
        moves = {pygame.K_UP: ("line", -1), pygame.K_DOWN: ("line", 1),
                 pygame.K_PAGEUP: ("page", -1), pygame.K_PAGEDOWN: ("page", 1),
                 pygame.K_HOME: ("none", -1e6), pygame.K_END: ("none", 1e6)}
        if event.key in moves:  # a fling of one line or page: paging snaps move one step
            snap, direction = moves[event.key]
            snap = {"line": "line-paging"}.get(snap, snap)
            scroller.flings.pop(None, None)
            scroller.fling(None, direction * 1000, snap)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            shelf = scroller.shelf_at(scroller.pointer)
            if shelf is not None:  # a fling: item paging moves one card at most; Right: the cards go left
                scroller.flings.pop(shelf, None)
                scroller.fling(shelf, scroller.sideways(-1000 if event.key == pygame.K_RIGHT else 1000),
                               "item-paging")
        elif event.key == pygame.K_r:  # right to left and back: the same layout mirrored
            layout = scroller.layout
            layout.layout_direction = "ltr" if layout.layout_direction == "rtl" else "rtl"
    return True


# ---- Drawing: only what the rect query returns ----------------------------------------------

def draw(screen, layout: Layout, sections: list[dict], font, pygame) -> dict[str, int]:
    """Draws the visible elements, lowest z first; returns how many of each were drawn."""
    x0, y0, width, _ = layout.viewport
    screen.fill(BACKGROUND)
    elements = layout.elements_in_rect(layout.viewport)
    order = {"decoration": 0, "cell": 1, "supplementary": 2}
    elements.sort(key=lambda e: (e.z, order[e.category]))
    counts: dict[str, int] = {}
    for element in elements:
        x, y, w, h = element.frame
        # Frames and the origin are on the pixel grid: these are whole pixels.
        rect = pygame.Rect(round((x - x0) * SCALE), round((y - y0) * SCALE), round(w * SCALE), round(h * SCALE))
        banner = element.category == "cell" and is_banner(sections, element.section, element.item)
        name = "banner" if banner else element.kind or "cell"
        counts[name] = counts.get(name, 0) + 1
        if element.kind == "background":
            style = "grid" if sections[element.section]["style"] == "grid" else "shelf"
            pygame.draw.rect(screen, FILL[f"{style} background"], rect, border_radius=12 * SCALE)
        elif banner:
            pygame.draw.rect(screen, FILL["banner"], rect, border_radius=8 * SCALE)
            label(screen, font, f"Featured in section {element.section}", rect, FILL["banner text"])
        elif element.category == "cell":
            colour = CARD_COLOURS[(element.section * 3 + element.item) % len(CARD_COLOURS)]
            pygame.draw.rect(screen, colour, rect, border_radius=8 * SCALE)
            label(screen, font, f"{element.section}.{element.item}", rect, (255, 255, 255))
        elif element.kind == "count":  # an unread count over the card's top-trailing corner
            pygame.draw.rect(screen, FILL["badge"], rect, border_radius=rect.height // 2)
            label(screen, font, str(element.item % 9 + 1), rect, (255, 255, 255))
        elif element.kind == "new":  # a dot inside the top-leading corner
            pygame.draw.ellipse(screen, FILL["badge"], rect)
        elif element.kind == "header":
            pygame.draw.rect(screen, FILL["header"], rect)
            kind = sections[element.section]["style"].replace("orthogonal", "shelf")
            label(screen, font, f"Section {element.section} ({kind})", rect, (255, 255, 255))
        else:  # shadows, separators, footers
            pygame.draw.rect(screen, FILL.get(element.kind, (200, 200, 200)), rect,
                             border_radius=8 * SCALE if element.kind == "shadow" else 0)
    # The toolbar over the content, translucent: what scrolls under it shows through.
    bar = pygame.Surface((round(width * SCALE), TOOLBAR * SCALE), pygame.SRCALPHA)
    bar.fill((250, 250, 252, 210))
    screen.blit(bar, (0, 0))
    pygame.draw.rect(screen, FILL["shadow"], pygame.Rect(0, TOOLBAR * SCALE - 1, round(width * SCALE), 1))
    # The title at the leading edge: the left, or the right when mirrored.
    rtl = layout.layout_direction == "rtl"
    title = font.render("Shelves (right to left)" if rtl else "Shelves", True, FILL["header"])
    place = {"midright": (round(width * SCALE) - 16 * SCALE, TOOLBAR * SCALE // 2)} if rtl else \
        {"midleft": (16 * SCALE, TOOLBAR * SCALE // 2)}
    screen.blit(title, title.get_rect(**place))
    return counts


def label(screen, font, text: str, rect, colour) -> None:
    image = font.render(text, True, colour)
    if image.get_width() <= rect.width and image.get_height() <= rect.height:
        screen.blit(image, image.get_rect(center=rect.center))


# ---- The headless script and the main loop ---------------------------------------------------

def scripted_events(frame: int, scroller: Scroller, pygame, mirrored: bool = False) -> list:
    """The --headless script (pixel coordinates): wheel flings down, a page down, a drag of a
    shelf released into a fling, the wheel sideways over another; then Home, one card to the
    right with the arrow key, and a drag of the screen down past its top (caught as it comes to
    rest there), released: it springs back under the toolbar. `mirrored` (--rtl): every sideways move and position the
    other way, so the run is the left-to-right one mirrored."""
    flip = -1 if mirrored else 1
    def shelf_point(nth: int) -> tuple[int, int] | None:
        x0, y0, w, h = scroller.layout.viewport
        shelves = [e for e in scroller.layout.elements_in_rect(scroller.layout.viewport)
                   if e.kind == "background" and scroller.sections[e.section]["style"] ==
                   "orthogonal" and e.frame[1] - y0 > TOOLBAR + 40 and e.frame[1] + e.frame[3] - y0 < h]
        if len(shelves) <= nth:
            return None
        x, y, w_, h_ = shelves[nth].frame
        return (int((x - x0 + w_ / 2) * SCALE), int((y - y0 + h_ / 2) * SCALE))

    event = pygame.event.Event
    key = lambda k: event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)  # noqa: E731
    if frame == 2:
        return [event(pygame.MOUSEWHEEL, x=0, y=-4, flipped=False)]
    if frame == 40:
        return [key(pygame.K_PAGEDOWN)]
    point = shelf_point(0)
    if frame == 70 and point:
        return [event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)),
                event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)]
    if 71 <= frame <= 76 and scroller.drag:
        return [event(pygame.MOUSEMOTION, pos=point, rel=(-45 * SCALE * flip, 0), buttons=(1, 0, 0))]
    if frame == 77 and scroller.drag:
        return [event(pygame.MOUSEBUTTONUP, pos=point, button=1)]
    point = shelf_point(1)
    if frame == 110 and point:
        return [event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))] + \
            [event(pygame.MOUSEWHEEL, x=3 * flip, y=0, flipped=False)] * 2
    if frame == 140:
        return [key(pygame.K_LEFT if mirrored else pygame.K_RIGHT)]
    if frame == 120:
        return [key(pygame.K_HOME)]
    edge = ((SIZE[0] - 40 if mirrored else 40) * SCALE, 300 * SCALE)
    if frame == 230:
        return [event(pygame.MOUSEMOTION, pos=edge, rel=(0, 0), buttons=(0, 0, 0)),
                event(pygame.MOUSEBUTTONDOWN, pos=edge, button=1)]
    if 231 <= frame <= 240:
        return [event(pygame.MOUSEMOTION, pos=edge, rel=(0, 30 * SCALE), buttons=(1, 0, 0))]
    if frame == 241:
        return [event(pygame.MOUSEBUTTONUP, pos=edge, button=1)]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--headless", action="store_true",
                        help="SDL's dummy video driver and a scripted scroll")
    parser.add_argument("--frames", type=int, help="quit after this many frames")
    parser.add_argument("--stretched", help="--headless: also write the frame at the drag's furthest "
                        "pull past the top to this PNG")
    parser.add_argument("--screenshot", help="write the last frame to this PNG")
    parser.add_argument("--rtl", action="store_true", help="start right to left (R switches live); "
                        "--headless: the script mirrored")
    args = parser.parse_args(argv)
    if args.headless:  # before pygame initialises its display
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    screen = pygame.display.set_mode((SIZE[0] * SCALE, SIZE[1] * SCALE))
    pygame.display.set_caption("CollectionLayout shelves")
    font = pygame.font.Font(None, 20 * SCALE)
    clock = pygame.time.Clock()
    sections = make_sections()
    counts: dict[str, int] = {}
    with make_layout(sections, SIZE, "rtl" if args.rtl else "ltr") as layout:
        scroller = Scroller(layout, sections)
        frame, running, pulled = 0, True, 0.0
        while running and (args.frames is None or frame < args.frames):
            frame += 1
            if args.headless:
                for event in scripted_events(frame, scroller, pygame, mirrored=args.rtl):
                    pygame.event.post(event)
            for event in pygame.event.get():
                running = handle(event, scroller, pygame) and running
            scroller.tick(frame / 60 if args.headless else pygame.time.get_ticks() / 1000)
            counts = draw(screen, layout, sections, font, pygame)
            past = -TOOLBAR - layout.viewport[1]  # how far the screen is pulled past its top
            if args.headless and args.stretched and past > pulled:
                pulled = past
                pygame.image.save(screen, args.stretched)
            pygame.display.flip()
            clock.tick(60)
        if args.screenshot:
            pygame.image.save(screen, args.screenshot)
        print(f"{frame} frames, {layout.layout_direction}; scrolled to y={layout.viewport[1]:g} of "
              f"{layout.content_size[1]:g}; last frame drew "
              + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())))
        if args.headless:
            print(f"pulled {pulled:g} points past the top at most (a 300-point drag, rubber-banded); "
                  f"at rest: {'yes' if not scroller.flings and not scroller.drag else 'no'}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
