#include "console/lesson.h"

#include <istream>
#include <memory>
#include <ostream>
#include <span>
#include <vector>

#include "console/console.h"
#include "content/definitions_reader.h"
#include "game/level.h"

namespace cairn {
namespace {

// One console command of a step: the reply the lesson expects ("…" stands for any text; "" for
// an empty line), and what the reply shows ("" for nothing more to say).
struct LessonCommand {
  std::string_view command;
  std::string_view expect;
  std::string_view says;
};

struct LessonStep {
  std::string_view title;
  std::string_view intro;
  std::span<const LessonCommand> commands;
  bool on_the_floor = false;  // the small live floor, not the empty world
};

constexpr LessonCommand kIdentity[] = {
    {"SPAWN", "0:1",
     "A new entity: slot 0, generation 1 (generations start at 1; 0 never names anything). It "
     "has no components: it is an identity and nothing else."},
    {"SPAWN", "1:1", "The next slot never used is 1."},
    {"INSPECT 0:1", "Entity{World=…, Slot=0, Generation=1} active sequence=1 components: none",
     "The whole handle: the world that issued it, the slot and the generation. A handle another "
     "world issued is refused even when slot and generation match."},
};

constexpr LessonCommand kPools[] = {
    {"SET 0:1 health { current = 5, max = 5 }", "ok",
     "The value goes into the health pool, not into the entity."},
    {"SET 1:1 health { current = 3, max = 3 }", "ok", ""},
    {"SPAWN", "2:1", ""},
    {"SET 2:1 health { current = 4, max = 4 }", "ok", ""},
    {"POOL health", "health size=3 capacity=16 dense=0:1,1:1,2:1 sparse=0>0,1>1,2>2",
     "A pool is a sparse set: a dense array of values with their owners, packed, in the order "
     "they came; and a sparse array from each owner's slot to its place there. A lookup is two "
     "reads; a walk over every health is a straight scan of the dense array."},
    {"POOL position", "position size=0 capacity=16 dense= sparse=",
     "Each type has its own pool. Nobody has a position."},
};

constexpr LessonCommand kSwap[] = {
    {"REMOVE 0:1 health", "ok", ""},
    {"POOL health", "health size=2 capacity=16 dense=2:1,1:1 sparse=1>1,2>0",
     "0:1's value is gone and the last owner, 2:1, moved into the hole: the dense array stays "
     "packed, and only the moved owner's sparse entry changed (2>0). Dense order is not "
     "creation order, so nothing the game decides may depend on it."},
};

constexpr LessonCommand kStale[] = {
    {"DESPAWN 0:1", "ok", ""},
    {"GET 0:1 health", "stale",
     "Asking about a dead entity is normal, and the answer is stale, never an error."},
    {"INSPECT 0:1", "stale: Entity{World=…, Slot=0, Generation=1} slot is free",
     "The registry can say why: the slot holds nobody now."},
};

constexpr LessonCommand kReuse[] = {
    {"DESPAWN 2:1", "ok", ""},
    {"SLOTS", "free=2,0,3,... retired=0 gen=0:1,1:1,2:1",
     "The free slots, in the order creations take them: a stack, so 2 (freed last) comes first, "
     "then 0, then the slots never used. gen= is the generation each slot's handle carried."},
    {"SPAWN", "2:2",
     "Slot 2 again, with generation 2: the old handle 2:1 can never name this entity."},
    {"GET 2:1 health", "stale", ""},
    {"GET 2:2 health", "none",
     "A reused slot starts empty: its old owner's components went when it was despawned."},
};

constexpr LessonCommand kQuery[] = {
    {"SPAWN", "0:2", ""},
    {"SPAWN", "3:1", ""},
    {"SPAWN", "4:1", ""},
    {"SPAWN", "5:1", ""},
    {"SPAWN", "6:1", ""},
    {"SPAWN", "7:1", ""},
    {"SPAWN", "8:1", ""},
    {"SPAWN", "9:1", ""},
    {"SPAWN", "10:1", ""},
    {"SET 10:1 health { current = 1, max = 1 }", "ok", ""},
    {"SET 2:2 health { current = 2, max = 2 }", "ok", ""},
    {"QUERY health", "1:1 2:2 10:1",
     "Every live entity with health, ascending by slot compared as numbers: 2 before 10 (as "
     "text, 10:1 would come first). Replays and saves depend on answers in the same order every "
     "time."},
};

constexpr LessonCommand kCommit[] = {
    {"QUERY player", "0:1", "You."},
    {"QUERY enemy_ai", "1:1", "The rat beside you."},
    {"SET 1:1 health { current = 1, max = 1 }", "ok", "A weak rat,"},
    {"SET 0:1 combat { accuracy = 20 }", "ok", "and a sure hand."},
    {"SET 0:1 intent { kind = \"move\", dx = 1, dy = 0 }", "ok",
     "What you mean to do this tick: step east, into the rat. Systems act on intents; nothing "
     "has moved yet."},
    {"PHASE", "tick 1 phase BeginTick", "A tick is seven phases, in a fixed order."},
    {"PHASE", "tick 1 phase PlayerIntent",
     "No key was pressed this tick, so the intent you set stands."},
    {"PHASE", "tick 1 phase AI", "The rat looks at you and decides."},
    {"PHASE", "tick 1 phase Movement", ""},
    {"GET 0:1 intent",
     "{ kind = \"attack\", dx = 0, dy = 0, revision = 0, target = \"1:1\", item = \"\" }",
     "The move ran into a hostile: Movement turned it into a blow at the rat."},
    {"PHASE", "tick 1 phase ResolveGameplay", "The blow lands, and the rat dies."},
    {"COMMANDS", "cmd=1 destroy a=1:1",
     "But it is not gone: a system never destroys during a tick. The destroy waits in the "
     "command buffer for the commit."},
    {"INSPECT 1:1", "Entity{World=…, Slot=1, Generation=1} pending destroy …",
     "Pending destroy: alive until the commit, and skipped by every system that runs before it."},
    {"PHASE", "tick 1 phase Commit",
     "The commit publishes every queued command at once, at a known boundary."},
    {"COMMANDS", "", "The buffer is empty again."},
    {"GET 1:1 health", "stale", "The rat's handle is stale now."},
    {"SLOTS", "free=1,2,... retired=0 gen=0:1,1:1",
     "Its slot is on top of the free list: the next entity there is 1:2."},
    {"PHASE", "tick 1 phase EndTick",
     "The tick is over, exactly where TICK would have left it (the console's HASH says the "
     "same)."},
};

constexpr LessonStep kSteps[] = {
    {"An entity is only a handle",
     "An entity is identity only: the world that made it, a slot, and a generation. State lives "
     "elsewhere.",
     kIdentity},
    {"A component lives in a pool",
     "Components are plain values, one pool per type, owned by the world.", kPools},
    {"Removing a component swaps the last owner into the hole",
     "A pool stays packed when a component goes.", kSwap},
    {"Despawning makes a handle stale",
     "Destroying an entity takes its components with it; its handle stops working, loudly.",
     kStale},
    {"A freed slot is reused, last freed first, with a new generation",
     "Slots are few and reused; generations keep old handles from naming new entities.", kReuse},
    {"Queries answer in numeric slot order",
     "A query is every live entity with all the named types.", kQuery},
    {"Structural changes wait for the commit",
     "Now a live floor: you (0:1) and a rat (1:1) beside you. One tick, one phase at a time "
     "(the console's PHASE; in the game, the debug pane's step_phase key).",
     kCommit, true},
};

// The lesson's floor: a small room, you and a rat beside you.
std::shared_ptr<const LevelDefinition> LessonFloor() {
  static constexpr std::string_view kRows[] = {"########", "#......#", "#.@r...#", "#......#",
                                               "########"};
  const auto definitions = DefaultDefinitions();
  if (!definitions) return nullptr;
  return std::make_shared<LevelDefinition>(
      LevelFromAscii("the lesson's room", kRows, *definitions, false));
}

// Whether `reply` is what `expect` says, "…" standing for any text.
bool Matches(std::string_view expect, std::string_view reply) {
  const std::size_t star = expect.find("…");
  if (star == std::string_view::npos) return expect == reply;
  const std::string_view head = expect.substr(0, star);
  const std::string_view tail = expect.substr(star + std::string_view("…").size());
  if (reply.substr(0, head.size()) != head) return false;
  reply.remove_prefix(head.size());
  for (std::size_t at = 0; at <= reply.size(); ++at)
    if (Matches(tail, reply.substr(at))) return true;
  return false;
}

// `text`, wrapped at spaces to `width`, each line begun with `indent`.
void Say(std::ostream& out, std::string_view text, std::string_view indent, std::size_t width) {
  std::string line(indent);
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find(' ', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(at, end - at);
    if (line.size() > indent.size() && line.size() + 1 + word.size() > width) {
      out << line << "\n";
      line = std::string(indent);
    }
    if (line.size() > indent.size()) line += ' ';
    line += word;
    at = end + 1;
  }
  if (line.size() > indent.size()) out << line << "\n";
}

// Asks for `command` until the learner types it, presses Enter (the same) or quits (false).
bool AskFor(LessonIo& io, std::string_view command) {
  for (;;) {
    io.out << "   type it, or press Enter (q quits) > " << std::flush;
    std::string line;
    if (!std::getline(*io.in, line)) {
      if (io.echo) io.out << "\n";
      return false;
    }
    if (io.echo) io.out << line << "\n";
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    std::size_t lead = 0;
    while (lead < line.size() && line[lead] == ' ') ++lead;
    line.erase(0, lead);
    if (line == "q" || line == "Q") return false;
    if (line.empty() || line == command) return true;
    Say(io.out, "That is not this step's command: it is `" + std::string(command) + "`.", "   ",
        io.width);
  }
}

}  // namespace

bool RunLesson(LessonIo& io) {
  std::unique_ptr<Console> world;
  std::unique_ptr<Console> floor;
  ConsoleOptions empty;
  empty.capacity = 16;
  ConsoleOptions room;
  room.level = LessonFloor();
  if (room.level == nullptr || Console::Create(empty, world) != Status::Ok ||
      Console::Create(room, floor) != Status::Ok) {
    io.out << "cairn lesson: the lesson's worlds could not be built\n";
    return false;
  }
  io.out << "cairn lesson: an entity-component world, step by step\n";
  Say(io.out,
      "Each step runs console commands (docs/CONSOLE.md) on a live world and says what the reply "
      "shows.",
      "", io.width);
  int number = 0;
  for (const LessonStep& step : kSteps) {
    io.out << "\n" << ++number << ". " << step.title << "\n";
    Say(io.out, step.intro, "   ", io.width);
    Console& console = step.on_the_floor ? *floor : *world;
    for (const LessonCommand& c : step.commands) {
      io.out << "\n   > " << c.command << "\n";
      if (io.in != nullptr && !AskFor(io, c.command)) {
        io.out << "\nThe lesson stops here. `cairn lesson` starts it again.\n";
        return false;
      }
      bool has_reply = false;
      const std::string reply = console.Execute(c.command, has_reply);
      // The reply as the console gave it, wrapped to the width ("(empty)" for an empty line).
      Say(io.out, reply.empty() ? std::string_view("(empty)") : std::string_view(reply), "   ",
          io.width);
      if (!Matches(c.expect, reply)) {
        io.out << "\ncairn lesson: step " << number << " expected `" << c.expect
               << "`: the engine no longer does what this lesson teaches\n";
        return false;
      }
      if (!c.says.empty()) Say(io.out, c.says, "     ", io.width);
    }
  }
  io.out << "\n";
  Say(io.out,
      "That is the whole of it: identity, pools, stale handles, reuse, query order and the "
      "commit.",
      "", io.width);
  Say(io.out,
      "Next: `cairn --debug` (the pane: F6 one tick, \\ one phase, = the machine view), "
      "docs/DEBUGGING.md, and `cairn console`'s HELP.",
      "", io.width);
  return true;
}

}  // namespace cairn
