#!/usr/bin/env python3
"""End-to-end tests of ltospell's reports, run by runner.py (TESTS) or
alone:  python3 lto-tests/runners/report_tests.py --plugin build/ltospell.so

The programs report_*.c, dup_*.c and consist_*.c are linked with the
real plugin and report=, sarif=, dups=, html=, format=github, werror,
fail-on=, dead and consistency; the outputs are parsed back and
compared with exact expected content.  SARIF is checked by Microsoft's
SARIF validator (npm @microsoft/sarif-multitool, installed by
.ci/install-deps); the HTML page is loaded in headless Chromium (Debian
chromium).  Neither is optional: a missing tool is a FAIL that says how
to install it.  Each check that could pass by accident has a negative
control: a broken SARIF file must fail validation, and a page with a
script error must show a console error.

Prints one PASS:/FAIL: line per test and, alone, "N passed, N failed".
"""

import html
import json
import os
import shlex
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import runner as R                                  # noqa: E402

SARIF_MULTITOOL_DEFAULT = ("/opt/ltospell-tools/node_modules/@microsoft/"
                           "sarif-multitool-linux/Sarif.Multitool")
INSTALL_HINT = "run `sh .ci/install-deps` as root (or `make deps`)"
LINK_MODES = [[], ["-flto-partition=none"], ["-flto=2"]]


class Case:
    """A scratch directory under build/lto-tests/ and its problems."""

    def __init__(self, name, plugin):
        self.name, self.plugin = name, plugin
        self.tmp = os.path.join(R.BUILD, name)
        self.abs = os.path.join(R.ROOT, self.tmp)
        shutil.rmtree(self.abs, ignore_errors=True)
        os.makedirs(self.abs)
        self.runs, self.problems = [], []

    def path(self, name):
        return os.path.join(self.tmp, name)

    def expect(self, cond, problem):
        if not cond:
            self.problems.append(problem)
        return cond

    def equal(self, what, got, want):
        return self.expect(got == want, "%s: got %r, want %r" % (what, got, want))

    def compile(self, prog):
        objs = []
        for unit in sorted(f for f in os.listdir(os.path.join(R.ROOT, R.TESTS))
                           if re.match(r"%s_\d+\.c$" % re.escape(prog), f)):
            obj = self.path(unit + ".o")
            r = R.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS
                      + [os.path.join(R.TESTS, unit), "-o", obj])
            if not self.expect(r.rc == 0, "cannot compile %s" % unit):
                self.runs.append(r)
            objs.append(obj)
        return objs

    def link(self, objs, args, flags=(), exe="prog"):
        argv = ([R.GCC, "-O2", "-flto"] + list(flags) + R.DIAG_FLAGS
                + ["-fplugin=" + self.plugin]
                + ["-fplugin-arg-ltospell-" + a for a in args]
                + objs + ["-o", self.path(exe)])
        r = R.run(argv)
        self.runs.append(r)
        self.expect(not R.ICE_RE.search(r.output), "internal compiler error")
        return r

    def result(self):
        res = R.Result()
        details = "".join(r.describe() for r in self.runs) if self.problems else ""
        res.add(not self.problems, self.name, self.problems, details)
        return res


def load_json(case, path):
    try:
        with open(os.path.join(R.ROOT, path), encoding="utf-8", errors="strict") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        case.problems.append("%s does not parse: %s" % (path, e))
        return None

# ------------------------------------------------------------------ #
# The report program and what its reports must say.                   #

R0, R1 = R.TESTS + "/report_0.c", R.TESTS + "/report_1.c"


def loc(file, line, col, function, variable=None, dead=False):
    d = {"file": file, "line": line, "column": col, "function": function, "unit": file}
    if variable:
        d["variable"] = variable
    if dead:
        d["dead"] = True
    return d


# word, tier, dead, warns, first suggestion, offset, string, locations, functions
# Where each word itself is (JSON word_location), in code points.
WANT_WORD_LOCATIONS = {
    "recieve": {"line": 22, "column": 17, "end_column": 23, "fix": "receive"},
    "readng": {"line": 8, "column": 13, "end_column": 18, "fix": "reading"},
    "teh": {"line": 31, "column": 23, "end_column": 25, "fix": "the"},
}

WANT_FINDINGS = [
    ("recieve", "known", False, True, "receive", 7, "Cannot recieve the packet",
     [loc(R0, 22, 9, "main"), loc(R1, 21, 9, "print_usage")], ["main", "print_usage"]),
    ("wich", "known", False, True, "which", 12,
     "Odd\u0001bytes\ufffdwich\u0000here", [loc(R0, 23, 11, "main")], ["main"]),
    ("readng", "unknown", False, True, "reading", 9, "An error readng the data",
     [loc(R1, 8, 3, None, variable="messages")], ["describe"]),
    ("teh", "known", True, False, "the", 13, "Nobody reads teh dead text",
     [loc(R1, 31, 9, "dead_helper", dead=True)], ["dead_helper"]),
]

WANT_DUPLICATES = [
    {"text": "Cannot recieve the packet", "units": [R0, R1], "copies": 2, "bytes": 52,
     "wasted_bytes": 26, "mergeable": True, "functions": ["main", "print_usage"]},
    {"text": "Usage: report [options]", "units": [R0, R1], "copies": 2, "bytes": 48,
     "wasted_bytes": 24, "mergeable": True, "functions": ["main", "print_usage"]},
    {"text": "Report banner text", "units": [R0, R1], "copies": 2, "bytes": 38,
     "wasted_bytes": 19, "mergeable": False, "functions": ["main", "print_usage"]},
]


