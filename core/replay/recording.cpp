#include "replay/recording.h"

#include <cstdio>

#include "game/definitions.h"
#include "game/items.h"
#include "game/state_hash.h"
#include "sim/keys.h"
#include "toml/table_reader.h"

namespace cairn {

namespace {

std::string Hex(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return std::string("\"") + text + "\"";
}

// Command texts are printable ASCII; quotes and backslashes are escaped for TOML.
std::string InputText(const std::string& input) {
  std::string out = "\"";
  for (char c : input) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// How an entity line names its entity: its place, or (version 3) SLOT:GENERATION.
std::string EntityName(const EntityDigest& e, std::int64_t version) {
  std::string name = std::to_string(e.place);
  if (version == kReplayHandleVersion) name += ":" + std::to_string(e.generation);
  return name;
}

void WriteParts(std::string& out, const std::vector<PartHash>& parts) {
  out += "{";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    out += i == 0 ? " " : ", ";
    out += StatePartName(parts[i].part);
    out += " = ";
    out += Hex(parts[i].hash);
  }
  out += parts.empty() ? "}" : " }";
}

}  // namespace

std::string WriteRecording(const Recording& r) {
  std::string out;
  out += "# A cairn recording: replay it with `cairn replay FILE --verify`.\n";
  out += "format = \"" + std::string(kReplayFormat) + "\"\n";
  out += "version = " + std::to_string(r.version) + "\n";
  out += "build = \"" + r.build + "\"\n";
  out += "level = \"" + r.level + "\"\n";
  out += "content = " + Hex(r.content) + "\n";
  out += "seed = " + std::to_string(r.seed) + "\n";
  if (r.version >= kFirstReplayWithRules)
    out += "dungeon_rules = " + std::to_string(r.dungeon_rules) + "\n";
  // The run's starting autopickup rule, written whole: a replay needs no file of the player's.
  out += "autopickup = { enabled = ";
  out += r.autopickup.enabled != 0 ? "true" : "false";
  for (int c = 0; c < kItemCategoryCount; ++c) {
    const auto category = static_cast<ItemCategory>(c);
    // Staffs came last: a rule that never takes them leaves them out, as every recording made
    // before them did (an unnamed class is read as never), so those are written byte for byte.
    if (category == ItemCategory::Staff && RuleOf(r.autopickup, category) == PickupRule::Never)
      continue;
    out += ", " + std::string(ItemCategoryName(category)) + " = \"" +
           std::string(kPickupRuleNames[static_cast<std::size_t>(RuleOf(r.autopickup, category))]) +
           "\"";
  }
  out += " }\n";
  out += "initial_state = " + Hex(r.initial_state) + "\n";
  out += "initial = ";
  WriteParts(out, r.initial);
  out += "\n";
  for (const TickRecord& t : r.ticks) {
    out += "\n[[tick]]\nn = " + std::to_string(t.tick) + "\n";
    if (!t.input.empty()) out += "input = " + InputText(t.input) + "\n";
    out += "state = " + Hex(t.state) + "\n";
    if (!t.parts.empty()) {
      out += "parts = ";
      WriteParts(out, t.parts);
      out += "\n";
    }
    if (!t.entities.empty()) {
      out += "entities = [";
      for (std::size_t i = 0; i < t.entities.size(); ++i) {
        const EntityDigest& e = t.entities[i];
        char digest[17];
        FormatHash(e.digest, digest);
        out += i == 0 ? "\"" : ", \"";
        out += std::string(ComponentKindName(e.kind)) + " " + EntityName(e, r.version) + " " +
               digest + "\"";
      }
      out += "]\n";
    }
  }
  // The closing line: what a recording cut at a tick boundary lacks.
  out += "\n[end]\nticks = " + std::to_string(r.ticks.size()) +
         "\nstate = " + Hex(r.ticks.empty() ? r.initial_state : r.ticks.back().state) + "\n";
  return out;
}

namespace {

class Reader {
 public:
  explicit Reader(std::vector<TextProblem>& problems) : problems_(problems) {}

  void Problem(TextPosition at, std::string message) {
    problems_.emplace_back(at, std::move(message));
  }

