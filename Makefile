# fpx — a floating-point format explorer and converter.
#
#   make              build ./fpx
#   make check        build and run the whole test suite
#   make regen        rewrite the completions' and the man page's lists from the tables
#   make install      install under $(DESTDIR)$(PREFIX)
#
# Honours CC, CFLAGS, CPPFLAGS, LDFLAGS, LDLIBS, PREFIX and DESTDIR. ./configure (from
# configure.ac) writes config.mk for packagers; without it the defaults below apply.

-include config.mk

PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
MANDIR   ?= $(DATAROOTDIR)/man
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPDIR  ?= $(DATAROOTDIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATAROOTDIR)/fish/vendor_completions.d
LIBDIR   ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
# Clang's LTO objects are LLVM bitcode, which an archive indexes only through the same
# LLVM: its llvm-ar, or GNU ar given its LLVMgold plugin (GNU ar alone loads the first
# plugin it finds, on Debian 12 LLVM 14's, which cannot read Clang 16's bitcode, and the
# archive holds no symbols). Both are looked for beside the compiler; Debian's clang-16
# brings the plugin. Without either, a Clang build goes without -flto. GNU ar reads
# GCC's LTO objects through GCC's own plugin.
CC_IS_CLANG := $(shell $(CC) --version 2>/dev/null | grep -q clang && echo yes)
ifeq ($(CC_IS_CLANG),yes)
LLVM_DIR  := $(abspath $(dir $(realpath $(shell command -v $(firstword $(CC)))))..)
LLVM_AR   := $(wildcard $(LLVM_DIR)/bin/llvm-ar)
LLVM_GOLD := $(wildcard $(LLVM_DIR)/lib/LLVMgold.so)
LTO_AR    := $(if $(LLVM_AR),$(LLVM_AR),$(if $(LLVM_GOLD),ar --plugin $(LLVM_GOLD)))
LTO       := $(if $(LTO_AR),-flto=auto)
ifeq ($(origin AR),default)
AR = $(or $(LTO_AR),ar)
endif
else
LTO := -flto=auto
endif
CFLAGS   ?= -O2 -g $(LTO)
WARNINGS  = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# Every object is position-independent with hidden symbols, so that the same ones make
# fpx and libfpx.so (which exports fpx.h's functions alone, src/lib/libfpx.map).
ALL_CFLAGS = -std=gnu11 $(WARNINGS) -fPIC -fvisibility=hidden $(CPPFLAGS) $(CFLAGS)
LIBS      = -lmpfi -lmpfr -lgmp -pthread
# The REPL's line editing: libedit, loaded by src/cli/line.c when a session starts on a
# terminal (its headers are needed to build); 0 builds plain line input only.
HAVE_LIBEDIT ?= 1
ifeq ($(HAVE_LIBEDIT),1)
ALL_CFLAGS += -DHAVE_LIBEDIT
endif
TEST_LIBS = -lmpfi -lmpfr -lgmp -lm -pthread
# How wide a code may be (src/base/code.h): 128 (binary128 the widest format), or 256 for
# binary256 and e19m236, which needs a compiler with _BitInt(256) (make CC=clang-16
# CODE_BITS=256; `make check-wide` builds and tests that in a copy of the tree).
CODE_BITS ?= 128
ifneq ($(CODE_BITS),128)
ALL_CFLAGS += -DFPX_CODE_BITS=$(CODE_BITS)
WIDE_FORMAT_FILES = formats/binary256.fmt
endif

# The built-in formats, in the order `fpx formats` lists them.
FORMAT_FILES = \
	formats/binary16.fmt formats/binary32.fmt formats/binary64.fmt formats/binary128.fmt $(WIDE_FORMAT_FILES) \
	formats/bfloat16.fmt formats/tf32.fmt \
	formats/e4m3.fmt formats/e5m2.fmt formats/float8_e4m3.fmt formats/float8_e3m4.fmt \
	formats/float8_e4m3fnuz.fmt formats/float8_e5m2fnuz.fmt formats/float8_e4m3b11fnuz.fmt \
	formats/e2m3.fmt formats/e3m2.fmt formats/e2m1.fmt formats/e8m0.fmt formats/ue4m3.fmt formats/ue5m3.fmt formats/hif8.fmt \
	formats/posit8.fmt formats/posit16.fmt formats/posit32.fmt formats/posit64.fmt formats/x87.fmt

