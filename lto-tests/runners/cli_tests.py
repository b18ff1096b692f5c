"""Command-line tests of the ltospell plugin, run by runner.py.

Each test is a function taking the plugin's absolute path and returning
a runner.Result with one PASS/FAIL line.  Their sources are in
lto-tests/cli/ (not LTO tests themselves: they are not named NAME_0.c).
"""

import concurrent.futures
import json
import os
import re
import shutil
import threading

import runner as R

CLI = os.path.join(R.TOP, "cli")
TYPO = os.path.join(CLI, "typo.c")
CLEAN = os.path.join(CLI, "clean.c")


class Case:
    """A scratch directory under build/lto-tests/ and the runs made in it."""

    def __init__(self, name, plugin):
        self.name, self.plugin = name, plugin
        self.tmp = os.path.join(R.BUILD, name)
        shutil.rmtree(os.path.join(R.ROOT, self.tmp), ignore_errors=True)
        os.makedirs(os.path.join(R.ROOT, self.tmp))
        self.runs = []
        self.problems = []

    def run(self, argv, env=None):
        r = R.run(argv, env=env)
        self.runs.append(r)
        return r

    def path(self, name):
        """NAME in the scratch directory, relative to the repository."""
        return os.path.join(self.tmp, name)

    def write(self, name, data):
        """Write bytes DATA to NAME in the scratch directory; its path."""
        with open(os.path.join(R.ROOT, self.path(name)), "wb") as f:
            f.write(data)
        return self.path(name)

    def compile(self, src):
        """Compile SRC with -flto -c, without the plugin; None if that failed."""
        obj = os.path.join(self.tmp, os.path.basename(src) + ".o")
        r = self.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS + [src, "-o", obj])
        if r.rc != 0:
            self.problems.append("cannot compile %s (exit %s)" % (src, r.rc))
            return None
        return obj

    def shared_object(self, src):
        """SRC compiled as compile() does, once for every test that asks
        (the bad-argument tests all link the same object)."""
        with SHARED_LOCK:
            if src not in SHARED:
                tmp = os.path.join(R.BUILD, "cli-shared")
                os.makedirs(os.path.join(R.ROOT, tmp), exist_ok=True)
                obj = os.path.join(tmp, os.path.basename(src) + ".o")
                SHARED[src] = (obj, R.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS
                                          + [src, "-o", obj]))
        obj, r = SHARED[src]
        if r.rc != 0:
            self.runs.append(r)
            self.problems.append("cannot compile %s (exit %s)" % (src, r.rc))
            return None
        return obj

    def link(self, objs, plugin_args=(), flags=(), exe="prog", env=None):
        return self.run([R.GCC, "-O2", "-flto"] + list(flags) + R.DIAG_FLAGS
                        + ["-fplugin=" + self.plugin] + list(plugin_args)
                        + list(objs) + ["-o", os.path.join(self.tmp, exe)], env)

    def expect(self, cond, problem):
        if not cond:
            self.problems.append(problem)
        return cond

    def no_ice(self, r):
        self.expect(not R.ICE_RE.search(r.output),
                    "internal compiler error: %s" % first_line(R.ICE_RE, r.output))

    def result(self, xfail=None):
        """The PASS/FAIL line.  With XFAIL (why the test is known to fail
        for now), a failure is an XFAIL line and a pass is a FAIL that
        asks for the mark to be removed."""
        res = R.Result()
        details = "".join(r.describe() for r in self.runs) if self.problems else ""
        if xfail and self.problems:
            res.add("xfail", self.name, ["%s (%s)" % (xfail, "; ".join(self.problems))])
        elif xfail:
            res.add(False, self.name, ["XPASS: passes now; remove its xfail mark in "
                                       "lto-tests/runners/cli_tests.py (was: %s)" % xfail])
        else:
            res.add(not self.problems, self.name, self.problems, details)
        return res


SHARED = {}                     # source -> (object, its compile)
SHARED_LOCK = threading.Lock()


def first_line(regex, text):
    return next((l for l in text.splitlines() if regex.search(l)), "")


def warnings_of(text):
    return [d for d in R.parse_output(text)[0] if d.kind == "warning"]


def check_bad_arg(case, obj, arg, named, flags=()):
    """Link OBJ with the bad plugin ARG: it must fail with exactly one
    error line, which names NAMED."""
    r = case.link([obj], [arg], flags)
    mode = " ".join(flags) or "default"
    case.no_ice(r)
    case.expect(r.rc != 0, "%s [%s]: link succeeded" % (arg, mode))
    errors = R.plugin_errors(r.output)
    if case.expect(len(errors) == 1, "%s [%s]: %d error lines, want 1: %s"
                   % (arg, mode, len(errors), " | ".join(e.strip() for e in errors))):
        case.expect(named in errors[0], "%s [%s]: error does not name '%s': %s"
                    % (arg, mode, named, errors[0].strip()))


def bad_arg_test(name, arg, named, files=None, xfail=None):
    """A test linking with the bad plugin ARG (KEY[=VALUE]) in WPA and
    in -flto-partition=none.  FILES maps names to bytes to write into
    the scratch directory first; "{NAME}" in ARG and NAMED becomes the
    path of file NAME.  XFAIL: why it is known to fail for now."""
    def test(plugin):
        case = Case(name, plugin)
        paths = {k: case.write(k, v) if v is not None else make_dir(case, k)
                 for k, v in (files or {}).items()}
        full_arg = arg.format(**paths)
        if not full_arg.startswith("-fplugin-arg-"):
            full_arg = "-fplugin-arg-ltospell-" + full_arg
        obj = case.shared_object(CLEAN)
        if obj:
            for flags in ((), ("-flto-partition=none",)):
                check_bad_arg(case, obj, full_arg, named.format(**paths), flags)
        return case.result(xfail)
    return test


