"""The `update` and `diff` commands (SPEC §12): the shared vectors 11-14 through the command line,
and malformed UPDATE and IDS files: each one `error:` line and exit 1, usage errors exit 2, never
a traceback."""

from __future__ import annotations

import json

import pytest

from collectionlayout.tools import cli
from conftest import assert_same_elements, vectors_dir
from test_cli import RECORD_KEYS, run
from update_model import apply_update

UPDATE_KEYS = {"content_size", "viewport", "sections", "items", "elements", "inserted",
               "deleted"}
OPERATION_KEYS = {"delete_sections", "insert_sections", "move_sections", "delete_items",
                  "insert_items", "move_items", "reload_items"}


def change_vector(name: str) -> dict:
    return json.loads((vectors_dir() / "changes" / f"{name}.json").read_text())


def files(tmp_path, **values) -> list[str]:
    paths = []
    for name, value in values.items():
        path = tmp_path / f"{name}.json"
        path.write_text(value if isinstance(value, str) else json.dumps(value))
        paths.append(str(path))
    return paths


def main(capsys, *arguments: str) -> tuple[int, str, str]:
    status = cli.main(list(arguments))
    out, err = capsys.readouterr()
    return status, out, err


def check_update_answer(answer: dict, expected: dict) -> None:
    assert set(answer) == UPDATE_KEYS
    for key in ("content_size", "viewport"):
        assert answer[key] == pytest.approx(expected[key], abs=1e-6)
    for key in ("sections", "items"):
        assert answer[key] == expected[key]
    for key in ("inserted", "deleted"):
        assert sorted(answer[key]) == sorted(expected[key])
    by_identity = lambda records: {(r["category"], r["kind"], str(r["old"]), str(r["new"])): r
                                   for r in records}
    got, want = by_identity(answer["elements"]), by_identity(expected["elements"])
    assert sorted(got) == sorted(want)
    for key, record in want.items():
        assert set(got[key]) == {"change", "old", "new", "category", "kind", "from", "to"}
        assert got[key]["change"] == record["change"], key
        for side in ("from", "to"):  # records as dump's, with scale (1 if the vector has none)
            assert_same_elements([got[key][side]], [record[side]])
            assert set(got[key][side]) == RECORD_KEYS, got[key][side]
            assert got[key][side]["scale"] == record[side].get("scale", 1), key


@pytest.mark.parametrize("name", ["11-update-items", "12-update-sections"])
def test_update_vectors_in_a_subprocess(tmp_path, name):
    vector = change_vector(name)
    result = run("update", *files(tmp_path, scene=vector["scene"], update=vector["update"]))
    assert result.returncode == 0, result.stderr
    check_update_answer(json.loads(result.stdout), vector["expected"])


def test_refused_update_vector(tmp_path):
    vector = change_vector("13-update-invalid")
    result = run("update", *files(tmp_path, scene=vector["scene"], update=vector["update"]))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("error: invalid number of items in section 0: 3 after the "
                                    "update, 4 before, 1 inserted")
    assert len(result.stderr.splitlines()) == 1


def test_diff_vector_in_a_subprocess(tmp_path):
    vector = change_vector("14-diff")
    result = run("diff", *files(tmp_path, ids=vector["ids"]))
    assert result.returncode == 0, result.stderr
    check_diff_answer(json.loads(result.stdout), vector)


def check_diff_answer(answer: dict, vector: dict) -> None:
    assert set(answer) == OPERATION_KEYS
    assert len(answer["move_sections"]) + len(answer["move_items"]) == \
        vector["expected"]["min_moves"]
    from collectionlayout import BatchUpdate
    old, new = vector["ids"]["old"], vector["ids"]["new"]
    assert apply_update(BatchUpdate.from_dict(answer), old["sections"], old["items"],
                        new["sections"], new["items"]) == (new["sections"], new["items"])


SCENE = {"viewport": [0, 0, 320, 200],
         "sections": [{"item_count": 3, "item_size": [100, 50]}, {"item_count": 2,
                                                                  "item_size": [100, 50]}]}
NEW = [{"item_count": 2, "item_size": [100, 50]}, {"item_count": 2, "item_size": [100, 50]}]


