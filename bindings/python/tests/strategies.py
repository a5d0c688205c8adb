"""The one generator of random scenes for every property test (flow and orthogonal sections,
inline elements, decorations, pinning, sideways offsets), the layout builder and enumeration by
identity, and the SPEC's geometry computed independently of the engine: section bounds,
decoration frames (§7), pinned frames (§8), snapping targets (§10)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from collectionlayout import Layout, OutOfRangeError
from collectionlayout.layout import ALIGNMENTS, CROSS_ALIGNMENTS

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

extents = st.floats(0, 160, allow_nan=False).map(lambda v: round(v, 2))
small = st.floats(0, 24, allow_nan=False).map(lambda v: round(v, 2))
KINDS = ["sep", "div"]
EVERYTHING = (-1e7, -1e7, 2e7, 2e7)
rect = st.tuples(st.floats(-300, 900).map(round), st.floats(-100, 3000).map(round),
                 st.floats(0, 600).map(round), st.floats(0, 900).map(round))


@st.composite
def sections(draw, orthogonal=None):
    """One section: flow (with inline elements) or orthogonal (rows, offset), random metrics;
    `orthogonal`: True or False for that style only, None for either."""
    if orthogonal is None:
        orthogonal = draw(st.booleans())
    count = draw(st.integers(0, 25))
    inline = [] if orthogonal else draw(st.lists(
        st.tuples(st.sampled_from(KINDS), st.integers(0, count), small),
        max_size=4, unique_by=lambda e: e[:2]))
    metrics = {
        "insets": draw(st.tuples(small, small, small, small)),
        "line_spacing": draw(small), "interitem_spacing": draw(small),
        "header": draw(st.sampled_from([0, 0, 30, 12.5])),
        "footer": draw(st.sampled_from([0, 0, 20])),
        "alignment": draw(st.sampled_from(sorted(ALIGNMENTS))),
        "cross_alignment": draw(st.sampled_from(sorted(CROSS_ALIGNMENTS))),
        "style": "orthogonal" if orthogonal else "flow",
    }
    if orthogonal:
        metrics["rows"] = draw(st.integers(1, 3))
    return {"sizes": draw(st.lists(st.tuples(extents, extents), min_size=count, max_size=count)),
            "metrics": metrics, "inline": inline,
            "offset": draw(st.floats(0, 3000).map(round)) if orthogonal else 0}


decoration_insets = st.tuples(*[st.floats(-10, 10).map(lambda v: round(v, 1))] * 4)


@st.composite
def scenes(draw, orthogonal=False):
    """A scene; `orthogonal`: False = flow sections only (the default), None = mixed."""
    direction = draw(st.sampled_from(["vertical", "horizontal"]))
    scroll = draw(st.floats(0, 800).map(round))
    w, h = draw(st.integers(60, 500)), draw(st.integers(60, 500))
    return {
        "direction": direction,
        "viewport": (0, scroll, w, h) if direction == "vertical" else (scroll, 0, w, h),
        "pin_headers": draw(st.booleans()), "pin_footers": draw(st.booleans()),
        "sections": draw(st.lists(sections(orthogonal), min_size=1, max_size=4)),
        "decorations": draw(st.lists(st.tuples(
            st.sampled_from(["section", "item"]), st.sampled_from(["body", "section", "items"]),
            decoration_insets, st.integers(-3, 2)), max_size=3)),
    }


def build(scene) -> Layout:
    """A layout over the scene's own lists (change them in place, then invalidate)."""
    sections = scene["sections"]
    layout = Layout.from_sizes(
        [s["sizes"] for s in sections],
        section_metrics=lambda i: sections[i]["metrics"],
        inline_elements=lambda i: sections[i]["inline"], kinds=KINDS,
        direction=scene["direction"], viewport=scene["viewport"],
        pin_headers=scene["pin_headers"], pin_footers=scene["pin_footers"])
    for number, (scope, coverage, insets, z) in enumerate(scene["decorations"]):
        layout.add_decoration(f"deco{number}", scope, coverage, insets, z)
    for s, section in enumerate(sections):
        if section["metrics"]["style"] == "orthogonal":
            layout.set_section_offset(s, section["offset"])
    return layout


