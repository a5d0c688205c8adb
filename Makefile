# CollectionLayout — the front door.
#
#   make              the library: .build/release/libcollectionlayout.so
#   make test         every test: the copies of ../shared, Swift, C, the headers as C99 and C++17,
#                     the C++ layer under ASan and UBSan, install (pkg-config, CMake; C and
#                     C++), Python, the SDL2 and Dear ImGui examples headless, a check
#                     that the library needs no Swift toolchain, the fuzz targets for
#                     TEST_FUZZ_SECONDS (30) each, the threads test under ThreadSanitizer,
#                     valgrind over the C examples and tests, `make demo` on a fresh copy of the
#                     tree; one line per suite, logs in build/logs/
#   make demo         every C, C++ and Python example (the SDL2, ImGui and pygame ones headless, writing
#                     their screenshots under build/)
#
# Both install what they need (tools/setup): the Python side into .build/venv (made with
# BASE_PYTHON, default python3), Debian packages with apt-get as root or with password-less sudo
# (otherwise they stop and print the one command to run).
#   make examples     the C examples, the SDL2 gallery and the ImGui photo wall included (build/examples/)
#   make bench        bench/run (BENCH_ARGS="ITEMS RUNS" for a quick one; its Python side in
#                     .build/bench-venv)
#   make bench-ab BASE=REV   the working tree's scattered update against revision REV's, paired
#                     round by round in one process (bench/ab; AB_ARGS="ROUNDS ITEMS")
#   make wheel        the Python package as a manylinux wheel with the library: build/wheel/
#   make install      PREFIX=/usr/local, DESTDIR respected (INSTALL_DEBUG=no: no debug info)
#   make uninstall    the same PREFIX and DESTDIR
#   make clean
#
# C build products go under build/. CC, CXX and CFLAGS are taken from the environment as usual.

SWIFT   ?= swift
BASE_PYTHON ?= python3
PREFIX  ?= /usr/local
DESTDIR ?=

HEADER  := include/collectionlayout.h
CPP_HEADER := include/collectionlayout.hpp
LIB_DIR := $(CURDIR)/.build/release
LIB     := $(LIB_DIR)/libcollectionlayout.so
BUILD   := build

# The version comes from the header's CL_VERSION_* macros, the single source of truth.
version_part = $(shell sed -n 's/^\#define CL_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' $(HEADER))
VERSION := $(call version_part,MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)

# The SONAME (CHANGELOG.md says what it promises): while the major version is 0 a minor version
# may break the ABI, so it names the minor (libcollectionlayout.so.0.4); from 1.0 on the major.
SOVERSION := $(if $(filter 0,$(call version_part,MAJOR)),0.$(call version_part,MINOR),$(call version_part,MAJOR))
SONAME    := libcollectionlayout.so.$(SOVERSION)
REALNAME  := libcollectionlayout.so.$(VERSION)

CFLAGS   ?= -O1 -g
WARNINGS := -Wall -Wextra -Werror
LINK_LIB := -L$(LIB_DIR) -Wl,-rpath,$(LIB_DIR) -lcollectionlayout

# The Python package finds the library through this variable (bindings/python/README.md).
PY_ENV := PYTHONPATH=$(CURDIR)/bindings/python COLLECTIONLAYOUT_LIBRARY=$(LIB)

# ---- What the commands need, installed by them (tools/setup) -----------------------------
#
# The Python side runs in a virtual environment of the project's own: the package's
# dependencies and all its extras (bindings/python/pyproject.toml, the one list). Debian
# packages: what the demo needs (SDL2's headers), and what the tests add (CMake and pkg-config
# for the install check, binutils to strip, valgrind, git for the fresh copy).
VENV        := .build/venv
PYTHON      := $(CURDIR)/$(VENV)/bin/python
PY_READY    := $(VENV)/requirements
DEBIAN_DEMO := pkg-config libsdl2-dev libimgui-dev
DEBIAN_TEST := $(DEBIAN_DEMO) cmake binutils valgrind git

.PHONY: setup-demo setup-test
setup-demo:
	@tools/setup debian $(DEBIAN_DEMO)
setup-test:
	@tools/setup debian $(DEBIAN_TEST)

$(PY_READY): bindings/python/pyproject.toml tools/setup
	@tools/setup venv $(VENV) $(BASE_PYTHON)
	@touch $@

