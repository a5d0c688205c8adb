"""A flow layout of a few hundred items in a few sections, as UICollectionViewFlowLayout would
lay it out: prints the content size and what the first screen shows, and draws it to SVG.

    python3 examples/python/flow_demo.py [OUTPUT_DIR]     (default: build/)
"""

import random
import sys
from pathlib import Path

# Run from a checkout without installing: use bindings/python next to this file.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

from collectionlayout import Layout  # noqa: E402
from collectionlayout.tools.render import render  # noqa: E402

SCREEN = (0, 0, 390, 844)  # an iPhone-sized viewport: x, y, width, height


def main() -> None:
    output = Path(sys.argv[1] if len(sys.argv) > 1 else "build")
    output.mkdir(parents=True, exist_ok=True)

    # Four sections of tags of varied widths (like a photo app's albums or a tag cloud).
    rng = random.Random(42)
    sections = [[(rng.choice([60, 80, 100, 120, 170]), rng.choice([40, 60, 80]))
                 for _ in range(count)] for count in (40, 120, 90, 150)]

    with Layout.from_sizes(
            sections,
            viewport=SCREEN,
            insets=(12, 12, 12, 12),  # top, left, bottom, right
            line_spacing=8,
            interitem_spacing=8,
            header=44,
            pin_headers=True,
            # every second section: lines packed at the leading edge instead of justified
            section_metrics=lambda s: {"alignment": "leading"} if s % 2 else None,
    ) as layout:
        width, height = layout.content_size
        items = sum(layout.item_count(s) for s in range(layout.section_count))
        print(f"{items} items in {layout.section_count} sections: content {width:g} x {height:g}")

        visible = layout.elements_in_rect(SCREEN)
        print(f"first screen {SCREEN[2]}x{SCREEN[3]} shows {len(visible)} elements:")
        for element in visible[:12]:
            x, y, w, h = element.frame
            name = element.kind or "cell"
            print(f"  {name:7} {element.section}.{element.item:<3} at ({x:6.1f}, {y:6.1f}) "
                  f"size {w:g}x{h:g}")
        if len(visible) > 12:
            print(f"  ... and {len(visible) - 12} more")

        # Scroll to the middle: the pinned header of the section there stays on top.
        layout.viewport = (0, height / 2, SCREEN[2], SCREEN[3])
        pinned = [e for e in layout.elements_in_rect(layout.viewport) if e.z == 10]
        for header in pinned:
            print(f"scrolled to y={height / 2:g}: header of section {header.section} pinned "
                  f"at y={header.frame[1]:g}")

        picture = output / "flow_demo.svg"
        render(layout, picture)
        print(f"wrote {picture}")


if __name__ == "__main__":
    main()
