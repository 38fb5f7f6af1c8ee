#!/usr/bin/env python3
"""Writes cairn(6), the manual page, from what the program itself says: the usage of `cairn
--help` and the keys table of `cairn keys` (README's), so the page never drifts from them.

Usage: tools/make-manpage.py CAIRN OUTPUT
"""
import re
import subprocess
import sys


def roff(text):
    """Text escaped for roff: backslashes, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make-manpage.py CAIRN OUTPUT")
    cairn, output = sys.argv[1], sys.argv[2]
    help_text = subprocess.run([cairn, "--help"], check=True, capture_output=True,
                               text=True).stdout
    keys = subprocess.run([cairn, "keys"], check=True, capture_output=True, text=True).stdout
    version_line = help_text.splitlines()[0]  # "cairn 0.1.0: a roguelike ..."
    version = re.match(r"cairn (\S+):", version_line).group(1)

    usage, status = [], []
    section = None
    for line in help_text.splitlines()[1:]:
        if line.startswith("usage:"):
            section = usage
            continue
        if line.startswith("Exit status"):
            section = status
        if section is not None and line.strip():
            section.append(line)

    out = []
    out.append('.TH CAIRN 6 "" "cairn %s" "Games"' % version)
    out.append(".SH NAME")
    out.append("cairn \\- a roguelike on an inspectable entity core")
    out.append(".SH SYNOPSIS")
    out.append(".nf")
    out.extend(roff(line) for line in usage)
    out.append(".fi")
    out.append(".SH DESCRIPTION")
    out.append("Descend ten floors, take the Cairnstone from the deepest and bring it back up. "
               "With no argument, \\fBcairn\\fR resumes the waiting save, or starts a new run "
               "of the built\\-in dungeon. Press \\fB?\\fR in the game for every key, what "
               "each sign on the map means and the status line.")
    out.append(".PP")
    out.append("The debug pane (\\fB`\\fR) shows the machine at work: entity handles, pools, the "
               "trace of each tick phase, and steps one tick or one phase at a time; "
               "\\fBcairn lesson\\fR walks a newcomer through the entity\\-component core.")
    out.append(".SH KEYS")
    out.append("Every key can be changed in\n.IR ~/.config/cairn/keys.toml .")
    rows = [line for line in keys.splitlines() if line.startswith("|")][2:]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        if len(cells) != 2:
            continue
        out.append(".TP")
        out.append(".B " + roff(cells[0].replace("`", "").replace("\\|", "|")))
        out.append(roff(cells[1]))
    out.append(".SH EXIT STATUS")
    out.append(roff(" ".join(line.strip() for line in status)))
    out.append(".SH FILES")
    for path, what in [
            ("~/.local/state/cairn/save.toml", "the waiting save (XDG_STATE_HOME)"),
            ("~/.local/state/cairn/morgue/", "a summary of each finished run"),
            ("~/.local/state/cairn/cairn.log", "the log"),
            ("~/.config/cairn/keys.toml", "your key map (XDG_CONFIG_HOME)"),
            ("PREFIX/share/cairn/", "the shipped levels and data, to read or to play with "
                                    "\\fB\\-\\-level\\fR")]:
        out.append(".TP")
        out.append(".I " + roff(path))
        out.append(what)
    out.append(".SH SEE ALSO")
    out.append("The README and docs/ of the source: GAME.md, DEBUGGING.md, CLI.md, LESSON.md.")
    with open(output, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
