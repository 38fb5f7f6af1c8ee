#!/usr/bin/env python3
"""GAME.md's tables of monster and item kinds, made from data/monsters.toml and data/items.toml.

docs/GAME.md holds each table between the markers below, so a kind added to the data is in the
docs by itself: tests/tools/docs_test.sh fails when a table differs from what the data makes, and
tools/update-goldens.sh rewrites them.

Usage: tools/kinds_table.py [--write] [DOC]   (DOC defaults to docs/GAME.md)
Without --write: exit 1, naming the stale table, when DOC's tables differ.
"""
import os
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKS = {
    "monsters": ("<!-- kinds: monsters, generated from data/monsters.toml; tools/update-goldens.sh "
                 "rewrites it -->", "<!-- kinds: monsters end -->"),
    "items": ("<!-- kinds: items, generated from data/items.toml; tools/update-goldens.sh "
              "rewrites it -->", "<!-- kinds: items end -->"),
}


def load(name):
    with open(os.path.join(ROOT, "data", name), "rb") as f:
        return tomllib.load(f)


def depth(kind):
    low, high = kind["depth"]
    return f"{low}-{high}"


def monster_special(m, names):
    """What a monster does besides its blows, in the words the look mode uses."""
    out = []
    if "move_speed" in m:
        out.append(f"moves at {m['move_speed']}")
    if m.get("group", 1) > 1:
        out.append(f"groups of up to {m['group']}")
    profile = m["profile"]
    if "ranged" in m:
        every = m.get("cooldown", 0) + 1
        line = "; strikes everyone on the line" if profile == "breather" else ""
        out.append(f"{m['ranged_verb']} {m['ranged']}, range {m['range']}, every "
                   f"{every} turn{'s' if every > 1 else ''}{line}")
    if profile == "summoner":
        count = m["summon_count"]
        called = names[m["summons"]] + ("s" if count > 1 else "")
        out.append(f"calls {count} {called} every {m['cooldown'] + 1} turns (at most 8 of a kind "
                   "to a floor)")
    if profile == "blinker":
        out.append(f"blinks to your side from up to {m['range']} cells, every "
                   f"{m.get('cooldown', 0) + 1} turns")
    if profile == "lurker":
        out.append(f"hidden and deaf until you come within {m['sight']} cells")
    if profile == "erratic":
        out.append("one step in three goes anywhere")
    if m.get("flee_percent", 0) > 0:
        out.append(f"flees below {m['flee_percent']}%")
    if m.get("regeneration", 0) > 0:
        out.append(f"regenerates {m['regeneration']} per 10 turns")
    if m.get("frequency", 10) == 0:
        out.append("only where a level places it")
    return "; ".join(out)


def monsters_table():
    monsters = load("monsters.toml")["monster"]
    names = {m["id"]: m["name"] for m in monsters}
    rows = ["| monster | glyph | hp | acc | def | damage | speed | profile | sight | depth | special |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for m in monsters:
        rows.append(f"| {m['name']} | `{m['glyph']}` | {m['health']} | {m['accuracy']} | "
                    f"{m['defense']} | {m['damage']} | {m['speed']} | {m['profile']} | "
                    f"{m['sight']} | {depth(m)} | {monster_special(m, names)} |")
    return rows


def item_numbers(i):
    out = []
    if "power" in i:
        out.append(f"power {i['power']}")
    if "damage" in i:
        out.append(f"damage {i['damage']}")
    if "accuracy" in i:
        out.append(f"accuracy {i['accuracy']}")
    if "defense" in i:
        out.append(f"defense {i['defense']}")
    if i.get("noise", 0) > 0:
        out.append(f"heard {i['noise']} cells away")
    if i.get("move_speed", 0) > 0:
        out.append(f"a step takes {i['move_speed']} ticks")
    if "nutrition" in i:
        out.append(f"nutrition {i['nutrition']}")
    if "quantity" in i:
        low, high = i["quantity"]
        out.append(f"{low}-{high} in a stack")
    if "charges" in i:
        low, high = i["charges"]
        out.append(f"charges {low}" if low == high else f"charges {low}-{high}")
    if "recharge" in i:
        out.append(f"one back every {i['recharge']} turns")
    return ", ".join(out) or "-"


def items_table():
    rows = ["| item | glyph | category | effect | numbers | depth |",
            "| --- | --- | --- | --- | --- | --- |"]
    for i in load("items.toml")["item"]:
        rows.append(f"| {i['name']} | `{i['glyph']}` | {i['category']} | {i.get('effect', '-')} | "
                    f"{item_numbers(i)} | {depth(i)} |")
    return rows


def main():
    args = sys.argv[1:]
    write = "--write" in args
    args = [a for a in args if a != "--write"]
    path = args[0] if args else os.path.join(ROOT, "docs", "GAME.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    tables = {"monsters": monsters_table(), "items": items_table()}
    stale = []
    for name, (begin, end) in MARKS.items():
        if begin not in text or end not in text:
            print(f"{path}: error: no {name} table markers ({begin})", file=sys.stderr)
            return 1
        head, rest = text.split(begin, 1)
        old, tail = rest.split(end, 1)
        new = "\n" + "\n".join(tables[name]) + "\n"
        if old != new:
            stale.append(name)
            text = head + begin + new + end + tail
    if write:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    for name in stale:
        print(f"{path}: error: the {name} table is not what data/ makes (tools/update-goldens.sh "
              "rewrites it):\n" + "\n".join(tables[name]), file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
