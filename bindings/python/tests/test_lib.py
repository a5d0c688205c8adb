"""The low-level layer: loading, the function table and the structs against the header."""

from __future__ import annotations

import ctypes
import re

import pytest

import collectionlayout
from collectionlayout import _lib, errors
from conftest import HEADER

C_TYPES = {"double": ctypes.c_double, "int32_t": ctypes.c_int32, "int64_t": ctypes.c_int64,
           "uint32_t": ctypes.c_uint32}


def header_text() -> str:
    return re.sub(r"/\*.*?\*/", "", HEADER.read_text(), flags=re.S)


def header_structs() -> dict[str, list[tuple[str, str]]]:
    """{struct name: [(field name, C type), ...]} of every typedef struct in the header."""
    structs = {}
    for name, body in re.findall(r"typedef struct (\w+) \{(.*?)\} \1;", header_text(), re.S):
        fields = []
        for declaration in filter(None, (d.strip() for d in body.split(";"))):
            pointer = re.search(r"\(\*(\w+)\)", declaration)
            if pointer:
                fields.append((pointer.group(1), "fn"))
                continue
            names = re.findall(r"(\w+)\s*(?:,|$)", declaration)
            ctype = declaration.split()[0] if "*" not in declaration else "pointer"
            fields += [(field, ctype) for field in names]
        structs[name] = fields
    return structs


def test_structs_mirror_the_header():
    structs = header_structs()
    assert set(structs) == {"cl_size", "cl_rect", "cl_insets", "cl_index_path",
                            "cl_layout_def", "cl_section_metrics", "cl_inline_element",
                            "cl_decoration_def", "cl_data_source", "cl_attributes",
                            "cl_section_scroll", "cl_section_move", "cl_item_move",
                            "cl_batch_update", "cl_update_summary", "cl_element_change",
                            "cl_diff_side", "cl_array_source", "cl_item_size", "cl_size_change"}
    for name, fields in structs.items():
        mirror = getattr(_lib, name)
        assert [f[0] for f in mirror._fields_] == [f[0] for f in fields], name
        for (field, ctype), (_, pytype) in zip(fields, mirror._fields_):
            expected = C_TYPES.get(ctype) or getattr(_lib, ctype, None)
            if expected is not None:
                assert pytype is expected, f"{name}.{field}"


def test_constants_mirror_the_header():
    defines = dict(re.findall(r"#define (CL_\w+)[ \t]+(\(?-?\d[^\n]*)", header_text()))
    assert defines, "no #define found"
    for name, value in defines.items():
        assert getattr(_lib, name) == eval(value.replace("CL_", "_lib.CL_")), name


def test_function_table_mirrors_the_header():
    declared = dict(re.findall(r"^(?!typedef|#)[^\n(;]*?\b(cl_\w+)\(([^)]*)\);", header_text(),
                               re.M | re.S))
    table = {name: argtypes for name, argtypes, _ in _lib.FUNCTIONS}
    assert set(table) == set(declared)
    for name, parameters in declared.items():
        count = 0 if parameters.strip() == "void" else parameters.count(",") + 1
        assert len(table[name]) == count, name
        assert getattr(collectionlayout.lib(), name).argtypes == table[name]


def test_version_matches_the_header():
    major, minor, patch = collectionlayout.version()
    assert major == _lib.CL_VERSION_MAJOR
    assert collectionlayout.lib().cl_version() == major * 10000 + minor * 100 + patch


def test_status_strings_are_static_text():
    for status in range(0, -10, -1):
        assert _lib.status_string(status)
    assert _lib.status_string(_lib.CL_OK) == "ok"


def test_each_error_status_has_its_exception():
    for status, cls in errors.ERRORS.items():
        error = errors.error_for(status, "message")
        assert type(error) is cls and error.status == status and str(error) == "message"
    assert isinstance(errors.error_for(-2, ""), ValueError)
    assert isinstance(errors.error_for(-3, ""), IndexError)
    assert isinstance(errors.error_for(-5, ""), ValueError)
    assert isinstance(errors.error_for(-8, ""), LookupError)
    assert type(errors.error_for(-42, "")) is errors.CollectionLayoutError


def test_environment_variable_is_the_only_candidate(monkeypatch, tmp_path):
    missing = tmp_path / "nowhere" / "libcollectionlayout.so"
    monkeypatch.setenv(_lib.LIBRARY_ENV, str(missing))
    assert _lib.candidate_paths() == [str(missing)]
    with pytest.raises(_lib.LibraryNotFoundError) as caught:
        _lib.load()
    assert str(missing) in str(caught.value) and _lib.LIBRARY_ENV in str(caught.value)


def test_default_candidates_are_bundled_then_checkout(monkeypatch):
    monkeypatch.delenv(_lib.LIBRARY_ENV, raising=False)
    paths = _lib.candidate_paths()
    assert paths[0].endswith("collectionlayout/libcollectionlayout.so")
    assert paths[1].endswith(".build/release/libcollectionlayout.so")


def test_a_library_of_another_major_version_is_refused(monkeypatch):
    class FakeFunction:
        argtypes = restype = None

        def __call__(self):
            return (_lib.CL_VERSION_MAJOR + 1) * 10000

    class FakeLibrary:
        def __getattr__(self, name):
            return FakeFunction()

    with pytest.raises(_lib.LibraryNotFoundError, match="version"):
        _lib._bind(FakeLibrary(), "fake.so")


def test_a_library_missing_functions_is_refused():
    class Empty:
        pass

    with pytest.raises(_lib.LibraryNotFoundError, match="cl_layout_create"):
        _lib._bind(Empty(), "empty.so")


def test_definition_defaults_come_from_the_library():
    lib = collectionlayout.lib()
    flow = lib.cl_layout_def_default()
    assert flow.struct_size == ctypes.sizeof(_lib.cl_layout_def)
    assert (flow.item_size.width, flow.item_size.height) == (50, 50)
    assert (flow.line_spacing, flow.interitem_spacing) == (10, 10)
    assert flow.direction == _lib.CL_DIRECTION_VERTICAL and flow.kind_count == 0
    assert (flow.style, flow.rows, flow.columns) == (_lib.CL_STYLE_FLOW, 1, 2)
    assert flow.element_limit == _lib.CL_MAX_ITEMS
    orthogonal = lib.cl_orthogonal_def_default()
    assert (orthogonal.style, orthogonal.rows) == (_lib.CL_STYLE_ORTHOGONAL, 1)
    assert orthogonal.struct_size == flow.struct_size
    decoration = lib.cl_decoration_def_default()
    assert decoration.struct_size == ctypes.sizeof(_lib.cl_decoration_def)
    assert (decoration.scope, decoration.coverage, decoration.z) == (0, 0, -1)
