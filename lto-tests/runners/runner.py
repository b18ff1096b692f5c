#!/usr/bin/env python3
"""Run the ltospell LTO test suite.

Each test is a multi-unit program in lto-tests/programs/: NAME_0.c,
NAME_1.c, ... (.cc units are C++ and make the test link with g++), plus
optional headers NAME*.h.  Expected findings are in-source markers on
the line where the diagnostic must appear, in the style of gcc.dg/lto:

  /* { ltospell-warning "WORD" } */     a warning for WORD at this line
  /* { ltospell-note "TEXT" } */        a note at this line containing TEXT
  /* { ltospell-options "quiet words=lto-tests/programs/x.txt" } */   (NAME_0 only)
  /* { ltospell-cflags "-O0" } */       compile and link flags (NAME_0 only;
                                        default -O2)

Every unit is compiled once with -flto -c into build/lto-tests/NAME/,
then linked with the plugin in each partitioning mode, and once more
without it.  Printed, in sorted order, one line each:

  PASS|FAIL: NAME [MODE]        the findings of that link match the markers
  PASS|FAIL: NAME [determinism] the diagnostics are the same in every mode
  PASS|FAIL: NAME [codegen]     .text, .rodata and .data are byte for byte
                                those of the link without the plugin

then the command-line tests of cli_tests.py, and a last line
"lto-tests: N passed, N failed".  Exit status 1 if anything failed.

Usage: python3 lto-tests/runners/runner.py --plugin build/ltospell.so [-k PATTERN] [-v]
Only the Python standard library is used.
"""

import argparse
import concurrent.futures
import fnmatch
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))   # lto-tests/runners
ROOT = os.path.dirname(os.path.dirname(HERE))
TOP = "lto-tests"                       # relative to ROOT
TESTS = os.path.join(TOP, "programs")   # the NAME_N.c programs
BUILD = os.path.join("build", "lto-tests")  # scratch (--build-dir), relative to ROOT

GCC = os.environ.get("GCC", "gcc")
GXX = os.environ.get("GXX", "g++")

# (name shown in [..], extra link flags).  Every link has -flto.
# Not -flto=2: these programs make one LTRANS partition, so -flto=2
# runs what the default runs, one LTRANS (the executables were byte
# for byte those of the default link in all 40 tests); the torture
# tests link with -flto=2 and -flto=auto.
MODES = [
    ("default", []),
    ("partition=one", ["-flto-partition=one"]),
    ("partition=none", ["-flto-partition=none"]),
]
# The modes in which the units compiled with the plugin are linked too
# ([summarised MODE]): the two places the plugin runs, WPA (default)
# and the single lto1 of -flto-partition=none.  With partition=one it
# runs in the same WPA as by default (its pass runs before WPA
# partitions the program and is off in LTRANS): the link differs from
# the default only after it; the torture tests link their summarised
# units in every mode (TORTURE_SUMMARISED_CHECK).
SUMMARISED_MODES = ["default", "partition=none"]

# Torture tests (torture_*) run in a matrix of compile flags and link
# modes: every partition mode GCC has, and parallel LTRANS.  The test
# programs are small: balanced partitioning (GCC's default) keeps each
# in one partition unless partitions may be small, so the parallel
# modes lower lto-min-partition (10000 insns by default) and cap the
# count, and their link without the plugin checks that more than one
# LTRANS ran (torture_bytes: 3 partitions; without the params, 1).
SPLIT = ["--param=lto-min-partition=10", "--param=lto-partitions=4"]
TORTURE_MODES = [
    ("default", []),
    ("partition=one", ["-flto-partition=one"]),
    ("partition=none", ["-flto-partition=none"]),
    ("partition=1to1", ["-flto-partition=1to1"]),
    ("partition=balanced", ["-flto-partition=balanced"]),
    ("partition=max", ["-flto-partition=max"]),
    ("-flto=2", ["-flto=2"] + SPLIT),
    ("-flto=auto", ["-flto=auto"] + SPLIT),
]
TORTURE_OPT = ["-O0", "-O2", "-O3", "-Os"]
TORTURE_DEBUG = ["-g", "-g0"]
TORTURE_EXTRA = [[], ["-ffat-lto-objects"], ["-fno-merge-constants"]]
# What `make check` runs of that matrix: each optimization level, each
# of -g/-g0 and each extra flag at least once, -O2 -g (the common
# release build) in every link mode and every other variant in two or
# three link modes, so that every link mode is seen with at least two
# sets of compile flags.  partition=balanced is GCC's default
# partitioning (gcc -Q --help=common): the links of "default" are the
# same, so make check leaves it to --full.  --full runs the whole cross
# product (24 variants x 8 modes).
TORTURE_CHECK = [
    (["-O2", "-g"], [m for m, _ in TORTURE_MODES if m != "partition=balanced"]),
    (["-O0", "-g0", "-ffat-lto-objects"], ["default", "partition=none", "partition=1to1"]),
    (["-O3", "-g", "-fno-merge-constants"], ["default", "partition=one", "partition=max"]),
    (["-Os", "-g0"], ["-flto=2", "-flto=auto"]),
]


# The variants whose units are also compiled with the plugin and linked
# summarised in `make check` (--full: all): together every link mode,
# and fat objects.
TORTURE_SUMMARISED_CHECK = [["-O2", "-g"], ["-O0", "-g0", "-ffat-lto-objects"]]


# The two big generated programs (10,000 strings; two 1 MiB literals)
# are there for their size, not for the flags: in `make check` they run
# the first variant only, in every link mode (summarised too), and the
# smaller torture programs cover the other variants.  That is 40 % of
# make check's CPU less (torture_many and torture_big were 180 of 700
# CPU seconds); --full runs them in the whole matrix.
BIG_TORTURE = ["torture_many", "torture_big"]

# The torture programs whose code GCC inlines into main, so that no
# partitioning can split it: their parallel links make one LTRANS.
ONE_FUNCTION = ["torture_big", "torture_dead"]


def torture_variants(full, name):
    """[(compile flags, [link mode names])] for the torture test NAME."""
    if not full:
        return TORTURE_CHECK[:1] if name in BIG_TORTURE else TORTURE_CHECK
    every_mode = [m for m, _ in TORTURE_MODES]
    return [([o, g] + x, every_mode)
            for o in TORTURE_OPT for g in TORTURE_DEBUG for x in TORTURE_EXTRA]

DIAG_FLAGS = ["-fno-diagnostics-show-caret", "-fdiagnostics-color=never"]
# Every compile and link: DW_AT_producer without the command line, so
# that a link with the plugin can be compared whole with one without.
NO_SWITCHES = ["-gno-record-gcc-switches"]
# Sections that must be byte for byte the same with and without the
# plugin: code and data, and the debug information that does not embed
# the command line (.debug_info and .debug_str hold DW_AT_producer,
# which names -fplugin=...).
CODEGEN_SECTIONS = [".text", ".rodata", ".data", ".data.rel.ro", ".eh_frame", ".symtab",
                    ".debug_line", ".debug_abbrev", ".debug_loclists", ".debug_rnglists"]
