#!/usr/bin/env python3
"""mine-recall.py: candidate typos that upstream fixed after the version
Debian 12 ships, from upstream histories brought with the search tool's
fetch (a bare repository per project under /work/.mirror/OWNER+NAME/repo;
none of their code is kept here).  For each corpus program it reads the
commits after the Debian version's tag whose message says typo, spelling
or misspel, pairs removed and added lines of C/C++ files, and prints the
pairs that differ in exactly one word inside a string literal:
program, wrong, right, commit, file, old line.  This is a narrow net
(one-word changes, commits that say so); every line still needs a hand
check that the string is in the Debian source and compiled into the
binary the corpus links (recall.tsv keeps only those)."""
import subprocess, re, sys, os
M='/work/.mirror'
progs = {  # prog: (repo, tag, srcdir)
 'git':('git+git','v2.39.5','git-2.39.5'), 'tmux':('tmux+tmux','3.3a','tmux-3.3a'),
 'jq':('jqlang+jq','jq-1.6','jq-1.6'), 'zstd':('facebook+zstd','v1.5.4','libzstd-1.5.4+dfsg2'),
 'htop':('htop-dev+htop','3.2.2','htop-3.2.2'), 'cppcheck':('danmar+cppcheck','2.10','cppcheck-2.10'),
 'fish':('fish-shell+fish-shell','3.6.0','fish-3.6.0'), 'btop':('aristocratos+btop','v1.2.13','btop-1.2.13'),
 'weechat':('weechat+weechat','v3.8','weechat-3.8'), 'lighttpd':('lighttpd+lighttpd1.4','lighttpd-1.4.69','lighttpd-1.4.69'),
 'rsync':('RsyncProject+rsync','v3.2.7','rsync-3.2.7'), 'ninja':('ninja-build+ninja','v1.11.1','ninja-build-1.11.1'),
 'less':('gwsw+less','v590','less-590'), 'nano':('madnight+nano','v7.2','nano-7.2'), 'sed':('mirror+sed','v4.9','sed-4.9'),
}
word=re.compile(r"[A-Za-z]+")
def git(repo,*a):
    return subprocess.run(['git','--git-dir',M+'/'+repo+'/repo']+list(a),capture_output=True,text=True,errors='replace').stdout
out=[]
for p,(repo,tag,src) in progs.items():
    if not git(repo,'rev-parse','-q','--verify',tag+'^{commit}').strip():
        print('#',p,'no tag',tag,file=sys.stderr); continue
    log=git(repo,'log','--no-merges','-i','-E','--grep=typo|spelling|misspel','--format=@@@%h %s','-p','-U0',tag+'..HEAD','--','*.c','*.cc','*.cpp','*.h','*.hpp')
    for chunk in log.split('@@@')[1:]:
        head,_,body=chunk.partition('\n')
        minus=[l[1:] for l in body.splitlines() if l.startswith('-') and not l.startswith('---')]
        plus=[l[1:] for l in body.splitlines() if l.startswith('+') and not l.startswith('+++')]
        files=re.findall(r'^\+\+\+ b/(\S+)',body,re.M)
        for m,pl in zip(minus,plus):
            if '"' not in m: continue
            wm=word.findall(m); wp=word.findall(pl)
            if len(wm)!=len(wp): continue
            diff=[(a,b) for a,b in zip(wm,wp) if a!=b]
            if len(diff)!=1: continue
            a,b=diff[0]
            # inside a string literal?
            lits=''.join(re.findall(r'"((?:[^"\\]|\\.)*)"',m))
            if not re.search(r'\b'+re.escape(a)+r'\b',lits): continue
            if a.lower()==b.lower(): continue
            out.append((p,a,b,head.strip(),files[0] if files else '?',m.strip()[:100]))
for o in out: print('\t'.join(o))
