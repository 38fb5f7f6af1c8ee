#!/usr/bin/env python3
"""The include boundaries the module READMEs promise, checked (issue 15: rules that run).

Every #include in core/ and term/ is checked against the table below: which cairn modules a
module may include, and which outside libraries it may touch. The simulation (base, identity,
world, game, dungeon, sim) includes no content codec, TOML, terminal or logging code; toml++
lives in one file, curses in term/terminal, spdlog in term/logging; and the presenter
(term/presenter, which draws frames) never reaches the session or the world, even through
another header. Each core module's README says what it may include in a "May include:"
sentence, and the modules it names must be exactly the table's. Prints one line per broken rule, PATH:LINE: error: WHY, and exits 1 if any.

Usage: tools/check_boundaries.py [ROOT]   (ROOT defaults to the repository holding this file)
"""
import os
import re
import sys

# Module -> the cairn modules it may include directly (besides itself). Dependencies point one
# way; docs/ARCHITECTURE.md draws the same graph.
SIMULATION = {"base", "identity", "world", "engine", "game", "dungeon", "sim"}
# The engine: what any game on the core needs (identity, registry, pools, the command buffer,
# tick phases, trace, hashing). It includes nothing of a game's rules, and a second game
# (examples/) is built on it alone (docs/ENGINE.md).
ENGINE = {"base", "identity", "world", "engine"}
ALLOWED = {
    "base": set(),
    "identity": {"base"},
    "world": {"base", "identity"},
    "engine": {"base", "identity", "world"},
    "game": {"base", "identity", "world", "engine"},
    "dungeon": {"base", "identity", "world", "engine", "game"},
    "sim": {"base", "identity", "world", "engine", "game", "dungeon"},
    "data": set(),
    "storage": set(),
    "toml": {"base"},
    "schema": {"base", "identity", "world", "engine", "game", "toml"},
    "keymap": {"base", "toml"},
    "content": {"base", "identity", "world", "engine", "game", "dungeon", "toml", "schema", "data"},
    "console": {"base", "identity", "world", "engine", "game", "dungeon", "sim", "toml", "schema", "content"},
    "replay": {"base", "identity", "world", "engine", "game", "dungeon", "sim", "toml"},
    "save": {"base", "identity", "world", "engine", "game", "dungeon", "sim", "toml", "schema"},
    "view": {"base", "identity", "world", "engine", "game", "dungeon", "sim", "schema"},
}
CORE_MODULES = set(ALLOWED)

# Outside libraries, by the include that names them, and who may use each.
OUTSIDE = [
    (re.compile(r"^toml\+\+/"), "toml++", lambda path: path == "core/toml/toml_reader.cpp"),
    (re.compile(r"^n?curses|^term\.h$|^panel\.h$"), "curses", lambda path: path.startswith("term/terminal/")),
    (re.compile(r"^spdlog/"), "spdlog", lambda path: path in ("term/logging.cpp", "term/logging.h")),
    (re.compile(r"^fmt/"), "fmt", lambda path: False),
]

# The presenter draws RenderFrame values only: these headers must not be reachable from it.
PRESENTER_FORBIDDEN = {"sim/session.h", "game/game_world.h"}

# term/'s parts, as core's modules: what each may include of core/ and of term/. The program
# (term/'s own folder: main, the commands, the controller, files on disk) may include all of
# core/ and every part; the presenter draws frames and holds no terminal; the terminal holds
# curses and no game (term/README.md).
TERM_CORE = {
    "presenter": {"base", "identity", "game", "view"},
    "terminal": {"base"},
}
TERM_PARTS = {
    "presenter": {"presenter"},
    "terminal": {"terminal", "presenter", "program:mouse.h"},
}


def term_part(path):
    """term/presenter/x.h -> presenter; term/x.cpp -> program."""
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else "program"


# Headers private to one module: the narrow way into a class that only the module's own units may
# take (sim/session_access.h opens GameSession's floors to saving, restoring and duplicating).
MODULE_PRIVATE = {"sim/session_access.h": "sim"}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def sources(root, folder):
    for base, _, files in os.walk(os.path.join(root, folder)):
        for name in sorted(files):
            if name.endswith((".h", ".cpp")):
                yield os.path.relpath(os.path.join(base, name), root)


def includes(root, path):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                yield number, m.group(1), m.group(2)


