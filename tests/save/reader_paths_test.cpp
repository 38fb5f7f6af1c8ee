// A save reads through the subset reader when it is as the writer made it and through the general
// TOML reader otherwise (a save edited by hand): both must give the same image, and every error
// must be the general reader's, at its line and column.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "save/save_test_support.h"
#include "support/toml_tree_equal.h"
#include "toml/toml_reader.h"
#include "toml/toml_subset.h"

namespace cairn::reader_paths_test {
namespace {

using test::Replace;

// A run with something of everything: carried and equipped items, monsters awake and asleep,
// messages, two floors.
std::string PlayedSave() {
  auto session = test::Dungeon(1);
  test::PlayKeys(*session, std::string(60, 'o') + "FFFFFFFF" + std::string(30, 'o') + ">>oooo");
  return test::SaveText(*session);
}

// The image `text` reads to, written again: two texts that write the same read to one image.
std::string ImageWritten(const std::string& text) {
  SessionImage image;
  std::vector<TextProblem> problems;
  const SessionConfig config = test::DungeonConfig(1);
  INFO((problems.empty() ? std::string() : problems[0].message));
  REQUIRE(ReadSaveText(text, *config.definitions, config.limits, image, problems));
  return WriteSaveText(image, *config.definitions, "cairn test");
}

std::string Difference(const std::string& text) {
  TomlValue general, subset;
  TextProblem error;
  REQUIRE(ParseToml(text, general, error));
  REQUIRE(ParseTomlSubset(text, subset));
  return test::TomlTreeDifference(general, subset);
}

// Every line end CRLF: valid TOML, outside the subset.
std::string WithCrlf(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

TEST_CASE("the writer's text is in the subset, and both readers make one tree of it", "[save]") {
  const std::string text = PlayedSave();
  CHECK(Difference(text).empty());
  CHECK(ImageWritten(text) == text);
}

TEST_CASE("a save edited by hand reads to the same image by either reader", "[save]") {
  const std::string text = PlayedSave();
  // The first position, `position = { x = X, y = Y }`, and its body.
  const std::size_t position_at = text.find("\nposition = { x = ") + 1;
  const std::string position = text.substr(position_at, text.find('\n', position_at) - position_at);
  const std::string body = position.substr(std::string("position = ").size());
  const std::size_t first_uuid = text.find("\nuuid = \"") + 1;
  const std::string uuid_line = text.substr(first_uuid, text.find('\n', first_uuid) - first_uuid);
  const std::string run = text.substr(text.find("\nrun = \"") + 8, 36);

  // Still in the subset: both readers run, and must agree tree for tree.
  const std::vector<std::string> in_subset = {
      Replace(text, "\n[[floor]]\n", "\n# a note\n\n\n[[floor]]   # the first floor\n"),
      Replace(
          text, position,
          "components = [ { type = \"position\", version = 1, slot = 0, body = " + body + " } ]"),
      Replace(text, uuid_line, uuid_line + "\ninstance = \"" + run + "\""),
      Replace(text, "intent = {}", "intent = { kind = \"none\", dx = 0 }"),
      Replace(text, "\nseed = \"", "\n\"seed\" = \""),
      Replace(text, "\nmessages = [\n", "\noutcomes_are_per_floor = 0\nmessages = [\n"),
  };
  for (std::size_t i = 0; i < in_subset.size(); ++i) {
    INFO("in the subset, variant " << i);
    TomlValue root;
    REQUIRE(ParseTomlSubset(in_subset[i], root));
    CHECK(Difference(in_subset[i]).empty());
  }
  // The meaning-preserving ones write back as the original.
  for (std::size_t i = 0; i < 5; ++i) CHECK(ImageWritten(in_subset[i]) == text);

  // Outside the subset: only the general reader reads them; the image is the same.
  std::string literal = text;
  for (std::size_t at = literal.find("\nuuid = \""); at != std::string::npos;
       at = literal.find("\nuuid = \"", at + 1)) {
    literal[at + 8] = '\'';
    literal[at + 8 + 37] = '\'';
  }
  const std::vector<std::string> outside = {
      WithCrlf(text),
      literal,
      Replace(text, position,
              Replace(Replace(Replace(position, "position = { x = ", "position.x = "),
                              ", y = ", "\nposition.y = "),
                      " }", "")),
      Replace(text, "\nseed = \"", "\n'seed' = \""),
      Replace(text, "\ndepth = ", "\ndepth = +"),
  };
  for (std::size_t i = 0; i < outside.size(); ++i) {
    INFO("outside the subset, variant " << i);
    TomlValue root;
    CHECK_FALSE(ParseTomlSubset(outside[i], root));
    CHECK(ImageWritten(outside[i]) == text);
  }
}

TEST_CASE("a malformed save gets the general reader's error, at its line and column", "[save]") {
  const std::string text = PlayedSave();
  const SessionConfig config = test::DungeonConfig(1);
  const std::vector<std::string> broken = {
      Replace(text, "\nversion = ", "\nversion = = "),
      Replace(text, "position = {", "position = { x = 1, x"),
      Replace(text, "\n[[floor.entity]]\n", "\n[[floor.entity]\n"),
      Replace(text, "intent = {}", "intent = {}\nintent = {}"),
      Replace(text, "\nname = \"", "\nname = \"unterminated\n"),
      text.substr(0, text.find("position = {", text.size() / 2) + 12),
  };
  for (std::size_t i = 0; i < broken.size(); ++i) {
    INFO("variant " << i);
    TomlValue root;
    TextProblem expected;
    REQUIRE_FALSE(ParseToml(broken[i], root, expected));
    SessionImage image;
    std::vector<TextProblem> problems;
    CHECK_FALSE(ReadSaveText(broken[i], *config.definitions, config.limits, image, problems));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].position.line == expected.position.line);
    CHECK(problems[0].position.column == expected.position.column);
    CHECK(problems[0].message == expected.message);
    CHECK(problems[0].position.line > 1);
  }
}

}  // namespace
}  // namespace cairn::reader_paths_test
