"""The renderer (render.py) as a user would put its pictures in a bug report, checked on the SVG
it writes: labels fit their own box or are left out and never overlap another label or a box
drawn above theirs; the canvas is the content (with the viewport) or the rect asked for, plus a
margin and the legend, never as wide as sections that scroll sideways; the legend names every
category and kind shown, pinned and hidden elements; pinned and hidden elements are drawn as
such. The PNG is drawn from the same plan."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from collectionlayout import Attributes
from collectionlayout.tools import render, scene
from collectionlayout.tools.picture import LABEL_MIN, LEGEND_LINE, MARGIN, PINNED_Z
from conftest import SCENES, require

SVG = "{http://www.w3.org/2000/svg}"
Rect = tuple[float, float, float, float]


def parse(svg: str) -> dict:
    root = ET.fromstring(svg)
    elements = []  # (frame, title, class) in drawing order
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").startswith("element"):
            r = g.find(f"{SVG}rect")
            elements.append((tuple(float(r.get(k)) for k in ("x", "y", "width", "height")),
                             g.find(f"{SVG}title").text, g.get("class"), r))
    labels = []
    for t in root.iter(f"{SVG}text"):
        if t.get("class") == "label":
            size, width = float(t.get("font-size")), float(t.get("textLength"))
            x, y = float(t.get("x")), float(t.get("y"))
            left = x - width / 2 if t.get("text-anchor") == "middle" else x
            assert t.get("dominant-baseline") == "central"
            labels.append((t.text, (left, y - size / 2, width, size), size))
    legend = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend-entry"]
    view = tuple(float(v) for v in root.get("viewBox").split())
    return {"root": root, "elements": elements, "labels": labels, "legend": legend,
            "viewBox": view, "width": float(root.get("width")), "height": float(root.get("height"))}


def overlap(a: Rect, b: Rect) -> bool:
    eps = 1e-6
    return a[0] < b[0] + b[2] - eps and b[0] < a[0] + a[2] - eps and \
        a[1] < b[1] + b[3] - eps and b[1] < a[1] + a[3] - eps


def inside(a: Rect, b: Rect) -> bool:
    eps = 1e-6
    return a[0] >= b[0] - eps and a[1] >= b[1] - eps and \
        a[0] + a[2] <= b[0] + b[2] + eps and a[1] + a[3] <= b[1] + b[3] + eps


def check_labels(picture: dict) -> None:
    labels, elements = picture["labels"], picture["elements"]
    for i, (text, box, size) in enumerate(labels):
        assert size >= LABEL_MIN, (text, size)
        for other_text, other, _ in labels[i + 1:]:
            assert not overlap(box, other), f"labels {text!r} and {other_text!r} overlap"
        # its own element: the topmost one containing it whose title names it
        owners = [n for n, (frame, title, _, _) in enumerate(elements)
                  if inside(box, frame) and _names(title, text)]
        assert owners, f"label {text!r} at {box} is not inside its element"
        owner = owners[-1]
        for frame, title, _, _ in elements[owner + 1:]:
            assert not overlap(box, frame), f"label {text!r} lies under {title!r}"


def _names(title: str, label: str) -> bool:
    # titles read "cell  0.3: ...", "supplementary header 0.0: ...", "decoration card 0.1: ..."
    category, rest = title.split(" ", 1)
    identity = rest.split(":")[0]
    if category == "cell":
        return identity.strip() == label
    kind, path = identity.rsplit(" ", 1)
    section, item = path.split(".")
    return label in (f"{kind} {section}", f"{kind} {section}.{item}")


@pytest.mark.parametrize("path", sorted(SCENES.glob("*.json")), ids=lambda p: p.stem)
def test_labels_fit_and_never_overlap(path):
    with scene.load(path) as layout:
        for rect in (None, layout.viewport, (30, 40, 150, 200)):
            picture = parse(render.to_svg(layout, rect))
            check_labels(picture)
            assert picture["labels"], "no label at all"


def test_labels_that_do_not_fit_are_left_out():
    # 60 cells of 9 x 9 points: no readable label fits; the headers' labels do
    with scene.from_dict({"viewport": [0, 0, 200, 300], "sections": [
            {"item_count": 60, "item_size": [9, 9], "header": 30, "interitem_spacing": 1,
             "line_spacing": 1}]}) as layout:
        picture = parse(render.to_svg(layout))
        check_labels(picture)
        texts = [text for text, _, _ in picture["labels"]]
        assert texts == ["header 0"]
        # every cell is still drawn, with its identity as a tooltip
        assert sum(1 for _, title, _, _ in picture["elements"] if title.startswith("cell")) == 60


def test_the_canvas_fits_the_content_not_the_sideways_sections():
    with scene.load(SCENES / "orthogonal-shelves.json") as layout:
        content_w, content_h = layout.content_size
        widest = max(e.frame[0] + e.frame[2] for e in layout.elements())
        assert widest > 2 * content_w  # the shelves reach far to the right
        picture = parse(render.to_svg(layout))
        legend_height = picture["height"] - content_h - 2 * MARGIN
        assert picture["width"] == pytest.approx(content_w + 2 * MARGIN)
        assert LEGEND_LINE <= legend_height <= 4 * LEGEND_LINE + MARGIN
        left, top, width, height = picture["viewBox"]
        assert (left, width, height) == (-MARGIN, picture["width"], picture["height"])
        assert top == pytest.approx(-MARGIN - legend_height)
        # what lies outside is counted, not silently dropped
        outside = len(layout.elements()) - len(picture["elements"])
        assert outside > 0 and f"{outside} elements outside the picture" in picture["legend"]


def test_the_canvas_is_the_rect_asked_for():
    with scene.load(SCENES / "photo-grid.json") as layout:
        rect = (0.0, 100.0, 300.0, 250.0)
        picture = parse(render.to_svg(layout, rect))
        left, top, width, height = picture["viewBox"]
        assert left == -MARGIN and width == 300 + 2 * MARGIN
        assert top + height == pytest.approx(100 + 250 + MARGIN)
        # boxes reaching out of the rect are clipped to it (and its margin)
        clip = picture["root"].find(f"{SVG}defs/{SVG}clipPath/{SVG}rect")
        assert [float(clip.get(k)) for k in ("x", "y", "width", "height")] == \
            [-MARGIN, 100 - MARGIN, 300 + 2 * MARGIN, 250 + 2 * MARGIN]
        for _, box, _ in picture["labels"]:
            assert inside(box, rect)


def test_the_legend_names_categories_kinds_pinned_and_the_viewport():
    with scene.load(SCENES / "orthogonal-shelves.json") as layout:
        picture = parse(render.to_svg(layout))
        kinds = {f"{e.category} {e.kind}" if e.kind else e.category for e in layout.elements()}
        assert kinds <= set(picture["legend"]), (kinds, picture["legend"])
        assert f"pinned (z {PINNED_Z})" in picture["legend"] and "viewport" in picture["legend"]
        # the legend wraps within the canvas
        for text in picture["root"].iter(f"{SVG}text"):
            if text.get("class") == "legend-entry":
                x, width = float(text.get("x")), float(text.get("textLength"))
                assert x + width <= picture["viewBox"][0] + picture["width"]


class FakeLayout:
    """The renderer's view of a layout: elements the engine never computes (hidden, alpha)."""

    content_size = (200.0, 200.0)
    viewport = (0.0, 0.0, 200.0, 200.0)

    def __init__(self, elements: list[Attributes]) -> None:
        self._elements = elements

    def elements(self) -> list[Attributes]:
        return list(self._elements)

    def elements_in_rect(self, rect: Rect) -> list[Attributes]:
        return [e for e in self._elements if overlap(e.frame, rect)]


