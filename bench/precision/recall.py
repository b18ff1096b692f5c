#!/usr/bin/env python3
"""recall.py OUTDIR [OLDOUT [SET]]: recall of ltospell on real typos.

SET (default: recall.tsv next to this script) lists real typos that
upstream fixed later, in two builds of the corpus: rows whose upstream
column starts with "debian12" are in the Debian 12 sources that
bench/precision/run links by default, and their findings are in
OUTDIR; rows starting with "old" are in the older version of the
program that bench/precision/old-sources unpacks (Debian 11's, or an
older upstream release), built by build-programs into its own SRC and
relinked by run into OLDOUT.  Each directory holds one PROG.tsv per
program (word, suggestion, file:line:col; '# ' lines are comments).  A typo is found when a finding
of its program has the typo's wrong word, compared case-insensitively
(for a missing space the wrong word is the joined one, "intohistory").

Prints found/missed and recall per program and overall, and lists the
misses.  A program of SET without OUTDIR/PROG.tsv was not run: it is
reported as such and left out of the overall figure, so that a partial
run is never read as a miss."""
import os
import sys

FIELDS = ("program", "wrong", "right", "kind", "debian", "upstream",
          "codespell_list", "codespell_reports")


def read_set(path):
    """The typos of SET, as dicts keyed by FIELDS, in file order."""
    typos = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != len(FIELDS):
                sys.exit("recall.py: %s: expected %d columns: %s"
                         % (path, len(FIELDS), line))
            typos.append(dict(zip(FIELDS, cols)))
    return typos


def read_findings(path):
    """The lower-cased words that one program's findings report."""
    words = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("# ") or not line.strip():
                continue
            words.add(line.split("\t", 1)[0].lower())
    return words


def build_of(typo):
    """The build a typo of SET is in: "debian12" or "old"."""
    b = typo["upstream"].split(" ", 1)[0].rstrip(":")
    if b not in ("debian12", "old"):
        sys.exit("recall.py: upstream column must start with debian12 or"
                 " old: %s" % typo["upstream"])
    return b


def main(argv):
    if len(argv) not in (2, 3, 4):
        sys.exit("usage: recall.py OUTDIR [OLDOUT [SET]]")
    dirs = {"debian12": argv[1], "old": argv[2] if len(argv) > 2 else None}
    here = os.path.dirname(os.path.realpath(__file__))
    typos = read_set(argv[3] if len(argv) == 4
                     else os.path.join(here, "recall.tsv"))
    groups = sorted({(build_of(t), t["program"]) for t in typos})
    total_found = total = 0
    misses, not_run = [], []
    print("%-8s %-10s %5s %6s %7s" % ("build", "program", "found", "missed",
                                      "recall"))
    for build, prog in groups:
        mine = [t for t in typos
                if t["program"] == prog and build_of(t) == build]
        path = dirs[build] and os.path.join(dirs[build], prog + ".tsv")
        if not path or not os.path.exists(path):
            not_run.append("%s/%s" % (build, prog))
            print("%-8s %-10s %5s %6s %7s  (no %s)"
                  % (build, prog, "-", "-", "-", path or "OLDOUT"))
            continue
        words = read_findings(path)
        missed = [t for t in mine if t["wrong"].lower() not in words]
        found = len(mine) - len(missed)
        misses += missed
        total_found += found
        total += len(mine)
        print("%-8s %-10s %5d %6d %6.1f%%"
              % (build, prog, found, len(missed), 100.0 * found / len(mine)))
    if total:
        print("%-8s %-10s %5d %6d %6.1f%%" % ("all", "overall", total_found,
                                              total - total_found,
                                              100.0 * total_found / total))
    if not_run:
        print("not run: %s" % " ".join(not_run))
    for t in misses:
        print("missed: %s %s %s -> %s (%s, %s)"
              % (build_of(t), t["program"], t["wrong"], t["right"], t["kind"],
                 t["debian"]))


if __name__ == "__main__":
    main(sys.argv)
