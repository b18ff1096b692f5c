"""Command-line tests of the ltospell plugin, run by runner.py.

Each test is a function taking the plugin's absolute path and returning
a runner.Result with one PASS/FAIL line.  Their sources are in
lto-tests/cli/ (not LTO tests themselves: they are not named NAME_0.c).
"""

import os
import re
import shutil

import runner as R

TYPO = os.path.join(R.TESTS, "cli", "typo.c")
CLEAN = os.path.join(R.TESTS, "cli", "clean.c")


class Case:
    """A scratch directory under build/lto-tests/ and the runs made in it."""

    def __init__(self, name, plugin):
        self.name, self.plugin = name, plugin
        self.tmp = os.path.join(R.BUILD, name)
        shutil.rmtree(os.path.join(R.ROOT, self.tmp), ignore_errors=True)
        os.makedirs(os.path.join(R.ROOT, self.tmp))
        self.runs = []
        self.problems = []

    def run(self, argv):
        r = R.run(argv)
        self.runs.append(r)
        return r

    def compile(self, src):
        """Compile SRC with -flto -c, without the plugin; None if that failed."""
        obj = os.path.join(self.tmp, os.path.basename(src) + ".o")
        r = self.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS + [src, "-o", obj])
        if r.rc != 0:
            self.problems.append("cannot compile %s (exit %s)" % (src, r.rc))
            return None
        return obj

    def link(self, objs, plugin_args=(), flags=(), exe="prog"):
        return self.run([R.GCC, "-O2", "-flto"] + list(flags) + R.DIAG_FLAGS
                        + ["-fplugin=" + self.plugin] + list(plugin_args)
                        + list(objs) + ["-o", os.path.join(self.tmp, exe)])

    def expect(self, cond, problem):
        if not cond:
            self.problems.append(problem)
        return cond

    def no_ice(self, r):
        self.expect(not R.ICE_RE.search(r.output),
                    "internal compiler error: %s" % first_line(R.ICE_RE, r.output))

    def result(self):
        res = R.Result()
        details = "".join(r.describe() for r in self.runs) if self.problems else ""
        res.add(not self.problems, self.name, self.problems, details)
        return res


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


def bad_arg_test(name, arg, named):
    def test(plugin):
        case = Case(name, plugin)
        obj = case.compile(CLEAN)
        if obj:
            for flags in ((), ("-flto-partition=none",)):
                check_bad_arg(case, obj, arg, named, flags)
        return case.result()
    return test


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
    """gcc -flto -c with the plugin: nothing is checked, nothing printed."""
    case = Case("cli-lto-compile-silent", plugin)
    r = case.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS + ["-fplugin=" + plugin, TYPO,
                                                                "-o", os.path.join(case.tmp, "typo.o")])
    case.expect(r.rc == 0, "compile failed (exit %s)" % r.rc)
    case.expect(r.output == "", "output: %s" % r.output.strip().replace("\n", " | ")[:300])
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
    ("cli-non-lto-compile", test_non_lto),
    ("cli-lto-compile-silent", test_lto_compile_silent),
    ("cli-link-w", test_w),
    ("cli-link-Werror", test_werror),
    ("cli-quiet", test_quiet),
    ("cli-help", test_help),
]