def make_dir(case, name):
    os.makedirs(os.path.join(R.ROOT, case.path(name)), exist_ok=True)
    return case.path(name)


def test_good_args(plugin):
    """Every valid argument at once, and the edge cases that are not
    errors (an empty word-list directory, an empty word list): the link
    succeeds and reports as usual."""
    case = Case("cli-good-args", plugin)
    words = case.write("words.txt", b"# comment\n\nblorfing\n")
    empty = case.write("empty.txt", b"")
    empty_dir = make_dir(case, "empty-dict")
    obj = case.compile(TYPO)
    if obj:
        for args in (["lang=en_US,en_GB", "provider=aspell", "dict=none",
                      "words=" + words, "words=" + empty, "tier=all", "sinks=on",
                      "format=gcc", "quiet"],
                     ["provider=hunspell", "dict=" + empty_dir, "lang=en_US"]):
            r = case.link([obj], ["-fplugin-arg-ltospell-" + a for a in args])
            case.no_ice(r)
            label = " ".join(args)
            case.expect(r.rc == 0, "%s: link failed (exit %s)" % (label, r.rc))
            case.expect(not R.plugin_errors(r.output), "%s: errors: %s"
                        % (label, " | ".join(R.plugin_errors(r.output))))
            diags, _ = R.parse_output(r.output)
            case.problems += ["%s: %s" % (label, p)
                              for p in R.match_findings(typo_markers(), diags)]
    return case.result()


def test_home_untouched(plugin):
    """The plugin never writes into $HOME (enchant would create
    ~/.config/enchant): links with a fresh empty HOME and
    XDG_CONFIG_HOME, with each provider and with suggestions asked for,
    leave them empty."""
    case = Case("cli-home-untouched", plugin)
    home = os.path.join(R.ROOT, make_dir(case, "home"))
    env = dict(R.ENV, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               XDG_DATA_HOME=os.path.join(home, ".local", "share"),
               XDG_CACHE_HOME=os.path.join(home, ".cache"))
    env.pop("ENCHANT_CONFIG_DIR", None)
    obj = case.compile(TYPO)
    if obj:
        for provider in (None, "aspell", "hunspell"):
            args = ["-fplugin-arg-ltospell-provider=" + provider] if provider else []
            r = case.link([obj], args, env=env)
            case.no_ice(r)
            case.expect(r.rc == 0, "link failed (exit %s)" % r.rc)
            case.expect("did you mean" in r.output, "no suggestion was asked for "
                        "(provider %s)" % provider)
        created = [os.path.relpath(os.path.join(d, f), home)
                   for d, dirs, files in os.walk(home) for f in dirs + files]
        case.expect(not created, "written into $HOME: %s" % ", ".join(sorted(created)))
    return case.result()


# Four programs, each with its own misspellings, for parallel links.
PARALLEL_SOURCES = [
    '#include <stdio.h>\nint main (void) { puts ("we recieve %d"); return 0; }\n',
    '#include <stdio.h>\nint main (void) { puts ("a seperate lenght"); return 0; }\n',
    '#include <stdio.h>\nint main (void) { puts ("wait untill teh end"); return 0; }\n',
    '#include <stdio.h>\nint main (void) { puts ("the adress occured"); return 0; }\n',
]


def test_parallel_links(plugin):
    """Four links at once, as under make -j, each with its report=
    file: each prints exactly what it prints alone, and each report
    (once report= is implemented) names only its own program's words."""
    case = Case("cli-parallel-links", plugin)
    objs = []
    for i, src in enumerate(PARALLEL_SOURCES):
        objs.append(case.compile(case.write("p%d.c" % i, src.encode())))
    if None in objs:
        return case.result()

    def link(i, tag):
        report = case.path("report%d.%s.json" % (i, tag))
        return case.link([objs[i]], ["-fplugin-arg-ltospell-report=" + report],
                         ["-flto=2"], exe="p%d.%s" % (i, tag)), report

    serial = [link(i, "serial")[0] for i in range(4)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda i: link(i, "parallel"), range(4)))
    for i, ((r, report), alone) in enumerate(zip(parallel, serial)):
        case.no_ice(r)
        case.expect(r.rc == 0, "link %d failed (exit %s)" % (i, r.rc))
        own = [d.word for d in warnings_of(r.output)]
        case.expect(own == [d.word for d in warnings_of(alone.output)],
                    "link %d printed %s in parallel, %s alone"
                    % (i, own, [d.word for d in warnings_of(alone.output)]))
        case.expect(len(own) >= 1, "link %d: no warning" % i)
        path = os.path.join(R.ROOT, report)
        if os.path.exists(path):
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                json.loads(text)
            except (OSError, ValueError) as e:
                case.problems.append("report %d is not JSON: %s" % (i, e))
                continue
            others = [d.word for j, (o, _) in enumerate(parallel) if j != i
                      for d in warnings_of(o.output) if d.word not in own]
            case.expect(all(w in text for w in own), "report %d lacks %s" % (i, own))
            case.expect(not any(w in text for w in others),
                        "report %d names another link's words" % i)
    return case.result()


