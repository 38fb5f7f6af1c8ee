// WriteFileAtomically keeps the old file whole: a failure injected at each of its steps in turn,
// and a writer killed with SIGKILL at many moments, always leave `path` old or new, never a mix.
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "storage/files.h"
#include "storage/read_file.h"
#include "support/temp_folder.h"

namespace atomic_write_test {

using namespace cairn;
using cairn::test::TempFolder;

namespace {

// About `bytes` of numbered lines that name `tag`, then a known trailer line.
std::string MakeText(const std::string& tag, std::size_t bytes) {
  std::string text;
  for (int line = 0; text.size() < bytes; ++line) {
    text += "save " + tag + " line " + std::to_string(line) + " of a text written whole\n";
  }
  text += "trailer " + tag + " end\n";
  return text;
}

// Names in `folder` of temporaries WriteFileAtomically made ("NAME.tmp-PID").
std::vector<std::string> Temporaries(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.find(".tmp-") != std::string::npos) names.push_back(name);
  }
  return names;
}

std::string Read(const std::string& path) {
  std::string text;
  std::string error;
  if (!ReadWholeFile(path, FileKind::Save, text, error)) return "<unreadable: " + error + ">";
  return text;
}

bool Write(const std::string& path, const std::string& text) {
  std::string error;
  return WriteFileAtomically(path, text, error);
}

constexpr std::size_t kChunk = std::size_t{1} << 16;  // files.cpp writes at most this per call

// The child: save A and B in turn until killed. It never returns into Catch2.
[[noreturn]] void SaveForever(const std::string& path, const std::string& a, const std::string& b) {
  std::string error;
  for (int i = 0; i < 100000; ++i) {  // bounded, in case the parent dies before killing it
    if (!WriteFileAtomically(path, (i % 2 == 0) ? b : a, error)) ::_exit(2);
  }
  ::_exit(0);
}

std::string Ending(const std::string& text) {
  return text.size() <= 24 ? text : text.substr(text.size() - 24);
}

}  // namespace

TEST_CASE("a failure injected at each write step leaves the old file whole", "[storage]") {
  TempFolder folder;
  const std::string path = folder.File("save.txt");
  const std::string old_text = MakeText("old", 5000);
  const std::string new_text = MakeText("new", 3 * kChunk + 4321);  // four write() calls
  const std::int64_t chunks = static_cast<std::int64_t>((new_text.size() + kChunk - 1) / kChunk);
  REQUIRE(chunks == 4);

  // Learn how many steps a successful write of the new text takes: create, a write() per
  // chunk, fsync, close, rename, the folder's fsync.
  storage_fault::Disarm();
  REQUIRE(Write(folder.File("probe.txt"), new_text));
  const std::int64_t steps = storage_fault::StepsSeen();
  REQUIRE(steps == chunks + 5);
  const std::int64_t folder_step = steps - 1;

  // What each step's error says.
  const auto step_words = [&](std::int64_t at) -> std::string {
    if (at == 0) return "cannot create ";
    if (at <= chunks) return "cannot write ";
    if (at == chunks + 1) return "cannot flush ";
    if (at == chunks + 2) return "cannot close ";
    if (at == chunks + 3) return "cannot rename ";
    return "but cannot fsync its folder ";
  };

  for (std::int64_t at = 0; at < steps; ++at) {
    INFO("failing write step " << at << " of " << steps);
    storage_fault::Disarm();
    REQUIRE(Write(path, old_text));
    REQUIRE(Read(path) == old_text);

    std::string error;
    storage_fault::FailStepAt(at);
    const bool written = WriteFileAtomically(path, new_text, error);
    const std::int64_t seen = storage_fault::StepsSeen();
    storage_fault::Disarm();

    INFO("error: " << error);
    CHECK_FALSE(written);
    CHECK_FALSE(error.empty());
    CHECK(error.find(step_words(at)) != std::string::npos);
    CHECK(error.find("injected failure at step " + std::to_string(at)) != std::string::npos);
    CHECK(seen == at + 1);  // nothing past the failed step ran
    const std::string after = Read(path);
    if (at == folder_step) {
      // Past the rename: the new file is in place, whole, but not known durable.
      CHECK(after.size() == new_text.size());
      CHECK(after == new_text);
    } else {
      CHECK(after.size() == old_text.size());
      CHECK(after == old_text);
    }
    CHECK(Temporaries(folder.Path()).empty());
  }

  // Armed past the last step, the seam never fires: the write succeeds.
  REQUIRE(Write(path, old_text));
  std::string error;
  storage_fault::FailStepAt(steps);
  CHECK(WriteFileAtomically(path, new_text, error));
  CHECK(storage_fault::StepsSeen() == steps);
  storage_fault::Disarm();
  CHECK(error.empty());
  CHECK(Read(path) == new_text);
  CHECK(Temporaries(folder.Path()).empty());

  // An injected failure fires once: the next write succeeds.
  storage_fault::FailStepAt(1);
  CHECK_FALSE(WriteFileAtomically(path, old_text, error));
  CHECK(WriteFileAtomically(path, old_text, error));
  storage_fault::Disarm();
  CHECK(Read(path) == old_text);
}

