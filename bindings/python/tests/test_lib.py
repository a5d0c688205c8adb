"""The low-level layer: loading, the function table and the structs against the header."""

from __future__ import annotations

import ast
import ctypes
import re

import pytest

import collectionlayout
from collectionlayout import _abi, _convert, _lib, errors
from conftest import HEADER, REPO

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
                            "cl_diff_side", "cl_array_source", "cl_item_size", "cl_size_change",
                            "cl_fling_def", "cl_fling", "cl_element_id", "cl_focus_request",
                            "cl_focus_answer", "cl_prefetch_request", "cl_span",
                            "cl_prefetch_element", "cl_keyline", "cl_collapse", "cl_badge_def",
                            "cl_item_badge", "cl_executor"}
    for name, fields in structs.items():
        mirror = getattr(_lib, name)
        assert [f[0] for f in mirror._fields_] == [f[0] for f in fields], name
        for (field, ctype), (_, pytype) in zip(fields, mirror._fields_):
            expected = C_TYPES.get(ctype) or getattr(_lib, ctype, None)
            if expected is not None:
                assert pytype is expected, f"{name}.{field}"


def header_constants() -> dict[str, int | float]:
    """{name: value} of the header's CL_ constants: every object-like `#define CL_...` whose
    value is a number or an arithmetic expression of numbers and earlier constants
    (CL_VERSION_NUMBER, CL_MAX_ITEMS), and the enumerators of any `enum { CL_... }` (the header
    has none today; they would count the C way, from 0 or the last value given)."""
    text = header_text()
    constants: dict[str, int | float] = {}

    def evaluate(expression: str) -> int | float | None:
        if not re.fullmatch(r"[\w\s().+\-*/<>|&~^]+", expression):
            return None  # a string, a cast, a function-like body: not a number
        try:
            value = eval(expression, {"__builtins__": {}}, dict(constants))
        except (NameError, SyntaxError, TypeError):
            return None
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    for name, expression in re.findall(r"^[ \t]*#[ \t]*define[ \t]+(CL_\w+)[ \t]+([^\n]+)", text,
                                       re.M):
        value = evaluate(expression.strip())
        if value is not None:
            constants[name] = value
    for body in re.findall(r"\benum\b[^{};]*\{([^}]*)\}", text):
        following = 0
        for enumerator in filter(None, (e.strip() for e in body.split(","))):
            name, _, expression = (part.strip() for part in enumerator.partition("="))
            value = evaluate(expression) if expression else following
            assert isinstance(value, int), enumerator
            if name.startswith("CL_"):
                constants[name] = value
            following = value + 1
    return constants


def test_constants_mirror_the_header():
    """Each constant of the header, in _abi.py (as _lib.X) with the header's value."""
    constants = header_constants()
    assert len(constants) > 50, "the header's constants were not found"
    for name, value in constants.items():
        assert getattr(_lib, name, None) == value, name
        assert type(getattr(_lib, name)) is type(value), name


def test_each_python_constant_is_one_of_the_header():
    """_abi.py declares no CL_ constant the header lacks, and none with another value."""
    constants = header_constants()
    declared = {name: value for name, value in vars(_abi).items() if name.startswith("CL_")}
    assert set(declared) == set(constants), set(declared) ^ set(constants)
    for name, value in declared.items():
        assert value == constants[name] and type(value) is type(constants[name]), name


def _header_name(name: str) -> str:
    """An option's name as its constant names it: "item-paging" -> "ITEM_PAGING",
    "BadCallbackDataError" -> "BAD_CALLBACK_DATA"."""
    if name.endswith("Error"):
        name = re.sub(r"(?<!^)(?=[A-Z])", "_", name[:-len("Error")])
    return name.replace("-", "_").upper()


