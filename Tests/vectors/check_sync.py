#!/usr/bin/env python3
"""Checks that Tests/vectors is a byte-for-byte copy of the shared vectors.

The shared vectors live in ../shared/vectors beside the repository (the folder this copy was
taken from). When that folder exists, every file there must exist here with the same bytes and
no vector file may exist here only (this script is the one file of the copy's own). When it
does not exist (a checkout on its own), the check is skipped and says so.

    python3 Tests/vectors/check_sync.py [SHARED_DIR]

Exit 0: in sync or skipped; 1: out of sync (each difference printed); 2: bad usage.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
OWN_FILES = {Path("check_sync.py")}


def files(root: Path) -> set[Path]:
    return {path.relative_to(root) for path in root.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}


def differences(shared: Path, copy: Path) -> list[str]:
    theirs, ours = files(shared), files(copy) - OWN_FILES
    problems = [f"missing in {copy}: {name}" for name in sorted(theirs - ours)]
    problems += [f"not in {shared}: {name}" for name in sorted(ours - theirs)]
    problems += [f"differs from {shared / name}: {copy / name}"
                 for name in sorted(theirs & ours)
                 if (shared / name).read_bytes() != (copy / name).read_bytes()]
    return problems


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: check_sync.py [SHARED_DIR]", file=sys.stderr)
        return 2
    shared = Path(argv[0]) if argv else REPO.parent / "shared" / "vectors"
    if not shared.is_dir():
        print(f"vectors: {shared} does not exist; sync check skipped")
        return 0
    problems = differences(shared, HERE)
    if problems:
        for problem in problems:
            print(f"vectors: {problem}", file=sys.stderr)
        print(f"vectors: Tests/vectors is out of sync with {shared}; copy it again with\n"
              f"  cp -r {shared}/. {HERE}/", file=sys.stderr)
        return 1
    print(f"vectors: Tests/vectors matches {shared} ({len(files(shared))} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