TIMEOUT = 300

# ------------------------------------------------------------------ #
# Environment and processes.                                          #

def tool_env():
    env = dict(os.environ)
    env["LC_ALL"] = "C"
    env.pop("LANG", None)
    env.pop("LANGUAGE", None)
    env.pop("GCC_COLORS", None)
    # lto-wrapper runs make for parallel LTRANS: keep it away from the
    # jobserver of a `make check` that may be running us.
    for var in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
        env.pop(var, None)
    return env

ENV = tool_env()


class Run:
    """One finished command: argv, exit status, stdout, stderr."""

    def __init__(self, argv, rc, out, err):
        self.argv, self.rc, self.out, self.err = argv, rc, out, err

    @property
    def output(self):
        return self.out + self.err

    def describe(self):
        text = "$ " + " ".join(shlex.quote(a) for a in self.argv) + "\n"
        text += "(exit status %s)\n" % self.rc
        if self.output:
            text += self.output if self.output.endswith("\n") else self.output + "\n"
        return text


def run(argv, timeout=TIMEOUT, env=None):
    try:
        p = subprocess.run(argv, cwd=ROOT, env=env or ENV, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
        return Run(argv, p.returncode, p.stdout.decode("utf-8", "replace"),
                   p.stderr.decode("utf-8", "replace"))
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        err = (e.stderr or b"").decode("utf-8", "replace")
        return Run(argv, "timeout after %ss" % timeout, out, err)
    except OSError as e:
        return Run(argv, "cannot run: %s" % e, "", "")


def indent(text, prefix="    "):
    return "".join(prefix + line + "\n" for line in text.splitlines())

# ------------------------------------------------------------------ #
# Parsing diagnostics.                                                #

DIAG_RE = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)? "
    r"(?P<kind>warning|note|error|fatal error): (?P<msg>.*)$")
# Diagnostics without a location: "lto1: note: ...", "cc1: error: ...".
UNLOCATED_RE = re.compile(
    r"^(?P<prog>[^\s:]+): (?P<kind>warning|note|error|fatal error): (?P<msg>.*)$")
WARNING_MSG_RE = re.compile(
    r"^misspelled word '(?P<word>[^']*)' in string constant"
    r"(?:; did you mean '(?P<sugg>[^']*)'\?)?$")
USE_NOTE_RE = re.compile(r"^(?P<also>also )?(?:used in function |in the initializer of )")
SUMMARY_RE = re.compile(r"^ltospell: (\d+) string uses, (\d+) distinct strings, "
                        r"(\d+) distinct words, (\d+) misspelled words? "
                        r"in (\d+) findings?$")
# lto-wrapper's own remarks about how it runs LTRANS: not findings.
DRIVER_CHATTER_RE = re.compile(r"^lto-wrapper: (warning: using serial compilation "
                               r"of \d+ LTRANS jobs|note: see the .*-flto.* option "
                               r"documentation for more information)$")
# The error cascade of the driver and the linker after lto1 failed.
CASCADE_RE = re.compile(r"^(lto-wrapper: fatal error: .* returned \d+ exit status"
                        r"|(\S*/)?ld(\.\w+)?: error: lto-wrapper failed"
                        r"|collect2: error: ld returned \d+ exit status)$")
ICE_RE = re.compile(r"internal compiler error|Please submit a full bug report"
                    r"|Segmentation fault|Aborted|core dumped", re.I)


def norm_path(path):
    """A diagnostic's file as a path relative to the repository."""
    while path.startswith("./"):
        path = path[2:]
    if os.path.isabs(path):
        rel = os.path.relpath(path, ROOT)
        if not rel.startswith(".."):
            path = rel
    return os.path.normpath(path)


class Diag:
    def __init__(self, kind, file, line, col, msg, text):
        self.kind, self.file, self.line, self.col = kind, file, line, col
        self.msg, self.text = msg, text
        m = WARNING_MSG_RE.match(msg) if kind == "warning" else None
        self.word = m.group("word") if m else None

    @property
    def loc(self):
        return (self.file, self.line, self.col)

    def where(self):
        if self.file is None:
            return "(no location)"
        return "%s:%d:%d" % (self.file, self.line, self.col)


def parse_output(text):
    """Return (diagnostics, summary lines) from a link's output.  Lines
    that are neither ("In function", carets, driver chatter) are
    ignored."""
    diags, summaries = [], []
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if line.startswith("ltospell: ") and " string uses, " in line:
            summaries.append(line)
            continue
        m = DIAG_RE.match(line)
        if m:
            diags.append(Diag(m.group("kind"), norm_path(m.group("file")),
                              int(m.group("line")), int(m.group("col") or 0),
                              m.group("msg"), line))
            continue
        if DRIVER_CHATTER_RE.match(line):
            continue
        m = UNLOCATED_RE.match(line)
        if m:
            diags.append(Diag(m.group("kind"), None, 0, 0, m.group("msg"), line))
    return diags, summaries


def same_file(diag_file, marker_file):
    """Match by path as printed, or by basename if only that was printed."""
    if diag_file is None:
        return False
    if diag_file == marker_file:
        return True
    return "/" not in diag_file and diag_file == os.path.basename(marker_file)


def plugin_errors(text):
    """Error lines other than the driver's and linker's cascade."""
    out = []
    for line in text.splitlines():
        if re.search(r"\b(fatal )?error: ", line) and not CASCADE_RE.match(line.strip()):
            out.append(line)
    return out

# ------------------------------------------------------------------ #
# Markers.                                                            #

MARKER_RE = re.compile(r'\{\s*ltospell-(?P<kind>[a-z-]+)\s+"(?P<arg>(?:[^"\\]|\\.)*)"\s*\}')
MARKER_START_RE = re.compile(r"\{\s*ltospell-")
MARKER_KINDS = ("warning", "note", "options", "cflags", "dead")


class Marker:
    def __init__(self, kind, arg, file, line):
        self.kind, self.arg, self.file, self.line = kind, arg, file, line

    def where(self):
        return "%s:%d" % (self.file, self.line)


def read_markers(path):
    """Markers of the file at PATH (relative to ROOT), or raise ValueError."""
    markers = []
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            found = list(MARKER_RE.finditer(line))
            if len(found) != len(MARKER_START_RE.findall(line)):
                raise ValueError("%s:%d: malformed marker" % (path, n))
            for m in found:
                if m.group("kind") not in MARKER_KINDS:
                    raise ValueError("%s:%d: unknown marker ltospell-%s"
                                     % (path, n, m.group("kind")))
                arg = re.sub(r"\\(.)", r"\1", m.group("arg"))
                markers.append(Marker(m.group("kind"), arg, path, n))
    return markers