def resolve(root, path, quoted):
    """The repository path a quoted include names: beside the file, in core/ or in term/."""
    for folder in (os.path.dirname(path), "core", "term"):
        candidate = os.path.normpath(os.path.join(folder, quoted))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def readme_problems(root):
    """Each core module's README says what it may include, in a sentence starting "May include:";
    the cairn modules it names (`core/x`) must be exactly ALLOWED's, so the README cannot drift."""
    problems = []
    for module in sorted(ALLOWED):
        path = os.path.join("core", module, "README.md")
        try:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                text = f.read()
        except OSError:
            problems.append(f"{path}:1: error: core/{module} has no README saying what it owns")
            continue
        start = text.find("May include:")
        if start < 0:
            problems.append(f"{path}:1: error: no \"May include:\" sentence naming the modules it may include")
            continue
        line = text.count("\n", 0, start) + 1
        end = re.search(r"\.(\s|$)", text[start:])
        sentence = text[start:start + end.start()] if end else text[start:]
        named = set(re.findall(r"`core/(\w+)`", sentence)) - {module}
        for missing in sorted(ALLOWED[module] - named):
            problems.append(f"{path}:{line}: error: \"May include:\" leaves out core/{missing}, which the module may include")
        for extra in sorted(named - ALLOWED[module]):
            problems.append(f"{path}:{line}: error: \"May include:\" names core/{extra}, which the boundary check forbids")
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = readme_problems(root)
    for path in list(sources(root, "core")) + list(sources(root, "term")) + list(sources(root, "examples")):
        module = path.split("/")[1] if path.startswith("core/") else None
        for number, kind, name in includes(root, path):
            where = f"{path}:{number}: error: "
            # A game on the engine alone (examples/) reads none of the roguelike's rules.
            if path.startswith("examples/") and kind == '"':
                target = name.split("/")[0]
                if target in CORE_MODULES and target not in ENGINE:
                    problems.append(where + f"a game on the engine must not include core/{target} "
                                    f"(\"{name}\"): the engine is core/{', core/'.join(sorted(ENGINE))}")
            for pattern, library, allowed in OUTSIDE:
                if pattern.search(name) and not allowed(path):
                    problems.append(where + f"includes {library} (<{name}>), which only its own file may use")
            # A module's private header, from anywhere else: another module, or term/.
            if kind == '"' and name in MODULE_PRIVATE and module != MODULE_PRIVATE[name]:
                problems.append(where + f"\"{name}\" is private to core/{MODULE_PRIVATE[name]}; "
                                "use the module's public headers")
            if kind == '"' and path.startswith("term/") and term_part(path) in TERM_CORE:
                part = term_part(path)
                target = resolve(root, path, name)
                if target is not None and target.startswith("core/"):
                    core_module = target.split("/")[1]
                    if core_module not in TERM_CORE[part]:
                        problems.append(where + f"term/{part} must not include core/{core_module} "
                                        f"(\"{name}\"); see term/README.md")
                elif target is not None and target.startswith("term/"):
                    other = term_part(target)
                    allowed = TERM_PARTS[part]
                    if other not in allowed and f"{other}:{os.path.basename(target)}" not in allowed:
                        problems.append(where + f"term/{part} must not include the {other}'s "
                                        f"\"{name}\"; see term/README.md")
            if kind != '"' or module is None:
                continue
            target = name.split("/")[0]
            if target in CORE_MODULES and target != module and target not in ALLOWED[module]:
                rule = ("the engine must not include " if module in ENGINE and target not in ENGINE
                        else "the simulation must not include " if module in SIMULATION
                        else f"core/{module} must not include ")
                problems.append(where + rule + f"core/{target} (\"{name}\"); see core/{module}/README.md")
            if "/" not in name and resolve(root, path, name) is None:
                continue
    # The presenter, through every header it reaches.
    for path in sources(root, "term/presenter"):
        seen, chain = set(), {path: [path]}
        todo = [path]
        while todo:
            current = todo.pop()
            for number, kind, name in includes(root, current):
                if kind != '"':
                    continue
                target = resolve(root, current, name)
                if target is None or target in seen:
                    continue
                seen.add(target)
                chain[target] = chain[current] + [target]
                if os.path.relpath(target, "core") in PRESENTER_FORBIDDEN:
                    problems.append(f"{path}:1: error: the presenter reaches {os.path.relpath(target, 'core')} "
                                    f"(through {' -> '.join(chain[target][1:])}); it must draw RenderFrame values only")
                todo.append(target)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} include boundary problem(s)", file=sys.stderr)
        return 1
    print("include boundaries: every include keeps to its module's rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
