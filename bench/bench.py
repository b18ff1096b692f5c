#!/usr/bin/env python3
"""bench.py: what ltospell costs on real programs, measured in one run.

For each program (Debian 12 source packages: git, tmux, jq and the C++
program ninja) the build runs once with -O2 -g -flto, with a recorder
(bench/cc-record) standing first in PATH as cc/gcc/c++/g++ so that the
final link is captured exactly as the build system ran it.  Then that
link is replayed twice in the same run, without and with the plugin,
and each replay is measured:

  * link CPU: user+sys of the whole link step, every lto1 included
    (rusage of the driver's process tree, from wait4);
  * WPA alone: bench/lto1-wrap is installed as "lto1" in a directory
    given with -B, so every lto1 runs under /usr/bin/time and writes
    its mode (wpa, ltrans, none), CPU and peak RSS to a log; the WPA
    line isolates WPA's peak RSS from the LTRANS processes;
  * the plugin's own phase times from -fplugin-arg-ltospell-stats and
    its summary line (string uses, distinct strings, words, findings);
  * WPA rerun alone (the command lto1-wrap kept), without and with the
    plugin, alternating, --wpa-reruns times each (default 5): the
    medians, and the median paired CPU difference, which one pair of
    links on a shared machine cannot give.

Then .text, .rodata and .data of the two binaries are compared, and the
same source tree is checked by codespell and the binary by the naive
`strings BINARY | hunspell -l`, for comparison.  One Markdown table per
program goes to bench/results/PROGRAM.md.

Usage: bench.py [--results DIR] [--plugin SO] [PROGRAM...]
Environment: BENCH_SRC (where sources are unpacked; default
build/bench/src), BENCH_WORK (scratch; default build/bench).
"""

import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")

# How each program is built.  SRC is the unpacked source directory.
# Every build uses the same flags; -flto=2 because the machine has two
# cores.  BINARY is the program the final link produces.
CFLAGS = "-O2 -g -flto"
LDFLAGS = "-flto=2"

PROGRAMS = {
    "git": {
        "package": "git",
        "lang": "C",
        "binary": "git",
        "build": [["make", "-j2", "NO_GETTEXT=1", "CFLAGS=" + CFLAGS,
                   "LDFLAGS=" + LDFLAGS, "git"]],
        # Rebuilding only the final link after the recorder was added.
        "relink": [["make", "NO_GETTEXT=1", "CFLAGS=" + CFLAGS,
                    "LDFLAGS=" + LDFLAGS, "git"]],
    },
    "tmux": {
        "package": "tmux",
        "lang": "C",
        "binary": "tmux",
        "build": [["sh", "-c", "test -f Makefile || ./configure -q "
                   "--enable-utempter CFLAGS='%s' LDFLAGS='%s'"
                   % (CFLAGS, LDFLAGS)],
                  ["make", "-j2", "tmux"]],
        "relink": [["make", "tmux"]],
    },
    "jq": {
        "package": "jq",
        "lang": "C",
        "binary": "jq",
        "build": [["sh", "-c", "test -f configure || autoreconf -fi >/dev/null 2>&1"],
                  ["sh", "-c", "test -f Makefile || ./configure -q "
                   "--disable-shared --disable-docs --disable-maintainer-mode "
                   "--with-oniguruma=yes CFLAGS='%s' LDFLAGS='%s'"
                   % (CFLAGS, LDFLAGS)],
                  # BUILT_SOURCES are made by "all" only.
                  ["make", "src/builtin.inc", "src/version.h"],
                  ["make", "-j2", "jq"]],
        "relink": [["make", "jq"]],
    },
    "ninja": {
        "package": "ninja-build",
        "lang": "C++",
        "binary": "ninja",
        "env": {"CXX": "g++", "CXXFLAGS": CFLAGS, "LDFLAGS": LDFLAGS},
        "build": [["python3", "configure.py", "--bootstrap"]],
        "relink": [["python3", "configure.py", "--bootstrap"]],
    },
}

DEFAULT_PROGRAMS = ["git", "tmux", "jq", "ninja"]


def log(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


def run_measured(argv, cwd, env, stderr_path):
    """Run ARGV; return (wall s, user+sys s of the whole tree, maxrss KiB)."""
    with open(stderr_path, "w") as err:
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                                stderr=err)
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (exit %d), see %s"
                           % (argv[0], proc.returncode, stderr_path))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