  bool Hash(const TomlValue& value, std::uint64_t& out, std::string_view what) {
    if (value.kind != TomlKind::String || value.text.size() != 16) {
      Problem(value.position, std::string(what) + " must be 16 hexadecimal digits");
      return false;
    }
    std::uint64_t v = 0;
    for (char c : value.text) {
      int digit = -1;
      if (c >= '0' && c <= '9') digit = c - '0';
      if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
      if (digit < 0) {
        Problem(value.position, std::string(what) + " must be 16 lowercase hexadecimal digits");
        return false;
      }
      v = (v << 4) | static_cast<std::uint64_t>(digit);
    }
    out = v;
    return true;
  }

  // `{ part = "hash", ... }`: each a part this build knows and `version`'s form has. A named
  // part whose pool emptied reads 16 zeros, which only a tick's `parts` may say (`initial`
  // lists present parts only).
  bool Parts(const TomlValue& value, std::int64_t version, bool initial, std::vector<PartHash>& out,
             std::string_view what) {
    if (!value.IsTable()) {
      Problem(value.position, std::string(what) + " must be a table of part = \"hash\"");
      return false;
    }
    const DigestForm form = RecordingForm(version);
    bool ok = true;
    for (const TomlMember& m : value.members) {
      std::size_t part = 0;
      if (!FindStatePart(m.key, part)) {
        Problem(m.key_position, "unknown state part '" + m.key +
                                    "': not registry, map, random or a component this build "
                                    "knows (a build with other components made the recording)");
        ok = false;
        continue;
      }
      if (!PartInForm(part, form)) {
        Problem(m.key_position, "a version-" + std::to_string(version) +
                                    " recording has no part '" + m.key +
                                    "' (the component arrived with save version " +
                                    std::to_string(kComponentSince[part - 3]) + ")");
        ok = false;
        continue;
      }
      PartHash ph{static_cast<std::uint32_t>(part), 0};
      if (!Hash(m.value, ph.hash, m.key)) {
        ok = false;
        continue;
      }
      if (ph.hash == 0 && (initial || part < 3 || !form.IsNamed())) {
        Problem(m.value.position, m.key + (initial ? ": initial lists the parts present, so "
                                                     "none is 16 zeros"
                                                   : ": only a component pool that emptied "
                                                     "reads 16 zeros"));
        ok = false;
        continue;
      }
      out.push_back(ph);
    }
    return ok;
  }

  // What `initial` must cover: every part of a positional form; registry, map and random of a
  // named one (its pools are listed when present).
  void InitialCovers(const TomlValue& initial, std::int64_t version,
                     const std::vector<PartHash>& parts) {
    const DigestForm form = RecordingForm(version);
    std::string missing;
    for (std::size_t p = 0; p < kStatePartCount; ++p) {
      if (!PartInForm(p, form) || (form.IsNamed() && p >= 3)) continue;
      bool listed = false;
      for (const PartHash& ph : parts) listed = listed || ph.part == p;
      if (!listed) missing += std::string(missing.empty() ? "" : ", ") + StatePartName(p);
    }
    if (!missing.empty())
      Problem(initial.position, "initial must give the hash of every state part a version-" +
                                    std::to_string(version) +
                                    " recording covers; missing: " + missing);
  }

  // { enabled = true, potion = "always", ..., weapon = "new" }: the header's autopickup rule.
  // A class it does not name keeps the default's rule.
  void AutoPickupRule(const TomlValue& value, AutoPickup& out) {
    if (!value.IsTable()) {
      Problem(value.position,
              "autopickup must be a table { enabled = true, potion = \"always\", ... }");
      return;
    }
    for (const TomlMember& m : value.members) {
      if (m.key == "enabled") {
        if (m.value.kind != TomlKind::Boolean)
          Problem(m.value.position, "autopickup's enabled must be true or false");
        else
          out.enabled = m.value.boolean ? 1 : 0;
        continue;
      }
      int category = -1;
      for (int c = 0; c < kItemCategoryCount; ++c)
        if (m.key == ItemCategoryName(static_cast<ItemCategory>(c))) category = c;
      if (category < 0) {
        Problem(m.key_position, "unknown item class '" + m.key + "' in autopickup");
        continue;
      }
      int rule = -1;
      for (std::size_t r = 0; r < std::size(kPickupRuleNames); ++r)
        if (m.value.kind == TomlKind::String && m.value.text == kPickupRuleNames[r])
          rule = static_cast<int>(r);
      if (rule < 0)
        Problem(m.value.position,
                "autopickup's " + m.key + " must be \"always\", \"new\" or \"never\"");
      else
        SetRule(out, static_cast<ItemCategory>(category), static_cast<PickupRule>(rule));
    }
  }