# The sources sit in src/ in folders by layer (src/README, lowest first); every .c in
# them is part of the library but main.c and the generator pow5gen.c, and the
# generated builtin.c and pow5.c are named, as they may not exist yet. Each folder is
# on the include path: a file includes another's header by its name alone.
SRC_DIRS = $(sort $(dir $(wildcard src/*/*.c src/*/*.h)))
INCLUDES = $(patsubst %/,-I%,$(SRC_DIRS))
MAIN     = src/cli/main.c
POW5GEN  = src/digits/pow5gen.c
GENERATED_SRCS = src/registry/builtin.c src/digits/pow5.c
LIB_SRCS = $(sort $(filter-out $(MAIN) $(POW5GEN),$(wildcard src/*/*.c)) $(GENERATED_SRCS))
LIB_OBJS = $(LIB_SRCS:.c=.o)
HEADERS  = $(wildcard src/*/*.h)
TESTS    = tests/threads tests/libapi tests/libload tests/dectext tests/toykind tests/activations tests/smallops tests/records tests/exhaustive tests/reference tests/oracle tests/properties tests/fastpath tests/longties tests/fastshort tests/posit tests/fixed tests/nvfp4 tests/real tests/ops bench/gen

.PHONY: all python check check-testfloat regen check-sanitize check-threads check-wide bench fuzz fuzz-run install uninstall clean distclean

# The Python module fpx (python/fpx: __init__.py and the C extension _fpx, over libfpx's
# objects linked in): PYTHONPATH=python python3 -c 'import fpx' from the tree. Built by
# the first Python 3 with numpy, Debian's /usr/bin/python3 where the PATH's has none.
ifndef PYTHON
PYTHON := $(shell for p in python3 /usr/bin/python3; do $$p -c 'import numpy' 2>/dev/null && { command -v $$p; break; }; done)
endif
PY_CFLAGS = $(shell $(PYTHON) -c 'import sysconfig, numpy; print("-I" + sysconfig.get_paths()["include"], "-I" + numpy.get_include())')
PY_SUFFIX := $(if $(PYTHON),$(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))'),.so)
PY_EXT := python/fpx/_fpx$(PY_SUFFIX)
# The tests' stand-ins for ml_dtypes' numpy types (python/tests/mlstandin.c), never installed.
PY_STANDIN := python/tests/_mlstandin$(PY_SUFFIX)

# Where make install puts it: the interpreter's own place under /usr/local (Debian's
# dist-packages there), else PREFIX's site-packages.
PYTHONDIR ?= $(if $(PYTHON),$(shell $(PYTHON) -c 'import sys, sysconfig; p = sys.argv[1]; \
	print(sysconfig.get_path("platlib") if p == "/usr/local" else \
	sysconfig.get_path("platlib", "posix_prefix", vars={"base": p, "platbase": p}))' '$(PREFIX)'))

LIBFPX_VERSION = 1.0.0
LIBFPX_SO = src/libfpx.so.$(LIBFPX_VERSION)

all: fpx $(LIBFPX_SO)

# What fpx and libfpx.so are linked from. With GCC, the library's objects are optimized
# together once, into one relocatable object (its link-time optimization, the build's
# longest step: done once, not once for each); Clang's, from the archive and the objects.
ifeq ($(CC_IS_CLANG),yes)
FPX_LIB = src/libfpx.a
SO_OBJS = $(LIB_OBJS)
else
FPX_LIB = src/libfpx-all.o
SO_OBJS = src/libfpx-all.o
endif

fpx: $(MAIN:.c=.o) $(FPX_LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(MAIN:.c=.o) $(FPX_LIB) $(LIBS) $(LDLIBS)

src/libfpx-all.o: $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) -r -flinker-output=nolto-rel -o $@ $(LIB_OBJS)

# libfpx (src/lib/fpx.h): the shared library of the same objects, its SONAME the major
# version; the links the linker and the loader look for beside it.
$(LIBFPX_SO): $(SO_OBJS) src/lib/libfpx.map
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libfpx.so.1 -Wl,--version-script=src/lib/libfpx.map \
		-Wl,--no-undefined -o $@ $(SO_OBJS) $(LIBS) $(LDLIBS)
	ln -sf libfpx.so.$(LIBFPX_VERSION) src/libfpx.so.1
	ln -sf libfpx.so.1 src/libfpx.so

# The library's own tests, through its public header alone, linked to the shared library.
tests/libapi tests/libload: tests/%: tests/%.c tests/libcheck.h src/lib/fpx.h $(LIBFPX_SO)
	$(CC) -std=c11 $(WARNINGS) $(CFLAGS) -Isrc/lib $(LDFLAGS) -o $@ $< -Lsrc -lfpx -Wl,-rpath,'$$ORIGIN/../src' -lm -pthread

src/libfpx.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

# The compiler, flags and archiver of the build, rewritten when they change: what is
# built from them is then remade (`make CC=clang-16 CODE_BITS=256` after a plain `make`
# rebuilds every object, and the built-in formats with binary256).
BUILD_SETTINGS = $(CC) $(ALL_CFLAGS) $(LDFLAGS) $(AR) $(FORMAT_FILES)
ifneq ($(shell cat src/settings.stamp 2>/dev/null),$(BUILD_SETTINGS))
src/settings.stamp: FORCE
endif
src/settings.stamp:
	@echo '$(subst ','\'',$(BUILD_SETTINGS))' > $@
FORCE:

# Each object depends on the headers it includes (-MMD writes them down) and on the
# configuration; until the first build, on every header.
src/%.o: src/%.c src/settings.stamp $(wildcard config.mk)
	$(CC) $(ALL_CFLAGS) $(INCLUDES) -MMD -MP -c -o $@ $<

-include $(wildcard src/*/*.d)
$(if $(wildcard src/*/*.d),,$(LIB_OBJS) $(MAIN:.c=.o): $(HEADERS))

