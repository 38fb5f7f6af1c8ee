#include "toml/table_reader.h"

#include <algorithm>

#include "base/closest_name.h"
#include "base/terminal_text.h"
#include "toml/toml_reader.h"
#include "toml/toml_subset.h"

namespace cairn {

TableReader::TableReader(const TomlValue& table, std::string what,
                         std::vector<TextProblem>& problems)
    : table_(table), what_(std::move(what)), problems_(problems) {}

void TableReader::Problem(TextPosition at, std::string message) {
  problems_.emplace_back(at, std::move(message));
}

const TomlValue* TableReader::Get(std::string_view key, TomlKind kind, bool required) {
  asked_.emplace_back(key);
  const TomlValue* value = table_.Find(key);
  if (value == nullptr) {
    if (required) Problem(table_.position, what_ + " needs '" + std::string(key) + "'");
    return nullptr;
  }
  if (value->kind != kind) {
    Problem(value->position, what_ + ": '" + std::string(key) + "' must be " +
                                 TomlKindWithArticle(kind) + ", not " +
                                 TomlKindWithArticle(value->kind));
    return nullptr;
  }
  return value;
}

bool TableReader::String(std::string_view key, std::string& out, bool required) {
  const TomlValue* v = Get(key, TomlKind::String, required);
  if (v == nullptr) return false;
  out = v->text;
  return true;
}

bool TableReader::ShownString(std::string_view key, std::string& out, bool required) {
  std::string text;
  if (!String(key, text, required)) return false;
  if (NeedsTerminalEscape(text)) {
    Problem(table_.Find(key)->position,
            what_ + ": '" + std::string(key) + "' holds a control character (\"" +
                EscapeForTerminal(text) + "\"); it is shown on the terminal");
    return false;
  }
  out = std::move(text);
  return true;
}

bool TableReader::ShownName(std::string_view key, std::string& out, std::size_t max_bytes,
                            bool required) {
  std::string text;
  if (!ShownString(key, text, required)) return false;
  if (text.size() > max_bytes) {
    Problem(table_.Find(key)->position, what_ + ": '" + std::string(key) + "' is " +
                                            std::to_string(text.size()) + " bytes long; at most " +
                                            std::to_string(max_bytes) + " fit");
    return false;
  }
  out = std::move(text);
  return true;
}

bool TableReader::Integer(std::string_view key, std::int64_t& out, std::int64_t min,
                          std::int64_t max, bool required) {
  const TomlValue* v = Get(key, TomlKind::Integer, required);
  if (v == nullptr) return false;
  if (v->integer < min || v->integer > max) {
    Problem(v->position, what_ + ": '" + std::string(key) + "' is " + std::to_string(v->integer) +
                             ", outside " + std::to_string(min) + ".." + std::to_string(max));
    return false;
  }
  out = v->integer;
  return true;
}

bool TableReader::Choice(std::string_view key, std::span<const std::string_view> names,
                         std::size_t& out, bool required) {
  const TomlValue* v = Get(key, TomlKind::String, required);
  if (v == nullptr) return false;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == v->text) {
      out = i;
      return true;
    }
  }
  std::string list;
  for (std::string_view n : names) list += (list.empty() ? "" : ", ") + std::string(n);
  Problem(v->position, what_ + ": '" + std::string(key) + "' is \"" + v->text +
                           "\", not one of: " + list + DidYouMean(v->text, names));
  return false;
}

bool TableReader::Range(std::string_view key, std::int64_t& low, std::int64_t& high,
                        std::int64_t min, std::int64_t max, bool required) {
  const TomlValue* v = Get(key, TomlKind::Array, required);
  if (v == nullptr) return false;
  if (v->array.size() != 2 || v->array[0].kind != TomlKind::Integer ||
      v->array[1].kind != TomlKind::Integer || v->array[0].integer < min ||
      v->array[1].integer > max || v->array[0].integer > v->array[1].integer) {
    Problem(v->position, what_ + ": '" + std::string(key) + "' must be [low, high] with " +
                             std::to_string(min) + " <= low <= high <= " + std::to_string(max));
    return false;
  }
  low = v->array[0].integer;
  high = v->array[1].integer;
  return true;
}

void TableReader::RejectUnknown() {
  for (const TomlMember& m : table_.members) {
    if (std::find(asked_.begin(), asked_.end(), m.key) != asked_.end()) continue;
    // The members the reader asked for are the names the file could have meant.
    ClosestName closest(m.key);
    for (const std::string& asked : asked_) closest.Consider(asked);
    Problem(m.key_position,
            what_ + ": unknown member '" + m.key + "'" + DidYouMeanText(closest.Best()));
  }
}

bool ParseTomlFile(std::string_view text, TomlValue& root, std::vector<TextProblem>& problems) {
  if (ParseTomlSubset(text, root)) return true;
  TextProblem error;
  if (ParseToml(text, root, error)) return true;
  problems.push_back(std::move(error));
  return false;
}

bool ReadFileHeader(TableReader& file, std::string_view format, std::string_view name,
                    std::span<const std::int64_t> versions, std::int64_t& version,
                    std::span<const RetiredVersion> retired) {
  std::string written;
  const bool has_format = file.String("format", written, false);
  if (file.Table().Find("format") == nullptr)
    file.Problem(file.Table().position, "a cairn " + std::string(name) +
                                            " file starts with format = \"" + std::string(format) +
                                            "\"");
  if (has_format && written != format) {
    // A foreign file: its version and everything else in it mean nothing here.
    file.Problem(file.Table().Find("format")->position,
                 "not a cairn " + std::string(name) + " file (format is \"" + written + "\")");
    return false;
  }
  if (!file.Integer("version", version, 1, 1000)) return false;
  if (std::find(versions.begin(), versions.end(), version) != versions.end()) return has_format;
  std::string known;
  for (std::size_t i = 0; i < versions.size(); ++i)
    known += (i == 0                     ? ""
              : i + 1 == versions.size() ? " and "
                                         : ", ") +
             std::to_string(versions[i]);
  std::string why;
  for (const RetiredVersion& r : retired)
    if (r.version == version) why = ": " + std::string(r.why);
  file.Problem(file.Table().Find("version")->position,
               std::string(name) + " version " + std::to_string(version) + " is not supported" +
                   why + " (this build reads " + known + ")");
  return false;
}

}  // namespace cairn
