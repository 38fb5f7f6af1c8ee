// Commands as text: every command round-trips through its text; any key string at all plays
// without a fault, the same way twice.
#include "sim/keys.h"

#include <catch2/catch.hpp>

#include "game/random.h"
#include "sim/key_script.h"
#include "sim/session.h"
#include "support/test_content.h"

namespace keys_test {

using namespace cairn;

TEST_CASE("a command's text parses back to the same command", "[keys]") {
  std::vector<PlayerCommand> commands;
  for (const char* keys : {"h", "j", "k", "l", "y", "u", "b", "n", ".", "g", ">", "<"}) {
    PlayerCommand c;
    REQUIRE(CommandForKey(keys[0], c));
    commands.push_back(c);
  }
  for (PlayerCommandKind kind :
       {PlayerCommandKind::Drop, PlayerCommandKind::Use, PlayerCommandKind::Throw,
        PlayerCommandKind::Equip, PlayerCommandKind::Unequip}) {
    PlayerCommand c;
    c.kind = kind;
    c.letter = 'q';
    commands.push_back(c);
    c.aimed = 1;
    c.tx = 12;
    c.ty = -3;
    commands.push_back(c);
  }
  for (const PlayerCommand& c : commands) {
    const std::string text = CommandText(c);
    INFO(text);
    PlayerCommand back;
    REQUIRE(ParseCommandText(text, back));
    CHECK(back == c);
  }
  PlayerCommand ignored;
  CHECK_FALSE(ParseCommandText("", ignored));
  CHECK_FALSE(ParseCommandText("d", ignored));     // a drop needs its letter
  CHECK_FALSE(ParseCommandText("ta@1", ignored));  // half an aim is not the whole text
  CHECK_FALSE(ParseCommandText("hh", ignored));    // two commands
  CHECK(NextKeyToken("ta@x", 0).length == 2);      // a broken aim is not part of the command
}

TEST_CASE("any key string plays without a fault, and the same way twice", "[keys]") {
  const std::string alphabet = "hjklyubn.sg,<>daqrezwWTtoXZF@0123456789,;!? abcdefABC";
  Rng rng(99);
  for (int run = 0; run < 12; ++run) {
    std::string keys;
    const std::size_t length = 50 + rng.Below(400);
    for (std::size_t i = 0; i < length; ++i)
      keys += alphabet[rng.Below(static_cast<std::uint32_t>(alphabet.size()))];
    INFO(keys);
    std::uint64_t hashes[2] = {};
    for (int twice = 0; twice < 2; ++twice) {
      std::unique_ptr<GameSession> session;
      REQUIRE(GameSession::Create(cairn::test::DungeonConfig(static_cast<std::uint64_t>(run + 1)),
                                  session) == Status::Ok);
      KeyScript script(keys);
      PlayerCommand command;
      int commands = 0;
      while (session->State() == SessionState::Playing && script.Next(*session, command) &&
             ++commands < 3000)
        (void)session->Submit(command);
      CHECK(session->State() != SessionState::Faulted);
      hashes[twice] = session->StateHash();
    }
    CHECK(hashes[0] == hashes[1]);
  }
}

}  // namespace keys_test