TEST_CASE("real failures clean up as injected ones do", "[storage]") {
  TempFolder folder;
  std::string error;

  // The temporary cannot be created: its folder does not exist.
  const std::string missing = folder.File("no-such-folder/save.txt");
  CHECK_FALSE(WriteFileAtomically(missing, "text\n", error));
  CHECK(error.find("cannot create ") != std::string::npos);
  CHECK(error.find("No such file or directory") != std::string::npos);

  // The rename fails: `path` is a folder. The temporary is removed and the folder untouched.
  const std::string taken = folder.File("save.txt");
  REQUIRE(std::filesystem::create_directory(taken));
  REQUIRE(Write(taken + "/inside.txt", "inside\n"));
  error.clear();
  CHECK_FALSE(WriteFileAtomically(taken, MakeText("new", 2 * kChunk), error));
  CHECK(error.find("cannot rename ") != std::string::npos);
  CHECK(std::filesystem::is_directory(taken));
  CHECK(Read(taken + "/inside.txt") == "inside\n");
  CHECK(Temporaries(folder.Path()).empty());
}

TEST_CASE("a writer killed at any moment leaves the old or the new file, whole", "[storage]") {
  TempFolder folder;
  const std::string path = folder.File("save.txt");
  const std::string a = MakeText("A", 300000);
  const std::string b = MakeText("Bb", 310000);  // different lines and a different length
  REQUIRE(a.size() != b.size());
  REQUIRE(Write(path, a));

  constexpr int kRounds = 30;
  constexpr long kMaxDelayNs = 20L * 1000 * 1000;  // 20 ms
  int saw_a = 0;
  int saw_b = 0;
  for (int round = 0; round < kRounds; ++round) {
    INFO("round " << round);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) SaveForever(path, a, b);

    // Delays spread over 0..20 ms, with a varying odd part so kills land at varying steps.
    const long delay_ns = kMaxDelayNs * round / (kRounds - 1) + (round * 7919L % 1000) * 1000;
    struct timespec delay {};
    delay.tv_sec = delay_ns / 1000000000L;
    delay.tv_nsec = delay_ns % 1000000000L;
    ::nanosleep(&delay, nullptr);
    REQUIRE(::kill(child, SIGKILL) == 0);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    // Killed, not a failed write (exit 2): the kill landed while it was saving.
    CHECK(WIFSIGNALED(status));
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == SIGKILL);

    // The real path is always whole. The killed child's "save.txt.tmp-PID" may stay behind
    // (the next writer removes it), and it never stands in for `path`.
    const std::string text = Read(path);
    const bool whole = text == a || text == b;
    INFO("read " << text.size() << " bytes, ending " << Ending(text));
    CHECK(whole);
    if (text == a) ++saw_a;
    if (text == b) ++saw_b;
  }
  // Shown with -s: how the kills fell, and how many dead writers' temporaries stayed behind.
  const std::size_t stray_temporaries = Temporaries(folder.Path()).size();
  CAPTURE(saw_a, saw_b, stray_temporaries);
  CHECK(saw_a + saw_b == kRounds);
  // An hour later (the files are aged by hand), one more save by a writer that lives: every
  // killed writer's temporary is gone after it.
  for (const std::string& name : Temporaries(folder.Path()))
    std::filesystem::last_write_time(
        folder.File(name), std::filesystem::file_time_type::clock::now() - std::chrono::hours(2));
  REQUIRE(Write(path, a));
  CHECK(Temporaries(folder.Path()).empty());
  CHECK(Read(path) == a);
}