C_TEST_SOURCES := $(wildcard Tests/c/*.c)
C_TEST_OBJECTS := $(C_TEST_SOURCES:%.c=$(BUILD)/%.o)
C_TESTS        := $(BUILD)/tests/c_tests
EXAMPLE_SOURCES := $(filter-out examples/c/sdl_%.c examples/c/pthread_executor.c,$(wildcard examples/c/*.c))
# examples/c/pthread_executor.c is an executor over POSIX threads the examples link in (no main).
PTHREAD_EXECUTOR := $(BUILD)/examples/c/pthread_executor.o
EXAMPLES       := $(EXAMPLE_SOURCES:examples/c/%.c=$(BUILD)/examples/%)

.PHONY: all lib test test-shared test-demo test-swift test-c test-cpp test-header test-install test-python test-readme test-no-swift-runtime \
        demo bench bench-ab pictures install clean
.DELETE_ON_ERROR:

all: lib

# SwiftPM decides what to rebuild, so this always asks it. The SONAME is set here, where the
# version is known; programs linked in the checkout find the library by it through the link.
lib:
	$(SWIFT) build -c release --product collectionlayout -Xlinker -soname=$(SONAME)
	@ln -sf libcollectionlayout.so $(LIB_DIR)/$(SONAME)

# ---- Tests -------------------------------------------------------------------------------

# The suites of `make test`, each a target test-NAME: the one list. Tests/run_suites.py runs
# them in turn, each with its output in build/logs/NAME.log, and prints one line per suite, the
# failures with the end of their log, and the total as its last line.
TEST_SUITES := shared swift header c cpp install python wheel readme no-swift-runtime sdl imgui fuzz tsan memcheck demo

test: setup-test $(PY_READY)
	@MAKE="$(MAKE)" $(PYTHON) Tests/run_suites.py $(TEST_SUITES)

# The Swift tests use Swift Testing only (XCTest would report an empty run).
test-swift:
	$(SWIFT) test --disable-xctest

# The public headers alone: the C one as strict C99 and as C++17, the C++ one as C++17.
test-header:
	$(CC) -std=c99 $(WARNINGS) -pedantic -fsyntax-only -x c $(HEADER)
	$(CXX) -std=c++17 $(WARNINGS) -pedantic -fsyntax-only -x c++ $(HEADER)
	$(CXX) -std=c++17 $(WARNINGS) -pedantic -fsyntax-only -x c++ $(CPP_HEADER)

test-c: $(C_TESTS)
	$(C_TESTS)

# The C++ layer (include/collectionlayout.hpp): its tests under AddressSanitizer and
# UndefinedBehaviorSanitizer (leaks included: Tests/cpp/lsan.supp says what is expected), a
# program built with -fno-exceptions, no <iostream> in the header (a game pays for its static
# initialiser), and every function of the C header named in it (a new C function needs its C++
# form).
CPP_TESTS := $(BUILD)/tests/cpp_tests
CPP_NO_EXCEPTIONS := $(BUILD)/tests/cpp_no_exceptions
CPP_FLAGS := -std=c++17 $(WARNINGS) -pedantic -g -O1 -Iinclude \
             -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
CPP_RUN   := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/cpp/lsan.supp:print_suppressions=0 \
             UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

$(CPP_TESTS): Tests/cpp/test_cpp.cpp Tests/cpp/second_unit.cpp $(CPP_HEADER) $(HEADER) | lib
	@mkdir -p $(@D)
	$(CXX) $(CPP_FLAGS) -o $@ Tests/cpp/test_cpp.cpp Tests/cpp/second_unit.cpp $(LINK_LIB)

$(CPP_NO_EXCEPTIONS): Tests/cpp/no_exceptions.cpp $(CPP_HEADER) $(HEADER) | lib
	@mkdir -p $(@D)
	$(CXX) $(CPP_FLAGS) -fno-exceptions -o $@ $< $(LINK_LIB)

test-cpp: $(CPP_TESTS) $(CPP_NO_EXCEPTIONS)
	@if grep -n '#include *<iostream>' $(CPP_HEADER); then echo "$(CPP_HEADER) includes <iostream>"; exit 1; fi
	@missing=$$(for f in $$(sed -n 's/^[a-z_ ]*\**\(cl_[a-z_0-9]*\)(.*/\1/p' $(HEADER) | sort -u); do \
	  grep -qw $$f $(CPP_HEADER) || echo $$f; done); \
	  if [ -n "$$missing" ]; then echo "$(CPP_HEADER) does not reach:" $$missing; exit 1; fi
	$(CPP_RUN) $(CPP_NO_EXCEPTIONS)
	$(CPP_RUN) $(CPP_TESTS)

# Tests/vectors and docs/SPEC.md are copies of ../shared's (checked when it exists beside the
# repository); Tests/pending_vectors.txt names the vectors that wait for a feature.
test-shared:
	$(BASE_PYTHON) Tests/check_shared.py

test-python: lib $(PY_READY)
	$(PY_ENV) $(PYTHON) -m pytest bindings/python/tests -q -rs

# make demo on a copy of the tree as a fresh clone has it (plus uncommitted changes): nothing
# built, no virtual environment, so that a rule that works only after another has run fails here.
test-demo:
	Tests/fresh_clone/check_demo.sh

# A newcomer's path: stage an install with DESTDIR; then Tests/c/install/check.sh installs to a
# scratch prefix outside the checkout, checks the library is installed like a real one (SONAME,
# symlinks, stripped, debug info apart) and builds and runs a program there with pkg-config and
# with CMake (after moving the prefix: the CMake package is relocatable), with no source tree
# in sight.
INSTALL_CHECK := $(BUILD)/install-check
test-install: lib | setup-test
	rm -rf $(INSTALL_CHECK)
	$(MAKE) --no-print-directory install PREFIX=/opt/cl DESTDIR=$(CURDIR)/$(INSTALL_CHECK)/stage
	test -f $(INSTALL_CHECK)/stage/opt/cl/lib/libcollectionlayout.so
	test -f $(INSTALL_CHECK)/stage/opt/cl/include/collectionlayout.h
	test -f $(INSTALL_CHECK)/stage/opt/cl/include/collectionlayout.hpp
	grep -qx 'prefix=/opt/cl' $(INSTALL_CHECK)/stage/opt/cl/lib/pkgconfig/collectionlayout.pc
	Tests/c/install/check.sh "$(MAKE)" $(VERSION) $(SONAME) $(LIB)

# The README's C and Python examples compile, run and print what the README says.
test-readme: lib $(PY_READY)
	$(PYTHON) Tests/readme/check_examples.py

# DESIGN.md: the Swift runtime is linked in statically, so the library loads anywhere; and the
# library exports its C functions only (Sources/CCollectionLayout/exports.map).
test-no-swift-runtime: lib | setup-test
	@if ldd $(LIB) | grep libswift; then \
	  echo "$(LIB) needs the Swift runtime (see DESIGN.md: -static-stdlib)"; exit 1; fi
	@echo "ldd: $(LIB) does not need libswiftCore"
	@if nm -D --defined-only $(LIB) | grep ' T ' | grep -v ' cl_'; then \
	  echo "$(LIB) exports functions other than cl_*"; exit 1; fi
	@echo "nm: $(LIB) exports only cl_* functions"

# ---- C builds ----------------------------------------------------------------------------

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) -std=c99 $(WARNINGS) $(CFLAGS) -Iinclude -MMD -MP -c $< -o $@

