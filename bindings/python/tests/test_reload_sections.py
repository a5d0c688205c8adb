"""Reloaded sections (SPEC §10.2) and section versions in the diff (§10.3) through the Python
API and the command line: records, the map, refusals, the diff's choice among the longest common
subsequences, and that an update applies to the lists it was computed from."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import collectionlayout as cl
from collectionlayout import BatchUpdate, InvalidArgumentError, Layout
from collectionlayout.tools import cli
from test_diff import check_applies
from test_updates import _fresh_equal
from update_model import apply_update, id_lists, layout_of_counts

SCENE = {"viewport": [0, 0, 320, 2000], "sections": [
    {"item_count": 2, "item_size": [100, 30], "header": 20},
    {"item_count": 3, "item_size": [100, 30], "header": 20},
    {"item_count": 2, "item_size": [100, 30], "header": 20}]}
NEW_SECTIONS = [{"item_count": 2, "item_size": [100, 30], "header": 20},
                {"item_count": 5, "item_size": [300, 50], "header": 20},
                {"item_count": 2, "item_size": [100, 30], "header": 20}]


def counts_layout(model: dict) -> Layout:
    return Layout(lambda s: model["counts"][s], section_count=lambda: len(model["counts"]),
                  item_size=(100, 30), header=20, viewport=(0, 0, 320, 2000))


@pytest.mark.parametrize("how", ["keywords", "block", "object"])
def test_a_reloaded_section_has_new_content(how):
    model = {"counts": [2, 3, 2]}
    with counts_layout(model) as layout:
        model["counts"] = [2, 5, 2]  # a reloaded section's count is free
        if how == "keywords":
            result = layout.perform_batch_update(reload_sections=[1])
        elif how == "block":
            with layout.batch_update() as u:
                u.reload_sections([1])
            result = u.result
        else:
            result = layout.perform_batch_update(BatchUpdate.from_dict({"reload_sections": [1]}))
        assert result.section_map() == [0, 1, 2]
        assert [result.new_item((1, i)) for i in range(3)] == [None] * 3
        assert [result.old_item((1, i)) for i in range(5)] == [None] * 5
        assert result.new_item((2, 1)) == (2, 1)
        changes = sorted((e.category, e.change) for e in result.elements
                         if (e.old or e.new)[2] == 1)
        assert changes == [("cell", "deleted")] * 3 + [("cell", "inserted")] * 5 + \
            [("supplementary", "reloaded")]
        assert all(e.change == "kept" for e in result.elements if (e.old or e.new)[2] != 1)


@pytest.mark.parametrize("operations, message", [
    ({"reload_sections": [1], "move_sections": [(1, 2)]}, "a reloaded section cannot move"),
    ({"reload_sections": [1, 1]}, "old section 1 is reloaded twice"),
    ({"reload_sections": [1], "reload_items": [(1, 0)]},
     r"reloaded item \(1, 0\) is in section 1, which the update reloads"),
    ({"reload_sections": ["a"]}, r"reload_sections\[0\] must be a section number"),
])
def test_refused_reloads_change_nothing(operations, message):
    model = {"counts": [2, 3, 2]}
    with counts_layout(model) as layout:
        before = layout.elements_in_rect((0, 0, 320, 2000))
        with pytest.raises(InvalidArgumentError, match=message):
            layout.perform_batch_update(**operations)
        assert layout.elements_in_rect((0, 0, 320, 2000)) == before


def test_the_worked_example_keeps_the_unchanged_item():
    update = cl.diff([1], [[0, 1, 2]], [1], [[2, 4, 0, 3]], [[0, 0, 0]], [[0, 0, 1, 0]])
    assert update.move_items == () and update.reload_items == ()
    assert update.delete_items == ((0, 0), (0, 1))
    assert update.insert_items == ((0, 1), (0, 2), (0, 3))


def test_section_versions_reload_or_delete_and_insert():
    update = cl.diff([1, 2], [[10], [20]], [1, 2], [[10, 11], [20]],
                     old_section_versions=[0, 0], new_section_versions=[3, 0])
    assert update.reload_sections == (0,) and not update.insert_items
    moved = cl.diff([1, 2], [[10], [20]], [2, 1], [[20], [10]], new_section_versions=[0, 3])
    assert not moved.reload_sections
    assert len(moved.delete_sections) + len(moved.move_sections) == 1
    with pytest.raises(InvalidArgumentError, match="new section_versions has 1 numbers for 2"):
        cl.diff([1, 2], [[], []], [1, 2], [[], []], new_section_versions=[1])


@settings(max_examples=150, deadline=None)
@given(old=id_lists(), new=id_lists(), data=st.data())
def test_diff_with_section_versions_applies(old, new, data):
    versions = {i: data.draw(st.integers(0, 1)) for items in new[1] for i in items}
    section_versions = [data.draw(st.integers(0, 1)) for _ in new[0]]
    update = cl.diff(old[0], old[1], new[0], new[1], None,
                     [[versions[i] for i in items] for items in new[1]],
                     None, section_versions)
    check_applies(update, old[0], old[1], new[0], new[1])
    for s in update.reload_sections:  # a reload only of a section whose version changed
        assert section_versions[new[0].index(old[0][s])] == 1
    for t, version in enumerate(section_versions):  # a changed section stays or is replaced
        if version and new[0][t] in old[0]:
            s = old[0].index(new[0][t])
            assert s in update.reload_sections or s in update.delete_sections


@settings(max_examples=60, deadline=None)
@given(old=id_lists(), new=id_lists(), data=st.data())
def test_section_reloads_equal_a_fresh_layout(old, new, data):
    model = {"sections": old[0], "items": old[1]}
    section_versions = {section: data.draw(st.integers(0, 2)) for section in new[0]}
    with layout_of_counts(model, viewport=(0, 0, 320, 400)) as layout:
        update = cl.diff(old[0], old[1], new[0], new[1],
                         new_section_versions=[section_versions[s] for s in new[0]])
        model["sections"], model["items"] = new
        model["section_versions"] = section_versions
        result = layout.perform_batch_update(update)
        _fresh_equal(model, layout, result)
        for record in result.elements:
            if record.category == "supplementary" and record.kind == "header" and record.old:
                reloaded = record.old[2] in update.reload_sections
                assert (record.change == "reloaded") == reloaded or record.change == "deleted"
            if record.category == "cell" and record.old and record.old[2] in update.reload_sections:
                assert record.change == "deleted"


def test_cli_update_and_diff(capsys, tmp_path):
    scene_path, update_path, ids_path = (tmp_path / n for n in ("s.json", "u.json", "i.json"))
    scene_path.write_text(json.dumps(SCENE))
    update_path.write_text(json.dumps({"sections": NEW_SECTIONS, "reload_sections": [1]}))
    assert cli.main(["update", str(scene_path), str(update_path)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["sections"] == [0, 1, 2] and answer["items"][1] == [None] * 3
    assert {r["change"] for r in answer["elements"] if (r["old"] or r["new"])[0] == 1} == \
        {"deleted", "inserted", "reloaded"}
    ids = {"old": {"sections": [1, 2], "items": [[10], [20]], "section_versions": [0, 0]},
           "new": {"sections": [1, 2], "items": [[11], [20]], "section_versions": [1, 0]}}
    ids_path.write_text(json.dumps(ids))
    assert cli.main(["diff", str(ids_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reload_sections"] == [0] and out["insert_items"] == [] == out["delete_items"]
    assert apply_update(BatchUpdate.from_dict(out), [1, 2], [[10], [20]], [1, 2],
                        [[11], [20]]) == ([1, 2], [[11], [20]])
    ids["new"]["section_versions"] = [0]
    ids_path.write_text(json.dumps(ids))
    assert cli.main(["diff", str(ids_path)]) == 1
    assert "new.section_versions has 1 version for 2 sections" in capsys.readouterr().err
