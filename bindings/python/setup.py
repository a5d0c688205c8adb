"""Bundles libcollectionlayout.so into the package when it is built, so an installed package
works without the repository, and takes the version from the header's CL_VERSION_* macros
(the one place it is written). Everything else is in pyproject.toml."""

import os
import re
import shutil
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

LIBRARY = "libcollectionlayout.so"
HERE = Path(__file__).resolve().parent
HEADER = HERE.parents[1] / "include" / "collectionlayout.h"


def header_version():
    """(major, minor, patch) from the header; from an sdist's PKG-INFO when built from one."""
    if HEADER.is_file():
        text = HEADER.read_text(encoding="utf-8")
        return tuple(int(re.search(rf"^#define CL_VERSION_{name} +(\d+)\b", text, re.M).group(1))
                     for name in ("MAJOR", "MINOR", "PATCH"))
    info = HERE / "PKG-INFO"
    if info.is_file():
        found = re.search(r"^Version: (\d+)\.(\d+)\.(\d+)$", info.read_text(), re.M)
        if found:
            return tuple(int(part) for part in found.groups())
    raise SystemExit(f"setup.py: {HEADER} is missing: the version comes from the header")


def built_library():
    """The library to bundle: $COLLECTIONLAYOUT_LIBRARY, else the repo's release build."""
    override = os.environ.get("COLLECTIONLAYOUT_LIBRARY")
    path = Path(override) if override else HERE.parents[1] / ".build" / "release" / LIBRARY
    return path if path.is_file() else None


VERSION = header_version()


class BuildPyWithLibrary(build_py):
    def run(self):
        super().run()
        package = Path(self.build_lib) / "collectionlayout"
        package.mkdir(parents=True, exist_ok=True)
        # the version as numbers: an installed package has no header to read
        (package / "_version.py").write_text(
            '"""The version: the CL_VERSION_* macros of include/collectionlayout.h, written here '
            'by setup.py at build time."""\n\n'
            f"VERSION: tuple[int, int, int] = {VERSION!r}\n", encoding="utf-8")
        library = built_library()
        if library is None:
            self.announce(f"{LIBRARY} not built; the package will look for it at run time", 2)
            return
        shutil.copy2(library, package / LIBRARY)


class LibraryDistribution(Distribution):
    """With the native library bundled the wheel is platform-specific."""

    def has_ext_modules(self):
        return built_library() is not None


commands = {"build_py": BuildPyWithLibrary}
try:  # the library does not use the Python C API: any Python 3 on this platform will do
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        def get_tag(self):
            python, abi, platform = super().get_tag()
            return (python, abi, platform) if self.root_is_pure else ("py3", "none", platform)

    commands["bdist_wheel"] = PlatformWheel
except ImportError:
    pass

setup(version=".".join(map(str, VERSION)), cmdclass=commands, distclass=LibraryDistribution)
