// ReadWholeFile and LineReader against what a hostile path can name: a FIFO nobody writes, an
// endless device, a huge sparse file, a directory, a dangling link, a file that grows while it is
// read, an endless line. Each is an error at once, with the reason, and the output untouched.
#include "storage/read_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "storage/line_reader.h"
#include "support/temp_folder.h"

namespace read_file_test {

using namespace cairn;
using cairn::test::TempFolder;

namespace {

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Reads `path` as a level and expects a refusal whose message contains `reason`, quickly, with
// the output left as it was.
void ExpectRefused(const std::string& path, const std::string& reason) {
  std::string text = "untouched", error;
  const auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(ReadWholeFile(path, FileKind::Level, text, error));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
  CHECK(text == "untouched");
  INFO(error);
  CHECK(error.find(reason) != std::string::npos);
}

}  // namespace

TEST_CASE("a regular file is read whole, byte for byte", "[storage]") {
  TempFolder folder;
  const std::string content = std::string("format = \"cairn-level\"\n\0\xff end", 28);
  WriteText(folder.File("a.toml"), content);
  std::string text, error;
  REQUIRE(ReadWholeFile(folder.File("a.toml"), FileKind::Level, text, error));
  CHECK(text == content);
  WriteText(folder.File("empty.toml"), "");
  REQUIRE(ReadWholeFile(folder.File("empty.toml"), FileKind::Level, text, error));
  CHECK(text.empty());
}

TEST_CASE("what is not a regular file is refused by name, without blocking", "[storage]") {
  TempFolder folder;
  ExpectRefused(folder.File("missing.toml"), "cannot open: No such file or directory");
  REQUIRE(::mkfifo(folder.File("fifo").c_str(), 0600) == 0);
  ExpectRefused(folder.File("fifo"), "is a FIFO, not a regular file");  // no writer: would block
  ExpectRefused("/dev/zero", "is a character device, not a regular file");  // never ends
  ExpectRefused("/dev/null", "is a character device, not a regular file");
  std::filesystem::create_directory(folder.File("dir"));
  ExpectRefused(folder.File("dir"), "is a directory, not a regular file");
  std::filesystem::create_symlink(folder.File("nowhere"), folder.File("dangling"));
  ExpectRefused(folder.File("dangling"), "is a symbolic link to nothing");
}

TEST_CASE("a link to a regular file is read through", "[storage]") {
  TempFolder folder;
  WriteText(folder.File("real.toml"), "x = 1\n");
  std::filesystem::create_symlink(folder.File("real.toml"), folder.File("link.toml"));
  std::string text, error;
  REQUIRE(ReadWholeFile(folder.File("link.toml"), FileKind::Level, text, error));
  CHECK(text == "x = 1\n");
}

TEST_CASE("a file over its kind's cap is refused from its size, before a byte is read",
          "[storage]") {
  TempFolder folder;
  const std::string path = folder.File("sparse.toml");
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0600);
  REQUIRE(fd >= 0);
  REQUIRE(::ftruncate(fd, std::int64_t{10} << 30) == 0);  // 10 GiB of nothing: a sparse file
  ::close(fd);
  ExpectRefused(path, "is 10 GiB (10737418240 bytes), over the 32 MiB limit for a level");
  std::string text = "untouched", error;
  CHECK_FALSE(ReadWholeFile(path, FileKind::Save, text, error));
  CHECK(error.find("over the 256 MiB limit for a save") != std::string::npos);
}

TEST_CASE("a file of exactly the cap is read; one byte more is refused", "[storage]") {
  TempFolder folder;
  WriteText(folder.File("100"), std::string(100, 'x'));
  WriteText(folder.File("101"), std::string(101, 'x'));
  std::string text, error;
  CHECK(ReadWholeFileCapped(folder.File("100"), 100, "a test file", text, error));
  CHECK(text.size() == 100);
  CHECK_FALSE(ReadWholeFileCapped(folder.File("101"), 100, "a test file", text, error));
  CHECK(error == "is 101 bytes, over the 100 bytes limit for a test file");
}

TEST_CASE("reading stops one byte past the cap when the file is longer than its size said",
          "[storage]") {
  // /proc files report a size of 0 and then have content: the same path as a file that grows
  // between fstat and the end of reading.
  std::string text = "untouched", error;
  CHECK_FALSE(ReadWholeFileCapped("/proc/self/status", 10, "a test file", text, error));
  CHECK(error == "grew past the 10 bytes limit for a test file while it was being read");
  CHECK(text == "untouched");
}