def test_parallel_reports(plugin):
    """report= writes its file (so that test_parallel_links, which
    checks the reports only when they exist, cannot pass vacuously)."""
    case = Case("cli-parallel-reports", plugin)
    obj = case.compile(case.write("p.c", PARALLEL_SOURCES[0].encode()))
    if obj:
        report = case.path("report.json")
        r = case.link([obj], ["-fplugin-arg-ltospell-report=" + report])
        case.expect(r.rc == 0, "link failed (exit %s)" % r.rc)
        case.expect(os.path.exists(os.path.join(R.ROOT, report)), "no report written")
    return case.result()


def test_version_guard(plugin):
    """A plugin built for another GCC is refused with one error naming
    it, never an ICE, in both directions (GCC 12's plugin in gcc-11 and
    GCC 11's in gcc): build/gcc-11/ltospell.so beside build/ltospell.so."""
    case = Case("cli-version-guard", plugin)
    build = os.path.dirname(plugin)
    gcc12 = "gcc-12" if shutil.which("gcc-12") else "gcc"
    if os.path.basename(build) == "gcc-11":
        pairs = [(gcc12, plugin), ("gcc-11", os.path.join(os.path.dirname(build),
                                                          "ltospell.so"))]
    else:
        pairs = [("gcc-11", plugin), (gcc12, os.path.join(build, "gcc-11", "ltospell.so"))]
    pairs = [(gcc, so) for gcc, so in pairs if shutil.which(gcc) and os.path.isfile(so)]
    if not pairs:
        res = R.Result()
        res.add("unsupported", case.name, ["needs gcc-11 and build/gcc-11/ltospell.so"])
        return res
    for gcc, so in pairs:
        obj = os.path.join(case.tmp, "clean.%s.o" % os.path.basename(gcc))
        r = case.run([gcc, "-O2", "-flto", "-c", CLEAN, "-o", obj])
        if not case.expect(r.rc == 0, "%s cannot compile" % gcc):
            continue
        r = case.run([gcc, "-O2", "-flto"] + R.DIAG_FLAGS + ["-fplugin=" + so, obj,
                                                             "-o", case.path("prog")])
        case.no_ice(r)
        case.expect(r.rc != 0, "%s loaded %s" % (gcc, so))
        errors = R.plugin_errors(r.output)
        if case.expect(len(errors) == 1, "%s with %s: %d error lines, want 1: %s"
                       % (gcc, so, len(errors), " | ".join(errors))):
            case.expect(so in errors[0], "the error does not name %s: %s" % (so, errors[0]))
            # Ours, not the dynamic linker's: it names both versions.
            running = R.run([gcc, "-dumpfullversion"]).output.strip()
            want = ["ltospell: ", "built for GCC", "run in GCC " + running]
            with open(os.path.join(os.path.dirname(so), "built-for.h")) as f:
                built = re.search(r'BASEVER "([^"]*)"', f.read()).group(1)
            want.append("built for GCC " + built)
            case.expect(all(w in errors[0] for w in want) and "undefined symbol" not in errors[0],
                        "the error does not say %s: %s" % (want, errors[0]))
    return case.result()


def test_core_missing(plugin):
    """The loader alone, without ltospell-core.so beside it: one error
    naming the missing file, the link fails, no ICE."""
    case = Case("cli-core-missing", plugin)
    lone = case.path("ltospell.so")
    shutil.copy(plugin, os.path.join(R.ROOT, lone))
    obj = case.compile(CLEAN)
    if obj:
        r = case.run([R.GCC, "-O2", "-flto"] + R.DIAG_FLAGS
                     + ["-fplugin=" + lone, obj, "-o", case.path("prog")])
        case.no_ice(r)
        case.expect(r.rc != 0, "the link succeeded without the plugin's core")
        errors = R.plugin_errors(r.output)
        core = os.path.join(case.tmp, "ltospell-core.so")
        if case.expect(len(errors) == 1, "%d error lines, want 1: %s"
                       % (len(errors), " | ".join(errors))):
            case.expect(core in errors[0] and "ltospell: cannot load" in errors[0],
                        "the error does not name %s: %s" % (core, errors[0]))
    return case.result()


# A library that enchant or a dictionary brings, as LD_DEBUG=files
# names it when it is loaded.
SPELLER_LIBRARY_RE = re.compile(r"file=(\S*(?:enchant|stdc\+\+|glib|aspell)\S*)")


def loaded_speller_libraries(trace):
    return sorted(set(SPELLER_LIBRARY_RE.findall(trace)))


def test_compile_loads_little(plugin):
    """A compile with -fplugin loads the plugin and nothing more: not
    libenchant (opened when a word is first checked) nor libstdc++
    (cc1 has operator new): each cost every compile milliseconds.  The
    core may need libc alone, and a compile with -flto maps neither."""
    case = Case("cli-compile-loads-little", plugin)
    core = os.path.join(os.path.dirname(plugin), "ltospell-core.so")
    r = case.run(["readelf", "-d", core])
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^]]+)\]", r.out)
    case.expect(r.rc == 0 and needed and all(n.startswith("libc.so") for n in needed),
                "%s needs %s, want libc alone" % (core, needed))
    env = dict(R.ENV, LD_DEBUG="files")
    r = case.run([R.GCC, "-O2", "-flto", "-c", "-fplugin=" + plugin, TYPO,
                  "-o", case.path("typo.o")], env=env)
    loaded = loaded_speller_libraries(r.err)
    case.expect(r.rc == 0 and not loaded, "the compile loaded %s" % loaded)
    case.expect(r.rc == 0 and "ltospell-core.so" in r.err,
                "LD_DEBUG shows no load of the plugin's core")
    return case.result()