# Linked to the library in .build/release with an rpath, so it runs from the checkout.
$(C_TESTS): $(C_TEST_OBJECTS) $(PTHREAD_EXECUTOR) | lib
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(C_TEST_OBJECTS) $(PTHREAD_EXECUTOR) $(LINK_LIB) -lm -pthread

$(BUILD)/examples/%: $(BUILD)/examples/c/%.o $(PTHREAD_EXECUTOR) | lib
	$(CC) $(CFLAGS) -o $@ $< $(PTHREAD_EXECUTOR) $(LINK_LIB) -lm -pthread

-include $(C_TEST_OBJECTS:.o=.d) $(EXAMPLE_SOURCES:%.c=$(BUILD)/%.d) $(PTHREAD_EXECUTOR:.o=.d)

# ---- The SDL2 example ----------------------------------------------------------------------
#
# examples/c/sdl_gallery.c needs SDL2 (Debian: libsdl2-dev, which setup-demo installs); its data
# source is examples/c/sdl_gallery_data.c (no SDL). `make demo` and `make test` run it headless:
# SDL's dummy video driver, a scripted scroll and direction switch, screenshots.

SDL_EXAMPLE := $(BUILD)/examples/sdl_gallery
SDL_OBJECT  := $(BUILD)/examples/c/sdl_gallery.o
SDL_DATA_OBJECT := $(BUILD)/examples/c/sdl_gallery_data.o
SDL_CFLAGS   = $(shell pkg-config --cflags sdl2)
SDL_LIBS     = $(shell pkg-config --libs sdl2)

.PHONY: examples sdl2 test-sdl uninstall

examples: $(EXAMPLES) $(SDL_EXAMPLE)

