#!/usr/bin/env python3
"""links.py: keep and replay the final link of a program's main binary.

  links.py pick LINKS BINARY OUT.json
      From the records of bench/cc-record (LINKS: every linking
      invocation of one build, in order), keep the last -flto link
      whose output is named BINARY.  A link that also compiles sources
      (sqlite3's shell.c, given to libtool with the archive) has them
      compiled once here, with the same options, into objects beside
      OUT.json, so that a relink never recompiles.  Writes
      {"cwd": ..., "argv": [...]} to OUT.json.

  links.py run LINK.json OUTPUT [ARG...]
      Replay the link with its output renamed to OUTPUT (the program's
      own build tree keeps its binary) and ARG... appended; exits with
      the link's status."""
import json
import os
import subprocess
import sys

SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".C")


def read_links(path):
    """The link records of cc-record: (cwd, argv) pairs, in order."""
    with open(path, "rb") as f:
        data = f.read()
    links = []
    for rec in data.split(b"\0\n"):
        if rec:
            fields = [x.decode() for x in rec.split(b"\0")]
            links.append((fields[0], fields[1:]))
    return links


def output_index(argv):
    """Index in ARGV of the output file name, or None."""
    for i, a in enumerate(argv):
        if a == "-o" and i + 1 < len(argv):
            return i + 1
    return None


def final_link(links, binary):
    found = None
    for cwd, argv in links:
        i = output_index(argv)
        if i is not None and os.path.basename(argv[i]) == binary \
           and any(a.startswith("-flto") for a in argv):
            found = (cwd, argv)
    return found


def compile_sources(cwd, argv, objdir):
    """Compile the sources named in ARGV once into OBJDIR; return ARGV
    with each source replaced by its object."""
    sources = [a for a in argv[1:] if a.endswith(SOURCE_SUFFIXES)
               and not a.startswith("-")]
    if not sources:
        return argv
    out_i = output_index(argv)
    options = [a for i, a in enumerate(argv[1:], 1)
               if a not in sources and i != out_i and i != out_i - 1
               and not a.startswith(("-l", "-L", "-Wl,", "-rpath"))
               and not a.endswith((".a", ".o", ".so", ".la"))]
    new = list(argv)
    os.makedirs(objdir, exist_ok=True)
    for src in sources:
        obj = os.path.join(objdir, os.path.basename(src) + ".o")
        subprocess.run([argv[0]] + options + ["-c", src, "-o", obj],
                       cwd=cwd, check=True)
        new[new.index(src)] = obj
    return new


def pick(links_path, binary, out_json):
    link = final_link(read_links(links_path), binary)
    if not link:
        sys.exit("links.py: no -flto link of %s in %s" % (binary, links_path))
    cwd, argv = link
    objdir = os.path.splitext(os.path.abspath(out_json))[0] + ".objs"
    argv = compile_sources(cwd, argv, objdir)
    with open(out_json, "w") as f:
        json.dump({"cwd": cwd, "argv": argv}, f, indent=1)


def run(link_json, output, extra):
    with open(link_json) as f:
        link = json.load(f)
    argv = list(link["argv"])
    argv[output_index(argv)] = os.path.abspath(output)
    sys.exit(subprocess.run(argv + extra, cwd=link["cwd"]).returncode)


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "pick":
        pick(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) >= 4 and sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
