// TableReader: reads the members of one TOML table against what a format expects, reporting
// every problem with its position (a missing member, a wrong kind, a value out of range, a member
// nobody asked for) instead of stopping at the first. Every content codec reads through it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/text_problem.h"
#include "toml/toml_value.h"

namespace cairn {

class TableReader {
 public:
  // `what` names the table in messages ("monster 'rat'", "entity 'player'").
  TableReader(const TomlValue& table, std::string what, std::vector<TextProblem>& problems);

  // The member, checked for its kind; null (with a problem when required) if absent or wrong.
  const TomlValue* Get(std::string_view key, TomlKind kind, bool required);

  // Typed reads: true when the member was present and valid (`out` set); when absent, `out` is
  // left as it was (its default) and a required member is a problem.
  bool String(std::string_view key, std::string& out, bool required = true);
  // A string shown to players (a name, a verb): one holding a control character, which a
  // terminal would obey, is a problem where it is written (it is quoted escaped), and false.
  bool ShownString(std::string_view key, std::string& out, bool required = true);
  // ShownString, at most `max_bytes` long (a name the status line shows).
  bool ShownName(std::string_view key, std::string& out, std::size_t max_bytes,
                 bool required = true);
  bool Integer(std::string_view key, std::int64_t& out, std::int64_t min, std::int64_t max,
               bool required = true);
  template <class Number>
  bool Int(std::string_view key, Number& out, std::int64_t min, std::int64_t max,
           bool required = true) {
    std::int64_t value = static_cast<std::int64_t>(out);
    if (!Integer(key, value, min, max, required)) return false;
    out = static_cast<Number>(value);
    return true;
  }
  // A string that must be one of `names`; `out` is its index.
  bool Choice(std::string_view key, std::span<const std::string_view> names, std::size_t& out,
              bool required = true);
  // A two-element array [low, high] of integers with min <= low <= high <= max.
  bool Range(std::string_view key, std::int64_t& low, std::int64_t& high, std::int64_t min,
             std::int64_t max, bool required = true);

  // Reports every member that no Get/typed read asked about.
  void RejectUnknown();

  void Problem(TextPosition at, std::string message);
  [[nodiscard]] const TomlValue& Table() const noexcept { return table_; }
  [[nodiscard]] const std::string& What() const noexcept { return what_; }
  // Renames the table in later messages (once its id is known: "monster 'rat'").
  void SetWhat(std::string what) { what_ = std::move(what); }

 private:
  const TomlValue& table_;
  std::string what_;
  std::vector<TextProblem>& problems_;
  std::vector<std::string> asked_;
};

// Parses `text` into `root` (a table); a syntax error becomes a positioned problem. Text within
// the subset cairn's writers make (saves, levels: toml_subset.h) is read without toml++, into the
// same tree; anything else through the general reader, which reports every error.
[[nodiscard]] bool ParseTomlFile(std::string_view text, TomlValue& root,
                                 std::vector<TextProblem>& problems);

// A version this build once read and no longer does, with why (said when a file has it).
struct RetiredVersion {
  std::int64_t version = 0;
  std::string_view why;  // "it has no [end], so ...; record it again"
};

// The two members every cairn file opens with: `format` (must be `format`, "cairn-level") and
// `version` (one of `versions`), read from `file`, the root table. `name` names the kind in
// messages: "not a cairn level file (format is ...)", "level version 3 is not supported (this
// build reads 1 and 2)", or, for a version in `retired`, "recording version 1 is not supported:
// WHY (this build reads 3)". True when both are present and right; `version` is set when
// readable. A wrong format is the only problem reported (a foreign file's version means
// nothing); on false, the caller reads no further: the rest of the file is not in a form it knows.
//
// Every cairn file reader opens its text with ParseTomlFile, then this: so every file passes the
// guards ParseToml keeps against toml++'s defects, and says a foreign file or version one way.
[[nodiscard]] bool ReadFileHeader(TableReader& file, std::string_view format, std::string_view name,
                                  std::span<const std::int64_t> versions, std::int64_t& version,
                                  std::span<const RetiredVersion> retired = {});

}  // namespace cairn