def resize_some(scene, data):
    """Draws new sizes for some items, in place in the scene's lists (a layout from build()
    sees them); returns the (section, item) pairs to invalidate."""
    changed = []
    for s, section in enumerate(scene["sections"]):
        for i in range(len(section["sizes"])):
            if data.draw(st.booleans(), label=f"resize {s}.{i}"):
                section["sizes"][i] = data.draw(st.tuples(extents, extents))
                changed.append((s, i))
    return changed


def by_identity(layout, scene):
    """Every element of positive area, asked one by one through attributes()."""
    found = []
    for s, section in enumerate(scene["sections"]):
        candidates = [lambda i=i: layout.cell(s, i) for i in range(len(section["sizes"]))]
        if section["metrics"]["header"]:
            candidates.append(lambda: layout.header(s))
        if section["metrics"]["footer"]:
            candidates.append(lambda: layout.footer(s))
        candidates += [lambda k=k, b=b: layout.supplementary(k, s, b)
                       for k, b, _ in section["inline"]]
        for number, (scope, _, _, _) in enumerate(scene["decorations"]):
            items = range(len(section["sizes"])) if scope == "item" else [0]
            candidates += [lambda n=number, i=i: layout.decoration(f"deco{n}", s, i) for i in items]
        for candidate in candidates:
            try:
                element = candidate()
            except OutOfRangeError:  # an "items" decoration of a section without items
                continue
            if element.frame[2] > 0 and element.frame[3] > 0:
                found.append(element)
    return found


# ---- Geometry along the axes: (line, scroll, line extent, scroll extent) ----------------------

def to_axis(frame, vertical):
    x, y, w, h = frame
    return (x, y, w, h) if vertical else (y, x, h, w)


def from_axis(rect, vertical):
    line, scroll, line_extent, scroll_extent = rect
    return (line, scroll, line_extent, scroll_extent) if vertical else \
        (scroll, line, scroll_extent, line_extent)


def axis_insets(insets, vertical):
    """Screen insets (top, left, bottom, right) as (scroll lead, line lead, scroll trail, line
    trail)."""
    top, left, bottom, right = insets
    return (top, left, bottom, right) if vertical else (left, top, right, bottom)


def inset(rect, insets):
    """SPEC §7: shrink by (scroll lead, line lead, scroll trail, line trail); never below 0."""
    line, scroll, line_extent, scroll_extent = rect
    s0, l0, s1, l1 = insets
    return (line + l0, scroll + s0, max(0.0, line_extent - l0 - l1),
            max(0.0, scroll_extent - s0 - s1))


def bounding_box(rects):
    lines = [r[0] for r in rects] + [r[0] + r[2] for r in rects]
    scrolls = [r[1] for r in rects] + [r[1] + r[3] for r in rects]
    return (min(lines), min(scrolls), max(lines) - min(lines), max(scrolls) - min(scrolls))


def is_orthogonal(section) -> bool:
    return section["metrics"]["style"] == "orthogonal"


def section_geometry(layout, scene):
    """Per section: its cells' axis rects with the sideways offset taken back out, and its
    (start, end) along the scroll axis, summed section by section from the metrics and the
    extent of each body (the span of its cells and inline elements)."""
    vertical = scene["direction"] == "vertical"
    result, start = [], 0.0
    for s, section in enumerate(scene["sections"]):
        offset = layout.section_scroll(s).offset if is_orthogonal(section) else 0.0
        cells = []
        for i in range(len(section["sizes"])):
            line, scroll, le, se = to_axis(layout.cell(s, i).frame, vertical)
            cells.append((line + offset, scroll, le, se))
        lines = cells + [to_axis(layout.supplementary(k, s, b).frame, vertical)
                         for k, b, _ in section["inline"]]
        body = bounding_box(lines)[3] if lines else 0.0
        lead, _, trail, _ = axis_insets(section["metrics"]["insets"], vertical)
        header, footer = section["metrics"]["header"], section["metrics"]["footer"]
        end = start + header + lead + body + trail + footer
        if lines:  # the body starts right after the header and the leading inset
            assert min(r[1] for r in lines) == approx(start + header + lead)
        result.append({"cells": cells, "start": start, "end": end, "offset": offset})
        start = end
    return result


def approx(value, tolerance=1e-6):
    return pytest.approx(value, abs=tolerance)
