"""The layout's own header and footer (SPEC §17.2) through the Python API and the command
line: options and properties, frames, pinning, queries, focus, targets and bad input."""

from __future__ import annotations

import json
import math

import pytest

from collectionlayout import InvalidArgumentError, Layout
from collectionlayout._abi import CL_KIND_FIRST_USER, CL_KIND_GLOBAL_FOOTER, CL_KIND_GLOBAL_HEADER
from test_cli import run

# Tests/vectors/styles/26-badges-layout-header.json without its badges.
VECTOR = dict(viewport=(0, 250, 320, 300), global_header=50, pin_global_header=True,
              global_footer=30, pin_headers=True, header=30, interitem_spacing=20, line_spacing=10)


def vector(**options) -> Layout:
    return Layout.from_sizes([[(150, 100)] * 4] * 2, **{**VECTOR, **options})


def test_the_vectors_numbers_without_badges():
    with vector() as layout:
        assert layout.content_size[1] == 560
        gh = layout.supplementary("global_header", 0, 0)
        assert (gh.frame, gh.z) == ((0, 250, 320, 50), 20)
        assert [(layout.header(s).frame, layout.header(s).z) for s in (0, 1)] == [
            ((0, 260, 320, 30), 10), ((0, 300, 320, 30), 10)]
        assert [layout.cell(0, i).frame[1] for i in (0, 2)] == [80, 190]
        assert [layout.cell(1, i).frame[1] for i in (0, 2)] == [320, 430]
        gf = layout.attributes("supplementary", "global_footer", 0, 0)
        assert (gf.frame, gf.z, gf.section, gf.item) == ((0, 530, 320, 30), 0, 0, 0)
        listed = layout.elements_in_rect((0, 0, 320, 560))
        assert (listed[0].kind, listed[-1].kind) == ("global_header", "global_footer")


def test_the_spec_example_section_headers_pin_beneath():
    sizes = [[(100, 540)], [(100, 360)]]
    metrics = [dict(header=0), dict(header=40)]
    with Layout.from_sizes(sizes, viewport=(0, 700, 100, 200), global_header=60, pin_global_header=True,
                           pin_headers=True, section_metrics=metrics) as layout:
        assert layout.header(1).frame[1] == 760
        layout.viewport = (0, 950, 100, 200)
        assert layout.header(1).frame[1] == 960


def test_properties_change_the_layout_and_bad_values_change_nothing():
    with vector() as layout:
        assert (layout.global_header, layout.global_footer) == (50, 30)
        assert (layout.pin_global_header, layout.pin_global_footer) == (True, False)
        layout.global_header = 80
        assert layout.content_size[1] == 590 and layout.cell(1, 3).frame[1] == 460
        layout.global_footer = 0
        assert layout.content_size[1] == 560
        layout.pin_global_footer = True
        layout.pin_global_header = False
        assert (layout.pin_global_header, layout.pin_global_footer) == (False, True)
        assert layout.supplementary("global_header", 0, 0).z == 0
        for bad in (-1.0, math.nan, math.inf):
            with pytest.raises(InvalidArgumentError, match="global_header"):
                layout.global_header = bad
            with pytest.raises(InvalidArgumentError, match="global_footer"):
                layout.set_global_header_footer(10, bad)
        assert layout.content_size[1] == 560 and layout.global_header == 80
    with pytest.raises(InvalidArgumentError):
        vector(global_footer=-2)


def test_kinds_are_reserved_and_numbered():
    assert (CL_KIND_GLOBAL_HEADER, CL_KIND_GLOBAL_FOOTER, CL_KIND_FIRST_USER) == (3, 4, 5)
    with vector() as layout:
        assert layout.kind_id("global_header") == CL_KIND_GLOBAL_HEADER
        with pytest.raises(InvalidArgumentError):
            layout.register_kind("global_footer")
    with pytest.raises(InvalidArgumentError):
        vector(kinds=["global_header"])


def test_no_sections_focus_and_targets():
    with Layout.from_sizes([], viewport=(0, 0, 100, 100), global_header=20, global_footer=30) as layout:
        assert layout.content_size[1] == 50
        assert [a.kind for a in layout.elements_in_rect((0, 0, 100, 100))] == ["global_header", "global_footer"]
    with vector(viewport=(0, 0, 320, 300)) as layout:
        kinds = ("global_header", "global_footer", "header")
        answer = layout.focus(("supplementary", "global_header", 0, 0), "next", supplementaries=kinds)
        assert answer.target is not None and answer.target[1] == "header"
        answer = layout.focus(("cell", "", 1, 3), "next", supplementaries=kinds)
        assert answer.target is not None and answer.target[1] == "global_footer"
        assert layout.target_content_offset(238, 0, snapping="line") == 240
        assert layout.scroll_to_element("supplementary", "global_header", 0, 0, "start")[1] == 0
        assert layout.scroll_to_element("cell", "", 1, 0, "start")[1] == 320 - 30 - 50


def test_the_command_line_reads_the_scene_keys(tmp_path):
    scene = {"viewport": [0, 250, 320, 300],
             "layout": {"global_header": 50, "pin_global_header": True, "global_footer": 30,
                        "pin_headers": True},
             "sections": [{"header": 30, "interitem_spacing": 20, "line_spacing": 10,
                           "items": [[150, 100]] * 4}] * 2}
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene))
    shown = run("scroll-to", str(path), "supplementary", "global_header", "0", "0")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["viewport"] == [0, 0, 320, 300]
    shown_footer = run("scroll-to", str(path), "supplementary", "global_footer", "0", "0",
                       "--position", "end")
    assert shown_footer.returncode == 0, shown_footer.stderr
    assert json.loads(shown_footer.stdout)["viewport"] == [0, 260, 320, 300]
    dumped = run("dump", str(path))
    assert dumped.returncode == 0, dumped.stderr
    assert "global_header" in dumped.stdout and "global_footer" in dumped.stdout
    refused = run("dump", str(path).replace("scene", "bad"))
    assert refused.returncode != 0
    (tmp_path / "bad.json").write_text(json.dumps({"layout": {"global_footer": -1}}))
    refused = run("dump", str(tmp_path / "bad.json"))
    assert refused.returncode != 0 and "global_footer" in refused.stderr
