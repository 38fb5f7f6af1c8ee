// Sessions: restart, turns, determinism, long runs.
#include "sim/session.h"

#include <malloc.h>

#include <algorithm>
#include <catch2/catch.hpp>

#include "game/state_hash.h"
#include "sim/keys.h"
#include "sim/rewind.h"
#include "support/test_content.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAIRN_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CAIRN_ASAN 1
#endif
#ifdef CAIRN_ASAN
#include <sanitizer/allocator_interface.h>
#endif

namespace session_test {

using namespace cairn;

namespace {

std::unique_ptr<GameSession> MakeSession(std::uint64_t seed = 1) {
  const SessionConfig config = cairn::test::Config(seed);
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(config, session) == Status::Ok);
  return session;
}

std::uint64_t Play(std::uint64_t seed, std::string_view keys) {
  auto session = MakeSession(seed);
  for (char key : keys) {
    PlayerCommand command;
    if (session->State() != SessionState::Playing) break;
    if (CommandForKey(key, command)) (void)session->Submit(command);
  }
  return DigestState(session->World()).total;
}

std::size_t HeapInUse() {
#ifdef CAIRN_ASAN
  return __sanitizer_get_current_allocated_bytes();
#else
  return mallinfo2().uordblks;
#endif
}

}  // namespace

TEST_CASE("restart builds a new world that rejects every old handle", "[session]") {
  auto session = MakeSession();
  const EntityId old_player = session->World().PlayerEntity();
  const std::uint64_t old_world = session->World().WorldId();
  REQUIRE(session->RunTicks(30) == Status::Ok);
  REQUIRE(session->Restart() == Status::Ok);
  const EntityId new_player = session->World().PlayerEntity();
  CHECK(session->World().WorldId() != old_world);
  CHECK(new_player.Slot == old_player.Slot);
  CHECK(new_player.Generation == old_player.Generation);         // the same slot and generation...
  CHECK_FALSE(session->World().Registry().IsAlive(old_player));  // ...yet the old one is stale
  CHECK(session->World().Registry().DiagnoseHandle(old_player) == HandleDiagnosis::OwnerMismatch);
  CHECK(session->World().Tick() == 0);
  CHECK(session->Restarts() == 1);
}

TEST_CASE("a refused command costs no time; a turn runs until the player may act again",
          "[session]") {
  auto session = MakeSession();
  const PlayerCommand west{PlayerCommandKind::Move, -1, 0};
  REQUIRE(session->Submit(west) == Status::Ok);  // the player starts two cells from the west wall
  CHECK(session->World().Tick() == 10);
  CHECK(session->PlayerReady());
  REQUIRE(session->Submit(west) == Status::Ok);
  CHECK(session->World().Tick() == 20);
  CHECK(session->Submit(west) == Status::InvalidOperation);
  CHECK(session->World().Tick() == 20);
  CHECK(session->Log().Messages().back().text == "There is a wall in the way.");  // said
  // SubmitWithRefusal hands it to the caller instead, with its kind, and does not say it.
  const std::size_t said = session->Log().Messages().size();
  Refusal why;
  CHECK(session->SubmitWithRefusal(PlayerCommand{PlayerCommandKind::PickUp}, why) ==
        Status::InvalidOperation);
  CHECK(why.words == "There is nothing here to pick up.");
  CHECK(why.kind == RefusalKind::NothingHere);
  CHECK(session->Log().Messages().size() == said);
  CHECK(session->SubmitWithRefusal(PlayerCommand{PlayerCommandKind::Descend}, why) ==
        Status::InvalidOperation);
  CHECK(session->World().Tick() == 20);
}

TEST_CASE("single steps advance exactly one tick each", "[session]") {
  auto session = MakeSession();
  session->SetPaused(true);
  for (int i = 1; i <= 25; ++i) {
    REQUIRE(session->StepTick() == Status::Ok);
    CHECK(session->World().Tick() == i);
  }
}

TEST_CASE("the same seed and input give the same state hash, three times", "[session]") {
  const std::string keys = "llllllllljjjjjjlllllllllkkkkkhhhhh..........lllllll";
  const std::uint64_t first = Play(3, keys);
  CHECK(Play(3, keys) == first);
  CHECK(Play(3, keys) == first);
  CHECK(Play(4, keys) != first);        // a different seed should not
  CHECK(Play(3, "." + keys) != first);  // and a different input should not either
}

TEST_CASE("100,000 ticks of random input: no fault and no growth in memory", "[session][long]") {
  auto session = MakeSession(11);
  Rng rng(1234);
  const char keys[] = "hjklyubn.gg><";
  // The heap is compared just after each restart, when the run is a fresh world again and its
  // rewind window is empty: mid-run, how many floors have been built and how full the window is
  // decide the size, not a leak. The message log outlives restarts and fills to its cap over
  // most of them (some 30 messages a run, 1,000 kept), so the baseline is the first restart
  // after it is full: from there on nothing should grow.
  std::size_t heap_when_log_full = 0;
  std::size_t heap_after_last_restart = 0;
  std::size_t rewind_peak = 0;
  std::uint32_t restarts = 0;
  std::uint32_t restarts_with_log_full = 0;
  for (int tick = 0; tick < 100000; ++tick) {
    if (session->State() == SessionState::Dead) {
      REQUIRE(session->Restart() == Status::Ok);  // keep the run going with a fresh world
      ++restarts;
      CHECK(session->Rewind().Bytes() == 0);
      heap_after_last_restart = HeapInUse();
      if (session->Log().Messages().size() == RunLog::kMessageHistory &&
          restarts_with_log_full++ == 0)
        heap_when_log_full = heap_after_last_restart;
    }
    if (tick % 250 == 0) rewind_peak = std::max(rewind_peak, session->Rewind().Bytes());
    TickInput input;
    if (session->PlayerReady())
      (void)CommandForKey(keys[rng.Below(sizeof keys - 1)], input.command);
    REQUIRE(session->StepTick(input) == Status::Ok);
    REQUIRE_FALSE(session->World().Fault().Active());
  }
  CHECK(session->World().FirstBrokenInvariant() == "");
  INFO("heap at the first restart with the message log full "
       << heap_when_log_full << ", after the last " << heap_after_last_restart << ", restarts "
       << restarts << " (with the log full " << restarts_with_log_full
       << "), rewind window at most " << rewind_peak);
  // The comparison below needs fresh starts far apart once the log is full (there are 7).
  REQUIRE(restarts_with_log_full >= 5);
  // Anything growing per tick or per restart would add far more over the last restarts and their
  // ten thousands of ticks (the heap measured moves by a few KB with what ran before in the
  // process, malloc's bookkeeping).
  CHECK(heap_after_last_restart <= heap_when_log_full + 64 * 1024);
  // The window holds at most its 1,000 ticks of moments, however long the run: about twenty
  // snapshots of the floor being played (each some 250 KB with its trace and story rings).
  CHECK(rewind_peak > 0);
  CHECK(rewind_peak <= 8u * 1024 * 1024);
  CHECK(session->Log().Messages().size() <= RunLog::kMessageHistory);
  CHECK(session->Log().Effects().size() <= session->Config().max_effects);
}

}  // namespace session_test
