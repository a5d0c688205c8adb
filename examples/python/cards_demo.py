"""Separators, decorations and pinned headers (SPEC §6-8), drawn to pictures.

Two screens of a phone app:
  - a long list of messages, grouped by day: a thin separator between groups of rows, and
    each day's header pinned to the top while its rows scroll under it;
  - a grid of photo albums: each section sits on a rounded "card" (a section decoration
    covering its items, grown by negative insets), every item casts a shadow (an item
    decoration shifted down-right), and headers pinned as well.

    python3 examples/python/cards_demo.py [OUTPUT_DIR]     (default: build/)

Writes cards_list.png and cards_grid.png (.svg without Pillow), each the scrolled viewport.
"""

import sys
from pathlib import Path

# Run from a checkout without installing: use bindings/python next to this file.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

from collectionlayout import Layout  # noqa: E402
from collectionlayout.tools.render import render  # noqa: E402

WIDTH, HEIGHT = 390, 700  # the phone's viewport


def message_list() -> Layout:
    """10 days of 12 messages; a separator after every 4 rows; pinned day headers."""
    rows_per_group = 4
    return Layout(
        lambda day: 12, section_count=lambda: 10,
        item_size=(WIDTH - 32, 56),  # full-width rows: one per line
        inline_elements=lambda day: [("separator", before, 6)
                                     for before in range(rows_per_group, 12, rows_per_group)],
        kinds=["separator"],
        viewport=(0, 0, WIDTH, HEIGHT), insets=(8, 16, 8, 16), line_spacing=4,
        header=32, pin_headers=True)


def album_grid() -> Layout:
    """8 albums of 5 to 11 photos, 3 columns, each album on a card with shadows."""
    counts = [5 + (3 * album) % 7 for album in range(8)]
    layout = Layout(
        lambda album: counts[album], section_count=lambda: len(counts),
        item_size=(100, 100), viewport=(0, 0, WIDTH, HEIGHT),
        insets=(20, 28, 28, 28), line_spacing=12, interitem_spacing=12,
        header=36, pin_headers=True, alignment="leading")
    # The card: the bounding box of the album's photos, grown 12 points on every side; below
    # the shadows (z -2 < -1), so a shadow is never hidden by its own card.
    layout.add_decoration("card", scope="section", coverage="items",
                          insets=(-12, -12, -12, -12), z=-2)
    # A drop shadow: each photo's frame moved 4 points down and right.
    layout.add_decoration("shadow", scope="item", insets=(4, 4, -4, -4), z=-1)
    return layout


def scroll_to(layout: Layout, y: float) -> None:
    """Scrolls like a host would: only the viewport's origin changes (pinned headers follow)."""
    layout.viewport = (0, y, WIDTH, HEIGHT)


def describe(name: str, layout: Layout) -> None:
    visible = layout.elements_in_rect(layout.viewport)
    kinds = sorted({f"{e.category} {e.kind}".strip() for e in visible})
    pinned = [e.section for e in visible if e.kind == "header" and e.z == 10 and
              e.frame[1] == layout.viewport[1]]
    width, height = layout.content_size
    print(f"{name}: content {width:g} x {height:g}, scrolled to y={layout.viewport[1]:g}: "
          f"{len(visible)} elements ({', '.join(kinds)}); header pinned: {pinned}")


def main() -> None:
    output = Path(sys.argv[1] if len(sys.argv) > 1 else "build")
    output.mkdir(parents=True, exist_ok=True)
    try:
        import PIL  # noqa: F401  # PNG needs Pillow; SVG needs nothing
        suffix = ".png"
    except ImportError:
        suffix = ".svg"

    with message_list() as layout:
        scroll_to(layout, 1210)  # the middle of a day: its header sticks to the top
        describe("list", layout)
        render(layout, output / f"cards_list{suffix}", rect=layout.viewport)

    with album_grid() as layout:
        scroll_to(layout, 420)
        describe("grid", layout)
        render(layout, output / f"cards_grid{suffix}", rect=layout.viewport)
    print(f"wrote {output}/cards_list{suffix} and {output}/cards_grid{suffix}")


if __name__ == "__main__":
    main()
