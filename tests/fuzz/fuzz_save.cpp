// Fuzzes the save loader and the restore behind it: any bytes must give a SessionImage or
// positioned problems, never a crash, undefined behaviour, a leak or a hang. An image that reads
// is rebuilt with RestoreSession against the built-in content (the default dungeon, or
// the dungeon under the cellar level when the save says it was made with `--level` of that); a
// refusal must say why, and a run that is rebuilt must keep its worlds' invariants and run a few
// ticks, so a restored world the simulation cannot handle is found.
//
// The state member is ignored (cleared before the restore): a save whose state is
// "0000000000000000" is restored without the final hash comparison, so every image that reaches
// the restore here is one a save file can make `cairn --load` rebuild; without this, nearly every
// mutated save would stop at that comparison and never reach the simulation.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "save/save_codec.h"
#include "sim/session_persist.h"

namespace {

// A save of the same content, however large, has the same shape; over this it is only slower.
constexpr std::size_t kMaxInput = 1 << 20;
// Ticks run after a restore.
constexpr int kMaxTicks = 24;

struct Content {
  cairn::SessionConfig dungeon;  // the built-in default dungeon (what `cairn` plays)
  cairn::SessionConfig cellar;   // the same under data/levels/cellar.toml (--level)
  std::uint64_t cellar_digest = 0;
};

std::uint64_t DigestOf(const cairn::SessionConfig& config) {
  std::unique_ptr<cairn::GameSession> session;
  if (cairn::GameSession::Create(config, session) != cairn::Status::Ok) __builtin_trap();
  return session->ContentDigest();
}

const Content& BuiltIn() {
  static const Content content = [] {
    Content c;
    const auto definitions = cairn::DefaultDefinitions();
    const auto dungeon = cairn::DefaultDungeon();
    const auto level = cairn::DefaultLevel();
    if (!definitions || !dungeon || !level) __builtin_trap();
    c.dungeon.definitions = definitions;
    c.dungeon.dungeon = dungeon;
    c.dungeon.limits = cairn::WorldLimits::Uniform(512);
    c.cellar = c.dungeon;
    c.cellar.level = level;
    c.cellar_digest = DigestOf(c.cellar);
    return c;
  }();
  return content;
}

// Saves that read, for the mutator (below): the hashes of every input seen to read, and a few of
// them whole.
constexpr std::size_t kPoolSize = 128;
struct Readable {
  std::unordered_set<std::uint64_t> hashes;
  std::vector<std::string> saves;
};
Readable& Pool() {
  static Readable pool;
  return pool;
}
std::uint64_t HashOf(std::string_view text) {
  return std::hash<std::string_view>{}(text);
}
void Remember(std::string_view text) {
  Readable& pool = Pool();
  const std::uint64_t hash = HashOf(text);
  if (pool.hashes.size() > (1u << 20)) pool.hashes.clear();
  if (!pool.hashes.insert(hash).second) return;
  if (pool.saves.size() < kPoolSize)
    pool.saves.emplace_back(text);
  else
    pool.saves[hash % kPoolSize].assign(text);
}

void CheckWorlds(const cairn::GameSession& session) {
  for (std::int32_t depth = 1; depth <= session.FloorCount(); ++depth)
    if (const cairn::GameWorld* world = session.FloorWorld(depth))
      if (!world->FirstBrokenInvariant().empty()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Content& content = BuiltIn();
  if (size > kMaxInput) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  cairn::SessionImage image;
  std::vector<cairn::TextProblem> problems;
  if (!cairn::ReadSaveText(text, *content.dungeon.definitions, cairn::WorldLimits::Uniform(512),
                           image, problems)) {
    if (problems.empty()) __builtin_trap();  // a refusal must say why
    return 0;
  }
  Remember(text);
  if (!problems.empty() || image.floors.empty() || image.depth < 1 ||
      image.depth > image.floor_count)
    __builtin_trap();

  // The content the save names if it is built in; otherwise the dungeon, which must refuse it.
  cairn::SessionConfig config =
      image.content == content.cellar_digest ? content.cellar : content.dungeon;
  config.seed = image.seed;
  image.state_hash = 0;
  std::unique_ptr<cairn::GameSession> session;
  std::string error;
  if (cairn::RestoreSession(config, image, session, error) != cairn::Status::Ok) {
    if (error.empty() || session != nullptr) __builtin_trap();  // says why, leaves `out` alone
    return 0;
  }
  // Restored only onto the content it names: the built-in dungeon as the save's dungeon rules
  // make it (their digest is the session's), or the cellar.
  if (image.content != session->ContentDigest()) __builtin_trap();
  CheckWorlds(*session);
  (void)session->StateHash();

  // A few ticks, bounded. Whenever the player may act, the next of these commands the session
  // would not refuse is played (the stairs first, so a save standing on them moves the player
  // between restored floors; a step east attacks whatever stands there): what Submit does, without
  // its unbounded wait for the player's turn. The world runs in between.
  cairn::PlayerCommand commands[5];
  commands[0].kind = cairn::PlayerCommandKind::Descend;
  commands[1].kind = cairn::PlayerCommandKind::Ascend;
  commands[2].kind = cairn::PlayerCommandKind::Move;
  commands[2].dx = 1;
  commands[3].kind = cairn::PlayerCommandKind::PickUp;
  commands[4].kind = cairn::PlayerCommandKind::Wait;
  std::size_t next = 0;
  for (int tick = 0; tick < kMaxTicks; ++tick) {
    if (session->State() != cairn::SessionState::Playing) break;
    cairn::TickInput input;
    std::string why;
    while (session->PlayerReady() && next < std::size(commands) &&
           input.command.kind == cairn::PlayerCommandKind::None)
      if (!session->WouldRefuse(commands[next++], why)) input.command = commands[next - 1];
    if (session->StepTick(input) != cairn::Status::Ok) break;
  }
  (void)session->StateHash();
  CheckWorlds(*session);
  return 0;
}

// --- a mutator that knows the shape of a save ----------------------------------------------------
// Byte-level mutations almost never leave a save readable (the TOML breaks, or a value leaves its
// range), so the restore and the simulation would hardly be reached. Nine times in ten this
// mutator works on a save that reads (the one it is handed, or one remembered) and keeps the
// syntax: it changes one integer (mostly by one), puts in place of one quoted string another that
// the same key holds elsewhere in the save (a reference field gets any entity's UUID, "gone" or
// nothing), copies a component line into another entity's list or drops one, changes a map or
// remembered cell, or duplicates an entity under a new UUID. The tenth time it leaves the bytes to
// libFuzzer.
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

using Lines = std::vector<std::string>;

Lines SplitLines(std::string_view text) {
  Lines lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string JoinLines(const Lines& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
  return out;
}

struct Token {
  std::size_t line, begin, end;  // [begin, end) of lines[line]
  std::string key;               // the bare key right before ` = `, if any
};

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

std::string KeyBefore(const std::string& line, std::size_t at) {
  if (at < 4 || line.compare(at - 3, 3, " = ") != 0) return "";
  std::size_t start = at - 3;
  while (start > 0 &&
         (std::isalnum(static_cast<unsigned char>(line[start - 1])) || line[start - 1] == '_'))
    --start;
  return line.substr(start, at - 3 - start);
}

// Integers outside strings, and quoted strings (with their quotes), over every line.
void FindTokens(const Lines& lines, std::vector<Token>& integers, std::vector<Token>& strings) {
  for (std::size_t l = 0; l < lines.size(); ++l) {
    const std::string& s = lines[l];
    if (!s.empty() && s[0] == '#') continue;
    for (std::size_t i = 0; i < s.size();) {
      if (s[i] == '"') {
        std::size_t j = i + 1;
        while (j < s.size() && s[j] != '"') j += s[j] == '\\' ? 2 : 1;
        if (j >= s.size()) break;
        strings.push_back(Token{l, i, j + 1, KeyBefore(s, i)});
        i = j + 1;
      } else if (IsDigit(s[i]) || (s[i] == '-' && i + 1 < s.size() && IsDigit(s[i + 1]))) {
        std::size_t j = i + 1;
        while (j < s.size() && IsDigit(s[j])) ++j;
        integers.push_back(Token{l, i, j, KeyBefore(s, i)});
        i = j;
      } else {
        ++i;
      }
    }
  }
}

std::string NewInteger(std::string_view old, std::minstd_rand& rng) {
  long long value = 0;
  for (char c : old)  // (past 18 digits, the rest are ignored)
    if (IsDigit(c) && value < 100'000'000'000'000'000LL) value = value * 10 + (c - '0');
  if (!old.empty() && old[0] == '-') value = -value;
  static constexpr long long kInteresting[] = {
      0,    1,     -1,    2,       3,        9,          10,           25,
      26,   51,    52,    53,      97,       122,        255,          256,
      1000, 32767, 65535, 1000000, -1000000, 2147483647, 4294967295LL, 1125899906842624LL};
  switch (rng() % 8) {
    case 0:
    case 1: return std::to_string(value + 1);
    case 2:
    case 3: return std::to_string(value - 1);
    case 4: return std::to_string(static_cast<long long>(rng() % 64));
    case 5: return std::to_string(value * 2);
    case 6: return std::to_string(value / 2);
    default: return std::to_string(kInteresting[rng() % std::size(kInteresting)]);
  }
}

bool IsReferenceKey(std::string_view key) {
  return key == "target" || key == "item" || key == "holder" || key == "entity";
}

bool IsMapRow(const std::string& line) {
  if (line.size() < 6 || line.compare(0, 3, "  \"") != 0) return false;
  for (std::size_t i = 3; i + 2 < line.size(); ++i)
    if (std::string_view("#.+'~:01").find(line[i]) == std::string_view::npos) return false;
  return true;
}

void MutateLines(Lines& lines, std::minstd_rand& rng) {
  std::vector<Token> integers, strings;
  FindTokens(lines, integers, strings);
  const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  const std::size_t kind = pick(20);
  if (kind < 9) {  // one integer
    if (integers.empty()) return;
    const Token& at = integers[pick(integers.size())];
    std::string& line = lines[at.line];
    line.replace(at.begin, at.end - at.begin,
                 NewInteger(std::string_view(line).substr(at.begin, at.end - at.begin), rng));
  } else if (kind < 15) {  // one string for another the same key holds (any, now and then)
    if (strings.empty()) return;
    const Token& to = strings[pick(strings.size())];
    std::vector<std::string> candidates;
    const bool reference = IsReferenceKey(to.key);
    if (reference) candidates = {"\"\"", "\"gone\""};
    for (const Token& t : strings)
      if (t.key == to.key || (reference && t.key == "uuid"))
        candidates.push_back(lines[t.line].substr(t.begin, t.end - t.begin));
    if (pick(8) == 0) {
      const Token& any = strings[pick(strings.size())];
      candidates.assign(1, lines[any.line].substr(any.begin, any.end - any.begin));
    }
    lines[to.line].replace(to.begin, to.end - to.begin, candidates[pick(candidates.size())]);
  } else if (kind < 17) {
    // A component line copied after another (often another entity's), or dropped.
    std::vector<std::size_t> components;
    for (std::size_t l = 0; l < lines.size(); ++l)
      if (lines[l].compare(0, 9, "  { type ") == 0) components.push_back(l);
    if (components.empty()) return;
    const std::size_t from = components[pick(components.size())];
    if (pick(3) == 0) {
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(from));
      return;
    }
    const std::string copy = lines[from];
    const std::size_t after = components[pick(components.size())];
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(after) + 1, copy);
  } else if (kind < 18) {  // a map or remembered cell
    std::vector<std::size_t> rows;
    for (std::size_t l = 0; l < lines.size(); ++l)
      if (IsMapRow(lines[l])) rows.push_back(l);
    if (rows.empty()) return;
    std::string& row = lines[rows[pick(rows.size())]];
    const std::string_view cells = row[3] == '0' || row[3] == '1' ? "01" : "#.+'~:";
    row[3 + pick(row.size() - 5)] = cells[pick(cells.size())];
  } else {  // an entity copied to the end of its floor's list, under a new UUID
    std::vector<std::size_t> entities;
    for (std::size_t l = 0; l < lines.size(); ++l)
      if (lines[l] == "[[floor.entity]]") entities.push_back(l);
    if (entities.empty()) return;
    const std::size_t first = entities[pick(entities.size())];
    std::size_t last = first + 1;
    while (last < lines.size() && lines[last] != "[[floor.entity]]" && lines[last] != "[[floor]]")
      ++last;
    Lines block(lines.begin() + static_cast<std::ptrdiff_t>(first),
                lines.begin() + static_cast<std::ptrdiff_t>(last));
    for (std::string& line : block)
      if (line.compare(0, 8, "uuid = \"") == 0 && line.size() > 12)
        for (std::size_t k = 8; k < 12; ++k) line[k] = "0123456789abcdef"[pick(16)];
    while (last < lines.size() && lines[last] != "[[floor]]") ++last;
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(last), block.begin(), block.end());
  }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
  std::minstd_rand rng(seed);
  if (rng() % 10 == 0) return LLVMFuzzerMutate(data, size, max_size);
  // Handed an input that never read (most of the corpus soon, as refusals are easy to reach in new
  // ways), work on a save that did, most of the time.
  const Readable& pool = Pool();
  if (!pool.saves.empty() && rng() % 8 != 0 &&
      pool.hashes.count(HashOf(std::string_view(reinterpret_cast<const char*>(data), size))) == 0) {
    const std::string& save = pool.saves[rng() % pool.saves.size()];
    if (save.size() <= max_size) {
      std::memcpy(data, save.data(), save.size());
      size = save.size();
    }
  }
  Lines lines = SplitLines(std::string_view(reinterpret_cast<const char*>(data), size));
  const unsigned count = rng() % 4 == 0 ? 2 : 1;
  for (unsigned i = 0; i < count; ++i) MutateLines(lines, rng);
  const std::string text = JoinLines(lines);
  if (text.size() > max_size || text.empty()) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}
