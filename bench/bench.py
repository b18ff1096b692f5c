#!/usr/bin/env python3
"""bench.py: what ltospell costs on real programs, measured in one run,
the way users run it: the plugin in CFLAGS (the compiler writes each
unit's summary into its object) and in LDFLAGS (the link reads the
summaries in WPA).

For each program (Debian 12 source packages: git, tmux, jq and the C++
program ninja) the source package is unpacked twice under BENCH_WORK
and built twice, side by side (each build -j1, at the same time, so
that both see the same load), with -O2 -g -flto:

  * plain/: CFLAGS and LDFLAGS without the plugin;
  * summ/:  the same plus -fplugin=SO in CFLAGS and LDFLAGS.

Each build, and every link, runs in a mount namespace of its own where
its tree is seen at BENCH_WORK/PROGRAM/src (unshare -m; needs root), as
one build directory built twice: GCC records the compile directory in
the objects and makes file names relative to the link's, so a mixed
link of objects from two directories would name files differently.

A recorder (bench/cc-record) stands first in PATH as cc/gcc/c++/g++: it
captures the final link as the build system ran it, and times every
compile (-c), so the compile CPU of all units is known for both builds.
Autotools programs (tmux, jq) have their configure results compared
(config.h, config.status, Makefile, apart from CFLAGS and LDFLAGS).
Builds are kept and reused: a tree with its .bench-built marker is not
built again, so `--plugin SO` reruns every link with another plugin
build without recompiling (the objects' summaries stay).

Then the final link is replayed, with bench/lto1-wrap as "lto1" (given
with -B) timing every lto1 and keeping WPA's command to rerun it alone:

  * summarised objects without and with the plugin (full links: their
    .text, .rodata and .data must be identical, and the same sections
    of the plain objects' link too);
  * plain objects without and with the plugin (the fallback: every
    body read in WPA);
  * a mix, every second object (or archive member) from each build,
    with the plugin.
  The three links with the plugin write the JSON report; it must be
  byte-identical, or the bench fails loudly.

  * WPA alone: the four kept WPA commands are rerun --wpa-reruns times
    each (default 5), alternating: medians of CPU and peak RSS, and the
    median of the paired CPU differences.  The headline is summarised
    objects without vs with the plugin: the WPA CPU delta as a share of
    WPA alone (target <= 10 % or 0.1 s), and the peak RSS delta
    (target <= 5 %).
  * When WPA checks the program: the summarised link's WPA rerun 3
    times each without the plugin, with check-at=pass and with
    check-at=end: the peak RSS of each (check_at_reruns).

The plugin's fixed cost (opening the dictionaries and word lists) is
measured on a one-string program the same way, and on the same with a
misspelling (its suggestions open enchant), both also under
cachegrind.  One Markdown table
per program goes to bench/results/PROGRAM.md, and the key numbers of
every program benched under the same BENCH_WORK to
bench/results/overview.md.

Usage: bench.py [--results DIR] [--plugin SO] [PROGRAM...]
Environment: BENCH_SRC (where Debian source packages, .dsc and their
tarballs, or unpacked trees are found; default BENCH_WORK/src),
BENCH_WORK (builds and scratch; default build/bench).
"""

import argparse
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")

# Every build uses the same flags; -flto=2 because the machine has two
# cores.  The summarised build adds -fplugin=SO to both.
CFLAGS = "-O2 -g -flto"
LDFLAGS = "-flto=2"


def configure_step(argv, cflags, ldflags):
    return {"argv": argv + ["CFLAGS=" + cflags, "LDFLAGS=" + ldflags],
            "configure": True}


PROGRAMS = {
    "git": {
        "package": "git",
        "lang": "C",
        "binary": "git",
        "steps": lambda cf, lf: [
            {"argv": ["make", "-j1", "NO_GETTEXT=1", "CFLAGS=" + cf,
                      "LDFLAGS=" + lf, "git"], "compile": True}],
    },
    "tmux": {
        "package": "tmux",
        "lang": "C",
        "binary": "tmux",
        "steps": lambda cf, lf: [
            configure_step(["./configure", "-q", "--enable-utempter"], cf, lf),
            {"argv": ["make", "-j1", "tmux"], "compile": True}],
    },
    "jq": {
        "package": "jq",
        "lang": "C",
        "binary": "jq",
        "steps": lambda cf, lf: [
            {"argv": ["sh", "-c", "test -f configure || autoreconf -fi"]},
            configure_step(["./configure", "-q", "--disable-shared",
                            "--disable-docs", "--disable-maintainer-mode",
                            "--with-oniguruma=yes"], cf, lf),
            # BUILT_SOURCES are made by "all" only.
            {"argv": ["make", "src/builtin.inc", "src/version.h"], "compile": True},
            {"argv": ["make", "-j1", "jq"], "compile": True}],
    },
    "ninja": {
        "package": "ninja-build",
        "lang": "C++",
        "binary": "ninja",
        # configure.py --bootstrap compiles every unit, links ninja, and
        # that ninja rebuilds itself: every unit is compiled twice.
        "steps": lambda cf, lf: [
            {"argv": ["python3", "configure.py", "--bootstrap"], "compile": True,
             "env": {"CXX": "g++", "CXXFLAGS": cf, "LDFLAGS": lf}}],
    },
}

DEFAULT_PROGRAMS = ["tmux", "jq", "ninja", "git"]


def log(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


def plugin_flag(plugin):
    return "-fplugin=" + plugin


def run_measured(argv, cwd, env, stderr_path, may_fail=False):
    """Run ARGV; return (wall s, user+sys s of the whole tree, maxrss KiB,
    exit code)."""
    with open(stderr_path, "w") as err:
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                                stderr=err)
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not may_fail:
        raise RuntimeError("%s failed (exit %d), see %s" % (argv[0], code, stderr_path))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, code


def lto1_path():
    return subprocess.run(["gcc", "-print-prog-name=lto1"], capture_output=True,
                          text=True, check=True).stdout.strip()


# ------------------------------------------------------------------
# Building twice and capturing the final links.

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


def without_plugin(argv):
    """ARGV without the plugin options the build put on it."""
    return [a for a in argv if not a.startswith("-fplugin")]


# The two builds of a program unpack it side by side: the first to come
# fetches it while the other waits (two apt-get runs at once fail on
# apt's lists lock on a machine that has no deb-src entry yet).
FETCH_LOCK = threading.Lock()