# ------------------------------------------------------------------
# Building once and capturing the final link.

def recorder_dir(work):
    d = os.path.join(work, "bin")
    os.makedirs(d, exist_ok=True)
    for tool in ("cc", "gcc", "c++", "g++"):
        path = os.path.join(d, tool)
        if not os.path.lexists(path):
            os.symlink(os.path.join(BENCH, "cc-record"), path)
    return d


def lto1_dir(work):
    d = os.path.join(work, "lto1")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "lto1")
    if not os.path.lexists(path):
        os.symlink(os.path.join(BENCH, "lto1-wrap"), path)
    return d


def read_links(path):
    """The link records of cc-record: (cwd, argv) pairs, in order."""
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        data = f.read()
    links = []
    for rec in data.split(b"\0\n"):
        if not rec:
            continue
        fields = [x.decode() for x in rec.split(b"\0")]
        links.append((fields[0], fields[1:]))
    return links


def output_of(argv):
    for i, a in enumerate(argv):
        if a == "-o" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("-o") and len(a) > 2:
            return a[2:]
    return "a.out"


def find_final_link(links, binary):
    found = None
    for cwd, argv in links:
        out = output_of(argv)
        if os.path.basename(out) == binary and "-flto" in " ".join(argv):
            found = (cwd, argv)
    return found


def build_program(name, spec, src, work):
    """Build NAME once (or reuse the build) and return its final link."""
    links_path = os.path.join(work, name + ".links")
    link = find_final_link(read_links(links_path), spec["binary"])
    if link:
        return link
    env = dict(os.environ)
    env.update(spec.get("env", {}))
    env["PATH"] = recorder_dir(work) + ":" + env["PATH"]
    env["LTOSPELL_BENCH_LINKS"] = links_path
    binary = os.path.join(src, spec["binary"])
    steps = spec["build"]
    if os.path.exists(binary):
        # Built before without the recorder: redo only the final link.
        os.unlink(binary)
        steps = spec["relink"]
    log("building %s in %s" % (name, src))
    for step in steps:
        with open(os.path.join(work, name + ".build.log"), "a") as out:
            subprocess.run(step, cwd=src, env=env, stdout=out, stderr=out,
                           check=True)
    link = find_final_link(read_links(links_path), spec["binary"])
    if not link:
        raise RuntimeError("no -flto link of %s recorded" % spec["binary"])
    return link


def source_dir(spec, src_root):
    pkg = spec["package"]
    for entry in sorted(os.listdir(src_root)) if os.path.isdir(src_root) else []:
        path = os.path.join(src_root, entry)
        if entry.startswith(pkg + "-") and os.path.isdir(path):
            return path
    subprocess.run(["sh", os.path.join(BENCH, "fetch-sources"), src_root, pkg],
                   check=True)
    return source_dir(spec, src_root)


# ------------------------------------------------------------------
# Replaying the link.

def relink(link, out, extra, work, tag):
    """Replay LINK with output OUT and EXTRA options; return measurements."""
    cwd, argv = link
    args = list(argv)
    for i, a in enumerate(args):
        if a == "-o":
            args[i + 1] = out
    args += ["-B", lto1_dir(work) + "/"] + extra
    lto1_log = os.path.join(work, tag + ".lto1")
    if os.path.exists(lto1_log):
        os.unlink(lto1_log)
    env = dict(os.environ)
    env["LTOSPELL_BENCH_LTO1"] = subprocess.run(
        ["gcc", "-print-prog-name=lto1"], capture_output=True, text=True,
        check=True).stdout.strip()
    env["LTOSPELL_BENCH_LTO1_LOG"] = lto1_log
    # Keep WPA's command to rerun it alone when profiling.
    env["LTOSPELL_BENCH_SAVE_WPA"] = os.path.join(work, tag + ".wpa")
    env.pop("LTOSPELL_BENCH_LINKS", None)
    stderr_path = os.path.join(work, tag + ".stderr")
    wall, cpu, maxrss = run_measured(args, cwd, env, stderr_path)
    r = {"wall": wall, "cpu": cpu, "maxrss_kib": maxrss, "stderr": stderr_path,
         "command": "cd %s && %s" % (shlex.quote(cwd), shlex.join(args))}
    wpa = [l.split() for l in open(lto1_log) if l.split()[0] in ("wpa", "none")]
    ltrans = [l.split() for l in open(lto1_log) if l.split()[0] == "ltrans"]
    if len(wpa) != 1:
        raise RuntimeError("expected one WPA lto1 in %s" % lto1_log)
    r["wpa_mode"] = wpa[0][0]
    r["wpa_cpu"] = float(wpa[0][2]) + float(wpa[0][3])
    r["wpa_rss_kib"] = int(wpa[0][4])
    r["ltrans_n"] = len(ltrans)
    r["ltrans_cpu"] = sum(float(l[2]) + float(l[3]) for l in ltrans)
    r["ltrans_max_rss_kib"] = max([int(l[4]) for l in ltrans] or [0])
    return r


