#!/usr/bin/env python3
"""mine-old.py OLDSRC NEWSRC > candidates.tsv: candidate typos of an
older version of each corpus program that a newer version fixed, from
the two source trees alone (OLDSRC: bench/precision/old-sources, e.g.
Debian 11's versions; NEWSRC: Debian 12's, bench/fetch-sources).

Every string literal of the C/C++ files of each tree (tests left out)
is cut into words and what lies between them.  An old literal that the
new tree no longer has is a candidate when the new tree has a literal
that equals it but for one word:
  - the old word is not accepted by aspell (en_US), the new one is,
    and the two are within 2 edits (1 for a word of up to 4 letters;
    Damerau: insert, delete, substitute, transpose)  -> kind typo;
  - or the old word is the join of two new words ("intohistory" ->
    "into history")  -> kind missing-space.
The old word has at least 3 letters and the literal at least one other
word of 3 letters or more (a literal of one word would match any
other).  Files may have moved between the versions: literals are matched over
the whole tree of the program.  A literal whose fix also changed other
words is not seen (narrow net).  Prints program, old word, new word,
kind, old file:line, old line.  Every candidate still needs a hand
check (a real typo fix, not a rename; in a string compiled into the
binary the corpus links); recall.tsv keeps only those."""
import os
import re
import subprocess
import sys
from collections import defaultdict

PROGS = [  # program, package (directory prefix)
    ("git", "git"), ("jq", "jq"), ("tmux", "tmux"), ("ninja", "ninja-build"),
    ("nano", "nano"), ("less", "less"), ("sed", "sed"),
    ("lighttpd", "lighttpd"), ("sqlite3", "sqlite3"), ("weechat", "weechat"),
    ("rsync", "rsync"), ("zstd", "libzstd"), ("htop", "htop"),
    ("cppcheck", "cppcheck"), ("fish", "fish"), ("btop", "btop")]
EXT = (".c", ".h", ".cc", ".cpp", ".hpp", ".cxx", ".y", ".l", ".in")
SKIP_DIRS = {"debian", "test", "tests", "t", "testsuite", "testrunner",
             "samples", "gtest"}
LIT = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
SPLIT = re.compile(r"([A-Za-z]+)")


def tree(src, pkg):
    for d in sorted(os.listdir(src)):
        if d.startswith(pkg + "-") and os.path.isdir(os.path.join(src, d)) \
                and d[len(pkg) + 1:len(pkg) + 2].isdigit():
            return os.path.join(src, d)
    return None


def literals(root):
    """{literal: (file, line)} of the C/C++ files under ROOT (first)."""
    out = {}
    for d, dirs, fs in sorted(os.walk(root)):
        dirs[:] = sorted(x for x in dirs
                         if not x.startswith(".") and x not in SKIP_DIRS)
        for f in sorted(fs):
            if not f.endswith(EXT) or (f.endswith(".in")
                                       and not f.endswith((".h.in", ".c.in"))):
                continue
            path = os.path.join(d, f)
            with open(path, encoding="utf-8", errors="replace") as fh:
                for n, line in enumerate(fh, 1):
                    if line.lstrip().startswith(("//", "/*", "*", "#include")):
                        continue
                    for m in LIT.finditer(line):
                        s = m.group(1)
                        if SPLIT.search(s):
                            out.setdefault(s, (os.path.relpath(path, root), n,
                                               line.strip()))
    return out


def masks(lit):
    """(key, word) for each word of LIT, key being LIT with that word
    masked; and for two words joined by one space, the pair masked."""
    t = SPLIT.split(lit)  # seps at even indexes, words at odd ones
    for i in range(1, len(t), 2):
        yield "\0".join(("".join(t[:i]), "".join(t[i + 1:]))), t[i]
        if i + 2 < len(t) and t[i + 1] == " ":
            yield ("\0".join(("".join(t[:i]), "".join(t[i + 3:]))),
                   t[i] + " " + t[i + 2])


def damerau(a, b):
    a, b = a.lower(), b.lower()
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            c = a[i - 1] != b[j - 1]
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + c)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def unknown(words):
    """The subset of WORDS that aspell (en_US) does not accept."""
    words = sorted(set(words))
    r = subprocess.run(["aspell", "list", "-l", "en_US"],
                       input="\n".join(words), capture_output=True, text=True)
    return set(r.stdout.split())


def main(old, new):
    cands = []
    for prog, pkg in PROGS:
        o, n = tree(old, pkg), tree(new, pkg)
        if not o or not n:
            print("# %s: no tree (%s, %s)" % (prog, o, n), file=sys.stderr)
            continue
        if os.path.basename(o) == os.path.basename(n):
            print("# %s: same version" % prog, file=sys.stderr)
            continue
        lo, ln = literals(o), literals(n)
        index = defaultdict(set)
        for lit in ln:
            for key, w in masks(lit):
                index[key].add(w)
        for lit, (f, line, text) in lo.items():
            if lit in ln:
                continue
            t = SPLIT.split(lit)
            for i in range(1, len(t), 2):
                w = t[i]
                rest = t[1:i:2] + t[i + 2::2]
                if len(w) < 3 or not any(len(x) >= 3 for x in rest):
                    continue  # too short to be told, or no context
                key = "\0".join(("".join(t[:i]), "".join(t[i + 1:])))
                for v in sorted(index.get(key, ())):
                    if v == w:
                        continue
                    if " " in v:
                        if v.replace(" ", "") == w:
                            cands.append((prog, w, v, "missing-space",
                                          "%s:%d" % (f, line), text))
                    elif w.lower() != v.lower() and \
                            damerau(w, v) <= (1 if len(w) <= 4 else 2):
                        cands.append((prog, w, v, "typo",
                                      "%s:%d" % (f, line), text))
    bad = unknown([c[1] for c in cands] +
                  [x for c in cands for x in c[2].split()])
    seen = set()
    for c in cands:
        prog, w, v, kind = c[:4]
        if w not in bad or any(x in bad for x in v.split()):
            continue
        if (prog, w, v) in seen:
            continue
        seen.add((prog, w, v))
        print("\t".join(c[:5] + (c[5][:120],)))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: mine-old.py OLDSRC NEWSRC")
    main(sys.argv[1], sys.argv[2])
