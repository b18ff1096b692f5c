"""Tests of the compile-time summaries, run by runner.py (TESTS).

Every lto-test is already linked with its units summarised and mixed
([summarised MODE], [mixed MODE] lines of runner.py).  These tests link
the same program, inline_hdr_*.c (a header inlined into three units), the ways a build puts objects together and
breaks them: through a static archive, merged by ld -r, by an
incremental gcc -r link, with a corrupt summary, compiled in another
directory or with -ffile-prefix-map, and as fat objects.  Each link is
compared with the link of the same units compiled without the plugin,
which reads every body: the same warnings and notes, byte for byte the
same JSON report, and an executable byte for byte that of the link
without the plugin (every compile and link has
-gno-record-gcc-switches).  Each test prints one PASS/FAIL line.
"""

import os
import re
import shutil
import struct
import subprocess
import threading

import runner as R

PROG = ["inline_hdr_0.c", "inline_hdr_1.c", "inline_hdr_2.c"]
FLAGS = ["-O2", "-g", "-flto"] + R.DIAG_FLAGS + R.NO_SWITCHES
WARNING_RE = re.compile(r"warning: ltospell: the summary in '(?P<obj>[^']*)' "
                        r"cannot be used \((?P<why>.*)\); that unit is read the slow way")


class Case:
    """A scratch directory under build/lto-tests/, the runs made in it
    and the problems found."""

    def __init__(self, name, plugin):
        self.name, self.plugin = name, plugin
        self.tmp = os.path.join(R.BUILD, name)
        shutil.rmtree(os.path.join(R.ROOT, self.tmp), ignore_errors=True)
        os.makedirs(os.path.join(R.ROOT, self.tmp))
        self.runs, self.problems = [], []

    def path(self, *names):
        return os.path.join(self.tmp, *names)

    def run(self, argv, cwd=None):
        """ARGV from the repository, or from CWD (relative to it)."""
        if cwd:
            argv = ["sh", "-c", 'cd "$1" && shift && exec "$@"', "sh", cwd] + argv
        r = R.run(argv)
        self.runs.append(r)
        return r

    def expect(self, cond, problem):
        if not cond:
            self.problems.append(problem)
        return cond

    def compile(self, directory, summarised, extra=(), sources=None, cwd=None):
        """The units of PROG compiled into DIRECTORY (under the scratch
        one), with the plugin when SUMMARISED; None if one failed."""
        os.makedirs(os.path.join(R.ROOT, self.path(directory)), exist_ok=True)
        objects = []
        for unit, src in zip(PROG, sources or [os.path.join(R.TESTS, u) for u in PROG]):
            obj = self.path(directory, unit + ".o")
            plugin = ["-fplugin=" + self.plugin] if summarised else []
            out = os.path.relpath(os.path.join(R.ROOT, obj), os.path.join(R.ROOT, cwd)) \
                if cwd else obj
            r = self.run([R.GCC] + FLAGS + list(extra) + plugin + ["-c", src, "-o", out],
                         cwd)
            if not self.expect(r.rc == 0 and r.output == "",
                               "compiling %s%s: exit %s%s" % (
                                   src, " with the plugin" if summarised else "", r.rc,
                                   ", output: " + r.output.strip()[:200] if r.output else "")):
                return None
            objects.append(obj)
        return objects

    def link(self, inputs, exe, plugin=True, flags=(), cwd=None, plugin_args=()):
        """Link INPUTS into EXE, with the plugin (its stats, a JSON
        report EXE.json beside it, and PLUGIN_ARGS) or without."""
        args = []
        if plugin:
            report = exe + ".json"
            if cwd:
                report = os.path.relpath(os.path.join(R.ROOT, report),
                                         os.path.join(R.ROOT, cwd))
            args = ["-fplugin=" + self.plugin, "-fplugin-arg-ltospell-stats",
                    "-fplugin-arg-ltospell-report=" + report] + list(plugin_args)
        if cwd:
            rel = lambda p: os.path.relpath(os.path.join(R.ROOT, p),
                                            os.path.join(R.ROOT, cwd))
            inputs, out = [rel(p) for p in inputs], rel(exe)
        else:
            out = exe
        r = self.run([R.GCC] + FLAGS + list(flags) + args + inputs + ["-o", out], cwd)
        self.expect(not R.ICE_RE.search(r.output), "internal compiler error linking %s" % exe)
        self.expect(r.rc == 0, "linking %s: exit %s" % (exe, r.rc))
        return r

    def same_as(self, what, r, exe, slow, slow_exe, without, units, warnings=0):
        """Link R (to EXE) against the link SLOW (to SLOW_EXE) of the
        units compiled without the plugin: WITHOUT of UNITS units read
        the slow way, WARNINGS warnings about refused summaries; the
        same findings and report."""
        if r.rc != 0 or slow.rc != 0:
            return
        problems, _ = R.compare_summarised(r, exe + ".json", slow, slow_exe + ".json",
                                           without, units, False)
        for p in problems:
            self.problems.append("%s: %s" % (what, p))
        refused = [l for l in r.err.splitlines() if "summary in" in l]
        self.expect(len(refused) == warnings, "%s: %d warnings about summaries, want %d: %s"
                    % (what, len(refused), warnings, " | ".join(refused)))

    def archive(self, lib, members):
        """Make the static archive LIB of MEMBERS as gcc-ar does, for the
        GCC under test ($GCC); whether it was made."""
        lto_plugin = R.run([R.GCC, "-print-file-name=liblto_plugin.so"]).out.strip()
        r = self.run(["ar", "--plugin", lto_plugin, "rcs", lib] + list(members))
        return self.expect(r.rc == 0, "ar failed")

    def identical(self, what, exe, ref):
        for p in R.compare_whole(exe, ref):
            self.problems.append("%s: %s" % (what, p))

    def result(self):
        res = R.Result()
        details = "".join(r.describe() for r in self.runs) if self.problems else ""
        res.add(not self.problems, self.name, self.problems, details)
        return res


