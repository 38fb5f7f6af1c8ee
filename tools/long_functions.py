#!/usr/bin/env python3
"""The longest functions in core/ and term/ (issue 15: functions split into named steps).

A brace-matching scan, no compiler needed: comments, string and character literals (raw strings
too) and preprocessor lines are blanked, then every '{' at namespace or class scope whose head
(the text since the last ';', '{' or '}') ends like a function signature opens a function, which
runs to its matching '}'. A lambda or local class inside a function counts as part of it; a
lambda at namespace scope counts as a function of its own. A function's length is its lines from
the first line of its signature to its closing brace, both included.

Usage: tools/long_functions.py [-n N] [--over LINES [--exempt FILE]] [PATH...]
  PATH    files or folders to scan (default: core and term under the repository)
  -n N    print the longest N (default 10)
  --over  print every function longer than LINES instead, and exit 1 if there is one
  --exempt  a file of exemptions, one a line: `PATH NAME LINES  # why`; such a function may be
          up to LINES long (so it cannot grow), and an exemption no function needs any more
          (shorter now, or gone) is an error too, so the list only shrinks
Prints LINES  PATH:LINE  NAME, longest first.
"""
import argparse
import os
import re
import sys

CONTROL = re.compile(r"^(if|for|while|switch|catch|do|else|try)\b")
SCOPE = re.compile(r"\b(namespace|class|struct|union|enum)\b")
# What may follow a signature's closing parenthesis: qualifiers and a trailing return type.
AFTER_PARAMS = re.compile(
    r"\)\s*(?:(?:const|volatile|noexcept(?:\s*\([^()]*\))?|override|final|mutable|&&?|"
    r"->\s*[\w:<>,\s*&]+)\s*)*$")
# A constructor's member initializer list: `Name(args) : member_(x), other_{y}`.
INIT_LIST = re.compile(r"\)\s*(?:noexcept\s*)?:(?!:)")


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#" or (line_start and c in " \t" and text[i:].lstrip(" \t").startswith("#")):
            # A preprocessor line, with its continuations.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append(" \n")
                    i += 2
                    continue
                out.append(" ")
                i += 1
            continue
        if c == "\n":
            out.append(c)
            i += 1
            line_start = True
            continue
        if c not in " \t":
            line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                out.append(" ")
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
            continue
        m = re.match(r'(?:u8|[uUL])?R"([^(\s]*)\(', text[i:i + 20])
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + m.group(1) + '"', i)
            end = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
            continue
        if c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum() and text[i - 1] not in "uUL8":
                out.append(" ")  # a digit separator (1'000)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (min(j, n - 1) + 1 - i))
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def function_name(head):
    """The (qualified) name before the parameter list's '(' of a function head."""
    depth = 0
    for k, ch in enumerate(head):
        if ch in "<":
            depth += 1
        elif ch == ">" and depth > 0:
            depth -= 1
        elif ch == "(" and depth == 0:
            m = re.search(r"((?:[\w~]+(?:<[^()]*>)?::)*(?:operator\s*\S+|[\w~]+))\s*$", head[:k])
            if m and m.group(1).endswith("operator"):
                continue
            return m.group(1) if m else head[:k].strip().split()[-1:] or "?"
    return "?"


def strip_template(head):
    """The head without a leading `template <...>` (whose `class` names no class)."""
    m = re.match(r"\s*template\s*<", head)
    if not m:
        return head
    depth, k = 1, m.end()
    while k < len(head) and depth:
        depth += {"<": 1, ">": -1}.get(head[k], 0)
        k += 1
    return strip_template(head[k:])


def looks_like_function(head):
    head = strip_template(" ".join(head.split()))
    if not head or CONTROL.match(head) or SCOPE.search(head.split("(")[0]):
        return False
    if "(" not in head:
        return False
    before = re.sub(r"operator\s*[^\s(]*", "operator", head.split("(")[0])
    if "=" in before and "[" not in head:
        return False  # `Type name = Call(...) {`: not a signature
    return bool(AFTER_PARAMS.search(head) or INIT_LIST.search(head))


def scan(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = blank(f.read())
    results = []
    stack = []  # one entry per open brace: "scope", "function", "body" (inside a function) or "init"
    head, head_line = "", None
    line = 1
    function_start = None
    for ch in text:
        if ch == "\n":
            line += 1
            if head.strip():
                head += " "
            continue
        inside_function = any(kind == "function" for kind in stack)
        if ch == "{":
            if inside_function:
                stack.append("body")
            elif looks_like_function(head):
                stack.append("function")
                function_start = (head_line or line, function_name(" ".join(head.split())))
            elif SCOPE.search(head) or head.strip().startswith("extern"):
                stack.append("scope")
            else:
                stack.append("init")  # a brace initializer: part of the head that goes on
                head += "{"
                continue
            head, head_line = "", None
        elif ch == "}":
            kind = stack.pop() if stack else "scope"
            if kind == "function":
                start, name = function_start
                results.append((line - start + 1, path, start, name))
            if kind == "init":
                head += "}"
                continue
            head, head_line = "", None
        elif ch == ";":
            if not inside_function and stack and stack[-1] == "init":
                head += ch
                continue
            head, head_line = "", None
        elif not inside_function:
            if not ch.isspace() and head_line is None:
                head_line = line
            head += ch
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("-n", type=int, default=10)
    parser.add_argument("--over", type=int)
    parser.add_argument("--exempt")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = args.paths or [os.path.join(root, "core"), os.path.join(root, "term")]
    files = []
    for p in paths:
        if os.path.isdir(p):
            for base, _, names in os.walk(p):
                files += [os.path.join(base, n) for n in sorted(names) if n.endswith((".cpp", ".h"))]
        else:
            files.append(p)
    found = []
    for path in sorted(files):
        found += scan(path)
    found.sort(key=lambda r: (-r[0], r[1], r[2]))
    shown = [r for r in found if r[0] > args.over] if args.over is not None else found[: args.n]
    rel = lambda path: os.path.relpath(path, root) if path.startswith(root) else path
    problems = 0
    if args.over is not None and args.exempt:
        exempt = {}
        with open(args.exempt, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                text = line.split("#", 1)[0].strip()
                if not text:
                    continue
                parts = text.split()
                if len(parts) != 3 or not parts[2].isdigit() or "#" not in line:
                    print(f"{args.exempt}:{number}: error: an exemption is `PATH NAME LINES  # why`")
                    problems += 1
                    continue
                exempt[(parts[0], parts[1])] = (int(parts[2]), number)
        kept = []
        for r in shown:
            allowed = exempt.pop((rel(r[1]), r[3]), None)
            if allowed is None:
                kept.append(r)
            elif r[0] > allowed[0]:
                print(f"{args.exempt}:{allowed[1]}: error: {r[3]} grew to {r[0]} lines, past its "
                      f"exemption of {allowed[0]}: split it")
                problems += 1
        for (path, name), (lines, number) in sorted(exempt.items(), key=lambda e: e[1][1]):
            print(f"{args.exempt}:{number}: error: {name} in {path} is no longer over {args.over} "
                  f"lines (or is gone): remove its exemption")
            problems += 1
        shown = kept
    for length, path, start, name in shown:
        print(f"{length:5}  {rel(path)}:{start}  {name}")
    return 1 if args.over is not None and (shown or problems) else 0


if __name__ == "__main__":
    sys.exit(main())