def test_core_exports(plugin):
    """ltospell-core.so exports what the loader asks for and nothing
    more (src/loader/core.map): every other symbol is bound when it is
    linked, not looked up through lto1's dynamic symbols at load."""
    case = Case("cli-core-exports", plugin)
    core = os.path.join(os.path.dirname(plugin), "ltospell-core.so")
    r = case.run(["nm", "-D", "--defined-only", core])
    exported = sorted(l.split()[-1] for l in r.out.splitlines() if l.strip())
    case.expect(r.rc == 0 and exported == ["plugin_init", "plugin_is_GPL_compatible"],
                "%s exports %s, want plugin_init and plugin_is_GPL_compatible"
                % (core, exported[:6]))
    return case.result()


def test_link_loads_no_enchant(plugin):
    """A link whose words the precompiled words all judge loads neither
    libenchant nor what it brings (GLib, libstdc++, aspell): clean.c;
    typo.c, whose misspellings are codespell's, shown with its fixes,
    with and without report= (which lists more suggestions); and a
    dictionary misspelling ("wrold", in no list), whose suggestions come
    from aspell's precompiled words too.  The control, "résumé", has a
    letter beyond ASCII that only aspell itself can judge: that link
    loads enchant, so the test can fail."""
    case = Case("cli-link-loads-no-enchant", plugin)
    data = os.path.join(os.path.dirname(plugin), "ltospell-data")
    if not os.path.isfile(os.path.join(data, "aspell-en_US.words")):
        res = R.Result()
        res.add("unsupported", case.name, ["no %s/aspell-en_US.words (aspell missing "
                                           "when make ran?)" % data])
        return res
    typo = case.write("misspelled.c", b'#include <stdio.h>\nint main (void) '
                      b'{ puts ("Hello, wrold"); return 0; }\n')
    accented = case.write("accented.c", b'#include <stdio.h>\nint main (void) '
                          b'{ puts ("Send your r\xc3\xa9sum\xc3\xa9"); return 0; }\n')
    report = ["-fplugin-arg-ltospell-report=" + case.path("typo.json")]
    known = {"recieve", "sucessful"}
    for n, (src, args, want_loaded, want_warned) in enumerate((
            (CLEAN, [], False, set()), (TYPO, [], False, known),
            (TYPO, report, False, known), (typo, [], False, {"wrold"}),
            (accented, [], True, set()))):
        obj = case.compile(src)
        if not obj:
            continue
        # The loader's trace goes to files of its own (one a process),
        # not into the diagnostics it would cut.
        trace = os.path.join(R.ROOT, case.path("ld-%d" % n))
        env = dict(R.ENV, LD_DEBUG="files", LD_DEBUG_OUTPUT=trace)
        r = case.link([obj], args, env=env, exe=os.path.basename(src) + ".exe")
        case.no_ice(r)
        traced = ""
        for f in os.listdir(os.path.dirname(trace)):
            if f.startswith(os.path.basename(trace) + "."):
                with open(os.path.join(os.path.dirname(trace), f), errors="replace") as t:
                    traced += t.read()
        case.expect(traced != "", "LD_DEBUG_OUTPUT wrote no trace for %s" % src)
        loaded = loaded_speller_libraries(traced)
        warned = {d.word for d in warnings_of(r.output)}
        case.expect(r.rc == 0 and warned == want_warned,
                    "%s: warned %s, want %s" % (src, sorted(warned), sorted(want_warned)))
        case.expect(bool(loaded) == want_loaded,
                    "%s %s: the link loaded %s, want %s" % (
                        src, " ".join(args), loaded or "nothing of enchant's",
                        "libenchant" if want_loaded else "none of it"))
    return case.result()


