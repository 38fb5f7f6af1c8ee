// The fixed order of a tick's phases, asserted as it runs: an observer notes the phase each
// system ran in (and where the observer itself is called), and the sequence must be the one
// docs/SIMULATION.md's phase table documents, row by row.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "game_test_support.h"
#include "support/source_files.h"

namespace phase_order_test {

using namespace cairn;
using cairn::test::Level;
using cairn::test::TestWorld;

namespace {

constexpr const char* kObserverRow = "(observer)";

class PhaseRecorder final : public TickObserver {
 public:
  void BeforeCommit(const GameWorld& world) override {
    seen.push_back(kObserverRow);
    phase_at_observer = world.Phase();
  }
  void AfterPhase(const GameWorld& world) override { seen.push_back(TickPhaseName(world.Phase())); }
  std::vector<std::string> seen;
  TickPhase phase_at_observer = TickPhase::BeginTick;
};

// The first cell of every row of the table under "## The phases of a tick", before the next
// heading of any level.
std::vector<std::string> DocumentedPhases() {
  std::istringstream text(cairn::test::SourceFile("docs/SIMULATION.md"));
  std::vector<std::string> rows;
  std::string line;
  bool in_section = false;
  while (std::getline(text, line)) {
    if (line.rfind('#', 0) == 0) in_section = line == "## The phases of a tick";
    if (!in_section || line.rfind("| ", 0) != 0) continue;
    const std::string cell = line.substr(2, line.find(" |", 2) - 2);
    if (cell != "phase" && cell != "---") rows.push_back(cell);
  }
  return rows;
}

}  // namespace

TEST_CASE("each system runs in its own phase, in the order SIMULATION.md documents",
          "[tick][phases]") {
  const std::vector<std::string> documented = DocumentedPhases();
  REQUIRE(documented.size() ==
          static_cast<std::size_t>(kTickPhaseCount) + 1);  // every phase and the observer's place
  TestWorld w(Level({"######", "#@..r#", "######"}));
  PhaseRecorder recorder;
  for (int tick = 0; tick < 3; ++tick) {
    recorder.seen.clear();
    REQUIRE(RunTick(*w, w.scratch, TickInput{PlayerCommand{PlayerCommandKind::Move, 1, 0}}, nullptr,
                    &recorder) == Status::Ok);
    CHECK(recorder.seen == documented);
    CHECK(recorder.phase_at_observer == TickPhase::ResolveGameplay);
  }
}

TEST_CASE("the phase recorder tells a wrong order apart", "[tick][phases]") {
  // What the test above compares against is not vacuous: a tick driven by hand in another order
  // reports that order.
  TestWorld w(Level({"#####", "#@..#", "#####"}));
  PhaseRecorder recorder;
  BeginTickPhase(*w);
  recorder.AfterPhase(*w);
  MovementPhase(*w, w.scratch);
  recorder.AfterPhase(*w);
  AiDecisionPhase(*w, w.scratch);
  recorder.AfterPhase(*w);
  REQUIRE(CommitPhase(*w) == Status::Ok);
  EndTickPhase(*w, w.scratch);
  CHECK(recorder.seen == std::vector<std::string>{"BeginTick", "Movement", "AI"});
  CHECK(recorder.seen != DocumentedPhases());
}

}  // namespace phase_order_test
