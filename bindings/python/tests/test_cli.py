"""Scenes and the command line: dump, render (SVG and PNG), the example scenes and the demo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from collectionlayout.tools import cli, render, scene
from conftest import (REPO, SCENES, assert_same_elements, load_vector, overlaps, require,
                      vector_files)

GRID_VECTOR = next(p for p in vector_files() if p.name.startswith("01"))
DECORATED_VECTOR = next(p for p in vector_files() if p.name.startswith("05"))


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    """python3 -m collectionlayout ARGS in a subprocess, with this package on the path."""
    env = dict(os.environ, PYTHONPATH=str(REPO / "bindings" / "python"))
    return subprocess.run([sys.executable, "-m", "collectionlayout", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


RECORD_KEYS = {"category", "kind", "section", "item", "frame", "z", "alpha", "hidden", "scale"}


def assert_records(records, expected) -> None:
    """The command line's element records against a vector's: the same elements
    (conftest.assert_same_elements), every record with all of SPEC §12's keys, `scale` too, and
    the vector's scale (a vector's record without scale has scale 1, Tests/vectors/README)."""
    assert_same_elements(records, expected)
    want = {(e["category"], e["kind"], e["section"], e["item"]): e.get("scale", 1)
            for e in expected}
    for record in records:
        assert set(record) == RECORD_KEYS, record
        key = (record["category"], record["kind"], record["section"], record["item"])
        assert record["scale"] == want[key], key


def scene_file(tmp_path: Path, vector: Path) -> Path:
    path = tmp_path / vector.name
    path.write_text(json.dumps(load_vector(vector)["scene"]))
    return path


def test_dump_prints_the_spec_json(tmp_path):
    result = run("dump", str(scene_file(tmp_path, GRID_VECTOR)))
    assert result.returncode == 0, result.stderr
    dumped = json.loads(result.stdout)
    expected = load_vector(GRID_VECTOR)["expected"]
    assert set(dumped) == {"content_size", "elements"}
    assert dumped["content_size"] == expected["content_size"]
    assert_records(dumped["elements"], expected["elements"])


def test_dump_with_rect(tmp_path, capsys):
    path = scene_file(tmp_path, DECORATED_VECTOR)
    assert cli.main(["dump", str(path), "--rect", "0,100,320,50"]) == 0
    dumped = json.loads(capsys.readouterr().out)
    expected = [e for e in load_vector(DECORATED_VECTOR)["expected"]["elements"]
                if overlaps(e["frame"], (0, 100, 320, 50))]
    assert_records(dumped["elements"], expected)
    assert {e["category"] for e in dumped["elements"]} == {"cell", "supplementary", "decoration"}


def test_bad_arguments(tmp_path, capsys):
    assert cli.main(["dump", "x.json", "--rect", "1,2,3"]) == 2  # unparsable: exit 2 (§12)
    assert capsys.readouterr().err.startswith("error: ")
    assert cli.main(["dump", str(tmp_path / "missing.json")]) == 1
    assert "missing.json" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"sections": [{"style": "masonry"}]}')
    assert cli.main(["dump", str(bad)]) == 1
    assert "style must be one of 'flow', 'orthogonal'" in capsys.readouterr().err
    assert cli.main(["render", str(scene_file(tmp_path, GRID_VECTOR)), "-o",
                     str(tmp_path / "out.gif")]) == 1


def test_render_svg(tmp_path):
    out = tmp_path / "out.svg"
    result = run("render", str(scene_file(tmp_path, DECORATED_VECTOR)), "-o", str(out))
    assert result.returncode == 0, result.stderr
    root = ET.parse(out).getroot()  # well-formed XML
    text = out.read_text()
    elements = load_vector(DECORATED_VECTOR)["expected"]["elements"]
    drawn = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
             if g.get("class", "").startswith("element")]
    assert len(drawn) == len(elements)  # all inside the picture: none left out
    for label in ("header 0", "footer 1", "0.3", "card 0.0", "shadow 1.4", "viewport",
                  "decoration band"):
        assert label in text, label
    # decorations are drawn before (below) cells
    assert text.index("decoration band 0.0") < text.index("<title>cell 0.0")


def test_render_png_is_not_blank(tmp_path):
    image_module = require("PIL.Image")
    out = tmp_path / "out.png"
    assert cli.main(["render", str(scene_file(tmp_path, DECORATED_VECTOR)), "-o", str(out)]) == 0
    with image_module.open(out) as image:
        assert image.format == "PNG" and image.width > 100 and image.height > 100
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 5  # many colours: boxes, labels, outlines
        # the cell colour is there
        assert any(rgb == (0x9e, 0xca, 0xe1) for _, rgb in colours or [(0, (0x9e, 0xca, 0xe1))])


def test_render_chooses_the_format_by_suffix(tmp_path):
    with scene.load(scene_file(tmp_path, GRID_VECTOR)) as layout:
        with pytest.raises(ValueError, match="svg or .png"):
            render.render(layout, tmp_path / "out.jpg")
        svg = render.to_svg(layout, (0, 0, 320, 100))
        assert svg.count('<g class="element') == 4  # the header and the first row only


@pytest.mark.parametrize("path", sorted(SCENES.glob("*.json")), ids=lambda p: p.stem)
def test_example_scenes(path, tmp_path):
    with scene.load(path) as layout:
        dumped = scene.dump(layout)
        assert dumped["elements"] and dumped["content_size"][0] > 0
        render.render(layout, tmp_path / "out.svg")


def test_scene_errors(tmp_path):
    cases = {
        '{"sections": [{"colour": 1}]}': "unknown key colour ",
        '{"sections": [{"colour": 1, "size": 2}]}': "unknown keys colour, size ",
        '{"layout": {"style": "grid"}}': "unknown key style",
        '{"sections": [{"item_count": -2}]}': "must not be negative",
        '{"sections": [{"item_count": 2.5}]}': "must be an integer",
        '{"sections": [{"inline": [{"kind": "sep"}]}]}': "missing 'before'",
        '{"layout": {"decorations": [{"z": 1}]}}': "missing 'kind'",
        '[1, 2]': r"the scene must be an object \{\"viewport\": \[x, y, w, h\], .*\(see docs/cli.md\)",
        'nope': "not JSON",
    }
    for text, message in cases.items():
        path = tmp_path / "scene.json"
        path.write_text(text)
        with pytest.raises(scene.SceneError, match=message):
            scene.load(path)


def test_scene_defaults_are_the_specs():
    # no spacings given: 0, not cl_layout_def_default's 10
    with scene.from_dict({"viewport": [0, 0, 100, 100],
                          "sections": [{"item_count": 3, "item_size": [50, 50]}]}) as layout:
        assert [layout.cell(0, i).frame for i in range(3)] == [
            (0, 0, 50, 50), (50, 0, 50, 50), (0, 50, 50, 50)]


def test_flow_demo(tmp_path):
    demo = REPO / "examples" / "python" / "flow_demo.py"
    result = subprocess.run([sys.executable, str(demo), str(tmp_path)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "content 390 x" in result.stdout and "first screen" in result.stdout
    svg = tmp_path / "flow_demo.svg"
    assert ET.parse(svg).getroot().tag.endswith("svg")