def unpack(spec, src_root, dest):
    """A pristine source tree of SPEC at DEST: from the Debian source
    package in SRC_ROOT (dpkg-source -x), else a copy of an unpacked
    tree there, else fetched with bench/fetch-sources."""
    pkg = spec["package"]
    with FETCH_LOCK:
        dscs = fetched_source(pkg, src_root, dest)
    if dscs is None:
        return
    subprocess.run(["dpkg-source", "--no-check", "-x", dscs[-1], dest], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def fetched_source(pkg, src_root, dest):
    """The .dsc files of PKG in SRC_ROOT, fetched when there are none;
    None when an unpacked tree there was copied to DEST instead."""
    dscs = sorted(glob.glob(os.path.join(src_root, pkg + "_*.dsc")))
    if not dscs:
        trees = sorted(d for d in glob.glob(os.path.join(src_root, pkg + "-*"))
                       if os.path.isdir(d))
        if trees:
            log("no .dsc of %s in %s: copying %s (it must be unbuilt)"
                % (pkg, src_root, trees[-1]))
            shutil.copytree(trees[-1], dest, symlinks=True)
            return None
        subprocess.run(["sh", os.path.join(BENCH, "fetch-sources"), src_root, pkg],
                       check=True)
        dscs = sorted(glob.glob(os.path.join(src_root, pkg + "_*.dsc")))
        if not dscs:
            raise RuntimeError("bench/fetch-sources left no .dsc of %s in %s"
                               % (pkg, src_root))
    return dscs


def in_tree(tree, common, argv):
    """ARGV run in a mount namespace of its own where the directory TREE
    is also seen at COMMON, from there.  Both builds of a program, and
    every link, run at the same path, as one build directory rebuilt
    would: GCC's LTO streamer records the compile directory and makes
    file names relative to the link's, so objects built in two trees
    would report different paths in a mixed link.  Needs root."""
    if tree is None:
        return argv
    return ["unshare", "-m", "sh", "-c",
            'mount --bind "$1" "$2" && cd "$2" && shift 2 && exec "$@"',
            "sh", tree, common] + argv


def tree_paths(work, name, variant):
    base = os.path.join(work, name, variant)
    return {"base": base, "src": os.path.join(base, "src"),
            "common": os.path.join(work, name, "src"),
            "links": os.path.join(base, "links.rec"),
            "compile_log": os.path.join(base, "compile.log"),
            "compiles": os.path.join(base, "compiles.rec"),
            "build_log": os.path.join(base, "build.log"),
            "marker": os.path.join(base, "src", ".bench-built")}


def run_steps(steps, t, work):
    env = dict(os.environ)
    env["PATH"] = recorder_dir(work) + ":" + env["PATH"]
    env["LTOSPELL_BENCH_LINKS"] = t["links"]
    env.pop("LTOSPELL_BENCH_COMPILE_LOG", None)
    env.pop("LTOSPELL_BENCH_COMPILES", None)
    env["PWD"] = t["common"]
    os.makedirs(t["common"], exist_ok=True)
    with open(t["build_log"], "a") as out:
        for step in steps:
            e = dict(env)
            e.update(step.get("env", {}))
            if step.get("compile"):
                e["LTOSPELL_BENCH_COMPILE_LOG"] = t["compile_log"]
                e["LTOSPELL_BENCH_COMPILES"] = t["compiles"]
            start = time.monotonic()
            if step.get("configure"):
                e["LTOSPELL_BENCH_CONFIGURE"] = "1"
            subprocess.run(in_tree(t["src"], t["common"], ["nice"] + step["argv"]),
                           cwd="/", env=e, stdout=out, stderr=out, check=True)
            if step.get("configure"):
                with open(os.path.join(t["base"], "configure.wall"), "w") as f:
                    f.write("%.1f\n" % (time.monotonic() - start))


def build_variant(name, spec, src_root, work, variant, cflags, ldflags, errors):
    t = tree_paths(work, name, variant)
    try:
        if os.path.exists(t["marker"]):
            return
        if os.path.exists(t["base"]):
            shutil.rmtree(t["base"])
        os.makedirs(t["base"])
        unpack(spec, src_root, t["src"])
        log("%s: building %s (CFLAGS=%s LDFLAGS=%s)" % (name, variant, cflags, ldflags))
        run_steps(spec["steps"](cflags, ldflags), t, work)
        if not find_final_link(read_links(t["links"]), spec["binary"]):
            raise RuntimeError("no -flto link of %s recorded" % spec["binary"])
        with open(t["marker"], "w") as f:
            f.write("CFLAGS=%s\nLDFLAGS=%s\n" % (cflags, ldflags))
    except Exception as e:                                  # noqa: BLE001
        errors.append("%s %s: %s (see %s)" % (name, variant, e, t["build_log"]))


def build_program(name, spec, src_root, work, plugin):
    """Build NAME twice, side by side (or reuse the builds); return the
    two trees' paths."""
    errors = []
    threads = [threading.Thread(target=build_variant, args=(
        name, spec, src_root, work, v, cf, lf, errors)) for v, cf, lf in (
            ("plain", CFLAGS, LDFLAGS),
            ("summ", CFLAGS + " " + plugin_flag(plugin),
             LDFLAGS + " " + plugin_flag(plugin)))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if errors:
        raise RuntimeError("; ".join(errors))
    return tree_paths(work, name, "plain"), tree_paths(work, name, "summ")


def compile_plugin_of(work, name):
    """The plugin the summarised build of NAME was compiled with."""
    marker = tree_paths(work, name, "summ")["marker"]
    if os.path.exists(marker):
        for line in open(marker):
            m = re.search(r"-fplugin=(\S+)", line)
            if m:
                return m.group(1)
    return None


def compile_cpu(t):
    """(CPU seconds, number of compiles) of a build, from cc-record."""
    total, n = 0.0, 0
    with open(t["compile_log"]) as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and w[0] == "compile":
                total += float(w[1]) + float(w[2])
                n += 1
    return total, n


def objects(root):
    out = {}
    for d, dirs, names in os.walk(root):
        for n in names:
            if n.endswith(".o") and not n.startswith("conftest"):
                p = os.path.join(d, n)
                out[os.path.relpath(p, root)] = os.path.getsize(p)
    return out


SECTION_RE = re.compile(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)")


def summary_bytes(root, paths):
    """Bytes of ltospell's summary sections in the objects PATHS."""
    total = 0
    for i in range(0, len(paths), 200):
        p = subprocess.run(["readelf", "-SW"] + [os.path.join(root, x)
                                                for x in paths[i:i + 200]],
                           capture_output=True, text=True)
        for line in p.stdout.splitlines():
            m = SECTION_RE.match(line)
            if m and m.group(1).startswith(".gnu.lto_ltospell"):
                total += int(m.group(2), 16)
    return total


def compile_figures(plain, summ):
    cp, np_ = compile_cpu(plain)
    cs, ns = compile_cpu(summ)
    op, os_ = objects(plain["src"]), objects(summ["src"])
    common = sorted(set(op) & set(os_))
    return {"cpu_plain": cp, "cpu_summ": cs, "compiles_plain": np_,
            "compiles_summ": ns, "objects": len(common),
            "bytes_plain": sum(op[k] for k in common),
            "bytes_summ": sum(os_[k] for k in common),
            "summary_bytes": summary_bytes(summ["src"], common),
            "only_one_side": sorted(set(op) ^ set(os_))}


# ------------------------------------------------------------------
# Autotools: the same configure results with the plugin in CFLAGS and
# LDFLAGS.

def configure_compare(plain, summ, plugin):
    """Differences between the two trees' configure results, with the
    tree's own path and the plugin option taken out (so CFLAGS and
    LDFLAGS compare equal when the plugin is all that differs)."""
    flag = " " + plugin_flag(plugin)
    diffs = []
    files = []
    for rel in ("config.h", "config.status", "Makefile"):
        a, b = os.path.join(plain["src"], rel), os.path.join(summ["src"], rel)
        if not os.path.exists(a) and not os.path.exists(b):
            continue
        files.append(rel)
        if not (os.path.exists(a) and os.path.exists(b)):
            diffs.append("%s: only in one tree" % rel)
            continue
        def norm(line):
            # configure's own arguments: quoting follows the values.
            if line.startswith("ac_cs_config="):
                line = line.replace("'\\''", "").replace("'", "")
            return line
        la = [norm(l.replace(plain["src"], "TREE")) for l in open(a, errors="replace")]
        lb = [norm(l.replace(summ["src"], "TREE").replace(flag, "").replace(
            plugin_flag(plugin), "")) for l in open(b, errors="replace")]
        if la != lb:
            import difflib
            d = [l.rstrip("\n") for l in difflib.unified_diff(
                la, lb, "plain/" + rel, "summ/" + rel, n=0)]
            diffs.append("\n".join(d[:40]))
    walls = []
    for t in (plain, summ):
        p = os.path.join(t["base"], "configure.wall")
        walls.append(float(open(p).read()) if os.path.exists(p) else None)
    return {"files": files, "diffs": diffs, "wall_plain": walls[0],
            "wall_summ": walls[1]}


# ------------------------------------------------------------------
# A mix: every second object from each build.

def read_ar(path):
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"!<arch>\n"):
        raise RuntimeError("%s: not an ar archive" % path)
    pos, members = 8, []
    while pos < len(data):
        hdr = data[pos:pos + 60]
        size = int(hdr[48:58].decode().strip())
        members.append((hdr, data[pos + 60:pos + 60 + size]))
        pos += 60 + size + (size & 1)
    return members


def write_mixed_ar(a, b, out, counter):
    """Archive OUT with the members of A and B (the same names in the
    same order) taken alternately; COUNTER[0] continues the alternation
    across the link's inputs.  The symbol index is rebuilt by gcc-ar."""
    ma, mb = read_ar(a), read_ar(b)
    special = lambda h: h[:16].rstrip() in (b"/", b"/SYM64/")   # noqa: E731
    ma = [m for m in ma if not special(m[0])]
    mb = [m for m in mb if not special(m[0])]
    if [h[:16] for h, _ in ma] != [h[:16] for h, _ in mb]:
        raise RuntimeError("%s and %s hold different members" % (a, b))
    parts = [b"!<arch>\n"]
    taken = [0, 0]
    for (ha, da), (hb, db) in zip(ma, mb):
        if ha[:16].rstrip() == b"//":
            h, d = ha, da
        else:
            k = counter[0] % 2
            counter[0] += 1
            taken[k] += 1
            h, d = (ha, da) if k == 0 else (hb, db)
        h = h[:48] + ("%-10d" % len(d)).encode() + h[58:]
        parts += [h, d] + ([b"\n"] if len(d) & 1 else [])
    with open(out, "wb") as f:
        f.write(b"".join(parts))
    subprocess.run(["gcc-ar", "s", out], check=True)
    return taken


def mixed_link(link, plain_root, summ_root, work):
    """The summarised link with every second object (or archive member)
    taken from the plain build; returns (link, summarised, plain)."""
    cwd, argv = link
    counter, taken = [0], [0, 0]
    out = []
    for a in argv:
        # The link runs with the summarised tree seen at CWD (in_tree).
        p = None
        if not a.startswith("-"):
            p = a if os.path.isabs(a) else os.path.join(cwd, a)
            p = os.path.normpath(p)
            if p.startswith(cwd + "/"):
                p = summ_root + p[len(cwd):]
        if p and os.path.isfile(p) and p.startswith(summ_root + "/") \
                and (p.endswith(".o") or p.endswith(".a")):
            other = os.path.join(plain_root, os.path.relpath(p, summ_root))
            if p.endswith(".o"):
                k = counter[0] % 2
                counter[0] += 1
                taken[k] += 1
                out.append(a if k == 0 else other)
            else:
                mixed = os.path.join(work, "mixed-" + os.path.relpath(
                    p, summ_root).replace("/", "_"))
                t = write_mixed_ar(p, other, mixed, counter)
                taken[0] += t[0]
                taken[1] += t[1]
                out.append(mixed)
        else:
            out.append(a)
    return (cwd, out), taken[0], taken[1]


# ------------------------------------------------------------------
# Replaying the links.

def relink(link, out, extra, work, tag, wpa_only=False, tree=None):
    """Replay LINK with output OUT and EXTRA options; return measurements.
    With WPA_ONLY the link stops after WPA (lto1-wrap refuses LTRANS).
    With TREE, the link runs with TREE seen at its directory (in_tree)."""
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
    env["LTOSPELL_BENCH_LTO1"] = lto1_path()
    env["LTOSPELL_BENCH_LTO1_LOG"] = lto1_log
    # Keep WPA's command to rerun it alone.
    saved = os.path.join(work, tag + ".wpa")
    if os.path.exists(saved):
        shutil.rmtree(saved)
    env["LTOSPELL_BENCH_SAVE_WPA"] = saved
    if wpa_only:
        env["LTOSPELL_BENCH_WPA_ONLY"] = "1"
    env.pop("LTOSPELL_BENCH_LINKS", None)
    env.pop("LTOSPELL_BENCH_COMPILE_LOG", None)
    env.pop("LTOSPELL_BENCH_COMPILES", None)
    stderr_path = os.path.join(work, tag + ".stderr")
    env["PWD"] = cwd
    wall, cpu, maxrss, code = run_measured(in_tree(tree, cwd, args),
                                           "/" if tree else cwd, env, stderr_path,
                                           may_fail=wpa_only)
    if wpa_only and (code == 0 or not any(
            "LTRANS skipped" in l for l in open(stderr_path, errors="replace"))):
        raise RuntimeError("WPA of %s did not complete; see %s" % (tag, stderr_path))
    r = {"wall": wall, "cpu": cpu, "maxrss_kib": maxrss, "stderr": stderr_path,
         "wpa_saved": saved, "tree": tree, "cwd": cwd,
         "command": "cd %s && %s" % (shlex.quote(cwd), shlex.join(args))}
    lines = [l.split() for l in open(lto1_log) if l.strip()]
    wpa = [l for l in lines if l[0] in ("wpa", "none")]
    ltrans = [l for l in lines if l[0] == "ltrans"]
    if len(wpa) != 1:
        raise RuntimeError("expected one WPA lto1 in %s" % lto1_log)
    r["wpa_mode"] = wpa[0][0]
    r["wpa_cpu"] = float(wpa[0][2]) + float(wpa[0][3])
    r["wpa_rss_kib"] = int(wpa[0][4])
    r["ltrans_n"] = len(ltrans)
    r["ltrans_cpu"] = sum(float(l[2]) + float(l[3]) for l in ltrans)
    r["ltrans_max_rss_kib"] = max([int(l[4]) for l in ltrans] or [0])
    r.update(parse_plugin_output(stderr_path))
    return r


def swap_plugin(args, plugin):
    """ARGS with ltospell's -fplugin= naming PLUGIN instead, or, when
    PLUGIN is "", without it and its -fplugin-arg-ltospell- options."""
    out = []
    for a in args:
        if a.startswith("-fplugin=") and "ltospell" in a:
            if plugin:
                out.append("-fplugin=" + plugin)
        elif a.startswith("-fplugin-arg-ltospell-") and not plugin:
            pass
        else:
            out.append(a)
    return out


def wpa_command(saved, cwd, extra=(), drop=(), plugin=None):
    """The arguments and environment of the WPA kept by lto1-wrap in
    SAVED, without the plugin's stats option nor the options that start
    with one of DROP, with the lto1 options EXTRA; with the plugin
    PLUGIN instead of the link's (swap_plugin) unless it is None."""
    with open(os.path.join(saved, "args"), "rb") as f:
        args = [a.decode() for a in f.read().split(b"\0")[:-1]]
    args = [a for a in args if not any(a.startswith(d) for d in drop)]
    if plugin is not None:
        args = swap_plugin(args, plugin)
    # Without the stats option, as users run the plugin: to time
    # splitting alone, stats splits every string a second time (0.2 s of
    # the 52k-function program's WPA).  The links keep it, for the
    # phase tables.
    args = [a for a in args if a != "-fplugin-arg-ltospell-stats"] + list(extra)
    env = dict(os.environ)
    with open(os.path.join(saved, "env")) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            env[key] = value
    env["PWD"] = cwd
    return args, env


def remove_partitions(args, cwd):
    """Remove the partition files a rerun WPA wrote again."""
    for a in args:
        if a.startswith("-fltrans-output-list="):
            lst = os.path.join(cwd, a.split("=", 1)[1])
            if os.path.exists(lst):
                for p in open(lst).read().split():
                    p = os.path.join(cwd, p)
                    if os.path.exists(p):
                        os.unlink(p)
                os.unlink(lst)


def rerun_wpa(saved, cwd, tree=None, extra=(), drop=(), plugin=None):
    """Run the WPA kept by lto1-wrap in SAVED once more, alone (without
    the plugin's stats option, with the lto1 options EXTRA, without
    those starting with one of DROP); return (user+sys CPU s, peak RSS
    KiB).
    It writes the same partition files again, removed afterwards;
    nothing else of the link runs."""
    args, env = wpa_command(saved, cwd, extra, drop, plugin)
    with tempfile.NamedTemporaryFile("r") as t:
        subprocess.run(in_tree(tree, cwd, ["/usr/bin/time", "-o", t.name, "-f",
                                           "%U %S %M", lto1_path()] + args),
                       cwd="/" if tree else cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        user, sys_, rss = t.read().split()[-3:]
    remove_partitions(args, cwd)
    return float(user) + float(sys_), int(rss)


VALGRIND_PID_RE = re.compile(r"^==(\d+)== ", re.M)
VALGRIND_IREFS_RE = re.compile(r"^==(\d+)== I\s+refs:\s+([\d,]+)", re.M)


def wpa_instructions(saved, cwd, tree=None, extra=()):
    """Instructions the WPA kept in SAVED executes when rerun alone
    (cachegrind without cache simulation; arguments as rerun_wpa).  The
    count moves by about 0.001 % from run to run: a ratio that neither
    the load nor the machine's noise moves, where paired timings of one
    3-8 s WPA move by a second.  Only the WPA process itself is counted, not the
    processes it forks to stream out partitions (each prints its own
    count), where the plugin does nothing.  None when valgrind fails."""
    if not shutil.which("valgrind"):
        return None
    args, env = wpa_command(saved, cwd, extra)
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                "--cachegrind-out-file=/dev/null"]
    r = subprocess.run(in_tree(tree, cwd, valgrind + [lto1_path()] + args),
                       cwd="/" if tree else cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, errors="replace")
    remove_partitions(args, cwd)
    first = VALGRIND_PID_RE.search(r.stderr)
    if r.returncode != 0 or not first:
        return None
    for pid, count in VALGRIND_IREFS_RE.findall(r.stderr):
        if pid == first.group(1):
            return int(count.replace(",", ""))
    return None


def instruction_pair(without, with_):
    """The summarised link's WPA without and with the plugin, counted in
    instructions: {"without": N, "with": N}, or None."""
    a = wpa_instructions(without["wpa_saved"], without["cwd"], without["tree"])
    b = wpa_instructions(with_["wpa_saved"], with_["cwd"], with_["tree"])
    return {"without": a, "with": b} if a and b else None


def instruction_cells(ins):
    """instruction_pair's result: without, with, delta (of WPA)."""
    if not ins:
        return "(valgrind failed)", "", ""
    return ("%.2f G" % (ins["without"] / 1e9), "%.2f G" % (ins["with"] / 1e9),
            "%+.2f G (%s)" % ((ins["with"] - ins["without"]) / 1e9,
                              pct(ins["with"], ins["without"])))


def instruction_text(ins):
    """A paragraph on the summarised WPA's instructions."""
    if not ins:
        return ("Instructions of the summarised link's WPA: not counted "
                "(valgrind missing or failed).\n")
    return ("Instructions of the summarised link's WPA process, rerun alone "
            "under cachegrind (`--cache-sim=no`; the processes it forks to "
            "stream partitions are not counted; 0.001 %% from run to "
            "run): without the plugin %s, with it %s, delta %s.  Time is "
            "not instructions (GCC's WPA waits on memory more than the "
            "plugin does), but this ratio does not move with the load.\n"
            % instruction_cells(ins))


def check_at_reruns(without, with_, n):
    """WITH_'s WPA (summarised objects, the plugin) rerun N times each
    with check-at=pass and check-at=end, in turn with WITHOUT's (no
    plugin): median peak RSS of each, in KiB, and the medians of CPU."""
    runs = {"without": [], "pass": [], "end": []}
    for _ in range(n):
        runs["without"].append(rerun_wpa(without["wpa_saved"], without["cwd"],
                                         without["tree"]))
        for at in ("pass", "end"):
            runs[at].append(rerun_wpa(with_["wpa_saved"], with_["cwd"], with_["tree"],
                                      ["-fplugin-arg-ltospell-check-at=" + at]))
    return {k: {"rss": med([r for _, r in v]), "cpu": med([c for c, _ in v])}
            for k, v in runs.items()}


# The options that make reports: without them the plugin warns, as a
# release build with -fplugin=ltospell alone does.
REPORT_OPTIONS = ("-fplugin-arg-ltospell-report=", "-fplugin-arg-ltospell-sarif=")


def warnings_only_reruns(without, with_, n):
    """WITH_'s WPA rerun N times without its report options (warnings
    only, no duplication analysis), in turn with WITHOUT's: the medians
    of CPU and peak RSS and of the N paired CPU differences."""
    a, b = [], []
    for _ in range(n):
        a.append(rerun_wpa(without["wpa_saved"], without["cwd"], without["tree"]))
        b.append(rerun_wpa(with_["wpa_saved"], with_["cwd"], with_["tree"],
                           drop=REPORT_OPTIONS))
    return {"n": n, "plain_cpu": med([c for c, _ in a]),
            "spell_cpu": med([c for c, _ in b]),
            "delta": med([y[0] - x[0] for x, y in zip(a, b)]),
            "rss_delta": med([y[1] - x[1] for x, y in zip(a, b)]),
            "plain_rss": med([r for _, r in a])}


def warnings_only_table(w):
    """The summarised link's WPA with and without reports."""
    ok, _ = cpu_target({"plain_cpu": w["plain_cpu"], "delta": w["delta"]})
    return ("### Warnings only (no report=, no sarif=)\n\n"
            "The summarised link's WPA rerun %d times without the plugin's "
            "report options, in turn with the WPA without the plugin "
            "(medians, median paired delta): what a release build with "
            "`-fplugin=ltospell` alone costs, without the JSON report and "
            "the duplication analysis it needs.\n\n"
            "| WPA CPU without | delta, warnings only | of WPA | target | "
            "peak RSS delta |\n| ---: | ---: | ---: | :---: | ---: |\n"
            "| %.2f s | %+.2f s | %+.1f %% | %s | %+.1f MB (%s) |\n"
            % (w["n"], w["plain_cpu"], w["delta"],
               100.0 * w["delta"] / w["plain_cpu"], "met" if ok else "not met",
               w["rss_delta"] / 1024.0,
               pct(w["plain_rss"] + w["rss_delta"], w["plain_rss"])))


def check_at_table(ca):
    """The summarised link's WPA with the program checked in the pass and
    at the end of WPA (check-at=): what check-at=auto decides between."""
    base = ca["without"]["rss"]
    rows = ["### When WPA checks the program (check-at=)\n",
            "The summarised link's WPA rerun 3 times each, in turn: without the "
            "plugin, with check-at=pass and with check-at=end (medians).  "
            "check-at=auto, the default, checks at the end when the summaries "
            "add up to 1 MB or more.\n",
            "| | peak RSS | delta | WPA CPU |",
            "| --- | ---: | ---: | ---: |",
            "| without the plugin | %s | | %.2f s |" % (mib(base), ca["without"]["cpu"])]
    for at, label in (("pass", "check-at=pass (in the IPA pass)"),
                      ("end", "check-at=end (at the end of WPA)")):
        rows.append("| %s | %s | %+.1f MB (%s) | %.2f s |" % (
            label, mib(ca[at]["rss"]), (ca[at]["rss"] - base) / 1024.0,
            pct(ca[at]["rss"], base), ca[at]["cpu"]))
    return "\n".join(rows) + "\n"


def med(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def wpa_reruns(pairs, n):
    """PAIRS: name -> (link without, link with), relink's results.
    Every kept WPA is rerun alone N times, all of them in turn, so that
    all see the same load: per pair the medians of CPU and peak RSS
    without and with the plugin, and of the N paired differences."""
    runs = {k: ([], []) for k in pairs}
    for _ in range(n):
        for k, sides in pairs.items():
            for i in (0, 1):
                runs[k][i].append(rerun_wpa(sides[i]["wpa_saved"], sides[i]["cwd"],
                                            sides[i]["tree"]))
    out = {}
    for k, (a, b) in runs.items():
        out[k] = {"n": n,
                  "plain_cpu": med([c for c, _ in a]), "spell_cpu": med([c for c, _ in b]),
                  "plain_rss": med([r for _, r in a]), "spell_rss": med([r for _, r in b]),
                  "delta": med([y[0] - x[0] for x, y in zip(a, b)]),
                  "deltas": [y[0] - x[0] for x, y in zip(a, b)],
                  "rss_delta": med([y[1] - x[1] for x, y in zip(a, b)])}
    return out


SUMMARY_RE = re.compile(r"ltospell: (\d+) string uses, (\d+) distinct strings, "
                        r"(\d+) distinct words, \d+ misspelled words? in "
                        r"(\d+) findings?")
SLOW_RE = re.compile(r"ltospell: (\d+) of (\d+) units were read the slow way")


def parse_plugin_output(path):
    """The plugin's summary, its stats lines, its note about units read
    the slow way and the warnings it gave."""
    out = {"stats": [], "warnings": 0, "slow_notes": 0}
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
            m = SLOW_RE.search(line)
            if m:
                out["slow_notes"] += 1
                out["slow_note"] = line
    out.update(parse_stats(out["stats"]))
    return out


# The line -fplugin-arg-ltospell-stats prints (plugin.cc, print_stats).
STATS_RE = re.compile(
    r"ltospell: stats: (\d+) functions \((\d+) bodies read\), (\d+) variables, "
    r"(\d+) dead symbols; cpu seconds: load ([0-9.]+), walk ([0-9.]+), "
    r"gc ([0-9.]+), split ([0-9.]+), check ([0-9.]+), report ([0-9.]+), "
    r"total ([0-9.]+)(?:; summaries: (\d+) symbols, (\d+) of (\d+) units without)?")


def parse_stats(lines):
    """Counts and phase times (CPU seconds) from the stats line."""
    for line in lines:
        m = STATS_RE.search(line)
        if m:
            g = m.groups()
            ps = {"bodies_read": int(g[1]), "variables": int(g[2]),
                  "dead_symbols": int(g[3]), "load": float(g[4]),
                  "walk": float(g[5]), "gc": float(g[6]), "split": float(g[7]),
                  "check": float(g[8]), "report": float(g[9]),
                  "total": float(g[10])}
            if g[11] is not None:
                ps.update({"summarised": int(g[11]), "units_without": int(g[12]),
                           "units": int(g[13])})
            return {"functions": int(g[0]), "plugin_stats": ps}
    return {"plugin_stats": {}}


def section_digest(binary, section):
    with tempfile.NamedTemporaryFile() as tmp:
        subprocess.run(["objcopy", "-O", "binary", "--only-section=" + section,
                        binary, tmp.name], check=True, capture_output=True)
        return hashlib.sha256(open(tmp.name, "rb").read()).hexdigest()


def file_digest(path):
    if not os.path.exists(path):
        return None
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


# ------------------------------------------------------------------
# The plugin's fixed cost: a program of one string.

ONE_STRING = '#include <stdio.h>\nint main (void) { puts ("Hello, world"); return 0; }\n'
# The same with a misspelling that only a dictionary tells ("wrold" is
# in no list of misspellings): the plugin asks aspell for suggestions,
# which opens enchant.
ONE_MISSPELLING = ONE_STRING.replace("world", "wrold")


def fixed_cost(plugin, work, n):
    """The one-string program, and the same with a misspelling: per
    variant the medians of wpa_reruns and the WPA's instructions
    ("instructions": instruction_pair), keyed "one" and "misspelled"."""
    out = {}
    for key, name, text in (("one", "one-string", ONE_STRING),
                            ("misspelled", "one-misspelling", ONE_MISSPELLING)):
        d = os.path.join(work, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "hello.c"), "w") as f:
            f.write(text)
        subprocess.run(["gcc", "-O2", "-flto", plugin_flag(plugin), "-c", "hello.c"],
                       cwd=d, check=True)
        link = (d, ["gcc", "-O2", "-flto", "-flto=2", "-o", "hello", "hello.o"])
        plain = relink(link, "hello", [], d, "plain")
        spell = relink(link, "hello", [plugin_flag(plugin)], d, "ltospell")
        out[key] = wpa_reruns({key: (plain, spell)}, n)[key]
        out[key]["instructions"] = instruction_pair(plain, spell)
    return out


def fixed_cost_text(fixed):
    """The overview's paragraph on FIXED (fixed_cost's result)."""
    def one(r, what):
        ins = r.get("instructions")
        counted = ("%.1f M instructions without, %.1f M with (%+.1f M); " % (
            ins["without"] / 1e6, ins["with"] / 1e6,
            (ins["with"] - ins["without"]) / 1e6)) if ins else ""
        return ("%s: WPA CPU %.3f s without, %.3f s with, median paired delta "
                "%+.3f s; %speak RSS %s without, %s with (%+.1f MB)" % (
                    what, r["plain_cpu"], r["spell_cpu"], r["delta"], counted,
                    mib(r["plain_rss"]), mib(r["spell_rss"]),
                    (r["spell_rss"] - r["plain_rss"]) / 1024.0))
    parts = [one(fixed["one"], "One right string (every word judged by the "
                 "precompiled words: enchant is not opened)")]
    if "misspelled" in fixed:
        parts.append(one(fixed["misspelled"], "one misspelled string (its "
                         "suggestions made from aspell's precompiled words: "
                         "enchant is not opened either)"))
    return ("The plugin's fixed cost (the dictionaries and word lists), on a "
            "one-string program compiled with the plugin, WPA rerun alone %d "
            "times each, alternating, and counted under cachegrind.  %s.\n"
            % (fixed["one"]["n"], "; ".join(parts)))


# ------------------------------------------------------------------
# One program.

def pct(new, old):
    return "%+.1f %%" % ((new - old) / old * 100.0) if old else "n/a"


def mib(kib):
    return "%.0f MB" % (kib / 1024.0)


def cpu_target(rr):
    """The WPA CPU target: delta <= 10 % of WPA alone, or 0.1 s."""
    limit = max(0.10 * rr["plain_cpu"], 0.1)
    return rr["delta"] <= limit, limit


def rss_target(rr):
    return (rr["spell_rss"] - rr["plain_rss"]) <= 0.05 * rr["plain_rss"]


def bench_program(name, args, src_root, work):
    spec = PROGRAMS[name]
    plain_t, summ_t = build_program(name, spec, src_root, work, args.compile_plugin)
    if args.build_only:
        return True
    pwork = os.path.join(work, name, "links")
    os.makedirs(pwork, exist_ok=True)
    loads = [load()]
    plain_link = find_final_link(read_links(plain_t["links"]), spec["binary"])
    summ_link = find_final_link(read_links(summ_t["links"]), spec["binary"])
    plain_link = (plain_link[0], without_plugin(plain_link[1]))
    summ_link = (summ_link[0], without_plugin(summ_link[1]))
    mix_link, n_summ, n_plain = mixed_link(summ_link, plain_t["src"], summ_t["src"], pwork)
    sarif = os.path.join(pwork, name + ".sarif")
    if os.path.exists(sarif):
        os.unlink(sarif)
    opts = [plugin_flag(args.plugin)] + \
        ["-fplugin-arg-ltospell-" + o for o in args.plugin_arg]
    js = {k: os.path.join(pwork, name + "-" + k + ".json")
          for k in ("summarised", "plain", "mixed")}
    for p in js.values():
        if os.path.exists(p):
            os.unlink(p)
    rep = lambda k: ["-fplugin-arg-ltospell-report=" + js[k]]     # noqa: E731
    bin_ = lambda k: os.path.join(pwork, spec["binary"] + "." + k)  # noqa: E731
    L = {}
    log("%s: summarised objects, link without the plugin" % name)
    L["S0"] = relink(summ_link, bin_("summ-plain"), [], pwork, "S0", tree=summ_t["src"])
    log("%s: summarised objects, link with the plugin" % name)
    L["S1"] = relink(summ_link, bin_("summ-ltospell"), opts + rep("summarised") + [
        "-fplugin-arg-ltospell-sarif=" + sarif], pwork, "S1", tree=summ_t["src"])
    log("%s: plain objects, link without the plugin" % name)
    L["P0"] = relink(plain_link, bin_("plain-plain"), [], pwork, "P0",
                     tree=plain_t["src"])
    log("%s: plain objects, WPA with the plugin (fallback)" % name)
    L["P1"] = relink(plain_link, bin_("plain-ltospell"), opts + rep("plain"), pwork,
                     "P1", wpa_only=True, tree=plain_t["src"])
    log("%s: mixed objects (%d summarised, %d plain), WPA with the plugin"
        % (name, n_summ, n_plain))
    L["M1"] = relink(mix_link, bin_("mixed-ltospell"), opts + rep("mixed"), pwork,
                     "M1", wpa_only=True, tree=summ_t["src"])
    loads.append(load())
    digests = {k: file_digest(p) for k, p in js.items()}
    json_same = digests["summarised"] is not None and \
        len(set(digests.values())) == 1
    sections = (".text", ".rodata", ".data")
    same_spell = [(s, section_digest(bin_("summ-plain"), s)
                   == section_digest(bin_("summ-ltospell"), s)) for s in sections]
    same_objs = [(s, section_digest(bin_("summ-plain"), s)
                  == section_digest(bin_("plain-plain"), s)) for s in sections]
    reruns = {}
    if args.wpa_reruns > 0 and L["S0"]["wpa_mode"] == "wpa":
        log("%s: WPA alone, %d times each of four" % (name, args.wpa_reruns))
        reruns = wpa_reruns({"summarised": (L["S0"], L["S1"]),
                             "plain": (L["P0"], L["P1"])}, args.wpa_reruns)
        log("%s: WPA alone with check-at=pass and check-at=end, 3 times each" % name)
        reruns["check_at"] = check_at_reruns(L["S0"], L["S1"], 3)
        if args.instructions:
            log("%s: WPA alone under cachegrind, without and with the plugin" % name)
            reruns["instructions"] = instruction_pair(L["S0"], L["S1"])
    comp = compile_figures(plain_t, summ_t)
    conf = configure_compare(plain_t, summ_t, args.compile_plugin) \
        if any(s.get("configure") for s in spec["steps"]("", "")) else None
    cs = hs = None
    if args.others:
        log("%s: codespell and hunspell" % name)
        cs = codespell(plain_t["src"])
        hs = naive_hunspell(bin_("plain-plain"))
    cmd = "sh bench/run " + " ".join(shlex.quote(a) for a in sys.argv[1:]) \
        if len(sys.argv) > 1 else "make bench"
    cmd = "".join("%s=%s " % (k, os.environ[k]) for k in ("BENCH_SRC", "BENCH_WORK")
                  if k in os.environ) + cmd
    keys = {"name": name, "compile": comp, "configure": conf, "reruns": reruns,
            "json_same": json_same, "json_digests": digests,
            "sections_same": all(ok for _, ok in same_spell),
            "objs_sections_same": all(ok for _, ok in same_objs),
            "mixed": [n_summ, n_plain],
            "links": {k: {x: v[x] for x in v if x not in ("stats",)}
                      for k, v in L.items()},
            "plugin": args.plugin, "date": time.strftime("%Y-%m-%d %H:%M %Z")}
    with open(os.path.join(work, name, "keys.json"), "w") as f:
        json.dump(keys, f, indent=1)
    text = table(name, spec, summ_t["src"], L, reruns, comp, conf, json_same, digests,
                 js, (n_summ, n_plain), same_spell, same_objs, cs, hs, loads, cmd,
                 args)
    text += "\nSARIF log of the summarised link: %s (%s).\n" % (
        sarif, "%d results" % sarif_results(sarif) if os.path.exists(sarif)
        else "not written")
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, name + (
            "-" + args.tag if args.tag else "") + ".md"), "w") as f:
        f.write(text)
    print(text, flush=True)
    ok = json_same and keys["sections_same"]
    if not json_same:
        log("%s: **THE JSON REPORTS DIFFER** (summarised / plain / mixed): %s"
            % (name, " ".join(js.values())))
    if not keys["sections_same"]:
        log("%s: **THE BINARIES DIFFER** with and without the plugin" % name)
    return ok


