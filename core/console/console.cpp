#include "console/console.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <istream>
#include <ostream>
#include <vector>

#include "base/closest_name.h"
#include "console/authored_ids.h"
#include "content/definitions_reader.h"
#include "game/ai.h"
#include "game/state_hash.h"
#include "identity/handle_text.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/component_types.h"
#include "schema/handle_references.h"
#include "sim/machine_text.h"
#include "sim/session_duplicate.h"
#include "sim/session_preserved.h"
#include "sim/trace_text.h"
#include "sim/why.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

using Fields = std::array<FieldValue, kMaxFieldsPerComponent>;

std::string_view Trim(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// Splits off the first whitespace-separated word; `rest` is what follows, trimmed.
std::string_view NextWord(std::string_view text, std::string_view& rest) {
  text = Trim(text);
  std::size_t end = 0;
  while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
  rest = Trim(text.substr(end));
  return text.substr(0, end);
}

std::vector<std::string_view> Words(std::string_view text) {
  std::vector<std::string_view> words;
  std::string_view rest = text;
  while (true) {
    std::string_view word = NextWord(rest, rest);
    if (word.empty()) break;
    words.push_back(word);
  }
  return words;
}

// User text echoed in a reply, with control characters escaped: a reply is always one line.
std::string Printable(std::string_view text) {
  std::string out;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    } else {
      out += c;
    }
  }
  return out;
}

std::string Error(std::string_view what) {
  return "error: " + Printable(what);
}

// The closest known name when there is one, and where the whole list is: a reply that stays the
// same as components are added.
std::string UnknownTypeError(std::string_view name) {
  std::vector<std::string_view> names;
  for (const ComponentTypeInfo& info : AllComponentTypes()) names.push_back(info.name);
  return Error("unknown component type '" + std::string(name) + "'" + DidYouMean(name, names) +
               "; TYPES lists the known ones");
}

// A membership refusal, named by the seed's word for it (design 002: NotFound, Unsupported,
// ProtectedEntity, InvalidOperation), then why: `error: NotFound: loot slot 3 does not exist`.
std::string Refused(Status status, std::string_view why) {
  const char* word = nullptr;
  switch (status) {
    case Status::NotFound: word = "NotFound"; break;
    case Status::Unsupported: word = "Unsupported"; break;
    case Status::ProtectedEntity: word = "ProtectedEntity"; break;
    case Status::InvalidOperation: word = "InvalidOperation"; break;
    case Status::CapacityExceeded: word = "CapacityExceeded"; break;
    default: return Error(why);
  }
  return Error(std::string(word) + ": " + std::string(why));
}

std::string NotLoaded(std::string_view name) {
  return Refused(Status::Unsupported, std::string(name) +
                                          " is not loaded in this build: it is kept as written "
                                          "and cannot be set");
}

// A command's entity, component type and slot (TYPE or TYPE:SLOT), or the error that names what
// is wrong with them.
struct Target {
  EntityId id;
  const ComponentTypeInfo* type = nullptr;
  std::string_view name;           // as written, without the slot
  bool unknown = false;            // a well-formed name no type has: perhaps a kept, unloaded one
  std::uint32_t slot = kNextSlot;  // kNextSlot: no slot given
  std::string error;
};

Target ParseTarget(std::string_view handle_text, std::string_view type_text, std::uint64_t world) {
  Target target;
  if (ParseHandleText(handle_text, world, target.id) != Status::Ok) {
    target.error = Error("'" + std::string(handle_text) +
                         "' is not a handle: write SLOT:GENERATION or WORLD:SLOT:GENERATION");
    return target;
  }
  std::string_view name = type_text;
  if (const std::size_t colon = type_text.find(':'); colon != std::string_view::npos) {
    name = type_text.substr(0, colon);
    const std::string_view digits = type_text.substr(colon + 1);
    std::uint64_t slot = 0;
    bool ok = !digits.empty() && digits.size() <= 10;
    for (char c : digits) {
      ok = ok && c >= '0' && c <= '9';
      slot = slot * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!ok || slot > kMaxSlot) {
      target.error =
          Error("'" + std::string(type_text) + "' is not TYPE or TYPE:SLOT (a slot is 0 to " +
                std::to_string(kMaxSlot) + ")");
      return target;
    }
    target.slot = static_cast<std::uint32_t>(slot);
  }
  target.name = name;
  target.type = FindComponentType(name);
  target.unknown = target.type == nullptr;
  if (target.type == nullptr)
    target.error = UnknownTypeError(name);
  else if (target.type->multiplicity == Multiplicity::One && target.slot != kNextSlot &&
           target.slot != 0)
    target.error =
        Refused(Status::InvalidOperation,
                std::string(target.type->name) + " is a single component: it has only slot 0");
  return target;
}

