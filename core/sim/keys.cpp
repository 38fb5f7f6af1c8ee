#include "sim/keys.h"

namespace cairn {
namespace {
struct KeyBinding {
  char key;
  PlayerCommand command;
};
constexpr KeyBinding kBindings[] = {
    {'h', {PlayerCommandKind::Move, -1, 0}},  {'j', {PlayerCommandKind::Move, 0, 1}},
    {'k', {PlayerCommandKind::Move, 0, -1}},  {'l', {PlayerCommandKind::Move, 1, 0}},
    {'y', {PlayerCommandKind::Move, -1, -1}}, {'u', {PlayerCommandKind::Move, 1, -1}},
    {'b', {PlayerCommandKind::Move, -1, 1}},  {'n', {PlayerCommandKind::Move, 1, 1}},
    {'.', {PlayerCommandKind::Wait, 0, 0}},   {'g', {PlayerCommandKind::PickUp, 0, 0}},
    {',', {PlayerCommandKind::PickUp, 0, 0}}, {'>', {PlayerCommandKind::Descend, 0, 0}},
    {'<', {PlayerCommandKind::Ascend, 0, 0}},
};
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

char KeyForCommand(const PlayerCommand& command) noexcept {
  for (const KeyBinding& binding : kBindings)
    if (binding.command == command) return binding.key;
  return '\0';
}

}  // namespace cairn