def test_install(plugin):
    """make install DESTDIR=...: the installed loader finds its core and
    the project's word lists beside it, by full path and by the short
    name -fplugin=ltospell.  "stdin" is in dict/ but not in
    the English dictionary: the control link, with another word list in
    place of dict/, must flag it, so the test sees the lists really load."""
    case = Case("cli-install", plugin)
    if os.path.basename(os.path.dirname(plugin)) != "build":
        res = R.Result()
        res.add("unsupported", case.name, ["make install installs build/, not %s" % plugin])
        return res
    dest = os.path.join(R.ROOT, case.tmp, "dest")
    r = case.run(["make", "-s", "-C", R.ROOT, "install", "DESTDIR=" + dest])
    if not case.expect(r.rc == 0, "make install failed: %s" % r.output[-500:]):
        return case.result()
    plugin_dir = R.run([R.GCC, "-print-file-name=plugin"]).output.strip()
    installed = os.path.join(dest + plugin_dir, "ltospell.so")
    for name in ("ltospell.so", "ltospell-core.so", "ltospell-dict/programming.txt",
                 "ltospell-data/hunspell-en_US.words", "ltospell-data/aspell-en_US.words",
                 "ltospell-data/aspell-en_GB.words", "ltospell-data/codespell-en.words",
                 "ltospell-data/common-en.words"):
        case.expect(os.path.isfile(os.path.join(dest + plugin_dir, name)),
                    "make install did not install %s" % name)
    src = case.write("stdin.c", b'#include <stdio.h>\nint main (void) '
                     b'{ puts ("read from stdin, then recieve the reply"); return 0; }\n')
    obj = case.compile(src)
    if obj:
        other = make_dir(case, "other-dict")
        with open(os.path.join(R.ROOT, other, "words.txt"), "w") as f:
            f.write("frobnicate\n")
        # -B makes the driver look for its plugin directory under
        # DESTDIR, so -fplugin=ltospell by short name finds the files
        # make install put there.
        short = ["-B" + dest + os.path.dirname(plugin_dir) + "/"]
        for so, flags, extra, want in (
                (installed, [], [], {"recieve"}),
                (installed, [], ["-fplugin-arg-ltospell-dict=" + other], {"recieve", "stdin"}),
                ("ltospell", short, [], {"recieve"})):
            case.plugin = so
            r = case.link([obj], extra, flags)
            case.no_ice(r)
            case.expect(r.rc == 0, "link with the installed plugin failed (exit %s): %s"
                        % (r.rc, r.output[-300:]))
            got = {d.word for d in warnings_of(r.output)}
            case.expect(got == want, "installed plugin %s %s: warned %s, want %s"
                        % (so, " ".join(extra), sorted(got), sorted(want)))
        # The installed plugin maps the installed precompiled words.
        case.plugin = installed
        here = os.path.join(R.ROOT, case.tmp)
        r = case.link([obj], ["-fplugin-arg-ltospell-dump"], ["-dumpdir", case.tmp + "/"])
        dumps = [f for f in os.listdir(here) if f.endswith(".ltospell")]
        text = "".join(open(os.path.join(here, f)).read() for f in dumps)
        case.expect(re.search(r"^hunspell en_US: \d+ precompiled words \(%s\)"
                              % re.escape(os.path.join(dest + plugin_dir, "ltospell-data",
                                                       "hunspell-en_US.words")),
                              text, re.M),
                    "the installed plugin does not use the installed words: %r"
                    % text[:300])
    return case.result()


def typo_markers():
    return [m for m in R.read_markers(TYPO) if m.kind in ("warning", "note")]


def test_non_lto(plugin):
    """gcc -c (no -flto) with the plugin: the unit alone is checked, and
    one note says that the whole program needs -flto."""
    case = Case("cli-non-lto-compile", plugin)
    r = case.run([R.GCC, "-O2", "-c"] + R.DIAG_FLAGS + ["-fplugin=" + plugin, TYPO,
                                                     "-o", os.path.join(case.tmp, "typo.o")])
    case.no_ice(r)
    case.expect(r.rc == 0, "compile failed (exit %s)" % r.rc)
    diags, _ = R.parse_output(r.output)
    case.problems += R.match_findings(typo_markers(), diags)
    # GCC may quote the option: needs '-flto'.
    needs = [l for l in r.output.splitlines() if re.search(r"needs '?-flto\b", l)]
    if case.expect(len(needs) == 1, "%d lines mention 'needs -flto', want 1" % len(needs)):
        case.expect(" note: " in needs[0], "'needs -flto' is not a note: %s" % needs[0])
    case.expect(not R.plugin_errors(r.output), "error: %s" % " | ".join(R.plugin_errors(r.output)))
    return case.result()


def test_lto_compile_silent(plugin):
    """gcc -flto -c with the plugin, slim and fat objects: nothing is
    checked, nothing printed; the fat object still links with the
    plugin (one warning per misspelling) and without LTO."""
    case = Case("cli-lto-compile-silent", plugin)
    for extra in ([], ["-ffat-lto-objects"]):
        obj = os.path.join(case.tmp, "typo%s.o" % ("-fat" if extra else ""))
        r = case.run([R.GCC, "-O2", "-flto", "-c"] + extra + R.DIAG_FLAGS
                     + ["-fplugin=" + plugin, TYPO, "-o", obj])
        case.expect(r.rc == 0, "compile %s failed (exit %s)" % (" ".join(extra), r.rc))
        case.expect(r.output == "", "output %s: %s" % (
            " ".join(extra), r.output.strip().replace("\n", " | ")[:300]))
    fat = os.path.join(case.tmp, "typo-fat.o")
    r = case.link([fat])
    case.no_ice(r)
    case.expect(r.rc == 0 and "'recieve'" in r.output,
                "the fat object linked with -flto does not report 'recieve'")
    r = case.run([R.GCC, "-O2", fat, "-o", case.path("prog-nolto")])
    case.expect(r.rc == 0, "the fat object does not link without LTO")
    return case.result()