std::string FaultText(const SimulationFault& fault) {
  return "simulation fault at tick " + std::to_string(fault.tick) + " in " +
         TickPhaseName(fault.phase) + ": " + fault.what + " (" + StatusName(fault.status) +
         "); RESTART to go on";
}

std::string HashText(std::uint64_t value) {
  char text[17];
  FormatHash(value, text);
  return text;
}

constexpr const char* kCommandNames[] = {
    "SPAWN",   "DESPAWN", "SET",      "ADD",   "GET",      "REMOVE",   "QUERY",
    "RESTART", "TICK",    "INSPECT",  "POOLS", "REGISTRY", "COUNTERS", "TRACE",
    "HASH",    "HELP",    "DUP",      "KEY",   "RESOLVE",  "BACK",     "WHY",
    "TYPES",   "PHASE",   "COMMANDS", "POOL",  "SLOTS",    "SYSTEMS"};

constexpr const char* kUsage =
    "commands: SPAWN | DESPAWN H | SET H TYPE[:SLOT] BODY | ADD H TYPE[:SLOT] BODY | "
    "GET H TYPE[:SLOT] | REMOVE H TYPE[:SLOT] | QUERY TYPE... | "
    "RESTART | TICK [N] | BACK [N] (up to 1000 ticks) | INSPECT H | POOLS | REGISTRY | COUNTERS | "
    "TRACE [N|ON|OFF] | WHY H [ALL] | HASH | TYPES | PHASE | COMMANDS | POOL TYPE | SLOTS | "
    "SYSTEMS | "
    "DUP H... | KEY H | RESOLVE INSTANCE SOURCE | HELP";

// The one handle a command takes (`usage` shows how): false, with the error reply in `error`,
// when the arguments are not exactly one handle of this world.
bool OneHandle(std::string_view args, std::string_view usage, std::uint64_t world, EntityId& id,
               std::string& error) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 1) {
    error = Error(std::string(usage));
    return false;
  }
  if (ParseHandleText(words[0], world, id) != Status::Ok) {
    error = Error("'" + std::string(words[0]) +
                  "' is not a handle: write SLOT:GENERATION or WORLD:SLOT:GENERATION");
    return false;
  }
  return true;
}

// Console edits take effect at once, outside any command batch: traced with command sequence 0
// and the command that made them (trace.h: EditCommand), so they read as edits, not as a tick's.
constexpr std::uint64_t kConsoleCommand = 0;
void TraceEdit(GameWorld& world, TraceEvent event, EntityId id, EditCommand by,
               EntityKind kind = {}, std::int64_t value = 0) {
  TraceEntry entry;
  entry.event = event;
  entry.a = id;
  entry.a_kind = kind;
  entry.command = kConsoleCommand;
  entry.value = value;
  entry.detail[0] = static_cast<std::uint8_t>(by);
  world.Record(entry);
}

// BACK [N]: the run N ticks back, exactly (sim/rewind.h); `tick T`, or why not.
std::string StepBack(GameSession& session, std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() > 1) return Error("BACK takes at most one number: BACK 10");
  std::uint64_t count = 1;
  if (words.size() == 1) {
    count = 0;
    for (char c : words[0]) {
      if (c < '0' || c > '9' || count > 100'000'000)
        return Error("BACK takes a count from 1 to 100000000");
      count = count * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (count == 0 || count > 100'000'000) return Error("BACK takes a count from 1 to 100000000");
  }
  std::string why;
  if (session.StepBack(count, why) != Status::Ok) return Error("nothing changed: " + why);
  return "tick " + std::to_string(session.World().Tick());
}

// Commands that change the world between ticks: a step back must not re-run ticks across them.
// `reply`, for a command that takes no arguments; an error naming `command` when some were given.
std::string NoArguments(std::string_view args, std::string_view command, std::string reply) {
  return args.empty() ? std::move(reply) : Error(std::string(command) + " takes no arguments");
}

bool Edits(std::string_view command) {
  return command == "SPAWN" || command == "DESPAWN" || command == "SET" || command == "ADD" ||
         command == "REMOVE" || command == "DUP" || command == "RESOLVE";
}

}  // namespace

std::shared_ptr<const LevelDefinition> EmptyLevel() {
  static const std::shared_ptr<const LevelDefinition> level = [] {
    auto empty = std::make_shared<LevelDefinition>();
    empty->name = "empty";
    empty->width = 1;
    empty->height = 1;
    empty->cells.assign(1, Terrain::Wall);
    empty->digest = DigestLevel(*empty);
    return std::shared_ptr<const LevelDefinition>(empty);
  }();
  return level;
}

Status Console::Create(const ConsoleOptions& options, std::unique_ptr<Console>& out) {
  std::unique_ptr<Console> console(new (std::nothrow) Console());
  if (!console) return Status::AllocationFailed;
  SessionConfig config;
  config.seed = options.seed;
  config.limits = WorldLimits::Uniform(options.capacity);
  config.level = options.level ? options.level : EmptyLevel();
  config.definitions = DefaultDefinitions();
  if (!config.definitions) return Status::InvalidArgument;
  if (Status s = GameSession::Create(config, console->owned_); s != Status::Ok) return s;
  console->session_ = console->owned_.get();
  out = std::move(console);
  return Status::Ok;
}