# The examples' objects are kept: as intermediate files of a chain of pattern rules make would
# delete them, and compile them again on every `make demo`.
.SECONDARY: $(EXAMPLE_SOURCES:%.c=$(BUILD)/%.o) $(SDL_OBJECT) $(SDL_DATA_OBJECT) $(PTHREAD_EXECUTOR)

sdl2: setup-demo

$(SDL_OBJECT): CFLAGS += $(SDL_CFLAGS)
$(SDL_OBJECT): | sdl2

$(SDL_EXAMPLE): $(SDL_OBJECT) $(SDL_DATA_OBJECT) $(PTHREAD_EXECUTOR) | lib
	$(CC) $(CFLAGS) -o $@ $(SDL_OBJECT) $(SDL_DATA_OBJECT) $(PTHREAD_EXECUTOR) $(LINK_LIB) $(SDL_LIBS) -lm -pthread

-include $(SDL_OBJECT:.o=.d) $(SDL_DATA_OBJECT:.o=.d)

# Headless, the gallery scrolls, drags a shelf and turns the wheel over another, moves its focus,
# switches to right to left (R) and goes on; the check reads what it printed and its screenshots
# (content, not pixels: colours, the pinned header band, the banner, the mirror at the switch).
test-sdl: $(SDL_EXAMPLE) $(PY_READY)
	$(PYTHON) Tests/examples/check_sdl_gallery.py $(SDL_EXAMPLE) $(BUILD)/sdl-check

# ---- The Dear ImGui example ---------------------------------------------------------------
#
# examples/imgui/photo_wall.cpp: the C++ layer under Dear ImGui with its SDL2 and SDL_Renderer
# backends (Debian: libimgui-dev, which setup-demo installs). Debian's libimgui.a holds the SDL2
# backend but not the SDL_Renderer one: its source ships in the package's examples and is built
# with the example. `make demo` and `make test` run it headless (screenshots under build/imgui).

IMGUI_EXAMPLE  := $(BUILD)/examples/imgui_photo_wall
IMGUI_BACKENDS := /usr/share/doc/libimgui-dev/examples/backends
IMGUI_CFLAGS    = $(shell pkg-config --cflags imgui sdl2 2>/dev/null || echo -I/usr/include/imgui $$(pkg-config --cflags sdl2)) \
                  -I/usr/include/imgui/backends
IMGUI_LIBS      = $(shell pkg-config --libs imgui sdl2 2>/dev/null || echo -limgui $$(pkg-config --libs sdl2))

.PHONY: imgui test-imgui
examples: $(IMGUI_EXAMPLE)

imgui: setup-demo

$(IMGUI_EXAMPLE): examples/imgui/photo_wall.cpp $(CPP_HEADER) $(HEADER) | lib imgui
	@mkdir -p $(@D)
	@test -f $(IMGUI_BACKENDS)/imgui_impl_sdlrenderer.cpp || { echo "$(IMGUI_BACKENDS)/imgui_impl_sdlrenderer.cpp" \
	  "is missing: libimgui-dev installed without its examples (a dpkg path-exclude for /usr/share/doc?)"; exit 1; }
	$(CXX) -std=c++17 $(WARNINGS) -O2 -g -Iinclude $(IMGUI_CFLAGS) -c -o $@.o $<
	$(CXX) -std=c++17 -Wall -Wextra -O2 $(IMGUI_CFLAGS) -c -o $@-sdlrenderer.o $(IMGUI_BACKENDS)/imgui_impl_sdlrenderer.cpp
	$(CXX) -o $@ $@.o $@-sdlrenderer.o $(LINK_LIB) $(IMGUI_LIBS)

# Headless, the wall flings, is dragged past its start and moves its focus ring; the check reads
# what it printed (the focus path, the library's time) and its screenshots (colours, the cards).
test-imgui: $(IMGUI_EXAMPLE) $(PY_READY)
	$(PYTHON) Tests/examples/check_imgui.py $(IMGUI_EXAMPLE) $(BUILD)/imgui-check

# ---- Examples, benchmarks ----------------------------------------------------------------

