// Fuzzes the save loader and the restore behind it: any bytes must give a SessionImage or
// positioned problems, never a crash, undefined behaviour, a leak or a hang. An image that reads
// is rebuilt with GameSession::TryRestore against the built-in content (the default dungeon, or
// the cellar level when the save says it was made from that); a refusal must say why, and a run
// that is rebuilt must keep its worlds' invariants and run a few ticks, so a restored world the
// simulation cannot handle is found.
//
// The state member is ignored (cleared before the restore): a save whose state is
// "0000000000000000" is restored without the final hash comparison, so every image that reaches
// the restore here is one a save file can make `cairn --load` rebuild; without this, nearly every
// mutated save would stop at that comparison and never reach the simulation.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "content/default_content.h"
#include "content/definitions_reader.h"
#include "save/save_codec.h"
#include "sim/session.h"

namespace {

// A save of the same content, however large, has the same shape; over this it is only slower.
constexpr std::size_t kMaxInput = 1 << 20;

struct Content {
  cairn::SessionConfig dungeon;  // the built-in default dungeon (what `cairn` plays)
  cairn::SessionConfig cellar;   // data/levels/cellar.toml as a one-floor game
  std::uint64_t dungeon_digest = 0;
  std::uint64_t cellar_digest = 0;
};

std::uint64_t DigestOf(const cairn::SessionConfig& config) {
  std::unique_ptr<cairn::GameSession> session;
  if (cairn::GameSession::TryCreate(config, session) != cairn::Status::Ok) __builtin_trap();
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
    c.cellar.definitions = definitions;
    c.cellar.level = level;
    c.cellar.limits = cairn::WorldLimits::Uniform(512);
    c.dungeon_digest = DigestOf(c.dungeon);
    c.cellar_digest = DigestOf(c.cellar);
    return c;
  }();
  return content;
}

void CheckWorlds(const cairn::GameSession& session) {
  for (std::int32_t depth = 1; depth <= session.FloorCount(); ++depth)
    if (const cairn::GameWorld* world = session.FloorWorld(depth))
      if (world->CheckInvariants() != nullptr) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Content& content = BuiltIn();
  if (size > kMaxInput) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  cairn::SessionImage image;
  std::vector<cairn::TextProblem> problems;
  if (!cairn::ReadSaveText(text, *content.dungeon.definitions, cairn::WorldLimits::Uniform(512), image,
                           problems)) {
    if (problems.empty()) __builtin_trap();  // a refusal must say why
    return 0;
  }
  if (!problems.empty() || image.floors.empty() || image.depth < 1 || image.depth > image.floor_count)
    __builtin_trap();

  // The content the save names if it is built in; otherwise the dungeon, which must refuse it.
  cairn::SessionConfig config = image.content == content.cellar_digest ? content.cellar : content.dungeon;
  config.seed = image.seed;
  image.state_hash = 0;
  std::unique_ptr<cairn::GameSession> session;
  std::string error;
  if (cairn::GameSession::TryRestore(config, image, session, error) != cairn::Status::Ok) {
    if (error.empty() || session != nullptr) __builtin_trap();  // says why, leaves `out` alone
    return 0;
  }
  if (image.content != content.dungeon_digest && image.content != content.cellar_digest) __builtin_trap();
  CheckWorlds(*session);
  (void)session->StateHash();

  // A few ticks, bounded: no input, then the player's commands when the player may act and the
  // session would not refuse them (what Submit does, without its wait for the player's turn).
  cairn::PlayerCommand commands[4];
  commands[1].kind = cairn::PlayerCommandKind::Wait;
  commands[2].kind = cairn::PlayerCommandKind::Move;
  commands[2].dx = 1;
  commands[3].kind = cairn::PlayerCommandKind::PickUp;
  for (const cairn::PlayerCommand& command : commands) {
    if (session->State() != cairn::SessionState::Playing) break;
    cairn::TickInput input;
    std::string why;
    if (command.kind != cairn::PlayerCommandKind::None && session->PlayerReady() &&
        !session->WouldRefuse(command, why))
      input.command = command;
    if (session->StepTick(input) != cairn::Status::Ok) break;
  }
  (void)session->RunTicks(2);
  (void)session->StateHash();
  CheckWorlds(*session);
  return 0;
}