TEST_CASE("a save removes the temporaries of writers that are gone, and only those", "[storage]") {
  TempFolder folder;
  const std::string path = folder.File("save.txt");
  // A process that has exited and been reaped: its number names no process now.
  const pid_t gone = ::fork();
  REQUIRE(gone >= 0);
  if (gone == 0) ::_exit(0);
  REQUIRE(::waitpid(gone, nullptr, 0) == gone);
  const auto plant = [&](const std::string& name) {
    REQUIRE(Write(folder.File(name), "left behind\n"));
  };
  const std::string dead = "save.txt.tmp-" + std::to_string(gone);
  const std::string alive = "save.txt.tmp-" + std::to_string(::getppid());  // the test's parent
  const std::string fresh = "save.txt.tmp-999999999";  // past any PID (2^22 at most): just written
  const std::string dead_random = dead + "-0123456789abcdef";  // today's name: PID and 64 bits
  const std::string not_ours = dead + "-xyz";                  // a PID, then something else
  plant(dead);
  plant(dead_random);
  plant(not_ours);
  plant(alive);
  plant(fresh);
  plant("save.txt.tmp-notanumber");
  plant("other.txt.tmp-" + std::to_string(gone));  // another file's: not this save's business
  // All but `fresh` were left two hours ago. `fresh` names no process here either (the number
  // is past any PID), as a writer in another PID namespace would look: it is young, so it stays.
  for (const std::string& name :
       {dead, dead_random, not_ours, alive, std::string("save.txt.tmp-notanumber"),
        "other.txt.tmp-" + std::to_string(gone)})
    std::filesystem::last_write_time(
        folder.File(name), std::filesystem::file_time_type::clock::now() - std::chrono::hours(2));
  REQUIRE(Write(path, "the save\n"));
  const std::vector<std::string> left = Temporaries(folder.Path());
  const auto has = [&](const std::string& name) {
    return std::find(left.begin(), left.end(), name) != left.end();
  };
  CHECK_FALSE(has(dead));
  CHECK_FALSE(has(dead_random));
  CHECK(has(not_ours));
  CHECK(has(alive));
  CHECK(has(fresh));
  CHECK(has("save.txt.tmp-notanumber"));
  CHECK(has("other.txt.tmp-" + std::to_string(gone)));
  CHECK(Read(path) == "the save\n");
}

TEST_CASE("a symbolic link planted at a temporary's name is never followed", "[storage][hostile]") {
  TempFolder folder;
  const std::string path = folder.File("save.txt");
  const std::string victim = folder.File("victim.txt");
  REQUIRE(Write(victim, "the victim's own text\n"));
  // The old predictable names, and a few of today's, all point at the victim: an attacker who
  // can write the folder plants them hoping the next save writes through one.
  const std::string pid = std::to_string(::getpid());
  std::vector<std::string> planted = {"save.txt.tmp-" + pid,
                                      "save.txt.tmp-" + pid + "-0000000000000000"};
  for (const std::string& name : planted)
    REQUIRE(::symlink(victim.c_str(), folder.File(name).c_str()) == 0);
  REQUIRE(::symlink("/nonexistent/dangling",
                    folder.File("save.txt.tmp-" + pid + "-ffffffffffffffff").c_str()) == 0);
  for (int i = 0; i < 20; ++i) REQUIRE(Write(path, "save number " + std::to_string(i) + "\n"));
  CHECK(Read(path) == "save number 19\n");
  CHECK(Read(victim) == "the victim's own text\n");
  // The links are still links, untouched (the folder holds them, the victim, the save).
  for (const std::string& name : planted) CHECK(std::filesystem::is_symlink(folder.File(name)));
}

