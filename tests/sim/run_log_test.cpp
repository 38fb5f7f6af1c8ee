// RunLog (sim/run_log.h) on its own, with no session or world: saying and collapsing repeats, the
// history's cap, resuming a saved log, and the death effects' lifetimes and drops.
#include "sim/run_log.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace run_log_test {

using namespace cairn;

namespace {

DeathEvent DeathAt(std::int32_t x) {
  DeathEvent death;
  death.where = Position{x, 0};
  (void)death.name.Assign("rat");
  return death;
}

}  // namespace

TEST_CASE("a run log stamps each message with its clock and collapses a repeat", "[run_log]") {
  std::int64_t now = 3;
  RunLog log([&] { return now; }, 4);
  log.Say("The rat bites you.");
  now = 5;
  log.Say("The rat bites you.");
  REQUIRE(log.Messages().size() == 1);
  CHECK(log.Messages().back().count == 2);
  CHECK(log.Messages().back().tick == 5);
  CHECK(log.Messages().back().said == 2);
  log.Say("The rat bites you.", MessageTone::Danger);  // another tone: a new message
  CHECK(log.Messages().size() == 2);
  CHECK(log.MessageCount() == 3);
}

TEST_CASE("a run log keeps the last kMessageHistory messages and counts every one", "[run_log]") {
  RunLog log(nullptr, 4);  // no clock: said at tick 0
  for (std::size_t i = 0; i < RunLog::kMessageHistory + 5; ++i) log.Say(std::to_string(i));
  CHECK(log.Messages().size() == RunLog::kMessageHistory);
  CHECK(log.Messages().front().text == "5");
  CHECK(log.Messages().front().tick == 0);
  CHECK(log.MessageCount() == RunLog::kMessageHistory + 5);
}

TEST_CASE("a resumed run log continues the saved messages and their count", "[run_log]") {
  RunLog log(nullptr, 4);
  std::vector<Message> saved(RunLog::kMessageHistory + 2);
  for (std::size_t i = 0; i < saved.size(); ++i) saved[i].text = std::to_string(i);
  log.Resume(saved, 5000);
  CHECK(log.Messages().size() == RunLog::kMessageHistory);
  CHECK(log.Messages().front().text == "2");
  CHECK(log.MessageCount() == 5000);
}

TEST_CASE("death effects age out, and a full screen drops the oldest and counts it", "[run_log]") {
  RunLog log(nullptr, 2);
  const std::vector<DeathEvent> three = {DeathAt(1), DeathAt(2), DeathAt(3)};
  log.ShowDeaths(three);
  REQUIRE(log.Effects().size() == 2);
  CHECK(log.Effects().front().where.x == 2);  // the newest deaths are the ones shown
  CHECK(log.EffectsDropped() == 1);
  CHECK(log.Effects().front().remaining == RunLog::kEffectTicks);
  for (std::int32_t t = 1; t < RunLog::kEffectTicks; ++t) log.ShowDeaths({});
  CHECK(log.Effects().size() == 2);
  log.ShowDeaths({});
  CHECK(log.Effects().empty());
  log.ShowDeaths(three);
  log.ClearEffects();  // a floor change: not counted as dropped
  CHECK(log.Effects().empty());
  CHECK(log.EffectsDropped() == 2);
  log.NewRun();
  CHECK(log.EffectsDropped() == 0);
}

}  // namespace run_log_test