def check_report_json(case, d):
    case.equal("top-level keys", list(d),
               ["findings", "names", "duplicates", "near_duplicates", "tail_merge", "summary"])
    got = d["findings"]
    case.equal("number of findings", len(got), len(WANT_FINDINGS))
    for f, (word, tier, dead, warns, sugg, offset, string, locs, fns) in zip(got, WANT_FINDINGS):
        # word_location: where the word itself is, when its literal
        # could be read from the source (not 'wich': its string holds
        # a byte that is not UTF-8, so offsets are not source columns).
        case.equal("finding keys", [k for k in f if k != "word_location"],
                   ["word", "tier", "dead", "warns", "user_visible", "identifier",
                    "confidence", "missing_space", "suggestions",
                    "offset", "string", "locations", "functions"])
        case.equal("%s word_location" % word, f.get("word_location"),
                   WANT_WORD_LOCATIONS.get(word))
        case.equal("word", f["word"], word)
        case.equal("%s tier" % word, f["tier"], tier)
        case.equal("%s dead" % word, f["dead"], dead)
        case.equal("%s warns" % word, f["warns"], warns)
        case.expect(f["suggestions"][:1] == [sugg] and 1 <= len(f["suggestions"]) <= 5,
                    "%s suggestions: %r, want %r first, at most 5" % (word, f["suggestions"], sugg))
        case.equal("%s offset" % word, f["offset"], offset)
        case.equal("%s string" % word, f["string"], string)
        case.equal("%s word at offset" % word,
                   f["string"].encode()[offset:offset + len(word)].decode(), word)
        case.equal("%s locations" % word, f["locations"], locs)
        case.equal("%s functions" % word, f["functions"], fns)
    case.equal("duplicates", d["duplicates"], WANT_DUPLICATES)
    case.equal("near duplicates", d["near_duplicates"],
               [{"key": "done", "strings": ["Done.", "done"]}])
    case.equal("tail merge", d["tail_merge"],
               [{"suffix": "file", "of": "the output file", "bytes": 5, "mergeable": True}])
    s = d["summary"]
    case.equal("summary keys", list(s), [
        "string_uses", "strings", "distinct_strings", "words", "distinct_words",
        "dialect", "findings", "names", "duplicated_strings", "duplicated_bytes", "near_duplicate_groups",
        "tail_merge_candidates"])
    case.equal("summary distinct strings", s["distinct_strings"], 11)
    case.equal("summary strings", s["strings"], 14)
    case.expect(s["string_uses"] >= s["strings"], "summary: fewer uses than strings")
    case.expect(s["words"] >= s["distinct_words"] > 0, "summary: words %r" % s)
    case.equal("summary findings", s["findings"],
               {"known": 3, "unknown": 1, "consistency": 0, "dead": 1, "total": 4,
                "misspelled_words": 4, "warnings": 3})
    case.equal("summary duplicated", (s["duplicated_strings"], s["duplicated_bytes"]),
               (3, {"mergeable": 50, "not_mergeable": 19}))
    case.equal("summary near/tail", (s["near_duplicate_groups"], s["tail_merge_candidates"]),
               (1, 1))


def test_json(plugin):
    """report=: every field, and the same bytes in every partition mode."""
    case = Case("report-json", plugin)
    objs = case.compile("report")
    texts = []
    for i, flags in enumerate(LINK_MODES):
        out = case.path("r%d.json" % i)
        r = case.link(objs, ["report=" + out, "quiet"], flags, exe="prog%d" % i)
        if not case.expect(r.rc == 0, "link %s failed" % (flags or "default")):
            continue
        with open(os.path.join(R.ROOT, out), "rb") as f:
            texts.append(f.read())
        if i == 0:
            d = load_json(case, out)
            if d is not None:
                check_report_json(case, d)
    case.expect(len(set(texts)) == 1, "report differs between partition modes")
    case.expect(not [f for f in os.listdir(case.abs) if f.startswith(".")],
                "temporary files left beside the report")
    return case.result()

# ------------------------------------------------------------------ #
# SARIF.                                                              #

def multitool():
    path = os.environ.get("SARIF_MULTITOOL", SARIF_MULTITOOL_DEFAULT)
    return path if os.access(path, os.X_OK) else None


def validate_sarif(tool, path, workdir):
    """Run the validator; return (errors, warnings) as lists of lines."""
    out = os.path.join(workdir, "validation.sarif")
    if os.path.exists(out):
        os.remove(out)
    env = dict(R.ENV, DOTNET_CLI_TELEMETRY_OPTOUT="1", HOME=workdir)
    p = subprocess.run([tool, "validate", path, "-o", out], cwd=workdir, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=300)
    text = p.stdout.decode("utf-8", "replace")
    errors = [l for l in text.splitlines() if re.search(r": error ", l)]
    warnings = [l for l in text.splitlines() if re.search(r": warning ", l)]
    if p.returncode != 0 or "Analysis completed successfully" not in text:
        errors.append("validator exit %s: %s" % (p.returncode, text.strip()[-500:]))
    return errors, warnings