def test_dump(plugin):
    """dump: the pass's dump file (GCC 12 refuses -fdump-ipa-ltospell,
    which it parses before loading plugins): in cc1 each symbol put into
    the summary, at the link each unit's summary and each symbol read
    from it, the program's totals, the dictionaries as opened and at the
    end, and the stats line; without dump, no dump file."""
    case = Case("cli-dump", plugin)
    here = os.path.join(R.ROOT, case.tmp)
    obj = case.path("typo.o")
    r = case.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS
                 + ["-fplugin=" + plugin, "-fplugin-arg-ltospell-dump",
                    "-dumpdir", case.tmp + "/", TYPO, "-o", obj])
    case.expect(r.rc == 0, "compile failed (exit %s)" % r.rc)
    r = case.link([obj], ["-fplugin-arg-ltospell-dump"], ["-dumpdir", case.tmp + "/"])
    case.no_ice(r)
    case.expect(r.rc == 0, "link failed (exit %s)" % r.rc)
    dumps = sorted(f for f in os.listdir(here) if f.endswith(".ltospell"))
    compile_dump = [f for f in dumps if "wpa." not in f]
    link_dump = [f for f in dumps if "wpa." in f]
    if case.expect(len(compile_dump) == 1 and len(link_dump) == 1,
                   "want one compile and one WPA dump, got %s" % dumps):
        text = open(os.path.join(here, compile_dump[0])).read()
        case.expect(re.search(r"^function report/\d+: 1 string uses, from its body "
                              r"\(into the summary\)$", text, re.M),
                    "compile dump lacks report's summary line: %r" % text[:300])
        text = open(os.path.join(here, link_dump[0])).read()
        for want in (r"^unit \S*typo\.o: summary of 2 symbols, compiled in /",
                     r"^function main/\d+: 1 string uses, from its summary$",
                     r"^program: 2 string uses, 2 distinct strings$",
                     r"^program: \d+ bytes of summaries, checked in the pass$",
                     r"^hunspell en_US: \d+ precompiled words "
                     r"\(\S+/ltospell-data/hunspell-en_US\.words\), not loaded$",
                     # typo.c's misspellings are codespell's, shown with
                     # its fixes: without a report aspell is not asked for
                     # suggestions, and enchant is never opened.
                     r"^dictionaries:\naspell en_US: \d+ precompiled words "
                     r"\(\S+/ltospell-data/aspell-en_US\.words\), enchant not opened$",
                     r"^dictionaries at the end:\naspell en_US: \d+ precompiled "
                     r"words \(\S+/ltospell-data/aspell-en_US\.words\), "
                     r"enchant not opened$",
                     r"^dialect's dictionaries at the end:\naspell en_GB: \d+ "
                     r"precompiled words \(\S+/ltospell-data/aspell-en_GB\.words\), "
                     r"enchant not opened$",
                     r"^ltospell: stats: 2 functions \(0 bodies read\)"):
            case.expect(re.search(want, text, re.M),
                        "WPA dump lacks /%s/: %r" % (want, text[:400]))
    for f in dumps:
        os.unlink(os.path.join(here, f))
    r = case.link([obj], [], ["-dumpdir", case.tmp + "/"])
    case.expect(not any(f.endswith(".ltospell") for f in os.listdir(here)),
                "a dump file without the dump option")
    return case.result()


def test_w(plugin):
    """-w at link: no warnings, and no notes left without their warning."""
    case = Case("cli-link-w", plugin)
    obj = case.compile(TYPO)
    if obj:
        r = case.link([obj], flags=["-w"])
        case.no_ice(r)
        case.expect(r.rc == 0, "link failed (exit %s)" % r.rc)
        diags, _ = R.parse_output(r.output)
        for d in diags:
            if d.kind == "warning" or (d.kind == "note" and R.USE_NOTE_RE.match(d.msg)):
                case.problems.append("printed: %s" % d.text.strip())
    return case.result()


def test_werror(plugin):
    """-Werror at link with a misspelling: the link fails."""
    case = Case("cli-link-Werror", plugin)
    obj = case.compile(TYPO)
    if obj:
        r = case.link([obj], flags=["-Werror"])
        case.no_ice(r)
        case.expect(r.rc != 0, "link succeeded")
        case.expect("'recieve'" in r.output, "'recieve' not reported")
    return case.result()


def test_failed_link_leftovers(plugin):
    """A link that fails on a misspelling leaves nothing in the temporary
    directory: with werror, checked in the pass (WPA stops before it
    writes partitions) or at the end of WPA (after it wrote them: the
    plugin removes them, as lto-wrapper does not), with GCC's -Werror
    (WPA goes on and writes them), and with -Wfatal-errors (lto1 exits
    at the first error); with -save-temps the partitions are kept
    beside the output."""
    case = Case("cli-failed-link-leftovers", plugin)
    obj = case.compile(TYPO)
    if obj:
        tmpdir = os.path.join(R.ROOT, case.path("tmpdir"))
        os.makedirs(tmpdir)
        env = dict(R.ENV, TMPDIR=tmpdir)
        for fail, when in (("werror", "pass"), ("werror", "end"), ("-Werror", "pass"),
                           ("werror -Wfatal-errors", "end")):
            for partitions in ([], ["-flto=2", "-flto-partition=max"]):
                args = ["-fplugin-arg-ltospell-check-at=" + when]
                flags = list(partitions)
                for f in fail.split():
                    if f == "werror":
                        args.append("-fplugin-arg-ltospell-werror")
                    else:
                        flags.append(f)
                r = case.link([obj], args, flags=flags, env=env)
                case.no_ice(r)
                what = "%s, check-at=%s %s" % (fail, when, " ".join(partitions))
                case.expect(r.rc != 0, "%s: the link succeeded" % what)
                case.expect("'recieve'" in r.output, "%s: 'recieve' not reported" % what)
                left = sorted(os.listdir(tmpdir))
                case.expect(left == [], "%s: left in TMPDIR: %s" % (what, " ".join(left)))
                for f in left:
                    os.unlink(os.path.join(tmpdir, f))
        saved = os.path.join(R.ROOT, case.path("saved"))
        os.makedirs(saved)
        r = case.link([obj], ["-fplugin-arg-ltospell-werror",
                              "-fplugin-arg-ltospell-check-at=end"],
                      flags=["-save-temps"], exe="saved/prog", env=env)
        case.expect(r.rc != 0, "-save-temps: the link succeeded")
        case.expect(os.path.exists(os.path.join(saved, "prog.ltrans0.o")),
                    "-save-temps: the partition was not kept: %s"
                    % " ".join(sorted(os.listdir(saved))))
    return case.result()