TEST_CASE("a file already at a temporary's name is left as it is", "[storage][hostile]") {
  // Another writer's temporary, or anything else that holds the name: opened with O_EXCL, it is
  // never truncated or renamed away.
  TempFolder folder;
  const std::string path = folder.File("save.txt");
  const std::string other = folder.File("save.txt.tmp-" + std::to_string(::getpid()));
  REQUIRE(Write(other, "another writer's half\n"));
  REQUIRE(Write(path, "mine\n"));
  CHECK(Read(path) == "mine\n");
  CHECK(Read(other) == "another writer's half\n");
}

TEST_CASE("creating exclusively writes a new file whole and never replaces an existing one",
          "[storage]") {
  TempFolder folder;
  const std::string path = folder.File("manifest.toml");
  std::string error;
  REQUIRE(CreateFileExclusively(path, "the first manifest\n", error));
  CHECK(Read(path) == "the first manifest\n");
  // A second writer (or one whose check ran before the first one's publication: the function
  // itself checks nothing beforehand, so this is the moment of the race) is refused.
  CHECK_FALSE(CreateFileExclusively(path, "a second manifest\n", error));
  CHECK(Read(path) == "the first manifest\n");
  CHECK(error ==
        path + " exists already (created by another writer meanwhile?); it was not replaced");
  CHECK(Temporaries(folder.Path()).empty());
}

TEST_CASE("creating exclusively refuses a symbolic link at the name and never follows it",
          "[storage][hostile]") {
  TempFolder folder;
  const std::string path = folder.File("manifest.toml");
  const std::string victim = folder.File("victim.txt");
  REQUIRE(Write(victim, "the victim's own text\n"));
  REQUIRE(::symlink(victim.c_str(), path.c_str()) == 0);
  std::string error;
  CHECK_FALSE(CreateFileExclusively(path, "a manifest\n", error));
  CHECK(error.find("exists already") != std::string::npos);
  CHECK(Read(victim) == "the victim's own text\n");
  REQUIRE(::symlink("/nonexistent/dangling", folder.File("dangling.toml").c_str()) == 0);
  CHECK_FALSE(CreateFileExclusively(folder.File("dangling.toml"), "a manifest\n", error));
  CHECK(std::filesystem::is_symlink(folder.File("dangling.toml")));
  CHECK(Temporaries(folder.Path()).empty());
}

TEST_CASE("a failure injected at each step of an exclusive creation leaves no file", "[storage]") {
  TempFolder folder;
  const std::string path = folder.File("manifest.toml");
  std::string error;
  storage_fault::Disarm();
  REQUIRE(CreateFileExclusively(folder.File("probe.toml"), "probe\n", error));
  const std::int64_t steps = storage_fault::StepsSeen();
  REQUIRE(steps == 6);
  for (std::int64_t step = 0; step < steps - 1; ++step) {  // the folder's fsync comes after
    storage_fault::FailStepAt(step);
    CHECK_FALSE(CreateFileExclusively(path, "a manifest\n", error));
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK(error.find("injected failure at step " + std::to_string(step)) != std::string::npos);
  }
  storage_fault::Disarm();
  CHECK(Temporaries(folder.Path()) == std::vector<std::string>{});
}

}  // namespace atomic_write_test