# The one validator remark accepted: the project has no web page to
# give as tool.driver.informationUri (optional in SARIF 2.1.0).
ACCEPTED_WARNINGS = ("SARIF2005",)


def test_sarif(plugin):
    """sarif=: valid for the SARIF validator, one result per finding per
    location, relative URIs, regions, levels."""
    case = Case("report-sarif", plugin)
    tool = multitool()
    if not case.expect(tool, "SARIF validator not found at %s (set SARIF_MULTITOOL); %s"
                       % (SARIF_MULTITOOL_DEFAULT, INSTALL_HINT)):
        return case.result()
    objs = case.compile("report")
    out = case.path("r.sarif")
    r = case.link(objs, ["sarif=" + out, "quiet"])
    if not case.expect(r.rc == 0, "link failed"):
        return case.result()
    errors, warnings = validate_sarif(tool, os.path.join(R.ROOT, out), case.abs)
    case.expect(not errors, "SARIF validator: %s" % " | ".join(errors))
    bad = [w for w in warnings if not any(a in w for a in ACCEPTED_WARNINGS)]
    case.expect(not bad, "SARIF validator warnings: %s" % " | ".join(bad))
    d = load_json(case, out)
    if d is None:
        return case.result()
    case.equal("version", d["version"], "2.1.0")
    case.expect("sarif-2.1.0" in d["$schema"], "$schema: %s" % d["$schema"])
    run = d["runs"][0]
    drv = run["tool"]["driver"]
    case.equal("driver", (drv["name"], drv["version"], [x["id"] for x in drv["rules"]]),
               ("ltospell", "0.1", ["LTS001", "LTS002", "LTS003"]))
    case.equal("base", run["originalUriBaseIds"]["SRCROOT"]["uri"],
               "file://" + R.ROOT.rstrip("/") + "/")
    got = []
    for res in run["results"]:
        pl = res["locations"][0]["physicalLocation"]
        got.append((res["ruleId"], res["level"], res["properties"]["word"],
                    pl["artifactLocation"]["uri"], pl["artifactLocation"].get("uriBaseId"),
                    pl["region"]["startLine"], pl["region"]["startColumn"]))
        case.expect(res["message"]["text"].startswith(
            "misspelled word '%s' in string constant; did you mean '" % res["properties"]["word"]),
            "message: %s" % res["message"]["text"])
    case.equal("results", got, [
        ("LTS001", "warning", "recieve", R0, "SRCROOT", 22, 17),
        ("LTS001", "warning", "recieve", R1, "SRCROOT", 21, 9),
        ("LTS001", "warning", "wich", R0, "SRCROOT", 23, 11),
        ("LTS002", "warning", "readng", R1, "SRCROOT", 8, 13),
        ("LTS001", "note", "teh", R1, "SRCROOT", 31, 23),
    ])
    # With werror the live findings are errors (and the link fails).
    r = case.link(objs, ["sarif=" + case.path("e.sarif"), "quiet", "werror"], exe="prog2")
    d = load_json(case, case.path("e.sarif"))
    if d:
        case.equal("levels with werror", [x["level"] for x in d["runs"][0]["results"]],
                   ["error", "error", "error", "error", "note"])
    # Negative control: the validator must reject a result without a message.
    broken = json.loads(open(os.path.join(R.ROOT, out), encoding="utf-8").read())
    del broken["runs"][0]["results"][0]["message"]
    bpath = os.path.join(case.abs, "broken.sarif")
    with open(bpath, "w", encoding="utf-8") as f:
        json.dump(broken, f)
    errors, _ = validate_sarif(tool, bpath, case.abs)
    case.expect(any("message" in e for e in errors),
                "negative control: the validator accepted a result without a message")
    return case.result()

# ------------------------------------------------------------------ #
# GitHub annotations, dups text, exit status, errors.                 #

def test_github(plugin):
    case = Case("report-github", plugin)
    objs = case.compile("report")
    r = case.link(objs, ["format=github", "quiet"])
    case.expect(r.rc == 0, "link failed")
    lines = [l for l in r.output.splitlines() if l.startswith("::")]
    case.equal("annotations", lines, [
        "::warning file=%s,line=22,col=17,endColumn=24,title=ltospell::misspelled word 'recieve' in "
        "string constant; did you mean 'receive'? (and 1 more use)" % R0,
        "::warning file=%s,line=23,col=11,title=ltospell::misspelled word 'wich' in "
        "string constant; did you mean 'which'?" % R0,
        "::warning file=%s,line=8,col=13,endColumn=19,title=ltospell::misspelled word 'readng' in "
        "string constant; did you mean 'reading'?" % R1,
    ])
    # The GCC warnings are still there, and the dead one is still silent.
    warnings = [d.word for d in R.parse_output(r.output)[0] if d.kind == "warning"]
    case.equal("gcc warnings too", warnings, ["recieve", "wich", "readng"])
    r = case.link(objs, ["format=github", "quiet", "dead"], exe="prog2")
    case.expect(any("'teh'" in l for l in r.output.splitlines() if l.startswith("::")),
                "dead: the dead finding is not annotated with the dead option")
    return case.result()


