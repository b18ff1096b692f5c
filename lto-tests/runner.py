#!/usr/bin/env python3
"""Run the ltospell LTO test suite.

Each test is a multi-unit program directly in lto-tests/: NAME_0.c,
NAME_1.c, ... (.cc units are C++ and make the test link with g++), plus
optional headers NAME*.h.  Expected findings are in-source markers on
the line where the diagnostic must appear, in the style of gcc.dg/lto:

  /* { ltospell-warning "WORD" } */     a warning for WORD at this line
  /* { ltospell-note "TEXT" } */        a note at this line containing TEXT
  /* { ltospell-options "quiet words=lto-tests/x.txt" } */   (NAME_0 only)
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

Usage: python3 lto-tests/runner.py --plugin build/ltospell.so [-k PATTERN] [-v]
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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TESTS = "lto-tests"                     # relative to ROOT
BUILD = os.path.join("build", "lto-tests")

GCC = os.environ.get("GCC", "gcc")
GXX = os.environ.get("GXX", "g++")

# (name shown in [..], extra link flags).  Every link has -flto.
MODES = [
    ("default", []),
    ("partition=one", ["-flto-partition=one"]),
    ("partition=none", ["-flto-partition=none"]),
    ("-flto=2", ["-flto=2"]),
]

DIAG_FLAGS = ["-fno-diagnostics-show-caret", "-fdiagnostics-color=never"]
CODEGEN_SECTIONS = [".text", ".rodata", ".data"]
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


def run(argv, timeout=TIMEOUT):
    try:
        p = subprocess.run(argv, cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL,
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
                        r"(\d+) distinct words, (\d+) misspelled words$")
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
MARKER_KINDS = ("warning", "note", "options", "cflags")


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
        if not used[i]:
            problems.append("unexpected warning: %s" % d.text.strip())
    return problems


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
            if previous is not None and located and previous.file is not None \
               and d.loc < previous.loc:
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
                if located and notes[-1].file is not None and d.loc < notes[-1].loc:
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
    uses, strings, words, bad = (int(x) for x in m.groups())
    problems = []
    if strings > uses:
        problems.append("summary: more distinct strings than uses: %s" % summaries[0])
    if bad > words:
        problems.append("summary: more misspelled than distinct words: %s" % summaries[0])
    if (bad == 0) != (n_warnings == 0):
        problems.append("summary says %d misspelled words but %d warnings were printed"
                        % (bad, n_warnings))
    if n_warnings and bad > n_warnings:
        problems.append("summary: %d misspelled words but only %d warnings"
                        % (bad, n_warnings))
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


def compare_codegen(with_plugin, without_plugin):
    """Problems found comparing two executables' sections."""
    try:
        a = elf_sections(with_plugin, CODEGEN_SECTIONS)
        b = elf_sections(without_plugin, CODEGEN_SECTIONS)
    except (OSError, ValueError, struct.error) as e:
        return ["cannot read sections: %s" % e]
    problems = []
    for s in CODEGEN_SECTIONS:
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


def compare_modes(outputs):
    """OUTPUTS maps each mode whose link succeeded to its (diagnostic
    lines, summary lines).  Returns (problems, details): every mode must
    print exactly what the first one does, in the same order."""
    problems, details = [], ""
    missing = [m for m, _ in MODES if m not in outputs]
    if missing:
        problems.append("links failed in: %s" % ", ".join(missing))
    if not outputs:
        return problems, details
    first_mode = next(m for m, _ in MODES if m in outputs)
    first = outputs[first_mode][0] + outputs[first_mode][1]
    for mode, _ in MODES:
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

UNIT_RE = re.compile(r"^(?P<name>.+)_(?P<n>\d+)\.(?P<ext>c|cc)$")


class LtoTest:
    def __init__(self, name):
        self.name = name
        self.units = []          # relative paths, in unit order
        self.headers = []

    @property
    def cxx(self):
        return any(u.endswith(".cc") for u in self.units)


def discover():
    tests = {}
    files = sorted(os.listdir(os.path.join(ROOT, TESTS)))
    for f in files:
        m = UNIT_RE.match(f)
        if m:
            t = tests.setdefault(m.group("name"), LtoTest(m.group("name")))
            t.units.append((int(m.group("n")), os.path.join(TESTS, f)))
    for t in tests.values():
        t.units = [u for _, u in sorted(t.units)]
    for f in files:
        if f.endswith(".h"):
            owners = [n for n in tests if f.startswith(n)]
            if owners:
                tests[max(owners, key=len)].headers.append(os.path.join(TESTS, f))
    return [tests[n] for n in sorted(tests)]


class Result:
    """Lines to print for one test: (ok, label, reason, details)."""

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
    findings = [m for m in markers if m.kind in ("warning", "note")]
    return findings, plugin_args, cflags, quiet