std::string Console::Execute(std::string_view line, bool& has_reply) {
  const std::string_view trimmed = Trim(line);
  has_reply = !(trimmed.empty() || trimmed.front() == '#');
  if (!has_reply) return {};
  std::string_view args;
  const std::string_view command = NextWord(trimmed, args);
  std::string expanded;  // `id:NAME` words as the handles they name (console/authored_ids.h)
  if (args.find(kAuthoredIdPrefix) != std::string_view::npos) {
    if (std::string error; !ExpandAuthoredIds(args, World(), expanded, error)) return Error(error);
    args = expanded;
  }
  // Inside a tick stepped phase by phase only the next phase may change the world.
  if (session_->InsideTick() && (Edits(command) || command == "RESTART"))
    return Error("inside tick " + std::to_string(World().Tick()) + " after its " +
                 TickPhaseName(World().Phase()) + " phase: " + std::string(command) +
                 " waits for the tick to end (PHASE to its end, or TICK)");
  if (Edits(command)) session_->NoteEdit();
  if (command == "SPAWN") return Spawn(args);
  if (command == "DESPAWN") return Despawn(args);
  if (command == "SET") return Set(args);
  if (command == "ADD") return Add(args);
  if (command == "GET") return Get(args);
  if (command == "REMOVE") return Remove(args);
  if (command == "QUERY") return Query(args);
  if (command == "RESTART") return Restart(args);
  if (command == "TICK") return Tick(args);
  if (command == "INSPECT") return Inspect(args);
  if (command == "POOLS") return Pools(args);
  if (command == "REGISTRY") return Registry(args);
  if (command == "COUNTERS") return Counters(args);
  if (command == "TRACE") return Trace(args);
  if (command == "HASH") return Hash(args);
  if (command == "TYPES") return Types(args);
  if (command == "PHASE") return Phase(args);
  if (command == "COMMANDS") return NoArguments(args, "COMMANDS", CommandsText(World()));
  if (command == "POOL") return Pool(args);
  if (command == "SLOTS") return NoArguments(args, "SLOTS", SlotsText(World().Registry()));
  if (command == "SYSTEMS") return NoArguments(args, "SYSTEMS", SystemsText());
  if (command == "HELP") return Help(args);
  if (command == "DUP") return Dup(args);
  if (command == "KEY") return Key(args);
  if (command == "RESOLVE") return Resolve(args);
  if (command == "BACK") return StepBack(*session_, args);
  if (command == "WHY") return Why(args);
  std::string upper(command);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; });
  for (const char* name : kCommandNames)
    if (upper == name)
      return Error("unknown command '" + std::string(command) +
                   "' (commands are upper case: " + upper + ")");
  return Error("unknown command '" + std::string(command) + "'; " + kUsage);
}

std::string Console::Spawn(std::string_view args) {
  if (!args.empty()) return Error("SPAWN takes no arguments");
  GameWorld& world = MutableWorld();
  std::optional<StructuralScope> scope;
  if (Status s = world.OpenStructural(WorldPhase::Commit, scope); s != Status::Ok)
    return Error(std::string("cannot spawn now: ") + StatusName(s));
  EntityId id;
  const Status status = world.CreateEntity(*scope, id);
  if (status == Status::CapacityExceeded)
    return Error("the world is full (" + std::to_string(world.Registry().Capacity()) +
                 " entity slots, " + std::to_string(world.Registry().RetiredCount()) + " retired)");
  if (status != Status::Ok) return Error(std::string("cannot spawn: ") + StatusName(status));
  TraceEdit(world, TraceEvent::Spawned, id, EditCommand::Spawn);  // TRACE and WHY show edits too
  return FormatShortHandle(id);
}

std::string Console::Despawn(std::string_view args) {
  GameWorld& world = MutableWorld();
  EntityId id;
  if (std::string error; !OneHandle(args, "DESPAWN takes one handle: DESPAWN SLOT:GENERATION",
                                    world.WorldId(), id, error))
    return error;
  if (!world.Registry().IsAlive(id)) return "stale";
  std::optional<StructuralScope> scope;
  if (Status s = world.OpenStructural(WorldPhase::Commit, scope); s != Status::Ok)
    return Error(std::string("cannot despawn now: ") + StatusName(s));
  const EntityKind kind = world.KindOfEntity(id);  // (taken while it still exists)
  const Status status = world.DestroyEntity(*scope, id);
  if (status != Status::Ok) return Error(std::string("cannot despawn: ") + StatusName(status));
  TraceEdit(world, TraceEvent::Destroyed, id, EditCommand::Despawn, kind);
  return "ok";
}

