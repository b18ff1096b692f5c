#!/usr/bin/env python3
"""Relink a real program in every LTO partition mode, with and without
ltospell, and compare the code.

ltospell must never change the generated code and never crash the
compiler, and the small programs of lto-tests/programs/ cannot show every shape
of a real code base.  This script takes the link command of a program
whose objects were already compiled with -flto (git, tmux, jq), and
for each mode links it twice, once with -fplugin and once without,
then checks:

  - neither link failed, nothing printed looks like an ICE;
  - .text, .rodata, .data, .data.rel.ro, .eh_frame and .symtab are
    byte for byte the same (the debug sections are compared and their
    differences reported, not failed: see DEBUG_SECTIONS);
  - the symbol tables (nm) are the same;
  - the findings (warning lines) are the same in every mode.

One line per mode, then a summary; exit status 1 if anything differs.
The executables are deleted after each comparison (they can be big);
each link's output is kept in build/realprog/NAME/output.MODE, and
symbol differences in nm.MODE.diff.
Links run one at a time, each with the -flto=N of --jobs, under nice.

Usage:
  lto-tests/runners/realprog.py [--plugin build/ltospell.so] [--modes M,M] \\
      [--jobs 2] NAME DIR -- LINK COMMAND...
  lto-tests/runners/realprog.py --bench [--table FILE.md] [PROGRAM...]

With --bench the programs are the bench's (git tmux jq ninja), built
from Debian sources exactly as bench/bench.py builds them (`make
bench-modes` runs this and writes bench/results/modes.md).

LINK COMMAND is run in DIR; its "-o OUTPUT" is replaced.  For git:

  cmd=$(make -n V=1 NO_GETTEXT=1 CFLAGS="-O2 -g -flto" LDFLAGS="-flto=2" \\
        git | tail -1)     # the last line is the link of `git`
  lto-tests/runners/realprog.py git /tmp/src/git-2.39.5 -- $cmd
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import runner as R                                      # noqa: E402

# name -> extra link flags, appended last so that they win.
ALL_MODES = {
    "balanced": ["-flto-partition=balanced"],
    "one": ["-flto-partition=one"],
    "none": ["-flto-partition=none"],
    "1to1": ["-flto-partition=1to1"],
    "max": ["-flto-partition=max"],
    "serial": ["-flto=1"],
    "auto": ["-flto=auto"],
}
DEFAULT_MODES = "balanced,one,none,1to1,auto"

# What must be identical (a FAIL otherwise); the debug sections are
# compared and reported apart.  Under -flto-partition=none GCC's DWARF
# output depends on DECL_UID values, and reading a body allocates uids
# that GCC has no way to give back (next_decl_uid is private to
# tree.cc): a plugin that only calls allocate_decl_uid () 300000 times
# changes git's .debug_line and .debug_loclists by a few bytes there.
CODE_SECTIONS = [s for s in R.CODEGEN_SECTIONS if not s.startswith(".debug")]
DEBUG_SECTIONS = [s for s in R.CODEGEN_SECTIONS if s.startswith(".debug")]


def strip_output(argv):
    """ARGV without its -o OUTPUT (and -oOUTPUT)."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a.startswith("-o") and len(a) > 2:
            pass
        else:
            out.append(a)
    return out


