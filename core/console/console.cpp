#include "console/console.h"

#include <algorithm>
#include <array>
#include <istream>
#include <ostream>
#include <vector>

#include "identity/handle_text.h"
#include "schema/component_access.h"
#include "schema/component_body.h"
#include "schema/component_types.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

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

std::string Error(std::string_view what) { return "error: " + std::string(what); }

std::string UnknownTypeError(std::string_view name) {
  std::string known;
  for (const ComponentTypeInfo& info : AllComponentTypes()) {
    if (!known.empty()) known += ", ";
    known += info.name;
  }
  return Error("unknown component type '" + std::string(name) + "' (known: " + known + ")");
}

struct ParsedHandle {
  bool ok = false;
  EntityId id;
  std::string error;
};

ParsedHandle ParseHandle(std::string_view text, std::uint64_t world) {
  ParsedHandle parsed;
  if (TryParseHandleText(text, world, parsed.id) != Status::Ok) {
    parsed.error = Error("'" + std::string(text) +
                         "' is not a handle: write SLOT:GENERATION or WORLD:SLOT:GENERATION");
    return parsed;
  }
  parsed.ok = true;
  return parsed;
}

// A command's entity and component type, or the error that names what is wrong with them.
struct Target {
  EntityId id;
  const ComponentTypeInfo* type = nullptr;
  std::string error;
};

Target ParseTarget(std::string_view handle_text, std::string_view type_text, std::uint64_t world) {
  Target target;
  const ParsedHandle handle = ParseHandle(handle_text, world);
  if (!handle.ok) {
    target.error = handle.error;
    return target;
  }
  target.id = handle.id;
  target.type = FindComponentType(type_text);
  if (target.type == nullptr) target.error = UnknownTypeError(type_text);
  return target;
}

constexpr const char* kUsage =
    "commands: SPAWN | DESPAWN H | SET H TYPE BODY | GET H TYPE | REMOVE H TYPE | QUERY TYPE... | "
    "RESTART | INSPECT H | POOLS | REGISTRY | HELP";

}  // namespace

Status Console::TryCreate(const ConsoleOptions& options, std::unique_ptr<Console>& out) noexcept {
  std::unique_ptr<Console> console(new (std::nothrow) Console(options));
  if (!console) return Status::AllocationFailed;
  if (Status s = GameWorld::TryCreate(options.limits, console->world_); s != Status::Ok) return s;
  out = std::move(console);
  return Status::Ok;
}

std::string Console::Execute(std::string_view line, bool& has_reply) {
  const std::string_view trimmed = Trim(line);
  has_reply = !(trimmed.empty() || trimmed.front() == '#');
  if (!has_reply) return {};
  std::string_view args;
  const std::string_view command = NextWord(trimmed, args);
  if (command == "SPAWN") return Spawn(args);
  if (command == "DESPAWN") return Despawn(args);
  if (command == "SET") return Set(args);
  if (command == "GET") return Get(args);
  if (command == "REMOVE") return Remove(args);
  if (command == "QUERY") return Query(args);
  if (command == "RESTART") return Restart(args);
  if (command == "INSPECT") return Inspect(args);
  if (command == "POOLS") return Pools(args);
  if (command == "REGISTRY") return Registry(args);
  if (command == "HELP") return Help(args);
  std::string upper(command);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; });
  if (upper != command && (upper == "SPAWN" || upper == "DESPAWN" || upper == "SET" ||
                           upper == "GET" || upper == "REMOVE" || upper == "QUERY" ||
                           upper == "RESTART" || upper == "INSPECT" || upper == "POOLS" ||
                           upper == "REGISTRY" || upper == "HELP"))
    return Error("unknown command '" + std::string(command) + "' (commands are upper case: " +
                 upper + ")");
  return Error("unknown command '" + std::string(command) + "'; " + kUsage);
}

std::string Console::Spawn(std::string_view args) {
  if (!args.empty()) return Error("SPAWN takes no arguments");
  StructuralScope scope = world_->OpenStructural(WorldPhase::Commit);
  EntityId id;
  const Status status = world_->CreateEntity(scope, id);
  if (status == Status::CapacityExceeded)
    return Error("the world is full (" + std::to_string(world_->Registry().Capacity()) +
                 " entity slots, " + std::to_string(world_->Registry().RetiredCount()) +
                 " retired)");
  if (status != Status::Ok) return Error(std::string("cannot spawn: ") + StatusName(status));
  return FormatShortHandle(id);
}