demo: $(EXAMPLES) $(SDL_EXAMPLE) $(IMGUI_EXAMPLE) $(PY_READY)
	@for example in $(EXAMPLES); do echo "== $$example"; $$example || exit 1; done
	@echo "== $(SDL_EXAMPLE) --headless (a window without it; screenshot $(BUILD)/sdl_gallery.bmp, right to left)"
	$(SDL_EXAMPLE) --headless --frames 660 --screenshot $(BUILD)/sdl_gallery.bmp
	@echo "== $(IMGUI_EXAMPLE) --headless (Dear ImGui, 100,000 photos; screenshots in $(BUILD)/imgui)"
	@mkdir -p $(BUILD)/imgui
	$(IMGUI_EXAMPLE) --headless --screenshots $(BUILD)/imgui
	@echo "== examples/python/flow_demo.py"
	$(PY_ENV) $(PYTHON) examples/python/flow_demo.py
	@echo "== examples/python/cards_demo.py"
	$(PY_ENV) $(PYTHON) examples/python/cards_demo.py $(BUILD)
	@echo "== examples/python/styles_demo.py"
	$(PY_ENV) $(PYTHON) examples/python/styles_demo.py $(BUILD)
	@echo "== examples/python/updates_demo.py" && $(PY_ENV) $(PYTHON) examples/python/updates_demo.py
	@echo "== examples/python/pygame_updates.py --headless (screenshots in $(BUILD)/pygame_updates)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_updates.py --headless --screenshots $(BUILD)/pygame_updates
	@echo "== examples/python/pygame_feed.py --headless (screenshots in $(BUILD)/pygame_feed)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_feed.py --headless --screenshots $(BUILD)/pygame_feed
	@echo "== examples/python/pygame_motion.py --headless (a scripted drag and list <-> grid; screenshots in $(BUILD)/pygame_motion)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_motion.py --headless --screenshots $(BUILD)/pygame_motion
	@echo "== examples/python/pygame_recycler.py --headless (a fixed sprite pool over 1,000,000 items; screenshots in $(BUILD)/pygame_recycler)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_recycler.py --headless --screenshots $(BUILD)/pygame_recycler
	@echo "== examples/python/pygame_shelves.py --headless (flings and a rubber band; screenshots $(BUILD)/pygame_shelves.png, $(BUILD)/pygame_shelves_stretched.png)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_shelves.py --headless --frames 360 --screenshot $(BUILD)/pygame_shelves.png \
	  --stretched $(BUILD)/pygame_shelves_stretched.png
	@echo "== examples/python/pygame_shelves.py --headless --rtl (the same run right to left, mirrored; screenshot $(BUILD)/pygame_shelves_rtl.png)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_shelves.py --headless --rtl --frames 360 --screenshot $(BUILD)/pygame_shelves_rtl.png
	@echo "== examples/python/pygame_collapse.py --headless (a collapsing bar over a feed with a card carousel; screenshot $(BUILD)/pygame_collapse.png)"
	$(PY_ENV) $(PYTHON) examples/python/pygame_collapse.py --headless --screenshot $(BUILD)/pygame_collapse.png
	@echo "make demo: every example ran; pictures in $(BUILD)/"

# The animated pictures of docs/cli.md and the README (SPEC §18, §19), drawn by the command line.
pictures: lib $(PY_READY)
	$(PY_ENV) $(PYTHON) -m collectionlayout render examples/scenes/collapsing-feed.json -o docs/images/collapsing-feed.gif \
	  --scroll -50,0,260,120 --frames 28 --duration 70
	$(PY_ENV) $(PYTHON) -m collectionlayout render examples/scenes/card-carousel.json -o docs/images/card-carousel.gif \
	  --scroll 0,1000 --section 0 --frames 28 --duration 70

bench: lib
	COLLECTIONLAYOUT_LIBRARY=$(LIB) bench/run $(BENCH_ARGS)

bench-ab:
	@test -n "$(BASE)" || { echo "make bench-ab BASE=REV (a git revision to compare with)" >&2; exit 2; }
	bench/ab $(BASE) $(AB_ARGS)

# ---- The Python wheel (issue 13) ---------------------------------------------------------
#
# bindings/python/make_wheel.sh: the wheel with the library bundled (stripped), tagged by
# `auditwheel repair` (build tools in .build/wheel-venv). test-wheel installs it into a fresh
# virtual environment and runs the command line there (Tests/wheel/check_wheel.py).

WHEEL_DIR := $(BUILD)/wheel
.PHONY: wheel test-wheel

wheel: lib $(PY_READY)
	PYTHON=$(PYTHON) bindings/python/make_wheel.sh $(LIB) $(WHEEL_DIR)