def table(name, spec, src, L, rr, comp, conf, json_same, digests, js, mix,
          same_spell, same_objs, cs, hs, loads, cmd, args):
    S0, S1, P0, P1, M1 = (L[k] for k in ("S0", "S1", "P0", "P1", "M1"))
    lines = ["# %s (%s, Debian source package `%s`, %s)\n"
             % (name, spec["lang"], spec["package"],
                open(os.path.join(src, "debian", "changelog")).readline().split()[1]
                .strip("()") if os.path.exists(os.path.join(src, "debian", "changelog"))
                else "?"),
             "Machine: %s.  Load average before / after the links: %s / %s "
             "(other work shared the two cores).  Date: %s.\n"
             % (machine(), " ".join(loads[0]), " ".join(loads[1]),
                time.strftime("%Y-%m-%d %H:%M %Z")),
             "Produced by `%s`.  Built twice, side by side (each build -j1, "
             "each in a mount namespace of its own where its tree is seen at "
             "`%s`, so that both compile at the same path): "
             "CFLAGS=`%s` LDFLAGS=`%s`, and the same with `-fplugin=%s` added "
             "to both (the objects carry ltospell's summaries).  Links use "
             "the plugin `%s`%s.\n" % (cmd, os.path.dirname(src.rstrip("/"))[
                 :-len("/summ")] + "/src", CFLAGS, LDFLAGS, args.compile_plugin,
                                      args.plugin, " with " + " ".join(
                                          "`-fplugin-arg-ltospell-%s`" % o
                                          for o in args.plugin_arg)
                                      if args.plugin_arg else "")]
    # WPA alone: the headline.
    lines.append("## WPA alone\n")
    if rr:
        lines.append("Each link's WPA rerun alone %d times, the four in turn "
                     "(medians; the delta is the median of the paired "
                     "differences, each listed).  Targets: CPU delta at most "
                     "10 %% of WPA alone or 0.1 s, whichever is more; peak RSS "
                     "delta at most 5 %%.\n" % rr["summarised"]["n"])
        lines.append("| objects | WPA CPU without | with | delta (pairs) | delta "
                     "of WPA | target | peak RSS without | with | delta | target |")
        lines.append("| --- | ---: | ---: | ---: | ---: | :---: | ---: | ---: | "
                     "---: | :---: |")
        for k, label in (("summarised", "**summarised** (compiled with the plugin)"),
                         ("plain", "plain (fallback: every body read in WPA)")):
            r = rr[k]
            ok, limit = cpu_target(r)
            lines.append("| %s | %.2f s | %.2f s | %+.2f s (%s) | %+.1f %% | %s | "
                         "%s | %s | %s | %s |" % (
                             label, r["plain_cpu"], r["spell_cpu"], r["delta"],
                             ", ".join("%+.2f" % d for d in r["deltas"]),
                             r["delta"] / r["plain_cpu"] * 100,
                             ("met" if ok else "**not met**") + " (%.2f s)" % limit,
                             mib(r["plain_rss"]), mib(r["spell_rss"]),
                             pct(r["spell_rss"], r["plain_rss"]),
                             "met" if rss_target(r) else "**not met**"))
        lines.append("")
    if rr and "instructions" in rr:
        lines.append(instruction_text(rr["instructions"]))
    if rr and "check_at" in rr:
        lines.append(check_at_table(rr["check_at"]))
    # Compile.
    lines.append("## Compile\n")
    lines.append("| | without the plugin | with the plugin in CFLAGS | ratio |")
    lines.append("| --- | ---: | ---: | ---: |")
    lines.append("| compile CPU of all units (cc-record, %d / %d compiles) | %.1f s | "
                 "%.1f s | %s (target +1.5 %%) |" % (
                     comp["compiles_plain"], comp["compiles_summ"], comp["cpu_plain"],
                     comp["cpu_summ"], pct(comp["cpu_summ"], comp["cpu_plain"])))
    lines.append("| objects' total size (%d objects) | %.1f MB | %.1f MB | %s |" % (
        comp["objects"], comp["bytes_plain"] / 1e6, comp["bytes_summ"] / 1e6,
        pct(comp["bytes_summ"], comp["bytes_plain"])))
    lines.append("| of which ltospell's summary sections (uncompressed since stop 28) | | %.0f KB | "
                 "%.1f %% of the objects |" % (
                     comp["summary_bytes"] / 1e3,
                     comp["summary_bytes"] / comp["bytes_summ"] * 100))
    if conf:
        lines.append("| configure wall time | %.1f s | %.1f s | %s |" % (
            conf["wall_plain"] or 0, conf["wall_summ"] or 0,
            pct(conf["wall_summ"] or 0, conf["wall_plain"] or 0)))
    lines.append("")
    if conf:
        if conf["diffs"]:
            lines.append("configure results (%s, the tree's path and the plugin "
                         "option taken out): **DIFFERENT**:\n" % ", ".join(conf["files"]))
            for d in conf["diffs"]:
                lines.append("```\n%s\n```" % d)
        else:
            lines.append("configure results with the plugin in CFLAGS and LDFLAGS: "
                         "**identical** (%s compared, with the tree's path and the "
                         "plugin option taken out, so only CFLAGS and LDFLAGS "
                         "differed).\n" % ", ".join(conf["files"]))
    # Same results.
    lines.append("## Same results\n")
    lines.append("| link with the plugin | units without summary (stats) | slow-way "
                 "note | JSON report | same as summarised |")
    lines.append("| --- | ---: | --- | --- | :---: |")
    for k, l, label in (("summarised", S1, "summarised objects"),
                        ("plain", P1, "plain objects (fallback)"),
                        ("mixed", M1, "mixed: %d summarised, %d plain" % mix)):
        ps = l.get("plugin_stats", {})
        lines.append("| %s | %s | %s | %s | %s |" % (
            label, "%d of %d" % (ps["units_without"], ps["units"])
            if "units" in ps else "n/a",
            "yes" if l["slow_notes"] else "none",
            "%s bytes, sha256 %s" % (os.path.getsize(js[k]), digests[k][:12])
            if digests[k] else "**not written**",
            "yes" if digests[k] == digests["summarised"] and digests[k] else
            "**NO**"))
    lines.append("")
    lines.append("JSON reports: %s.\n" % ("**byte-identical**" if json_same else
                                         "**DIFFERENT** (%s)" % " ".join(js.values())))
    lines.append("Sections of the summarised objects' binaries without and with "
                 "the plugin: " + ", ".join(
                     "%s %s" % (s, "identical" if ok else "**DIFFERENT**")
                     for s, ok in same_spell) +
                 ".  The plain objects' binary against the summarised ones' "
                 "(both linked without the plugin): " + ", ".join(
                     "%s %s" % (s, "identical" if ok else "**DIFFERENT**")
                     for s, ok in same_objs) + ".\n")
    # Full links.
    lines.append("## Full links of the summarised objects\n")
    lines.append("| measure | without plugin | with plugin | ratio |")
    lines.append("| --- | ---: | ---: | ---: |")
    for label, a, b, f in (
            ("link CPU (user+sys, all lto1)", S0["cpu"], S1["cpu"], "%.1f s"),
            ("link wall", S0["wall"], S1["wall"], "%.1f s"),
            ("WPA CPU (in the link)", S0["wpa_cpu"], S1["wpa_cpu"], "%.2f s")):
        lines.append("| %s | %s | %s | %s |" % (label, f % a, f % b, pct(b, a)))
    lines.append("| WPA peak RSS (in the link) | %s | %s | %s |" % (
        mib(S0["wpa_rss_kib"]), mib(S1["wpa_rss_kib"]),
        pct(S1["wpa_rss_kib"], S0["wpa_rss_kib"])))
    lines.append("| largest LTRANS process | %s | %s | %s |" % (
        mib(S0["ltrans_max_rss_kib"]), mib(S1["ltrans_max_rss_kib"]),
        pct(S1["ltrans_max_rss_kib"], S0["ltrans_max_rss_kib"])))
    lines.append("| LTRANS processes; CPU | %d; %.1f s | %d; %.1f s | %s |" % (
        S0["ltrans_n"], S0["ltrans_cpu"], S1["ltrans_n"], S1["ltrans_cpu"],
        pct(S1["ltrans_cpu"], S0["ltrans_cpu"])))
    if rr:
        lines.append("| plugin cost (median paired WPA delta) | | %.2f s | %.2f %% "
                     "of link CPU |" % (rr["summarised"]["delta"],
                                        rr["summarised"]["delta"] / S0["cpu"] * 100))
    lines.append("")
    for label, l in (("summarised", S1), ("fallback", P1)):
        ps = l.get("plugin_stats", {})
        if ps:
            lines.append("Plugin phases, %s (`stats`, CPU s): reading %s %.2f, "
                         "walking %.2f, garbage collection %.2f, splitting %.2f, "
                         "checking %.2f, reporting %.2f; total %.2f.  Bodies read "
                         "%d, summarised symbols %s, variables %d, dead symbols "
                         "%d.\n" % (
                             label, "summaries and bodies" if label == "summarised"
                             else "bodies", ps["load"], ps["walk"], ps["gc"],
                             ps["split"], ps["check"], ps["report"], ps["total"],
                             ps["bodies_read"], ps.get("summarised", "n/a"),
                             ps["variables"], ps["dead_symbols"]))
    lines.append("| what the plugin saw | |")
    lines.append("| --- | ---: |")
    ps = S1.get("plugin_stats", {})
    for key, label in (("functions", "functions"), ("uses", "string uses"),
                       ("strings", "distinct strings"),
                       ("words", "distinct words"),
                       ("findings", "findings (misspelled word per distinct string)")):
        v = S1.get(key, ps.get(key))
        lines.append("| %s | %s |" % (label, "%d" % v if v is not None else "n/a"))
    lines.append("| warnings printed | %d |" % S1["warnings"])
    lines.append("")
    if cs:
        lines.append("| other checker | wall | reports |")
        lines.append("| --- | ---: | ---: |")
        lines.append("| codespell, whole source tree (docs, tests, comments) | %.1f s | %d |"
                     % (cs["tree_wall"], cs["tree_findings"]))
        lines.append("| codespell, C/C++ sources only (comments and identifiers too) "
                     "| %.1f s | %d |" % (cs["code_wall"], cs["code_findings"]))
        if hs:
            lines.append("| `strings %s \\| hunspell -d en_US -l` (binary with -g) | "
                         "%.1f s | %d words, %d distinct |"
                         % (spec["binary"], hs["wall"], hs["words"], hs["distinct"]))
            lines.append("| the same on the stripped binary | %.1f s | %d words, %d "
                         "distinct |" % (hs["stripped_wall"], hs["stripped_words"],
                                         hs["stripped_distinct"]))
        lines.append("")
    lines.append("Link commands replayed (each with its tree seen at its directory), "
                 "with `-B DIR/` added to time each lto1 "
                 "and %s for the links with the plugin (plus the report):\n"
                 % " ".join("`%s`" % o for o in [plugin_flag(args.plugin)] + [
                     "-fplugin-arg-ltospell-" + o for o in args.plugin_arg]))
    for k in ("S0", "P0", "M1"):
        lines.append("    %s" % L[k]["command"])
    lines.append("")
    return "\n".join(lines)


