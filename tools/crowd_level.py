#!/usr/bin/env python3
"""Writes a level of N rats on an open SIDE x SIDE floor (a wall border), the player in the
top-left corner: the floor of 100,000 monsters issue 17 asks to play, made when a test or a
measurement needs it rather than kept in the repository (about 14 MB).

    tools/crowd_level.py N SIDE OUT.toml [--walled]   e.g. tools/crowd_level.py 100000 400 crowd.toml

The rats stand on evenly spread floor cells, row by row; the same arguments give the same file.
With --walled the player starts in a closed 2x2 room in the corner, out of the crowd's reach: a
floor that plays on for as many ticks as a measurement needs (the rewind window's memory, say).
"""
import sys


def main():
    args = sys.argv[1:]
    walled = "--walled" in args
    args = [a for a in args if a != "--walled"]
    if len(args) != 3:
        sys.exit("usage: crowd_level.py N SIDE OUT.toml [--walled]")
    count, side, out = int(args[0]), int(args[1]), args[2]
    # The player's room: the cells with x and y below 3, closed by walls at x = 3 and y = 3.
    room = (lambda x, y: x <= 3 and y <= 3) if walled else (lambda x, y: (x, y) == (1, 1))
    cells = [(x, y) for y in range(1, side - 1) for x in range(1, side - 1) if not room(x, y)]
    if side < (6 if walled else 3) or not 0 <= count <= len(cells):
        sys.exit("crowd_level.py: %d rats do not fit a %dx%d floor" % (count, side, side))
    wall, floor = "#" * side, "#" + "." * (side - 2) + "#"
    rows = [wall if y in (0, side - 1) else floor for y in range(side)]
    if walled:
        rows = [r[:3] + "#" + r[4:] if y <= 3 else r for y, r in enumerate(rows)]
        rows[3] = "#" * 4 + rows[3][4:]
    lines = ['format = "cairn-level"', "version = 1", 'name = "%d rats"' % count, "", "[map]",
             'legend = { "#" = "wall", "." = "floor" }', "rows = ["]
    lines += ['  "%s",' % r for r in rows]
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