WANT_DUPS_TEXT = """\
ltospell duplicated strings
2 distinct strings have more than one copy: 23 bytes wasted in copies the linker cannot merge (named arrays); 54 bytes of extra copies are merged by the linker

Top 2 by wasted bytes:
    wasted copies    bytes merge  string
        54      3       81   yes  "Usage: tool [options] file"
                                  units: lto-tests/programs/dup_0.c, lto-tests/programs/dup_1.c, lto-tests/programs/dup_2.c
                                  functions: main, second, third
        23      2       46    no  "version one point zero"
                                  units: lto-tests/programs/dup_0.c, lto-tests/programs/dup_1.c
                                  functions: main, second

Near-duplicates (differ only by trailing newline, punctuation or case): 1 group
  "Finished.", "finished"

Tail-merge candidates (a string that ends another): 1
  "output file" ends "Writing the output file" (the linker stores it inside)
"""


def test_dups_and_clean_werror(plugin):
    """dups=: the exact summary; werror: a clean program links."""
    case = Case("report-dups", plugin)
    objs = case.compile("dup")
    out = case.path("dups.txt")
    r = case.link(objs, ["dups=" + out, "werror"])
    case.expect(r.rc == 0, "werror: a clean program does not link (exit %s)" % r.rc)
    case.expect(os.path.exists(os.path.join(R.ROOT, case.path("prog"))), "no executable")
    case.expect(not R.plugin_errors(r.output), "errors: %s" % R.plugin_errors(r.output))
    try:
        text = open(os.path.join(R.ROOT, out), encoding="utf-8").read()
    except OSError as e:
        text = str(e)
    case.equal("dups text", text, WANT_DUPS_TEXT)
    return case.result()


def test_dups_in_place(plugin):
    """A string filling a char array field of a table in two units is
    two copies the linker keeps (not mergeable), a literal pointed to
    from two units is merged: the report says so, and the linked
    program holds the table entry twice and the literal once."""
    case = Case("report-dups-in-place", plugin)
    objs = case.compile("dup_table")
    out = case.path("dups.json")
    r = case.link(objs, ["report=" + out, "quiet"])
    case.expect(r.rc == 0, "link failed (exit %s)" % r.rc)
    try:
        with open(os.path.join(R.ROOT, out), encoding="utf-8") as f:
            dups = {d["text"]: d for d in json.load(f)["duplicates"]}
    except (OSError, ValueError, KeyError) as e:
        case.expect(False, "no report: %s" % e)
        return case.result()
    want = {"shared table entry": (2, False), "shared literal message": (2, True)}
    got = {t: (dups[t]["copies"], dups[t]["mergeable"]) for t in want if t in dups}
    case.equal("copies and mergeable", got, want)
    try:
        with open(os.path.join(R.ROOT, case.path("prog")), "rb") as f:
            binary = f.read()
    except OSError as e:
        binary = b""
        case.expect(False, "no program: %s" % e)
    case.equal("copies in the linked program",
               {t: binary.count(t.encode() + b"\0") for t in want},
               {"shared table entry": 2, "shared literal message": 1})
    return case.result()


def test_fix_patch(plugin):
    """fix=FILE.patch: a copy of the program `fix` compiled in a scratch
    directory, linked with fix=, the patch applied with `git apply`:
    relinked, it has no finding left.  GCC's own fix-it output
    (-fdiagnostics-parseable-fixits) names the word's columns, and the
    JSON report its location in code points."""
    case = Case("report-fix-patch", plugin)
    work = os.path.join(R.ROOT, case.tmp)
    units = ["fix_0.c", "fix_1.c"]
    for u in units:
        shutil.copy(os.path.join(R.ROOT, R.TESTS, u), os.path.join(work, u))

    def link(extra):
        cmd = ("cd %s && %s -O2 -flto -c %s && %s -O2 -flto %s -o prog "
               "-fplugin=%s -fdiagnostics-color=never %s"
               % (shlex.quote(work), R.GCC, " ".join(units), R.GCC,
                  " ".join(u[:-2] + ".o" for u in units), shlex.quote(plugin),
                  extra))
        r = R.run(["sh", "-c", cmd])
        case.runs.append(r)
        return r

    # The default root is the top of the git work tree holding the link's
    # directory (this repository): the patch names files from there.
    r = link("-fplugin-arg-ltospell-fix=top.patch -fplugin-arg-ltospell-quiet")
    try:
        with open(os.path.join(work, "top.patch"), encoding="utf-8") as f:
            first = f.readline().strip()
    except OSError as e:
        first = str(e)
    top = work                  # no work tree: the link's directory
    d = work
    while d != os.path.dirname(d):
        if os.path.exists(os.path.join(d, ".git")):
            top = d
            break
        d = os.path.dirname(d)
    rel = os.path.relpath(os.path.join(work, "fix_0.c"), top)
    case.equal("default root: the work tree's top", first,
               "diff --git a/%s b/%s" % (rel, rel))
    r = link("-fno-diagnostics-show-caret -fdiagnostics-parseable-fixits "
             "-fplugin-arg-ltospell-root=. "
             "-fplugin-arg-ltospell-fix=fix.patch -fplugin-arg-ltospell-report=r.json")
    case.expect(r.rc == 0, "first link failed (exit %s)" % r.rc)
    fixits = sorted(l for l in r.output.splitlines() if l.startswith("fix-it:"))
    case.equal("parseable fix-its", fixits, [
        'fix-it:"fix_0.c":{17:22-17:29}:"receive"',
        'fix-it:"fix_0.c":{20:26-20:35}:"successful"',
        'fix-it:"fix_1.c":{12:16-12:24}:"Separate"'])
    try:
        with open(os.path.join(work, "r.json"), encoding="utf-8") as f:
            locs = sorted((d["word"], d["word_location"]["line"],
                           d["word_location"]["column"],
                           d["word_location"]["end_column"],
                           d["word_location"].get("fix"))
                          for d in json.load(f)["findings"])
    except (OSError, ValueError, KeyError) as e:
        locs = str(e)
    case.equal("JSON word locations", locs, [
        ("Seperate", 12, 16, 23, "Separate"), ("recieve", 17, 22, 28, "receive"),
        ("sucessful", 20, 26, 34, "successful")])
    # Outside a repository git apply takes paths from the current
    # directory; the scratch directory is inside this one's.
    r = R.run(["sh", "-c", "cd %s && GIT_CEILING_DIRECTORIES=%s git apply fix.patch"
               % (shlex.quote(work), shlex.quote(os.path.dirname(work)))])
    case.runs.append(r)
    case.expect(r.rc == 0, "git apply failed (exit %s)" % r.rc)
    r = link("-fno-diagnostics-show-caret")
    case.expect(r.rc == 0, "relink failed (exit %s)" % r.rc)
    left = [d.text.strip() for d in R.parse_output(r.output)[0] if d.kind == "warning"]
    case.equal("findings after the patch", left, [])
    return case.result()


