#!/usr/bin/env python3
"""table.py BEFORE AFTER [AFTER_GB]: the per-program precision table.

BEFORE and AFTER are output directories of bench/precision/run (the
plugin before and after the precision work); AFTER_GB optionally one
run with lang=en_US,en_GB.  Verdicts come from review.tsv beside this
script; a finding's tier is "known" when codespell's list (the one the
plugin loads) or a typos file has the word, else "unknown".  Prints a
Markdown table."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CODESPELL = "/usr/lib/python3/dist-packages/codespell_lib/data/dictionary.txt"


def load_review():
    verdicts = {}
    with open(os.path.join(HERE, "review.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            prog, word, verdict = line.rstrip("\n").split("\t")[:3]
            verdicts[(prog, word)] = verdict
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


def summarize(run, prog, verdicts, known):
    head, rows = run
    counts = {"known": 0, "unknown": 0, "typo": 0, "british": 0, "fp": 0}
    for word, _fix, _loc in rows:
        counts["known" if word.lower() in known else "unknown"] += 1
        counts[verdicts.get((prog, word), "fp")] += 1
    return head, counts


def main(argv):
    verdicts, known = load_review(), load_known()
    runs = [("before", argv[1]), ("after", argv[2])]
    if len(argv) > 3:
        runs.append(("after, lang=en_US,en_GB", argv[3]))
    print("| program | run | distinct strings | distinct words | findings "
          "(known / unknown) | real typos | British spellings | false "
          "positives | strings per false positive |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for prog in ("tmux", "jq", "git"):
        for label, directory in runs:
            run = load_run(directory, prog)
            if run is None:
                continue
            head, c = summarize(run, prog, verdicts, known)
            strings = int(head.get("strings", 0))
            fp = c["fp"] + c["british"]
            ratio = "%d" % (strings // fp) if fp else "no false positive"
            print("| %s | %s | %s | %s | %d (%d / %d) | %d | %d | %d | %s |"
                  % (prog, label, head.get("strings", "?"),
                     head.get("words", "?"), c["known"] + c["unknown"],
                     c["known"], c["unknown"], c["typo"], c["british"],
                     fp, ratio))


if __name__ == "__main__":
    main(sys.argv)