test-wheel: wheel
	$(PYTHON) Tests/wheel/check_wheel.py $(WHEEL_DIR)/*.whl

# ---- Install -----------------------------------------------------------------------------

# The library as distributions ship one: lib/libcollectionlayout.so.$(VERSION), stripped, with
# the SONAME link and the development link; its debug info in lib/debug/.build-id/ (where gdb
# looks for it with `set debug-file-directory $(PREFIX)/lib/debug`, by itself for PREFIX=/usr),
# left out with INSTALL_DEBUG=no. Then the headers (the C ABI and its C++ layer), the pkg-config
# file, the CMake package (relocatable: its paths are relative to itself) and the license.
INSTALL_DEBUG ?= yes
STRIP   ?= strip
OBJCOPY ?= objcopy
READELF ?= readelf
INSTALL_LIB   = $(DESTDIR)$(PREFIX)/lib
INSTALL_DOC   = $(DESTDIR)$(PREFIX)/share/doc/collectionlayout
INSTALL_CMAKE = $(INSTALL_LIB)/cmake/CollectionLayout
CMAKE_SUBST := -e 's|@VERSION@|$(VERSION)|g' -e 's|@SONAME@|$(SONAME)|g' \
               -e 's|@MAJOR@|$(call version_part,MAJOR)|g' -e 's|@MINOR@|$(call version_part,MINOR)|g'
build_id = $$($(READELF) -n $(LIB) | sed -n 's/^ *Build ID: *//p')

install: lib
	@mkdir -p $(BUILD)/install
	$(OBJCOPY) --only-keep-debug $(LIB) $(BUILD)/install/$(REALNAME).debug
	$(STRIP) --strip-unneeded -o $(BUILD)/install/$(REALNAME) $(LIB)
	install -d $(INSTALL_LIB)/pkgconfig $(INSTALL_CMAKE) $(DESTDIR)$(PREFIX)/include $(INSTALL_DOC)
	install -m 755 $(BUILD)/install/$(REALNAME) $(INSTALL_LIB)/
	ln -sf $(REALNAME) $(INSTALL_LIB)/$(SONAME)
	ln -sf $(SONAME) $(INSTALL_LIB)/libcollectionlayout.so
	@if [ "$(INSTALL_DEBUG)" != no ]; then \
	  id=$(build_id); test -n "$$id" || { echo "$(LIB) has no build id"; exit 1; }; \
	  dir=$(INSTALL_LIB)/debug/.build-id/$$(echo $$id | cut -c1-2); \
	  echo "install -m 644 $(BUILD)/install/$(REALNAME).debug $$dir/$$(echo $$id | cut -c3-).debug"; \
	  install -d $$dir && install -m 644 $(BUILD)/install/$(REALNAME).debug $$dir/$$(echo $$id | cut -c3-).debug; \
	fi
	install -m 644 $(HEADER) $(CPP_HEADER) $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' collectionlayout.pc.in \
	  > $(INSTALL_LIB)/pkgconfig/collectionlayout.pc
	sed $(CMAKE_SUBST) cmake/CollectionLayoutConfig.cmake.in > $(INSTALL_CMAKE)/CollectionLayoutConfig.cmake
	sed $(CMAKE_SUBST) cmake/CollectionLayoutConfigVersion.cmake.in \
	  > $(INSTALL_CMAKE)/CollectionLayoutConfigVersion.cmake
	install -m 644 LICENSE CHANGELOG.md $(INSTALL_DOC)/

# Removes what `make install` put there (the same PREFIX and DESTDIR; this version's files).
uninstall:
	rm -f $(INSTALL_LIB)/$(REALNAME) $(INSTALL_LIB)/$(SONAME) $(INSTALL_LIB)/libcollectionlayout.so \
	  $(INSTALL_LIB)/pkgconfig/collectionlayout.pc $(DESTDIR)$(PREFIX)/include/collectionlayout.h \
	  $(DESTDIR)$(PREFIX)/include/collectionlayout.hpp \
	  $(INSTALL_CMAKE)/CollectionLayoutConfig.cmake $(INSTALL_CMAKE)/CollectionLayoutConfigVersion.cmake \
	  $(INSTALL_DOC)/LICENSE $(INSTALL_DOC)/CHANGELOG.md
	id=$(build_id); rm -f $(INSTALL_LIB)/debug/.build-id/$$(echo $$id | cut -c1-2)/$$(echo $$id | cut -c3-).debug
	-rmdir $(INSTALL_CMAKE) $(INSTALL_DOC) 2>/dev/null

clean:
	rm -rf $(BUILD)
	$(SWIFT) package clean

