# ltospell: spell-check every string constant of a whole program at
# LTO link time.  `make V=1` shows the full commands.

GCC      ?= gcc
CC        = $(GCC)
CXX      ?= g++
PYTHON   ?= python3
PKG_CONFIG ?= pkg-config

PLUGIN_DIR := $(shell $(GCC) -print-file-name=plugin)
ENCHANT_CFLAGS = $(shell $(PKG_CONFIG) --cflags enchant-2 2>/dev/null)
ENCHANT_LIBS   = $(shell $(PKG_CONFIG) --libs enchant-2 2>/dev/null)

CFLAGS   ?= -O2 -g
CXXFLAGS ?= -O2 -g
WARN      = -Wall -Wextra
CORE_CFLAGS   = -std=c11 -D_GNU_SOURCE -fPIC $(WARN) $(ENCHANT_CFLAGS) $(CFLAGS)
PLUGIN_CXXFLAGS = -std=gnu++17 -fPIC -fno-rtti -fno-exceptions $(WARN) \
		  -Wno-unused-parameter -I$(PLUGIN_DIR)/include $(CXXFLAGS)

# Every C file of src/ is part of the core; src/plugin.cc is the GCC layer.
CORE_SRCS  = $(wildcard src/*.c)
CORE_HDRS  = $(wildcard src/*.h)
CORE_OBJS  = $(CORE_SRCS:src/%.c=build/%.o)
PLUGIN_OBJS = build/plugin.o
UNIT_TESTS = $(patsubst src/tests/%.c,build/tests/%,$(wildcard src/tests/test_*.c))

DESTDIR ?=
INSTALL_DIR = $(DESTDIR)$(PLUGIN_DIR)

ifeq ($(V),1)
Q =
quiet = @:
else
Q = @
quiet = @printf '  %-7s %s\n'
endif

all: build/ltospell.so

build/%.o: src/%.c $(CORE_HDRS) | build
	$(quiet) CC $@
	$(Q)$(CC) $(CORE_CFLAGS) -c -o $@ $<

build/plugin.o: src/plugin.cc $(CORE_HDRS) | build
	$(quiet) CXX $@
	$(Q)$(CXX) $(PLUGIN_CXXFLAGS) -c -o $@ $<

build/ltospell.so: $(CORE_OBJS) $(PLUGIN_OBJS)
	$(quiet) LINK $@
	$(Q)$(CXX) -shared -o $@ $^ $(ENCHANT_LIBS)

build/libltospell-core.a: $(CORE_OBJS)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

build/tests/%: src/tests/%.c src/tests/unit.h build/libltospell-core.a | build
	$(quiet) CC $@
	$(Q)$(CC) $(CORE_CFLAGS) -Isrc -o $@ $< build/libltospell-core.a $(ENCHANT_LIBS)

build:
	$(Q)mkdir -p build/tests

# Install missing Debian packages (apt-get when root, a message otherwise).
deps:
	$(Q)sh .ci/install-deps

test-deps:
	$(Q)sh .ci/install-deps --test

# Every test: the core's unit tests, then the multi-unit LTO programs.
# The last line is the plain summary "N passed, N failed".
check: test-deps
	$(Q)$(MAKE) --no-print-directory all $(UNIT_TESTS)
	$(Q)rm -f build/check.log; status=0; \
	for t in $(UNIT_TESTS); do \
	  $$t >> build/check.log 2>&1 || { echo "FAIL: $$t exited with $$?" >> build/check.log; }; \
	done; \
	$(PYTHON) lto-tests/runner.py --plugin build/ltospell.so >> build/check.log 2>&1 || \
	  echo "FAIL: lto-tests runner exited with $$?" >> build/check.log; \
	grep '^FAIL' build/check.log || true; \
	awk '/^PASS/ {p++} /^FAIL/ {f++} END {printf "%d passed, %d failed\n", p, f; exit f > 0}' build/check.log

# Link the sample program in lto-tests/demo with the plugin.
demo: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory -C lto-tests/demo PLUGIN=$(CURDIR)/build/ltospell.so

install: build/ltospell.so
	$(quiet) INSTALL $(INSTALL_DIR)/ltospell.so
	$(Q)install -d $(INSTALL_DIR) $(INSTALL_DIR)/ltospell-dict
	$(Q)install -m 644 build/ltospell.so $(INSTALL_DIR)/ltospell.so
	$(Q)install -m 644 dict/*.txt $(INSTALL_DIR)/ltospell-dict/

bench: all
	$(Q)sh bench/run

# Time and memory of the pass against program size (bench/gen).
bench-scale: all
	$(Q)$(PYTHON) bench/scale

clean:
	$(Q)rm -rf build

.PHONY: all deps test-deps check demo install bench bench-scale clean