def match_findings(markers, diags):
    """Compare markers with diagnostics.  Returns the list of problems:
    missing warnings, missing notes, unexpected warnings."""
    problems = []
    warnings = [d for d in diags if d.kind == "warning"]
    used = [False] * len(warnings)
    for m in (m for m in markers if m.kind == "warning"):
        for i, d in enumerate(warnings):
            if (not used[i] and d.word == m.arg and d.line == m.line
                    and same_file(d.file, m.file)):
                used[i] = True
                break
        else:
            problems.append("missing warning '%s' at %s" % (m.arg, m.where()))
    for m in (m for m in markers if m.kind == "note"):
        if not any(d.kind == "note" and d.line == m.line and same_file(d.file, m.file)
                   and m.arg in d.msg for d in diags):
            problems.append('missing note "%s" at %s' % (m.arg, m.where()))
    for i, d in enumerate(warnings):
        if not used[i] and not is_dead(markers, d):
            problems.append("unexpected warning: %s" % d.text.strip())
    return problems


def is_dead(markers, d):
    """Is warning D for a word that a "dead" marker says is only in
    code the program never runs?"""
    return any(m.kind == "dead" and d.word == m.arg and d.line == m.line
               and same_file(d.file, m.file) for m in markers)


def check_structure(diags):
    """The shape the contract gives the plugin's output: each warning at
    the first use of its string, followed by a note for that use and
    "also" notes for the others, everything in (file, line, column)
    order."""
    problems = []
    previous = None             # the last misspelling warning
    current = None              # the one whose notes come now, if any
    notes = []

    def close():
        if current is not None and not notes:
            problems.append("no note after warning at %s" % current.where())

    for d in diags:
        located = d.file is not None
        if d.kind == "warning" and d.word is not None:
            close()
            # Warnings are in the order of their first uses; a warning
            # points at the word inside its string, so on one line the
            # columns need not follow that order.
            if previous is not None and located and previous.file is not None \
               and d.loc[:2] < previous.loc[:2]:
                problems.append("warning at %s printed after warning at %s"
                                % (d.where(), previous.where()))
            previous = current = d
            notes = []
        elif d.kind == "note" and USE_NOTE_RE.match(d.msg):
            if current is None:
                problems.append("note without its warning: %s" % d.text.strip())
                continue
            if not notes:
                if d.msg.startswith("also ") or d.loc != current.loc:
                    problems.append("first note after the warning at %s is not for "
                                    "that use: %s" % (current.where(), d.text.strip()))
            else:
                if not d.msg.startswith("also "):
                    problems.append("further note without 'also': %s" % d.text.strip())
                # The first note is at the warning's place, the word; the
                # others at their uses, in file/line/column order.
                before = notes[-1].loc if len(notes) > 1 else notes[-1].loc[:2]
                if located and notes[-1].file is not None and d.loc[:len(before)] < before:
                    problems.append("notes out of order: %s after %s"
                                    % (d.where(), notes[-1].where()))
            notes.append(d)
        elif d.kind != "note":
            close()
            current, notes = None, []
    close()
    return problems


def check_summary(summaries, quiet, n_warnings):
    if quiet:
        return ["summary line printed despite quiet: %s" % s for s in summaries]
    if len(summaries) != 1:
        return ["expected one summary line, got %d%s" % (
            len(summaries), (": " + " | ".join(summaries)) if summaries else "")]
    m = SUMMARY_RE.match(summaries[0])
    if not m:
        return ["malformed summary line: %s" % summaries[0]]
    uses, strings, words, bad, findings = (int(x) for x in m.groups())
    problems = []
    if strings > uses:
        problems.append("summary: more distinct strings than uses: %s" % summaries[0])
    if bad > words:
        problems.append("summary: more misspelled than distinct words: %s" % summaries[0])
    if bad > findings or (bad == 0) != (findings == 0):
        problems.append("summary: %d misspelled words in %d findings" % (bad, findings))
    if (findings == 0) != (n_warnings == 0):
        problems.append("summary says %d findings but %d warnings were printed"
                        % (findings, n_warnings))
    if n_warnings and findings > n_warnings:
        problems.append("summary: %d findings but only %d warnings"
                        % (findings, n_warnings))
    return problems

# ------------------------------------------------------------------ #
# Code generation: sections of an ELF file.                           #

