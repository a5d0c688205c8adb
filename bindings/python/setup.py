"""Bundles libcollectionlayout.so into the package when it is built, so an installed package
works without the repository. Everything else is in pyproject.toml."""

import os
import shutil
from pathlib import Path

from setuptools import setup
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


commands = {"build_py": BuildPyWithLibrary}

try:  # a wheel with a native library is platform-specific (but not tied to a Python ABI)
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = built_library() is None

        def get_tag(self):
            python, abi, platform = super().get_tag()
            return ("py3", "none", platform) if not self.root_is_pure else (python, abi, platform)

    commands["bdist_wheel"] = PlatformWheel
except ImportError:
    pass

setup(cmdclass=commands)