# ---- Fuzzing, sanitizers, valgrind (issue 12) --------------------------------------------
#
#   make fuzz          every libFuzzer target for FUZZ_SECONDS (default 60) each, after replaying
#                      the corpora and the regression inputs; a finding fails (exit 1) and is
#                      written to build/fuzz/findings/<target>/
#   make fuzz-repro TARGET=fuzz_abi INPUT=FILE   replays one input (FUZZ_TRACE=1: the program;
#                      TARGET=fuzz_cli likewise, FUZZ_TRACE=1: the arguments and files)
#   make tsan          the threads test under ThreadSanitizer
#   make memcheck      the C examples and the C tests under valgrind
#
# The fuzz targets are built with the toolchain's clang (-fsanitize=fuzzer,address,undefined)
# against the library built with Swift's AddressSanitizer and libFuzzer's coverage, in its own
# build path (.build/asan); Swift has no UndefinedBehaviorSanitizer on Linux (its arithmetic
# traps on overflow anyway). ThreadSanitizer likewise in .build/tsan.
# fuzz_cli is an atheris target (Tests/fuzz/fuzz_cli.py, `pip install atheris`) over the command
# line's readers, run in-process against the release library; $(FUZZ_BUILD)/fuzz_cli is a
# wrapper that sets PY_ENV, so it takes libFuzzer's flags like the C targets. Without atheris it
# falls back to random mutations with the same checks (and says so).

FUZZ_SECONDS  ?= 60
FUZZ_JOBS     ?= 1
FUZZ_CC       ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang
FUZZ_TARGETS  := fuzz_abi fuzz_cli
FUZZ_BUILD    := $(BUILD)/fuzz
FUZZ_LIB_DIR  := $(CURDIR)/.build/asan/release
TSAN_LIB_DIR  := $(CURDIR)/.build/tsan/release
FUZZ_CFLAGS   := -std=c11 $(WARNINGS) -g -O1 -fuse-ld=lld -Iinclude -ITests/c \
                 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SWIFTFLAGS := -Xswiftc -sanitize=address \
                 -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
# lld warns that it cannot export the sanitizer runtime's local symbols; harmless.
FUZZ_LINK     := -L$(FUZZ_LIB_DIR) -Wl,-rpath,$(FUZZ_LIB_DIR) -lcollectionlayout -lm
# Leaks are reported by valgrind (make memcheck); LeakSanitizer would also report the Swift
# runtime's metadata caches, which live as long as the process.
FUZZ_ENV      := ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:abort_on_error=0 \
                 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# -rss_limit_mb: the targets build small layouts (a few thousand elements); an allocation in
# proportion to a hostile count shows up as a malloc over the limit, a finding.
FUZZ_RUN_FLAGS := -malloc_limit_mb=1024 -timeout=30 -print_final_stats=1
# fuzz_cli's process grows by about 90 KB a run under atheris while a replay of the same inputs
# stays flat (not traced yet): it gets more room, so that a short run does not stop at the limit.
FUZZ_RSS_fuzz_abi := 2048
FUZZ_RSS_fuzz_cli := 6144

.PHONY: fuzz fuzz-build fuzz-lib fuzz-merge fuzz-repro tsan tsan-lib memcheck

fuzz-lib:
	$(SWIFT) build -c release --product collectionlayout --build-path .build/asan $(FUZZ_SWIFTFLAGS)

$(FUZZ_BUILD)/fuzz_abi: Tests/fuzz/fuzz_abi.c Tests/fuzz/fuzz_common.h $(HEADER) | fuzz-lib
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ Tests/fuzz/fuzz_abi.c $(FUZZ_LINK) 2>$@.log || { cat $@.log; exit 1; }
	@grep -v 'Cannot export local symbol' $@.log || true

$(FUZZ_BUILD)/fuzz_cli: Tests/fuzz/fuzz_cli.py | lib $(PY_READY)
	@mkdir -p $(@D)
	printf '#!/bin/sh\n%s exec %s %s "$$@"\n' "$(PY_ENV)" "$(PYTHON)" "$(CURDIR)/Tests/fuzz/fuzz_cli.py" >$@
	chmod +x $@

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/%)

