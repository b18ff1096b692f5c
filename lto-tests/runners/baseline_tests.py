#!/usr/bin/env python3
"""End-to-end tests of baseline=FILE.json, run by runner.py (TESTS) or
alone:  python3 lto-tests/runners/baseline_tests.py --plugin build/ltospell.so

A three-unit program (written at test time into
build/lto-tests/baseline-*/src/, so that it can be edited between
links) is linked once with report= to make the baseline, then again
with werror and baseline=: it links, with no warning, in every
partition mode, also after code moved every string to another line;
a new misspelling makes the link fail with exactly that warning, and
SARIF marks each result "unchanged" or "new".  A baseline that is
missing, a directory, not JSON, or JSON but not a report is one error
naming it, no ICE, in WPA and in -flto-partition=none.

Prints one PASS:/FAIL: line per test and, alone, "N passed, N failed".
"""

import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import runner as R                                  # noqa: E402

LINK_MODES = [[], ["-flto-partition=none"], ["-flto=2"]]

# The program: a string in a table (unit a), one inlined from a header
# into two units, one in a plain call.
UNITS = {
    "util.h": """\
#include <stdio.h>
static inline void warn_user (const char *what)
{
  fprintf (stderr, "%s: check teh address\\n", what);
}
""",
    "a.c": """\
#include "util.h"
extern void run (int);
static const char *const messages[] = {
  "could not recieve the reply",
  "ready",
};
int main (int argc, char **argv)
{
  (void) argv;
  puts (messages[argc > 3]);
  warn_user ("main");
  run (argc);
  return 0;
}
""",
    "b.c": """\
#include "util.h"
void run (int n)
{
  if (n > 2)
    warn_user ("run");
  printf ("the adress of the host is unknown\\n");
}
""",
}
OLD_WORDS = ["recieve", "teh", "adress"]


class Case:
    """A scratch directory under build/lto-tests/ and its problems."""

    def __init__(self, name, plugin):
        self.name, self.plugin = name, plugin
        self.tmp = os.path.join(R.BUILD, name)
        self.abs = os.path.join(R.ROOT, self.tmp)
        shutil.rmtree(self.abs, ignore_errors=True)
        os.makedirs(os.path.join(self.abs, "src"))
        self.runs, self.problems = [], []

    def path(self, name):
        return os.path.join(self.tmp, name)

    def expect(self, cond, problem):
        if not cond:
            self.problems.append(problem)
        return cond

    def equal(self, what, got, want):
        return self.expect(got == want, "%s: got %r, want %r" % (what, got, want))

    def write(self, units):
        for name, text in units.items():
            with open(os.path.join(self.abs, "src", name), "w") as f:
                f.write(text)

    def compile(self):
        objs = []
        for unit in sorted(u for u in os.listdir(os.path.join(self.abs, "src"))
                           if u.endswith(".c")):
            obj = self.path(unit + ".o")
            r = R.run([R.GCC, "-O2", "-flto", "-c"] + R.DIAG_FLAGS
                      + [self.path("src/" + unit), "-o", obj])
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


def warned_words(output):
    return sorted(m.group(1) for m in re.finditer(
        r": warning: misspelled word '([^']*)' in string constant", output))


def summary(output):
    lines = [l for l in output.splitlines() if l.startswith("ltospell: ")
             and "string uses" in l]
    return lines[0] if len(lines) == 1 else lines


def sarif_states(case, path):
    """{word: sorted baselineStates of its results}."""
    try:
        with open(os.path.join(R.ROOT, path), encoding="utf-8") as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        case.problems.append("%s does not parse: %s" % (path, e))
        return {}
    states = {}
    for res in d["runs"][0]["results"]:
        states.setdefault(res["properties"]["word"], []).append(
            (res.get("baselineState"), res["level"]))
    return {w: sorted(s) for w, s in states.items()}