def timed_run(argv, cwd, env):
    start = time.time()
    p = subprocess.run(["nice", "-n", "10"] + argv, cwd=cwd, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace"), time.time() - start


def symbols(path):
    p = subprocess.run(["nm", "--defined-only", path], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    return p.stdout


def warning_lines(text):
    return [l for l in text.splitlines() if ": warning: misspelled word" in l]


def check_program(name, cwd, command, plugin, modes, jobs, keep):
    """Relink NAME (COMMAND run in CWD) in each of MODES with and
    without PLUGIN.  Returns (failures, rows): one row a mode."""
    out_dir = os.path.join(R.ROOT, "build", "realprog", name)
    os.makedirs(out_dir, exist_ok=True)
    base = strip_output(command)
    env = dict(R.ENV)

    failures = 0
    findings = {}
    rows = []
    for mode in modes:
        flags = list(ALL_MODES[mode])
        if not any(f.startswith("-flto=") for f in flags):
            flags.append("-flto=%d" % jobs)
        exe = os.path.join(out_dir, "with." + mode)
        ref = os.path.join(out_dir, "without." + mode)
        rc, out, t_with = timed_run(base + flags + R.DIAG_FLAGS + ["-fplugin=" + plugin,
                                                                 "-o", exe], cwd, env)
        rc_ref, out_ref, t_ref = timed_run(base + flags + R.DIAG_FLAGS + ["-o", ref],
                                           cwd, env)
        problems = []
        if rc != 0:
            problems.append("link with the plugin failed (exit %d)" % rc)
        if rc_ref != 0:
            problems.append("link without the plugin failed (exit %d)" % rc_ref)
        if R.ICE_RE.search(out):
            problems.append("ICE: " + next(l for l in out.splitlines() if R.ICE_RE.search(l)))
        errors = R.plugin_errors(out)
        if errors:
            problems.append("errors: " + " | ".join(errors[:3]))
        debug = []
        if rc == 0 and rc_ref == 0:
            problems += R.compare_codegen(exe, ref, CODE_SECTIONS)
            debug = R.compare_codegen(exe, ref, DEBUG_SECTIONS)
            nm_with, nm_without = symbols(exe), symbols(ref)
            if nm_with != nm_without:
                a = set(nm_with.decode().splitlines())
                b = set(nm_without.decode().splitlines())
                problems.append("nm differs: %d symbols only with the plugin, %d only "
                                "without (see nm.%s.diff)" % (len(a - b), len(b - a), mode))
                with open(os.path.join(out_dir, "nm.%s.diff" % mode), "w") as f:
                    f.writelines("+%s\n" % l for l in sorted(a - b))
                    f.writelines("-%s\n" % l for l in sorted(b - a))
        summary = next((l for l in out.splitlines() if l.startswith("ltospell: ")), "")
        if rc == 0:
            findings[mode] = warning_lines(out)
        status = "FAIL" if problems else "PASS"
        failures += bool(problems)
        rows.append((mode, status, t_with, t_ref, len(findings.get(mode, [])), summary,
                     problems, debug))
        print("%s: %s [%s] link %.1fs with, %.1fs without; %d warnings; %s%s%s"
              % (status, name, mode, t_with, t_ref, len(findings.get(mode, [])),
                 summary or "(no summary)",
                 ("; " + "; ".join(problems)) if problems else "",
                 ("; debug info differs (not a failure): " + "; ".join(debug))
                 if debug else ""), flush=True)
        with open(os.path.join(out_dir, "output." + mode), "w") as f:
            f.write(out)
        if not keep:
            for path in (exe, ref):
                if os.path.exists(path):
                    os.remove(path)
    done = list(findings)
    if not done:
        print("FAIL: %s [determinism]: no link succeeded" % name)
        rows.append(("determinism", "FAIL", 0, 0, 0, "", ["no link succeeded"], []))
        return failures + 1, rows
    differing = [m for m in done[1:] if findings[m] != findings[done[0]]]
    if differing:
        failures += 1
        first = set(findings[done[0]])
        problem = "findings differ from %s in %s" % (done[0], "; ".join(
            "%s (%d only there, %d missing)" % (
                m, len(set(findings[m]) - first), len(first - set(findings[m])))
            for m in differing))
        print("FAIL: %s [determinism]: %s" % (name, problem))
        rows.append(("determinism", "FAIL", 0, 0, 0, "", [problem], []))
    else:
        print("PASS: %s [determinism]: same %d warnings in %d modes"
              % (name, len(findings[done[0]]), len(done)))
        rows.append(("determinism", "PASS", 0, 0, len(findings[done[0]]), "", [], []))
    return failures, rows


def bench_links(names):
    """Build the bench's programs (bench/bench.py, sources from Debian)
    and return (name, cwd, link argv) of each final link."""
    sys.path.insert(0, os.path.join(R.ROOT, "bench"))
    import bench as B                                   # noqa: E402
    work = os.path.abspath(os.environ.get("BENCH_WORK",
                                          os.path.join(R.ROOT, "build", "bench")))
    src_root = os.path.abspath(os.environ.get("BENCH_SRC", os.path.join(work, "src")))
    os.makedirs(work, exist_ok=True)
    links = []
    for name in names:
        spec = B.PROGRAMS[name]
        cwd, argv = B.build_program(name, spec, B.source_dir(spec, src_root), work)
        links.append((name, cwd, argv))
    return links


def write_table(path, results, plugin, modes, jobs):
    """The Markdown table of --bench runs: one row a program and mode."""
    with open(path, "w") as f:
        f.write("# Every partition mode on the bench's programs\n\n")
        f.write("Each program's final link (as its build system ran it) relinked\n"
                "in each mode with `-flto=%d` unless the mode sets it, with and\n"
                "without `-fplugin=%s`; PASS means both links succeeded, no ICE\n"
                "and no error, %s identical and the symbol\n"
                "tables (nm) identical.  The debug sections (%s)\n"
                "are compared apart: see lto-tests/runners/realprog.py.  The determinism\n"
                "row compares the warnings of every mode.\n\n"
                % (jobs, os.path.relpath(plugin, R.ROOT), ", ".join(CODE_SECTIONS),
                   ", ".join(DEBUG_SECTIONS)))
        f.write("Machine: %s, %d cores; %s.  Command: `%s`.\n\n"
                % (os.uname().machine, os.cpu_count(), time.strftime("%Y-%m-%d"),
                   " ".join(["python3", "lto-tests/runners/realprog.py"] + sys.argv[1:])))
        f.write("| program | mode | result | link with (s) | link without (s) | warnings "
                "| problems | debug sections |\n|---|---|---|---|---|---|---|---|\n")
        for name, rows in results:
            for mode, status, t_with, t_ref, warnings, _, problems, debug in rows:
                det = mode == "determinism"
                times = ("", "") if det else ("%.1f" % t_with, "%.1f" % t_ref)
                f.write("| %s | %s | %s | %s | %s | %d | %s | %s |\n"
                        % (name, mode, status, times[0], times[1], warnings,
                           "; ".join(problems).replace("|", "\\|") or "none",
                           "" if det else "; ".join(debug) or "identical"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", default=os.path.join(R.ROOT, "build", "ltospell.so"))
    ap.add_argument("--modes", default=DEFAULT_MODES,
                    help="comma-separated, from: " + ", ".join(ALL_MODES))
    ap.add_argument("--jobs", type=int, default=2, help="-flto=N of each link")
    ap.add_argument("--keep", action="store_true", help="keep the executables")
    ap.add_argument("--bench", action="store_true",
                    help="the arguments are bench programs (git tmux jq ninja): "
                    "build them as make bench does and check each")
    ap.add_argument("--table", help="with --bench: write a Markdown table here")
    ap.add_argument("name", nargs="?")
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    plugin = os.path.abspath(args.plugin)
    modes = args.modes.split(",")
    if args.bench:
        names = ([args.name] if args.name else []) + [a for a in args.rest if a != "--"]
        results, failures = [], 0
        for name, cwd, argv in bench_links(names or ["git", "tmux", "jq", "ninja"]):
            f, rows = check_program(name, cwd, argv, plugin, modes, args.jobs, args.keep)
            failures += f
            results.append((name, rows))
        if args.table:
            write_table(args.table, results, plugin, modes, args.jobs)
        print("realprog: %d failed" % failures)
        return 1 if failures else 0
    if not args.name or len(args.rest) < 2:
        ap.error("NAME DIR -- LINK COMMAND, or --bench [PROGRAM...]")
    cwd, command = args.rest[0], args.rest[1:]
    command = command[1:] if command[:1] == ["--"] else command
    if not command:
        ap.error("no link command")
    failures, _ = check_program(args.name, cwd, command, plugin, modes, args.jobs,
                                args.keep)
    print("realprog %s: %d failed" % (args.name, failures))
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