def overview(work, results, fixed, tag):
    """The key numbers of every program benched under WORK."""
    lines = ["# ltospell with summarised objects: overview\n",
             "Machine: %s.  Date: %s.  One row per program from its latest "
             "run under `%s` (bench/results/PROGRAM.md has the details).\n"
             % (machine(), time.strftime("%Y-%m-%d %H:%M %Z"), work),
             "| program | WPA alone without | WPA CPU delta, summarised | of WPA "
             "| CPU target | WPA RSS delta, summarised | RSS target | fallback "
             "WPA CPU delta | fallback RSS delta | compile CPU | objects' size | "
             "JSON same (summarised, plain, mixed) | binary same | configure same |",
             "| --- | ---: | ---: | ---: | :---: | ---: | :---: | ---: | ---: | ---: "
             "| ---: | :---: | :---: | :---: |"]
    for name in list(PROGRAMS):
        p = os.path.join(work, name, "keys.json")
        if not os.path.exists(p):
            continue
        k = json.load(open(p))
        rs, rp, c = k["reruns"].get("summarised"), k["reruns"].get("plain"), k["compile"]
        if not rs:
            continue
        conf = k["configure"]
        if conf is not None:
            # Recomputed from the trees: the comparison may have improved.
            conf = configure_compare(tree_paths(work, name, "plain"),
                                     tree_paths(work, name, "summ"),
                                     compile_plugin_of(work, name) or k["plugin"])
        lines.append("| %s | %.2f s | %+.2f s | %+.1f %% | %s | %s | %s | %+.2f s "
                     "(%+.0f %%) | %s | %s | %s | %s | %s | %s |" % (
                         name, rs["plain_cpu"], rs["delta"],
                         rs["delta"] / rs["plain_cpu"] * 100,
                         "met" if cpu_target(rs)[0] else "**not met**",
                         pct(rs["spell_rss"], rs["plain_rss"]),
                         "met" if rss_target(rs) else "**not met**",
                         rp["delta"], rp["delta"] / rp["plain_cpu"] * 100,
                         pct(rp["spell_rss"], rp["plain_rss"]),
                         pct(c["cpu_summ"], c["cpu_plain"]),
                         pct(c["bytes_summ"], c["bytes_plain"]),
                         "yes" if k["json_same"] else "**NO**",
                         "yes" if k["sections_same"] else "**NO**",
                         "n/a" if conf is None else
                         ("yes" if not conf["diffs"] else "**NO**")))
    lines.append("")
    if fixed:
        lines.append(fixed_cost_text(fixed))
        with open(os.path.join(work, "fixed.json"), "w") as f:
            json.dump(fixed, f)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(results, "overview%s.md" % ("-" + tag if tag else "")),
              "w") as f:
        f.write(text)
    print(text, flush=True)


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
    if not shutil.which("hunspell"):
        log("hunspell is not installed (bench/run installs it): no naive check")
        return None
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
# The report's header.

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


