// Files of the source tree the tests read as they are (data/, README.md, docs/), found through
// CAIRN_SOURCE_DIR, which the suites that use this define.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "keymap/keymap.h"

namespace cairn::test {

inline std::string SourceFile(const std::string& path) {
  std::ifstream file(std::string(CAIRN_SOURCE_DIR) + "/" + path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// The default key map, data/keys.toml.
inline KeyMap DefaultKeyMap() {
  KeyMap keys;
  std::vector<TextProblem> problems;
  REQUIRE(keys.Apply(SourceFile("data/keys.toml"), "data/keys.toml", problems));
  return keys;
}

}  // namespace cairn::test