def test_fail(plugin):
    """werror and fail-on: the link fails when live findings exist."""
    case = Case("report-fail", plugin)
    objs = case.compile("report")
    r = case.link(objs, ["werror", "quiet"], exe="p1")
    case.expect(r.rc != 0, "werror: the link succeeded")
    errors = R.plugin_errors(r.output)
    case.equal("werror error", [e.split("error: ", 1)[1] for e in errors],
               ["ltospell: 3 findings fail the link (fail-on=all or werror)"])
    case.expect(not os.path.exists(os.path.join(R.ROOT, case.path("p1"))),
                "werror: an executable was written")
    r = case.link(objs, ["fail-on=all", "dead", "quiet"], exe="p2")
    case.equal("fail-on=all dead errors", [e.split("error: ", 1)[1] for e in R.plugin_errors(r.output)],
               ["ltospell: 4 findings fail the link (fail-on=all or werror)"])
    # No finding of this program is a known misspelling unless the
    # known tier says so: fail-on=known fails exactly then.
    r = case.link(objs, ["fail-on=known", "quiet", "report=" + case.path("k.json")], exe="p3")
    d = load_json(case, case.path("k.json"))
    if d is not None:
        known = d["summary"]["findings"]["known"] - sum(
            1 for f in d["findings"] if f["tier"] == "known" and f["dead"])
        case.equal("fail-on=known status", r.rc != 0, known > 0)
    return case.result()


def test_unwritable(plugin):
    case = Case("report-unwritable", plugin)
    objs = case.compile("report")
    # A path below a regular file: not writable, even for root.
    blocker = case.path("file")
    open(os.path.join(R.ROOT, blocker), "w").close()
    for key in ("report", "sarif", "dups", "html"):
        bad = blocker + "/sub/out." + key
        r = case.link(objs, [key + "=" + bad, "quiet"], exe="p-" + key)
        errors = R.plugin_errors(r.output)
        case.expect(r.rc != 0, "%s: link succeeded" % key)
        if case.expect(len(errors) == 1, "%s: %d errors, want 1: %s" % (key, len(errors), errors)):
            case.expect(bad in errors[0] and "Not a directory" in errors[0],
                        "%s: error does not name the path and why: %s" % (key, errors[0]))
    return case.result()


def test_consistency(plugin):
    case = Case("report-consistency", plugin)
    objs = case.compile("consist")
    out = case.path("c.json")
    r = case.link(objs, ["consistency", "quiet", "report=" + out])
    case.expect(r.rc == 0, "link failed")
    warnings = [(d.file, d.line, d.msg) for d in R.parse_output(r.output)[0] if d.kind == "warning"]
    c0, c1 = R.TESTS + "/consist_0.c", R.TESTS + "/consist_1.c"
    case.equal("warnings", [w for w in warnings if "misspelled" not in w[2]], [
        (c0, 15, "British spelling 'colour' in a program that mostly uses American "
                 "spelling ('color')"),
        (c0, 16, "'Can not' in a program that mostly writes 'Cannot'"),
        (c1, 9, "message \"file not found\" differs only by case or a trailing period "
                "from \"File not found.\", used 1 time"),
    ])
    d = load_json(case, out)
    if d is not None:
        cons = [(f["word"], f["kind"], f["suggestions"], f["locations"][0]["line"])
                for f in d["findings"] if f["tier"] == "consistency"]
        case.equal("consistency findings", cons, [
            ("colour", "dialect", ["color"], 15),
            ("Can not", "cannot", ["Cannot"], 16),
            ("file not found", "message", ["File not found."], 9)])
        case.equal("summary consistency", d["summary"]["findings"]["consistency"], 3)
    r = case.link(objs, ["quiet"], exe="prog2")
    case.expect(not [d for d in R.parse_output(r.output)[0]
                     if d.kind == "warning" and d.word is None],
                "consistency warnings without the option")
    return case.result()

# ------------------------------------------------------------------ #
# HTML in headless Chromium.                                          #

