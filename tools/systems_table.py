#!/usr/bin/env python3
"""The table of what each tick phase declares it reads and writes, from the console's SYSTEMS.

docs/SIMULATION.md holds it between the markers below, so the table cannot drift from the
declarations in core/game/systems.h (kPhaseAccess): tests/tools/docs_test.sh fails when the doc
differs from what the program answers, and tools/update-goldens.sh rewrites it.

Usage: tools/systems_table.py CAIRN [--write] [DOC]   (DOC defaults to docs/SIMULATION.md)
Without --write: exit 1, with the table it should hold, when DOC's table differs.
"""
import os
import subprocess
import sys

BEGIN = "<!-- systems: generated from the console's SYSTEMS; tools/update-goldens.sh rewrites it -->"
END = "<!-- systems: end -->"


def table(cairn):
    replies = subprocess.run([cairn, "console"], input="SYSTEMS\nTYPES\n", capture_output=True,
                             text=True, check=True).stdout.strip().split("\n")
    systems, types = replies[0], replies[1]
    # A phase that reads and writes every component (the commit) says so, so a new component moves
    # no row; a phase that happens to read them all lists them (it declared each).
    every = ",".join(entry.split(" ", 1)[0] for entry in types.split(" | "))
    rows = ["| phase | reads | writes |", "| --- | --- | --- |"]
    for entry in systems.split(" | "):
        phase, rest = entry.split(" reads=", 1)
        reads, writes = rest.split(" writes=", 1)
        whole = reads == every and writes == every
        cell = lambda kinds: ("every component" if whole else
                              ", ".join(f"`{k}`" for k in kinds.split(",") if k) or "nothing")
        rows.append(f"| {phase} | {cell(reads)} | {cell(writes)} |")
    return rows


def main():
    args = sys.argv[1:]
    write = "--write" in args
    args = [a for a in args if a != "--write"]
    if not args:
        print(__doc__)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    doc = args[1] if len(args) > 1 else os.path.join(root, "docs/SIMULATION.md")
    with open(doc, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if BEGIN not in lines or END not in lines:
        print(f"{doc}: error: no generated systems table (its markers are missing)")
        return 1
    begin, end = lines.index(BEGIN), lines.index(END)
    wanted = table(os.path.abspath(args[0]))
    if lines[begin + 1:end] == wanted:
        return 0
    if write:
        lines[begin + 1:end] = wanted
        with open(doc, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print(f"{doc}: rewrote the systems table")
        return 0
    print(f"{doc}:{begin + 2}: error: the systems table is not what SYSTEMS answers; it should be:")
    print("\n".join(wanted))
    return 1


if __name__ == "__main__":
    sys.exit(main())