namespace {

// A SET or ADD: its target and the decoded body, or the reply that refuses it.
struct Edit {
  Target target;
  Fields fields{};
  std::string error;
};

// The body is read as the value of one key, `body = ...`; columns are reported within the body.
std::string DecodeBody(const ComponentTypeInfo& type, std::string_view body_text,
                       const GameWorld& world, Fields& fields) {
  static constexpr std::string_view kPrefix = "body = ";
  TomlValue document;
  TextProblem toml_error;
  if (!ParseToml(std::string(kPrefix) + std::string(body_text), document, toml_error)) {
    const std::uint32_t column =
        toml_error.position.column > kPrefix.size()
            ? toml_error.position.column - static_cast<std::uint32_t>(kPrefix.size())
            : 1;
    return Error("bad body at column " + std::to_string(column) + ": " + toml_error.message);
  }
  const TomlValue* body = document.Find("body");
  if (body == nullptr || document.members.size() != 1 || !body->IsTable() || !body->inline_table)
    return Error("the body must be one TOML inline table, like { x = 1, y = 2 }");
  std::vector<TextProblem> problems;
  const HandleReferences references(world);
  if (!DecodeComponentBody(type, *body, references, fields, problems)) {
    std::string message = "bad body: " + problems.front().message;
    if (problems.size() > 1) message += " (and " + std::to_string(problems.size() - 1) + " more)";
    return Error(message);
  }
  return "";
}

// The entity's unknown components named `target.name` (in `target.slot`, when one is given).
std::vector<const PreservedComponent*> KeptEntries(const GameSession& session,
                                                   const Target& target) {
  std::vector<const PreservedComponent*> found;
  if (const auto* kept = session.Preserved(target.id))
    for (const PreservedComponent& c : *kept)
      if (c.type == target.name && (target.slot == kNextSlot || c.slot == target.slot))
        found.push_back(&c);
  return found;
}

Edit ParseEdit(std::string_view command, std::string_view args, const GameSession& session) {
  Edit edit;
  std::string_view rest;
  const std::string_view handle_text = NextWord(args, rest);
  const std::string_view type_name = NextWord(rest, rest);
  const std::string_view body_text = rest;
  if (handle_text.empty() || type_name.empty() || body_text.empty()) {
    edit.error =
        Error(std::string(command) + " takes a handle, a type and a body: " + std::string(command) +
              " 0:1 position { x = 1, y = 2 }");
    return edit;
  }
  const GameWorld& world = session.World();
  edit.target = ParseTarget(handle_text, type_name, world.WorldId());
  if (edit.target.unknown && IsPreservedType(session, edit.target.name))
    edit.error = NotLoaded(edit.target.name);
  else if (!edit.target.error.empty())
    edit.error = edit.target.error;
  else
    edit.error = DecodeBody(*edit.target.type, body_text, world, edit.fields);
  return edit;
}

// The edit's entry added (a Many type's in slot max + 1, or in the slot an undo restores).
std::string AddParsed(GameWorld& world, const Edit& edit, EditCommand by) {
  const Target& target = edit.target;
  const ComponentTypeInfo& type = *target.type;
  std::optional<StructuralScope> scope;
  if (Status s = world.OpenStructural(WorldPhase::Commit, scope); s != Status::Ok)
    return Error(std::string("cannot add now: ") + StatusName(s));
  std::uint32_t added = 0;
  std::string why;
  if (Status s = AddEntry(world, *scope, target.id, type.id, edit.fields, target.slot, added, why);
      s != Status::Ok)
    return Refused(s, why);
  TraceEdit(world, TraceEvent::ComponentChanged, target.id, by, {},
            static_cast<std::int64_t>(type.id));
  return type.multiplicity == Multiplicity::Many ? "ok slot " + std::to_string(added) : "ok";
}

}  // namespace

// SET H TYPE[:SLOT] BODY: the value of what the entity has; without a slot, a Many type gains an
// entry (max + 1) and a One type is added when absent (SPEC).
std::string Console::Set(std::string_view args) {
  const Edit edit = ParseEdit("SET", args, *session_);
  if (!edit.error.empty()) return edit.error;
  GameWorld& world = MutableWorld();
  const Target& target = edit.target;
  const ComponentTypeInfo& type = *target.type;
  if (!world.Registry().IsAlive(target.id)) return "stale";
  const std::vector<std::uint32_t> slots = SlotsOf(world, target.id, type.id);
  const std::uint32_t wanted = type.multiplicity == Multiplicity::One ? 0 : target.slot;
  if (std::find(slots.begin(), slots.end(), wanted) == slots.end()) {
    if (wanted != kNextSlot && type.multiplicity == Multiplicity::Many)
      return Refused(Status::NotFound, std::string(type.name) + " slot " + std::to_string(wanted) +
                                           " does not exist (ADD restores a removed slot)");
    return AddParsed(world, edit, EditCommand::Set);
  }
  // The slot exists: replace its value (a value write).
  std::string why;
  if (Status s = ReplaceEntry(world, target.id, type.id, wanted, edit.fields, why); s != Status::Ok)
    return Refused(s, why);
  TraceEdit(world, TraceEvent::ComponentChanged, target.id, EditCommand::Set, {},
            static_cast<std::int64_t>(type.id));
  return "ok";
}

