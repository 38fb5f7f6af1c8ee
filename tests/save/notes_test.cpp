// The run's notes: its story in a player's words (a new depth, a new level, an item learned by
// use, the end), kept with the turn and depth, saved and resumed, rewound, and shown in the
// morgue as a table with no entity handle in it.
#include <catch2/catch.hpp>
#include <regex>

#include "save_test_support.h"
#include "sim/key_script.h"
#include "sim/run_summary.h"

namespace notes_test {

using namespace cairn;
using namespace cairn::test;

namespace {

// Explores and fights, taking the stairs down every twentieth step, until the run ends or
// `ticks` pass.
void Play(GameSession& session, int ticks) {
  std::string keys;
  for (int i = 0; i < 400; ++i) keys += i % 20 == 19 ? ">>" : "oF";
  KeyScript script(keys);
  for (int tick = 0; tick < ticks && session.State() == SessionState::Playing; ++tick) {
    TickInput input;
    if (session.PlayerReady()) (void)script.Next(session, input.command);
    REQUIRE(session.StepTick(input) == Status::Ok);
  }
}

bool HasNote(const GameSession& session, const std::string& text) {
  for (const Note& n : session.Log().Notes())
    if (n.text == text) return true;
  return false;
}

}  // namespace

TEST_CASE("a run keeps notes of its story, and they are saved, rewound and in the morgue",
          "[save][notes]") {
  int ended = 0;
  for (std::uint64_t seed = 1; seed <= 6 && ended < 1; ++seed) {
    CAPTURE(seed);
    auto session = Dungeon(seed);
    Play(*session, 30000);
    const auto& notes = session->Log().Notes();
    const Player* player = session->World().Players().Find(session->World().PlayerEntity());
    const std::int32_t deepest = session->Summary().ended
                                     ? session->Summary().deepest
                                     : (player != nullptr ? player->deepest : 1);
    for (std::int32_t depth = 2; depth <= deepest; ++depth)
      CHECK(HasNote(*session, "Reached depth " + std::to_string(depth) + "."));
    for (std::size_t i = 1; i < notes.size(); ++i) CHECK(notes[i - 1].turn <= notes[i].turn);
    if (session->State() != SessionState::Dead) continue;
    ++ended;
    REQUIRE_FALSE(notes.empty());
    const Note& last = notes.back();
    CHECK((last.text.rfind("Killed by ", 0) == 0 || last.text.rfind("Slain by ", 0) == 0 ||
           last.text == "Starved to death."));
    CHECK(last.depth == session->Summary().depth);
    CHECK(last.turn == session->Summary().turns);
    // The morgue: the notes as a table of words, before the engine's account for the curious.
    const std::string morgue = FormatRunSummary(*session, "cairn test");
    const std::size_t table = morgue.find("\nNotes:\n   Turn  Depth  What happened\n");
    REQUIRE(table != std::string::npos);
    const std::size_t curious = morgue.find("\nFor the curious");
    REQUIRE(curious != std::string::npos);
    const std::string words = morgue.substr(0, curious);
    CHECK_FALSE(std::regex_search(words, std::regex("[0-9]+:[0-9]+")));  // no handle
    CHECK(words.find(last.text) != std::string::npos);
  }
  CHECK(ended >= 1);
}

TEST_CASE("notes are saved and resumed, and a step back takes back the later ones",
          "[save][notes]") {
  auto session = Dungeon(2);
  Play(*session, 3000);
  REQUIRE(session->State() == SessionState::Playing);
  REQUIRE_FALSE(session->Log().Notes().empty());
  const std::string text = SaveText(*session);
  CHECK(text.find("\nnotes = [\n  { turn = ") != std::string::npos);
  std::unique_ptr<GameSession> resumed;
  REQUIRE(Resume(text, session->Config(), resumed).empty());
  REQUIRE(resumed->Log().Notes().size() == session->Log().Notes().size());
  for (std::size_t i = 0; i < session->Log().Notes().size(); ++i) {
    CHECK(resumed->Log().Notes()[i].text == session->Log().Notes()[i].text);
    CHECK(resumed->Log().Notes()[i].turn == session->Log().Notes()[i].turn);
    CHECK(resumed->Log().Notes()[i].depth == session->Log().Notes()[i].depth);
  }
  // A note written by hand with a control character is refused where it is.
  std::string bad = text;
  bad.replace(bad.find(", text = \"", bad.find("\nnotes = [")) + 10, 0, "\\u001b[2J");
  CHECK(Resume(bad, session->Config(), resumed).find("note") != std::string::npos);

  // Stepping back before a note takes it back.
  const std::size_t before = session->Log().Notes().size();
  const std::int64_t tick = session->World().Tick();
  Play(*session, 600);
  if (session->Log().Notes().size() > before && session->State() == SessionState::Playing) {
    std::string why;
    REQUIRE(session->StepBack(static_cast<std::uint64_t>(session->World().Tick() - tick), why) ==
            Status::Ok);
    CHECK(session->Log().Notes().size() == before);
  }
}

}  // namespace notes_test