def test_color_caret(plugin):
    """GCC's own diagnostics machinery: -fdiagnostics-color=always
    colours the warning, and the caret shows the source line of the
    use; -fno-diagnostics-show-caret and =never take both away."""
    case = Case("cli-color-caret", plugin)
    obj = case.compile(TYPO)
    if obj:
        base = [R.GCC, "-O2", "-flto", "-fplugin=" + plugin, obj, "-o", case.path("prog")]
        caret = re.compile(r"^\s*\d*\s*\|\s*\^", re.M)
        r = case.run(base + ["-fdiagnostics-color=always", "-fdiagnostics-show-caret"])
        case.no_ice(r)
        warning = [l for l in r.output.splitlines() if "misspelled word" in l]
        case.expect(warning and "\x1b[" in warning[0],
                    "no colour on the warning: %r" % warning[:1])
        case.expect(caret.search(re.sub("\x1b\\[[0-9;]*[mK]", "", r.output)),
                    "no caret line under the warning")
        r = case.run(base + ["-fdiagnostics-color=never", "-fno-diagnostics-show-caret"])
        case.expect("\x1b[" not in r.output, "colour with -fdiagnostics-color=never")
        case.expect(not caret.search(r.output), "a caret line with -fno-diagnostics-show-caret")
        case.expect("'recieve'" in r.output or "\u2018recieve\u2019" in r.output,
                    "'recieve' not reported")
    return case.result()


def test_program_name(plugin):
    """The -o name is the program's own word, in WPA and in the single
    lto1 of -flto-partition=none; linked under another name, the same
    word is reported."""
    case = Case("cli-program-name", plugin)
    obj = case.compile(os.path.join(CLI, "progname.c"))
    if obj:
        for flags in ([], ["-flto-partition=none"]):
            for exe, want in (("zorblex", []), ("prog", ["Zorblex"])):
                # Zorblex is far from every word: low confidence.
                r = case.link([obj], ["-fplugin-arg-ltospell-confidence=low"],
                              flags=flags, exe=exe)
                case.no_ice(r)
                got = [re.search(r"'([^']*)'", w.msg).group(1) for w in warnings_of(r.output)]
                case.expect(got == want, "-o %s %s: warned for %s, want %s"
                            % (exe, " ".join(flags), got, want))
    return case.result()


def test_dialect(plugin):
    """A British program is checked as en_GB too and says so once;
    lang=en_US overrides that."""
    case = Case("cli-dialect", plugin)
    obj = case.compile(os.path.join(CLI, "british.c"))
    if obj:
        for args, want, lines in (
                ([], [], 1),
                (["-fplugin-arg-ltospell-lang=en_US"],
                 ["behaviour", "centre", "colour", "favourite"], 0)):
            r = case.link([obj], plugin_args=args)
            case.no_ice(r)
            got = sorted(re.search(r"'([^']*)'", w.msg).group(1) for w in warnings_of(r.output))
            said = [l for l in r.output.splitlines()
                    if l.startswith("ltospell: the strings are written in British English")]
            case.expect(got == want, "%s: warned for %s, want %s" % (args, got, want))
            case.expect(len(said) == lines, "%s: %d dialect lines, want %d"
                        % (args, len(said), lines))
            if said:
                case.expect("4 words only en_GB accepts, such as 'colour'" in said[0],
                            "dialect line: %s" % said[0])
    return case.result()


def test_quiet(plugin):
    """quiet: findings as usual, no summary line."""
    case = Case("cli-quiet", plugin)
    obj = case.compile(TYPO)
    if obj:
        r = case.link([obj], ["-fplugin-arg-ltospell-quiet"])
        case.no_ice(r)
        case.expect(r.rc == 0, "link failed (exit %s)" % r.rc)
        diags, summaries = R.parse_output(r.output)
        case.problems += R.match_findings(typo_markers(), diags)
        case.problems += R.check_summary(summaries, True, 0)
        line = first_line(re.compile(r"^ltospell:"), r.output)
        case.expect(not line, "printed despite quiet: %s" % line)
        # And without quiet the summary is there: the check above can fail.
        r = case.link([obj], exe="prog-loud")
        _, summaries = R.parse_output(r.output)
        case.problems += R.check_summary(summaries, False, len(warnings_of(r.output)))
    return case.result()


def test_help(plugin):
    """gcc -fplugin=... -v --help prints the plugin's help text."""
    case = Case("cli-help", plugin)
    r = case.run([R.GCC, "-fplugin=" + plugin, "-v", "--help"])
    case.no_ice(r)
    case.expect(r.rc == 0, "exit status %s" % r.rc)
    m = re.search(r"^Help for the loaded plugins:\n\s*ltospell:\n(.*)$", r.err, re.M)
    if case.expect(m is not None, "no 'ltospell:' entry under 'Help for the loaded plugins:'"):
        case.expect(len(m.group(1).strip()) > 10, "empty help text: %r" % m.group(1))
    if case.problems:
        case.runs[-1] = R.Run(r.argv, r.rc, "", "\n".join(
            l for l in r.err.splitlines() if "plugin" in l.lower() or "ltospell" in l))
    return case.result()