def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def load_page(browser, path, fragment=""):
    """Load PATH in headless Chromium: (DOM after scripts ran, console lines)."""
    profile = tempfile.mkdtemp(prefix="ltospell-chromium-")
    try:
        p = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--user-data-dir=" + profile,
             "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
             "--dump-dom", "file://" + os.path.abspath(path) + fragment],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            timeout=120, env=dict(os.environ, HOME=profile))
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    console = [l for l in p.stderr.decode("utf-8", "replace").splitlines()
               if ":CONSOLE" in l]
    return p.stdout.decode("utf-8", "replace"), console


def table_words(dom):
    body = re.search(r'<table id="findings".*?<tbody>(.*?)</tbody>', dom, re.S)
    if not body:
        return None
    return re.findall(r"<tr[^>]*><td>([^<]*)</td>", body.group(1))


def row_marks(dom, table="findings"):
    """(first cell, [text of each <mark>]) of each row of TABLE."""
    body = re.search(r'<table id="%s".*?<tbody>(.*?)</tbody>' % table, dom, re.S)
    if not body:
        return []
    return [(html.unescape(first), [html.unescape(m) for m in re.findall(r"<mark>(.*?)</mark>", row)])
            for first, row in re.findall(r"<tr[^>]*><td>([^<]*)</td>(.*?)</tr>", body.group(1), re.S)]


def plain(fragment):
    return html.unescape(re.sub(r"<[^>]*>", "", fragment))


HELP_TEXT = ("This help text is long enough to be shown as a snippet in the "
             "HTML page: it goes on about options, files, and what the program "
             "does with them, so that a reader would not want it three times "
             "in full.  In its middle it says that the program will recieve "
             "its input on the standard input when no file is named, and then "
             "it goes on for a while longer about exit status, environment "
             "variables and where to report bugs, well past the snippet.")
MENU_TEXT = ("A menu line long enough to be cut into a snippet on the page, with "
             "its keys between brackets, far from its start: press [s]eperate "
             "to keep the <two> views apart & \"[q]uit\" to leave.")
SORT_TEXT = ("A second long text, used once, so that sorting the findings by "
             "their string can be checked: sorted, the two texts are kept seperate in "
             "the table and sorted by what they say in full, from the start, "
             "not by the part of them that the table shows around the word.")


def check_long_string_page(case, browser):
    """html_long: the long string is a snippet around its marked word with
    the full text on demand, in the findings and the duplicates, and
    sorts by its full text; the duplicated empty string has no row; the
    summary says what is wasted."""
    objs = case.compile("html_long")
    out, dups = case.path("long.html"), case.path("long-dups.txt")
    r = case.link(objs, ["html=" + out, "dups=" + dups, "quiet"], exe="long")
    if not case.expect(r.rc == 0, "html_long: link failed"):
        return
    # The empty string really is a duplicate, so leaving it out can fail.
    with open(os.path.join(R.ROOT, dups)) as f:
        case.expect(re.search(r'^ +1 +2 +2 +yes  ""$', f.read(), re.M),
                    "html_long: the empty string is not a duplicate in dups=")
    dom, console = load_page(browser, os.path.join(R.ROOT, out))
    case.expect(not console, "html_long: console messages: %s" % " | ".join(console))
    case.equal("html_long: marks", row_marks(dom),
               [("recieve", ["recieve", "recieve"]), ("seperate", ["seperate", "seperate"]),
                ("seperate", ["[s]eperate", "[s]eperate"])])
    cells = re.findall(r'<details><summary><code>(.*?)</code></summary>'
                       r'<code class="full">(.*?)</code></details>', dom, re.S)
    case.equal("html_long: long strings with the full text on demand",
               [plain(full).strip('"')[:12] for _, full in cells],
               [HELP_TEXT[:12], SORT_TEXT[:12], MENU_TEXT[:12], HELP_TEXT[:12],
                "A note long ", "A note long ", "a tail long ", "Note: a tail"])
    for i, (snippet, full) in enumerate(cells):
        snippet, full = plain(snippet), plain(full)
        if snippet.startswith('"'):
            snippet, full = snippet[1:-1], full[1:-1]
        what = "html_long: snippet %d" % i
        case.expect(len(snippet) <= 130, "%s: %d code points" % (what, len(snippet)))
        case.expect(len(snippet) >= 100, "%s: only %d code points" % (what, len(snippet)))
        cut_before, cut_after = snippet.startswith("\u2026"), snippet.endswith("\u2026")
        inner = snippet.strip("\u2026")
        at = full.find(inner)
        end = at + len(inner)
        case.expect(at >= 0 and (at > 0) == cut_before and (end < len(full)) == cut_after
                    and (cut_before or cut_after),
                    "%s is not a cut of the text: %r" % (what, snippet))
        case.expect(at >= 0 and (not cut_before or full[at - 1] == " ")
                    and (not cut_after or full[end] == " "),
                    "%s is not cut at spaces: %r" % (what, snippet))
    case.expect(cells and "recieve" in plain(cells[0][0]) and cells[0][0].startswith("\u2026"),
                "html_long: the finding's snippet is not around its word")
    case.equal("html_long: duplicates rows", [plain(c)[:10] for c in re.findall(
        r'<tr><td class="text">(.*?)</td>', re.search(r'<table id="duplicates".*?</table>', dom, re.S).group(0), re.S)],
        ["This help "])
    case.expect('<p id="empty-duplicates">Not shown: 1 empty string with more than one copy.</p>' in dom,
                "html_long: the empty duplicate is not counted")
    # Markup in a string is text, in the snippet and in the full text.
    with open(os.path.join(R.ROOT, out)) as f:
        case.expect(f.read().count("&lt;two&gt; views apart &amp; \\&quot;[q]uit") == 2,
                    "html_long: the menu line's markup is not escaped twice")
    # Near-duplicates that differ only at their end show their ends, so
    # the snippets differ; a tail and the string it ends show the same end.
    def snippets(ul):
        block = re.search(r'<ul id="%s">(.*?)</ul>' % ul, dom, re.S)
        return [plain(x) for x in re.findall(r"<summary><code>(.*?)</code></summary>",
                                             block.group(1) if block else "", re.S)]
    near, tails = snippets("near-duplicates"), snippets("tail-merge")
    case.equal("html_long: near-duplicates shown where they differ",
               [x[-12:] for x in near], ['show them\\n"', 't show them"'])
    case.expect(len(tails) == 2 and tails[0] == tails[1]
                and tails[0].endswith('end of the text"'),
                "html_long: a tail and its string show different parts: %r" % tails)
    case.expect("2 duplicated strings: 0 bytes wasted in copies the linker cannot merge "
                "(437 bytes of extra copies are merged by the linker)." in dom,
                "html_long: summary sentence")
    # By the snippets ("...in full", "...string can") the order would
    # not change.
    dom, _ = load_page(browser, os.path.join(R.ROOT, out), "#sort=string")
    case.equal("html_long: sorted by the full strings", table_words(dom),
               ["seperate", "seperate", "recieve"])