def test_pinned_and_hidden_elements_are_drawn_as_such(tmp_path):
    layout = FakeLayout([
        Attributes("cell", "", 0, 0, (10.0, 50.0, 80.0, 80.0), 0, 1.0, False),
        Attributes("cell", "", 0, 1, (100.0, 50.0, 80.0, 80.0), 0, 1.0, True),
        Attributes("cell", "", 0, 2, (10.0, 140.0, 80.0, 50.0), 0, 0.5, False),
        Attributes("supplementary", "header", 0, 0, (0.0, 0.0, 200.0, 40.0), PINNED_Z, 1.0, False),
    ])
    picture = parse(render.to_svg(layout))  # type: ignore[arg-type]
    by_title = {title.split(":")[0]: (cls, r) for _, title, cls, r in picture["elements"]}
    cls, rect = by_title["cell 0.1"]
    assert cls == "element hidden" and rect.get("fill") == "none" and rect.get("stroke-dasharray")
    cls, rect = by_title["supplementary header 0.0"]
    assert cls == "element pinned" and float(rect.get("stroke-width")) > 2
    assert picture["root"].find(f".//{SVG}g[@class='element pinned']/{SVG}path[@class='pin']") \
        is not None
    assert by_title["cell 0.2"][1].get("fill-opacity") == "0.5"
    assert {"hidden", f"pinned (z {PINNED_Z})"} <= set(picture["legend"])
    check_labels(picture)
    # the PNG draws the same: the pinned outline's colour is there
    image_module = require("PIL.Image")
    out = tmp_path / "pinned.png"
    render.to_png(layout, out)  # type: ignore[arg-type]
    with image_module.open(out) as image:
        colours = {rgb for _, rgb in image.convert("RGB").getcolors(maxcolors=1 << 20)}
        assert (0x08, 0x30, 0x6b) in colours