def rerun_wpa(saved, cwd):
    """Run the WPA kept by lto1-wrap in SAVED once more, alone; return
    (user+sys CPU s, peak RSS KiB).  It writes the same partition files
    again; nothing else of the link runs."""
    with open(os.path.join(saved, "args"), "rb") as f:
        args = [a.decode() for a in f.read().split(b"\0")[:-1]]
    env = dict(os.environ)
    with open(os.path.join(saved, "env")) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            env[key] = value
    lto1 = subprocess.run(["gcc", "-print-prog-name=lto1"], capture_output=True,
                          text=True, check=True).stdout.strip()
    with tempfile.NamedTemporaryFile("r") as t:
        subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%U %S %M", lto1] + args,
                       cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        user, sys_, rss = t.read().split()[-3:]
    return float(user) + float(sys_), int(rss)


def wpa_reruns(link, work, n):
    """WPA without and with the plugin, rerun alone N times each,
    alternating, so that both see the same load: the medians of CPU
    and peak RSS, and of the N paired CPU differences."""
    cwd = link[0]
    runs = {"plain": [], "ltospell": []}
    for _ in range(n):
        for tag in ("plain", "ltospell"):
            runs[tag].append(rerun_wpa(os.path.join(work, tag + ".wpa"), cwd))
    med = lambda xs: sorted(xs)[len(xs) // 2]           # noqa: E731
    return {"n": n,
            "plain_cpu": med([c for c, _ in runs["plain"]]),
            "spell_cpu": med([c for c, _ in runs["ltospell"]]),
            "plain_rss": med([r for _, r in runs["plain"]]),
            "spell_rss": med([r for _, r in runs["ltospell"]]),
            "delta": med([b[0] - a[0] for a, b in zip(runs["plain"], runs["ltospell"])]),
            "deltas": [b[0] - a[0] for a, b in zip(runs["plain"], runs["ltospell"])]}


SUMMARY_RE = re.compile(r"ltospell: (\d+) string uses, (\d+) distinct strings, "
                        r"(\d+) distinct words, \d+ misspelled words? in "
                        r"(\d+) findings?")


def parse_plugin_output(path):
    """The plugin's summary, its stats lines and the warnings it gave."""
    out = {"stats": [], "warnings": 0}
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = SUMMARY_RE.search(line)
            if m:
                out["uses"], out["strings"], out["words"], out["findings"] = \
                    map(int, m.groups())
            elif "warning: misspelled word" in line:
                out["warnings"] += 1
            elif line.startswith("ltospell: stats:"):
                out["stats"].append(line)
    out.update(parse_stats(out["stats"]))
    return out


# The line -fplugin-arg-ltospell-stats prints (plugin.cc, print_stats).
STATS_RE = re.compile(
    r"ltospell: stats: (\d+) functions \((\d+) bodies read\), (\d+) variables, "
    r"(\d+) dead symbols; cpu seconds: load ([0-9.]+), walk ([0-9.]+), "
    r"gc ([0-9.]+), split ([0-9.]+), check ([0-9.]+), report ([0-9.]+), "
    r"total ([0-9.]+)")


def parse_stats(lines):
    """Counts and phase times (CPU seconds) from the stats line."""
    for line in lines:
        m = STATS_RE.search(line)
        if m:
            g = m.groups()
            return {"functions": int(g[0]), "plugin_stats": {
                "bodies_read": int(g[1]), "variables": int(g[2]),
                "dead_symbols": int(g[3]), "load": float(g[4]),
                "walk": float(g[5]), "gc": float(g[6]), "split": float(g[7]),
                "check": float(g[8]), "report": float(g[9]),
                "total": float(g[10])}}
    return {"plugin_stats": {}}


def section_digest(binary, section):
    with tempfile.NamedTemporaryFile() as tmp:
        subprocess.run(["objcopy", "-O", "binary", "--only-section=" + section,
                        binary, tmp.name], check=True, capture_output=True)
        return hashlib.sha256(open(tmp.name, "rb").read()).hexdigest()


# ------------------------------------------------------------------
# The other checkers.

def codespell(src):
    """codespell over the tree, and over its C/C++ sources only."""
    out = {}
    start = time.monotonic()
    p = subprocess.run(["codespell", "--quiet-level=2", "-S", ".git,debian", src],
                       capture_output=True, text=True)
    out["tree_wall"] = time.monotonic() - start
    out["tree_findings"] = sum(1 for l in p.stdout.splitlines() if "==>" in l)
    files = []
    for d, dirs, names in os.walk(src):
        dirs[:] = [x for x in dirs if x not in (".git", "debian")]
        files += [os.path.join(d, n) for n in names
                  if re.search(r"\.(c|h|cc|cpp|hh|hpp)$", n)]
    start = time.monotonic()
    p = subprocess.run(["codespell", "--quiet-level=2"] + sorted(files),
                       capture_output=True, text=True)
    out["code_wall"] = time.monotonic() - start
    out["code_findings"] = sum(1 for l in p.stdout.splitlines() if "==>" in l)
    return out


def naive_hunspell(binary):
    """strings | hunspell -l on the binary as built (with -g, so its
    debug sections' identifiers too) and on a stripped copy (what is
    shipped)."""
    out = {}
    stripped = binary + ".stripped"
    subprocess.run(["strip", "-o", stripped, binary], check=True)
    for key, path in (("", binary), ("stripped_", stripped)):
        start = time.monotonic()
        p = subprocess.run("strings %s | hunspell -d en_US -l" % shlex.quote(path),
                           shell=True, capture_output=True, text=True,
                           errors="replace")
        words = p.stdout.split()
        out[key + "wall"] = time.monotonic() - start
        out[key + "words"] = len(words)
        out[key + "distinct"] = len(set(words))
    return out


# ------------------------------------------------------------------
# The report.

def machine():
    model = "?"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    mem = 0
    for line in open("/proc/meminfo"):
        if line.startswith("MemTotal"):
            mem = int(line.split()[1]) // 1024 // 1024
    gcc = subprocess.run(["gcc", "-dumpfullversion"], capture_output=True,
                         text=True).stdout.strip()
    debian = open("/etc/debian_version").read().strip() \
        if os.path.exists("/etc/debian_version") else "?"
    return "%s, %d cores, %d GiB; Debian %s, GCC %s" % (
        model, os.cpu_count(), mem, debian, gcc)


def load():
    return open("/proc/loadavg").read().split()[:3]


def pct(new, old):
    return "%+.1f %%" % ((new - old) / old * 100.0) if old else "n/a"


def mib(kib):
    return "%.0f MB" % (kib / 1024.0)


def table(name, spec, src, plain, spell, plugin, same, cs, hs, loads, cmd, reruns=None):
    ps = plugin.get("plugin_stats", {})
    rows = [
        ("link CPU (user+sys, all lto1)", "%.1f s" % plain["cpu"],
         "%.1f s" % spell["cpu"], pct(spell["cpu"], plain["cpu"])),
        ("link wall", "%.1f s" % plain["wall"], "%.1f s" % spell["wall"],
         pct(spell["wall"], plain["wall"])),
        ("WPA CPU (%s)" % plain["wpa_mode"], "%.2f s" % plain["wpa_cpu"],
         "%.2f s" % spell["wpa_cpu"], pct(spell["wpa_cpu"], plain["wpa_cpu"])),
        ("WPA peak RSS (its lto1 alone)", mib(plain["wpa_rss_kib"]), mib(spell["wpa_rss_kib"]),
         pct(spell["wpa_rss_kib"], plain["wpa_rss_kib"])),
        ("largest process of the link (wait4 maxrss)", mib(plain["maxrss_kib"]),
         mib(spell["maxrss_kib"]), pct(spell["maxrss_kib"], plain["maxrss_kib"])),
        ("largest LTRANS process", mib(plain["ltrans_max_rss_kib"]),
         mib(spell["ltrans_max_rss_kib"]),
         pct(spell["ltrans_max_rss_kib"], plain["ltrans_max_rss_kib"])),
        ("LTRANS processes; CPU", "%d; %.1f s" % (plain["ltrans_n"], plain["ltrans_cpu"]),
         "%d; %.1f s" % (spell["ltrans_n"], spell["ltrans_cpu"]),
         pct(spell["ltrans_cpu"], plain["ltrans_cpu"])),
    ]
    extra = spell["wpa_cpu"] - plain["wpa_cpu"]
    rows.append(("plugin cost as WPA CPU delta", "", "%.2f s" % extra,
                 "%.2f %% of link CPU" % (extra / plain["cpu"] * 100)))
    if reruns:
        rr = reruns
        rows.append(("WPA CPU, rerun alone (median of %d)" % rr["n"], "%.2f s" % rr["plain_cpu"],
                     "%.2f s" % rr["spell_cpu"], pct(rr["spell_cpu"], rr["plain_cpu"])))
        rows.append(("WPA peak RSS, rerun alone (median of %d)" % rr["n"],
                     mib(rr["plain_rss"]), mib(rr["spell_rss"]),
                     pct(rr["spell_rss"], rr["plain_rss"])))
        rows.append(("plugin cost as median paired WPA delta (%s)"
                     % ", ".join("%.2f" % d for d in rr["deltas"]), "",
                     "%.2f s" % rr["delta"],
                     "%.2f %% of link CPU" % (rr["delta"] / plain["cpu"] * 100)))
    lines = []
    lines.append("# %s (%s, Debian source package `%s`, %s)\n"
                 % (name, spec["lang"], spec["package"], os.path.basename(src)))
    lines.append("Machine: %s.  " % machine())
    lines.append("Load average before / after: %s / %s (other work shared "
                 "the two cores).  " % (" ".join(loads[0]), " ".join(loads[1])))
    lines.append("Date: %s.\n" % time.strftime("%Y-%m-%d %H:%M %Z"))
    lines.append("Produced by `%s`; build flags CFLAGS=`%s` LDFLAGS=`%s`, "
                 "built once, the final link replayed twice in the same run.\n"
                 % (cmd, CFLAGS, LDFLAGS))
    lines.append("| measure | without plugin | with plugin | ratio |")
    lines.append("| --- | ---: | ---: | ---: |")
    for r in rows:
        lines.append("| %s | %s | %s | %s |" % r)
    lines.append("")
    if ps:
        lines.append("Plugin phases (`-fplugin-arg-ltospell-stats`, CPU s): "
                     "loading bodies %.2f, walking %.2f, garbage collection "
                     "%.2f, splitting %.2f, checking %.2f, reporting %.2f; "
                     "total %.2f = %.2f %% of link CPU (the WPA CPU delta "
                     "above also counts the symbol-table walks and freeing "
                     "memory at the end).  Bodies read %d, variables "
                     "%d, dead symbols %d.\n" % (
                         ps["load"], ps["walk"], ps["gc"], ps["split"],
                         ps["check"], ps["report"],
                         ps["total"], ps["total"] / plain["cpu"] * 100,
                         ps["bodies_read"], ps["variables"], ps["dead_symbols"]))
    else:
        lines.append("Plugin stats: the plugin printed no phase times "
                     "(`stats` not implemented in this build).\n")
    lines.append("| what the plugin saw | |")
    lines.append("| --- | ---: |")
    for key, label in (("functions", "functions"), ("uses", "string uses"),
                       ("strings", "distinct strings"),
                       ("words", "distinct words"),
                       ("findings", "findings (misspelled word per distinct string)")):
        v = plugin.get(key, ps.get(key))
        lines.append("| %s | %s |" % (label, "%d" % v if v is not None else "n/a"))
    lines.append("| warnings printed | %d |" % plugin["warnings"])
    lines.append("")
    lines.append("Sections of the two binaries: " + ", ".join(
        "%s %s" % (s, "identical" if ok else "**DIFFERENT**")
        for s, ok in same) + ".\n")
    lines.append("| other checker | wall | reports |")
    lines.append("| --- | ---: | ---: |")
    lines.append("| codespell, whole source tree (docs, tests, comments) | %.1f s | %d |"
                 % (cs["tree_wall"], cs["tree_findings"]))
    lines.append("| codespell, C/C++ sources only (comments and identifiers too) | %.1f s | %d |"
                 % (cs["code_wall"], cs["code_findings"]))
    lines.append("| `strings %s \\| hunspell -d en_US -l` (binary with -g) | %.1f s | %d words, %d distinct |"
                 % (spec["binary"], hs["wall"], hs["words"], hs["distinct"]))
    lines.append("| the same on the stripped binary | %.1f s | %d words, %d distinct |"
                 % (hs["stripped_wall"], hs["stripped_words"], hs["stripped_distinct"]))
    lines.append("| ltospell (with plugin, above) | %.1f s of WPA CPU | %d findings |"
                 % (max(extra, 0.0), plugin.get("findings", 0)))
    lines.append("")
    return "\n".join(lines)


def bench_program(name, args, src_root, work):
    spec = PROGRAMS[name]
    src = source_dir(spec, src_root)
    pwork = os.path.join(work, name)
    os.makedirs(pwork, exist_ok=True)
    link = build_program(name, spec, src, work)
    if args.build_only:
        return True
    loads = [load()]
    sarif = os.path.join(pwork, name + ".sarif")
    if os.path.exists(sarif):
        os.unlink(sarif)
    plugin_opts = ["-fplugin=" + args.plugin] + \
        ["-fplugin-arg-ltospell-" + o for o in args.plugin_arg] + \
        ["-fplugin-arg-ltospell-sarif=" + sarif]
    out_plain = os.path.join(pwork, spec["binary"] + ".plain")
    out_spell = os.path.join(pwork, spec["binary"] + ".ltospell")
    log("%s: link without the plugin" % name)
    plain = relink(link, out_plain, [], pwork, "plain")
    log("%s: link with the plugin" % name)
    spell = relink(link, out_spell, plugin_opts, pwork, "ltospell")
    loads.append(load())
    plugin = parse_plugin_output(spell["stderr"])
    same = [(s, section_digest(out_plain, s) == section_digest(out_spell, s))
            for s in (".text", ".rodata", ".data")]
    reruns = None
    if args.wpa_reruns > 0 and plain["wpa_mode"] == "wpa":
        log("%s: WPA alone, %d times each" % (name, args.wpa_reruns))
        reruns = wpa_reruns(link, pwork, args.wpa_reruns)
    log("%s: codespell and hunspell" % name)
    cs = codespell(src)
    hs = naive_hunspell(out_plain)
    cmd = "sh bench/run " + " ".join(shlex.quote(a) for a in sys.argv[1:]) \
        if len(sys.argv) > 1 else "make bench"
    cmd = "".join("%s=%s " % (k, os.environ[k]) for k in ("BENCH_SRC", "BENCH_WORK")
                  if k in os.environ) + cmd
    text = table(name, spec, src, plain, spell, plugin, same, cs, hs, loads, cmd, reruns)
    text += "\nLink command replayed (in `%s`), with `-B DIR/` added to " \
            "time each lto1 and, for the second link, %s:\n\n    %s\n" % (
                link[0], " ".join("`%s`" % o for o in plugin_opts),
                shlex.join(link[1]))
    text += "\nSARIF log of the link: %s (%s).\n" % (
        sarif, "%d results" % sarif_results(sarif) if os.path.exists(sarif)
        else "not written")
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, name + (
            "-" + args.tag if args.tag else "") + ".md"), "w") as f:
        f.write(text)
    print(text, flush=True)
    return all(ok for _, ok in same)