// ADD H TYPE BODY adds (a Many type's entry in slot max + 1); ADD H TYPE:SLOT BODY restores a
// removed entry in its old slot (an undo), the one exception to max + 1.
std::string Console::Add(std::string_view args) {
  const Edit edit = ParseEdit("ADD", args, *session_);
  if (!edit.error.empty()) return edit.error;
  if (!World().Registry().IsAlive(edit.target.id)) return "stale";
  return AddParsed(MutableWorld(), edit, EditCommand::Add);
}

std::string Console::Get(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 2) return Error("GET takes a handle and a type: GET 0:1 health");
  const GameWorld& world = World();
  const Target target = ParseTarget(words[0], words[1], world.WorldId());
  if (target.unknown && IsPreservedType(*session_, target.name)) {
    // An unknown component kept as written: its body, unread.
    if (!world.Registry().IsAlive(target.id)) return "stale";
    const std::vector<const PreservedComponent*> kept = KeptEntries(*session_, target);
    std::string reply;
    for (const PreservedComponent* c : kept)
      reply += (reply.empty() ? "" : "; ") +
               (kept.size() > 1 ? "slot " + std::to_string(c->slot) + " " : "") +
               Printable(c->body);
    return reply.empty() ? "none" : reply + " (not loaded)";
  }
  if (!target.error.empty()) return target.error;
  if (!world.Registry().IsAlive(target.id)) return "stale";
  const HandleReferences references(world);
  Fields fields{};
  if (target.type->multiplicity == Multiplicity::One || target.slot != kNextSlot) {
    const std::uint32_t slot = target.slot == kNextSlot ? 0 : target.slot;
    if (!ReadSlot(world, target.id, target.type->id, slot, fields)) return "none";
    return FormatComponentBody(*target.type, fields, references);
  }
  // Every slot of a Many component.
  std::string reply;
  for (std::uint32_t slot : SlotsOf(world, target.id, target.type->id)) {
    if (!ReadSlot(world, target.id, target.type->id, slot, fields)) continue;
    if (!reply.empty()) reply += "; ";
    reply += "slot " + std::to_string(slot) + " " +
             FormatComponentBody(*target.type, fields, references);
  }
  return reply.empty() ? "none" : reply;
}

namespace {

std::string NameOneSlot(std::string_view handle, std::string_view name, std::size_t count,
                        std::uint32_t first) {
  return Error(std::string(name) + " has " + std::to_string(count) +
               " entries: name one, as in REMOVE " + std::string(handle) + " " + std::string(name) +
               ":" + std::to_string(first));
}

// REMOVE H NAME of an unknown component kept as written (one the floor's level names): that entry
// goes, the entity stays.
std::string RemoveKept(GameSession& session, const Target& target, std::string_view handle) {
  const std::vector<const PreservedComponent*> kept = KeptEntries(session, target);
  if (kept.empty()) return "none";
  if (target.slot == kNextSlot && kept.size() > 1)
    return NameOneSlot(handle, target.name, kept.size(), kept.front()->slot);
  if (Status s = RemovePreservedComponent(session, target.id, target.name, kept.front()->slot);
      s != Status::Ok)
    return Error(std::string("cannot remove: ") + StatusName(s));
  return "ok";
}

}  // namespace

std::string Console::Remove(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 2) return Error("REMOVE takes a handle and a type: REMOVE 0:1 health");
  GameWorld& world = MutableWorld();
  const Target target = ParseTarget(words[0], words[1], world.WorldId());
  if (target.unknown && IsPreservedType(*session_, target.name)) {
    if (!world.Registry().IsAlive(target.id)) return "stale";
    return RemoveKept(*session_, target, words[0]);
  }
  if (!target.error.empty()) return target.error;
  if (!world.Registry().IsAlive(target.id)) return "stale";
  const std::vector<std::uint32_t> slots = SlotsOf(world, target.id, target.type->id);
  if (slots.empty()) return "none";
  std::uint32_t slot = target.slot == kNextSlot ? slots.front() : target.slot;
  if (target.slot == kNextSlot && slots.size() > 1)
    return NameOneSlot(words[0], target.type->name, slots.size(), slots.front());
  if (std::find(slots.begin(), slots.end(), slot) == slots.end()) return "none";
  std::optional<StructuralScope> scope;
  if (Status s = world.OpenStructural(WorldPhase::Commit, scope); s != Status::Ok)
    return Error(std::string("cannot remove now: ") + StatusName(s));
  std::string why;
  if (Status s = RemoveEntry(world, *scope, target.id, target.type->id, slot, why); s != Status::Ok)
    return Refused(s, why);
  TraceEdit(world, TraceEvent::ComponentChanged, target.id, EditCommand::Remove, {},
            100 + static_cast<std::int64_t>(target.type->id));
  return "ok";
}

