#include "toml/toml_shape.h"

#include <string>
#include <vector>

namespace cairn {
namespace {

// One open array or inline table, and the depth it sits at.
struct Open {
  char bracket;  // '[' or '{'
  std::uint32_t depth;
};

constexpr std::size_t kNoKey = static_cast<std::size_t>(-1);

class Scanner {
 public:
  Scanner(std::string_view text, const TomlShapeLimits& limits) : text_(text), limits_(limits) {}

  bool Run(TextProblem& error) {
    StartLine();
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '#') {
        SkipComment();
        continue;
      }
      if (c == '"' || c == '\'') {
        if (in_key_ && key_at_ == kNoKey) key_at_ = at_;  // a quoted key
        line_start_ = false;
        SkipString();
        continue;
      }
      if (c == '\n' && open_.empty()) {
        ++at_;
        StartLine();
        continue;
      }
      if (line_start_ && c == '[') {
        if (!Header()) return Fail(error);
        continue;
      }
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') line_start_ = false;
      if (!Step(c)) return Fail(error);
      ++at_;
    }
    return true;
  }

 private:
  // A new line at the top level: a header or a key may start it.
  void StartLine() {
    line_start_ = true;
    StartKey(table_depth_);
  }

  void StartKey(std::uint32_t base) {
    in_key_ = true;
    key_base_ = base;
    segments_ = 1;
    key_at_ = kNoKey;
  }

  // One character outside strings and comments.
  bool Step(char c) {
    if (in_key_) {
      if (c == '.') ++segments_;
      const bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\n';
      if (key_at_ == kNoKey && !blank) key_at_ = at_;
      if (c == '=') {
        in_key_ = false;
        value_depth_ = key_base_ + segments_;
        const std::size_t key = key_at_ == kNoKey ? at_ : key_at_;
        return Deep(value_depth_, key) && Count(segments_, key);
      }
      if (c != '}') return true;
      in_key_ = false;  // an empty inline table, or one with a trailing comma: closed below
    }
    switch (c) {
      case '[':
      case '{': {
        const std::uint32_t depth =
            open_.empty() || open_.back().bracket == '{' ? value_depth_ : open_.back().depth + 1;
        // An array's elements sit one level below it: an array at the limit could hold nothing.
        if (!Deep(c == '[' ? depth + 1 : depth, at_) || !Count(c == '[' ? 2 : 1, at_)) return false;
        open_.push_back({c, depth});
        if (c == '{') StartKey(depth);
        return true;
      }
      case ']':
      case '}':
        if (!open_.empty()) open_.pop_back();
        return true;
      case ',':
        if (open_.empty()) return true;
        if (open_.back().bracket == '{') {
          StartKey(open_.back().depth);
          return true;
        }
        return Count(1, at_);
      default: return true;
    }
  }

  // A table header, `[a.b]` or `[[a.b]]`, from its first bracket to past its last.
  bool Header() {
    const std::size_t start = at_;
    const bool array = at_ + 1 < text_.size() && text_[at_ + 1] == '[';
    at_ += array ? 2 : 1;
    std::uint32_t segments = 1;
    while (at_ < text_.size() && text_[at_] != ']' && text_[at_] != '\n') {
      if (text_[at_] == '"' || text_[at_] == '\'') {
        SkipString();
        continue;
      }
      if (text_[at_] == '.') ++segments;
      ++at_;
    }
    table_depth_ = segments + (array ? 1 : 0);
    line_start_ = false;
    in_key_ = false;
    value_depth_ = table_depth_;
    return Deep(table_depth_, start) && Count(table_depth_, start);
  }

  void SkipComment() {
    while (at_ < text_.size() && text_[at_] != '\n') ++at_;
  }

  // A string of any of TOML's four kinds, from its opening quote to past its closing one (or the
  // line's end for a single-line string left open: the parser reports that).
  void SkipString() {
    const char quote = text_[at_];
    const bool multi = text_.substr(at_, 3) == std::string(3, quote);
    at_ += multi ? 3 : 1;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\\' && quote == '"') {
        at_ += 2;
        continue;
      }
      if (!multi && (c == quote || c == '\n')) {
        if (c == quote) ++at_;
        return;
      }
      if (multi && text_.substr(at_, 3) == std::string(3, quote)) {
        at_ += 3;
        while (at_ < text_.size() && text_[at_] == quote) ++at_;  // up to two quotes of content
        return;
      }
      ++at_;
    }
  }

  bool Deep(std::uint32_t depth, std::size_t where) {
    if (depth <= limits_.max_depth) return true;
    message_ = "nesting deeper than " + std::to_string(limits_.max_depth) +
               " levels (table headers, dotted keys, arrays and inline tables together)";
    where_ = where;
    return false;
  }

  bool Count(std::uint64_t values, std::size_t where) {
    values_ += values;
    if (values_ <= limits_.max_values) return true;
    message_ = "too dense: more than " + std::to_string(limits_.max_values) + " values in " +
               std::to_string(text_.size()) +
               " bytes (cairn's own files have 7 or more bytes a value; this text is mostly tiny "
               "values, which would cost hundreds of times its size to read)";
    where_ = where;
    return false;
  }

  bool Fail(TextProblem& error) const {
    TextPosition position{1, 1};
    for (std::size_t i = 0; i < where_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++position.line;
        position.column = 1;
      } else {
        ++position.column;
      }
    }
    error = TextProblem{position, message_};
    return false;
  }

  std::string_view text_;
  TomlShapeLimits limits_;
  std::size_t at_ = 0;
  std::vector<Open> open_;         // never deeper than max_depth: deeper is refused on opening
  std::uint32_t table_depth_ = 0;  // of the table the last header opened (0: the root)
  bool line_start_ = true;
  bool in_key_ = true;
  std::uint32_t key_base_ = 0;     // the depth of the table the key being read belongs to
  std::uint32_t segments_ = 1;     // of the key being read
  std::size_t key_at_ = kNoKey;    // where the key being read starts (kNoKey: not yet)
  std::uint32_t value_depth_ = 0;  // the depth a value starting now would sit at
  std::uint64_t values_ = 0;
  std::string message_;
  std::size_t where_ = 0;
};

}  // namespace

bool CheckTomlShape(std::string_view text, const TomlShapeLimits& limits, TextProblem& error) {
  return Scanner(text, limits).Run(error);
}

}  // namespace cairn
