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
# The plugin opens libenchant when it first checks a word
# (src/enchant-load.c): a compile that only writes a summary does not
# pay for loading it.
ENCHANT_SONAME := $(or $(shell objdump -p $$($(GCC) -print-file-name=libenchant-2.so) \
		    2>/dev/null | sed -n 's/^ *SONAME *//p'),libenchant-2.so.2)

CFLAGS   ?= -O2 -g
CXXFLAGS ?= -O2 -g
WARN      = -Wall -Wextra
CORE_CFLAGS   = -std=c11 -D_GNU_SOURCE -fPIC $(WARN) $(ENCHANT_CFLAGS) \
		-DLS_ENCHANT_SONAME='"$(ENCHANT_SONAME)"' $(CFLAGS)
# The plugin directory's include/ is added by each GCC's rules (below).
PLUGIN_CXXFLAGS = -std=gnu++17 -fPIC -fno-rtti -fno-exceptions $(WARN) \
		  -Wno-unused-parameter $(CXXFLAGS)

# Every C file of src/ is part of the core; src/plugin.cc is the GCC layer.
CORE_SRCS  = $(wildcard src/*.c)
CORE_HDRS  = $(wildcard src/*.h)
CORE_OBJS  = $(CORE_SRCS:src/%.c=build/%.o)
# The unit tests link libenchant itself (test_speller wraps some of its
# functions): their library of the core leaves out the plugin's loader
# of it.
LIB_OBJS   = $(filter-out build/enchant-load.o,$(CORE_OBJS))
PLUGIN_OBJS = build/plugin.o
# The unit tests' own headers (unit.h, scratch.h, ...).
TEST_HDRS  = $(wildcard src/tests/*.h)
UNIT_TESTS = $(patsubst src/tests/%.c,build/tests/%,$(wildcard src/tests/test_*.c)) \
	     build/tests/fuzz_replay

# The unit tests once more under AddressSanitizer and UBSan: the same
# sources, the core built again with the sanitizers into build/asan/.
SANITIZE   = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	     -fno-omit-frame-pointer
ASAN_OBJS  = $(filter-out build/asan/enchant-load.o,$(CORE_SRCS:src/%.c=build/asan/%.o))
ASAN_TESTS = $(UNIT_TESTS:build/tests/%=build/asan/tests/%)
# intercept_tls_get_addr=0: LeakSanitizer's tracer dies on the dynamic
# TLS of a module enchant dlopens (a DTLS range at 0xbfc, "Tracer caught
# signal 11", seen in test_dictdir on Debian 12's GCC 12); leaks are still
# checked, the DTLS blocks are just not scanned as roots.
ASAN_ENV   = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0 \
	     UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# The plugin for GCC 11 too, into build/gcc-11/, when gcc-11-plugin-dev
# is installed.  The C core does not depend on the GCC version: only
# plugin.o is built again.
GCC11       = gcc-11
GXX11       = g++-11
GCC11_PLUGIN_DIR := $(shell $(GCC11) -print-file-name=plugin 2>/dev/null)
HAVE_GCC11  := $(if $(wildcard $(GCC11_PLUGIN_DIR)/include/gcc-plugin.h),yes)

DESTDIR ?=
INSTALL_DIR = $(DESTDIR)$(PLUGIN_DIR)

ifeq ($(V),1)
Q =
quiet = @:
else
Q = @
quiet = @printf '  %-7s %s\n'
endif

# What the plugin would read or load at every link, precompiled
# (tools/precompile.c, src/dictwords.c) into build/ltospell-data/,
# mapped by the plugin instead: the words hunspell's en_US accepts
# (loading hunspell takes 46-50 ms and 8.6 MB; it is loaded only for a
# word they cannot judge), codespell's misspellings (20-30 ms, 5 MB)
# and the common English words (12-20 ms, 2 MB).  Each is made when
# its sources are installed (hunspell's also needs hunspell-tools'
# unmunch) and used while they are unchanged; without it the plugin
# reads the sources, with the same results.
UNMUNCH      := $(shell command -v unmunch 2>/dev/null)
# The first en_US.dic with its .aff where enchant looks (speller.c's
# hunspell_dic_path).
HUNSPELL_DIC := $(firstword $(foreach d,/usr/local/share/hunspell /usr/share/hunspell,\
		  $(if $(and $(wildcard $(d)/en_US.dic),$(wildcard $(d)/en_US.aff)),$(d)/en_US.dic)))
# The first of known.c's places for codespell's list.
CODESPELL_DICT := $(firstword $(wildcard \
		    /usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt \
		    /usr/share/codespell/dictionary.txt \
		    /usr/local/lib/python3/dist-packages/codespell_lib/data/dictionary.txt))
COMMON_WORDS := $(wildcard /usr/share/dict/american-english-small)
# aspell's words for each language the plugin opens by default (en_US,
# and en_GB to tell the dialect), with what decides enchant's plan:
# its ordering file and its directory of providers.
ASPELL       := $(shell command -v aspell 2>/dev/null)
ASPELL_DICT_DIR := $(if $(ASPELL),$(shell $(ASPELL) config dict-dir 2>/dev/null))
ASPELL_CONF_FILE := $(if $(ASPELL),$(shell $(ASPELL) config conf-dir 2>/dev/null)/$(shell \
		    $(ASPELL) config conf 2>/dev/null))
ENCHANT_ORDERING := $(wildcard $(shell $(PKG_CONFIG) --variable=prefix enchant-2 \
		    2>/dev/null)/share/enchant-2/enchant.ordering)
ENCHANT_PROVIDERS := $(wildcard $(shell $(PKG_CONFIG) --variable=libdir enchant-2 \
		     2>/dev/null)/enchant-2)
ASPELL_TAGS  := $(if $(and $(ASPELL),$(ENCHANT_ORDERING),$(ENCHANT_PROVIDERS)),\
		  $(foreach t,en_US en_GB,$(if $(wildcard $(ASPELL_DICT_DIR)/$(t).multi),$(t))))
WORDS_FILES  := $(strip \
		$(foreach t,$(ASPELL_TAGS),build/ltospell-data/aspell-$(t).words) \
		$(if $(and $(UNMUNCH),$(HUNSPELL_DIC)),build/ltospell-data/hunspell-en_US.words) \
		$(if $(CODESPELL_DICT),build/ltospell-data/codespell-en.words) \
		$(if $(COMMON_WORDS),build/ltospell-data/common-en.words))

# build/ltospell.so is the small loader GCC opens (src/loader/): it
# refuses a GCC other than the one it was built for, then opens the real
# plugin, build/ltospell-core.so, beside it.
all: build/ltospell.so build/ltospell-core.so $(WORDS_FILES)

build/tools/precompile: tools/precompile.c build/libltospell-core.a
	$(Q)mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(CC) $(CORE_CFLAGS) -Isrc -o $@ $< build/libltospell-core.a $(ENCHANT_LIBS)

# How the suggestions compare with aspell's (tools/suggest-eval.c).
build/tools/suggest-eval: tools/suggest-eval.c build/libltospell-core.a
	$(Q)mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(CC) $(CORE_CFLAGS) -Isrc -o $@ $< build/libltospell-core.a $(ENCHANT_LIBS)

build/ltospell-data/hunspell-en_US.words: build/tools/precompile $(HUNSPELL_DIC) $(HUNSPELL_DIC:.dic=.aff)
	$(Q)mkdir -p $(@D)
	$(quiet) GEN $@
	$(Q)$(UNMUNCH) $(HUNSPELL_DIC) $(HUNSPELL_DIC:.dic=.aff) > $@.forms 2>/dev/null
	$(Q)build/tools/precompile hunspell en_US $(HUNSPELL_DIC) $(HUNSPELL_DIC:.dic=.aff) \
	  < $@.forms > $@.tmp 2> $@.log && mv $@.tmp $@ && rm -f $@.forms

# Made again when aspell's files or hunspell's en_US change (the plan
# says whether hunspell has the language).  When it cannot be made (say
# enchant serves en_US from another provider), the plugin opens enchant
# at once, as without it: the build goes on.
build/ltospell-data/aspell-%.words: build/tools/precompile $(ASPELL_DICT_DIR)/%.multi \
				      $(wildcard $(ASPELL_DICT_DIR)/en*.rws) \
				      $(ENCHANT_ORDERING) $(HUNSPELL_DIC)
	$(Q)mkdir -p $(@D)
	$(quiet) GEN $@
	$(Q){ $(ASPELL) -d $* dump master > $@.forms \
	  && build/tools/precompile aspell $* $(ASPELL_DICT_DIR)/$*.multi \
	     $(ENCHANT_ORDERING) $(ENCHANT_PROVIDERS) $(ASPELL_CONF_FILE) \
	     < $@.forms > $@.tmp; } 2> $@.log \
	  && mv $@.tmp $@ && rm -f $@.forms \
	  || { rm -f $@.tmp $@.forms; echo "  $@ not made (see $@.log): enchant will be opened at every link"; }

build/ltospell-data/codespell-en.words: build/tools/precompile $(CODESPELL_DICT)
	$(Q)mkdir -p $(@D)
	$(quiet) GEN $@
	$(Q)build/tools/precompile codespell $(CODESPELL_DICT) > $@.tmp 2> $@.log && mv $@.tmp $@

build/ltospell-data/common-en.words: build/tools/precompile $(COMMON_WORDS)
	$(Q)mkdir -p $(@D)
	$(quiet) GEN $@
	$(Q)build/tools/precompile common $(COMMON_WORDS) > $@.tmp 2> $@.log && mv $@.tmp $@

# The C core in build directory $(1) with the extra compile flags $(2):
# its objects, its library for the unit tests and the unit tests.  Once
# in build/, once with the sanitizers in build/asan/.
define core_rules
$(1)/%.o: src/%.c $$(CORE_HDRS)
	$$(Q)mkdir -p $$(@D)
	$$(quiet) CC $$@
	$$(Q)$$(CC) $$(CORE_CFLAGS) $(2) -c -o $$@ $$<

$(1)/libltospell-core.a: $$(LIB_OBJS:build/%=$(1)/%)
	$$(quiet) AR $$@
	$$(Q)rm -f $$@ && ar rcs $$@ $$^

$(1)/tests/%: src/tests/%.c $(TEST_HDRS) $(1)/libltospell-core.a
	$$(Q)mkdir -p $$(@D)
	$$(quiet) CC $$@
	$$(Q)$$(CC) $$(CORE_CFLAGS) $(2) -Isrc -o $$@ $$< $(1)/libltospell-core.a $$(ENCHANT_LIBS) $$(TEST_LDFLAGS)

$(1)/tests/fuzz_replay: src/fuzz/replay.c src/fuzz/targets.h $(1)/libltospell-core.a
	$$(Q)mkdir -p $$(@D)
	$$(quiet) CC $$@
	$$(Q)$$(CC) $$(CORE_CFLAGS) $(2) -Isrc -o $$@ $$< $(1)/libltospell-core.a $$(ENCHANT_LIBS)
endef

# test_dups sees every free of the core (util.h's big blocks).
build/tests/test_dups build/asan/tests/test_dups: TEST_LDFLAGS = -Wl,--wrap=free

$(eval $(call core_rules,build,))
$(eval $(call core_rules,build/asan,$(SANITIZE)))

# The plugin for one GCC in build directory $(1): its C and C++
# compilers $(2) and $(3), its plugin directory $(4), extra flags for
# plugin.cc $(5).  The C core does not depend on the GCC version: every
# GCC's ltospell-core.so links the objects of build/.
#
# ltospell-core.so is linked by the C driver: operator new and delete,
# all plugin.cc needs of the C++ library, are GCC's own, exported by cc1
# and lto1, and loading libstdc++ into every compile cost 2.5 ms.  No
# libenchant either (src/enchant-load.c).
#
# The version the loader accepts (built-for.h): the four fields GCC's
# own plugin_default_version_check compares, from that GCC's
# plugin-version.h.
define plugin_rules
$(1)/plugin.o: src/plugin.cc $$(CORE_HDRS)
	$$(Q)mkdir -p $$(@D)
	$$(quiet) CXX $$@
	$$(Q)$(3) $$(PLUGIN_CXXFLAGS) -I$(4)/include $(5) -c -o $$@ $$<

$(1)/ltospell-core.so: $$(CORE_OBJS) $(1)/plugin.o src/loader/core.map
	$$(quiet) LINK $$@
	$$(Q)$(2) -shared -Wl,--version-script=src/loader/core.map -o $$@ \
		$$(filter %.o,$$^) -ldl

$(1)/built-for.h: $(4)/include/plugin-version.h
	$$(Q)mkdir -p $$(@D)
	$$(quiet) GEN $$@
	$$(Q)sed -n $$(BUILT_FOR_SED) $$< > $$@.tmp && test $$$$(wc -l < $$@.tmp) = 4 && mv $$@.tmp $$@

$(1)/ltospell.so: src/loader/loader.c $(1)/built-for.h | $(1)/ltospell-core.so
	$$(quiet) LINK $$@
	$$(Q)$(2) $$(LOADER_CFLAGS) -I$(1) -shared -o $$@ $$< -ldl
endef

BUILT_FOR_SED = 's/^static char \([a-z]*\)\[\] = \(".*"\);$$/\#define BUILT_FOR_\U\1\E \2/p'
LOADER_CFLAGS = -std=c11 -fPIC $(WARN) $(CFLAGS)

$(eval $(call plugin_rules,build,$(CC),$(CXX),$(PLUGIN_DIR),))
$(eval $(call plugin_rules,build/gcc-11,$(GCC11),$(GXX11),$(GCC11_PLUGIN_DIR),-Ibuild/gcc-11/include))

# GCC 11's plugin headers include gcov-iov.h, which the package lacks;
# lto-streamer.h needs only that it exists.  Beside the GCC 11 build,
# ltospell-dict/ points to dict/ as once installed.
build/gcc-11/plugin.o: build/gcc-11/include/gcov-iov.h
build/gcc-11/include/gcov-iov.h:
	$(Q)mkdir -p $(@D)
	$(Q)echo '#define GCOV_VERSION ((gcov_unsigned_t) 0x4231332a)' > $@

build/gcc-11/ltospell.so: | build/gcc-11/ltospell-dict build/gcc-11/ltospell-data
build/gcc-11/ltospell-dict:
	$(Q)mkdir -p $(@D)
	$(Q)ln -sfn ../../dict $@
build/gcc-11/ltospell-data:
	$(Q)mkdir -p $(@D)
	$(Q)ln -sfn ../ltospell-data $@

# Install missing Debian packages (apt-get when root, a message otherwise).
deps:
	$(Q)sh .ci/install-deps

test-deps:
	$(Q)sh .ci/install-deps --test

# Every test: the core's unit tests (also under the sanitizers), then
# the multi-unit LTO programs, and a subset of them with GCC 11 at the
# same time (in its own scratch directory).  The last line is the plain
# summary "N passed, N failed".  The second make reads this Makefile
# again after test-deps: it sees gcc-11-plugin-dev even when test-deps
# has just installed it.  CHECK_JOBS (2) is how many builds, unit tests
# and LTO tests of each GCC run at once.
CHECK_JOBS ?= 2
LTO_RUNNER  = $(PYTHON) lto-tests/runners/runner.py --jobs $(CHECK_JOBS)
# What GCC 11 runs: the command line, C, C++, wide strings, tables, the
# torture programs with every kind of string and C++ construct, and the
# compile-time summaries.
GCC11_TESTS = -k 'cli-*' -k basic -k cxx -k wide -k table_chain \
	      -k torture_bytes -k torture_cxx -k 'summary-*'

check: test-deps
	$(Q)$(MAKE) --no-print-directory check-installed

check-installed:
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) check-build
	$(Q)rm -rf build/check.log build/check-logs
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) -k $(UNIT_LOGS) || true
	$(Q)cat $(UNIT_LOGS) > build/check.log
	$(Q)$(PYTHON) tools/check-layers.py >> build/check.log 2>&1 || true
	$(Q)gcc11=; if test -n "$(HAVE_GCC11)"; then \
	  GCC=$(GCC11) GXX=$(GXX11) GFORTRAN=gfortran-11 $(LTO_RUNNER) \
	    --build-dir build/gcc-11/lto-tests --plugin build/gcc-11/ltospell.so \
	    $(GCC11_TESTS) > build/gcc-11/out 2>&1 & gcc11=$$!; \
	fi; \
	$(LTO_RUNNER) --plugin build/ltospell.so > build/lto-tests.out 2>&1 || \
	  echo "FAIL: lto-tests runner exited with $$?" >> build/lto-tests.out; \
	cat build/lto-tests.out >> build/check.log; \
	if test -n "$$gcc11"; then \
	  wait $$gcc11; rc=$$?; \
	  sed 's/^\(PASS\|FAIL\): /\1: gcc-11: /' build/gcc-11/out >> build/check.log; \
	  test $$rc = 0 || echo "FAIL: GCC 11 lto-tests exited with $$rc" >> build/check.log; \
	else echo "gcc-11-plugin-dev not installed: GCC 11 build not tested" >> build/check.log; fi
	$(Q)grep '^FAIL' build/check.log || true
	$(Q)awk '/^PASS/ {p++} /^FAIL/ {f++} END {printf "%d passed, %d failed\n", p, f; exit f > 0}' build/check.log

# What make check runs (one target: nothing said of what is up to date).
check-build: all $(UNIT_TESTS) $(ASAN_TESTS) $(if $(HAVE_GCC11),build/gcc-11/ltospell.so)
	@:

# The output of each unit test, in build/check-logs/ (run by make -j:
# the unit tests and their sanitized twins CHECK_JOBS at a time).
UNIT_LOGS = $(UNIT_TESTS:build/%=build/check-logs/%.log) \
	    $(ASAN_TESTS:build/%=build/check-logs/%.log)

# A unit test that hangs fails (exit 124) instead of stopping the suite.
UNIT_TIMEOUT = 300

build/check-logs/tests/%.log: build/tests/% FORCE
	$(Q)mkdir -p $(@D)
	$(Q)timeout $(UNIT_TIMEOUT) $< > $@ 2>&1 || echo "FAIL: $< exited with $$?" >> $@

build/check-logs/asan/tests/%.log: build/asan/tests/% FORCE
	$(Q)mkdir -p $(@D)
	$(Q)$(ASAN_ENV) timeout $(UNIT_TIMEOUT) $< > $@.out 2>&1; rc=$$?; \
	sed 's/^\(PASS\|FAIL\): /\1: asan: /' $@.out > $@; rm -f $@.out; \
	test $$rc = 0 || echo "FAIL: $< exited with $$rc" >> $@

FORCE:

# Link the sample program in lto-tests/demo with the plugin.
demo: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory -C lto-tests/demo PLUGIN=$(CURDIR)/build/ltospell.so

install: all
	$(quiet) INSTALL $(INSTALL_DIR)/ltospell.so
	$(Q)install -d $(INSTALL_DIR) $(INSTALL_DIR)/ltospell-dict
	$(Q)install -m 644 build/ltospell-core.so $(INSTALL_DIR)/ltospell-core.so
	$(Q)install -m 644 build/ltospell.so $(INSTALL_DIR)/ltospell.so
	$(Q)install -m 644 dict/*.txt $(INSTALL_DIR)/ltospell-dict/
	$(Q)words='$(wildcard $(WORDS_FILES))'; if test -n "$$words"; then \
	  install -d $(INSTALL_DIR)/ltospell-data && \
	  install -m 644 $$words $(INSTALL_DIR)/ltospell-data/; fi

bench: all
	$(Q)sh bench/run

# Time and memory of the pass against program size (bench/gen).
bench-scale: all
	$(Q)$(PYTHON) bench/scale

# What the plugin adds to compiling a unit, in instructions counted by
# callgrind: the same in every run, whatever the machine's load.
bench-compile: all
	$(Q)$(PYTHON) bench/compile-cost

# Every partition mode on the bench's programs, with and without the
# plugin: no ICE, identical code and symbols (bench/results/modes.md).
bench-modes: all
	$(Q)$(PYTHON) lto-tests/runners/realprog.py --bench --table bench/results/modes.md $(PROGRAMS)

# Fuzz the C core with libFuzzer for FUZZ_TIME seconds a target
# (default 60); inputs that crash are kept in src/fuzz/corpus/.
fuzz:
	$(Q)sh .ci/install-deps --fuzz
	$(Q)sh src/fuzz/run

# The lto1 that hosts the plugin under valgrind, and the cc1 that
# writes summaries (about three minutes).
check-valgrind: all
	$(Q)$(PYTHON) lto-tests/runners/valgrind.py --plugin build/ltospell.so

# The torture tests in every combination of flags and link modes.
check-full: all
	$(Q)$(PYTHON) lto-tests/runners/runner.py --plugin build/ltospell.so --full -k 'torture_*'

clean:
	$(Q)rm -rf build

.PHONY: all deps test-deps check check-installed check-build FORCE demo install bench bench-scale bench-compile bench-modes clean fuzz \
	check-valgrind check-full