def test_html(plugin):
    """html=: the page loads without console errors, shows the findings
    with their word marked, sorts them, charts duplicated bytes per unit
    and says which bytes are wasted; long strings are snippets
    (check_long_string_page)."""
    case = Case("report-html", plugin)
    browser = chromium()
    if not case.expect(browser, "chromium not found; %s" % INSTALL_HINT):
        return case.result()
    objs = case.compile("report")
    out = case.path("r.html")
    r = case.link(objs, ["html=" + out, "quiet"])
    if not case.expect(r.rc == 0, "link failed"):
        return case.result()
    page = os.path.join(R.ROOT, out)
    dom, console = load_page(browser, page)
    case.expect(not console, "console messages: %s" % " | ".join(console))
    case.equal("findings in the table", table_words(dom), ["recieve", "wich", "readng", "teh"])
    case.expect('class="dead"><td>teh</td>' in dom, "the dead finding is not marked")
    # The word through the escapes before it ("Odd\\x01bytes...wich").
    case.equal("marked words", row_marks(dom), [
        ("recieve", ["recieve"]), ("wich", ["wich"]), ("readng", ["readng"]), ("teh", ["teh"])])
    case.expect("3 duplicated strings: 19 bytes wasted in copies the linker cannot merge "
                "(50 bytes of extra copies are merged by the linker)." in dom, "summary sentence")
    case.expect("overflow-wrap:anywhere" in dom and "break-all" not in dom,
                "strings do not wrap at word boundaries")
    bars = re.findall(r'<span class="unit">([^<]*)</span><div class="bar" '
                      r'style="width:([0-9.]+)%;?"></div><span class="bytes">(\d+)</span>', dom)
    case.equal("chart", bars, [(R0, "100.0", "69"), (R1, "100.0", "69")])
    dom, console = load_page(browser, page, "#sort=word:desc")
    case.expect(not console, "console messages when sorting: %s" % " | ".join(console))
    case.equal("sorted by word, descending", table_words(dom),
               ["wich", "teh", "recieve", "readng"])
    dom, _ = load_page(browser, page, "#sort=uses:desc")
    case.equal("sorted by uses (numbers), stable", table_words(dom),
               ["recieve", "wich", "readng", "teh"])
    # Negative control: a script error must show up as a console line.
    bad = os.path.join(case.abs, "bad.html")
    with open(bad, "w") as f:
        f.write("<!DOCTYPE html><html><body><script>noSuchFunction();</script></body></html>")
    _, console = load_page(browser, bad)
    case.expect(any("noSuchFunction" in l for l in console),
                "negative control: a script error was not seen on the console")
    check_long_string_page(case, browser)
    return case.result()


def test_user_visible(plugin):
    """A string passed to a format_arg function is user-visible in both
    reports; one passed only to puts is not."""
    case = Case("report-user-visible", plugin)
    objs = case.compile("visible")
    js, sarif = case.path("v.json"), case.path("v.sarif")
    r = case.link(objs, ["quiet", "report=" + js, "sarif=" + sarif])
    case.expect(r.rc == 0, "link failed")
    want = [("recieve", True), ("seperate", False)]
    d = load_json(case, js)
    if d is not None:
        case.equal("JSON user_visible", sorted((f["word"], f["user_visible"])
                                               for f in d["findings"]), want)
    d = load_json(case, sarif)
    if d is not None:
        case.equal("SARIF user_visible", sorted(
            (x["properties"]["word"], x["properties"]["user_visible"])
            for x in d["runs"][0]["results"]), want)
    return case.result()