SHARED = {}
SHARED_LOCK = threading.Lock()


def prepare(case):
    """The units compiled without the plugin (plain) and with it
    (summarised), and the link of the plain ones, with the plugin
    (CASE.slow_exe) and without (CASE.ref_exe): (plain, summarised, slow
    run), or None.  Made once, in summary-shared/, for every test that
    asks: they only read them."""
    with SHARED_LOCK:
        if "made" not in SHARED:
            made = Case("summary-shared", case.plugin)
            plain = made.compile("plain", False)
            summarised = made.compile("summarised", True)
            slow = None
            if plain and summarised:
                slow = made.link(plain, made.path("slow"))
                made.link(plain, made.path("ref"), plugin=False)
            SHARED["made"] = (made, plain, summarised, slow)
    made, plain, summarised, slow = SHARED["made"]
    case.runs += made.runs
    case.problems += made.problems
    case.slow_exe, case.ref_exe = made.path("slow"), made.path("ref")
    if not plain or not summarised:
        return None
    return plain, summarised, slow


def test_archive(plugin):
    """Units from a static archive (made by ar with GCC's LTO plugin, as
    gcc-ar does): one summary per member; an archive of a summarised and
    a plain member."""
    case = Case("summary-archive", plugin)
    got = prepare(case)
    if got:
        plain, summ, slow = got
        for name, members, without in (("lib", summ[1:], 0),
                                       ("libmixed", [summ[1], plain[2]], 1)):
            lib = case.path(name + ".a")
            if not case.archive(lib, members):
                continue
            exe = case.path("prog-" + name)
            r = case.link([summ[0], lib], exe)
            case.same_as(name, r, exe, slow, case.slow_exe, without, 3)
            case.identical(name, exe, case.ref_exe)
    return case.result()