std::string Console::Despawn(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 1) return Error("DESPAWN takes one handle: DESPAWN SLOT:GENERATION");
  const ParsedHandle handle = ParseHandle(words[0], world_->WorldId());
  if (!handle.ok) return handle.error;
  if (!world_->Registry().IsAlive(handle.id)) return "stale";
  StructuralScope scope = world_->OpenStructural(WorldPhase::Commit);
  const Status status = world_->DestroyEntity(scope, handle.id);
  if (status != Status::Ok) return Error(std::string("cannot despawn: ") + StatusName(status));
  return "ok";
}

std::string Console::Set(std::string_view args) {
  std::string_view rest;
  const std::string_view handle_text = NextWord(args, rest);
  const std::string_view type_name = NextWord(rest, rest);
  const std::string_view body_text = rest;
  if (handle_text.empty() || type_name.empty() || body_text.empty())
    return Error("SET takes a handle, a type and a body: SET 0:1 position { x = 1, y = 2 }");
  const Target target = ParseTarget(handle_text, type_name, world_->WorldId());
  if (!target.error.empty()) return target.error;
  const ComponentTypeInfo* type = target.type;

  // The body is read as the value of one key, `body = ...`; columns are reported within the body.
  static constexpr std::string_view kPrefix = "body = ";
  TomlValue document;
  TomlError toml_error;
  if (!ParseToml(std::string(kPrefix) + std::string(body_text), document, toml_error)) {
    const std::uint32_t column = toml_error.position.column > kPrefix.size()
                                     ? toml_error.position.column - static_cast<std::uint32_t>(kPrefix.size())
                                     : 1;
    return Error("bad body at column " + std::to_string(column) + ": " + toml_error.message);
  }
  const TomlValue* body = document.Find("body");
  if (body == nullptr || document.members.size() != 1 || !body->IsTable() || !body->inline_table)
    return Error("the body must be one TOML inline table, like { x = 1, y = 2 }");
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  std::vector<BodyProblem> problems;
  if (!DecodeComponentBody(*type, *body, fields, problems)) {
    std::string message = "bad body: " + problems.front().message;
    if (problems.size() > 1) message += " (and " + std::to_string(problems.size() - 1) + " more)";
    return Error(message);
  }
  if (!world_->Registry().IsAlive(target.id)) return "stale";
  StructuralScope scope = world_->OpenStructural(WorldPhase::Commit);
  const Status status = WriteComponent(*world_, scope, target.id, type->id, fields);
  if (status == Status::CapacityExceeded)
    return Error("the " + std::string(type->name) + " pool is full (" +
                 std::to_string(StatsOf(*world_, type->id).capacity) + ")");
  if (status != Status::Ok) return Error(std::string("cannot set: ") + StatusName(status));
  return "ok";
}

std::string Console::Get(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 2) return Error("GET takes a handle and a type: GET 0:1 health");
  const Target target = ParseTarget(words[0], words[1], world_->WorldId());
  if (!target.error.empty()) return target.error;
  if (!world_->Registry().IsAlive(target.id)) return "stale";
  std::array<FieldValue, kMaxFieldsPerComponent> fields{};
  if (!ReadComponent(*world_, target.id, target.type->id, fields)) return "none";
  return FormatComponentBody(*target.type, fields);
}

std::string Console::Remove(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 2) return Error("REMOVE takes a handle and a type: REMOVE 0:1 health");
  const Target target = ParseTarget(words[0], words[1], world_->WorldId());
  if (!target.error.empty()) return target.error;
  if (!world_->Registry().IsAlive(target.id)) return "stale";
  if (!HasComponent(*world_, target.id, target.type->id)) return "none";
  StructuralScope scope = world_->OpenStructural(WorldPhase::Commit);
  const Status status = RemoveComponentOfType(*world_, scope, target.id, target.type->id);
  if (status != Status::Ok) return Error(std::string("cannot remove: ") + StatusName(status));
  return "ok";
}