def sarif_results(path):
    with open(path) as f:
        return sum(len(r.get("results", [])) for r in json.load(f)["runs"])


def merge_sarif(work, names, results_dir, tag):
    """Past one machine: each link wrote its own SARIF log; merge them
    with Microsoft's SARIF Multitool (npm @microsoft/sarif-multitool,
    installed into WORK/npm on first use)."""
    logs = [os.path.join(work, n, "links", n + ".sarif") for n in names]
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
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "ltospell.so"),
                    help="the plugin of the links (and of the compiles, unless "
                    "--compile-plugin)")
    ap.add_argument("--compile-plugin", default=None,
                    help="the plugin in CFLAGS of a summarised build not made yet "
                    "(default: --plugin; builds made are reused)")
    ap.add_argument("--plugin-arg", action="append", default=["stats"])
    ap.add_argument("--tag", default="",
                    help="suffix of the results files (name-TAG.md)")
    ap.add_argument("--wpa-reruns", type=int, default=5,
                    help="rerun each WPA alone this many times (medians; 0: no)")
    ap.add_argument("--no-others", dest="others", action="store_false",
                    help="skip codespell and hunspell")
    ap.add_argument("--no-instructions", dest="instructions", action="store_false",
                    help="skip counting the summarised WPA's instructions "
                    "(cachegrind, 1-3 minutes a program)")
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
    args.compile_plugin = os.path.abspath(args.compile_plugin or args.plugin)
    for name in args.programs:
        if name not in PROGRAMS:
            sys.exit("bench: unknown program %s (known: %s)"
                     % (name, " ".join(PROGRAMS)))
    names = args.programs or DEFAULT_PROGRAMS
    ok = True
    for name in names:
        # The summarised build records the plugin it was compiled with.
        args.compile_plugin = compile_plugin_of(work, name) or args.compile_plugin
        try:
            ok = bench_program(name, args, src_root, work) and ok
        except (RuntimeError, subprocess.CalledProcessError) as e:
            log("%s: %s" % (name, e))
            ok = False
    if not args.build_only:
        log("the plugin's fixed cost on a one-string program")
        fixed = fixed_cost(args.plugin, work, max(args.wpa_reruns, 5) * 2 - 1)
        overview(work, args.results, fixed, args.tag)
        # Every program's latest log under WORK, not only this run's.
        merge_sarif(work, [n for n in PROGRAMS if os.path.exists(
            os.path.join(work, n, "links", n + ".sarif"))], args.results, args.tag)
    if not ok:
        log("FAILED: see the messages above (JSON reports or binaries differ, "
            "or a step failed)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
