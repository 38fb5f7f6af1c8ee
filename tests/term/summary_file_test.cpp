// The morgue files (summary_file.h): what a run's summary quotes from a save is escaped for a
// terminal, and two runs that end in the same second never share a file.
#include "summary_file.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "support/temp_folder.h"

namespace summary_file_test {

using namespace cairn;

namespace {
std::string PathIn(const std::string& said) {
  const std::string lead = "The summary is in ";
  REQUIRE(said.rfind(lead, 0) == 0);
  return said.substr(lead.size());
}
}  // namespace

TEST_CASE("a morgue file escapes control characters and keeps its lines", "[summary]") {
  const test::TempFolder temp;
  const std::string folder = temp.File("morgue");
  const std::string summary = "cairn: the summary of a run\nLast said: \x1b]0;PWNED\a\x1b[2J\nend";
  const std::string path = PathIn(WriteRunSummary(folder, 7, summary));
  const std::string text = test::ReadText(path);
  CHECK(text.find('\x1b') == std::string::npos);
  CHECK(text.find('\a') == std::string::npos);
  CHECK(text.find("Last said: \\x1b]0;PWNED\\x07\\x1b[2J\nend") != std::string::npos);
  CHECK(text.find("cairn: the summary of a run\n") != std::string::npos);

  // Runs of one seed ending at once: each gets its own file, none replaced.
  std::set<std::string> paths{path};
  for (int run = 0; run < 3; ++run)
    paths.insert(PathIn(WriteRunSummary(folder, 7, "run " + std::to_string(run))));
  CHECK(paths.size() == 4);
  for (const std::string& p : paths) CHECK(std::filesystem::exists(p));
  CHECK(test::ReadText(path) == text);
}

}  // namespace summary_file_test
