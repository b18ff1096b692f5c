#!/usr/bin/env python3
"""check-layers.py [SRC]: the C core's layers, checked.

The core in src/ is built in layers, each using only those below it:

  0 base       util, utf8, hashset, text, source: no state, no policy
  1 model      the string table, decoding, what is prose, words, the
               speller, the filters, the check and its findings,
               consistency, duplicates, the options
  2 results    the results model and the outputs rendered from it
  3 gcc        the GCC layer: plugin.cc and gcc-compat.h

A module is a .c (or .cc) file and the .h of the same name, which
declares that module's types and functions; a header without a .c
(findings.h, report-data.h) holds types that modules share, so that
their includes need no cycle.  The checks, each printed as a PASS or
FAIL line as `make check` counts them:

  - every file of src/ belongs to a layer (a new module must be added
    to LAYERS below, which is the point: its layer is a decision);
  - no #include "..." points up a layer;
  - no include cycle, between files or between modules;
  - no call points up a layer, and no call cycle between modules (a
    module calls another when it names an ls_ function the other
    defines);
  - every header declares only its own module's functions: one that
    declares an ls_ function another module defines fails, so a module
    is used through its own header.

Exits 1 when a check fails.
"""

import os
import re
import sys

BASE, MODEL, RESULTS, GCC = range(4)
LAYER_NAMES = ["base", "model", "results", "gcc"]

LAYERS = {
    # Base: plain helpers, no other header of the core but util.h.
    "util": BASE, "utf8": BASE, "hashset": BASE, "text": BASE, "leftovers": BASE,
    "source": BASE, "literal": BASE, "jsonread": BASE, "jsonwrite": BASE,
    "dictwords": BASE,
    # Model and analysis.
    "strtab": MODEL, "decode": MODEL, "classify": MODEL, "words": MODEL,
    "speller": MODEL, "enchant-load": MODEL, "dictdir": MODEL,
    "confidence": MODEL, "suggest": MODEL, "names": MODEL, "sinks": MODEL,
    "known": MODEL,
    "ignore": MODEL, "check": MODEL, "findings": MODEL,
    "consistency": MODEL, "dups": MODEL, "options": MODEL, "summary": MODEL,
    # Results and outputs; report-data is what report.c hands the writers.
    "results": RESULTS, "report": RESULTS, "report-data": RESULTS,
    "html": RESULTS, "sarif": RESULTS, "github": RESULTS, "json": RESULTS,
    "fixes": RESULTS, "baseline": RESULTS,
    # The GCC layer.
    "plugin": GCC, "gcc-compat": GCC,
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# A definition in GNU style: the name at the start of a line, the
# return type on the line before.
DEFINITION = re.compile(r"^(ls_\w+) \(", re.M)
DECLARATION = re.compile(r"\b(ls_\w+) \([^;{]*\)\s*(?:__attribute__.*)?;", re.S)
USE = re.compile(r"\b(ls_\w+)\b")  # a call or a function pointer
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')


def module_of(name):
    return os.path.splitext(os.path.basename(name))[0]


def strongly_connected(graph):
    """Tarjan: the components of GRAPH (node -> set of nodes) with more
    than one node, each sorted, in a stable order."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def cycle_path(graph, comp):
    """One cycle through the first node of COMP, as a list of nodes."""
    start, members = comp[0], set(comp)
    prev, queue = {start: None}, [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph.get(v, ())):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return comp


def main(argv):
    src = argv[0] if argv else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    files = sorted(f for f in os.listdir(src)
                   if f.endswith((".c", ".h", ".cc")) and os.path.isfile(os.path.join(src, f)))
    text = {}
    for f in files:
        with open(os.path.join(src, f), encoding="utf-8", errors="replace") as fh:
            text[f] = fh.read()
    bare = {f: COMMENT.sub(" ", t) for f, t in text.items()}
    code = {f: STRING.sub('""', t) for f, t in bare.items()}
    failed = False

    def report(ok, name, problems):
        nonlocal failed
        if ok:
            print("PASS: layers: %s" % name)
        else:
            failed = True
            for p in problems:
                print("FAIL: layers: %s: %s" % (name, p))

    # Every file in a layer.
    unknown = [f for f in files if module_of(f) not in LAYERS]
    report(not unknown, "every module has a layer",
           ["%s is in no layer (add '%s' to LAYERS in %s)"
            % (f, module_of(f), "tools/check-layers.py") for f in unknown])

    def layer(f):
        return LAYERS.get(module_of(f), MODEL)

    # Includes.
    includes = {f: sorted(set(h for h in INCLUDE.findall(bare[f]) if h in text))
                for f in files}
    up = ["%s (%s) includes %s (%s)" % (f, LAYER_NAMES[layer(f)], h, LAYER_NAMES[layer(h)])
          for f in files for h in includes[f] if layer(h) > layer(f)]
    report(not up, "no include points up a layer", up)

    file_graph = {f: set(includes[f]) for f in files}
    cycles = ["include cycle: %s" % " -> ".join(cycle_path(file_graph, c))
              for c in strongly_connected(file_graph)]
    module_graph = {}
    for f in files:
        for h in includes[f]:
            if module_of(h) != module_of(f):
                module_graph.setdefault(module_of(f), set()).add(module_of(h))
    cycles += ["include cycle between modules: %s"
               % " -> ".join(cycle_path(module_graph, c))
               for c in strongly_connected(module_graph)]
    report(not cycles, "no include cycle", cycles)

    # Calls, through the ls_ functions each module defines.
    defined_in = {}
    for f in files:
        for name in DEFINITION.findall(code[f]):
            defined_in.setdefault(name, set()).add(module_of(f))
    call_graph, calls_up = {}, set()
    for f in files:
        if not f.endswith((".c", ".cc")):
            continue
        m = module_of(f)
        for name in set(USE.findall(code[f])):
            for d in defined_in.get(name, ()):
                if d == m:
                    continue
                call_graph.setdefault(m, set()).add(d)
                if LAYERS.get(d, MODEL) > LAYERS.get(m, MODEL):
                    calls_up.add("%s (%s) calls %s of %s (%s)"
                                 % (f, LAYER_NAMES[layer(f)], name, d,
                                    LAYER_NAMES[LAYERS.get(d, MODEL)]))
    report(not calls_up, "no call points up a layer", sorted(calls_up))
    call_cycles = []
    for comp in strongly_connected(call_graph):
        edges = ["%s -> %s" % (a, b) for a in comp
                 for b in sorted(call_graph.get(a, ())) if b in comp]
        call_cycles.append("call cycle among %s (%s)" % (", ".join(comp), "; ".join(edges)))
    report(not call_cycles, "no call cycle between modules", call_cycles)

    # One header per module: what a header declares, its module defines.
    foreign = []
    for h in files:
        if not h.endswith(".h"):
            continue
        for name in sorted(set(DECLARATION.findall(code[h]))):
            owners = defined_in.get(name, set())
            if owners and module_of(h) not in owners:
                foreign.append("%s declares %s of %s"
                               % (h, name, ", ".join(sorted(owners))))
    report(not foreign, "every header declares only its own module's functions",
           foreign)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
