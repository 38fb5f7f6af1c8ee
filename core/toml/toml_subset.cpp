#include "toml/toml_subset.h"

#include <algorithm>
#include <new>

#include "base/utf8.h"
#include "toml/toml_reader.h"

namespace cairn {
namespace {

bool IsBareKeyChar(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

int HexDigit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// An array made by [[array]] headers: its tables are never inline, and no other array holds
// such a table (an array written `a = [...]` holds inline ones), so its last element tells.
bool IsHeaderArray(const TomlValue& value) noexcept {
  return value.kind == TomlKind::Array && !value.array.empty() && value.array.back().IsTable() &&
         !value.array.back().inline_table;
}

TomlValue* MemberOf(TomlValue& table, std::string_view key) noexcept {
  for (TomlMember& m : table.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

// More than the values the general reader's shape check (toml_shape.h) would count in `text`: a
// key 1 (at its '='), a header its segments plus one (its '.'s and two '[', weighed 2), an
// array 2 (its '[') and 1 a comma, an inline table 1 (its '{'). Counting those characters
// wherever they are (in strings too) never counts less, in one quick pass, so a text it allows
// is one the shape check allows; a dense text is declined before any tree is built, in no memory.
// Counted in blocks small enough for a 16-bit count (at most 2 a character), which the compiler
// adds up eight characters to an instruction: a quarter of the instructions of a 64-bit count.
std::uint64_t ValuesAtMost(std::string_view text) noexcept {
  constexpr std::size_t kBlock = 16384;
  std::uint64_t values = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.size(), at + kBlock);
    std::uint16_t block = 0;
    for (; at < end; ++at) {
      const char c = text[at];
      block = static_cast<std::uint16_t>(block + (c == '=') + (c == '{') + (c == ',') + (c == '.') +
                                         2 * (c == '['));
    }
    values += block;
  }
  return values;
}

// One pass over the text; every method returns false as soon as the text leaves the subset.
class SubsetParser {
 public:
  explicit SubsetParser(std::string_view text) : text_(text), scratch_(kMaxTomlDepth + 2) {}

  bool Document(TomlValue& root) {
    root.kind = TomlKind::Table;
    root.position = TextPosition{1, 1};
    TomlValue* table = &root;
    while (true) {
      SkipBlanks();
      if (at_ >= text_.size()) {
        Fill(*table, scratch_[0]);
        return true;
      }
      const char c = text_[at_];
      if (c == '\n') {
        NewLine();
        continue;
      }
      if (c == '#') {
        if (!Comment()) return false;
        continue;
      }
      if (c == '[') {
        Fill(*table, scratch_[0]);
        table = Header(root, table_depth_);
        if (table == nullptr) return false;
      } else if (!KeyValue(scratch_[0], table_depth_ + 1)) {
        return false;
      }
      if (!LineEnd()) return false;
    }
  }

 private:
  // The general reader's bound on depth, so a text it would refuse as too deep is never accepted
  // here. Its shape check (toml_shape.h) counts so: a header's table sits at its segments plus
  // one, a key's value one below its table, an array's elements one below the array. Its
  // converter (toml_reader.cpp) counts tree depth, two a header segment (the array and its
  // table): a value's tree depth is its shape depth plus `tree_offset_`. (Its bound on values is
  // kept before the parse: ParseTomlSubset.)
  static bool Deep(std::uint32_t depth) noexcept { return depth <= kMaxTomlDepth; }

  // A table may hold at most this many members here (the writer's hold at most 24): each key is
  // looked for among its table's members, so more would cost their square. A larger table is
  // the general reader's.
  static constexpr std::size_t kMaxMembers = 64;

  // A table's members are gathered in a scratch list of its depth, then moved into the table at
  // once: one allocation of the right size instead of a doubling series.
  static void Fill(TomlValue& table, std::vector<TomlMember>& gathered) {
    table.members.reserve(table.members.size() + gathered.size());
    for (TomlMember& m : gathered) table.members.push_back(std::move(m));
    gathered.clear();
  }

  static bool Has(const std::vector<TomlMember>& members, std::string_view key) noexcept {
    for (const TomlMember& m : members)
      if (m.key == key) return true;
    return false;
  }

  TextPosition Here() {
    if (!line_has_multibyte_)
      return TextPosition{line_, static_cast<std::uint32_t>(at_ - line_start_ + 1)};
    // Characters, as the general reader counts them, counted on from the last place asked for
    // on this line (places are asked for in order): a long line costs its length once, not once
    // a value.
    for (; counted_to_ < at_; ++counted_to_)
      if ((static_cast<unsigned char>(text_[counted_to_]) & 0xC0) != 0x80) ++counted_column_;
    return TextPosition{line_, counted_column_};
  }

  void NewLine() {
    ++at_;
    ++line_;
    line_start_ = at_;
    line_has_multibyte_ = false;
    counted_to_ = at_;
    counted_column_ = 1;
  }

  void SkipBlanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
  }

  // A character of a comment or a string beyond ASCII: valid UTF-8 only.
  bool Multibyte() {
    std::uint32_t code_point = 0;
    std::size_t length = 0;
    if (!DecodeUtf8(text_, at_, code_point, length)) return false;
    at_ += length;
    line_has_multibyte_ = true;
    return true;
  }

  // From `#` to the line's end (not consumed): tabs, printable ASCII and UTF-8.
  bool Comment() {
    ++at_;
    while (at_ < text_.size() && text_[at_] != '\n') {
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c >= 0x80) {
        if (!Multibyte()) return false;
      } else if (c == '\t' || (c >= 0x20 && c < 0x7F)) {
        ++at_;
      } else {
        return false;
      }
    }
    return true;
  }