  // "KIND PLACE HASH" (version 4) or "KIND SLOT:GENERATION HASH" (version 3).
  bool Entity(const TomlValue& value, std::int64_t version, EntityDigest& out) {
    const std::string shape =
        version == kReplayHandleVersion ? "\"KIND SLOT:GENERATION HASH\"" : "\"KIND PLACE HASH\"";
    if (value.kind != TomlKind::String) {
      Problem(value.position, "an entity digest must be a string " + shape);
      return false;
    }
    const std::string& text = value.text;
    const std::size_t a = text.find(' ');
    const std::size_t b = a == std::string::npos ? a : text.find(' ', a + 1);
    std::size_t part = 0;
    if (a == std::string::npos || b == std::string::npos ||
        !FindStatePart(text.substr(0, a), part) || part < 3 ||
        !PartInForm(part, RecordingForm(version)) ||
        !ReadEntityName(std::string_view(text).substr(a + 1, b - a - 1), version, out)) {
      const bool handle = b != std::string::npos && text.find(':', a + 1) < b;
      Problem(value.position, "an entity digest must read " + shape +
                                  (handle && version != kReplayHandleVersion
                                       ? ": version " + std::to_string(version) +
                                             " names an entity by its place, not by "
                                             "SLOT:GENERATION"
                                       : ""));
      return false;
    }
    out.kind = static_cast<ComponentKind>(part - 3);
    TomlValue digest;
    digest.kind = TomlKind::String;
    digest.text = text.substr(b + 1);
    digest.position = value.position;
    return Hash(digest, out.digest, "an entity digest");  // which says what is wrong
  }

  // The middle word of an entity line: a place, or for version 3 SLOT:GENERATION; each number
  // plain decimal digits that fit in 32 bits.
  static bool ReadEntityName(std::string_view name, std::int64_t version, EntityDigest& out) {
    const auto number = [](std::string_view digits, std::uint32_t& value) {
      if (digits.empty() || digits.size() > 10) return false;
      std::uint64_t v = 0;
      for (char c : digits) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<std::uint64_t>(c - '0');
      }
      if (v > 0xFFFFFFFFull) return false;
      value = static_cast<std::uint32_t>(v);
      return true;
    };
    if (version != kReplayHandleVersion) return number(name, out.place);
    const std::size_t colon = name.find(':');
    return colon != std::string_view::npos && number(name.substr(0, colon), out.place) &&
           number(name.substr(colon + 1), out.generation);
  }

