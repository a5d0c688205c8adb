#!/usr/bin/env python3
"""Checks the repository's copies of the shared material against ../shared, when it exists:
Tests/vectors must be a byte-for-byte copy of ../shared/vectors and docs/SPEC.md of
../shared/SPEC.md (the repository builds, tests and reads on its own; these copies are how).
Also checks that every vector named in Tests/pending_vectors.txt exists.

    python3 Tests/check_shared.py [SHARED_DIR]        (default: ../shared beside the repository)

Prints one line per copy and a closing "N passed, N failed[, N skipped]" line (a copy whose
shared original is absent is skipped, and says so). Exit 0: in sync or skipped; 1: out of sync;
2: bad usage.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VECTORS = REPO / "Tests" / "vectors"
SPEC = REPO / "docs" / "SPEC.md"
PENDING = REPO / "Tests" / "pending_vectors.txt"


def files(root: Path) -> set[Path]:
    return {path.relative_to(root) for path in root.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}


def folder_differences(shared: Path, copy: Path) -> list[str]:
    theirs, ours = files(shared), files(copy)
    problems = [f"missing in {copy}: {name}" for name in sorted(theirs - ours)]
    problems += [f"not in {shared}: {name}" for name in sorted(ours - theirs)]
    problems += [f"differs from {shared / name}: {copy / name}"
                 for name in sorted(theirs & ours)
                 if (shared / name).read_bytes() != (copy / name).read_bytes()]
    return problems


def file_differences(shared: Path, copy: Path) -> list[str]:
    if not copy.is_file():
        return [f"missing: {copy}"]
    return [] if shared.read_bytes() == copy.read_bytes() else [f"differs from {shared}: {copy}"]


def pending_vectors() -> list[str]:
    """The vectors of Tests/pending_vectors.txt (the first word of each line that is not a comment)."""
    lines = PENDING.read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: check_shared.py [SHARED_DIR]", file=sys.stderr)
        return 2
    shared = Path(argv[0]) if argv else REPO.parent / "shared"
    passed = failed = skipped = 0
    copies = [("vectors", shared / "vectors", VECTORS, folder_differences, "cp -r {0}/. {1}/"),
              ("SPEC", shared / "SPEC.md", SPEC, file_differences, "cp {0} {1}")]
    for name, original, copy, compare, fix in copies:
        if not original.exists():
            print(f"skip  {name}: {original} does not exist (a checkout on its own); sync check skipped")
            skipped += 1
            continue
        problems = compare(original, copy)
        for problem in problems:
            print(f"{name}: {problem}")
        if problems:
            print(f"FAIL  {name}: {copy.relative_to(REPO)} is out of sync with {original}; copy it "
                  f"again with\n  {fix.format(original, copy.relative_to(REPO))}")
            failed += 1
        else:
            print(f"ok    {name}: {copy.relative_to(REPO)} matches {original}")
            passed += 1
    missing = [name for name in pending_vectors() if not (VECTORS / name).is_file()]
    if missing:
        print(f"FAIL  pending vectors: {PENDING.relative_to(REPO)} names vectors that do not exist: "
              f"{', '.join(missing)}")
        failed += 1
    else:
        passed += 1
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
