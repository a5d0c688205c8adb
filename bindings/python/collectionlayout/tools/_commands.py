"""The `update` and `diff` commands (SPEC §12): reading UPDATE and IDS files, running them,
and their JSON answers. Every refused input is a SceneError or a library error (ValueError /
IndexError subclasses): one `error: ...` line and exit 1 in cli.py."""

from __future__ import annotations

import os
from typing import Any

from ..diff import diff
from ..updates import BatchUpdate
from . import scene
from .scene_values import SceneError, _counted, _numbers, _object, _show

__all__ = ["parse_update", "run_update", "run_update_value", "parse_ids", "run_diff",
           "run_diff_value"]

_OPERATION_KEYS = ("delete_sections", "insert_sections", "move_sections", "delete_items",
                   "insert_items", "move_items", "reload_items", "reload_sections")
_UPDATE_KEYS = {"sections", "viewport", *_OPERATION_KEYS}
# the shape of one entry: "s" a section, "p" [section, item], "ss" [from, to], "pp" [[s, i], [s, i]]
_SHAPES = {"delete_sections": "s", "insert_sections": "s", "move_sections": "ss",
           "delete_items": "p", "insert_items": "p", "move_items": "pp", "reload_items": "p",
           "reload_sections": "s"}
_FORMS = {"s": "a section number", "p": "[section, item]", "ss": "[from, to]",
          "pp": "[[section, item], [section, item]]"}
_INDEX_MAX = 2**63 - 1
# the files' shapes, shown when a file's top level is not an object (docs/cli.md has them all)
UPDATE_FORM = '{"sections": [...], "delete_items": [[s, i], ...], ...}'
IDS_FORM = '{"old": {"sections": [id, ...], "items": [[id, ...], ...]}, "new": {...}}'
SIDE_FORM = ('{"sections": [id, ...], "items": [[id, ...], ...], "versions": [[v, ...], ...], '
             '"section_versions": [v, ...]}')


