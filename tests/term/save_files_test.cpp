// WriteSaveFile never writes what cairn could not read back (decision 0032): a save over the size
// a save is read at is refused, and the last save stays as it was.
#include "save_files.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "storage/read_file.h"
#include "support/temp_folder.h"
#include "support/test_content.h"

namespace save_files_test {

using namespace cairn;

TEST_CASE("a save larger than a save may be read is not written, and the last one stays",
          "[save]") {
  test::TempFolder folder;
  const std::string path = folder.File("save.toml");
  std::unique_ptr<GameSession> session;
  REQUIRE(GameSession::Create(test::DungeonConfig(1), session) == Status::Ok);
  std::string error;
  REQUIRE(WriteSaveFile(*session, path, error) == Status::Ok);  // under the real limit
  std::string first;
  REQUIRE(ReadWholeFile(path, FileKind::Save, first, error));

  test::PlayKeys(*session, "lljj");
  const std::uint64_t cap = first.size() / 2;
  CHECK(WriteSaveFile(*session, path, error, cap) == Status::CapacityExceeded);
  CHECK(error.find("the save is ") == 0);
  CHECK(error.find(" limit for a save, so cairn could not read it back; nothing was written to " +
                   path) != std::string::npos);
  std::string after;
  REQUIRE(ReadWholeFile(path, FileKind::Save, after, error));
  CHECK(after == first);  // the last save, untouched

  // At a cap it fits, the same run is written.
  CHECK(WriteSaveFile(*session, path, error, first.size() * 2) == Status::Ok);
  REQUIRE(ReadWholeFile(path, FileKind::Save, after, error));
  CHECK(after != first);
}

}  // namespace save_files_test
