"""Scroll effects (SPEC §19) from Python and the command line: per-section keylines, the
`scale` of every element, tables of metrics, bad effects, `dump --scroll` and `render --scroll`."""

from __future__ import annotations

import json

import pytest

from collectionlayout import InvalidArgumentError, Layout, SectionMetricsTable
from test_cli import run

# §19.2's centred card row (V = 400, D = 400, S₁ = 0.8, A₁ = 0.5)
CARD_ROW = {"keylines": [{"fraction": 0.5, "z": 10}, {"fraction": 0.5, "offset": -400, "scale": 0.8, "alpha": 0.5},
                         {"fraction": 0.5, "offset": 400, "scale": 0.8, "alpha": 0.5}]}


def row(effect=CARD_ROW, **options) -> Layout:
    return Layout(lambda section: 20, direction="horizontal", viewport=(-50, 0, 400, 200),
                  item_size=(100, 200), line_spacing=0, interitem_spacing=0,
                  section_metrics=lambda section: {"effect": effect}, **options)


def test_a_card_centred_100_right_of_the_centre():
    with row() as layout:
        card = layout.cell(0, 2)  # centred at 250 + 50 = 300 in the viewport
        assert card.frame == (200, 0, 100, 200)
        assert (card.scale, card.alpha, card.z) == pytest.approx((0.95, 0.875, 8))
        assert layout.cell(0, 19).scale == 0.8
        assert all(e.scale == 1 for e in layout.elements() if e.category != "cell")


def test_a_table_of_metrics_carries_effects():
    table = SectionMetricsTable(count=1, effect=CARD_ROW)
    with Layout(lambda section: 20, direction="horizontal", viewport=(-50, 0, 400, 200),
                item_size=(100, 200), line_spacing=0, interitem_spacing=0, section_metrics=table) as layout:
        assert layout.cell(0, 2).scale == pytest.approx(0.95)
    with row({**CARD_ROW, "curve": "ease-in-out"}) as eased:
        assert eased.cell(0, 2).scale == pytest.approx(1 - 0.2 * 0.15625)


@pytest.mark.parametrize("effect", [{"keylines": []}, {"keylines": [{"scale": -1}]},
                                    {"keylines": [{"alpha": 1.5}]}, {"keylines": [{"z": 2_000_000}]},
                                    {"keylines": [{"fraction": float("nan")}]}, {"keylines": [{}], "curve": "bouncy"},
                                    {"keylines": [{"speed": 1}]}])
def test_bad_effects_are_refused(effect):
    with pytest.raises((InvalidArgumentError, ValueError)):
        row(effect).close()


def test_dump_and_render_scroll(tmp_path):
    scene = {"viewport": [0, 0, 400, 300], "sections": [
        {"style": "orthogonal", "item_count": 12, "item_size": [100, 150], "insets": [0, 150, 0, 150],
         "effect": {"keylines": [{"fraction": 0.5, "scale": 1.2}, {"fraction": 0.5, "offset": 200, "scale": 0.8}]}},
        {"item_count": 10, "item_size": [400, 50], "effect": {"keylines": [{"fraction": 1, "alpha": 0}, {"offset": 240}]}}]}
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene))
    # Scrolled down to 100 (through 50): section 1's rows start at 150, 50 apart; row k is
    # centred at 75 + 50 k in the viewport; the keylines: alpha 1 at 240, 0 at 300.
    out = run("dump", str(path), "--scroll", "50,100", "--rect", "0,0,400,1000")
    assert out.returncode == 0, out.stderr
    rows = {e["item"]: e for e in json.loads(out.stdout)["elements"] if e["section"] == 1}
    assert [rows[k]["alpha"] for k in (1, 4, 5)] == pytest.approx([1.0, 1 - (275 - 240) / 60, 0.0])
    assert run("dump", str(path), "--scroll", "nan").returncode == 1
    assert run("dump", str(path), "--scroll", "a").returncode == 2
    gif = tmp_path / "carousel.gif"
    out = run("render", str(path), "-o", str(gif), "--scroll", "0,500", "--section", "0", "--frames", "5")
    assert out.returncode == 0, out.stderr
    from PIL import Image
    with Image.open(gif) as image:
        assert image.n_frames == 5
    out = run("render", str(path), "-o", str(gif), "--scroll", "0,100", "--section", "1")
    assert out.returncode == 1 and out.stderr.startswith("error: ")