def elf_sections(path, wanted):
    """{name: (address, bytes)} for the sections WANTED of the ELF file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError("%s: not an ELF file" % path)
    e = "<" if data[5] == 1 else ">"
    if data[4] == 2:
        shoff = struct.unpack_from(e + "Q", data, 0x28)[0]
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3A)
        shdr = e + "IIQQQQIIQQ"
    else:
        shoff = struct.unpack_from(e + "I", data, 0x20)[0]
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x2E)
        shdr = e + "IIIIIIIIII"
    headers = [struct.unpack_from(shdr, data, shoff + i * shentsize) for i in range(shnum)]
    stroff = headers[shstrndx][4]
    result = {}
    for name_off, sh_type, _flags, addr, off, size, *_ in headers:
        end = data.index(b"\0", stroff + name_off)
        name = data[stroff + name_off:end].decode()
        if name in wanted:
            result[name] = (addr, b"" if sh_type == 8 else data[off:off + size])
    return result


def compare_codegen(with_plugin, without_plugin, sections=None):
    """Problems found comparing two executables' SECTIONS (default
    CODEGEN_SECTIONS)."""
    sections = sections or CODEGEN_SECTIONS
    try:
        a = elf_sections(with_plugin, sections)
        b = elf_sections(without_plugin, sections)
    except (OSError, ValueError, struct.error) as e:
        return ["cannot read sections: %s" % e]
    problems = []
    for s in sections:
        if (s in a) != (s in b):
            problems.append("%s only %s the plugin" % (s, "with" if s in a else "without"))
        elif s in a and a[s] != b[s]:
            (aa, ab), (ba, bb) = a[s], b[s]
            if len(ab) != len(bb):
                problems.append("%s is %d bytes with the plugin, %d without"
                                % (s, len(ab), len(bb)))
            elif aa != ba:
                problems.append("%s moved from %#x to %#x" % (s, ba, aa))
            else:
                first = next(i for i in range(len(ab)) if ab[i] != bb[i])
                problems.append("%s differs from offset %#x" % (s, first))
    return problems


def compare_modes(outputs, modes=None):
    """OUTPUTS maps each mode whose link succeeded to its (diagnostic
    lines, summary lines).  Returns (problems, details): every mode must
    print exactly what the first one does, in the same order."""
    problems, details = [], ""
    modes = modes or [m for m, _ in MODES]
    missing = [m for m in modes if m not in outputs]
    if missing:
        problems.append("links failed in: %s" % ", ".join(missing))
    if not outputs:
        return problems, details
    first_mode = next(m for m in modes if m in outputs)
    first = outputs[first_mode][0] + outputs[first_mode][1]
    for mode in modes:
        if mode not in outputs or mode == first_mode:
            continue
        out = outputs[mode][0] + outputs[mode][1]
        if out == first:
            continue
        problems.append("%s differs from %s" % (mode, first_mode))
        details += "--- %s\n+++ %s\n" % (first_mode, mode)
        details += "".join("-" + l + "\n" for l in first if l not in out)
        details += "".join("+" + l + "\n" for l in out if l not in first)
        if sorted(out) == sorted(first):
            details += "(same lines, in another order)\n"
    return problems, details

# ------------------------------------------------------------------ #
# LTO tests.                                                          #

UNIT_RE = re.compile(r"^(?P<name>.+)_(?P<n>\d+)\.(?P<ext>c|cc|f90)$")
GFORTRAN = os.environ.get("GFORTRAN", "gfortran")


class LtoTest:
    def __init__(self, name):
        self.name = name
        self.units = []          # relative paths, in unit order
        self.headers = []

    @property
    def cxx(self):
        return any(u.endswith(".cc") for u in self.units)

    @property
    def fortran(self):
        return any(u.endswith(".f90") for u in self.units)

    @property
    def torture(self):
        return self.name.startswith("torture_")

    def compiler(self, unit):
        return {".cc": GXX, ".f90": GFORTRAN}.get(os.path.splitext(unit)[1], GCC)

    @property
    def driver(self):
        return GFORTRAN if self.fortran else GXX if self.cxx else GCC


def discover(directory=TESTS):
    tests = {}
    files = sorted(os.listdir(os.path.join(ROOT, directory)))
    for f in files:
        m = UNIT_RE.match(f)
        if m:
            t = tests.setdefault(m.group("name"), LtoTest(m.group("name")))
            t.units.append((int(m.group("n")), os.path.join(directory, f)))
    for t in tests.values():
        t.units = [u for _, u in sorted(t.units)]
    for f in files:
        if f.endswith(".h"):
            owners = [n for n in tests if f.startswith(n)]
            if owners:
                tests[max(owners, key=len)].headers.append(os.path.join(directory, f))
    return [tests[n] for n in sorted(tests)]


class Result:
    """Lines to print for one test: (status, label, reason, details),
    status True (PASS), False (FAIL) or "xfail" (a known defect)."""

    def __init__(self):
        self.lines = []

    def add(self, ok, label, problems=(), details=""):
        self.lines.append((ok, label, "; ".join(problems), details))


def test_setup(test):
    """Read markers, options and flags; raise ValueError if malformed."""
    unit_numbers = [int(UNIT_RE.match(os.path.basename(u)).group("n")) for u in test.units]
    if unit_numbers != list(range(len(unit_numbers))):
        raise ValueError("units are not numbered 0..N: %s" % ", ".join(test.units))
    markers = []
    for path in test.units + test.headers:
        markers += read_markers(path)
    plugin_args, cflags, quiet = [], ["-O2"], False
    for m in markers:
        if m.kind in ("options", "cflags") and m.file != test.units[0]:
            raise ValueError("%s: ltospell-%s outside %s" % (m.where(), m.kind, test.units[0]))
        if m.kind == "options":
            for arg in shlex.split(m.arg):
                key, eq, value = arg.partition("=")
                plugin_args.append("-fplugin-arg-ltospell-%s%s" % (key, "=" + value if eq else ""))
                quiet = quiet or key == "quiet"
        elif m.kind == "cflags":
            cflags = shlex.split(m.arg)
    findings = [m for m in markers if m.kind in ("warning", "note", "dead")]
    return findings, plugin_args, cflags, quiet


def compile_units(test, cflags, tmp, res, label, extra=()):
    """Compile every unit of TEST with -flto -c and EXTRA into TMP; the
    objects, or None after adding a FAIL line to RES."""
    objects = []
    os.makedirs(os.path.join(ROOT, tmp), exist_ok=True)
    for unit in test.units:
        obj = os.path.join(tmp, os.path.basename(unit) + ".o")
        r = run([test.compiler(unit)] + cflags + ["-flto", "-c"] + DIAG_FLAGS
                + NO_SWITCHES + list(extra) + [unit, "-o", obj])
        if r.rc != 0:
            res.add(False, "%s [compile]" % label,
                    ["%s does not compile (exit %s)" % (unit, r.rc)], r.describe())
            return None
        objects.append(obj)
    return objects


def check_link(r, markers, quiet):
    """Problems of one link with the plugin, its diagnostics and its
    summary lines."""
    problems = []
    if r.rc != 0:
        problems.append("link failed (exit %s)" % r.rc)
    if ICE_RE.search(r.output):
        problems.append("internal compiler error")
    problems += ["error: %s" % e.strip() for e in plugin_errors(r.output)]
    if re.search(r"needs '?-flto", r.output):
        problems.append("'needs -flto' note in an LTO link")
    diags, summaries = parse_output(r.output)
    problems += match_findings(markers, diags)
    problems += check_structure(diags)
    n_warnings = sum(1 for d in diags if d.kind == "warning" and d.word is not None)
    if r.rc == 0:
        problems += check_summary(summaries, quiet, n_warnings)
    return problems, diags, summaries


def check_dead(markers, diags, ref_exe):
    """For each "dead" marker: its word must be warned for exactly when
    it reaches the program, that is when the link without the plugin
    REF_EXE has it in .rodata (at -O0 GCC keeps functions nobody calls;
    an if (0) branch is gone at every level)."""
    dead = [m for m in markers if m.kind == "dead"]
    if not dead:
        return []
    try:
        rodata = elf_sections(ref_exe, [".rodata"]).get(".rodata", (0, b""))[1]
    except (OSError, ValueError, struct.error) as e:
        return ["cannot read .rodata: %s" % e]
    problems = []
    for m in dead:
        warned = any(d.kind == "warning" and d.word == m.arg and d.line == m.line
                     and same_file(d.file, m.file) for d in diags)
        kept = m.arg.encode() in rodata
        if warned and not kept:
            problems.append("warned for '%s' at %s, in code LTO removes" % (m.arg, m.where()))
        elif kept and not warned:
            problems.append("no warning for '%s' at %s, which reaches the binary"
                            % (m.arg, m.where()))
    return problems


# ------------------------------------------------------------------ #
# Compile-time summaries: the same objects compiled with the plugin.  #

SLOW_NOTE_RE = re.compile(r"ltospell: (\d+) of (\d+) units were read the slow way")
REFUSED_RE = re.compile(r"ltospell: the summary in .* cannot be used")
STATS_RE = re.compile(r"^ltospell: stats: \d+ functions \((\d+) bodies read\).*; "
                      r"summaries: (\d+) symbols, (\d+) of (\d+) units without$", re.M)


def report_args(plugin_args, directory, tag):
    """(-fplugin-arg for a JSON report in DIRECTORY, its path), unless
    the test asks for a report of its own: ([], None)."""
    if any(a.startswith("-fplugin-arg-ltospell-report=") for a in plugin_args):
        return [], None
    path = os.path.join(directory, "report.%s.json" % tag)
    return ["-fplugin-arg-ltospell-report=" + path], path


def findings_of(r):
    """The warning and note lines of link R, but those about summaries."""
    diags, _ = parse_output(r.output)
    return [d.text for d in diags if d.kind in ("warning", "note")
            and not SLOW_NOTE_RE.search(d.msg) and not REFUSED_RE.search(d.msg)]


def read_bytes(path):
    try:
        with open(os.path.join(ROOT, path), "rb") as f:
            return f.read()
    except OSError:
        return None


def first_difference(a, b):
    """The offset of the first byte where A and B differ."""
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


def compare_summarised(r, report, slow, slow_report, without, units, quiet):
    """Problems of link R (stats on) against the same link of objects
    all read the slow way (SLOW, its JSON report SLOW_REPORT): the same
    findings and the same report; WITHOUT of UNITS units without a
    summary, said once; no body read when every unit has one."""
    problems, details = [], ""
    if r.rc != 0:
        return problems, details
    m = STATS_RE.search(r.err)
    if not m:
        problems.append("no stats line")
    else:
        bodies, _symbols, no_summary, total = (int(x) for x in m.groups())
        if (no_summary, total) != (without, units):
            problems.append("stats: %d of %d units without a summary, expected %d of %d"
                            % (no_summary, total, without, units))
        if without == 0 and bodies:
            problems.append("%d bodies read with every unit summarised" % bodies)
    notes = SLOW_NOTE_RE.findall(r.err)
    want = [] if without == 0 or quiet else [(str(without), str(units))]
    if notes != want:
        problems.append("slow-way notes %s, expected %s" % (notes, want))
    if slow.rc == 0:
        mine, theirs = findings_of(r), findings_of(slow)
        if mine != theirs:
            problems.append("findings differ from the link of objects without summaries")
            details += "".join("-%s\n" % l for l in theirs if l not in mine)
            details += "".join("+%s\n" % l for l in mine if l not in theirs)
            if sorted(mine) == sorted(theirs):
                details += "(same lines, in another order)\n"
    if report and slow_report:
        a, b = read_bytes(report), read_bytes(slow_report)
        if a is None or b is None:
            problems.append("no JSON report")
        elif a != b:
            i = first_difference(a, b)
            problems.append("JSON report differs from the one without summaries "
                            "at byte %d" % i)
            details += "--- %s\n+++ %s\n%r\n%r\n" % (slow_report, report,
                                                    b[max(0, i - 80):i + 80],
                                                    a[max(0, i - 80):i + 80])
    return problems, details


def compare_whole(exe, ref):
    """Problems unless the files EXE and REF are byte for byte the same."""
    a, b = read_bytes(exe), read_bytes(ref)
    if a is None or b is None:
        return ["cannot read %s" % (exe if a is None else ref)]
    if a == b:
        return []
    return ["not byte-identical to the link without the plugin (%d and %d bytes, "
            "first difference at %#x)" % (len(a), len(b), first_difference(a, b))]


def summarised_link(kind, test, link_objects, without, base, plugin, setup, tmp,
                    mode, slow, slow_report, ref, res, label):
    """Link LINK_OBJECTS (WITHOUT of them compiled without the plugin)
    with the plugin and check it against the link of objects without
    summaries (SLOW) and the link without the plugin (REF)."""
    markers, plugin_args, _, quiet = setup
    tag = re.sub(r"[^A-Za-z0-9]+", "_", mode).strip("_")
    directory = os.path.join(tmp, kind)
    os.makedirs(os.path.join(ROOT, directory), exist_ok=True)
    exe = os.path.join(directory, "prog.%s" % tag)
    rargs, report = report_args(plugin_args, directory, tag)
    r = run(base + ["-fplugin=" + plugin] + plugin_args + rargs
            + ["-fplugin-arg-ltospell-stats"] + link_objects + ["-o", exe])
    problems, _, _ = check_link(r, markers, quiet)
    more, details = compare_summarised(r, report, slow, slow_report, without,
                                       len(link_objects), quiet)
    problems += more
    if r.rc == 0 and os.path.exists(os.path.join(ROOT, ref)):
        problems += compare_whole(exe, ref)
    if problems:
        details = r.describe() + details
    res.add(not problems, "%s [%s %s]" % (label, kind, mode),
            problems, details)
    if test.torture and not problems and os.path.exists(os.path.join(ROOT, exe)):
        os.remove(os.path.join(ROOT, exe))


def link_modes(test, objects, cflags, modes, tmp, plugin, setup, res, label,
               summarised=None, summarised_modes=None):
    """Link OBJECTS in each of MODES ([(name, flags)]) with and without
    the plugin; add a line per mode, then [determinism] and [codegen].
    With SUMMARISED, the same units compiled with the plugin: link them
    too in each mode of SUMMARISED_MODES (default: every one) ([summarised
    MODE]), and a mix of the two in the first ([mixed MODE]).  Returns
    the warning lines of the first successful link, or None."""
    markers, plugin_args, _, quiet = setup
    outputs = {}                # mode -> (diag lines, summary lines)
    codegen, codegen_details = [], ""
    for mode, flags in modes:
        tag = re.sub(r"[^A-Za-z0-9]+", "_", mode).strip("_")
        exe = os.path.join(tmp, "prog.%s" % tag)
        ref = os.path.join(tmp, "ref.%s" % tag)
        base = [test.driver] + cflags + ["-flto"] + flags + DIAG_FLAGS + NO_SWITCHES
        summarise = summarised and (summarised_modes is None or mode in summarised_modes)
        rargs, report = report_args(plugin_args, tmp, tag) if summarise else ([], None)
        r = run(base + ["-fplugin=" + plugin] + plugin_args + rargs + objects
                + ["-o", exe])
        split = SPLIT[0] in flags and test.name not in ONE_FUNCTION
        ref_run = run(base + objects + ["-o", ref] + (["-v"] if split else []))
        if summarise:
            summarised_link("summarised", test, summarised, 0, base, plugin, setup,
                            tmp, mode, r, report, ref, res, label)
            if mode == modes[0][0]:
                mixed = [summarised[i] if i % 2 == 0 else objects[i]
                         for i in range(len(objects))]
                summarised_link("mixed", test, mixed, len(objects) // 2, base, plugin,
                                setup, tmp, mode, r, report, ref, res, label)
        problems, diags, summaries = check_link(r, markers, quiet)
        if ref_run.rc == 0:
            problems += check_dead(markers, diags, os.path.join(ROOT, ref))
            if split:
                problems += check_partitions(ref_run)
        details = r.describe() if problems else ""
        res.add(not problems, "%s [%s]" % (label, mode), problems, details)
        if r.rc == 0:
            outputs[mode] = ([d.text for d in diags if d.kind in ("warning", "note")],
                             summaries)
        if ref_run.rc != 0:
            codegen.append("%s: link without the plugin failed (exit %s)" % (mode, ref_run.rc))
            codegen_details += ref_run.describe()
        elif r.rc == 0:
            codegen += ["%s: %s" % (mode, p) for p in
                        compare_codegen(os.path.join(ROOT, exe), os.path.join(ROOT, ref))]
        else:
            codegen.append("%s: no executable with the plugin" % mode)
        # Big torture programs: keep the disk use of a full run small.
        if test.torture and not codegen:
            for path in (exe, ref):
                if os.path.exists(os.path.join(ROOT, path)):
                    os.remove(os.path.join(ROOT, path))

    problems, details = compare_modes(outputs, [m for m, _ in modes])
    res.add(not problems, "%s [determinism]" % label, problems, details)
    res.add(not codegen, "%s [codegen]" % label, codegen, codegen_details)
    first = next((outputs[m] for m, _ in modes if m in outputs), None)
    return None if first is None else warning_texts(first[0])


def check_partitions(r):
    """Problems if the link R (run with -v) ran fewer than two LTRANS.
    Partitions are counted by their distinct output names (NAME.ltransN.
    ltrans.o, each named on several lines): the lines of parallel LTRANS
    jobs can interleave, so counting lto1 command lines is not reliable."""
    ltrans = len(set(re.findall(r"\.ltrans(\d+)\.ltrans\.o\b", r.err)))
    return [] if ltrans > 1 else ["%d LTRANS partition(s): the parallel mode "
                                  "tests one partition" % ltrans]


def warning_texts(lines):
    """The misspelling warnings among diagnostic LINES, in order."""
    return [l for l in lines if re.search(r": warning: misspelled word ", l)]


def fresh_dir(path):
    shutil.rmtree(os.path.join(ROOT, path), ignore_errors=True)
    os.makedirs(os.path.join(ROOT, path))


def run_lto_test(test, plugin, full=False):
    res = Result()
    try:
        setup = test_setup(test)
    except (ValueError, OSError) as e:
        res.add(False, "%s [markers]" % test.name, [str(e)])
        return res
    if test.fortran and not shutil.which(GFORTRAN):
        res.add("unsupported", test.name, ["%s not found" % GFORTRAN])
        return res
    tmp = os.path.join(BUILD, test.name)
    fresh_dir(tmp)
    if not test.torture:
        objects = compile_units(test, setup[2], tmp, res, test.name)
        summarised = compile_units(test, setup[2], os.path.join(tmp, "summarised"), res,
                                   test.name, ["-fplugin=" + plugin])
        if objects:
            link_modes(test, objects, setup[2], MODES, tmp, plugin, setup, res, test.name,
                       summarised, SUMMARISED_MODES)
        return res
    run_torture(test, plugin, setup, tmp, full, res)
    return res


def run_torture(test, plugin, setup, tmp, full, res):
    """TEST in every variant of the torture matrix: its own lines per
    variant, then [variants]: the same warnings whatever the flags
    (dead-code words apart: whether they survive depends on -O)."""
    dead_words = {m.arg for m in setup[0] if m.kind == "dead"}
    mode_flags = dict(TORTURE_MODES)
    warnings = {}
    for cflags, mode_names in torture_variants(full, test.name):
        flags = setup[2][1:] + cflags if setup[2][:1] == ["-O2"] else setup[2] + cflags
        variant = " ".join(cflags)
        label = "%s %s" % (test.name, variant)
        vtmp = os.path.join(tmp, re.sub(r"[^A-Za-z0-9]+", "_", variant).strip("_"))
        fresh_dir(vtmp)
        objects = compile_units(test, flags, vtmp, res, label)
        if not objects:
            continue
        summarised = None
        if full or cflags in TORTURE_SUMMARISED_CHECK:
            summarised = compile_units(test, flags, os.path.join(vtmp, "summarised"), res,
                                       label, ["-fplugin=" + plugin])
        found = link_modes(test, objects, flags,
                           [(m, mode_flags[m]) for m in mode_names],
                           vtmp, plugin, setup, res, label, summarised)
        if found is not None:
            warnings[variant] = [w for w in found
                                 if not any("'%s'" % d in w or "\u2018%s\u2019" % d in w
                                            for d in dead_words)]
    variants = list(warnings)
    differing = [v for v in variants[1:] if warnings[v] != warnings[variants[0]]]
    details = "".join("--- %s\n+++ %s\n%s" % (variants[0], v, "".join(
        "%s%s\n" % (sign, l) for sign, side, other in
        (("-", warnings[variants[0]], warnings[v]), ("+", warnings[v], warnings[variants[0]]))
        for l in side if l not in other)) for v in differing)
    res.add(not differing and bool(variants), "%s [variants]" % test.name,
            ["warnings with %s differ from %s" % (v, variants[0]) for v in differing]
            or ([] if variants else ["no variant linked"]), details)

# ------------------------------------------------------------------ #
# Generated torture tests: too big to commit, written at test time.   #

GENERATED_DIR = os.path.join(BUILD, "generated-src")

# 100 everyday words: 100 x 100 distinct two-word strings.
COMMON_WORDS = """able acid aged also area army away baby back ball band bank base
bath bear beat bell belt best bird blow blue boat body bone book boot born
boss both bowl bulk burn bush busy cake call calm came camp card care case
cash cast cell chat chip city club coal coat code cold come cook cool cope
copy core cost crew crop dark data date dawn days dead deal dean dear debt
deep deny desk dial diet disk door dose down draw drew drop drug dual duke
dust duty each earn ease east easy edge else face fact fail""".split()
assert len(set(COMMON_WORDS)) == 100

BIG_LINE = "the quick brown fox jumps over the lazy dog "


def gen_big():
    """A literal of 1 MiB used in a function, with its one misspelling
    at the very end, and another 1 MiB literal in a variable: the whole
    of each is read and checked.  The call's warning is at the start of
    its literal (concatenations are followed 200 lines); the variable's
    at its word, 23,834 lines below the name, for its initializer is
    read whole."""
    n = (1 << 20) // len(BIG_LINE) + 1
    body = "".join('  "%s"\n' % BIG_LINE for _ in range(n))
    unit0 = ("/* Generated by runner.py: a 1 MiB string literal in a call. */\n"
             "#include <stdio.h>\n"
             "const char *big_table (void);\n"
             "int\nmain (void)\n{\n"
             "  fputs (\n"
             + body.replace("\n", ' /* { ltospell-warning "occured" } */\n', 1) + '  "and at the end this occured", stdout);\n'
             "  fputs (big_table (), stdout);\n  return 0;\n}\n")
    unit1 = ("/* Generated by runner.py: a 1 MiB initializer. */\n"
             "static const char big_text[] =\n"
             + body + '  "a seperate ending"; /* { ltospell-warning "seperate" } */\n'
             "const char *\nbig_table (void)\n{\n  return big_text;\n}\n")
    return [unit0, unit1]


def gen_many():
    """10,000 distinct tiny strings: 5,000 in a table, 5,000 returned by
    the cases of switches in 50 functions, one misspelling in each
    half.  (Switches, not 5,000 calls: those cost 5 s a link.)"""
    strings = ["%s %s" % (a, b) for a in COMMON_WORDS for b in COMMON_WORDS]
    table = strings[:5000]
    cases = strings[5000:]
    table[1234] = "teh table"
    cases[2777] = "wich case"
    unit0 = ["/* Generated by runner.py: 5,000 tiny strings in a table. */",
             "#include <stdio.h>", "const char *pick (int);",
             "static const char *const tiny[] = {"]
    for t in table:
        marker = ' /* { ltospell-warning "teh" } */' if t.startswith("teh") else ""
        unit0.append('  "%s",%s' % (t, marker))
    unit0 += ["};", "int", "main (int argc, char **argv)", "{", "  (void) argv;",
              "  puts (tiny[argc %% %d]);" % len(table), "  puts (pick (argc));",
              "  return 0;", "}"]
    unit1 = ["/* Generated by runner.py: 5,000 tiny strings in 50 switches. */"]
    for f in range(50):
        unit1 += ["__attribute__ ((noinline)) static const char *",
                  "part%d (int x)" % f, "{", "  switch (x)", "    {"]
        for i in range(100):
            t = cases[f * 100 + i]
            marker = ' /* { ltospell-warning "wich" } */' if t.startswith("wich") else ""
            unit1.append('    case %d: return "%s";%s' % (i, t, marker))
        unit1 += ["    default: return 0;", "    }", "}"]
    unit1 += ["const char *", "pick (int x)", "{",
              "  static const char *(*const parts[]) (int) = {",
              "    " + ", ".join("part%d" % f for f in range(50)), "  };",
              "  return parts[x % 50] (x % 100);", "}"]
    return ["\n".join(unit0) + "\n", "\n".join(unit1) + "\n"]


GENERATED = {"torture_big": gen_big, "torture_many": gen_many}


def generate_tests(names):
    """Write the sources of the generated tests NAMES (only when they
    changed, so objects stay fresh) and return their LtoTests."""
    os.makedirs(os.path.join(ROOT, GENERATED_DIR), exist_ok=True)
    for name in names:
        for i, text in enumerate(GENERATED[name]()):
            path = os.path.join(ROOT, GENERATED_DIR, "%s_%d.c" % (name, i))
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() == text:
                        continue
            except OSError:
                pass
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    return [t for t in discover(GENERATED_DIR) if t.name in names]

# ------------------------------------------------------------------ #
# Self-test: the matching above must fail when it should.             #

def self_test():
    res = Result()
    f = "lto-tests/programs/x_0.c"
    markers = [Marker("warning", "recieve", f, 3), Marker("note", "unit lto-tests/programs/x_0.c", f, 3)]
    good = ("lto-tests/programs/x_0.c: In function 'main':\n"
            "lto-tests/programs/x_0.c:3:8: warning: misspelled word 'recieve' in string "
            "constant; did you mean 'receive'?\n"
            "lto-tests/programs/x_0.c:3:8: note: used in function 'main' (unit lto-tests/programs/x_0.c)\n"
            "./lto-tests/programs/x_0.c:9:8: note: also used in function 'f' (unit lto-tests/programs/x_0.c)\n"
            "ltospell: 2 string uses, 1 distinct strings, 3 distinct words, 1 misspelled word "
            "in 1 finding\n")
    cases = [
        ("clean run", good, []),
        ("missing warning", good.replace("3:8: warning", "4:8: warning"),
         ["missing warning 'recieve' at lto-tests/programs/x_0.c:3", "unexpected warning"]),
        ("wrong word", good.replace("'recieve' in", "'receive' in"),
         ["missing warning", "unexpected warning"]),
        ("missing note", good.replace("(unit lto-tests/programs/x_0.c)\n./", "(unit x)\n./"),
         ['missing note "unit lto-tests/programs/x_0.c" at lto-tests/programs/x_0.c:3']),
        ("extra warning", good + "lto-tests/programs/x_1.c:5:2: warning: misspelled word 'teh' "
         "in string constant\nlto-tests/programs/x_1.c:5:2: note: used in function 'g' (unit u)\n",
         ["unexpected warning: lto-tests/programs/x_1.c:5:2"]),
        ("no notes", "\n".join(l for l in good.splitlines() if "note:" not in l),
         ["missing note", "no note after warning"]),
        ("also first", good.replace("note: used", "note: also used"), ["is not for that use"]),
    ]
    failures = []
    for label, text, expect in cases:
        diags, summaries = parse_output(text)
        problems = match_findings(markers, diags) + check_structure(diags)
        problems += check_summary(summaries, False, sum(1 for d in diags if d.word))
        joined = "\n".join(problems)
        if not expect and problems:
            failures.append("%s: unexpected problems: %s" % (label, joined))
        for e in expect:
            if e not in joined:
                failures.append("%s: %r not reported (got: %s)" % (label, e, joined or "nothing"))
    # lto-wrapper's remarks are not findings; its other warnings are.
    chatter = ("lto-wrapper: warning: using serial compilation of 2 LTRANS jobs\n"
               "lto-wrapper: note: see the '-flto' option documentation for more "
               "information\n")
    if parse_output(chatter)[0]:
        failures.append("lto-wrapper chatter parsed as diagnostics")
    if not parse_output("lto-wrapper: warning: something else\n")[0]:
        failures.append("an lto-wrapper warning was ignored")
    # Dead-code markers do not count as unexpected warnings, others do.
    dead = [Marker("dead", "teh", "lto-tests/programs/x_1.c", 5)]
    extra = parse_output("lto-tests/programs/x_1.c:5:2: warning: misspelled word 'teh' "
                         "in string constant\n")[0]
    if match_findings(dead, extra) or not match_findings([], extra):
        failures.append("dead marker matching")
    # Determinism: another order, or another line, in one mode.
    lines = (["a.c:1:1: warning: x", "a.c:1:1: note: y"], ["ltospell: 1"])
    for label, other, expect in [
            ("same", lines, None),
            ("reordered", (lines[0][::-1], lines[1]), "differs"),
            ("summary", (lines[0], ["ltospell: 2"]), "differs"),
            ("failed link", None, "links failed")]:
        outputs = {m: lines for m, _ in MODES}
        if other is None:
            del outputs[MODES[-1][0]]
        else:
            outputs[MODES[-1][0]] = other
        joined = "\n".join(compare_modes(outputs)[0])
        if (expect is None) != (not joined) or (expect and expect not in joined):
            failures.append("determinism %s: got %r" % (label, joined))
    res.add(not failures, "runner-selftest", failures)
    return res

# ------------------------------------------------------------------ #

# The tests that take longest (CPU seconds in make check, GCC 12:
# torture_cxx 72, torture_many 71, torture_fortran 34, torture_big 33,
# torture_bytes 33, torture_dead 28, every other test 11 or less;
# measured with --times).
LONGEST_FIRST = ["torture_cxx", "torture_many", "torture_big", "torture_fortran",
                 "torture_bytes", "torture_dead"]


def timed(times, name, fn, fn_args):
    """FN(*FN_ARGS), its wall and CPU seconds (this process and its
    children, so approximate when jobs overlap) appended to TIMES."""
    if not times:
        return fn(*fn_args)
    wall, cpu = time.monotonic(), os.times()
    try:
        return fn(*fn_args)
    finally:
        end = os.times()
        used = (end.children_user + end.children_system
                - cpu.children_user - cpu.children_system)
        with open(times, "a") as f:
            f.write("%s\t%.1f\t%.1f\n" % (name, time.monotonic() - wall, used))


def start_rank(name):
    """When the test NAME starts: the long ones first, then the others
    in order (LTO tests, command-line, report and summary tests)."""
    return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)


def run_standalone(tests, description):
    """Run TESTS ((name, function of the plugin) pairs) as a script of
    their own: --plugin, -v; PASS/FAIL lines and the summary line."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--plugin", default="build/ltospell.so")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    plugin = os.path.abspath(args.plugin)
    os.makedirs(os.path.join(ROOT, BUILD), exist_ok=True)
    passed = failed = 0
    for name, fn in tests:
        try:
            res = fn(plugin)
        except Exception as e:          # a bug here is a failure too
            res = Result()
            res.add(False, name, ["%s: %s" % (type(e).__name__, e)])
        for ok, label, reason, details in res.lines:
            passed += ok
            failed += not ok
            print("%s: %s%s" % ("PASS" if ok else "FAIL", label,
                                "" if ok else ": " + reason))
            if args.verbose and details and not ok:
                print(indent(details), end="")
        sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main():
    global BUILD, GENERATED_DIR
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plugin", default="build/ltospell.so", help="the plugin .so")
    ap.add_argument("-k", dest="pattern", action="append", default=[],
                    help="run only tests whose name contains PATTERN "
                         "(or matches it as a glob); repeatable")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print commands and outputs of failures")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel workers (2)")
    ap.add_argument("--times", metavar="FILE",
                    help="append each test's wall and CPU seconds to FILE")
    ap.add_argument("--build-dir", default=BUILD,
                    help="scratch directory, relative to the top of the repository "
                         "(%s); two runs at once need one each" % BUILD)
    ap.add_argument("--full", action="store_true",
                    help="run the torture tests in the whole matrix of compile "
                         "flags and link modes, not the subset of make check")
    args = ap.parse_args()

    plugin = os.path.abspath(args.plugin)
    BUILD = os.path.normpath(args.build_dir)
    GENERATED_DIR = os.path.join(BUILD, "generated-src")
    sys.path.insert(0, HERE)
    sys.dont_write_bytecode = True      # no __pycache__ in lto-tests/runners/
    sys.modules.setdefault("runner", sys.modules[__name__])
    import cli_tests
    import report_tests
    import summary_tests
    import baseline_tests

    def selected(name):
        if not args.pattern:
            return True
        return any(p in name or fnmatch.fnmatchcase(name, p) for p in args.pattern)

    tests = discover()
    if any(selected(name) for name in GENERATED):
        tests += generate_tests([name for name in GENERATED if selected(name)])
    jobs = [(t.name, run_lto_test, (t, plugin, args.full))
            for t in tests if selected(t.name)]
    jobs += [(name, fn, (plugin,)) for name, fn in cli_tests.TESTS if selected(name)]
    jobs += [(name, fn, (plugin,)) for name, fn in report_tests.TESTS if selected(name)]
    jobs += [(name, fn, (plugin,)) for name, fn in summary_tests.TESTS if selected(name)]
    jobs += [(name, fn, (plugin,)) for name, fn in baseline_tests.TESTS if selected(name)]
    if selected("runner-selftest"):
        jobs.insert(0, ("runner-selftest", lambda: self_test(), ()))

    passed = failed = xfailed = 0
    if not os.path.isfile(plugin):
        print("FAIL: plugin %s not found (build it with `make`)" % args.plugin, flush=True)
        failed += 1
        jobs = [j for j in jobs if j[0] == "runner-selftest"]
    if not jobs and not failed:
        print("FAIL: no test selected", flush=True)
        failed += 1

    os.makedirs(os.path.join(ROOT, BUILD), exist_ok=True)
    # The longest tests start first, so that no worker is left alone with
    # one of them at the end; the lines are printed in the usual order.
    order = sorted(range(len(jobs)), key=lambda i: (start_rank(jobs[i][0]), i))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        started = {i: pool.submit(timed, args.times, jobs[i][0], jobs[i][1], jobs[i][2])
                   for i in order}
        futures = [started[i] for i in range(len(jobs))]
        for (name, _, _), fut in zip(jobs, futures):
            try:
                res = fut.result()
            except Exception as e:          # a bug in the runner is a failure too
                res = Result()
                res.add(False, "%s [runner]" % name, ["%s: %s" % (type(e).__name__, e)])
            for ok, label, reason, details in res.lines:
                if ok == "xfail":
                    xfailed += 1
                    print("XFAIL: %s: %s" % (label, reason))
                elif ok == "unsupported":
                    print("UNSUPPORTED: %s: %s" % (label, reason))
                elif ok:
                    passed += 1
                    print("PASS: %s" % label)
                else:
                    failed += 1
                    print("FAIL: %s%s" % (label, ": " + reason if reason else ""))
                    if args.verbose and details:
                        print(indent(details), end="")
            sys.stdout.flush()
    if xfailed:
        print("lto-tests: %d expected failures (known defects, XFAIL)" % xfailed)
    print("lto-tests: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
