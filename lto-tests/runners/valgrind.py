#!/usr/bin/env python3
"""Run the lto1 that hosts ltospell under valgrind.

The plugin runs inside lto1: in WPA (lto1 -fwpa, any partitioning but
none) and in the single lto1 of -flto-partition=none.  WPA is run
twice: as linked (a small program is checked in the pass) and with
check-at=end (checked at the end of WPA, the summaries read again).  This links a
test program once with -v -save-temps to learn the exact lto1 command
of each, runs that command again under valgrind (memcheck), and fails
on any error whose stack passes through the plugin (ltospell.so) or
through the speller libraries it loads (enchant, aspell, hunspell).

GCC itself is not valgrind-clean in release builds: IRA's sparse sets
read uninitialised memory on purpose, and GCC never frees its
garbage-collected heap.  Errors entirely inside GCC are counted and
printed, not failed; leaks are not checked (GCC exits without freeing).
In WPA, where no RTL pass runs, GCC is clean: there any error fails.

Each program is run twice: its units compiled without the plugin (WPA
reads their bodies) and with it ("summarised": WPA reads the
compile-time summaries); in the second, the cc1 of each unit, which
makes and writes the summary, runs under valgrind too (through the
driver's -wrapper), and any error through the plugin fails.

Usage: python3 lto-tests/runners/valgrind.py [--plugin build/ltospell.so]
One PASS/FAIL line per program and mode, then "valgrind: N passed,
N failed".  Needs valgrind; about 10 to 30 s a run.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import runner as R                                      # noqa: E402

PROGRAMS = [
    ("torture_bytes", ["lto-tests/programs/torture_bytes_0.c", "lto-tests/programs/torture_bytes_1.c"]),
    ("cxx", ["lto-tests/programs/cxx_0.cc", "lto-tests/programs/cxx_1.cc"]),
    ("table_chain", ["lto-tests/programs/table_chain_0.c", "lto-tests/programs/table_chain_1.c"]),
]
MODES = [("wpa", ["-flto-partition=balanced"], "-fwpa"),
         ("wpa, check-at=end", ["-flto-partition=balanced",
                                "-fplugin-arg-ltospell-check-at=end"], "-fwpa"),
         ("partition=none", ["-flto-partition=none"], None)]
OURS_RE = re.compile(r"ltospell(-core)?\.so|libenchant|libaspell|libhunspell|enchant_")
# The headlines of memcheck's error records.
ERROR_KIND_RE = re.compile(r"^(Invalid (read|write|free)|Conditional jump|Use of uninitialised"
                           r"|Syscall param|Mismatched free|Source and destination overlap"
                           r"|Argument .* of function|Invalid alignment|Jump to the invalid)")


def lto1_command(output, marker):
    """The lto1 command line printed by -v: the one with MARKER (-fwpa)
    or, without MARKER, the only one."""
    for line in output.splitlines():
        parts = line.strip().split()
        if parts and parts[0].endswith("/lto1"):
            if marker is None or marker in parts:
                return shlex.split(line.strip())
    return None


def error_records(log):
    """[(headline, stack text)] of the memcheck log LOG."""
    records, current = [], None
    for line in log.splitlines():
        m = re.match(r"^==\d+== ?(.*)$", line)
        if not m:
            continue
        rest = m.group(1)
        if ERROR_KIND_RE.match(rest):
            current = [rest, ""]
            records.append(current)
        elif current is not None and rest.startswith(("   at ", "   by ", " Address ")):
            current[1] += rest + "\n"
        elif not rest.strip():
            current = None
    return records


def run_in(directory, argv, timeout=900):
    """R.run, in DIRECTORY (relative to the repository)."""
    p = subprocess.run(argv, cwd=os.path.join(R.ROOT, directory), env=R.ENV,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return R.Run(argv, p.returncode, p.stdout.decode("utf-8", "replace"),
                 p.stderr.decode("utf-8", "replace"))


def compile_summarised(source, obj, plugin, tmp):
    """Compile SOURCE with the plugin, its cc1 under valgrind; problems."""
    log = os.path.join(R.ROOT, tmp, "valgrind-cc1-%s.%%p.log" % os.path.basename(source))
    wrapper = "valgrind,--error-exitcode=99,--leak-check=no,--num-callers=40," \
              "--track-origins=no,--log-file=" + log
    r = R.run([R.GXX if source.endswith(".cc") else R.GCC, "-O2", "-g", "-flto", "-c",
               "-fplugin=" + plugin, "-wrapper", wrapper, source, "-o", obj], timeout=600)
    if r.rc != 0:
        return ["%s does not compile with the plugin under valgrind (exit %s)"
                % (source, r.rc)]
    problems = []
    for f in sorted(os.listdir(os.path.join(R.ROOT, tmp))):
        if f.startswith("valgrind-cc1-%s." % os.path.basename(source)):
            with open(os.path.join(R.ROOT, tmp, f), encoding="utf-8", errors="replace") as fh:
                ours = [h for h, stack in error_records(fh.read()) if OURS_RE.search(stack)]
            if ours:
                problems.append("%d errors through the plugin in cc1 of %s: %s"
                                % (len(ours), source, "; ".join(ours[:3])))
    return problems


def run_one(name, sources, mode, flags, marker, plugin, tmp, summarised):
    problems = []
    objs = []
    cxx = any(s.endswith(".cc") for s in sources)
    for s in sources:
        obj = os.path.join(tmp, os.path.basename(s) + ".o")
        if summarised:
            problems += compile_summarised(s, obj, plugin, tmp)
            objs.append(obj)
            continue
        r = R.run([R.GXX if s.endswith(".cc") else R.GCC, "-O2", "-g", "-flto", "-c",
                   s, "-o", obj])
        if r.rc != 0:
            return ["%s does not compile" % s]
        objs.append(obj)
    # -save-temps keeps the files lto1 reads (resolution, argument
    # file), relative to the working directory: link in TMP.
    r = run_in(tmp, [R.GXX if cxx else R.GCC, "-O2", "-g", "-flto",
                     "-fplugin=" + plugin] + flags + ["-v", "-save-temps"]
               + [os.path.basename(o) for o in objs] + ["-o", "prog"])
    if r.rc != 0:
        return ["link failed (exit %s)" % r.rc]
    cmd = lto1_command(r.err, marker)
    if not cmd:
        return ["no lto1 command in the -v output"]
    log = os.path.join(R.ROOT, tmp, "valgrind.log")
    v = run_in(tmp, ["valgrind", "--error-exitcode=99", "--leak-check=no", "--num-callers=40",
               "--track-origins=no", "--log-file=" + log] + cmd)
    if R.ICE_RE.search(v.output):
        problems.append("ICE under valgrind")
    if "misspelled word" not in v.output:
        problems.append("the plugin printed no finding under valgrind")
    if summarised and "read the slow way" in v.output:
        problems.append("units read the slow way")
    with open(log, encoding="utf-8", errors="replace") as f:
        records = error_records(f.read())
    ours = [h for h, stack in records if OURS_RE.search(stack)]
    if ours:
        problems.append("%d errors through the plugin: %s" % (len(ours), "; ".join(ours[:3])))
    if marker == "-fwpa" and records:
        problems.append("%d errors in WPA: %s" % (len(records),
                                                   "; ".join(h for h, _ in records[:3])))
    gcc_only = len(records) - len(ours)
    return problems, gcc_only


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", default=os.path.join(R.ROOT, "build", "ltospell.so"))
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        print("UNSUPPORTED: valgrind not found")
        return 0
    plugin = os.path.abspath(args.plugin)
    passed = failed = 0
    for name, sources in PROGRAMS:
        for (mode, flags, marker), summarised in [(m, s) for s in (False, True) for m in MODES]:
            variant = mode + (" summarised" if summarised else "")
            tmp = os.path.join("build", "valgrind", name, re.sub(r"\W+", "_", variant))
            shutil.rmtree(os.path.join(R.ROOT, tmp), ignore_errors=True)
            os.makedirs(os.path.join(R.ROOT, tmp))
            result = run_one(name, sources, mode, flags, marker, plugin, tmp, summarised)
            problems, gcc_only = result if isinstance(result, tuple) else (result, 0)
            label = "valgrind %s [%s]" % (name, variant)
            if problems:
                failed += 1
                print("FAIL: %s: %s (log: %s/valgrind.log)" % (label, "; ".join(problems), tmp))
            else:
                passed += 1
                print("PASS: %s (%d GCC-internal error contexts, none through the plugin)"
                      % (label, gcc_only))
            sys.stdout.flush()
    print("valgrind: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