def test_ld_r(plugin):
    """Units merged by ld -r keep one summary each."""
    case = Case("summary-ld-r", plugin)
    got = prepare(case)
    if got:
        plain, summ, slow = got
        merged = case.path("merged.o")
        r = case.run(["ld", "-r", summ[1], summ[2], "-o", merged])
        if case.expect(r.rc == 0, "ld -r failed"):
            exe = case.path("prog")
            r = case.link([summ[0], merged], exe)
            case.same_as("ld -r", r, exe, slow, case.slow_exe, 0, 3)
            ref = case.path("ref-merged")
            case.link([summ[0], merged], ref, plugin=False)
            case.identical("ld -r", exe, ref)
    return case.result()


def test_incremental(plugin):
    """An incremental LTO link (gcc -r) of summarised units: with the
    plugin, the object it makes carries their summaries on; without it,
    the object has none and the final link reads it the slow way.  With
    the plugin but a unit without a summary: none either."""
    case = Case("summary-incremental", plugin)
    got = prepare(case)
    if got:
        plain, summ, slow = got
        for name, plugin_args, inputs, without in (
                ("with", ["-fplugin=" + plugin], summ[1:], 0),
                ("without", [], summ[1:], 1),
                ("with, one unit without", ["-fplugin=" + plugin], [summ[1], plain[2]], 1)):
            tag = re.sub(r"[^a-z]+", "-", name)
            merged = case.path("merged-%s.o" % tag)
            r = case.run([R.GCC, "-r"] + FLAGS + plugin_args + inputs + ["-o", merged])
            if not case.expect(r.rc == 0 and r.output == "",
                               "gcc -r %s the plugin: exit %s %s"
                               % (name, r.rc, r.output.strip()[:200])):
                continue
            exe = case.path("prog-" + tag)
            r = case.link([summ[0], merged], exe)
            case.same_as("gcc -r " + name, r, exe, slow, case.slow_exe, without, 2)
            ref = case.path("ref-" + tag)
            case.link([summ[0], merged], ref, plugin=False)
            case.identical("gcc -r " + name, exe, ref)
    return case.result()


# ------------------------------------------------------------------ #
# Corrupt summaries.                                                  #

def section_names(path):
    """The names of the sections of the ELF file at PATH."""
    with open(os.path.join(R.ROOT, path), "rb") as f:
        data = f.read()
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    stroff = headers[shstrndx][4]
    return [data[stroff + h[0]:data.index(b"\0", stroff + h[0])].decode() for h in headers]


def zstd_compress(raw, scratch):
    """RAW compressed by the zstd command from a file, so that the frame
    records its size (GCC refuses a frame without it)."""
    with open(scratch, "wb") as f:
        f.write(raw)
    subprocess.run(["zstd", "-q", "-f", scratch, "-o", scratch + ".zst"], check=True)
    with open(scratch + ".zst", "rb") as f:
        return f.read()