def test_names(plugin):
    """report=: people's names (prec_people) are listed under "names",
    each once with why and where it is first seen, and counted in the
    summary; only the two misspellings are findings."""
    case = Case("report-names", plugin)
    objs = case.compile("prec_people")
    js = case.path("names.json")
    r = case.link(objs, ["quiet", "report=" + js])
    case.expect(r.rc == 0, "link failed")
    d = load_json(case, js)
    if d is None:
        return case.result()
    case.equal("findings", [f["word"] for f in d["findings"]], ["Writen", "Sesion"])
    want = [
        ("Fenlason", "argument", "Jay Fenlason"),
        ("Pizzini", "argument", "Ken Pizzini"),
        ("Paolo", "argument", "Paolo Bonzini"),
        ("Bonzini", "argument", "Paolo Bonzini"),
        ("Peoplekyt", "package", "GNU Peoplekyt"),
        ("Assaf", "marker", "Written by Assaf Gordonov and Jim Meyeringer."),
        ("Gordonov", "marker", "Written by Assaf Gordonov and Jim Meyeringer."),
        ("Meyeringer", "marker", "Written by Assaf Gordonov and Jim Meyeringer."),
        ("Benno", "email", "Report bugs to Benno Schulenberg <bensberg@example.org>."),
        ("Schulenberg", "email", "Report bugs to Benno Schulenberg <bensberg@example.org>."),
        ("Raymondo", "initials", "Based on code by Eric S. Raymondo."),
        ("Allegretta", "credits", "Chris Allegretta"),
        ("Jordi", "credits", "Jordi Mallach"),
        ("Mallach", "credits", "Jordi Mallach"),
        ("Rogoyski", "credits", "Adam Rogoyski"),
        ("Siemborski", "credits", "Rob Siemborski"),
        ("Brielle", "credits", "Monique, Brielle & Joseph"),
        ("Kolb", "credits", "Richard Kolb II"),
    ]
    names = d.get("names", [])
    case.equal("names", [(n["word"], n["why"], n["string"]) for n in names], want)
    for n in names:
        case.equal("%s keys" % n["word"], list(n), ["word", "why", "offset", "string", "location"])
        case.equal("%s at its offset" % n["word"],
                   n["string"].encode()[n["offset"]:n["offset"] + len(n["word"].encode())].decode(),
                   n["word"])
    first = {n["word"]: n["location"] for n in names}
    case.equal("Allegretta's location",
               {k: first.get("Allegretta", {}).get(k) for k in ("file", "line", "variable")},
               {"file": R.TESTS + "/prec_people_1.c", "line": 11, "variable": "credits"})
    case.equal("Raymondo's location",
               {k: first.get("Raymondo", {}).get(k) for k in ("file", "line", "function")},
               {"file": R.TESTS + "/prec_people_0.c", "line": 44, "function": "main"})
    case.equal("summary names", d["summary"].get("names"), len(want))
    return case.result()


def test_proper_nouns(plugin):
    """report=: a proper noun (prec_proper's "Frobzip") is listed once
    under "names" with why "proper-noun" and where it is first seen; the
    slip repeated at the starts of sentences stays three findings."""
    case = Case("report-proper-nouns", plugin)
    objs = case.compile("prec_proper")
    js = case.path("proper.json")
    r = case.link(objs, ["quiet", "report=" + js])
    case.expect(r.rc == 0, "link failed")
    d = load_json(case, js)
    if d is None:
        return case.result()
    case.equal("findings", [f["word"] for f in d["findings"]], ["Unexpcted"] * 3)
    case.equal("names", [(n["word"], n["why"]) for n in d.get("names", [])],
               [("Frobzip", "proper-noun")])
    return case.result()


def test_char_list(plugin):
    """A char array written as a list of character constants: the
    warnings and the JSON report point at the word's constants (JSON in
    code points: a comment before them holds an e-acute); a list with
    a macro in it stays at the array's name."""
    case = Case("report-char-list", plugin)
    objs = case.compile("char_list")
    out = case.path("r.json")
    r = case.link(objs, ["report=" + out, "quiet"])
    l0, l1 = R.TESTS + "/char_list_0.c", R.TESTS + "/char_list_1.c"
    case.equal("warnings", [(d.word, d.file, d.line, d.col)
                            for d in R.parse_output(r.output)[0]
                            if d.kind == "warning"],
               [("ocurred", l0, 13, 19), ("untill", l1, 11, 81),
                ("occurence", l1, 13, 93)])
    d = load_json(case, out)
    if d is not None:
        case.equal("word locations",
                   [(f["word"], f.get("word_location")) for f in d["findings"]],
                   [("ocurred", None),
                    ("untill", {"line": 11, "column": 81, "end_column": 103}),
                    ("occurence", {"line": 13, "column": 93, "end_column": 127})])
    return case.result()


TESTS = [    ("report-json", test_json),
    ("report-proper-nouns", test_proper_nouns),
    ("report-sarif", test_sarif),
    ("report-github", test_github),
    ("report-dups", test_dups_and_clean_werror),
    ("report-dups-in-place", test_dups_in_place),
    ("report-fix-patch", test_fix_patch),
    ("report-char-list", test_char_list),
    ("report-fail", test_fail),
    ("report-unwritable", test_unwritable),
    ("report-consistency", test_consistency),
    ("report-html", test_html),
    ("report-user-visible", test_user_visible),
    ("report-names", test_names),
]


def main():
    return R.run_standalone(TESTS, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
