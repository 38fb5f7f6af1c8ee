#include "console/lesson.h"

#include <istream>
#include <memory>
#include <ostream>
#include <span>
#include <vector>

#include "console/console.h"
#include "content/definitions_reader.h"
#include "game/level.h"
#include "identity/handle_text.h"

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

struct LessonWalk::Worlds {
  std::unique_ptr<Console> empty;  // the first steps: an empty world of 16 slots
  std::unique_ptr<Console> floor;  // the last: a small room, you and a rat
};

LessonWalk::LessonWalk() = default;
LessonWalk::~LessonWalk() = default;

Status LessonWalk::Create(std::unique_ptr<LessonWalk>& out) {
  auto walk = std::unique_ptr<LessonWalk>(new LessonWalk());
  walk->worlds_ = std::make_unique<Worlds>();
  ConsoleOptions empty;
  empty.capacity = 16;
  ConsoleOptions room;
  room.level = LessonFloor();
  if (room.level == nullptr) return Status::InvalidArgument;
  if (Status s = Console::Create(empty, walk->worlds_->empty); s != Status::Ok) return s;
  if (Status s = Console::Create(room, walk->worlds_->floor); s != Status::Ok) return s;
  out = std::move(walk);
  return Status::Ok;
}

std::size_t LessonWalk::StepCount() noexcept {
  return std::size(kSteps);
}

bool LessonWalk::Done() const noexcept {
  return step_ >= std::size(kSteps);
}

bool LessonWalk::StepStarts() const noexcept {
  return !Done() && command_ == 0;
}

std::string_view LessonWalk::StepTitle() const noexcept {
  return Done() ? std::string_view() : kSteps[step_].title;
}

std::string_view LessonWalk::StepIntro() const noexcept {
  return Done() ? std::string_view() : kSteps[step_].intro;
}

std::string_view LessonWalk::NextCommand() const noexcept {
  return Done() ? std::string_view() : kSteps[step_].commands[command_].command;
}

Console& LessonWalk::ConsoleOfStep() const noexcept {
  const bool floor =
      Done() ? kSteps[std::size(kSteps) - 1].on_the_floor : kSteps[step_].on_the_floor;
  return floor ? *worlds_->floor : *worlds_->empty;
}

GameSession& LessonWalk::Session() noexcept {
  return ConsoleOfStep().Session();
}

EntityId LessonWalk::Subject() const {
  // The first "slot:generation" word of the next command (of the last, once done).
  const std::size_t step = Done() ? std::size(kSteps) - 1 : step_;
  const std::size_t command = Done() ? kSteps[step].commands.size() - 1 : command_;
  std::string_view text = kSteps[step].commands[command].command;
  const std::uint64_t world = ConsoleOfStep().Session().World().Registry().WorldId();
  while (!text.empty()) {
    const std::size_t end = std::min(text.find(' '), text.size());
    EntityId id;
    if (ParseHandleText(text.substr(0, end), world, id) == Status::Ok) return id;
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return subject_;
}

bool LessonWalk::RunNext(std::string& reply, std::string& says, std::string& expected) {
  if (Done()) return false;
  const LessonCommand& c = kSteps[step_].commands[command_];
  subject_ = Subject();
  bool has_reply = false;
  reply = ConsoleOfStep().Execute(c.command, has_reply);
  says = std::string(c.says);
  expected = std::string(c.expect);
  if (!Matches(c.expect, reply)) return false;
  if (++command_ == kSteps[step_].commands.size()) {
    command_ = 0;
    ++step_;
  }
  return true;
}

bool RunLesson(LessonIo& io) {
  std::unique_ptr<LessonWalk> walk;
  if (LessonWalk::Create(walk) != Status::Ok) {
    io.out << "cairn lesson: the lesson's worlds could not be built\n";
    return false;
  }
  io.out << kLessonTitle << "\n";
  Say(io.out, kLessonOpening, "", io.width);
  while (!walk->Done()) {
    if (walk->StepStarts()) {
      io.out << "\n" << walk->StepNumber() << ". " << walk->StepTitle() << "\n";
      Say(io.out, walk->StepIntro(), "   ", io.width);
    }
    const std::string command(walk->NextCommand());
    io.out << "\n   > " << command << "\n";
    if (io.in != nullptr && !AskFor(io, command)) {
      io.out << "\nThe lesson stops here. `cairn lesson` starts it again.\n";
      return false;
    }
    const std::size_t number = walk->StepNumber();
    std::string reply, says, expected;
    const bool as_taught = walk->RunNext(reply, says, expected);
    // The reply as the console gave it, wrapped to the width ("(empty)" for an empty line).
    Say(io.out, reply.empty() ? std::string_view("(empty)") : std::string_view(reply), "   ",
        io.width);
    if (!as_taught) {
      io.out << "\ncairn lesson: step " << number << " expected `" << expected
             << "`: the engine no longer does what this lesson teaches\n";
      return false;
    }
    if (!says.empty()) Say(io.out, says, "     ", io.width);
  }
  io.out << "\n";
  Say(io.out, kLessonClosing, "", io.width);
  Say(io.out, kLessonNext, "", io.width);
  return true;
}

}  // namespace cairn