def corruptions(raw):
    """(what, bytes) of summaries that must be refused, from RAW."""
    version_at = 6              # "LSUM", format, length of the version, version
    assert raw[:4] == b"LSUM" and raw[4] == ord("'")   # format 4, a printable digit
    other_version = bytearray(raw)
    other_version[version_at] ^= 0x01          # "0.1" -> "1.1"
    other_format = bytearray(raw)
    other_format[4] = ord("(")                 # format 5
    flipped = bytearray(raw)
    flipped[len(raw) // 2] ^= 0xff
    return [("truncated", raw[:-3]), ("empty", b""), ("other ltospell", bytes(other_version)),
            ("other format", bytes(other_format)), ("not a summary", b"\x7fELF" + raw[4:]),
            ("trailing bytes", raw + b"\0"), ("flipped byte", bytes(flipped))]


def test_corrupt(plugin):
    """A summary that is truncated, corrupt, or from another version or
    format: one warning naming the object, that unit read the slow way,
    the same findings and report, no ICE.  The section's own bytes are
    changed (it is not compressed: GCC's decompressor would end the link
    with an ICE on a bad frame).  An earlier version's compressed
    section (ltospell.summary, not .raw): one warning too."""
    case = Case("summary-corrupt", plugin)
    got = prepare(case)
    if not got:
        return case.result()
    plain, summ, slow = got
    section = next((n for n in section_names(summ[1]) if n.startswith(".gnu.lto_ltospell.")),
                   None)
    if not case.expect(section, "%s has no ltospell section" % summ[1]):
        return case.result()
    dumped = case.path("section")
    r = case.run(["objcopy", "--dump-section", "%s=%s" % (section, dumped), summ[1],
                  case.path("scratch.o")])
    if not case.expect(r.rc == 0, "objcopy --dump-section failed"):
        return case.result()
    raw = R.read_bytes(dumped)
    if not case.expect(raw.startswith(b"LSUM"),
                       "the section is not the summary's own bytes: %r" % raw[:8]):
        return case.result()
    for i, (what, data) in enumerate(corruptions(raw)):
        # A flipped byte may by chance leave a valid summary (a changed
        # line number): only the refused ones must be warned about.
        packed = case.path("bad%d.section" % i)
        with open(os.path.join(R.ROOT, packed), "wb") as f:
            f.write(data)
        bad = case.path("bad%d.o" % i)
        r = case.run(["objcopy", "--update-section", "%s=%s" % (section, packed), summ[1], bad])
        if not case.expect(r.rc == 0, "%s: objcopy --update-section failed" % what):
            continue
        exe = case.path("prog%d" % i)
        r = case.link([summ[0], bad, summ[2]], exe)
        warned = [m for m in WARNING_RE.finditer(r.err)]
        if what == "flipped byte" and not warned:
            continue
        case.expect(len(warned) == 1 and warned[0].group("obj") == bad,
                    "%s: %d warnings naming %s, want one naming %s" % (
                        what, len(warned), [m.group("obj") for m in warned], bad))
        case.same_as(what, r, exe, slow, case.slow_exe, 1, 3, warnings=1)
        case.identical(what, exe, case.ref_exe)
    old_section = section.replace(".gnu.lto_ltospell.summary.raw.",
                                  ".gnu.lto_ltospell.summary.")
    if not shutil.which("zstd"):
        case.problems.append("zstd not found (Debian: apt-get install zstd)")
    elif case.expect(old_section != section, "unexpected section name %s" % section):
        packed = case.path("old.section")
        with open(os.path.join(R.ROOT, packed), "wb") as f:
            f.write(zstd_compress(raw, os.path.join(R.ROOT, case.path("old-raw"))))
        old = case.path("old.o")
        r = case.run(["objcopy", "--remove-section", section, "--add-section",
                      "%s=%s" % (old_section, packed), summ[1], old])
        if case.expect(r.rc == 0, "earlier version: objcopy failed"):
            exe = case.path("prog-old")
            r = case.link([summ[0], old, summ[2]], exe)
            warned = [m for m in WARNING_RE.finditer(r.err)]
            case.expect(len(warned) == 1 and warned[0].group("obj") == old
                        and "earlier version" in warned[0].group("why"),
                        "earlier version: %s, want one warning naming %s"
                        % ([m.group(0) for m in warned], old))
            case.same_as("earlier version", r, exe, slow, case.slow_exe, 1, 3, warnings=1)
            case.identical("earlier version", exe, case.ref_exe)
    return case.result()


# ------------------------------------------------------------------ #
# Where the units are compiled and linked.                            #

def test_directories(plugin):
    """Relative file names are seen from the link's directory, as GCC
    sees the bodies' locations: units compiled in another directory,
    linked from the repository and from a third directory; absolute
    names through -ffile-prefix-map."""
    case = Case("summary-directories", plugin)
    elsewhere = case.path("elsewhere")
    os.makedirs(os.path.join(R.ROOT, elsewhere, "link"), exist_ok=True)
    rel_sources = [os.path.relpath(os.path.join(R.ROOT, R.TESTS, u),
                                   os.path.join(R.ROOT, elsewhere)) for u in PROG]
    abs_sources = [os.path.join(R.ROOT, R.TESTS, u) for u in PROG]
    prefix_map = ["-ffile-prefix-map=%s=/src" % R.ROOT]
    variants = [
        ("compiled elsewhere", [], rel_sources, elsewhere, None),
        ("linked elsewhere", [], None, None, os.path.join(elsewhere, "link")),
        ("both elsewhere", [], rel_sources, elsewhere, os.path.join(elsewhere, "link")),
        ("-ffile-prefix-map", prefix_map, abs_sources, None, None),
    ]
    for i, (what, extra, sources, compile_dir, link_dir) in enumerate(variants):
        plain = case.compile("plain%d" % i, False, extra, sources, compile_dir)
        summ = case.compile("summarised%d" % i, True, extra, sources, compile_dir)
        if not plain or not summ:
            continue
        slow = case.link(plain, case.path("slow%d" % i), cwd=link_dir)
        exe = case.path("prog%d" % i)
        r = case.link(summ, exe, cwd=link_dir)
        case.same_as(what, r, exe, slow, case.path("slow%d" % i), 0, 3)
        ref = case.path("ref%d" % i)
        case.link(plain, ref, plugin=False, cwd=link_dir)
        case.identical(what, exe, ref)
        files = sorted(set(re.findall(r'"file": ?"([^"]*)"',
                                      (R.read_bytes(exe + ".json") or b"").decode())))
        case.expect(files, "%s: no file in the report" % what)
        if what == "-ffile-prefix-map":
            case.expect(all(f.startswith("/src/") for f in files),
                        "%s: files not remapped: %s" % (what, files))
    return case.result()


def test_fat(plugin):
    """Fat objects compiled with the plugin: their code and data are
    those of the objects compiled without it, a link without -flto is
    byte for byte the same, and with -flto they are summarised."""
    case = Case("summary-fat", plugin)
    plain = case.compile("plain", False, ["-ffat-lto-objects"])
    summ = case.compile("summarised", True, ["-ffat-lto-objects"])
    if not plain or not summ:
        return case.result()
    for p, s in zip(plain, summ):
        names = [n for n in section_names(p) if n and not n.startswith(".gnu.lto_")
                 and n not in (".symtab", ".strtab", ".shstrtab") and not n.startswith(".rela")]
        for problem in R.compare_codegen(os.path.join(R.ROOT, s), os.path.join(R.ROOT, p),
                                         names):
            case.problems.append("%s: %s" % (os.path.basename(s), problem))
    nolto = [R.GCC, "-O2", "-g"] + R.DIAG_FLAGS + R.NO_SWITCHES
    r1 = case.run(nolto + plain + ["-o", case.path("nolto-plain")])
    r2 = case.run(nolto + summ + ["-o", case.path("nolto-summarised")])
    if case.expect(r1.rc == 0 and r2.rc == 0, "link without -flto failed"):
        case.identical("without -flto", case.path("nolto-summarised"), case.path("nolto-plain"))
    slow = case.link(plain, case.path("slow"))
    case.link(plain, case.path("ref"), plugin=False)
    exe = case.path("prog")
    r = case.link(summ, exe)
    case.same_as("-flto", r, exe, slow, case.path("slow"), 0, 3)
    case.identical("-flto", exe, case.path("ref"))
    return case.result()


def test_check_at(plugin):
    """In WPA a large program is checked at the end of WPA, its summaries
    read again then from the objects GCC's file records name
    (garbage-collected, kept by lto-common's roots); check-at=end and
    check-at=pass force either way.  Both, with a collection at every
    collection point (--param ggc-min-expand=0 --param
    ggc-min-heapsize=0), and -flto-partition=none: the same findings and
    report as the slow link, no warning about a summary, and code
    identical to a link without the plugin with the same flags.  The
    dump says where the program was checked.  At the end too: a mixed
    link (one unit read the slow way, in the pass), units from an
    archive, and werror failing the link."""
    case = Case("summary-check-at", plugin)
    got = prepare(case)
    if got:
        _, summ, slow = got
        gc = ["--param", "ggc-min-expand=0", "--param", "ggc-min-heapsize=0"]
        refs = {}		# Mode -> its link without the plugin.
        for mode, at in (("balanced", "end"), ("balanced", "pass"), ("none", "end")):
            what = "%s, check-at=%s" % (mode, at)
            exe = case.path("prog-%s-%s" % (mode, at))
            dumps = case.path("dump-%s-%s" % (mode, at))
            os.makedirs(os.path.join(R.ROOT, dumps), exist_ok=True)
            flags = gc + ["-flto-partition=" + mode]
            r = case.link(summ, exe, flags=flags + ["-dumpdir", dumps + "/"],
                          plugin_args=["-fplugin-arg-ltospell-check-at=" + at,
                                       "-fplugin-arg-ltospell-dump"])
            case.same_as(what, r, exe, slow, case.slow_exe, 0, 3)
            if mode not in refs:
                refs[mode] = case.path("ref-" + mode)
                case.link(summ, refs[mode], plugin=False, flags=flags)
            case.identical(what, exe, refs[mode])
            text = "".join(open(os.path.join(R.ROOT, dumps, f)).read()
                           for f in os.listdir(os.path.join(R.ROOT, dumps))
                           if f.endswith(".ltospell"))
            if mode == "none":
                want = "no line on where the program is checked"
                ok = "bytes of summaries, checked" not in text and "program: " in text
            else:
                want = "checked %s" % ("at the end of WPA" if at == "end" else "in the pass")
                ok = re.search(r"^program: \d+ bytes of summaries, %s$" % want, text, re.M) \
                    and re.search(r"^ltospell: stats: ", text, re.M)
            case.expect(ok, "%s: the dump lacks %r: %r" % (what, want, text[-400:]))
        plain = got[0]
        # A mixed link: one unit read the slow way in the pass, the others
        # from their summaries at the end.
        exe = case.path("prog-mixed-end")
        r = case.link([summ[0], plain[1], summ[2]], exe,
                      plugin_args=["-fplugin-arg-ltospell-check-at=end"])
        case.same_as("mixed, check-at=end", r, exe, slow, case.slow_exe, 1, 3)
        # Archive members: read again from the archive.
        lib = case.path("lib.a")
        if case.archive(lib, summ[1:]):
            exe = case.path("prog-archive-end")
            r = case.link([summ[0], lib], exe,
                          plugin_args=["-fplugin-arg-ltospell-check-at=end"])
            case.same_as("archive, check-at=end", r, exe, slow, case.slow_exe, 0, 3)
        # werror: the error comes at the end of WPA, and still fails the link.
        r = case.run([R.GCC] + FLAGS + ["-fplugin=" + case.plugin,
                                        "-fplugin-arg-ltospell-check-at=end",
                                        "-fplugin-arg-ltospell-werror"]
                     + summ + ["-o", case.path("prog-werror")])
        case.expect(r.rc != 0 and re.search(r"error: ltospell: 1 finding fail", r.output)
                    and not R.ICE_RE.search(r.output),
                    "werror, check-at=end: exit %s, want a link failed by "
                    "the finding" % r.rc)
    return case.result()


def test_check_at_auto(plugin):
    """check-at=auto: a program whose summaries add up to 1 MB or more is
    checked at the end of WPA.  Two units, one with a table of 24000
    distinct 60-byte messages (1.4 MB of strings in its summary) and a
    misspelling among them, the other calling into it: the dump says
    "at the end of WPA", and the misspelling is found once."""
    case = Case("summary-check-at-auto", plugin)
    src = case.path("big.c")
    with open(os.path.join(R.ROOT, src), "w") as f:
        f.write("const char *const big_table[] = {\n")
        for i in range(24000):
            f.write('  "message %05d: the transfer of the file over the network",\n' % i)
        f.write('  "the transfer was recieved",\n};\n'
                "const char *big_message (int i) { return big_table[i]; }\n")
    main = case.path("main.c")
    with open(os.path.join(R.ROOT, main), "w") as f:
        f.write("#include <stdio.h>\nconst char *big_message (int);\n"
                "int main (int argc, char **argv) { (void) argv;\n"
                "  puts (big_message (argc)); return 0; }\n")
    objs = []
    for unit in (src, main):
        obj = unit[:-2] + ".o"
        r = case.run([R.GCC] + FLAGS + ["-fplugin=" + plugin, "-c", unit, "-o", obj])
        if not case.expect(r.rc == 0, "compiling %s: exit %s" % (unit, r.rc)):
            return case.result()
        objs.append(obj)
    dumps = case.path("dump")
    os.makedirs(os.path.join(R.ROOT, dumps), exist_ok=True)
    exe = case.path("prog")
    r = case.link(objs, exe, flags=["-dumpdir", dumps + "/"],
                  plugin_args=["-fplugin-arg-ltospell-dump"])
    text = "".join(open(os.path.join(R.ROOT, dumps, f)).read()
                   for f in os.listdir(os.path.join(R.ROOT, dumps))
                   if f.endswith(".ltospell"))
    m = re.search(r"^program: (\d+) bytes of summaries, checked (.*)$", text, re.M)
    case.expect(m and int(m.group(1)) >= 1 << 20 and m.group(2) == "at the end of WPA",
                "want a summary of 1 MB or more checked at the end of WPA, the dump "
                "says %r" % (m.group(0) if m else None))
    found = re.findall(r"warning: misspelled word .recieved.", r.output)
    case.expect(len(found) == 1 and r.rc == 0,
                "want one warning for 'recieved' (exit %s), got %d" % (r.rc, len(found)))
    return case.result()


def test_lost(plugin):
    """An object that goes away after GCC's last read of it, before the
    end of WPA, where a large program's summaries are read again
    (failopen.c, an LD_PRELOAD shim, makes its open and access fail
    then): one warning naming it, its unit's strings left out, the link
    done, no ICE.  (GCC's own reader would end the link with a fatal
    error: the plugin asks access () first.)"""
    case = Case("summary-lost", plugin)
    got = prepare(case)
    if not got:
        return case.result()
    _, summ, _ = got
    shim = case.path("failopen.so")
    r = case.run([R.GCC, "-shared", "-fPIC", "-O2", "-o", shim,
                  os.path.join(os.path.dirname(os.path.abspath(__file__)), "failopen.c"),
                  "-ldl"])
    if not case.expect(r.rc == 0, "compiling failopen.c: exit %s" % r.rc):
        return case.result()
    env = dict(R.ENV)
    env["LD_PRELOAD"] = os.path.join(R.ROOT, shim)
    env["LS_FAIL_OBJECT"] = os.path.basename(summ[1])
    r = R.run([R.GCC] + FLAGS + ["-fplugin=" + plugin, "-fplugin-arg-ltospell-check-at=end"]
              + summ + ["-o", case.path("prog")], env=env)
    case.runs.append(r)
    lost = re.findall(r"warning: ltospell: the summary in '([^']*)' cannot be read "
                      r"again \(No such file or directory\); the strings of that unit "
                      r"are left out", r.output.replace("\u2018", "'").replace("\u2019", "'"))
    case.expect(r.rc == 0 and not R.ICE_RE.search(r.output),
                "link with an object gone at the end of WPA: exit %s" % r.rc)
    case.expect(lost == [summ[1]], "want one warning naming %s, got %s"
                % (summ[1], lost))
    return case.result()


TESTS = [
    ("summary-archive", test_archive),
    ("summary-ld-r", test_ld_r),
    ("summary-incremental", test_incremental),
    ("summary-corrupt", test_corrupt),
    ("summary-directories", test_directories),
    ("summary-fat", test_fat),
    ("summary-check-at", test_check_at),
    ("summary-check-at-auto", test_check_at_auto),
    ("summary-lost", test_lost),
]
