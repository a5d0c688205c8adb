"""make test-wheel: the wheel `make wheel` built, installed into a fresh virtual environment and
used from there as a user would, with no source tree in sight.

    python3 Tests/wheel/check_wheel.py build/wheel/collectionlayout-*.whl

The environment is made anew each run (python3 -m venv, no system site-packages); pip installs
the wheel with its `numpy` extra from PyPI. The commands run from a scratch directory with
PYTHONPATH and COLLECTIONLAYOUT_LIBRARY unset. Prints one line per check and
"N passed, N failed" last.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "include" / "collectionlayout.h"
SCENE = ROOT / "Tests" / "vectors" / "01-uikit-grid.json"


def header_version() -> str:
    text = HEADER.read_text()
    return ".".join(re.search(rf"^#define CL_VERSION_{n} +(\d+)", text, re.M).group(1)  # type: ignore[union-attr]
                    for n in ("MAJOR", "MINOR", "PATCH"))


def main(argv: list[str]) -> int:
    wheels = [Path(a).resolve() for a in argv]
    results: list[tuple[str, str | None]] = []  # (check, failure or None)

    def check(name: str, failure: str | None) -> None:
        results.append((name, failure))
        print(f"{'ok  ' if failure is None else 'FAIL'} {name}" + (f": {failure}" if failure else ""))

    version = header_version()
    if len(wheels) != 1 or not wheels[0].is_file():
        check("one wheel given", f"expected one wheel file, got {argv}")
        return report(results)
    wheel = wheels[0]
    # the name: collectionlayout-VERSION-py3-none-manylinux_X_Y_ARCH.whl
    tag = re.fullmatch(rf"collectionlayout-{re.escape(version)}-py3-none-(manylinux_\d+_\d+_\w+)\.whl",
                       wheel.name)
    check(f"wheel name {wheel.name}: the header's version {version}, a manylinux tag",
          None if tag else "not collectionlayout-VERSION-py3-none-manylinux_*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        wheel_info = archive.read(f"collectionlayout-{version}.dist-info/WHEEL").decode()
    needed = {"collectionlayout/libcollectionlayout.so", "collectionlayout/py.typed",
              "collectionlayout/_version.py", "collectionlayout/__main__.py"}
    check("the wheel holds the library, py.typed and the generated _version.py",
          None if needed <= names else f"missing {sorted(needed - names)}")
    check("WHEEL says Root-Is-Purelib: false and the same tag",
          None if "Root-Is-Purelib: false" in wheel_info and tag and
          f"Tag: py3-none-{tag.group(1)}" in wheel_info else wheel_info)

    auditwheel = ROOT / ".build" / "wheel-venv" / "bin" / "auditwheel"  # make wheel's tools
    show = subprocess.run([str(auditwheel), "show", str(wheel)], capture_output=True, text=True)
    consistent = re.search(r'consistent with the following platform tag: "([^"]+)"',
                           " ".join(show.stdout.split()))
    check(f"auditwheel show: the library meets {consistent.group(1) if consistent else '?'}",
          None if show.returncode == 0 and consistent and tag and
          consistent.group(1) == tag.group(1) else f"{show.stdout}{show.stderr}")

    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "COLLECTIONLAYOUT_LIBRARY", "VIRTUAL_ENV", "PYTHONHOME")}
    with tempfile.TemporaryDirectory(prefix="cl-wheel-") as scratch:
        venv = Path(scratch) / "venv"
        work = Path(scratch) / "work"
        work.mkdir()
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
        python = str(venv / "bin" / "python")
        install = subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "--no-input", f"{wheel}[numpy]"], env=env, cwd=work, capture_output=True, text=True)
        check("pip installs the wheel (with numpy) into a fresh venv",
              None if install.returncode == 0 else install.stderr[-2000:])
        if install.returncode != 0:
            return report(results)

        def run(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([python, *args], env=env, cwd=work, capture_output=True,
                                  text=True, timeout=120)

        out = run("-m", "collectionlayout", "--version")
        expected = f"collectionlayout {version} (Python package), library {version}"
        check(f"python -m collectionlayout --version: {out.stdout.strip()!r}",
              None if out.returncode == 0 and out.stdout.strip() == expected
              else f"expected {expected!r}; stderr {out.stderr.strip()!r}")

        where = run("-c", "import collectionlayout, collectionlayout._lib as l; "
                          "print(collectionlayout.__file__); print(l.lib()._name)")
        site = str(venv)
        lines = where.stdout.split()
        check("the package and the library load from the venv (the bundled copy)",
              None if where.returncode == 0 and len(lines) == 2 and
              all(line.startswith(site) for line in lines) and
              lines[1].endswith("collectionlayout/libcollectionlayout.so")
              else f"{where.stdout!r} {where.stderr[-500:]!r}")

        vector = json.loads(SCENE.read_text())
        (work / "scene.json").write_text(json.dumps(vector["scene"]))
        dump = run("-m", "collectionlayout", "dump", "scene.json")
        try:
            answer = json.loads(dump.stdout)
        except json.JSONDecodeError:
            answer = None
        same = isinstance(answer, dict) and answer.get("content_size") == \
            vector["expected"]["content_size"] and [
                (e["category"], e["kind"], e["section"], e["item"], e["frame"])
                for e in answer.get("elements", [])] == [
                (e["category"], e["kind"], e["section"], e["item"], e["frame"])
                for e in vector["expected"]["elements"]]
        check(f"python -m collectionlayout dump {SCENE.name}'s scene: its expected elements",
              None if dump.returncode == 0 and same
              else f"status {dump.returncode}, {dump.stdout[:300]!r} {dump.stderr[-500:]!r}")

        numpy_query = run("-c", "import collectionlayout as c\n"
                                "with c.Layout.from_sizes([[(90, 90)] * 7], viewport=(0, 0, 320, 480),"
                                " insets=(10, 10, 10, 10), header=44) as layout:\n"
                                "    a = layout.elements_in_rect_array((0, 0, 320, 480))\n"
                                "    print(len(a), layout.content_size)")
        check("a layout and a numpy query in the venv",
              None if numpy_query.stdout.strip() == "8 (320.0, 354.0)"
              else f"{numpy_query.stdout!r} {numpy_query.stderr[-500:]!r}")

        entry = subprocess.run([str(venv / "bin" / "collectionlayout"), "--version"], env=env,
                               cwd=work, capture_output=True, text=True, timeout=60)
        check("the console script `collectionlayout --version`",
              None if entry.stdout.strip() == expected else f"{entry.stdout!r} {entry.stderr!r}")
    return report(results)


def report(results: list[tuple[str, str | None]]) -> int:
    failed = sum(1 for _, failure in results if failure is not None)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