def test_png_is_the_svg_canvas_scaled(tmp_path):
    image_module = require("PIL.Image")
    with scene.load(SCENES / "orthogonal-shelves.json") as layout:
        picture = parse(render.to_svg(layout))
        out = tmp_path / "out.png"
        render.to_png(layout, out, max_pixels=1200)
    with image_module.open(out) as image:
        scale = min(2.0, 1200 / max(picture["width"], picture["height"]))
        assert abs(image.width - picture["width"] * scale) <= 1
        assert abs(image.height - picture["height"] * scale) <= 1


def test_a_dragged_card_is_labelled_with_the_item_being_dragged():
    """While a cell moves (SPEC §10.7) the layout answers it at its target index path; the
    picture labels its card with the item the user drags, its index path when the drag began."""
    from collectionlayout import Layout
    from collectionlayout.tools import render_motion
    with Layout.from_sizes([[(90, 90)] * 6], viewport=(0, 0, 320, 300), interitem_spacing=10,
                           line_spacing=10) as layout:
        origin = layout.cell(0, 0).frame
        target = layout.cell(0, 4).frame
        frames = render_motion.movement_frames(
            layout, (0, 0), [(origin[0] + 45, origin[1] + 45), (target[0] + 45, target[1] + 45)],
            count=3)
        assert frames[-1].movement == ((0, 0), (0, 4))
        with layout.interactive_movement((0, 0)) as movement:
            movement.move_to(target[0] + 45, target[1] + 45)
            pictures = {"live layout": render.to_svg(layout),
                        "frame": render.to_svg(frames[-1])}  # type: ignore[arg-type]
        for name, svg in pictures.items():
            picture = parse(svg)
            lifted = [(frame, title) for frame, title, _, _ in picture["elements"]
                      if "lifted" in title]
            assert len(lifted) == 1, name
            frame, title = lifted[0]
            assert title.startswith("cell 0.4:") and title.endswith("(dragged item 0.0)"), title
            labels = [text for text, box, _ in picture["labels"] if inside(box, frame)]
            assert labels == ["0.0"], (name, labels)
        # the frame after the drag, and a layout no cell moves in, label cells as they are
        assert layout.movement is None
        labels = {text for text, _, _ in parse(render.to_svg(layout))["labels"]}
        assert labels == {f"0.{i}" for i in range(6)}
