#include "sim/machine_text.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "game/systems.h"

namespace cairn {
namespace {

std::string HandleText(EntityId id) {
  return std::to_string(id.Slot) + ":" + std::to_string(id.Generation);
}

// "a,b,c" of the kinds whose bits are in `mask`, in the list's order ("" for none).
std::string KindsText(std::uint32_t mask) {
  std::string text;
  for (std::size_t k = 0; k < kComponentKindCount; ++k)
    if ((mask & KindBit(static_cast<ComponentKind>(k))) != 0)
      text += (text.empty() ? "" : ",") + std::string(kComponentKindNames[k]);
  return text;
}

}  // namespace

std::string CommandText(const GameWorld::Command& command) {
  std::string text = "cmd=" + std::to_string(command.sequence);
  switch (command.kind) {
    case GameWorld::Command::Kind::Spawn:
      return text + " spawn request=" + std::to_string(command.request);
    case GameWorld::Command::Kind::Destroy:
      return text + " destroy a=" + HandleText(command.target);
    case GameWorld::Command::Kind::SetComponent:
      return text + " add a=" + HandleText(command.target) +
             " type=" + ComponentKindName(command.component);
    case GameWorld::Command::Kind::RemoveComponent:
      return text + " remove a=" + HandleText(command.target) +
             " type=" + ComponentKindName(command.component);
  }
  return text;
}

std::string CommandsText(const GameWorld& world) {
  std::string text;
  for (const GameWorld::Command& command : world.QueuedCommands())
    text += (text.empty() ? "" : " | ") + CommandText(command);
  return text;
}

std::string PoolText(const GameWorld& world, ComponentKind kind) {
  std::string text;
  world.ForEachPool([&](const auto& pool, ComponentKind k) {
    if (k != kind) return;
    const auto owners = pool.Owners();
    text = std::string(ComponentKindName(kind)) + " size=" + std::to_string(pool.Size()) +
           " capacity=" + std::to_string(pool.Capacity()) + " dense=";
    std::vector<std::pair<std::uint32_t, std::uint32_t>> sparse;  // (slot, its sparse entry)
    for (std::size_t i = 0; i < owners.size(); ++i) {
      const EntityId owner = owners[i];
      if (i < kMachineViewEntries) text += (i == 0 ? "" : ",") + HandleText(owner);
      sparse.emplace_back(owner.Slot, pool.SparseEntry(owner.Slot));
    }
    if (owners.size() > kMachineViewEntries) text += ",...";
    std::sort(sparse.begin(), sparse.end());
    text += " sparse=";
    for (std::size_t i = 0; i < sparse.size() && i < kMachineViewEntries; ++i)
      text += (i == 0 ? "" : ",") + std::to_string(sparse[i].first) + ">" +
              std::to_string(sparse[i].second);
    if (sparse.size() > kMachineViewEntries) text += ",...";
  });
  return text;
}

std::vector<std::string> EntityPoolLines(const GameWorld& world, EntityId id) {
  std::vector<std::string> lines;
  if (!world.Registry().IsAlive(id)) return lines;
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    if (pool.Find(id) == nullptr) return;
    const std::uint32_t index = pool.SparseEntry(id.Slot);
    const auto owners = pool.Owners();
    std::string line = std::string(ComponentKindName(kind)) + " dense " + std::to_string(index) +
                       " of " + std::to_string(pool.Size());
    if (index > 0) line += ", after " + HandleText(owners[index - 1]);
    if (index + 1 < owners.size()) line += ", before " + HandleText(owners[index + 1]);
    lines.push_back(std::move(line));
  });
  return lines;
}

std::vector<std::string> PhasesTouchingLines(const GameWorld& world, EntityId id) {
  std::vector<std::string> lines;
  if (!world.Registry().IsAlive(id)) return lines;
  std::uint32_t held = 0;
  world.ForEachPool([&](const auto& pool, ComponentKind kind) {
    if (pool.Find(id) != nullptr) held |= KindBit(kind);
  });
  for (const PhaseAccess& access : kPhaseAccess) {
    const std::uint32_t reads = access.reads & held & ~access.writes;
    const std::uint32_t writes = access.writes & held;
    if (reads == 0 && writes == 0) continue;
    std::string line = TickPhaseName(access.phase);
    if (writes != 0) line += " writes " + KindsText(writes);
    if (reads != 0) line += std::string(writes != 0 ? "," : "") + " reads " + KindsText(reads);
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string SlotsText(const EntityRegistry& registry) {
  std::string text = "free=";
  bool first = true;
  registry.ForEachFreeSlot(static_cast<std::uint32_t>(kMachineViewEntries), [&](std::uint32_t s) {
    text += (first ? "" : ",") + std::to_string(s);
    first = false;
  });
  // Then the slots never used, which creations take in order once the list is empty: the first
  // of them, and "..." for the rest.
  const std::uint32_t untouched = registry.Capacity() - registry.SlotsTouched();
  if (registry.FreeListLength() > kMachineViewEntries) {
    text += ",...";
  } else if (untouched > 0) {
    text += (first ? "" : ",") + std::to_string(registry.SlotsTouched());
    if (untouched > 1) text += ",...";
  }
  text += " retired=" + std::to_string(registry.RetiredCount()) + " gen=";
  const std::uint32_t touched = registry.SlotsTouched();
  for (std::uint32_t slot = 0; slot < touched && slot < kMachineViewEntries; ++slot)
    text += (slot == 0 ? "" : ",") + std::to_string(slot) + ":" +
            std::to_string(registry.LastGeneration(slot));
  if (touched > kMachineViewEntries) text += ",...";
  return text;
}

std::string SystemsText() {
  std::string text;
  for (const PhaseAccess& access : kPhaseAccess) {
    text += (text.empty() ? "" : " | ") + std::string(TickPhaseName(access.phase)) +
            " reads=" + KindsText(access.reads) + " writes=" + KindsText(access.writes);
  }
  return text;
}

}  // namespace cairn
