# CollectionLayout — the front door.
#
#   make              the library: .build/release/libcollectionlayout.so
#   make test         every test: Swift, C, the header as C99 and C++17, install + pkg-config,
#                     Python, and a check that the library needs no Swift toolchain
#   make demo         the C and Python examples
#   make bench        bench/run (BENCH_ARGS="ITEMS RUNS" for a quick one)
#   make install      PREFIX=/usr/local, DESTDIR respected
#   make test-valgrind  the C tests under valgrind (not part of make test)
#   make clean
#
# C build products go under build/. CC, CXX and CFLAGS are taken from the environment as usual.

SWIFT   ?= swift
PYTHON  ?= python3
PREFIX  ?= /usr/local
DESTDIR ?=

HEADER  := include/collectionlayout.h
LIB_DIR := $(CURDIR)/.build/release
LIB     := $(LIB_DIR)/libcollectionlayout.so
BUILD   := build

# The version comes from the header's CL_VERSION_* macros, the single source of truth.
version_part = $(shell sed -n 's/^\#define CL_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' $(HEADER))
VERSION := $(call version_part,MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)

CFLAGS   ?= -O1 -g
WARNINGS := -Wall -Wextra -Werror
LINK_LIB := -L$(LIB_DIR) -Wl,-rpath,$(LIB_DIR) -lcollectionlayout

# The Python package finds the library through this variable (bindings/python/README.md).
PY_ENV := PYTHONPATH=$(CURDIR)/bindings/python COLLECTIONLAYOUT_LIBRARY=$(LIB)

C_TEST_SOURCES := $(wildcard Tests/c/*.c)
C_TEST_OBJECTS := $(C_TEST_SOURCES:%.c=$(BUILD)/%.o)
C_TESTS        := $(BUILD)/tests/c_tests
EXAMPLE_SOURCES := $(wildcard examples/c/*.c)
EXAMPLES       := $(EXAMPLE_SOURCES:examples/c/%.c=$(BUILD)/examples/%)

.PHONY: all lib test test-vectors test-swift test-c test-header test-install test-python test-readme test-no-swift-runtime \
        test-valgrind demo bench install clean
.DELETE_ON_ERROR:

all: lib

# SwiftPM decides what to rebuild, so this always asks it.
lib:
	$(SWIFT) build -c release --product collectionlayout

# ---- Tests -------------------------------------------------------------------------------

test: test-vectors test-swift test-header test-c test-install test-python test-readme test-no-swift-runtime
	@echo "make test: all passed"

# The Swift tests use Swift Testing only (XCTest would report an empty run).
test-swift:
	$(SWIFT) test --disable-xctest

# The public header alone, as strict C99 and as C++17.
test-header:
	$(CC) -std=c99 $(WARNINGS) -pedantic -fsyntax-only -x c $(HEADER)
	$(CXX) -std=c++17 $(WARNINGS) -pedantic -fsyntax-only -x c++ $(HEADER)

test-c: $(C_TESTS)
	$(C_TESTS)

test-valgrind: $(C_TESTS)
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite $(C_TESTS)

# Tests/vectors is a copy of ../shared/vectors (when that folder exists beside the repository).
test-vectors:
	$(PYTHON) Tests/vectors/check_sync.py

test-python: lib
	$(PY_ENV) $(PYTHON) -m pytest bindings/python/tests -q

# A newcomer's path: install to a scratch prefix (and stage one with DESTDIR), then build a
# program with nothing but `pkg-config --cflags --libs collectionlayout`.
INSTALL_CHECK := $(BUILD)/install-check
test-install: lib
	rm -rf $(INSTALL_CHECK)
	$(MAKE) --no-print-directory install PREFIX=$(CURDIR)/$(INSTALL_CHECK)/prefix
	$(MAKE) --no-print-directory install PREFIX=/opt/cl DESTDIR=$(CURDIR)/$(INSTALL_CHECK)/stage
	test -f $(INSTALL_CHECK)/stage/opt/cl/lib/libcollectionlayout.so
	test -f $(INSTALL_CHECK)/stage/opt/cl/include/collectionlayout.h
	grep -qx 'prefix=/opt/cl' $(INSTALL_CHECK)/stage/opt/cl/lib/pkgconfig/collectionlayout.pc
	export PKG_CONFIG_PATH=$(CURDIR)/$(INSTALL_CHECK)/prefix/lib/pkgconfig && \
	  test "$$(pkg-config --modversion collectionlayout)" = "$(VERSION)" && \
	  $(CC) -std=c99 $(WARNINGS) -o $(INSTALL_CHECK)/hello Tests/c/install/hello.c \
	    $$(pkg-config --cflags --libs collectionlayout)
	LD_LIBRARY_PATH=$(CURDIR)/$(INSTALL_CHECK)/prefix/lib $(INSTALL_CHECK)/hello

# The README's C and Python examples compile, run and print what the README says.
test-readme: lib
	$(PYTHON) Tests/readme/check_examples.py

# DESIGN.md: the Swift runtime is linked in statically, so the library loads anywhere; and the
# library exports its C functions only (Sources/CCollectionLayout/exports.map).
test-no-swift-runtime: lib
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
$(C_TESTS): $(C_TEST_OBJECTS) | lib
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(C_TEST_OBJECTS) $(LINK_LIB) -lm -pthread

$(BUILD)/examples/%: $(BUILD)/examples/c/%.o | lib
	$(CC) $(CFLAGS) -o $@ $< $(LINK_LIB) -lm

-include $(C_TEST_OBJECTS:.o=.d) $(EXAMPLE_SOURCES:%.c=$(BUILD)/%.d)

# ---- Examples, benchmarks ----------------------------------------------------------------

demo: $(EXAMPLES)
	@for example in $(EXAMPLES); do echo "== $$example"; $$example || exit 1; done
	@echo "== examples/python/flow_demo.py"
	$(PY_ENV) $(PYTHON) examples/python/flow_demo.py
	@echo "== examples/python/cards_demo.py"
	$(PY_ENV) $(PYTHON) examples/python/cards_demo.py $(BUILD)
	@echo "== examples/python/styles_demo.py"
	$(PY_ENV) $(PYTHON) examples/python/styles_demo.py $(BUILD)
	@echo "== examples/python/updates_demo.py" && $(PY_ENV) $(PYTHON) examples/python/updates_demo.py

bench: lib
	COLLECTIONLAYOUT_LIBRARY=$(LIB) bench/run $(BENCH_ARGS)

# ---- Install -----------------------------------------------------------------------------

install: lib
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 755 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(HEADER) $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' collectionlayout.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/collectionlayout.pc

clean:
	rm -rf $(BUILD)
	$(SWIFT) package clean