# The package's tables of C values: (table, the header's prefix, the names it maps to constants).
ENUM_TABLES = [
    (_convert.DIRECTIONS, "CL_DIRECTION_"), (_convert.LAYOUT_DIRECTIONS, "CL_LAYOUT_DIRECTION_"),
    (_convert.ALIGNMENTS, "CL_ALIGNMENT_"),
    (_convert.CROSS_ALIGNMENTS, "CL_CROSS_ALIGNMENT_"), (_convert.STYLES, "CL_STYLE_"),
    (_convert.SNAPPING, "CL_SNAP_"), (_convert.SCROLL_SNAPPING, "CL_SNAP_"),
    (_convert.SCROLL_POSITIONS, "CL_SCROLL_POSITION_"), (_convert.CATEGORY_IDS, "CL_CATEGORY_"),
    (_convert.SCOPES, "CL_DECORATION_SCOPE_"), (_convert.COVERAGES, "CL_COVERAGE_"),
    (_convert.CHANGE_KINDS, "CL_CHANGE_"),
    (_convert.FOCUS_DIRECTIONS, "CL_FOCUS_"), (_convert.FOCUS_EDGES, "CL_FOCUS_EDGE_"),
    ({"none" if name is None else name: value for name, value in _convert.FOCUS_VIAS.items()},
     "CL_FOCUS_VIA_"), (_convert.PREFETCH_SIDES, "CL_PREFETCH_"),
    ({"cell" if name == "" else name: value for name, value in _convert.BUILTIN_KINDS.items()},
     "CL_KIND_"),
    ({cls.__name__: status for status, cls in errors.ERRORS.items()}, "CL_ERROR_"),
]


def test_the_enum_tables_are_the_headers_constants():
    """Every name of a table is the header's constant of that name, with its value, declared
    in _abi.py; and the tables together name every constant of their prefixes (an enum value
    the header adds is a name the binding must learn), CL_KIND_FIRST_USER aside (the first id
    of the user kinds, used as a number)."""
    constants = header_constants()
    named: set[str] = set()
    for table, prefix in ENUM_TABLES:
        for name, value in table.items():
            constant = prefix + _header_name(name)
            assert constant in constants, f"{name!r}: the header has no {constant}"
            assert hasattr(_abi, constant), f"{name!r}: _abi.py does not declare {constant}"
            assert value == constants[constant], f"{name!r}: {value} is not {constant}"
            named.add(constant)
    prefixes = {prefix for _, prefix in ENUM_TABLES}
    unnamed = {name for name in constants if name.startswith(tuple(prefixes))} - named
    assert unnamed == {"CL_KIND_FIRST_USER"}, unnamed
    # the C -> name direction: indexed by the values
    for names, table in ((_convert.CATEGORIES, _convert.CATEGORY_IDS),
                         (_convert.CHANGES, _convert.CHANGE_KINDS)):
        assert {name: names.index(name) for name in names} == table


# Fields and variables that hold a C enum value or a status: compared with, or set to, a number
# written in the package they would be magic numbers (the constants of _abi.py say them).
ENUM_FIELDS = {"category", "kind", "change", "direction", "alignment", "cross_alignment",
               "style", "scope", "coverage", "snapping", "position", "status"}


def _number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def _field(node: ast.AST) -> str | None:
    return node.attr if isinstance(node, ast.Attribute) else \
        node.id if isinstance(node, ast.Name) else None


def test_no_c_value_is_written_as_a_number():
    """The enum tables' entries are _abi.py's constants (the source of truth is the header,
    through _abi.py), and no enum field or status is compared with or set to a number."""
    package = REPO / "bindings" / "python" / "collectionlayout"
    tables = {"_convert.py": {"DIRECTIONS", "LAYOUT_DIRECTIONS", "ALIGNMENTS", "CROSS_ALIGNMENTS", "STYLES",
                              "SNAPPING", "SCROLL_SNAPPING", "SCROLL_POSITIONS", "CATEGORY_IDS",
                              "SCOPES", "COVERAGES", "BUILTIN_KINDS", "CHANGE_KINDS",
                              "FOCUS_DIRECTIONS", "FOCUS_EDGES", "FOCUS_VIAS", "PREFETCH_SIDES"},
              "errors.py": {"ERRORS"}}
    for file, names in tables.items():
        found = set()
        for node in ast.walk(ast.parse((package / file).read_text())):
            target = node.target if isinstance(node, ast.AnnAssign) else \
                node.targets[0] if isinstance(node, ast.Assign) else None
            if isinstance(target, ast.Name) and target.id in names:
                assert isinstance(node.value, ast.Dict), target.id
                values = node.value.keys if target.id == "ERRORS" else node.value.values
                for value in values:
                    assert value is not None and (_field(value) or "").startswith("CL_"), \
                        f"{file}: {target.id} has {ast.unparse(value) if value else '**'}"
                found.add(target.id)
        assert found == names, names - found
    magic = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                if any(_field(o) in ENUM_FIELDS for o in operands) and any(map(_number, operands)):
                    magic.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Assign) and _number(node.value):
                if any(isinstance(t, ast.Attribute) and t.attr in ENUM_FIELDS for t in node.targets):
                    magic.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not magic, magic


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