std::string Console::Query(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.empty()) return Error("QUERY takes one or more types: QUERY position health");
  std::vector<ComponentTypeId> types;
  for (std::string_view word : words) {
    const ComponentTypeInfo* type = FindComponentType(word);
    if (type == nullptr) return UnknownTypeError(word);
    types.push_back(type->id);
  }
  // Walk the smallest pool and test the others; then order by slot, compared as numbers.
  const auto smallest = std::min_element(types.begin(), types.end(), [&](auto a, auto b) {
    return StatsOf(*world_, a).size < StatsOf(*world_, b).size;
  });
  std::vector<EntityId> matches;
  for (EntityId id : OwnersOf(*world_, *smallest)) {
    if (!world_->Registry().IsAlive(id)) continue;
    bool all = true;
    for (ComponentTypeId type : types) all = all && HasComponent(*world_, id, type);
    if (all) matches.push_back(id);
  }
  std::sort(matches.begin(), matches.end(),
            [](EntityId a, EntityId b) { return a.Slot < b.Slot; });
  std::string reply;
  for (EntityId id : matches) {
    if (!reply.empty()) reply += ' ';
    reply += FormatShortHandle(id);
  }
  return reply;
}

std::string Console::Restart(std::string_view args) {
  if (!args.empty()) return Error("RESTART takes no arguments");
  std::unique_ptr<GameWorld> fresh;
  const Status status = GameWorld::TryCreate(options_.limits, fresh);
  if (status != Status::Ok)
    return Error(std::string("cannot restart, the world is unchanged: ") + StatusName(status));
  world_ = std::move(fresh);
  return "ok";
}

std::string Console::Inspect(std::string_view args) {
  const std::vector<std::string_view> words = Words(args);
  if (words.size() != 1) return Error("INSPECT takes one handle: INSPECT 0:1");
  const ParsedHandle handle = ParseHandle(words[0], world_->WorldId());
  if (!handle.ok) return handle.error;
  const EntityRegistry& registry = world_->Registry();
  const HandleDiagnosis diagnosis = registry.DiagnoseHandle(handle.id);
  if (!registry.IsAlive(handle.id))
    return "stale: " + FormatEntity(handle.id) + " " + HandleDiagnosisName(diagnosis);
  std::string reply = FormatEntity(handle.id) + " " + HandleDiagnosisName(diagnosis) +
                      " sequence=" + std::to_string(registry.CreationSequenceOf(handle.id)) +
                      " components:";
  bool any = false;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    std::array<FieldValue, kMaxFieldsPerComponent> fields{};
    if (!ReadComponent(*world_, handle.id, type.id, fields)) continue;
    reply += any ? "; " : " ";
    reply += std::string(type.name) + " " + FormatComponentBody(type, fields);
    any = true;
  }
  if (!any) reply += " none";
  return reply;
}

std::string Console::Pools(std::string_view args) {
  if (!args.empty()) return Error("POOLS takes no arguments");
  std::string reply;
  for (const ComponentTypeInfo& type : AllComponentTypes()) {
    const PoolStats stats = StatsOf(*world_, type.id);
    if (!reply.empty()) reply += "; ";
    reply += std::string(type.name) + " size=" + std::to_string(stats.size) +
             " capacity=" + std::to_string(stats.capacity) +
             " high-water=" + std::to_string(stats.high_water);
  }
  return reply;
}

std::string Console::Registry(std::string_view args) {
  if (!args.empty()) return Error("REGISTRY takes no arguments");
  const EntityRegistry& r = world_->Registry();
  return "world=" + std::to_string(r.WorldId()) + " live=" + std::to_string(r.LiveCount()) +
         " pending=" + std::to_string(r.PendingCount()) + " free=" + std::to_string(r.FreeCount()) +
         " retired=" + std::to_string(r.RetiredCount()) +
         " capacity=" + std::to_string(r.Capacity()) +
         " revision=" + std::to_string(r.StructuralRevision());
}

std::string Console::Help(std::string_view) { return kUsage; }

void RunConsole(Console& console, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    bool has_reply = false;
    const std::string reply = console.Execute(line, has_reply);
    if (has_reply) out << reply << '\n' << std::flush;
  }
}

}  // namespace cairn
