#!/usr/bin/env bash
# Adds a component to cairn: the three edits of docs/ARCHITECTURE.md, "Adding a component".
#   1. its struct, with its Fields(), at the end of core/game/components.h;
#   2. its line at the end of the list in core/game/component_list.h (arrived in the current save
#      version, read from core/save/save_codec.h);
#   3. its fields and row in core/schema/component_types.cpp's type registry.
# Then it is saved, hashed (by name: no state hash moves while no entity has it), inspected,
# settable in the console (SET H NAME { ... }) and readable from a level. Give it meaning where
# the game uses it (a recipe, a rule), and run tools/update-goldens.sh: only the golden frames that
# list every pool should move.
#
# Usage: tools/new-component.sh [--category WORD] [--root DIR] NAME FIELD:TYPE...
#   NAME   the canonical name, lower case with underscores (glow, web_strand): files and the
#          console use it; the struct is its CamelCase (Glow, WebStrand)
#   TYPE   int8 int16 int32 uint8 uint16 uint32 (the full range of the type), bool (0 or 1), or
#          entity (a reference to another entity, kept whole by saves, duplication and rewind)
# Exit status 0 when the three files were edited, 2 for wrong usage (nothing is written).
set -euo pipefail

category=other
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
  sed -n '12,16s/^# \{0,1\}//p' "$0" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --category) [ $# -ge 2 ] || usage; category=$2; shift 2 ;;
    --root) [ $# -ge 2 ] || usage; root=$2; shift 2 ;;
    -h|--help) usage ;;
    --*) echo "new-component: unknown option '$1'" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || { echo "new-component: give a NAME and at least one FIELD:TYPE" >&2; usage; }

exec python3 - "$root" "$category" "$@" <<'PY'
import os
import re
import subprocess
import sys

root, category, name, *fields = sys.argv[1:]


def fail(message):
    print(f"new-component: {message}", file=sys.stderr)
    sys.exit(2)


if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", name):
    fail(f"'{name}' is not a component name: lower case letters and digits, words joined by _")
if not re.fullmatch(r"[a-z][a-z0-9]*", category):
    fail(f"'{category}' is not a category: one lower-case word")
TYPES = {
    "int8": ("std::int8_t", -128, 127),
    "int16": ("std::int16_t", -32768, 32767),
    "int32": ("std::int32_t", "std::numeric_limits<std::int32_t>::min()",
              "std::numeric_limits<std::int32_t>::max()"),
    "uint8": ("std::uint8_t", 0, 255),
    "uint16": ("std::uint16_t", 0, 65535),
    "uint32": ("std::uint32_t", 0, 4294967295),
    "bool": ("std::uint8_t", 0, 1),
    "entity": ("EntityId", None, None),
}
parsed = []
for spec in fields:
    field, _, kind = spec.partition(":")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", field):
        fail(f"'{field}' in '{spec}' is not a field name: lower case letters, digits and _")
    if kind not in TYPES:
        fail(f"'{spec}': TYPE is one of {', '.join(TYPES)}")
    if field in [f for f, _ in parsed]:
        fail(f"field '{field}' is given twice")
    parsed.append((field, kind))

type_name = "".join(word.capitalize() for word in name.split("_"))
paths = {
    "components": os.path.join(root, "core/game/components.h"),
    "list": os.path.join(root, "core/game/component_list.h"),
    "schema": os.path.join(root, "core/schema/component_types.cpp"),
    "save": os.path.join(root, "core/save/save_codec.h"),
    "world": os.path.join(root, "core/game/game_world.h"),
}
text = {key: open(path, encoding="utf-8").read() for key, path in paths.items()}

if re.search(rf'X\(\w+, \w+, \w+, "{name}", \d+\)', text["list"]):
    fail(f"there is a component named '{name}' already")
if re.search(rf"\bstruct {type_name}\b", text["components"]):
    fail(f"core/game/components.h has a struct {type_name} already")
save_version = re.search(r"kSaveVersion = (\d+);", text["save"])
if not save_version:
    fail("cannot read kSaveVersion from core/save/save_codec.h")

