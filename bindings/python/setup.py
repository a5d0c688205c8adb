"""Bundles libcollectionlayout.so into the package when it is built, so an installed package
works without the repository. Everything else is in pyproject.toml."""

import os
import shutil
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

LIBRARY = "libcollectionlayout.so"
HERE = Path(__file__).resolve().parent


def built_library():
    """The library to bundle: $COLLECTIONLAYOUT_LIBRARY, else the repo's release build."""
    override = os.environ.get("COLLECTIONLAYOUT_LIBRARY")
    path = Path(override) if override else HERE.parents[1] / ".build" / "release" / LIBRARY
    return path if path.is_file() else None


class BuildPyWithLibrary(build_py):
    def run(self):
        super().run()
        library = built_library()
        if library is None:
            self.announce(f"{LIBRARY} not built; the package will look for it at run time", 2)
            return
        target = Path(self.build_lib) / "collectionlayout" / LIBRARY
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, target)


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

setup(cmdclass=commands, distclass=LibraryDistribution)
