#!/usr/bin/env python3
"""Runs the examples in the docs and compares what they print (issue 15: docs that are checked).

An example is a fenced block (```) whose first line starts with "$ ". Each "$ " line is a shell
command, run with bash from the repository's root; the lines after it, up to the next "$ " line
or the end of the block, are what it must print (standard output and standard error together,
as a terminal shows them). In the expected text, a line "..." stands for any number of lines, and
"…" inside a line for any text on that line (a UUID, a time). "build/cairn" in a command is the
program under test. Each command runs with HOME and the current folder's temporary files in a
fresh folder, so examples cannot touch the user's files; the commands of one block share it.

Usage: tools/check_docs.py [--write] CAIRN [FILE.md...]   Prints one line per difference, exits 1
if any. With no FILE, the docs whose examples make check runs (CHECKED_DOCS). With --write, an example that differs is rewritten with what it prints now, where that can be
done without guessing: its expected lines are replaced whole when they hold no wildcard, or line
by line (a line that still fits is kept, wildcards and all) when no "..." line stands in them and
the count of lines is the same. Any other difference is printed and left for a person.
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


# The docs whose examples `make check` runs (tests/tools/docs_test.sh), from the repository's root.
CHECKED_DOCS = ["README.md", "docs/CLI.md", "docs/CONSOLE.md", "docs/LESSON.md", "docs/ENGINE.md"]


HASH = re.compile(r"\b[0-9a-f]{16}\b")


def rewritten_line(expected, actual):
    """`expected` kept if it fits `actual`; else `actual` where `expected` has no wildcard; else
    `expected` with its 16-digit hashes taken from `actual` in order, if that fits; else None."""
    if matches([expected], [actual]):
        return expected
    if "…" not in expected:
        return actual
    hashes = iter(HASH.findall(actual))
    try:
        candidate = HASH.sub(lambda _: next(hashes), expected)
    except StopIteration:
        return None
    return candidate if matches([candidate], [actual]) else None


def rewritten(expected, actual):
    """What `expected` becomes to fit `actual`, or None when that would be a guess."""
    if not any("..." == e or "…" in e for e in expected):
        return actual
    if "..." in expected or len(expected) != len(actual):
        return None
    lines = [rewritten_line(e, a) for e, a in zip(expected, actual)]
    return None if None in lines else lines


def write_back(doc, fixes):
    """Replaces, in `doc`, each (first line of an expected text, old lines, new lines)."""
    with open(doc, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for start, old, new in sorted(fixes, reverse=True):
        assert lines[start:start + len(old)] == old, (doc, start)
        lines[start:start + len(old)] = new
    with open(doc, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    args = sys.argv[1:]
    write = bool(args) and args[0] == "--write"
    if write:
        args = args[1:]
    if not args:
        print(__doc__)
        return 2
    cairn = os.path.abspath(args[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(args) == 1:
        args += [os.path.join(root, doc) for doc in CHECKED_DOCS]
    failures = 0
    count = 0
    for doc in args[1:]:
        fixes = []
        for line, steps in examples(doc):
            at = line - 1  # the index of the block's first "$ " line
            with tempfile.TemporaryDirectory() as home:
                env = {"HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": home}
                for command, expected in steps:
                    count += 1
                    # build/cairn is the program given; build/X another program of its build.
                    run = command.replace("build/cairn", cairn).replace(
                        "build/examples/", os.path.join(os.path.dirname(cairn), "examples") + "/")
                    done = subprocess.run(["bash", "-c", run], cwd=root, env=env, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, timeout=120)
                    actual = done.stdout.decode("utf-8", "replace").split("\n")
                    if actual and actual[-1] == "":
                        actual.pop()
                    start = at + 1  # the index of its expected text
                    at = start + len(expected)
                    if not matches(expected, actual):
                        fix = rewritten(expected, actual) if write else None
                        if fix is not None:
                            fixes.append((start, expected, fix))
                            print(f"{doc}:{line}: rewrote what `{command}` prints")
                            continue
                        failures += 1
                        print(f"{doc}:{line}: error: `{command}` printed:")
                        print("\n".join("    " + a for a in actual))
                        print("  where the doc shows:")
                        print("\n".join("    " + e for e in expected))
        if fixes:
            write_back(doc, fixes)
    if failures:
        print(f"{failures} of {count} documented examples differ", file=sys.stderr)
        return 1
    print(f"every documented example ({count}) prints what its doc shows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
