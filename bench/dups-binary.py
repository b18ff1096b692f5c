#!/usr/bin/env python3
"""dups-binary.py: check ltospell's duplicates report against the binary.

The report (report=FILE.json, "duplicates") says, for every string that
several units hold, how many copies the program has and whether the
linker can merge them: literals ("...") go to SHF_MERGE string sections
and end up once in the binary; a named array (static const char x[] =
"...") is an object of its own and every unit's copy stays.  This reads
the linked program's sections and counts each duplicated string there,
so that the report's prediction is measured, not trusted:

  * predicted copies in the binary: 1 for a mergeable string, else the
    report's number of copies (each copy an array that stays);
  * found: for strings of MIN_BYTES or more, the string's bytes and its
    NUL standing alone (at the start of a section or after a NUL byte)
    in the data sections (.rodata*, .data*: code holds short strings as
    immediates, .dynstr holds symbol names); a mergeable string the
    linker stored as the tail of a longer one ("ing" in "Writing") is
    found once as a tail;
  * the bytes the report calls wasted and not mergeable, against the
    extra copies really there ((found - 1) * size).

Usage: dups-binary.py [--src DIR] REPORTS_DIR [PROGRAM...]
REPORTS_DIR holds PROGRAM.json as written by bench/precision/run (the
plugin's report= of the program's final link); the binary is the one the
program's own build linked (DIR/.precision/PROGRAM.json names it; DIR
defaults to /tmp/src, as bench/fetch-sources and build-programs use).
The plugin does not change code generation, so the build's binary is the
one the report describes.  Prints one Markdown table and exits 1 when a
prediction is off.
"""

import argparse
import json
import os
import struct
import sys

# Strings shorter than this are found by chance in other data (" ",
# "%s": their bytes and a NUL sit between table entries): not searched.
MIN_BYTES = 4

SHT_NOBITS = 8
SHF_ALLOC = 0x2


def sections(path):
    """(name, bytes) of the allocated sections with contents of ELF64 PATH."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SystemExit("%s: not a 64-bit ELF file" % path)
    endian = "<" if data[5] == 1 else ">"
    shoff, = struct.unpack_from(endian + "Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(endian + "HHH", data, 0x3a)
    headers = [struct.unpack_from(endian + "IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    names_at = headers[shstrndx][4]

    def name(off):
        end = data.index(b"\0", names_at + off)
        return data[names_at + off:end].decode("latin-1")

    out = []
    for sh_name, sh_type, sh_flags, _, sh_offset, sh_size, *_ in headers:
        # Data only: not the code's immediates, nor the dynamic symbol
        # names (.dynstr), which hold a string equal to a symbol's name.
        if (sh_type != SHT_NOBITS and sh_flags & SHF_ALLOC and sh_size
                and name(sh_name).startswith((".rodata", ".data"))):
            out.append((name(sh_name), data[sh_offset:sh_offset + sh_size]))
    return out


def count(secs, needle):
    """Standalone occurrences of NEEDLE (bytes + NUL) and whether it is
    also there as the tail of a longer string."""
    standalone, tail = 0, False
    for _, blob in secs:
        at = blob.find(needle)
        while at >= 0:
            if at == 0 or blob[at - 1] == 0:
                standalone += 1
            else:
                tail = True
            at = blob.find(needle, at + 1)
    return standalone, tail


def binary_of(src, program):
    with open(os.path.join(src, ".precision", program + ".json")) as f:
        link = json.load(f)
    argv = link["argv"]
    out = argv[argv.index("-o") + 1]
    return os.path.join(link["cwd"], out)


def check(program, report, binary):
    with open(report) as f:
        dups = json.load(f).get("duplicates", [])
    secs = sections(binary)
    row = {"program": program, "dups": len(dups), "merged_ok": 0, "merged_bad": [],
           "arrays_ok": 0, "arrays_bad": [], "skipped": 0,
           "predicted_waste": 0, "real_waste": 0, "why": {}}
    for d in dups:
        text = d["text"]
        raw = text.encode("utf-8")
        if "\0" in text or len(raw) < MIN_BYTES:
            row["skipped"] += 1     # too short to tell from other data
            continue
        # Wide strings (L"...", fish): the same text in 4- or 2-byte units.
        for unit, codec in ((1, None), (4, "utf-32-le"), (2, "utf-16-le")):
            data = raw if codec is None else text.encode(codec)
            size = len(data) + unit
            found, tail = count(secs, data + b"\0" * unit)
            if found or tail:
                break
        else:
            size = len(raw) + 1
        present = found + (1 if tail and found == 0 else 0)
        if d["mergeable"]:
            predicted = 1
        else:
            predicted = d["copies"]
            row["predicted_waste"] += d["wasted_bytes"]
        row["real_waste"] += max(present - 1, 0) * size
        key = "merged" if d["mergeable"] else "arrays"
        if present == predicted:
            row[key + "_ok"] += 1
        else:
            row[key + "_bad"].append((text, d["copies"], predicted, present))
            why = ("not in the data (folded into code, or removed)" if present == 0
                   else "fewer copies (identical read-only variables folded)"
                   if present < predicted else
                   "more copies (string sections of different alignment, or "
                   "copies the report does not know)")
            row["why"][why] = row["why"].get(why, 0) + 1
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default="/tmp/src")
    ap.add_argument("reports")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    programs = args.programs or sorted(
        f[:-5] for f in os.listdir(args.reports) if f.endswith(".json")
        and os.path.exists(os.path.join(args.src, ".precision", f)))
    rows = []
    for p in programs:
        binary = binary_of(args.src, p)
        if not os.path.exists(binary):
            print("%s: no binary at %s, skipped" % (p, binary), file=sys.stderr)
            continue
        rows.append(check(p, os.path.join(args.reports, p + ".json"), binary))
    print("| program | duplicated strings | mergeable: once in the binary | "
          "not mergeable: every copy there | predicted wasted bytes | "
          "extra copies' bytes in the binary | not searched |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    off = 0
    for r in rows:
        m_total = r["merged_ok"] + len(r["merged_bad"])
        a_total = r["arrays_ok"] + len(r["arrays_bad"])
        print("| %s | %d | %d of %d | %d of %d | %d | %d | %d |" % (
            r["program"], r["dups"], r["merged_ok"], m_total, r["arrays_ok"], a_total,
            r["predicted_waste"], r["real_waste"], r["skipped"]))
        off += len(r["merged_bad"]) + len(r["arrays_bad"])
    print()
    print("| program | why a prediction is off | strings |")
    print("|---|---|---:|")
    for r in rows:
        for why, n in sorted(r["why"].items()):
            print("| %s | %s | %d |" % (r["program"], why, n))
    print()
    for r in rows:
        for what in ("merged_bad", "arrays_bad"):
            for text, copies, predicted, present in r[what][:5]:
                print("%s: %r: %d copies, predicted %d in the binary, found %d"
                      % (r["program"], text[:60], copies, predicted, present))
    print("%d prediction%s off" % (off, "" if off == 1 else "s"))
    return 1 if off else 0


if __name__ == "__main__":
    sys.exit(main())