std::string Console::Query(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.empty()) return Error("QUERY takes one or more types: QUERY position health");
  const GameWorld& world = World();
  std::vector<ComponentTypeId> types;
  for (std::string_view word : words) {
    const ComponentTypeInfo* type = FindComponentType(word);
    if (type == nullptr) return UnknownTypeError(word);
    types.push_back(type->id);
  }
  // Walk the smallest pool and test the others; then order by slot, compared as numbers.
  const auto smallest = std::min_element(types.begin(), types.end(), [&](auto a, auto b) {
    return StatsOf(world, a).size < StatsOf(world, b).size;
  });
  std::vector<EntityId> matches;
  for (EntityId id : OwnersOf(world, *smallest)) {
    if (!world.Registry().IsAlive(id)) continue;
    bool all = true;
    for (ComponentTypeId type : types) all = all && HasComponent(world, id, type);
    if (all) matches.push_back(id);
  }
  std::sort(matches.begin(), matches.end(), [](EntityId a, EntityId b) { return a.Slot < b.Slot; });
  std::string reply;
  for (EntityId id : matches) {
    if (!reply.empty()) reply += ' ';
    reply += FormatShortHandle(id);
  }
  return reply;
}

std::string Console::Restart(std::string_view args) {
  if (!args.empty()) return Error("RESTART takes no arguments");
  if (Status s = session_->Restart(); s != Status::Ok)
    return Error(std::string("cannot restart, the world is unchanged: ") + StatusName(s));
  return "ok";
}

std::string Console::Tick(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  std::uint64_t count = 1;
  if (words.size() > 1) return Error("TICK takes at most one number: TICK 10");
  if (words.size() == 1) {
    count = 0;
    for (char c : words[0]) {
      if (c < '0' || c > '9' || count > 100'000'000)
        return Error("TICK takes a count from 1 to 100000000");
      count = count * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (count == 0 || count > 100'000'000) return Error("TICK takes a count from 1 to 100000000");
  }
  if (session_->World().Fault().Active()) return Error(FaultText(session_->World().Fault()));
  // A long run looks up every tick at the clock (a few nanoseconds against a tick's microseconds)
  // and lets its check see it ten times a second, so a key or a signal stops it at once.
  using Clock = std::chrono::steady_clock;
  Clock::time_point next_check = Clock::now() + std::chrono::milliseconds(100);
  for (std::uint64_t i = 0; i < count; ++i) {
    if (session_->StepTick() != Status::Ok) return Error(FaultText(session_->World().Fault()));
    if (!long_work_check_ || i + 1 == count || Clock::now() < next_check) continue;
    if (!long_work_check_(i + 1, count))
      return "tick " + std::to_string(World().Tick()) + " (stopped after " + std::to_string(i + 1) +
             " of " + std::to_string(count) + " ticks)";
    next_check = Clock::now() + std::chrono::milliseconds(100);
  }
  return "tick " + std::to_string(World().Tick());
}

std::string Console::Why(std::string_view args) {
  const GameWorld& world = World();
  // WHY H ALL: every link the story holds, not the newest eight.
  std::vector<std::string_view> words = Words(args);
  const bool all = words.size() == 2 && words[1] == "ALL";
  if (all) words.pop_back();
  EntityId id;
  if (words.size() != 1 || ParseHandleText(words[0], world.WorldId(), id) != Status::Ok)
    return Error("WHY takes one handle, and ALL for the whole chain: WHY 5:1, WHY 5:1 ALL");
  return WhyReply(AskWhy(world, id, all ? kEveryWhyLink : 8), world);
}

std::string Console::Inspect(std::string_view args) {
  const GameWorld& world = World();
  EntityId id;
  if (std::string error;
      !OneHandle(args, "INSPECT takes one handle: INSPECT 0:1", world.WorldId(), id, error))
    return error;
  const EntityRegistry& registry = world.Registry();
  const HandleDiagnosis diagnosis = registry.DiagnoseHandle(id);
  if (!registry.IsAlive(id))
    return "stale: " + FormatEntity(id) + " " + HandleDiagnosisName(diagnosis);
  inspected_ = id;
  MutableWorld().Watch(id);  // its value writes are traced from now on, phase by phase
  std::string reply = FormatEntity(id) + " " + HandleDiagnosisName(diagnosis) +
                      " sequence=" + std::to_string(registry.CreationSequenceOf(id));
  if (const Named* named = world.Names().Find(id); named != nullptr && !named->id.View().empty())
    reply += " id=" + Printable(named->id.View());
  reply += " components:";
  bool any = false;
  const HandleReferences references(world);
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    for (std::uint32_t slot : SlotsOf(world, id, type.id)) {
      Fields fields{};
      if (!ReadSlot(world, id, type.id, slot, fields)) continue;
      reply += any ? "; " : " ";
      reply += std::string(type.name);
      if (type.multiplicity == Multiplicity::Many) reply += ":" + std::to_string(slot);
      reply += " " + FormatComponentBody(type, fields, references);
      any = true;
    }
  }
  if (const auto* preserved = session_->Preserved(id)) {
    for (const PreservedComponent& p : *preserved) {
      reply += any ? "; " : " ";
      reply += Printable(p.type) + ":" + std::to_string(p.slot) + " v" + std::to_string(p.version) +
               " (not loaded) " + Printable(p.body);
      any = true;
    }
  }
  if (!any) reply += " none";
  return reply;
}