def sarif_results(path):
    with open(path) as f:
        return sum(len(r.get("results", [])) for r in json.load(f)["runs"])


def merge_sarif(work, names, results_dir, tag):
    """Past one machine: each link wrote its own SARIF log; merge them
    with Microsoft's SARIF Multitool (npm @microsoft/sarif-multitool,
    installed into WORK/npm on first use)."""
    logs = [os.path.join(work, n, n + ".sarif") for n in names]
    logs = [l for l in logs if os.path.exists(l)]
    if not logs:
        return
    npm = os.path.join(work, "npm")
    tool = os.path.join(npm, "node_modules", "@microsoft", "sarif-multitool-linux",
                        "Sarif.Multitool")
    if not os.path.exists(tool):
        if not shutil.which("npm") or subprocess.run(
                ["npm", "install", "--prefix", npm, "--no-audit", "--no-fund",
                 "@microsoft/sarif-multitool"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode != 0 \
                or not os.path.exists(tool):
            log("SARIF Multitool unavailable (npm @microsoft/sarif-multitool); "
                "logs left unmerged: " + " ".join(logs))
            return
    os.chmod(tool, 0o755)
    out = os.path.join(work, "merged")
    os.makedirs(out, exist_ok=True)
    start = time.monotonic()
    # Every log names its files relative to its own link directory
    # (uriBaseId SRCROOT); merged into one run those bases would clash,
    # so each log's URIs are made absolute first.
    absolute = []
    for l in logs:
        subprocess.run([tool, "absoluteuri", l, "--output-directory=" + out,
                        "--log=ForceOverwrite"], capture_output=True)
        absolute.append(os.path.join(out, os.path.basename(l)[:-6]
                                     + "-absolute.sarif"))
    p = subprocess.run([tool, "merge"] + absolute + [
                        "--output-directory=" + out, "--output-file=merged.sarif",
                        "--log=ForceOverwrite"],
                       capture_output=True, text=True)
    wall = time.monotonic() - start
    merged = os.path.join(out, "merged.sarif")
    lines = ["# SARIF logs merged across links\n",
             "Each link of `make bench` wrote its SARIF 2.1.0 log "
             "(`-fplugin-arg-ltospell-sarif=FILE`); Microsoft's SARIF Multitool "
             "(npm `@microsoft/sarif-multitool`, run offline) merged them:\n",
             "    Sarif.Multitool absoluteuri NAME.sarif --output-directory=DIR "
             "--log=ForceOverwrite      # for each log\n"
             "    Sarif.Multitool merge " + " ".join(
                 os.path.basename(l)[:-6] + "-absolute.sarif" for l in logs)
             + " --output-directory=DIR --output-file=merged.sarif "
             "--log=ForceOverwrite\n",
             "| log | results |", "| --- | ---: |"]
    total = 0
    for l in logs:
        n = sarif_results(l)
        total += n
        lines.append("| %s | %d |" % (os.path.basename(l), n))
    if p.returncode == 0 and os.path.exists(merged):
        runs = json.load(open(merged))["runs"]
        lines.append("| **merged.sarif** (%d runs, %.1f s) | %d |"
                     % (len(runs), wall, sarif_results(merged)))
        uris = [loc["physicalLocation"]["artifactLocation"].get("uri", "")
                for run in runs for r in run["results"]
                for loc in r.get("locations", [])[:1]]
        counts = []
        for l in logs:
            base = json.load(open(l))["runs"][0].get(
                "originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "?")
            counts.append("%s %d" % (base, sum(u.startswith(base) for u in uris)))
        lines.append("\nMerged results under each link directory: "
                     + ", ".join(counts) + ".")
    else:
        lines.append("| merge failed (exit %d): %s | |"
                     % (p.returncode, (p.stdout + p.stderr).strip()[-300:]))
    lines.append("\nInputs add up to %d results.\n" % total)
    with open(os.path.join(results_dir, "sarif-merge%s.md"
                           % ("-" + tag if tag else "")), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", default=os.path.join(BENCH, "results"))
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "ltospell.so"))
    ap.add_argument("--plugin-arg", action="append", default=["stats"])
    ap.add_argument("--tag", default="",
                    help="suffix of the results files (name-TAG.md)")
    ap.add_argument("--wpa-reruns", type=int, default=5,
                    help="rerun each WPA alone this many times (medians; 0: no)")
    ap.add_argument("--build-only", action="store_true",
                    help="build and capture the links, measure nothing")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    args.plugin = os.path.abspath(args.plugin)
    work = os.path.abspath(os.environ.get("BENCH_WORK",
                                          os.path.join(ROOT, "build", "bench")))
    src_root = os.path.abspath(os.environ.get("BENCH_SRC",
                                              os.path.join(work, "src")))
    os.makedirs(work, exist_ok=True)
    ok = True
    names = args.programs or DEFAULT_PROGRAMS
    for name in names:
        if name not in PROGRAMS:
            sys.exit("bench: unknown program %s (known: %s)"
                     % (name, " ".join(PROGRAMS)))
        try:
            ok = bench_program(name, args, src_root, work) and ok
        except (RuntimeError, subprocess.CalledProcessError) as e:
            log("%s: %s" % (name, e))
            ok = False
    if not args.build_only:
        merge_sarif(work, names, args.results, args.tag)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
