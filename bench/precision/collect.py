#!/usr/bin/env python3
"""collect.py LOG: the findings of one ltospell link as a table.

Reads the diagnostics of a link with the plugin and prints one line per
warning, tab-separated: word, suggestion (or '-'), file:line:col.  The
summary line of the plugin is printed first as a comment:
'# strings=N words=N findings=N'."""
import re
import sys

# GCC leaves the column out when it is unknown (file:line: warning).
WARN = re.compile(r"^(?P<loc>[^ ]+:\d+(?::\d+)?): warning: misspelled word "
                  r"['\u2018](?P<word>.+?)['\u2019] in string constant"
                  r"(?:; did you mean ['\u2018](?P<fix>.+?)['\u2019]\?)?$")
SUMMARY = re.compile(r"ltospell: \d+ string uses, (\d+) distinct strings, "
                     r"(\d+) distinct words, \d+ misspelled words? in "
                     r"(\d+) findings?")


def main(path):
    rows, summary = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = WARN.match(line)
            if m:
                rows.append((m["word"], m["fix"] or "-", m["loc"]))
            m = SUMMARY.search(line)
            if m:
                summary = m.groups()
    if summary:
        print("# strings=%s words=%s findings=%s" % summary)
    for r in rows:
        print("\t".join(r))


if __name__ == "__main__":
    main(sys.argv[1])
