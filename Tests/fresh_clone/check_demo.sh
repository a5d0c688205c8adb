#!/usr/bin/env bash
# make demo on a fresh copy of the tree: the files a clone has (tracked ones, with their
# uncommitted changes, and new ones not ignored), nothing built, no .build/venv. This is how a
# newcomer meets the project; a rule that works only after `make test` has built something fails
# here. The copy is removed when the demo passes and kept (its path printed) when it fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
copy=$(mktemp -d "${TMPDIR:-/tmp}/collectionlayout-fresh.XXXXXX")
cd "$root"
git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do [[ -e $file ]] && printf '%s\0' "$file"; done |
    tar --null -T - -cf - | tar -C "$copy" -xf -
echo "fresh copy: $copy ($(find "$copy" -type f | wc -l) files)"
cd "$copy"
if ! make demo >demo.log 2>&1; then
    tail -n 60 demo.log
    echo "FAIL  make demo on a fresh copy (kept: $copy, log: $copy/demo.log)"
    echo "0 passed, 1 failed"
    exit 1
fi
grep '^== \(build\|examples\)' demo.log
# every example ran, and the headless ones wrote their pictures
missing=()
for picture in build/sdl_gallery.bmp build/imgui build/pygame_shelves.png build/pygame_feed build/pygame_updates build/pygame_motion build/pygame_recycler; do
    [[ -s $picture || -n "$(ls -A "$picture" 2>/dev/null)" ]] || missing+=("$picture")
done
if ((${#missing[@]})); then
    echo "FAIL  make demo passed but did not write ${missing[*]} (kept: $copy)"
    echo "0 passed, 1 failed"
    exit 1
fi
echo "ok    make demo on a fresh copy: $(grep -c '^== \(build\|examples\)' demo.log) examples, pictures written"
cd "$root" && rm -rf "$copy"
echo "1 passed, 0 failed"