# Each target: replay its regression inputs (every bug found keeps its minimized input there),
# then fuzz from a scratch copy of its corpus (the repository's corpus is not rewritten by a
# run; `make fuzz-merge` folds new inputs back in).
fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  regressions=$$(ls Tests/fuzz/regressions/$$target/* 2>/dev/null); \
	  if [ -n "$$regressions" ]; then \
	    echo "== $$target: $$(echo $$regressions | wc -w) regression inputs"; \
	    $(FUZZ_ENV) $(FUZZ_BUILD)/$$target $(FUZZ_RUN_FLAGS) -rss_limit_mb=$$(case $$target in fuzz_cli) echo $(FUZZ_RSS_fuzz_cli);; *) echo $(FUZZ_RSS_fuzz_abi);; esac) $$regressions >$(FUZZ_BUILD)/$$target.regressions.log 2>&1 || \
	      { tail -40 $(FUZZ_BUILD)/$$target.regressions.log; echo "$$target: a regression input fails"; exit 1; }; \
	  fi; \
	  work=$(FUZZ_BUILD)/corpus/$$target; findings=$(FUZZ_BUILD)/findings/$$target; \
	  rm -rf $$work; mkdir -p $$work $$findings; cp Tests/fuzz/corpus/$$target/* $$work/ 2>/dev/null || true; \
	  echo "== $$target: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_ENV) $(FUZZ_BUILD)/$$target $(FUZZ_RUN_FLAGS) -rss_limit_mb=$$(case $$target in fuzz_cli) echo $(FUZZ_RSS_fuzz_cli);; *) echo $(FUZZ_RSS_fuzz_abi);; esac) -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=$$findings/ $$work Tests/fuzz/corpus/$$target >$(FUZZ_BUILD)/$$target.log 2>&1; status=$$?; \
	  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' $(FUZZ_BUILD)/$$target.log; \
	  grep -E '^fuzz_[a-z]*: calls:' $(FUZZ_BUILD)/$$target.log | tail -1; \
	  if [ $$status -ne 0 ]; then tail -60 $(FUZZ_BUILD)/$$target.log; \
	    echo "$$target: FINDING (status $$status), input in $$findings/; replay: make fuzz-repro TARGET=$$target INPUT=<file>"; \
	    exit 1; fi; \
	done; echo "make fuzz: no findings"

# Folds what a run found new into the repository's corpus (minimized with -merge=1).
fuzz-merge: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  $(FUZZ_ENV) $(FUZZ_BUILD)/$$target -merge=1 Tests/fuzz/corpus/$$target $(FUZZ_BUILD)/corpus/$$target; done

fuzz-repro: $(FUZZ_BUILD)/$(TARGET)
	$(FUZZ_ENV) $(FUZZ_BUILD)/$(TARGET) $(INPUT)

# ThreadSanitizer: the library built with Swift's -sanitize=thread (.build/tsan), the test with
# clang -fsanitize=thread; Swift's TSan runtime support needs libdispatch and BlocksRuntime.
# Tests/tsan/suppressions.txt says what is suppressed and why (the runtime's swift_once only).
SWIFT_RUNTIME_DIR := $(dir $(realpath $(shell command -v $(SWIFT))))../lib/swift/linux
TSAN_BUILD := $(BUILD)/tsan

tsan-lib:
	$(SWIFT) build -c release --product collectionlayout --build-path .build/tsan -Xswiftc -sanitize=thread

$(TSAN_BUILD)/threads: Tests/tsan/threads.c examples/c/pthread_executor.c examples/c/pthread_executor.h $(HEADER) | tsan-lib
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 $(WARNINGS) -g -O1 -fsanitize=thread -Iinclude -o $@ Tests/tsan/threads.c examples/c/pthread_executor.c \
	  -L$(TSAN_LIB_DIR) -Wl,-rpath,$(TSAN_LIB_DIR) -lcollectionlayout \
	  -L$(SWIFT_RUNTIME_DIR) -Wl,-rpath,$(SWIFT_RUNTIME_DIR) -ldispatch -lBlocksRuntime -lpthread -lm

tsan: $(TSAN_BUILD)/threads
	TSAN_OPTIONS="suppressions=$(CURDIR)/Tests/tsan/suppressions.txt halt_on_error=1 exitcode=66" $(TSAN_BUILD)/threads

# valgrind: every C example and the C tests (built against the release library); memory errors
# and definite leaks fail, "possibly lost" blocks (the Swift runtime's metadata caches) are not
# shown. The forked limit tests are skipped under valgrind (CL_TEST_SKIP_FORKED=1,
# Tests/c/test_limits.c says why).
VALGRIND := valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite --show-possibly-lost=no

# In make test: the fuzz targets for a short time each (a finding fails), the threads test, valgrind.
TEST_FUZZ_SECONDS ?= 30
.PHONY: test-fuzz test-tsan test-memcheck
test-fuzz:
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS)
test-tsan: tsan
test-memcheck: memcheck

memcheck: $(EXAMPLES) $(C_TESTS) | setup-test
	@for example in $(EXAMPLES); do echo "== valgrind $$example"; \
	  $(VALGRIND) $$example >/dev/null || exit 1; done
	@echo "== valgrind $(C_TESTS)"
	CL_TEST_SKIP_FORKED=1 $(VALGRIND) $(C_TESTS)
