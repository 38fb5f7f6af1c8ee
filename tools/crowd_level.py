#!/usr/bin/env python3
"""Writes a level of N rats on an open SIDE x SIDE floor (a wall border), the player in the
top-left corner: the floor of 100,000 monsters issue 17 asks to play, made when a test or a
measurement needs it rather than kept in the repository (about 14 MB).

    tools/crowd_level.py N SIDE OUT.toml      e.g. tools/crowd_level.py 100000 400 crowd.toml

The rats stand on evenly spread floor cells, row by row; the same arguments give the same file.
"""
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: crowd_level.py N SIDE OUT.toml")
    count, side, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    cells = [(x, y) for y in range(1, side - 1) for x in range(1, side - 1) if (x, y) != (1, 1)]
    if side < 3 or not 0 <= count <= len(cells):
        sys.exit("crowd_level.py: %d rats do not fit a %dx%d floor" % (count, side, side))
    wall, floor = "#" * side, "#" + "." * (side - 2) + "#"
    lines = ['format = "cairn-level"', "version = 1", 'name = "%d rats"' % count, "", "[map]",
             'legend = { "#" = "wall", "." = "floor" }', "rows = ["]
    lines += ['  "%s",' % (wall if y in (0, side - 1) else floor) for y in range(side)]
    lines += ["]", ""]
    entity = ('[[entity]]\nid = "%s"\nkind = "%s"\ncomponents = [\n'
              '  { type = "position", version = 1, slot = 0, body = { x = %d, y = %d } },\n]\n')
    lines.append(entity % ("player", "player", 1, 1))
    for i in range(count):
        x, y = cells[i * len(cells) // count]
        lines.append(entity % ("rat-%d" % i, "monster:rat", x, y))
    with open(out, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