TEST_CASE("every kind of file has a cap and a name, none above the largest", "[storage]") {
  for (const FileKindLimit& limit : kFileKindLimits) {
    CHECK(limit.cap > 0);
    CHECK(limit.cap <= kLargestFileCap);
    CHECK(!limit.name.empty());
    CHECK(&LimitOf(limit.kind) == &limit);
  }
  CHECK(LimitOf(FileKind::Save).cap == 256 * kMiB);
}

TEST_CASE("OpenForReading opens what ReadWholeFile would read, and refuses the rest", "[storage]") {
  TempFolder folder;
  WriteText(folder.File("cmds"), "SPAWN\n");
  OpenedFile file;
  std::string error;
  REQUIRE(OpenForReading(folder.File("cmds"), 100, "a test file", file, error));
  CHECK(file.size == 6);
  ::close(file.fd);
  OpenedFile none;
  CHECK_FALSE(OpenForReading("/dev/zero", 100, "a test file", none, error));
  CHECK(none.fd == -1);
  CHECK(error == "is a character device, not a regular file");
}

namespace {

// Every line LineReader gives for `text`, then how it stopped.
std::vector<std::string> Lines(const std::string& text, std::uint64_t cap, LineReader::Result& stop,
                               std::uint64_t& line_number) {
  // A file, not a pipe: a pipe holds 64 KiB, and the long-line case writes more.
  TempFolder folder;
  WriteText(folder.File("lines"), text);
  const int fd = ::open(folder.File("lines").c_str(), O_RDONLY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  LineReader reader(fd, cap);
  std::vector<std::string> lines;
  std::string line, error;
  while ((stop = reader.Next(line, error)) == LineReader::Result::Line) lines.push_back(line);
  line_number = reader.LineNumber();
  ::close(fd);
  return lines;
}

}  // namespace

TEST_CASE("LineReader gives each line without its newline, the last one even without one",
          "[storage]") {
  LineReader::Result stop{};
  std::uint64_t number = 0;
  CHECK(Lines("a\nbb\n\nccc", 10, stop, number) == std::vector<std::string>{"a", "bb", "", "ccc"});
  CHECK(stop == LineReader::Result::End);
  CHECK(Lines("a\n", 10, stop, number) == std::vector<std::string>{"a"});
  CHECK(Lines("", 10, stop, number).empty());
  CHECK(stop == LineReader::Result::End);
  CHECK(Lines("0123456789\n", 10, stop, number) == std::vector<std::string>{"0123456789"});
}

TEST_CASE("LineReader stops at a line longer than its cap, naming the line", "[storage]") {
  LineReader::Result stop{};
  std::uint64_t number = 0;
  CHECK(Lines("ok\n01234567890\nnever\n", 10, stop, number) == std::vector<std::string>{"ok"});
  CHECK(stop == LineReader::Result::TooLong);
  CHECK(number == 2);
  // Across many reads: a line of 200 KiB with a 100 KiB cap, no newline in sight.
  CHECK(Lines(std::string(200 << 10, 'x'), 100 << 10, stop, number).empty());
  CHECK(stop == LineReader::Result::TooLong);
}

TEST_CASE("LineReader on an endless device ends with TooLong, not a memory bomb", "[storage]") {
  const int fd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  LineReader reader(fd, 1 << 20);
  std::string line, error;
  CHECK(reader.Next(line, error) == LineReader::Result::TooLong);
  ::close(fd);
}

// What cairn writes is held to what it reads: a text over its kind's cap is refused before it is
// written, with the same words a reader would say.
TEST_CASE("a text over its kind's reading cap is one cairn could not read back", "[storage]") {
  const std::uint64_t cap = LimitOf(FileKind::KeyMap).cap;
  CHECK(WhyUnreadable(std::string(cap, 'x'), FileKind::KeyMap).empty());
  const std::string why = WhyUnreadable(std::string(cap + 1, 'x'), FileKind::KeyMap);
  CHECK(why.find("over the 1 MiB limit for a key map") != std::string::npos);
  CHECK(why.find("nothing was written") != std::string::npos);
}

}  // namespace read_file_test
