#include "sim/keys.h"

#include <charconv>

namespace cairn {
namespace {

struct KeyBinding {
  char key;
  PlayerCommand command;
};
constexpr KeyBinding kBindings[] = {
    {'h', {PlayerCommandKind::Move, -1, 0}},      {'j', {PlayerCommandKind::Move, 0, 1}},
    {'k', {PlayerCommandKind::Move, 0, -1}},      {'l', {PlayerCommandKind::Move, 1, 0}},
    {'y', {PlayerCommandKind::Move, -1, -1}},     {'u', {PlayerCommandKind::Move, 1, -1}},
    {'b', {PlayerCommandKind::Move, -1, 1}},      {'n', {PlayerCommandKind::Move, 1, 1}},
    {'.', {PlayerCommandKind::Wait, 0, 0}},       {'s', {PlayerCommandKind::Wait, 0, 0}},
    {'g', {PlayerCommandKind::PickUp, 0, 0}},     {',', {PlayerCommandKind::PickUp, 0, 0}},
    {'>', {PlayerCommandKind::Descend, 0, 0}},    {'<', {PlayerCommandKind::Ascend, 0, 0}},
    {'A', {PlayerCommandKind::AutoPickup, 0, 0}}, {'c', {PlayerCommandKind::OrderAllies, 0, 0}},
};

// Keys that take an item letter after them. The first key of a kind is its canonical one.
struct ItemKey {
  char key;
  PlayerCommandKind kind;
};
constexpr ItemKey kItemKeys[] = {
    {'d', PlayerCommandKind::Drop},   {'a', PlayerCommandKind::Use},
    {'q', PlayerCommandKind::Use},    {'r', PlayerCommandKind::Use},
    {'e', PlayerCommandKind::Use},    {'z', PlayerCommandKind::Use},
    {'t', PlayerCommandKind::Throw},  {'w', PlayerCommandKind::Equip},
    {'W', PlayerCommandKind::Equip},  {'T', PlayerCommandKind::Unequip},
    {'v', PlayerCommandKind::Quiver},
};
// Fire takes no letter (it throws what the quiver holds), but may be aimed: "f", "f@12,5".
constexpr char kFireKey = 'f';

bool ItemLetter(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// "@X,Y" at `at`: the target cell of an aimed command; the characters consumed, or 0.
std::size_t ParseAim(std::string_view keys, std::size_t at, std::int32_t& x,
                     std::int32_t& y) noexcept {
  if (at >= keys.size() || keys[at] != '@') return 0;
  const char* begin = keys.data() + at + 1;
  const char* end = keys.data() + keys.size();
  auto [after_x, ex] = std::from_chars(begin, end, x);
  if (ex != std::errc() || after_x == begin || after_x == end || *after_x != ',') return 0;
  auto [after_y, ey] = std::from_chars(after_x + 1, end, y);
  if (ey != std::errc() || after_y == after_x + 1) return 0;
  return static_cast<std::size_t>(after_y - (keys.data() + at));
}

}  // namespace

bool CommandForKey(char c, PlayerCommand& out) noexcept {
  for (const KeyBinding& binding : kBindings) {
    if (binding.key == c) {
      out = binding.command;
      return true;
    }
  }
  return false;
}

KeyToken NextKeyToken(std::string_view keys, std::size_t at) noexcept {
  KeyToken token;
  const char c = keys[at];
  if (CommandForKey(c, token.command)) {
    token.kind = KeyTokenKind::Command;
    return token;
  }
  if (c == 'o' || c == 'X') {
    token.kind = KeyTokenKind::Explore;
    return token;
  }
  if (c == 'Z') {
    token.kind = KeyTokenKind::Rest;
    return token;
  }
  if (c == 'F') {
    token.kind = KeyTokenKind::Fight;
    return token;
  }
  if (c == kFireKey) {
    token.kind = KeyTokenKind::Command;
    token.command.kind = PlayerCommandKind::Fire;
    std::int32_t x = 0, y = 0;
    if (const std::size_t aim = ParseAim(keys, at + 1, x, y); aim > 0) {
      token.command.aimed = 1;
      token.command.tx = x;
      token.command.ty = y;
      token.length += aim;
    }
    return token;
  }
  for (const ItemKey& item : kItemKeys) {
    if (item.key != c) continue;
    if (at + 1 >= keys.size() || !ItemLetter(keys[at + 1])) return token;  // Unknown, length 1
    token.kind = KeyTokenKind::Command;
    token.command.kind = item.kind;
    token.command.letter = keys[at + 1];
    token.length = 2;
    std::int32_t x = 0, y = 0;
    if (const std::size_t aim = ParseAim(keys, at + 2, x, y); aim > 0) {
      token.command.aimed = 1;
      token.command.tx = x;
      token.command.ty = y;
      token.length += aim;
    }
    return token;
  }
  return token;
}

std::string CommandText(const PlayerCommand& command) {
  for (const KeyBinding& binding : kBindings)
    if (binding.command == command) return std::string(1, binding.key);
  if (command.kind == PlayerCommandKind::Fire) {
    std::string text(1, kFireKey);
    if (command.aimed) text += "@" + std::to_string(command.tx) + "," + std::to_string(command.ty);
    return text;
  }
  for (const ItemKey& item : kItemKeys) {
    if (item.kind != command.kind || !ItemLetter(command.letter)) continue;
    std::string text{item.key, command.letter};
    if (command.aimed) text += "@" + std::to_string(command.tx) + "," + std::to_string(command.ty);
    return text;
  }
  return {};
}

bool ParseCommandText(std::string_view text, PlayerCommand& out) noexcept {
  if (text.empty()) return false;
  const KeyToken token = NextKeyToken(text, 0);
  if (token.kind != KeyTokenKind::Command || token.length != text.size()) return false;
  out = token.command;
  return true;
}

}  // namespace cairn
