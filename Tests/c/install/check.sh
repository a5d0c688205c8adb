#!/usr/bin/env bash
# make test-install: installs into a scratch prefix outside the checkout and checks that
#   - the library is installed like a real one: libcollectionlayout.so.VERSION with the SONAME,
#     the SONAME and development symlinks, stripped (no .debug_* sections, no .symtab), its debug
#     info apart under lib/debug/.build-id/, exporting cl_* functions only;
#   - a program builds and runs against it with pkg-config (run by LD_LIBRARY_PATH, and by an
#     rpath) and with CMake's find_package (after moving the prefix: the package is relocatable;
#     run by the build rpath CMake sets), from a directory holding nothing but the program, with
#     no path into the checkout; the program's NEEDED entry is the SONAME;
#   - a C++ program with collectionlayout.hpp builds and runs likewise (pkg-config, CMake);
#   - the CMake package takes a request for this minor version and refuses the next one.
#
#   Tests/c/install/check.sh MAKE VERSION SONAME BUILT_LIBRARY
set -euo pipefail
make=$1 version=$2 soname=$3 built=$4
root=$(cd "$(dirname "$0")/../../.." && pwd)
real=libcollectionlayout.so.$version

tmp=$(mktemp -d "${TMPDIR:-/tmp}/collectionlayout-install.XXXXXX")
trap 'status=$?; if [ $status -eq 0 ]; then rm -rf "$tmp"; else echo "check.sh: failed; $tmp is left for a look"; fi' EXIT
fail() { echo "check.sh: $*" >&2; exit 1; }
# Nothing from the environment may point a compiler or the loader elsewhere.
unset CPATH C_INCLUDE_PATH LIBRARY_PATH LD_LIBRARY_PATH PKG_CONFIG_PATH CMAKE_PREFIX_PATH

command -v pkg-config >/dev/null || fail "pkg-config is missing (apt-get install pkg-config; .ci/run does)"
command -v cmake >/dev/null || fail "cmake is missing (apt-get install cmake; .ci/run does)"

echo "== make install PREFIX=$tmp/prefix"
"$make" -C "$root" --no-print-directory install PREFIX="$tmp/prefix"
lib=$tmp/prefix/lib

echo "== the installed files"
(cd "$tmp/prefix" && find . \( -type f -o -type l \) | sort | while read -r f; do
    if [ -L "$f" ]; then echo "  $f -> $(readlink "$f")"; else echo "  $f"; fi; done)
[ -f "$lib/$real" ] && [ ! -L "$lib/$real" ] || fail "$lib/$real is not a file"
[ "$(readlink "$lib/$soname")" = "$real" ] || fail "$lib/$soname does not link to $real"
[ "$(readlink "$lib/libcollectionlayout.so")" = "$soname" ] || fail "libcollectionlayout.so does not link to $soname"
readelf -d "$lib/$real" | grep -qF "Library soname: [$soname]" || fail "$real has no SONAME $soname"
echo "readelf -d: SONAME $soname"
if readelf -S -W "$lib/$real" | grep -E '\.debug_|\.symtab'; then fail "$real is not stripped"; fi
id=$(readelf -n "$lib/$real" | sed -n 's/^ *Build ID: *//p')
debug=$lib/debug/.build-id/${id:0:2}/${id:2}.debug
[ -n "$id" ] && [ -f "$debug" ] || fail "no debug info at lib/debug/.build-id/ for build id '$id'"
readelf -S -W "$debug" | grep -q '\.debug_info' || fail "$debug has no .debug_info"
if nm -D --defined-only "$lib/$real" | grep ' T ' | grep -v ' cl_'; then fail "$real exports more than cl_*"; fi
for f in include/collectionlayout.h include/collectionlayout.hpp lib/pkgconfig/collectionlayout.pc \
         lib/cmake/CollectionLayout/CollectionLayoutConfig.cmake \
         lib/cmake/CollectionLayout/CollectionLayoutConfigVersion.cmake \
         share/doc/collectionlayout/LICENSE share/doc/collectionlayout/CHANGELOG.md; do
    [ -f "$tmp/prefix/$f" ] || fail "$f is not installed"
done
echo "sizes: $real $(stat -c %s "$lib/$real") bytes stripped, $(stat -c %s "$built") built;" \
     "debug info $(stat -c %s "$debug") bytes"

# The program and its build files alone, in a directory outside the checkout.
mkdir "$tmp/app"
cp "$root/Tests/c/install/hello.c" "$root/Tests/c/install/hello.cpp" "$root/Tests/c/install/CMakeLists.txt" "$tmp/app/"
cd "$tmp/app"
needs_soname() { readelf -d "$1" | grep -qF "Shared library: [$soname]" || fail "$1 does not need $soname"; }
loads_from() {  # the program's library resolves into the prefix, not the checkout
    ldd "$1" | grep -F "$soname =>" | grep -qF "$2/" || fail "$1 loads $(ldd "$1" | grep -F "$soname")"
}

echo "== pkg-config"
export PKG_CONFIG_PATH=$lib/pkgconfig
[ "$(pkg-config --modversion collectionlayout)" = "$version" ] || fail "pkg-config --modversion is not $version"
cc -std=c99 -Wall -Wextra -Werror -o hello-pc hello.c $(pkg-config --cflags --libs collectionlayout)
needs_soname hello-pc
LD_LIBRARY_PATH=$lib ./hello-pc
LD_LIBRARY_PATH=$lib loads_from hello-pc "$lib"
cc -std=c99 -Wall -Wextra -Werror -o hello-rpath hello.c $(pkg-config --cflags --libs collectionlayout) \
   -Wl,-rpath,"$lib"
./hello-rpath
loads_from hello-rpath "$lib"
c++ -std=c++17 -Wall -Wextra -Werror -pedantic -o hello-cpp hello.cpp $(pkg-config --cflags --libs collectionlayout) \
    -Wl,-rpath,"$lib"
needs_soname hello-cpp
./hello-cpp
unset PKG_CONFIG_PATH

echo "== CMake, the prefix moved to $tmp/moved"
mv "$tmp/prefix" "$tmp/moved"
cmake -S . -B build -DCMAKE_PREFIX_PATH="$tmp/moved" -DCL_REQUEST="${version%.*}" >cmake.log 2>&1 ||
    { cat cmake.log; fail "cmake does not configure with find_package(CollectionLayout ${version%.*})"; }
cmake --build build >>cmake.log 2>&1 || { cat cmake.log; fail "cmake --build fails"; }
needs_soname build/hello
./build/hello
loads_from build/hello "$tmp/moved/lib"
./build/hello_cpp
major=${version%%.*} minor=${version#*.}; minor=${minor%%.*}
if [ "$major" = 0 ]; then next=0.$((minor + 1)); else next=$((major + 1)).0; fi
if cmake -S . -B build-next -DCMAKE_PREFIX_PATH="$tmp/moved" -DCL_REQUEST="$next" >cmake-next.log 2>&1; then
    fail "find_package(CollectionLayout $next) accepts $version"
fi
grep -q "$version" cmake-next.log || { cat cmake-next.log; fail "cmake does not name $version"; }
echo "find_package(CollectionLayout ${version%.*}) finds $version; find_package(CollectionLayout $next) refuses it"
echo "install check: passed"