std::string Console::Pools(std::string_view args) {
  if (!args.empty()) return Error("POOLS takes no arguments");
  std::string reply;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    const PoolStats stats = StatsOf(World(), type.id);
    if (!reply.empty()) reply += "; ";
    reply += std::string(type.name) + " size=" + std::to_string(stats.size) +
             " capacity=" + std::to_string(stats.capacity) +
             " high-water=" + std::to_string(stats.high_water);
  }
  return reply;
}

std::string Console::Registry(std::string_view args) {
  if (!args.empty()) return Error("REGISTRY takes no arguments");
  const EntityRegistry& r = World().Registry();
  return "world=" + std::to_string(r.WorldId()) + " live=" + std::to_string(r.LiveCount()) +
         " pending=" + std::to_string(r.PendingCount()) + " free=" + std::to_string(r.FreeCount()) +
         " retired=" + std::to_string(r.RetiredCount()) +
         " capacity=" + std::to_string(r.Capacity()) +
         " revision=" + std::to_string(r.StructuralRevision());
}

std::string Console::Counters(std::string_view args) {
  if (!args.empty()) return Error("COUNTERS takes no arguments");
  const GameWorld& w = World();
  const WorldCounters& c = w.Counters();
  return "tick=" + std::to_string(w.Tick()) + " commands=" + std::to_string(c.commands_recorded) +
         " command-high-water=" + std::to_string(c.command_high_water) + "/" +
         std::to_string(w.Limits().commands) +
         " outcome-high-water=" + std::to_string(c.outcome_high_water) + "/" +
         std::to_string(w.Limits().outcomes) + " spawned=" + std::to_string(c.spawns_published) +
         " destroyed=" + std::to_string(c.destroys_published) +
         " stale-rejected=" + std::to_string(c.stale_rejected) +
         " attacks-high-water=" + std::to_string(w.Attacks().HighWaterMark()) +
         " deaths-high-water=" + std::to_string(w.Deaths().HighWaterMark()) +
         " noises-high-water=" + std::to_string(w.Noises().HighWaterMark()) +
         " notices-dropped=" + std::to_string(w.Notices().Dropped()) +
         " peak-generation=" + std::to_string(w.Registry().PeakGeneration()) +
         " capacity-failures=" + std::to_string(w.CapacityFailures()) +
         " binding-conflicts=" + std::to_string(w.Bindings().Conflicts()) +
         " effects-dropped=" + std::to_string(session_->Log().EffectsDropped()) +
         " last-extraction-us=" +
         // Rounded up: a frame extracted in under half a microsecond is not "none drawn".
         std::to_string((session_->LastExtractionNanoseconds() + 999) / 1000) +
         " fault=" + (w.Fault().Active() ? StatusName(w.Fault().status) : "none");
}

