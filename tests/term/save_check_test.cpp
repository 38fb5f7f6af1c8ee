// A save point is held to the reader's rules before it replaces anything (save_files.h): a world a
// console edit left unresumable (the player in a wall, at 0 health) is not written, the old save
// stays whole, and the game can play on.
#include <catch2/catch.hpp>
#include <filesystem>

#include "console/console.h"
#include "content/default_content.h"
#include "game/level.h"
#include "identity/handle_text.h"
#include "save_files.h"
#include "support/temp_folder.h"
#include "support/test_content.h"

namespace save_check_test {

using namespace cairn;

TEST_CASE("a save the reader would refuse is not written over the good one", "[save]") {
  const char* edits[] = {"position { x = 0, y = 0 }", "health { current = 0, max = 10 }"};
  for (const char* edit : edits) {
    INFO(edit);
    SessionConfig config = cairn::test::Config();
    const std::vector<std::string_view> rows{"#####", "#@..#", "#####"};
    config.level =
        std::make_shared<LevelDefinition>(LevelFromAscii("t", rows, *config.definitions, false));
    config.dungeon = DefaultDungeon();
    std::unique_ptr<GameSession> session;
    REQUIRE(GameSession::Create(config, session) == Status::Ok);
    const test::TempFolder temp;
    const std::string folder = temp.File("saves");
    const std::string path = folder + "/save.toml";
    std::string error;
    REQUIRE(WriteSaveFile(*session, path, error) == Status::Ok);
    const std::string good = test::ReadText(path);

    Console console(*session);
    bool has_reply = false;
    const std::string reply = console.Execute(
        "SET " + FormatShortHandle(session->World().PlayerEntity()) + " " + edit, has_reply);
    REQUIRE(reply == "ok");
    CHECK(WriteSaveFile(*session, path, error) == Status::InvalidArgument);
    CHECK(error.find("the save would not resume") != std::string::npos);
    CHECK(test::ReadText(path) == good);  // the good save, whole
    CHECK(std::distance(std::filesystem::directory_iterator(folder),
                        std::filesystem::directory_iterator()) == 1);  // no temporary left
  }
}

}  // namespace save_check_test