  // After a key-value pair or a header: blanks, perhaps a comment, then a line end.
  bool LineEnd() {
    SkipBlanks();
    if (at_ < text_.size() && text_[at_] == '#' && !Comment()) return false;
    if (at_ >= text_.size()) return true;
    if (text_[at_] != '\n') return false;
    NewLine();
    return true;
  }

  // Blanks, line ends and comments, as between an array's values.
  bool SkipArrayGap() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == ' ' || c == '\t') {
        ++at_;
      } else if (c == '\n') {
        NewLine();
      } else if (c == '#') {
        if (!Comment()) return false;
      } else {
        break;
      }
    }
    return true;
  }

  bool BareKey(std::string_view& key) {
    const std::size_t start = at_;
    while (at_ < text_.size() && IsBareKeyChar(text_[at_])) ++at_;
    key = text_.substr(start, at_ - start);
    return !key.empty();
  }

  // `[a]`: a new table at the root (TableHeader). `[[a.b]]`: appends a table to the array `b`
  // inside the last table of the header array `a`.
  TomlValue* Header(TomlValue& root, std::uint32_t& depth) {
    if (text_.substr(at_, 2) != "[[") return TableHeader(root, depth);
    const TextPosition header_at = Here();  // where toml++ places the array and its table
    at_ += 2;
    TomlValue* table = &root;
    for (std::uint32_t segments = 1;; ++segments) {
      const TextPosition key_at = Here();
      std::string_view key;
      if (!BareKey(key)) return nullptr;
      TomlValue* existing = MemberOf(*table, key);
      if (at_ < text_.size() && text_[at_] == '.') {  // a prefix: into its array's last table
        ++at_;
        if (existing == nullptr || !IsHeaderArray(*existing)) return nullptr;
        table = &existing->array.back();
        continue;
      }
      if (text_.substr(at_, 2) != "]]") return nullptr;
      at_ += 2;
      depth = segments + 1;
      tree_offset_ = segments - 1;
      if (!Deep(depth) || !Deep(2 * segments)) return nullptr;
      if (existing == nullptr) {
        if (table->members.size() >= kMaxMembers) return nullptr;
        TomlMember& member = table->members.emplace_back();
        member.key = std::string(key);
        member.key_position = key_at;
        member.value.kind = TomlKind::Array;
        member.value.position = header_at;
        existing = &member.value;
      } else if (!IsHeaderArray(*existing)) {
        return nullptr;
      }
      TomlValue& element = existing->array.emplace_back();
      element.kind = TomlKind::Table;
      element.position = header_at;
      return &element;
    }
  }

  // `[a]`, as a level's `[map]`: a table at the root named by one bare key no line before has
  // used. A dotted, quoted or spaced name, or one already taken (which the general reader may
  // refuse, or may accept for a table only implied so far), is the general reader's.
  TomlValue* TableHeader(TomlValue& root, std::uint32_t& depth) {
    const TextPosition header_at = Here();  // where toml++ places the table
    ++at_;
    const TextPosition key_at = Here();
    std::string_view key;
    if (!BareKey(key) || at_ >= text_.size() || text_[at_] != ']') return nullptr;
    ++at_;
    if (MemberOf(root, key) != nullptr || root.members.size() >= kMaxMembers) return nullptr;
    depth = 1;  // the shape check's and the tree's depth of the table alike
    tree_offset_ = 0;
    TomlMember& member = root.members.emplace_back();
    member.key = std::string(key);
    member.key_position = key_at;
    member.value.kind = TomlKind::Table;
    member.value.position = header_at;
    return &member.value;
  }

  // A bare key, or a quoted one of printable ASCII with no escape (a level's legend: `"#" =
  // "wall"`), whose text between the quotes is the key. Any other quoted key (an escape, UTF-8,
  // the empty key, a literal or multi-line string) is the general reader's.
  bool Key(std::string_view& key) {
    if (at_ >= text_.size() || text_[at_] != '"') return BareKey(key);
    const std::size_t start = ++at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      const char c = text_[at_];
      if (c < 0x20 || c > 0x7E || c == '\\') return false;
      ++at_;
    }
    if (at_ >= text_.size() || at_ == start) return false;
    key = text_.substr(start, at_ - start);
    ++at_;
    return true;
  }

  bool KeyValue(std::vector<TomlMember>& members, std::uint32_t depth) {
    const TextPosition key_at = Here();
    std::string_view key;
    if (!Key(key)) return false;
    SkipBlanks();
    if (at_ >= text_.size() || text_[at_] != '=') return false;  // a dotted key, or no value
    ++at_;
    SkipBlanks();
    // A duplicate is the general reader's to report.
    if (Has(members, key) || members.size() >= kMaxMembers || !Deep(depth)) return false;
    TomlMember& member = members.emplace_back();
    member.key = std::string(key);
    member.key_position = key_at;
    return Value(member.value, depth);
  }

  // The value at `depth` (toml_shape.h's).
  bool Value(TomlValue& out, std::uint32_t depth) {
    if (at_ >= text_.size() || !Deep(depth + tree_offset_)) return false;
    out.position = Here();
    const char c = text_[at_];
    if (c == '"') return String(out);
    if (c == '[') return Array(out, depth);
    if (c == '{') return InlineTable(out, depth);
    if (c == '-' || (c >= '0' && c <= '9')) return Integer(out);
    if (c == 't' || c == 'f') return Boolean(out);
    return false;  // literal strings, floats, dates: the general reader's
  }

  // What may follow a value written as a word or a number on its line.
  bool AtValueEnd() const noexcept {
    if (at_ >= text_.size()) return true;
    const char next = text_[at_];
    return next == ' ' || next == '\t' || next == '\n' || next == ',' || next == ']' ||
           next == '}' || next == '#';
  }

  // `true` or `false` (a level's `fresh = true`).
  bool Boolean(TomlValue& out) {
    const bool value = text_.substr(at_, 4) == "true";
    if (!value && text_.substr(at_, 5) != "false") return false;
    at_ += value ? 4 : 5;
    if (!AtValueEnd()) return false;
    out.kind = TomlKind::Boolean;
    out.boolean = value;
    return true;
  }

  bool String(TomlValue& out) {
    if (text_.substr(at_, 3) == "\"\"\"") return false;  // multi-line
    ++at_;
    out.kind = TomlKind::String;
    std::string& s = out.text;
    while (true) {
      const std::size_t run = at_;
      while (at_ < text_.size()) {
        const auto c = static_cast<unsigned char>(text_[at_]);
        if (c == '"' || c == '\\' || c >= 0x80 || (c < 0x20 && c != '\t') || c == 0x7F) break;
        ++at_;
      }
      s.append(text_.data() + run, at_ - run);
      if (at_ >= text_.size()) return false;
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') {
        ++at_;
        return true;
      }
      if (c >= 0x80) {
        const std::size_t start = at_;
        if (!Multibyte()) return false;
        s.append(text_.data() + start, at_ - start);
        continue;
      }
      if (c != '\\' || !Escape(s)) return false;  // a control character, or an unknown escape
    }
  }

  bool Escape(std::string& s) {
    if (at_ + 1 >= text_.size()) return false;
    const char e = text_[at_ + 1];
    at_ += 2;
    switch (e) {
      case '"': s += '"'; return true;
      case '\\': s += '\\'; return true;
      case 'b': s += '\b'; return true;
      case 't': s += '\t'; return true;
      case 'n': s += '\n'; return true;
      case 'f': s += '\f'; return true;
      case 'r': s += '\r'; return true;
      case 'u': {
        if (at_ + 4 > text_.size()) return false;
        std::uint32_t code_point = 0;
        for (std::size_t i = 0; i < 4; ++i) {
          const int digit = HexDigit(text_[at_ + i]);
          if (digit < 0) return false;
          code_point = code_point * 16 + static_cast<std::uint32_t>(digit);
        }
        at_ += 4;
        if (code_point == 0 || (code_point >= 0xD800 && code_point <= 0xDFFF)) return false;
        AppendUtf8(s, code_point);
        return true;
      }
      default: return false;
    }
  }

  // Decimal, no sign but `-`, no underscores, no leading zero, within 64 bits.
  bool Integer(TomlValue& out) {
    const bool negative = text_[at_] == '-';
    if (negative) ++at_;
    const std::size_t start = at_;
    std::uint64_t value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      if (at_ - start >= 18) return false;  // past 18 digits: let toml++ judge the range
      value = value * 10 + static_cast<std::uint64_t>(text_[at_] - '0');
      ++at_;
    }
    const std::size_t digits = at_ - start;
    if (digits == 0 || (digits > 1 && text_[start] == '0')) return false;
    if (!AtValueEnd()) return false;  // a float, a date, underscores, a hexadecimal prefix
    out.kind = TomlKind::Integer;
    out.integer = negative ? -static_cast<std::int64_t>(value) : static_cast<std::int64_t>(value);
    return true;
  }

  bool Array(TomlValue& out, std::uint32_t depth) {
    if (!Deep(depth + 1)) return false;
    ++at_;
    out.kind = TomlKind::Array;
    while (true) {
      if (!SkipArrayGap() || at_ >= text_.size()) return false;
      if (text_[at_] == ']') {
        ++at_;
        return true;
      }
      if (!Value(out.array.emplace_back(), depth + 1) || !SkipArrayGap() || at_ >= text_.size())
        return false;
      if (text_[at_] == ',') {
        ++at_;
      } else if (text_[at_] != ']') {
        return false;
      }
    }
  }

  // `{ a = 1, b = "x" }` on one line; no trailing comma (TOML has none in inline tables).
  bool InlineTable(TomlValue& out, std::uint32_t depth) {
    if (!Deep(depth)) return false;
    ++at_;
    out.kind = TomlKind::Table;
    out.inline_table = true;
    SkipBlanks();
    if (at_ < text_.size() && text_[at_] == '}') {
      ++at_;
      return true;
    }
    std::vector<TomlMember>& members = scratch_[depth];
    members.clear();
    while (true) {
      SkipBlanks();
      const TextPosition key_at = Here();
      std::string_view key;
      if (!Key(key)) return false;
      SkipBlanks();
      if (at_ >= text_.size() || text_[at_] != '=') return false;
      ++at_;
      SkipBlanks();
      if (Has(members, key) || members.size() >= kMaxMembers || !Deep(depth + 1)) return false;
      TomlMember& member = members.emplace_back();
      member.key = std::string(key);
      member.key_position = key_at;
      if (!Value(member.value, depth + 1)) return false;
      SkipBlanks();
      if (at_ >= text_.size()) return false;
      if (text_[at_] == '}') {
        ++at_;
        Fill(out, members);
        return true;
      }
      if (text_[at_] != ',') return false;
      ++at_;
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::uint32_t line_ = 1;
  std::size_t line_start_ = 0;
  bool line_has_multibyte_ = false;   // then a column counts characters, not bytes
  std::size_t counted_to_ = 0;        // Here's count of this line's characters reaches here,
  std::uint32_t counted_column_ = 1;  // the column at counted_to_
  std::uint32_t table_depth_ = 0;     // of the table the last header opened (0: the root)
  std::uint32_t tree_offset_ = 0;     // its tree depth less its shape depth
  // By depth: [0] the current header table's (or the root's), [d] an inline table's at d.
  std::vector<std::vector<TomlMember>> scratch_;
};

}  // namespace

bool ParseTomlSubset(std::string_view text, TomlValue& root) noexcept {
  try {
    if (ValuesAtMost(text) > kTomlValuesFloor + text.size() / kTomlBytesPerValue) return false;
    TomlValue parsed;
    if (!SubsetParser(text).Document(parsed)) return false;
    root = std::move(parsed);
    return true;
  } catch (const std::bad_alloc&) {
    return false;
  }
}

}  // namespace cairn