std::string Console::Trace(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  // TRACE ON | OFF: whether anything is captured (the run hashes the same either way).
  if (words.size() == 1 && (words[0] == "ON" || words[0] == "OFF")) {
    session_->SetTraceCapture(words[0] == "ON");
    return std::string("trace ") + (words[0] == "ON" ? "on" : "off");
  }
  std::uint64_t count = 10;
  if (words.size() > 1) return Error("TRACE takes at most one number: TRACE 20");
  if (words.size() == 1) {
    count = 0;
    for (char c : words[0]) {
      if (c < '0' || c > '9' || count > 100000)
        return Error("TRACE takes a count from 1 to 100000");
      count = count * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (count == 0) return Error("TRACE takes a count from 1 to 100000");
  }
  const TraceRing& trace = World().Trace();
  std::vector<TraceEntry> entries;
  TraceEntry entry;
  for (std::uint64_t n = 0; n < count && trace.Recent(n, entry); ++n) entries.push_back(entry);
  std::reverse(entries.begin(), entries.end());  // oldest first
  std::string reply;
  for (const TraceEntry& e : entries) {
    if (!reply.empty()) reply += " | ";
    reply += TraceText(e, World().Definitions());
  }
  return reply;
}

std::string Console::Hash(std::string_view args) {
  if (!args.empty()) return Error("HASH takes no arguments");
  const StateDigest digest = DigestState(World());
  std::string reply = "tick " + std::to_string(World().Tick()) + " state " + HashText(digest.total);
  // The parts the state covers: a pool with no component in it is none.
  for (const PartHash& part : CoveredParts(digest, DigestForm::Named()))
    reply += std::string(" ") + StatePartName(part.part) + "=" + HashText(part.hash);
  return reply;
}

std::string Console::Phase(std::string_view args) {
  if (!args.empty()) return Error("PHASE takes no arguments");
  if (World().Fault().Active()) return Error(FaultText(World().Fault()));
  TickPhase ran = TickPhase::BeginTick;
  if (session_->StepPhase(TickInput{}, ran) != Status::Ok) return Error(FaultText(World().Fault()));
  return "tick " + std::to_string(World().Tick()) + " phase " + TickPhaseName(ran);
}

std::string Console::Pool(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 1) return Error("POOL takes one component type: POOL health");
  const ComponentTypeInfo* type = FindComponentType(words[0]);
  if (type == nullptr) return UnknownTypeError(words[0]);
  return PoolText(World(), type->id);
}

std::string Console::Types(std::string_view args) {
  if (!args.empty()) return Error("TYPES takes no arguments");
  std::string reply;
  for (const ComponentTypeInfo& info : AllComponentTypes()) {
    if (!reply.empty()) reply += " | ";
    reply += std::string(info.name) + " category=" + std::string(info.category);
    if (info.multiplicity == Multiplicity::Many) reply += " many";
    reply += " since=" + std::to_string(kComponentSince[static_cast<std::size_t>(info.id)]);
    reply += " fields=";
    for (std::size_t f = 0; f < info.fields.size(); ++f)
      reply += (f == 0 ? "" : ",") + std::string(info.fields[f].name);
  }
  return reply;
}

std::string Console::Help(std::string_view) {
  return kUsage;
}

std::string Console::Dup(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.empty()) return Error("DUP takes one or more handles: DUP 3:1 4:1");
  const GameWorld& world = World();
  std::vector<EntityId> set;
  for (std::string_view word : words) {
    EntityId id;
    if (ParseHandleText(word, world.WorldId(), id) != Status::Ok)
      return Error("'" + std::string(word) +
                   "' is not a handle: write SLOT:GENERATION or WORLD:SLOT:GENERATION");
    if (!world.Registry().IsAlive(id)) return "stale";
    set.push_back(id);
  }
  std::vector<EntityId> copies;
  std::string why;
  if (Status s = DuplicateEntities(*session_, set, *entropy_, copies, why); s != Status::Ok)
    return Error("nothing duplicated: " +
                 std::string(s == Status::ProtectedEntity ? "ProtectedEntity: " : "") + why);
  std::string reply;
  for (EntityId id : copies) {
    TraceEdit(session_->World(), TraceEvent::Spawned, id, EditCommand::Dup);
    reply += (reply.empty() ? "" : " ") + FormatShortHandle(id);
  }
  return reply;
}

std::string Console::Key(std::string_view args) {
  const GameWorld& world = World();
  EntityId id;
  if (std::string error;
      !OneHandle(args, "KEY takes one handle: KEY 3:1", world.WorldId(), id, error))
    return error;
  if (!world.Registry().IsAlive(id)) return "stale";
  const PersistentObjectKey* key = world.Bindings().KeyOf(id);
  if (key == nullptr) return "none";
  char instance[kUuidTextLength + 1], source[kUuidTextLength + 1];
  (void)FormatUuid(key->Instance.Value, instance);
  (void)FormatUuid(key->Source.Value, source);
  return std::string(instance, kUuidTextLength) + " " + std::string(source, kUuidTextLength);
}

std::string Console::Resolve(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 2) return Error("RESOLVE takes an instance UUID and a source UUID");
  PersistentObjectKey key;
  if (ParseUuid(words[0], key.Instance.Value) != Status::Ok ||
      ParseUuid(words[1], key.Source.Value) != Status::Ok)
    return Error("RESOLVE takes two version-4 UUIDs (from KEY H)");
  EntityId id;
  const ResolveStatus status = MutableWorld().Bindings().Resolve(key, id);
  std::string reply = ResolveStatusName(status);
  if (status == ResolveStatus::Resolved) reply += " " + FormatShortHandle(id);
  return reply + " revision " + std::to_string(World().Bindings().Revision());
}

bool RunConsole(Console& console, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    bool has_reply = false;
    const std::string reply = console.Execute(line, has_reply);
    if (has_reply) out << reply << '\n' << std::flush;
  }
  return !in.bad();
}

}  // namespace cairn
