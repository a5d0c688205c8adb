"""One layout that mixes the section styles of SPEC §5: a grid of photos, a waterfall (masonry)
of notes, and a custom section whose frames a Python function computes with numpy (a tilted
strip of cards). A "card" background shows only on the sections that list it; every section's
metrics are given at once with a SectionMetricsTable.

    python3 examples/python/styles_demo.py [OUTPUT_DIR]     (default: build/)
"""

import sys
from pathlib import Path

import numpy as np

# Run from a checkout without installing: use bindings/python next to this file.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

from collectionlayout import Decoration, Layout, SectionMetricsTable  # noqa: E402
from collectionlayout.tools.render import render  # noqa: E402

SCREEN = (0, 0, 390, 844)
rng = np.random.default_rng(8)
COUNTS = [9, 14, 6]
# (width, height) per item: grid and waterfall take the column's width, keep the height
HEIGHTS = [np.full(9, 110.0), rng.integers(60, 200, 14).astype(float), np.zeros(6)]


def sizes(section, first, count):
    return np.column_stack([np.zeros(count), HEIGHTS[section][first:first + count]])


def custom_frames(section, first, count, line_extent):
    """Body-relative frames (x in content coordinates, y from the body's start): cards that
    step down and right across the line extent."""
    index = np.arange(first, first + count, dtype=np.float64)
    width = (line_extent - 40) / 3
    return np.column_stack([10 + (index % 3) * (width + 10), index * 24, np.full(count, width),
                            np.full(count, 90.0)])


def main() -> None:
    output = Path(sys.argv[1] if len(sys.argv) > 1 else "build")
    output.mkdir(parents=True, exist_ok=True)
    metrics = SectionMetricsTable([
        {"style": "grid", "columns": 3, "header": 40, "decorations": ["card"]},
        {"style": "waterfall", "columns": 2, "header": 40, "decorations": []},
        {"style": "custom", "header": 40, "decorations": ["card"]},
    ])
    with Layout(COUNTS.__getitem__, section_count=lambda: len(COUNTS), item_sizes=sizes,
                custom_frames=custom_frames, section_metrics=metrics, viewport=SCREEN,
                insets=(10, 10, 10, 10), line_spacing=10, interitem_spacing=10,
                decorations=[Decoration("card", coverage="items", insets=(-6, -6, -6, -6))]
                ) as layout:
        width, height = layout.content_size
        print(f"grid, waterfall and custom sections: content {width:g} x {height:g}")
        for section, name in enumerate(("grid", "waterfall", "custom")):
            frames = [layout.cell(section, i).frame for i in range(3)]
            print(f"  {name:9} first cells: " + ", ".join(
                f"({x:g}, {y:g}, {w:g}x{h:g})" for x, y, w, h in frames))
        cards = sorted({e.section for e in layout.all_elements() if e.kind == "card"})
        print(f"card backgrounds on sections {cards}")
        picture = output / "styles_demo.svg"
        layout.viewport = (0, 0, SCREEN[2], height)
        render(layout, picture)
        print(f"wrote {picture}")


if __name__ == "__main__":
    main()