# 5^0 … 5^400 as limbs, for the fast decimal path (generated on the building machine).
src/digits/pow5.c: $(POW5GEN) src/digits/pow5.h src/settings.stamp
	$(CC) $(ALL_CFLAGS) -o src/digits/pow5gen $(POW5GEN) $(LDFLAGS) -lgmp
	src/digits/pow5gen > $@.tmp && mv $@.tmp $@

src/registry/builtin.c: $(FORMAT_FILES) src/registry/embed.awk src/settings.stamp
	awk -f src/registry/embed.awk $(FORMAT_FILES) > $@.tmp && mv $@.tmp $@

tests/%: tests/%.c tests/testlib.h tests/owndigits.h src/libfpx.a
	$(CC) $(ALL_CFLAGS) $(INCLUDES) $(LDFLAGS) -o $@ $< src/libfpx.a $(TEST_LIBS) $(LDLIBS)

# tests/fastpath is three files: the stdin lines, the near ties, the comparisons of both.
FASTPATH_SRCS = tests/fastpath.c tests/fastnear.c tests/fastcompare.c
tests/fastpath: $(FASTPATH_SRCS) tests/fastpath.h tests/testlib.h tests/owndigits.h src/libfpx.a
	$(CC) $(ALL_CFLAGS) $(INCLUDES) $(LDFLAGS) -o $@ $(FASTPATH_SRCS) src/libfpx.a $(TEST_LIBS) $(LDLIBS)

bench/gen: bench/gen.c
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< -lgmp $(LDLIBS)

bench/baseline: bench/baseline.c bench/tightio.h
	$(CC) -O2 -o $@ $< -lmpfr -lgmp

# The fastest known rows (fast_float, {fmt}): for the bench only, never for fpx.
bench/fastfloat: bench/fastfloat.cc bench/tightio.h
	$(CXX) -O2 -std=c++17 -o $@ $< -lfmt

