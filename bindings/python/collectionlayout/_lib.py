"""The C ABI of libcollectionlayout: loading the library and typing its functions. The ABI itself
(constants, structures, the function table) mirrors the header in _abi.py; every name of it is
also a name of this module, which the rest of the package uses.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from pathlib import Path

from ._abi import *  # noqa: F403 - the header's names, as the package knows them (_lib.X)
from ._abi import CL_VERSION_MAJOR, CL_VERSION_MINOR, CL_VERSION_PATCH, FUNCTIONS
from .errors import CollectionLayoutError

# ---- Loading --------------------------------------------------------------------------------

LIBRARY_ENV = "COLLECTIONLAYOUT_LIBRARY"
LIBRARY_FILE = "libcollectionlayout.so"
_PACKAGE_DIR = Path(__file__).resolve().parent


class LibraryNotFoundError(CollectionLayoutError, OSError):
    """libcollectionlayout could not be found or loaded, or is of an incompatible version."""

    def __init__(self, message: str) -> None:
        super().__init__(message, 0)


def candidate_paths() -> list[str]:
    """Where the library is looked for, in order. The environment variable, when set, is the
    only candidate: an explicit override must not silently fall back to another copy."""
    override = os.environ.get(LIBRARY_ENV)
    if override:
        return [override]
    paths = [
        str(_PACKAGE_DIR / LIBRARY_FILE),  # bundled into the installed package
        str(_PACKAGE_DIR.parents[2] / ".build" / "release" / LIBRARY_FILE),  # repo checkout
    ]
    found = ctypes.util.find_library("collectionlayout")
    if found:
        paths.append(found)
    return paths


def _bind(cdll: ctypes.CDLL, path: str) -> ctypes.CDLL:
    missing = []
    for name, argtypes, restype in FUNCTIONS:
        try:
            fn = getattr(cdll, name)
        except AttributeError:
            missing.append(name)
            continue
        fn.argtypes = argtypes
        fn.restype = restype
    if missing:
        raise LibraryNotFoundError(f"{path} lacks the functions {', '.join(missing)}")
    version = cdll.cl_version()
    # Semantic versioning: before 1.0 a new minor version may change the ABI.
    if version // 10000 != CL_VERSION_MAJOR or \
            (CL_VERSION_MAJOR == 0 and version // 100 % 100 != CL_VERSION_MINOR):
        raise LibraryNotFoundError(
            f"{path} is version {version // 10000}.{version // 100 % 100}.{version % 100}, "
            f"this binding needs {CL_VERSION_MAJOR}.{CL_VERSION_MINOR if CL_VERSION_MAJOR == 0 else 'x'}"
            f" (header {CL_VERSION_MAJOR}."
            f"{CL_VERSION_MINOR}.{CL_VERSION_PATCH})")
    return cdll


def load(path: str | os.PathLike[str] | None = None) -> ctypes.CDLL:
    """Loads the library from `path`, or from the first candidate that loads."""
    tried = []
    for candidate in ([os.fspath(path)] if path is not None else candidate_paths()):
        try:
            cdll = ctypes.CDLL(candidate)
        except OSError as error:
            tried.append(f"  {candidate}: {error}")
            continue
        return _bind(cdll, candidate)
    if not tried:
        tried.append("  (no candidates)")
    raise LibraryNotFoundError(
        f"cannot load {LIBRARY_FILE}; set {LIBRARY_ENV} to its full path or build it with "
        f"`swift build -c release --product collectionlayout`. Tried:\n" + "\n".join(tried))


_loaded: ctypes.CDLL | None = None
_lock = threading.Lock()


def lib() -> ctypes.CDLL:
    """The loaded library with every function of FUNCTIONS typed (loaded on first use, so the
    package imports without it)."""
    global _loaded
    if _loaded is None:
        with _lock:
            if _loaded is None:
                _loaded = load()
    return _loaded


def version() -> tuple[int, int, int]:
    """The loaded library's version as (major, minor, patch)."""
    number = lib().cl_version()
    return number // 10000, number // 100 % 100, number % 100


def status_string(status: int) -> str:
    text: bytes = lib().cl_status_string(status)
    return text.decode()
