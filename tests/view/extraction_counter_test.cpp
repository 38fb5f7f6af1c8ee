// COUNTERS' last-extraction-us: 0 while no render frame was extracted (as in `cairn console`),
// nonzero once one was, however fast it was.
#include <catch2/catch.hpp>
#include <string>

#include "console/console.h"
#include "view/extract.h"

namespace extraction_counter_test {

using namespace cairn;

namespace {

std::string ExtractionCounter(Console& console) {
  bool has_reply = false;
  const std::string reply = console.Execute("COUNTERS", has_reply);
  REQUIRE(has_reply);
  const std::string key = " last-extraction-us=";
  const std::size_t at = reply.find(key);
  REQUIRE(at != std::string::npos);
  const std::size_t from = at + key.size();
  return reply.substr(from, reply.find(' ', from) - from);
}

}  // namespace

TEST_CASE("the extraction time counter is zero until a frame is extracted, then nonzero",
          "[view][counters]") {
  std::unique_ptr<Console> console;
  REQUIRE(Console::Create(ConsoleOptions{}, console) == Status::Ok);
  bool has_reply = false;
  (void)console->Execute("TICK 3", has_reply);  // ticks alone extract nothing
  CHECK(console->Session().LastExtractionNanoseconds() == 0);
  CHECK(ExtractionCounter(*console) == "0");

  RenderFrame frame;
  Extract(console->Session(), ExtractOptions{}, frame);
  CHECK(console->Session().LastExtractionNanoseconds() > 0);
  const std::string shown = ExtractionCounter(*console);
  CHECK(shown != "0");
  CHECK(std::stoll(shown) >= 1);
}

}  // namespace extraction_counter_test