# Speed and memory against baselines measured in the same run (bench/run.sh).
bench: fpx bench/gen bench/baseline
	@$(MAKE) -s bench/fastfloat || echo "bench: no fast_float or {fmt} rows (apt-get install g++ libfast-float-dev libfmt-dev)"
	@$(if $(PYTHON),$(MAKE) -s python,echo "bench: no Python rows (apt-get install python3-dev python3-numpy)")
	PYTHON=$(PYTHON) sh bench/run.sh $(BENCH_LINES) $(BENCH_ROUNDS)

check: fpx $(TESTS) tools/tables python $(PY_STANDIN)
	PYTHON=$(PYTHON) sh tests/run.sh

# Every function of Berkeley TestFloat in every mode, under each SoftFloat specialization,
# against testfloat_ver -checkNaNs -checkInvInts. TestFloat is the user's own build, never
# made here: TESTFLOAT_DIR=folder (one folder per specialization); skips without it.
check-testfloat: fpx
	sh tests/testfloat-matrix.sh ./fpx

# The completions' and the man page's lists, written from fpx's tables (tools/tables
# prints them): `make regen` rewrites the parts marked "generated" in place, and
# tests/generated.sh fails when they are out of step. They stay in the tree, so that
# `make install` copies them and a machine that only installs needs nothing to run.
REGEN_FILES = completions/fpx.bash completions/_fpx completions/fpx.fish man/fpx.1

tools/tables: tools/tables.c src/libfpx.a
	$(CC) $(ALL_CFLAGS) $(INCLUDES) $(LDFLAGS) -o $@ $< src/libfpx.a $(TEST_LIBS) $(LDLIBS)

regen: tools/tables
	sh tools/regen.sh $(REGEN_FILES)

# The whole suite again in a build with AddressSanitizer (LeakSanitizer included) and
# UndefinedBehaviorSanitizer, in its own copy of the tree so that the normal build stays.
SANITIZE = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
check-sanitize:
	rm -rf .sanitize && mkdir .sanitize
	git ls-files --cached --others --exclude-standard | tar cf - -T - | tar xf - -C .sanitize
	FPX_SANITIZE=1 $(MAKE) -C .sanitize CFLAGS='$(SANITIZE)' LDFLAGS='-fsanitize=address,undefined' check

# The core from several threads at once (tests/threads.c) under ThreadSanitizer (Clang
# 14's runtime, Debian's libclang-rt-14-dev), in its own copy of the tree: a data race
# in a cache or a scratch number is reported even where the answers come out right.
THREADS_CC = clang
check-threads:
	rm -rf .threads && mkdir .threads
	git ls-files --cached --others --exclude-standard | tar cf - -T - | tar xf - -C .threads
	$(MAKE) -C .threads CC=$(THREADS_CC) CFLAGS='-O1 -g -fsanitize=thread' LDFLAGS='-fsanitize=thread' tests/threads
	TSAN_OPTIONS=halt_on_error=1 .threads/tests/threads

# The whole suite again with 256-bit codes, built by Clang 16 (Debian's clang-16) as the
# README says, `make CC=clang-16 CODE_BITS=256` and no other flag, in its own copy of
# the tree; the settings go in the environment, so that a ./configure the suite runs
# still writes its own.
WIDE_CC = clang-16
check-wide:
	rm -rf .wide && mkdir .wide
	git ls-files --cached --others --exclude-standard | tar cf - -T - | tar xf - -C .wide
	CC=$(WIDE_CC) CODE_BITS=256 $(MAKE) -C .wide check

# libFuzzer targets (clang): the value parser, the format-file parser, the REPL line.
# `make fuzz-run FUZZ_SECONDS=300` runs each; new inputs go to .fuzz/, seeds stay in
# tests/fuzz/seeds/, and a crash is left as .fuzz/NAME-crash-* to become a test.
FUZZ_CC      = clang
FUZZ_CFLAGS  = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SOURCES = $(LIB_OBJS:.o=.c)
FUZZ_TARGETS = tests/fuzz/fuzz_parse tests/fuzz/fuzz_fmtfile tests/fuzz/fuzz_repl
FUZZ_SECONDS = 60
BENCH_LINES  = 1000000
BENCH_ROUNDS = 11

fuzz: $(FUZZ_TARGETS)

