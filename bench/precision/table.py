#!/usr/bin/env python3
"""table.py BEFORE [AFTER [AFTER_GB]]: the per-program precision table.

BEFORE and AFTER are output directories of bench/precision/run (the
plugin before and after the precision work); AFTER_GB optionally one
run with lang=en_US,en_GB.  Verdicts come from review.tsv beside this
script; a finding's tier is "known" when codespell's list (the one the
plugin loads) has the word, else "unknown".  British spellings count as
false positives (the program is checked as en_US).  A finding missing
from review.tsv counts as a false positive and is named on stderr.

PROGRAMS="..." in the environment selects other programs (the held-out
ones).  Prints Markdown: one row per program and run, a row for the whole
corpus per run, then the false positives of each run by the reason
class that starts the "where and why" column of review.tsv."""
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CODESPELL = "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt"
PROGRAMS = ("git", "jq", "tmux", "ninja", "nano", "less", "sed", "lighttpd",
            "sqlite3", "weechat", "rsync", "zstd", "htop", "cppcheck", "fish",
            "btop")
# PROGRAMS="..." in the environment: other programs, such as the held-out
# ones (README.md, "Held out").
if os.environ.get("PROGRAMS"):
    PROGRAMS = tuple(os.environ["PROGRAMS"].split())
# Programs reviewed before this table named every finding: a finding of
# theirs not in review.tsv was reviewed as a false positive.
REVIEWED_IMPLICITLY = ("git", "jq", "tmux")


def load_review():
    """(program, word) -> (verdict, reason class or None)."""
    verdicts = {}
    with open(os.path.join(HERE, "review.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            prog, word, verdict = fields[:3]
            why = fields[3] if len(fields) > 3 else ""
            reason = why.split(":")[0].strip() if ":" in why else None
            verdicts[(prog, word)] = (verdict, reason)
    return verdicts


def load_known():
    known = set()
    if os.path.exists(CODESPELL):
        with open(CODESPELL, encoding="utf-8") as f:
            for line in f:
                if "->" in line:
                    known.add(line.split("->")[0].strip().lower())
    return known


def load_run(directory, prog):
    path = os.path.join(directory, prog + ".tsv")
    if not os.path.exists(path):
        return None
    head, rows = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# "):
                head = dict(kv.split("=") for kv in line[2:].split())
            elif line.strip():
                rows.append(line.rstrip("\n").split("\t"))
    return head, rows


def summarize(run, prog, verdicts, known, reasons):
    """Counts of one program's run; adds its false positives to REASONS."""
    head, rows = run
    c = collections.Counter()
    for word, _fix, _loc in rows:
        c["known" if word.lower() in known else "unknown"] += 1
        verdict, reason = verdicts.get((prog, word), (None, None))
        if verdict is None:
            if prog not in REVIEWED_IMPLICITLY:
                print("table.py: %s %r is not in review.tsv (counted as fp)"
                      % (prog, word), file=sys.stderr)
                reason = "unreviewed"
            verdict = "fp"
        c[verdict] += 1
        if verdict in ("fp", "british"):
            key = reason or "unclassified" if verdict == "fp" else "british"
            reasons[key] += 1
            reasons[(key, prog, word)] = 1
    c["strings"] = int(head.get("strings", 0))
    c["words"] = int(head.get("words", 0))
    return c


def per_thousand(fp, strings):
    return "%.1f" % (1000.0 * fp / strings) if strings else "-"


def row(name, label, c):
    fp = c["fp"] + c["british"]
    return ("| %s | %s | %s | %s | %d (%d / %d) | %d | %d | %d | %s |"
            % (name, label, format(c["strings"], ","), format(c["words"], ","),
               c["known"] + c["unknown"], c["known"], c["unknown"],
               c["typo"], c["british"], fp, per_thousand(fp, c["strings"])))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    verdicts, known = load_review(), load_known()
    runs = [("before", argv[1])]
    if len(argv) > 2:
        runs.append(("after", argv[2]))
    if len(argv) > 3:
        runs.append(("after, lang=en_US,en_GB", argv[3]))
    totals = {label: collections.Counter() for label, _ in runs}
    reasons = {label: collections.Counter() for label, _ in runs}
    print("| program | run | distinct strings | distinct words | findings "
          "(known / unknown) | real typos | British spellings | false "
          "positives | false positives per 1,000 distinct strings |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for prog in PROGRAMS:
        for label, directory in runs:
            run = load_run(directory, prog)
            if run is None:
                continue
            c = summarize(run, prog, verdicts, known, reasons[label])
            totals[label] += c
            print(row(prog, label, c))
    for label, _ in runs:
        print(row("**whole corpus**", label, totals[label]))
    print()
    print("| false positives by reason (findings, distinct words) | "
          + " | ".join(l for l, _ in runs) + " |")
    print("|---|" + "---:|" * len(runs))
    classes = sorted({k for r in reasons.values() for k in r
                      if isinstance(k, str)},
                     key=lambda k: -sum(r[k] for r in reasons.values()))
    for k in classes:
        print("| %s | %s |" % (k, " | ".join(
            "%d (%d)" % (reasons[l][k], sum(1 for key in reasons[l]
                                            if isinstance(key, tuple) and key[0] == k))
            for l, _ in runs)))


if __name__ == "__main__":
    main(sys.argv)