@pytest.mark.parametrize("update, message", [
    ("{", "not JSON"),
    ([], r"update must be an object \{\"sections\": \[\.\.\.\], .*\}, not \[\] \(see docs/cli.md\)"),
    ({"delete_items": [[0, 0]]}, "missing 'sections' .*see docs/cli.md"),
    ({"sections": NEW, "delete_items": [[0, 0]], "extra": 1}, "unknown key extra "),
    ({"sections": NEW, "delete_items": [[0, 0.5]]}, r"delete_items\[0\] must be a non-negative integer"),
    ({"sections": NEW, "delete_items": [[0, -1]]}, "must not be negative"),
    ({"sections": NEW, "delete_items": [[0, True]]}, "must be a non-negative integer"),
    ({"sections": NEW, "delete_items": [0]}, r"delete_items\[0\] must be \[section, item\]"),
    ({"sections": NEW, "delete_items": {"a": 1}}, "delete_items must be a list"),
    ({"sections": NEW, "move_items": [[[0, 0], 1]]}, r"move_items\[0\] to must be \[section, item\]"),
    ({"sections": NEW, "move_sections": [[0]]}, r"move_sections\[0\] must be \[from, to\]"),
    ({"sections": NEW, "delete_sections": ["0"]}, "must be a non-negative integer"),
    ({"sections": NEW, "delete_items": [[0, 9]]}, r"\(0, 9\) does not exist"),
    ({"sections": NEW, "delete_items": [[5, 0]]}, r"\(5, 0\) does not exist"),
    ({"sections": NEW, "delete_items": [[0, 0], [0, 0]]}, "twice|same|more than once"),
    ({"sections": NEW, "delete_items": [[0, 0]], "viewport": [0, 0, "NaN", 1]}, "viewport"),
    ('{"sections": [], "viewport": [0, 0, NaN, 1]}', "finite"),
    ({"sections": [{"item_count": -1}]}, "item_count must not be negative"),
    ({"sections": NEW, "insert_items": [[0, 1]]}, "invalid number of items in section 0"),
    ({"sections": NEW + NEW}, "section"),
    ({"sections": [{"items": [[1, 2]], "decorations": ["nope"]}] * 2, "delete_items": [[0, 1], [0, 2]]},
     "nope"),
])
def test_malformed_updates(tmp_path, capsys, update, message):
    status, out, err = main(capsys, "update", *files(tmp_path, scene=SCENE, update=update))
    assert status == 1 and out == ""
    assert err.startswith("error: ") and len(err.splitlines()) == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    import re
    assert re.search(message, err), err


@pytest.mark.parametrize("ids, message", [
    ("[1,", "not JSON"),
    ({"old": {"sections": [1], "items": [[1]]}}, "missing 'new' .*see docs/cli.md"),
    ([[1, 2]], r"ids must be an object \{\"old\": .*\"new\": .*\}, not \[\[1, 2\]\] \(see docs/cli.md\)"),
    ({"old": {"sections": [1]}, "new": {"sections": [], "items": []}}, "missing 'items'"),
    ({"old": {"sections": [1], "items": [[1.5]]}, "new": {"sections": [], "items": []}},
     r"old.items\[0\]\[0\] must be an integer id"),
    ('{"old": {"sections": [NaN], "items": [[]]}, "new": {"sections": [], "items": []}}',
     "must be an integer id"),
    ({"old": {"sections": [1], "items": [[2**64]]}, "new": {"sections": [], "items": []}},
     "does not fit in 64 bits"),
    ({"old": {"sections": [1, 2], "items": [[1]]}, "new": {"sections": [], "items": []}},
     "has 1 list for 2 sections"),
    ({"old": {"sections": [1], "items": [[1, 2]], "versions": [[0]]},
      "new": {"sections": [], "items": []}}, r"versions\[0\] has 1 version for 2 items"),
    ({"old": {"sections": [1], "items": [[4, 4]]}, "new": {"sections": [], "items": []}},
     r"item id 4 is at \(0, 0\) and \(0, 1\)"),
    ({"old": {"sections": [3, 3], "items": [[], []]}, "new": {"sections": [], "items": []}},
     "section id 3 is at sections 0 and 1"),
    ({"old": {"sections": [1], "items": [[1]], "x": 1}, "new": {"sections": [], "items": []}},
     "unknown key x "),
    ({"old": {"sections": "1", "items": []}, "new": {"sections": [], "items": []}},
     "must be a list of integer ids"),
])
def test_malformed_id_lists(tmp_path, capsys, ids, message):
    status, out, err = main(capsys, "diff", *files(tmp_path, ids=ids))
    assert status == 1 and out == ""
    assert err.startswith("error: ") and len(err.splitlines()) == 1, err
    import re
    assert re.search(message, err), err


def test_usage_errors_exit_2(tmp_path, capsys):
    scene_path, = files(tmp_path, scene=SCENE)
    assert main(capsys, "update", scene_path)[0] == 2  # UPDATE missing
    assert main(capsys, "diff")[0] == 2
    assert main(capsys, "diff", "a.json", "b.json")[0] == 2
    assert main(capsys, "update", scene_path, scene_path, "--rect", "0,0,1,1")[0] == 2
    status, _, err = main(capsys, "diff", str(tmp_path / "missing.json"))
    assert status == 1 and "cannot read" in err


def test_update_without_anchoring(tmp_path, capsys):
    scene = dict(SCENE, viewport=[0, 50, 320, 100], layout={"anchoring": False})
    update = {"sections": [{"item_count": 6, "item_size": [100, 50]}, NEW[1]],
              "insert_items": [[0, 0], [0, 1], [0, 2]]}
    status, out, err = main(capsys, "update", *files(tmp_path, scene=scene, update=update))
    assert status == 0, err
    assert json.loads(out)["viewport"] == [0, 50, 320, 100]  # not anchored: the origin stays