tests/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_SOURCES) $(HEADERS)
	$(FUZZ_CC) -std=gnu11 $(FUZZ_CFLAGS) $(INCLUDES) $(filter -DHAVE_LIBEDIT,$(ALL_CFLAGS)) -o $@ $< \
		$(FUZZ_SOURCES) $(LIBS)

fuzz-run: fuzz
	for t in parse fmtfile repl; do \
		mkdir -p .fuzz/$$t && \
		tests/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
			-artifact_prefix=.fuzz/$$t- .fuzz/$$t tests/fuzz/seeds/$$t || exit 1; \
	done

install: fpx $(LIBFPX_SO) $(if $(PYTHON),python)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(BASHCOMPDIR) \
		$(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(PKGCONFIGDIR)
	cp fpx $(DESTDIR)$(BINDIR)/fpx
	cp man/fpx.1 $(DESTDIR)$(MANDIR)/man1/fpx.1
	cp man/libfpx.3 $(DESTDIR)$(MANDIR)/man3/libfpx.3
	cp $(LIBFPX_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf libfpx.so.$(LIBFPX_VERSION) $(DESTDIR)$(LIBDIR)/libfpx.so.1
	ln -sf libfpx.so.1 $(DESTDIR)$(LIBDIR)/libfpx.so
	cp src/lib/fpx.h $(DESTDIR)$(INCLUDEDIR)/fpx.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(LIBFPX_VERSION)|' src/lib/fpx.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/fpx.pc
	$(if $(PYTHON),mkdir -p $(DESTDIR)$(PYTHONDIR)/fpx && cp python/fpx/__init__.py $(PY_EXT) $(DESTDIR)$(PYTHONDIR)/fpx/)
	cp completions/fpx.bash $(DESTDIR)$(BASHCOMPDIR)/fpx
	cp completions/_fpx $(DESTDIR)$(ZSHCOMPDIR)/_fpx
	cp completions/fpx.fish $(DESTDIR)$(FISHCOMPDIR)/fpx.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/fpx $(DESTDIR)$(MANDIR)/man1/fpx.1 $(DESTDIR)$(BASHCOMPDIR)/fpx \
		$(DESTDIR)$(ZSHCOMPDIR)/_fpx $(DESTDIR)$(FISHCOMPDIR)/fpx.fish $(DESTDIR)$(MANDIR)/man3/libfpx.3 \
		$(DESTDIR)$(LIBDIR)/libfpx.so.$(LIBFPX_VERSION) $(DESTDIR)$(LIBDIR)/libfpx.so.1 $(DESTDIR)$(LIBDIR)/libfpx.so \
		$(DESTDIR)$(INCLUDEDIR)/fpx.h $(DESTDIR)$(PKGCONFIGDIR)/fpx.pc
	$(if $(PYTHON),rm -rf $(DESTDIR)$(PYTHONDIR)/fpx)

clean:
	rm -f fpx src/*/*.o src/*/*.d src/libfpx.a src/libfpx-all.o src/libfpx.so* $(GENERATED_SRCS) src/digits/pow5gen src/settings.stamp $(TESTS) tools/tables $(FUZZ_TARGETS) \
		bench/baseline bench/fastfloat $(PY_EXT) $(PY_STANDIN)

distclean: clean
	rm -rf .sanitize .wide .threads .fuzz config.mk config.log config.status configure autom4te.cache

python: $(PY_EXT)

$(PY_EXT): python/_fpx.c python/_fpxtext.c python/_fpx.h src/lib/fpx.h src/libfpx.a
	@test -n "$(PYTHON)" || { echo "make python: no python3 with numpy (apt-get install python3-dev python3-numpy)"; exit 1; }
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -Wno-shadow -shared -Isrc/lib $(PY_CFLAGS) $(LDFLAGS) -o $@ python/_fpx.c \
		python/_fpxtext.c src/libfpx.a $(LIBS) $(LDLIBS)

$(PY_STANDIN): python/tests/mlstandin.c
	@test -n "$(PYTHON)" || { echo "make check: no python3 with numpy (apt-get install python3-dev python3-numpy)"; exit 1; }
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -shared $(PY_CFLAGS) $(LDFLAGS) -o $@ $<