def test_werror(plugin):
    """Link once for the baseline, then werror + baseline= links; a new
    typo fails it."""
    case = Case("baseline-werror", plugin)
    case.write(UNITS)
    objs = case.compile()
    base = case.path("base.json")
    r = case.link(objs, ["report=" + base])
    case.expect(r.rc == 0, "the first link failed")
    case.equal("first link warnings", warned_words(r.output), sorted(OLD_WORDS))

    for i, flags in enumerate(LINK_MODES):
        sarif = case.path("old%d.sarif" % i)
        r = case.link(objs, ["werror", "baseline=" + base, "sarif=" + sarif],
                      flags, exe="old%d" % i)
        mode = " ".join(flags) or "default"
        case.expect(r.rc == 0, "werror + baseline, %s: the link failed" % mode)
        case.equal("werror + baseline, %s: warnings" % mode, warned_words(r.output), [])
        case.equal("werror + baseline, %s: errors" % mode, R.plugin_errors(r.output), [])
        case.expect(str(summary(r.output)).endswith(", 0 misspelled words in 0 findings"),
                    "werror + baseline, %s: summary %r" % (mode, summary(r.output)))
        case.expect(("ltospell: 3 more in the baseline (%s): neither warnings "
                     "nor failures" % base) in r.output,
                    "%s: no line counting the baseline" % mode)
        case.equal("sarif states, %s" % mode, sarif_states(case, sarif),
                   {"recieve": [("unchanged", "note")],
                    "teh": [("unchanged", "note")] * 2,
                    "adress": [("unchanged", "note")]})

    # Code moves: every string on another line, a unit renamed.  The
    # baseline still matches (word, tier and string, not the place).
    moved = {"util.h": "\n\n" + UNITS["util.h"],
             "a.c": "/* moved */\n\n\n" + UNITS["a.c"],
             "b2.c": "\n" + UNITS["b.c"]}
    os.remove(os.path.join(case.abs, "src", "b.c"))
    case.write(moved)
    objs = case.compile()
    r = case.link(objs, ["werror", "baseline=" + base], exe="moved")
    case.expect(r.rc == 0, "after moving code: the link failed")
    case.equal("after moving code: warnings", warned_words(r.output), [])

    # A new typo: in a new string, and in a string of the baseline (an
    # edited string is a new one: its text changed).
    new = dict(moved)
    new["b2.c"] = new["b2.c"].replace('printf ("the adress',
                                      'puts ("the paramter is wrong");\n  printf ("the adress')
    new["a.c"] = new["a.c"].replace('"could not recieve the reply"',
                                    '"could not recieve the full reply"')
    case.write(new)
    objs = case.compile()
    sarif = case.path("new.sarif")
    r = case.link(objs, ["werror", "baseline=" + base, "sarif=" + sarif], exe="new")
    case.expect(r.rc != 0, "a new typo: the link succeeded")
    case.equal("a new typo: warnings", warned_words(r.output), ["paramter", "recieve"])
    case.equal("a new typo: errors", [e.split("error: ", 1)[1] for e in R.plugin_errors(r.output)],
               ["ltospell: 2 findings fail the link (fail-on=all or werror)"])
    case.equal("a new typo: sarif states", sarif_states(case, sarif),
               {"recieve": [("new", "error")],
                "paramter": [("new", "error")],
                "teh": [("unchanged", "note")] * 2,
                "adress": [("unchanged", "note")]})
    return case.result()


def test_bad(plugin):
    """A baseline that cannot be used is one error naming it."""
    case = Case("baseline-bad", plugin)
    case.write(UNITS)
    objs = case.compile()
    notjson = case.path("notjson.json")
    with open(os.path.join(R.ROOT, notjson), "w") as f:
        f.write('{"findings": [\n  {"word": "teh",}\n]}\n')
    notreport = case.path("notreport.json")
    with open(os.path.join(R.ROOT, notreport), "w") as f:
        f.write('{"runs": []}\n')
    noword = case.path("noword.json")
    with open(os.path.join(R.ROOT, noword), "w") as f:
        f.write('{"findings": [{"tier": "known", "string": "x"}]}\n')
    missing = case.path("missing.json")
    bad = [
        (missing, "cannot read baseline '%s': No such file or directory" % missing),
        (case.tmp, "cannot read baseline '%s': Is a directory" % case.tmp),
        (notjson, "baseline '%s' is not valid JSON: line 2, column 18: "
         "expected a key in quotes" % notjson),
        (notreport, "baseline '%s' is not a report of ltospell (report=FILE.json): "
         "no \"findings\" array" % notreport),
        (noword, "baseline '%s' is not a report of ltospell (report=FILE.json): "
         "finding 1 has no \"word\" string" % noword),
    ]
    for path, want in bad:
        for flags in LINK_MODES[:2]:
            r = case.link(objs, ["baseline=" + path], flags)
            what = "%s %s" % (os.path.basename(path), " ".join(flags))
            case.expect(r.rc != 0, "%s: the link succeeded" % what)
            errors = R.plugin_errors(r.output)
            case.equal("%s: errors" % what, [e.split("error: ", 1)[1] for e in errors],
                       ["ltospell: " + want])
            case.equal("%s: warnings" % what, warned_words(r.output), [])
    # An empty value is an option error, as for report=.
    r = case.link(objs, ["baseline="])
    case.expect(r.rc != 0 and len(R.plugin_errors(r.output)) == 1
                and "baseline" in R.plugin_errors(r.output)[0],
                "baseline= (empty): want one error naming it: %r" % R.plugin_errors(r.output))
    return case.result()


TESTS = [
    ("baseline-werror", test_werror),
    ("baseline-bad", test_bad),
]


def main():
    return R.run_standalone(TESTS, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
