// A recording cairn writes is one it reads back: WriteRecordingFile refuses text over the size a
// recording is read at (save_files.h), and never writes where a saved game is.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "save_files.h"
#include "support/temp_folder.h"

namespace recording_file_test {

using namespace cairn;

TEST_CASE("a recording over the reading limit, or onto a save, is not written", "[recording]") {
  const test::TempFolder folder;
  const std::string path = folder.File("r.toml");
  Recording recording;
  const std::size_t size = WriteRecording(recording).size();
  std::string error;
  CHECK_FALSE(WriteRecordingFile(recording, path, error, size - 1));
  CHECK(error.find("over the " + std::to_string(size - 1)) != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
  REQUIRE(WriteRecordingFile(recording, path, error, size));
  CHECK(std::filesystem::file_size(path) == size);

  const std::string save = folder.File("save.toml");
  std::ofstream(save) << "# A cairn save\nformat = \"cairn-save\"\nversion = 9\n";
  const auto before = std::filesystem::file_size(save);
  CHECK_FALSE(WriteRecordingFile(recording, save, error));
  CHECK(error.find("holds a saved game") != std::string::npos);
  CHECK(std::filesystem::file_size(save) == before);
}

}  // namespace recording_file_test
