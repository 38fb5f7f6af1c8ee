#!/usr/bin/env python3
"""Runs the examples in the docs and compares what they print (issue 15: docs that are checked).

An example is a fenced block (```) whose first line starts with "$ ". Each "$ " line is a shell
command, run with bash from the repository's root; the lines after it, up to the next "$ " line
or the end of the block, are what it must print (standard output and standard error together,
as a terminal shows them). In the expected text, a line "..." stands for any number of lines, and
"…" inside a line for any text on that line (a UUID, a time). "build/cairn" in a command is the
program under test. Each command runs with HOME and the current folder's temporary files in a
fresh folder, so examples cannot touch the user's files; the commands of one block share it.

Usage: tools/check_docs.py CAIRN FILE.md...   Prints one line per difference, exits 1 if any.
"""
import os
import re
import subprocess
import sys
import tempfile


def examples(path):
    """(line number, [(command, [expected lines])]) for every example block in `path`."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            start = i
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            if body and body[0].startswith("$ "):
                steps = []
                for line in body:
                    if line.startswith("$ "):
                        steps.append((line[2:], []))
                    else:
                        steps[-1][1].append(line)
                yield start + 2, steps
        i += 1


def matches(expected, actual):
    """Whether `actual` lines fit `expected` lines, with "..." lines and "…" wildcards."""
    if not expected:
        return not actual
    head = expected[0]
    if head == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    pattern = "^" + ".*".join(re.escape(part) for part in head.split("…")) + "$"
    return re.match(pattern, actual[0]) is not None and matches(expected[1:], actual[1:])


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    cairn = os.path.abspath(sys.argv[1])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    failures = 0
    count = 0
    for doc in sys.argv[2:]:
        for line, steps in examples(doc):
            with tempfile.TemporaryDirectory() as home:
                env = {"HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": home}
                for command, expected in steps:
                    count += 1
                    run = command.replace("build/cairn", cairn)
                    done = subprocess.run(["bash", "-c", run], cwd=root, env=env, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, timeout=120)
                    actual = done.stdout.decode("utf-8", "replace").split("\n")
                    if actual and actual[-1] == "":
                        actual.pop()
                    if not matches(expected, actual):
                        failures += 1
                        print(f"{doc}:{line}: error: `{command}` printed:")
                        print("\n".join("    " + a for a in actual))
                        print("  where the doc shows:")
                        print("\n".join("    " + e for e in expected))
    if failures:
        print(f"{failures} of {count} documented examples differ", file=sys.stderr)
        return 1
    print(f"every documented example ({count}) prints what its doc shows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