def _index(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SceneError(f"{where} must be a non-negative integer, not {_show(value)}")
    if value < 0:
        raise SceneError(f"{where} must not be negative, not {value}")
    if value > _INDEX_MAX:
        raise SceneError(f"{where} {value} is over its largest value {_INDEX_MAX}")
    return value


def _operation(key: str, value: Any) -> list[Any]:
    shape = _SHAPES[key]
    if not isinstance(value, list):
        raise SceneError(f"update: {key} must be a list of {_FORMS[shape]}, not {_show(value)}")
    entries: list[Any] = []
    for number, entry in enumerate(value):
        where = f"update: {key}[{number}]"
        if shape == "s":
            entries.append(_index(where, entry))
            continue
        if not isinstance(entry, list) or len(entry) != 2:
            raise SceneError(f"{where} must be {_FORMS[shape]}, not {_show(entry)}")
        if shape in ("p", "ss"):
            entries.append(tuple(_index(where, v) for v in entry))
            continue
        paths = []
        for side, path in zip(("from", "to"), entry):
            if not isinstance(path, list) or len(path) != 2:
                raise SceneError(f"{where} {side} must be [section, item], not {_show(path)}")
            paths.append(tuple(_index(f"{where} {side}", v) for v in path))
        entries.append(tuple(paths))
    return entries


def parse_update(value: Any, old: scene.Scene) -> tuple[list[scene.Section], BatchUpdate]:
    """An UPDATE file's value: its new sections (checked as a scene's, for the layout of
    `old`) and the operations."""
    raw = _object("update", value, _UPDATE_KEYS, UPDATE_FORM)
    if "sections" not in raw:
        raise SceneError(f"update: missing 'sections' (the data source after the update; the "
                         f"file is {UPDATE_FORM}, see docs/cli.md)")
    sections = scene.parse_sections(raw["sections"], old, "update: sections")
    viewport = None
    if "viewport" in raw:
        viewport = _numbers("update", "viewport", raw["viewport"], 4, "x, y, w, h",
                            (None, None, 0.0, 0.0))
    operations = {key: _operation(key, raw[key]) for key in _OPERATION_KEYS if key in raw}
    return sections, BatchUpdate.from_dict({**operations, "viewport": viewport})


def run_update(scene_path: str | os.PathLike[str],
               update_path: str | os.PathLike[str]) -> dict[str, Any]:
    """`update SCENE UPDATE`: the scene's layout, its data source switched to UPDATE's
    sections, the update performed; the answer of SPEC §12."""
    return run_update_value(scene.read_json(scene_path), scene.read_json(update_path))


def run_update_value(scene_value: Any, update_value: Any) -> dict[str, Any]:
    """run_update on parsed JSON values."""
    old = scene.parse(scene_value)
    sections, update = parse_update(update_value, old)
    counts = [section.count for section in old.sections]
    kinds = [kind for section in sections for kind, _, _ in section.inline]
    with old.build(kinds=kinds, live=True) as layout:
        old.sections[:] = sections  # the data source now answers with the new data
        result = layout.perform_batch_update(update)
        return {
            "content_size": list(layout.content_size),
            "viewport": list(result.viewport),
            "sections": [result.new_section(s) for s in range(len(counts))],
            "items": [[_path(result.new_item((s, i))) for i in range(count)]
                      for s, count in enumerate(counts)],
            "elements": [_change(record.to_dict()) for record in result.elements],
            "inserted": [list(element.key) for element in result.inserted],
            "deleted": [list(element.key) for element in result.deleted],
        }


def _change(change: dict[str, Any]) -> dict[str, Any]:
    """An update record with its `from` and `to` as the command line prints records (scale)."""
    return {**change, "from": scene.record(change["from"]), "to": scene.record(change["to"])}


def _path(path: tuple[int, int] | None) -> list[int] | None:
    return None if path is None else list(path)


# ---- diff -------------------------------------------------------------------------------------

_SIDE_KEYS = {"sections", "items", "versions", "section_versions"}
_ID_MIN, _ID_MAX = -2**63, 2**64 - 1


def _id(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SceneError(f"{where} must be an integer id, not {_show(value)}")
    if not _ID_MIN <= value <= _ID_MAX:
        raise SceneError(f"{where} {value} does not fit in 64 bits ({_ID_MIN} to {_ID_MAX})")
    return value


def _id_list(where: str, value: Any) -> list[int]:
    if not isinstance(value, list):
        raise SceneError(f"{where} must be a list of integer ids, not {_show(value)}")
    return [_id(f"{where}[{k}]", v) for k, v in enumerate(value)]


def _lists(where: str, value: Any, count: int) -> list[list[int]]:
    if not isinstance(value, list):
        raise SceneError(f"{where} must be a list of id lists, one per section, not "
                         f"{_show(value)}")
    if len(value) != count:
        raise SceneError(f"{where} has {_counted(len(value), 'list')} for "
                         f"{_counted(count, 'section')}")
    return [_id_list(f"{where}[{s}]", ids) for s, ids in enumerate(value)]


def _side(which: str, value: Any) -> tuple[list[int], list[list[int]], list[list[int]] | None,
                                           list[int] | None]:
    raw = _object(f"ids: {which}", value, _SIDE_KEYS, SIDE_FORM)
    for key in ("sections", "items"):
        if key not in raw:
            raise SceneError(f"ids: {which}: missing {key!r}")
    sections = _id_list(f"ids: {which}.sections", raw["sections"])
    items = _lists(f"ids: {which}.items", raw["items"], len(sections))
    versions = None
    if "versions" in raw:
        versions = _lists(f"ids: {which}.versions", raw["versions"], len(sections))
        for s, (v, i) in enumerate(zip(versions, items)):
            if len(v) != len(i):
                raise SceneError(f"ids: {which}.versions[{s}] has {_counted(len(v), 'version')} "
                                 f"for {_counted(len(i), 'item')}")
    section_versions = None
    if "section_versions" in raw:
        section_versions = _id_list(f"ids: {which}.section_versions", raw["section_versions"])
        if len(section_versions) != len(sections):
            raise SceneError(f"ids: {which}.section_versions has "
                             f"{_counted(len(section_versions), 'version')} for "
                             f"{_counted(len(sections), 'section')}")
    return sections, items, versions, section_versions


def parse_ids(value: Any) -> dict[str, Any]:
    """An IDS file's value as diff()'s keyword arguments."""
    raw = _object("ids", value, {"old", "new"}, IDS_FORM)
    arguments: dict[str, Any] = {}
    for which in ("old", "new"):
        if which not in raw:
            raise SceneError(f"ids: missing {which!r} (the file is {IDS_FORM}, see docs/cli.md)")
        sections, items, versions, section_versions = _side(which, raw[which])
        arguments.update({f"{which}_sections": sections, f"{which}_items": items,
                          f"{which}_versions": versions,
                          f"{which}_section_versions": section_versions})
    return arguments


def run_diff(ids_path: str | os.PathLike[str]) -> dict[str, Any]:
    """`diff IDS`: the update's operation keys (SPEC §12); reload_sections only when there
    are any."""
    return run_diff_value(scene.read_json(ids_path))


def run_diff_value(value: Any) -> dict[str, Any]:
    """run_diff on a parsed JSON value."""
    update = diff(**parse_ids(value))
    result = update.to_dict()
    return {key: result[key] for key in _OPERATION_KEYS
            if key != "reload_sections" or result[key]}

