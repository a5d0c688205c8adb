"""make test: runs each suite (`make test-NAME`) with its output in build/logs/NAME.log and
prints one line per suite, the failures with the end of their log, and the total last.

    python3 Tests/run_suites.py swift c python ...     (the Makefile's TEST_SUITES)

A suite's line gives the counts its own runner printed: Swift Testing's "Test run with N tests",
pytest's closing line, or a closing "N passed, N failed[, N skipped]" line (the C tests, the
checks written in Python); a suite that prints none of them counts as one check. Skips are
shown, never hidden. Every suite runs even after one fails; the exit status is 1 if any did.
The last line is "N passed, N failed" alone (with ", N skipped" if any), for CI to read.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "build" / "logs"
TAIL = 40  # lines of a failing suite's log shown

SWIFT_RUN = re.compile(r"Test run with (\d+) tests?\b.*?\b(passed|failed)")
SWIFT_FAILED_TEST = re.compile(r"^\S+ Test (?!run with )\S.*? failed after ", re.M)
PYTEST_LINE = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in [\d.]+s\b.*$", re.M)
PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|deselected)")
PLAIN_LINE = re.compile(r"^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$", re.M)
SKIP_LINE = re.compile(r"^(?:SKIPPED \[\d+\] |skip  )(.*)$", re.M)  # pytest -rs, Tests/c
MAX_SKIPS_SHOWN = 3
FAILURE_LINE = re.compile(r"^(FAIL\b|FAILED\b|ERROR\b|✘|  \S+:\d+: |.*\berror:|make(\[\d+\])?: \*\*\*)")


def counts(log: str, suite_failed: bool) -> tuple[int, int, int, str]:
    """(passed, failed, skipped, how they were counted) from a suite's log."""
    found = SWIFT_RUN.findall(log)
    if found:
        total, verdict = int(found[-1][0]), found[-1][1]
        failed = len(SWIFT_FAILED_TEST.findall(log)) if verdict == "failed" else 0
        if verdict == "failed" and failed == 0:
            failed = 1
        # Swift Testing cannot skip one argument of a test: the suite prints a skip line instead
        skipped = len(re.findall(r"^skip  ", log, re.M))
        return total - failed, failed, skipped, "tests"
    found = PYTEST_LINE.findall(log)
    if found:
        n = {"passed": 0, "failed": 0, "skipped": 0}
        for number, word in PYTEST_COUNT.findall(found[-1]):
            word = {"error": "failed", "errors": "failed", "xpassed": "passed",
                    "xfailed": "skipped", "deselected": "skipped"}.get(word, word)
            n[word] += int(number)
        return n["passed"], n["failed"], n["skipped"], "tests"
    found = PLAIN_LINE.findall(log)
    if found:
        passed, failed, skipped = found[-1]
        return int(passed), int(failed), int(skipped or 0), "tests"
    return (0, 1, 0, "checks") if suite_failed else (1, 0, 0, "checks")


def run(suite: str, make: list[str]) -> tuple[int, int, int]:
    log_path = LOGS / f"{suite}.log"
    start = time.monotonic()
    with open(log_path, "w") as log_file:
        status = subprocess.call(make + ["--no-print-directory", f"test-{suite}"], cwd=ROOT,
                                 stdout=log_file, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    log = log_path.read_text(errors="replace")
    passed, failed, skipped, unit = counts(log, status != 0)
    if status != 0 and failed == 0:
        failed = 1  # the suite's command failed though its tests said otherwise (a build, say)
    summary = f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else "")
    if unit == "checks":
        summary = "ok" if status == 0 else "FAILED"
    print(f"{suite + ':':<18} {summary:<32} {seconds:6.1f} s", flush=True)
    reasons = SKIP_LINE.findall(log)
    for reason in reasons[:MAX_SKIPS_SHOWN]:
        print(f"  skipped: {reason.strip()}")
    if len(reasons) > MAX_SKIPS_SHOWN:
        print(f"  skipped: ... {len(reasons) - MAX_SKIPS_SHOWN} more in {log_path.relative_to(ROOT)}")
    if status != 0:
        lines = log.splitlines()
        marked = [line for line in lines[:-TAIL] if FAILURE_LINE.match(line)]
        if marked:
            print(f"  failures in {log_path.relative_to(ROOT)} (before its last {TAIL} lines):")
            for line in marked[:30]:
                print(f"  | {line}")
        print(f"  the end of {log_path.relative_to(ROOT)}:")
        for line in lines[-TAIL:]:
            print(f"  | {line}")
    return passed, failed, skipped


def main(suites: list[str]) -> int:
    if not suites:
        print(__doc__)
        return 2
    make = os.environ.get("MAKE", "make").split()
    LOGS.mkdir(parents=True, exist_ok=True)
    # The library first: every suite needs it, and a build failure says more alone.
    with open(LOGS / "build.log", "w") as log_file:
        if subprocess.call(make + ["--no-print-directory", "lib"], cwd=ROOT, stdout=log_file,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL) != 0:
            print("build: the library does not build; the end of build/logs/build.log:")
            for line in (LOGS / "build.log").read_text(errors="replace").splitlines()[-TAIL:]:
                print(f"  | {line}")
            print("0 passed, 1 failed")
            return 1
    totals = [0, 0, 0]
    failed_suites = []
    for suite in suites:
        result = run(suite, make)
        totals = [t + r for t, r in zip(totals, result)]
        if result[1]:
            failed_suites.append(suite)
    verdict = f"failed: {', '.join(failed_suites)}" if failed_suites else "all passed"
    print(f"make test: {len(suites)} suites, {verdict} (logs in build/logs/)")
    print(f"{totals[0]} passed, {totals[1]} failed" + (f", {totals[2]} skipped" if totals[2] else ""))
    return 1 if failed_suites else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
