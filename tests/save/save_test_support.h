// Helpers the save tests share: a run written to text, and text read and restored.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "save/save_codec.h"
#include "sim/session_persist.h"
#include "storage/read_file.h"
#include "support/test_content.h"
#include "support/test_entropy.h"

namespace cairn::test {

// `image` of `session` as a build of save version `version` holds it: an older version's (5 or 6,
// what WriteSaveText writes of them) state hash in that version's positional form, with no parts.
inline SessionImage AsVersion(SessionImage image, const GameSession& session,
                              std::int64_t version) {
  if (version <= kLastPositionalSaveVersion) {
    image.state_hash = session.StateHash(DigestForm::PositionalAt(version));
    image.state_parts.clear();
  }
  return image;
}

// The save text of `session`, which must be capturable (as an older build wrote it, `version` 5
// or 6: see WriteSaveText).
inline std::string SaveText(GameSession& session, std::int64_t version = kSaveVersion) {
  static CountingEntropy entropy;  // one source for the whole suite, as the system's would be
  SessionImage image;
  REQUIRE(CaptureImage(session, entropy, image) == Status::Ok);
  return WriteSaveText(AsVersion(std::move(image), session, version), *session.Config().definitions,
                       "cairn test", version);
}

// "\nversion = N\n" for save version `version`: how a test finds or replaces a save's version.
inline std::string VersionLine(std::int64_t version = kSaveVersion) {
  return "\nversion = " + std::to_string(version) + "\n";
}

// "\ndungeon_rules = N\n": the dungeon rules a save (version 9 on) says its floors were made under.
inline std::string RulesLine(std::int32_t rules = kDungeonRules) {
  return "\ndungeon_rules = " + std::to_string(rules) + "\n";
}

// Reads and restores, as the program does: on the built-in content of the edition the save's
// dungeon rules name, when `given` holds the built-in content; returns the problems' text,
// "LINE:COLUMN: WHAT" each (empty when it worked).
inline std::string Resume(const std::string& text, const SessionConfig& given,
                          std::unique_ptr<GameSession>& out) {
  SessionConfig config = given;
  if (config.definitions == DefaultDefinitions()) {
    const std::int32_t rules = SaveDungeonRules(text);
    config.definitions = DefaultDefinitions(rules);
    if (config.dungeon == DefaultDungeon()) config.dungeon = DefaultDungeon(rules);
  }
  SessionImage image;
  std::vector<TextProblem> problems;
  if (!ReadSaveText(text, *config.definitions, config.limits, image, problems)) {
    std::string all;
    for (const TextProblem& p : problems)
      all += std::to_string(p.position.line) + ":" + std::to_string(p.position.column) + ": " +
             p.message + "\n";
    return all;
  }
  std::string error;
  if (RestoreSession(config, image, out, error) != Status::Ok)
    return error.empty() ? "restore failed" : error;
  return "";
}

// tests/save/fixtures/NAME read and checked into `image`. False (with a warning) when the
// built-in content changed since it was made: a save made with other content cannot resume.
inline bool ReadFixture(const std::string& name, std::string& text, SessionImage& image) {
  std::string error;
  REQUIRE(ReadWholeFile(std::string(CAIRN_SOURCE_DIR) + "/tests/save/fixtures/" + name,
                        FileKind::Save, text, error));
  std::vector<TextProblem> problems;
  REQUIRE(ReadSaveText(text, *Definitions(), DungeonConfig(1).limits, image, problems));
  if (image.content == Dungeon(1)->ContentDigest()) return true;
  WARN("the built-in content changed since tests/save/fixtures/" << name
                                                                 << " was made: not resumed");
  return false;
}

// `text` with the first `what` replaced by `with` (which must be there).
inline std::string Replace(std::string text, std::string_view what, std::string_view with) {
  const std::size_t at = text.find(what);
  REQUIRE(at != std::string::npos);
  return text.replace(at, what.size(), with);
}

}  // namespace cairn::test
