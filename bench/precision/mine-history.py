#!/usr/bin/env python3
"""mine-history.py [PROG...]: candidate typos that upstream fixed, from
upstream histories brought with the search tool's fetch (MIRROR, a
bare repository per project, default /work/.mirror), and the release
tags that still have them: how the "old" rows of recall.tsv were
picked (with mine-old.py for Debian 11's trees).

Reads every non-merge commit since 2016 up to the newest (git's: only
those whose message says typo, spell, grammar, wording or fix) and
compares the string-literal words of each diff hunk's removed and added
lines.  A removed word is a candidate when aspell (en_US) rejects it,
the added lines have a word within 2 edits of it (1 for up to 4
letters) that aspell accepts and the removed lines did not have, or it
is the join of two added words (a missing space).  Prints program,
wrong, right, kind, commit, old line; then, with --tags WORD..., for
each release tag the candidates' words present in its C/C++ sources.
Every candidate still needs a hand check (recall.tsv's header)."""
import difflib
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.realpath(__file__))
spec = importlib.util.spec_from_file_location("mine_old",
                                              os.path.join(HERE, "mine-old.py"))
mo = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mo)
MIRROR = os.environ.get("MIRROR", "/work/.mirror")
REPOS = {"git": "git+git", "tmux": "tmux+tmux", "zstd": "facebook+zstd",
         "htop": "htop-dev+htop", "rsync": "RsyncProject+rsync",
         "sed": "mirror+sed", "less": "gwsw+less",
         "lighttpd": "lighttpd+lighttpd1.4", "weechat": "weechat+weechat",
         "ninja": "ninja-build+ninja", "cppcheck": "danmar+cppcheck",
         "fish": "fish-shell+fish-shell", "btop": "aristocratos+btop",
         "nano": "madnight+nano"}
WORD = re.compile(r"[A-Za-z]+")
LIT = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
SRC = ["*.c", "*.cc", "*.cpp", "*.h", "*.hpp", "*.c.in", "*.y"]


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", "%s/%s/repo" % (MIRROR, repo)]
                          + list(args), capture_output=True, text=True,
                          errors="replace").stdout


def lit_words(lines):
    out = []
    for line in lines:
        if line.lstrip().startswith(("//", "/*", "*")):
            continue
        for s in LIT.findall(line):
            out += [(w, line) for w in WORD.findall(re.sub(r"\\[ntrafv0]", " ", s))]
    return out


def mine(prog):
    repo = REPOS[prog]
    grep = ["-i", "-E", "--grep=typo|spell|misspel|grammar|wording|fix"] \
        if prog == "git" else []
    log = git(repo, "log", "--no-merges", *grep, "--since=2016-01-01",
              "--format=@@@%h %ad %s", "--date=short", "-p", "-U0", "HEAD",
              "--", *SRC)
    for chunk in log.split("\n@@@"):
        head, _, body = chunk.lstrip("@").partition("\n")
        for hunk in re.split(r"\n(?=@@ )", body):
            lines = hunk.splitlines()
            wm = lit_words([l[1:] for l in lines
                            if l.startswith("-") and not l.startswith("---")])
            wp = lit_words([l[1:] for l in lines
                            if l.startswith("+") and not l.startswith("+++")])
            added = {w for w, _ in wp} - {w for w, _ in wm}
            for w, line in wm:
                if len(w) < 3 or w in added:
                    continue
                for v in sorted(added):
                    if w.lower() != v.lower() and \
                            mo.damerau(w, v) <= (1 if len(w) <= 4 else 2):
                        yield (prog, w, v, "typo", head, line)
            sm = difflib.SequenceMatcher(None, [w for w, _ in wm],
                                         [w for w, _ in wp], autojunk=False)
            for t, k1, k2, l1, l2 in sm.get_opcodes():
                if t == "replace" and k2 - k1 == 1 and l2 - l1 == 2 and \
                        wm[k1][0] == wp[l1][0] + wp[l1 + 1][0]:
                    yield (prog, wm[k1][0], wp[l1][0] + " " + wp[l1 + 1][0],
                           "missing-space", head, wm[k1][1])


def tags(prog, words):
    repo = REPOS[prog]
    for line in git(repo, "for-each-ref", "--sort=creatordate",
                    "--format=%(creatordate:short) %(refname:short)",
                    "refs/tags").splitlines():
        date, _, tag = line.partition(" ")
        if date < "2016" or re.search(r"rc|beta|alpha|dev|pre|b1", tag):
            continue
        have = [w for w in words
                if git(repo, "grep", "-w", "-c", "-F", w, tag, "--", *SRC).strip()]
        if have:
            print("%s\t%s\t%d\t%s" % (prog, tag, len(have), " ".join(have)))


def main(argv):
    if len(argv) > 2 and argv[1] == "--tags":
        tags(argv[2], argv[3:])
        return
    cands = [c for p in (argv[1:] or sorted(REPOS)) for c in mine(p)]
    bad = mo.unknown([c[1] for c in cands] + [x for c in cands for x in c[2].split()])
    seen = set()
    for c in cands:
        prog, w, v = c[:3]
        if w not in bad or any(x in bad for x in v.split()) or (prog, w, v) in seen:
            continue
        seen.add((prog, w, v))
        print("\t".join(c[:5] + (c[5].strip()[:110],)))


if __name__ == "__main__":
    main(sys.argv)