TESTS = [
    ("cli-unknown-key", bad_arg_test("cli-unknown-key",
                                     "-fplugin-arg-ltospell-bogus_key=1", "bogus_key")),
    ("cli-unknown-flag", bad_arg_test("cli-unknown-flag",
                                      "-fplugin-arg-ltospell-nosuchflag", "nosuchflag")),
    ("cli-bad-lang", bad_arg_test("cli-bad-lang", "-fplugin-arg-ltospell-lang=xx_YY", "xx_YY")),
    ("cli-bad-words", bad_arg_test("cli-bad-words",
                                   "-fplugin-arg-ltospell-words=/nonexistent/ltospell-words.txt",
                                   "/nonexistent/ltospell-words.txt")),
    ("cli-bad-value", bad_arg_test("cli-bad-value", "-fplugin-arg-ltospell-quiet=yes", "quiet")),
    # Missing and malformed values, one per kind of option.
    ("cli-bad-missing-value", bad_arg_test("cli-bad-missing-value", "lang", "lang")),
    ("cli-bad-empty-value", bad_arg_test("cli-bad-empty-value", "words=", "words")),
    ("cli-bad-empty-dict", bad_arg_test("cli-bad-empty-dict", "dict=", "dict")),
    ("cli-bad-lang-list", bad_arg_test("cli-bad-lang-list", "lang=en_US,,en_GB",
                                       "en_US,,en_GB")),
    ("cli-bad-lang-chars", bad_arg_test("cli-bad-lang-chars", "lang=en US", "en US")),
    ("cli-bad-lang-in-list", bad_arg_test("cli-bad-lang-in-list", "lang=en_US,xx_YY",
                                          "xx_YY")),
    ("cli-bad-tier", bad_arg_test("cli-bad-tier", "tier=bogus", "bogus")),
    ("cli-bad-fail-on", bad_arg_test("cli-bad-fail-on", "fail-on=sometimes", "sometimes")),
    ("cli-bad-format", bad_arg_test("cli-bad-format", "format=xml", "xml")),
    ("cli-bad-sinks", bad_arg_test("cli-bad-sinks", "sinks=maybe", "maybe")),
    ("cli-bad-provider", bad_arg_test("cli-bad-provider", "provider=nosuch", "nosuch")),
    ("cli-bad-flag-value", bad_arg_test("cli-bad-flag-value", "werror=1", "werror")),
    # Word lists and dictionaries that cannot be used.
    ("cli-bad-words-dir", bad_arg_test("cli-bad-words-dir", "words={d}", "{d}",
                                       {"d": None})),
    ("cli-bad-words-binary", bad_arg_test(
        "cli-bad-words-binary", "words={junk}", "{junk}",
        {"junk": bytes((i * 167 + 13) % 256 for i in range(4096))})),
    ("cli-bad-words-nul", bad_arg_test("cli-bad-words-nul", "words={f}", "{f}",
                                       {"f": b"good\nw\0rd\n"})),
    ("cli-bad-words-latin1", bad_arg_test("cli-bad-words-latin1", "words={f}", "{f}",
                                          {"f": b"caf\xe9\nnaive\n"})),
    ("cli-bad-dict-missing", bad_arg_test("cli-bad-dict-missing",
                                          "dict=/nonexistent/ltospell-dict",
                                          "/nonexistent/ltospell-dict")),
    ("cli-bad-dict-file", bad_arg_test("cli-bad-dict-file", "dict={f}", "{f}",
                                       {"f": b"word\n"})),
    ("cli-bad-dict-content", bad_arg_test("cli-bad-dict-content", "dict={d}", "x.txt",
                                          {"d": None, "d/x.txt": b"\xff\xfe\0junk"})),
    # Output files that cannot be written: the request cannot be met.
    ("cli-bad-report-path", bad_arg_test(
        "cli-bad-report-path", "report=/nonexistent/dir/x.json", "/nonexistent/dir/x.json")),
    ("cli-bad-sarif-path", bad_arg_test(
        "cli-bad-sarif-path", "sarif=/nonexistent/dir/x.sarif", "/nonexistent/dir/x.sarif")),
    ("cli-bad-typos-file", bad_arg_test(
        "cli-bad-typos-file", "typos=/nonexistent/typos.txt", "/nonexistent/typos.txt")),
    ("cli-bad-ignore-file", bad_arg_test(
        "cli-bad-ignore-file", "ignore=/nonexistent/ignore.txt", "/nonexistent/ignore.txt")),
    ("cli-bad-typos-dir", bad_arg_test("cli-bad-typos-dir", "typos={d}", "{d}",
                                       {"d": None})),
    ("cli-bad-ignore-dir", bad_arg_test("cli-bad-ignore-dir", "ignore={d}", "{d}",
                                        {"d": None})),
    ("cli-good-args", test_good_args),
    ("cli-home-untouched", test_home_untouched),
    ("cli-parallel-links", test_parallel_links),
    ("cli-parallel-reports", test_parallel_reports),
    ("cli-version-guard", test_version_guard),
    ("cli-core-missing", test_core_missing),
    ("cli-install", test_install),
    ("cli-compile-loads-little", test_compile_loads_little),
    ("cli-core-exports", test_core_exports),
    ("cli-link-loads-no-enchant", test_link_loads_no_enchant),
    ("cli-non-lto-compile", test_non_lto),
    ("cli-lto-compile-silent", test_lto_compile_silent),
    ("cli-dump", test_dump),
    ("cli-link-w", test_w),
    ("cli-link-Werror", test_werror),
    ("cli-failed-link-leftovers", test_failed_link_leftovers),
    ("cli-color-caret", test_color_caret),
    ("cli-quiet", test_quiet),
    ("cli-program-name", test_program_name),
    ("cli-dialect", test_dialect),
    ("cli-help", test_help),
]