# GameWorld's accessor: the plural, unless GameWorld has that name already (then NamePool).
if type_name.endswith(("s", "x", "sh", "ch")):
    accessor = type_name + "es"
elif re.search(r"[^aeiou]y$", type_name):
    accessor = type_name[:-1] + "ies"
else:
    accessor = type_name + "s"
if re.search(rf"\b{accessor}\b", text["world"]) or re.search(rf"\b{accessor}\b", text["list"]):
    accessor = type_name + "Pool"
member = name

# 1. The struct.
lines = [f"// {type_name}: made by tools/new-component.sh. Say here what it means and who reads it.",
         f"struct {type_name} {{"]
for field, kind in parsed:
    cxx = TYPES[kind][0]
    lines.append(f"  {cxx} {field}{'{}' if kind == 'entity' else ' = 0'};")
lines += ["",
          "  // Every field, in order, with its cap where its C++ type holds more (field_caps.h).",
          "  template <class Self, class Visit>",
          "  static void Fields(Self& self, Visit&& visit) {"]
for field, kind in parsed:
    cap = f', FieldCap{{"{field}", 0, 1}}' if kind == "bool" else ""
    lines.append(f"    visit(self.{field}{cap});")
lines += ["  }", "};", ""]
end = text["components"].rstrip().rfind("}  // namespace cairn")
if end < 0:
    fail("cannot find the end of namespace cairn in core/game/components.h")
text["components"] = text["components"][:end] + "\n".join(lines) + "\n" + text["components"][end:]

# 2. The list's line, at the end.
last = list(re.finditer(r'  X\(\w+, \w+, \w+, "\w+", \d+\)', text["list"]))
if not last:
    fail("cannot find the list in core/game/component_list.h")
at = last[-1].end()
line = f'  X({type_name}, {member}, {accessor}, "{name}", {save_version.group(1)})'
text["list"] = text["list"][:at] + " \\\n" + line + text["list"][at:]

# 3. The schema's fields and row.
schema_fields = []
for field, kind in parsed:
    if kind == "entity":
        schema_fields.append(f'    EntityField<{type_name}, &{type_name}::{field}>("{field}", "{field}"),')
    else:
        _, low, high = TYPES[kind]
        schema_fields.append(f'    IntegerField<{type_name}, &{type_name}::{field}>("{field}", {low}, {high}, 0, "{field}"),')
array = f"k{type_name}Fields"
block = f"constexpr FieldInfo {array}[] = {{\n" + "\n".join(schema_fields) + "\n};\n\n"
anchor = text["schema"].find("constexpr ComponentTypeId ")
if anchor < 0:
    fail("cannot find the type registry in core/schema/component_types.cpp")
text["schema"] = text["schema"][:anchor] + block + text["schema"][anchor:]
row = (f'    {{K::{type_name}, "{name}", "{type_name}", "{category}", 1, Multiplicity::One, 1, {{}}, {{}},\n'
       f"     {array}}},\n")
close = text["schema"].find("};\nstatic_assert(std::size(kTypes) == kComponentKindCount);")
if close < 0:
    fail("cannot find the end of kTypes in core/schema/component_types.cpp")
text["schema"] = text["schema"][:close] + row + text["schema"][close:]
if "numeric_limits" in "".join(schema_fields) and "#include <limits>" not in text["schema"]:
    fail("core/schema/component_types.cpp does not include <limits>")

for key in ("components", "list", "schema"):
    with open(paths[key], "w", encoding="utf-8") as out:
        out.write(text[key])
formatted = [paths[k] for k in ("components", "list", "schema")]
try:
    subprocess.run(["clang-format", "-i", *formatted], check=True)
except (OSError, subprocess.CalledProcessError):
    print("new-component: clang-format did not run; format the three files before committing",
          file=sys.stderr)
print(f"added {name} ({type_name}, world.{accessor}()) with "
      + ", ".join(f"{f}:{k}" for f, k in parsed)
      + " in core/game/components.h, core/game/component_list.h and "
        "core/schema/component_types.cpp")
PY