def run_lto_test(test, plugin):
    res = Result()
    try:
        markers, plugin_args, cflags, quiet = test_setup(test)
    except (ValueError, OSError) as e:
        res.add(False, "%s [markers]" % test.name, [str(e)])
        return res
    tmp = os.path.join(BUILD, test.name)
    shutil.rmtree(os.path.join(ROOT, tmp), ignore_errors=True)
    os.makedirs(os.path.join(ROOT, tmp))

    objects = []
    for unit in test.units:
        obj = os.path.join(tmp, os.path.basename(unit) + ".o")
        cc = GXX if unit.endswith(".cc") else GCC
        r = run([cc] + cflags + ["-flto", "-c"] + DIAG_FLAGS + [unit, "-o", obj])
        if r.rc != 0:
            res.add(False, "%s [compile]" % test.name,
                    ["%s does not compile (exit %s)" % (unit, r.rc)], r.describe())
            return res
        objects.append(obj)

    driver = GXX if test.cxx else GCC
    outputs = {}                # mode -> (diag lines, summary lines)
    codegen, codegen_details = [], ""
    for mode, flags in MODES:
        tag = re.sub(r"[^A-Za-z0-9]+", "_", mode).strip("_")
        exe = os.path.join(tmp, "prog.%s" % tag)
        ref = os.path.join(tmp, "ref.%s" % tag)
        base = [driver] + cflags + ["-flto"] + flags + DIAG_FLAGS
        r = run(base + ["-fplugin=" + plugin] + plugin_args + objects + ["-o", exe])
        ref_run = run(base + objects + ["-o", ref])
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
        details = r.describe() if problems else ""
        res.add(not problems, "%s [%s]" % (test.name, mode), problems, details)
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

    problems, details = compare_modes(outputs)
    res.add(not problems, "%s [determinism]" % test.name, problems, details)
    res.add(not codegen, "%s [codegen]" % test.name, codegen, codegen_details)
    return res

# ------------------------------------------------------------------ #
# Self-test: the matching above must fail when it should.             #

def self_test():
    res = Result()
    f = "lto-tests/x_0.c"
    markers = [Marker("warning", "recieve", f, 3), Marker("note", "unit lto-tests/x_0.c", f, 3)]
    good = ("lto-tests/x_0.c: In function 'main':\n"
            "lto-tests/x_0.c:3:8: warning: misspelled word 'recieve' in string "
            "constant; did you mean 'receive'?\n"
            "lto-tests/x_0.c:3:8: note: used in function 'main' (unit lto-tests/x_0.c)\n"
            "./lto-tests/x_0.c:9:8: note: also used in function 'f' (unit lto-tests/x_0.c)\n"
            "ltospell: 2 string uses, 1 distinct strings, 3 distinct words, 1 misspelled words\n")
    cases = [
        ("clean run", good, []),
        ("missing warning", good.replace("3:8: warning", "4:8: warning"),
         ["missing warning 'recieve' at lto-tests/x_0.c:3", "unexpected warning"]),
        ("wrong word", good.replace("'recieve' in", "'receive' in"),
         ["missing warning", "unexpected warning"]),
        ("missing note", good.replace("(unit lto-tests/x_0.c)\n./", "(unit x)\n./"),
         ['missing note "unit lto-tests/x_0.c" at lto-tests/x_0.c:3']),
        ("extra warning", good + "lto-tests/x_1.c:5:2: warning: misspelled word 'teh' "
         "in string constant\nlto-tests/x_1.c:5:2: note: used in function 'g' (unit u)\n",
         ["unexpected warning: lto-tests/x_1.c:5:2"]),
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

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plugin", default="build/ltospell.so", help="the plugin .so")
    ap.add_argument("-k", dest="pattern", action="append", default=[],
                    help="run only tests whose name contains PATTERN "
                         "(or matches it as a glob); repeatable")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print commands and outputs of failures")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel workers (2)")
    args = ap.parse_args()

    plugin = os.path.abspath(args.plugin)
    sys.path.insert(0, HERE)
    sys.dont_write_bytecode = True      # no __pycache__ in lto-tests/
    sys.modules.setdefault("runner", sys.modules[__name__])
    import cli_tests

    def selected(name):
        if not args.pattern:
            return True
        return any(p in name or fnmatch.fnmatchcase(name, p) for p in args.pattern)

    jobs = [(t.name, run_lto_test, (t, plugin))
            for t in discover() if selected(t.name)]
    jobs += [(name, fn, (plugin,)) for name, fn in cli_tests.TESTS if selected(name)]
    if selected("runner-selftest"):
        jobs.insert(0, ("runner-selftest", lambda: self_test(), ()))

    passed = failed = 0
    if not os.path.isfile(plugin):
        print("FAIL: plugin %s not found (build it with `make`)" % args.plugin, flush=True)
        failed += 1
        jobs = [j for j in jobs if j[0] == "runner-selftest"]
    if not jobs and not failed:
        print("FAIL: no test selected", flush=True)
        failed += 1

    os.makedirs(os.path.join(ROOT, BUILD), exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(fn, *fargs) for _, fn, fargs in jobs]
        for (name, _, _), fut in zip(jobs, futures):
            try:
                res = fut.result()
            except Exception as e:          # a bug in the runner is a failure too
                res = Result()
                res.add(False, "%s [runner]" % name, ["%s: %s" % (type(e).__name__, e)])
            for ok, label, reason, details in res.lines:
                if ok:
                    passed += 1
                    print("PASS: %s" % label)
                else:
                    failed += 1
                    print("FAIL: %s%s" % (label, ": " + reason if reason else ""))
                    if args.verbose and details:
                        print(indent(details), end="")
            sys.stdout.flush()
    print("lto-tests: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