 private:
  std::vector<TextProblem>& problems_;
};

// [end]: the number of ticks and the final state. Missing, the recording was cut short; a tick
// written after it, or figures that disagree with the ticks, mean it was added to or edited.
void ReadEnd(const TomlValue& root, const Recording& r, Reader& reader) {
  const std::uint64_t last_state = r.ticks.empty() ? r.initial_state : r.ticks.back().state;
  const TomlValue* end = root.Find("end");
  if (end == nullptr) {
    reader.Problem(r.ticks.empty() ? TextPosition{1, 1} : r.ticks.back().position,
                   "the recording has no [end]: it was cut short after tick " +
                       std::to_string(r.ticks.size()) +
                       " (a whole recording ends with [end], its tick count and final state)");
    return;
  }
  if (!end->IsTable()) {
    reader.Problem(end->position, "'end' must be a table ([end]) of ticks and state");
    return;
  }
  std::int64_t ticks = -1;
  std::uint64_t state = 0;
  bool have_state = false;
  for (const TomlMember& m : end->members) {
    if (m.key == "ticks" && m.value.kind == TomlKind::Integer && m.value.integer >= 0) {
      ticks = m.value.integer;
    } else if (m.key == "ticks") {
      reader.Problem(m.value.position, "[end] ticks must be a count (an integer, 0 or more)");
    } else if (m.key == "state") {
      have_state = reader.Hash(m.value, state, "[end] state");
    } else {
      reader.Problem(m.key_position, "unknown member '" + m.key + "' in [end]");
    }
  }
  if (end->Find("ticks") == nullptr) reader.Problem(end->position, "[end] needs ticks");
  if (end->Find("state") == nullptr) reader.Problem(end->position, "[end] needs state");
  if (ticks >= 0 && static_cast<std::uint64_t>(ticks) != r.ticks.size())
    reader.Problem(end->Find("ticks")->position,
                   "[end] says " + std::to_string(ticks) + " ticks, but the recording has " +
                       std::to_string(r.ticks.size()) + " (cut short or added to)");
  if (have_state && state != last_state)
    reader.Problem(
        end->Find("state")->position,
        "[end] state " + Hex(state) + " is not the last tick's state " + Hex(last_state));
  for (const TickRecord& t : r.ticks)
    if (t.position.line > end->position.line) {
      reader.Problem(t.position, "tick " + std::to_string(t.tick) +
                                     " comes after [end] (a recording ends there)");
      break;
    }
}

// The members after format and version: the build, the content, the seed, the starting rule
// and every part's hash before the first tick; and no member the format does not have.
void ReadRunMembers(const TomlValue& root, Recording& r, Reader& reader) {
  const auto require = [&](const char* key, TomlKind kind) -> const TomlValue* {
    const TomlValue* v = root.Find(key);
    if (v == nullptr) {
      reader.Problem(TextPosition{1, 1}, std::string("missing '") + key + "'");
      return nullptr;
    }
    if (v->kind != kind) {
      reader.Problem(v->position,
                     std::string("'") + key + "' must be " + TomlKindWithArticle(kind));
      return nullptr;
    }
    return v;
  };
  if (const TomlValue* v = require("build", TomlKind::String)) r.build = v->text;
  if (const TomlValue* v = require("level", TomlKind::String)) r.level = v->text;
  if (const TomlValue* v = require("content", TomlKind::String))
    (void)reader.Hash(*v, r.content, "content");
  if (const TomlValue* v = require("seed", TomlKind::Integer)) {
    if (v->integer < 0) reader.Problem(v->position, "seed must not be negative");
    r.seed = static_cast<std::uint64_t>(v->integer);
  }
  if (const TomlValue* v = root.Find("autopickup")) reader.AutoPickupRule(*v, r.autopickup);
  r.dungeon_rules = kOldestDungeonRules;  // what every recording before the member was made under
  if (r.version >= kFirstReplayWithRules) {
    if (const TomlValue* v = require("dungeon_rules", TomlKind::Integer)) {
      if (v->integer < kOldestDungeonRules || v->integer > kDungeonRules)
        reader.Problem(v->position, "dungeon_rules " + std::to_string(v->integer) +
                                        " is not one this build knows (" +
                                        std::to_string(kOldestDungeonRules) + " to " +
                                        std::to_string(kDungeonRules) + ")");
      else
        r.dungeon_rules = static_cast<std::int32_t>(v->integer);
    }
  }
  if (const TomlValue* v = require("initial_state", TomlKind::String))
    (void)reader.Hash(*v, r.initial_state, "initial_state");
  if (const TomlValue* v = require("initial", TomlKind::Table)) {
    if (reader.Parts(*v, r.version, true, r.initial, "initial"))
      reader.InitialCovers(*v, r.version, r.initial);
  }
  static constexpr std::string_view kKnown[] = {"format",     "version",       "build",   "level",
                                                "content",    "seed",          "initial", "tick",
                                                "autopickup", "initial_state", "end"};
  for (const TomlMember& m : root.members) {
    bool known = m.key == "dungeon_rules" && r.version >= kFirstReplayWithRules;
    for (std::string_view k : kKnown) known = known || m.key == k;
    if (!known) reader.Problem(m.key_position, "unknown member '" + m.key + "'");
  }
}

// One [[tick]]: its number, input, state, and the parts and entities that changed.
TickRecord ReadTick(const TomlValue& t, std::int64_t version, Reader& reader) {
  TickRecord record;
  for (const TomlMember& m : t.members) {
    if (m.key == "n") {
      if (m.value.kind != TomlKind::Integer)
        reader.Problem(m.value.position, "n must be an integer");
      record.tick = m.value.integer;
    } else if (m.key == "input") {
      PlayerCommand command;
      if (m.value.kind != TomlKind::String || !ParseCommandText(m.value.text, command))
        reader.Problem(m.value.position,
                       "input must be one player command (\"h\", \"da\", \"ta@3,4\")");
      else
        record.input = m.value.text;
    } else if (m.key == "state") {
      (void)reader.Hash(m.value, record.state, "state");
    } else if (m.key == "parts") {
      (void)reader.Parts(m.value, version, false, record.parts, "parts");
    } else if (m.key == "entities") {
      if (m.value.kind != TomlKind::Array) {
        reader.Problem(m.value.position, "entities must be an array of strings");
      } else {
        for (const TomlValue& e : m.value.array) {
          EntityDigest digest;
          if (reader.Entity(e, version, digest)) record.entities.push_back(digest);
        }
      }
    } else {
      reader.Problem(m.key_position, "unknown member '" + m.key + "' in [[tick]]");
    }
  }
  if (t.Find("n") == nullptr) reader.Problem(t.position, "a [[tick]] needs n");
  if (t.Find("state") == nullptr) reader.Problem(t.position, "a [[tick]] needs state");
  record.position = t.position;
  return record;
}

// Every [[tick]], numbered 1, 2, 3, ... in order.
void ReadTicks(const TomlValue& root, Recording& r, Reader& reader) {
  const TomlValue* ticks = root.Find("tick");
  if (ticks == nullptr) return;
  if (ticks->kind != TomlKind::Array) {
    reader.Problem(ticks->position, "'tick' must be an array of tables ([[tick]])");
    return;
  }
  std::int64_t previous = 0;
  for (const TomlValue& t : ticks->array) {
    if (!t.IsTable()) {
      reader.Problem(t.position, "each [[tick]] must be a table");
      continue;
    }
    TickRecord record = ReadTick(t, r.version, reader);
    if (record.tick != previous + 1)
      reader.Problem(t.position, "tick " + std::to_string(record.tick) + " follows tick " +
                                     std::to_string(previous) + "; ticks must count up by one");
    previous = record.tick;
    r.ticks.push_back(std::move(record));
  }
}

// Why a version this build no longer reads is refused. Version 2 came before the components
// that arrived with save version 3 (the list says which), which every run has now.
std::span<const RetiredVersion> RetiredVersions() {
  static const std::string kNoComponents = "its runs had no " + ComponentsArrivedIn(3) +
                                           ", which every run has now, so it would not play the "
                                           "same; record it again";
  static const RetiredVersion kRetired[] = {
      {1,
       "it has no [end], so a recording cut short cannot be told from a whole one, and its "
       "hashes predate the seed's; record it again"},
      {2, kNoComponents},
  };
  return kRetired;
}

}  // namespace

bool ParseRecording(std::string_view text, Recording& out, std::vector<TextProblem>& problems) {
  const std::size_t before = problems.size();
  TomlValue root;
  if (!ParseTomlFile(text, root, problems)) return false;
  TableReader file(root, "the recording", problems);
  constexpr std::int64_t kVersions[] = {kReplayHandleVersion, kLastPositionalReplayVersion,
                                        kFirstReplayWithRules - 1, kReplayVersion};
  std::int64_t version = 0;
  // A foreign file or another version: its other members mean nothing here.
  if (!ReadFileHeader(file, kReplayFormat, "recording", kVersions, version, RetiredVersions()))
    return false;
  Reader reader(problems);
  Recording r;
  r.version = version;
  ReadRunMembers(root, r, reader);
  ReadTicks(root, r, reader);
  ReadEnd(root, r, reader);
  if (problems.size() != before) return false;
  out = std::move(r);
  return true;
}

}  // namespace cairn
