#include "dungeon/floor_generator.h"

#include <algorithm>
#include <string>

#include "dungeon/floor_grid.h"
#include "game/items.h"
#include "game/pathing.h"
#include "game/recipes.h"
#include "game/state_hash.h"
#include "identity/placement.h"

namespace cairn {
namespace {

constexpr std::int32_t kMinSide = 20;
constexpr std::int32_t kSafeRadius = 7;
constexpr std::uint64_t kAttempts = 32;  // no monster starts this close to the up staircase

struct Placement {
  FloorGrid grid;
  std::vector<std::uint8_t> taken;  // a cell holding an entity, or inside a set piece
  LevelDefinition level;

  explicit Placement(std::int32_t w, std::int32_t h)
      : grid(w, h), taken(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0) {}

  [[nodiscard]] bool Free(std::int32_t x, std::int32_t y) const {
    return grid.At(x, y) == Terrain::Floor && taken[grid.Index(x, y)] == 0;
  }
  void Take(Position p) { taken[grid.Index(p.x, p.y)] = 1; }
  void Add(std::string id, const ComponentBundle& bundle) {
    level.entities.push_back(LevelEntity{std::move(id), bundle, {}, {}});
  }
};

// A uniformly random free floor cell whose distance (from `distance`) is at least `min_steps`.
bool RandomFreeCell(const Placement& p, Rng& rng, const std::vector<std::int32_t>& distance,
                    std::int32_t min_steps, Position& out, bool in_the_open = false) {
  // In the open: floor on all eight sides, never a corridor or a doorway that one standing there
  // would stop up.
  const auto open = [&](std::int32_t x, std::int32_t y) {
    for (int d = 0; d < 8; ++d)
      if (p.grid.At(x + kStepDx[d], y + kStepDy[d]) != Terrain::Floor) return false;
    return true;
  };
  std::vector<Position> cells;
  for (std::int32_t y = 1; y < p.grid.Height() - 1; ++y)
    for (std::int32_t x = 1; x < p.grid.Width() - 1; ++x)
      if (p.Free(x, y) && distance[p.grid.Index(x, y)] >= min_steps && (!in_the_open || open(x, y)))
        cells.push_back(Position{x, y});
  if (cells.empty()) return false;
  out = cells[rng.Below(static_cast<std::uint32_t>(cells.size()))];
  return true;
}

// The free floor cell nearest `near` (breadth-first over passable cells), for group members.
bool FreeCellNear(const Placement& p, Position near, Position& out) {
  std::vector<std::int32_t> distance;
  StepDistances(p.grid, near, distance);
  std::int32_t best = -1;
  for (std::size_t i = 0; i < distance.size(); ++i) {
    const std::int32_t x = static_cast<std::int32_t>(i % static_cast<std::size_t>(p.grid.Width()));
    const std::int32_t y = static_cast<std::int32_t>(i / static_cast<std::size_t>(p.grid.Width()));
    if (distance[i] <= 0 || !p.Free(x, y)) continue;
    if (best < 0 || distance[i] < distance[static_cast<std::size_t>(best)])
      best = static_cast<std::int32_t>(i);
  }
  if (best < 0 || distance[static_cast<std::size_t>(best)] > 4) return false;
  out = Position{best % p.grid.Width(), best / p.grid.Width()};
  return true;
}

template <class Definition>
const Definition* PickByDepth(const std::vector<Definition>& kinds, std::int32_t depth, Rng& rng) {
  std::int64_t total = 0;
  for (const Definition& kind : kinds)
    if (kind.min_depth <= depth && depth <= kind.max_depth && kind.frequency > 0)
      total += kind.frequency;
  if (total <= 0) return nullptr;
  std::int64_t roll = rng.Below(static_cast<std::uint32_t>(total));
  for (const Definition& kind : kinds) {
    if (kind.min_depth > depth || depth > kind.max_depth || kind.frequency <= 0) continue;
    if (roll < kind.frequency) return &kind;
    roll -= kind.frequency;
  }
  return nullptr;
}

const SetPiece* ChooseSetPiece(const DungeonPlan& plan, std::int32_t depth, Rng& rng) {
  for (const SetPiece& piece : plan.set_pieces) {
    if (!piece.level || depth < piece.min_depth || depth > piece.max_depth) continue;
    if (piece.level->width + 4 > plan.width || piece.level->height + 4 > plan.height) continue;
    if (rng.Percent(static_cast<std::uint32_t>(piece.chance))) return &piece;
  }
  return nullptr;
}

// The piece version 1 of the rules gives floor `depth` on its first attempt (nearly always the
// attempt that succeeds), or -1.
std::int32_t FirstRolledPiece(const DungeonPlan& plan, std::uint64_t seed, std::int32_t depth) {
  Rng rng(Mix64(FloorSeed(seed, depth)));
  const SetPiece* piece = ChooseSetPiece(plan, depth, rng);
  return piece == nullptr ? -1 : static_cast<std::int32_t>(piece - plan.set_pieces.data());
}

// Version 2: floors from the top keep their first roll unless a floor above had that piece, so a
// piece appears at most once a run, and floor `depth` knows this without the floors above built.
const SetPiece* PieceOnceARun(const DungeonPlan& plan, std::uint64_t seed, std::int32_t depth) {
  std::vector<bool> placed(plan.set_pieces.size(), false);
  std::int32_t piece = -1;
  for (std::int32_t floor = 1; floor <= depth; ++floor) {
    piece = FirstRolledPiece(plan, seed, floor);
    if (piece < 0) continue;
    if (placed[static_cast<std::size_t>(piece)]) {
      piece = -1;
      continue;
    }
    placed[static_cast<std::size_t>(piece)] = true;
  }
  return piece < 0 ? nullptr : &plan.set_pieces[static_cast<std::size_t>(piece)];
}

// Rules 3: the machine template floor `depth` gets: from floor 2 down, each floor has an 85%
// chance of one, drawn among the templates of its depth range not used on a floor above (from a
// stream of the seed's own), so a template appears at most once a run and floor `depth` knows
// its own without the floors above built.
const SetPiece* MachineOnceARun(const DungeonPlan& plan, std::uint64_t seed, std::int32_t depth) {
  std::vector<bool> used(plan.machines.size(), false);
  const SetPiece* chosen = nullptr;
  for (std::int32_t floor = 2; floor <= depth; ++floor) {
    chosen = nullptr;
    Rng rng(Mix64(FloorSeed(seed, floor) ^ 0x3AC4'1E00'0000'0001ull));
    if (!rng.Percent(85)) continue;
    std::vector<std::size_t> fits;
    for (std::size_t i = 0; i < plan.machines.size(); ++i) {
      const SetPiece& m = plan.machines[i];
      if (!used[i] && m.level && floor >= m.min_depth && floor <= m.max_depth) fits.push_back(i);
    }
    if (fits.empty()) continue;
    const std::size_t pick = fits[rng.Below(static_cast<std::uint32_t>(fits.size()))];
    used[pick] = true;
    chosen = &plan.machines[pick];
  }
  return chosen;
}

// Copies the piece's terrain (locked) and its entities, except the player and stairs, which the
// floor provides. Entity references inside the piece are renumbered to the floor's list. Entities
// with a durable identity are scoped by this placement (`scope`), not by the piece's document.
void StampAt(Placement& p, const SetPiece& piece, Rect area, const InstanceId& scope);

Rect StampSetPiece(Placement& p, const SetPiece& piece, Rng& rng, const InstanceId& scope) {
  const LevelDefinition& src = *piece.level;
  Rect area;
  area.w = src.width;
  area.h = src.height;
  // Two cells from the map's edge, so a doorway in the piece's outer wall opens onto rock that
  // a tunnel can reach.
  area.x = rng.Range(2, p.grid.Width() - src.width - 2);
  area.y = rng.Range(2, p.grid.Height() - src.height - 2);
  StampAt(p, piece, area, scope);
  return area;
}

// Rules 3: the floor's machine template, where it overlaps nothing stamped (with a cell to
// spare), from a stream of draws of its own; none when no place is found in 40 tries.
void StampMachine(Placement& p, const SetPiece& machine, std::uint64_t floor_seed,
                  const InstanceId& scope) {
  Rng rng(Mix64(floor_seed ^ 0x3AC4'1E00'0000'0003ull));
  const LevelDefinition& src = *machine.level;
  for (int attempt = 0; attempt < 40; ++attempt) {
    const Rect area{rng.Range(2, p.grid.Width() - src.width - 2),
                    rng.Range(2, p.grid.Height() - src.height - 2), src.width, src.height};
    bool clear = true;
    for (std::int32_t y = area.y - 1; y <= area.y + area.h && clear; ++y)
      for (std::int32_t x = area.x - 1; x <= area.x + area.w && clear; ++x)
        clear = p.taken[p.grid.Index(x, y)] == 0;
    if (!clear) continue;
    StampAt(p, machine, area, scope);
    return;
  }
}

// Copies the piece's terrain (locked) and its entities into `area`.
void StampAt(Placement& p, const SetPiece& piece, Rect area, const InstanceId& scope) {
  const LevelDefinition& src = *piece.level;
  bool has_doorway = false;
  for (std::int32_t y = 0; y < src.height; ++y)
    for (std::int32_t x = 0; x < src.width; ++x) {
      const bool border = x == 0 || y == 0 || x == src.width - 1 || y == src.height - 1;
      if (border && TerrainPassable(src.At(x, y))) has_doorway = true;
    }
  for (std::int32_t y = 0; y < src.height; ++y)
    for (std::int32_t x = 0; x < src.width; ++x) {
      const bool border = x == 0 || y == 0 || x == src.width - 1 || y == src.height - 1;
      // With no doorway of its own, the piece's outer wall may be tunnelled through.
      p.grid.Stamp(area.x + x, area.y + y, src.At(x, y), has_doorway || !border);
      p.taken[p.grid.Index(area.x + x, area.y + y)] = 1;
    }
  std::vector<std::int32_t> renumber(src.entities.size(), -1);
  const std::size_t base = p.level.entities.size();
  std::size_t kept = 0;
  for (std::size_t i = 0; i < src.entities.size(); ++i) {
    const ComponentBundle& c = src.entities[i].components;
    if (c.Has<Player>() || c.Has<Stairs>()) continue;
    renumber[i] = static_cast<std::int32_t>(base + kept++);
  }
  auto remap = [&](EntityId id) {
    if (!IsLevelReference(id)) return id;
    if (id.Slot >= renumber.size() || renumber[id.Slot] < 0) return EntityId{};
    return LevelReference(static_cast<std::uint32_t>(renumber[id.Slot]));
  };
  for (std::size_t i = 0; i < src.entities.size(); ++i) {
    if (renumber[i] < 0) continue;
    LevelEntity entity = src.entities[i];
    ComponentBundle& c = entity.components;
    if (c.Has<Position>()) {
      c.position.x += area.x;
      c.position.y += area.y;
    }
    ForEachReference(c, [&](EntityId& id) { id = remap(id); });
    if (!entity.source.IsNil()) entity.instance = scope.Value;
    p.level.entities.push_back(std::move(entity));
  }
}

void PlaceMonsters(Placement& p, const DefinitionSet& definitions, std::int32_t depth, Rng& rng,
                   const std::vector<std::int32_t>& from_start) {
  const std::int32_t picks = 3 + depth + rng.Range(0, 2);
  std::int32_t made = 0;
  for (std::int32_t i = 0; i < picks; ++i) {
    const MonsterDefinition* kind = PickByDepth(definitions.monsters, depth, rng);
    if (kind == nullptr) return;
    Position leader{};
    // A lurker hides in the open: in a corridor it would stop up the way of all who pass. With
    // no open cell it is left out, and the floor's other picks go on.
    const bool lurker = kind->profile == AiProfile::Lurker;
    if (!RandomFreeCell(p, rng, from_start, kSafeRadius, leader, lurker)) {
      if (lurker) continue;
      return;
    }
    const bool asleep = rng.Percent(depth <= 2 ? 70 : 50);
    const std::int32_t group = kind->group > 1 ? rng.Range((kind->group + 1) / 2, kind->group) : 1;
    Position at = leader;
    for (std::int32_t member = 0; member < group; ++member) {
      if (member > 0 && !FreeCellNear(p, leader, at)) break;
      p.Take(at);
      p.Add(kind->id + "-" + std::to_string(++made), MonsterRecipe(definitions, *kind, at, asleep));
    }
  }
}

// Rules 3: a captive, on kCaptivePercent of the floors below the first: a monster of its floor,
// asleep in its chains, that will not steal, split or run (docs/GAME.md, "Allies"). Its own stream
// of draws, made last, so the floor around it is what rules 2 made.
constexpr std::uint32_t kCaptivePercent = 40;
void PlaceCaptive(Placement& p, const DefinitionSet& definitions, std::int32_t depth,
                  std::uint64_t floor_seed, const std::vector<std::int32_t>& from_start) {
  Rng rng(Mix64(floor_seed ^ 0xCA97'1BE5'0000'0003ull));
  if (depth < 2 || !rng.Percent(kCaptivePercent)) return;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const MonsterDefinition* kind = PickByDepth(definitions.monsters, depth, rng);
    if (kind == nullptr) return;
    // Nor one that hides or calls others: a chained lurker would be a trap, a caller an army.
    if (kind->profile == AiProfile::Thief || kind->profile == AiProfile::Breeder ||
        kind->profile == AiProfile::Coward || kind->profile == AiProfile::Lurker ||
        kind->profile == AiProfile::Summoner)
      continue;
    // In the open, never in a corridor or a doorway, where its chains would block the way.
    Position at{};
    if (!RandomFreeCell(p, rng, from_start, kSafeRadius, at, true)) return;
    p.Take(at);
    ComponentBundle captive = MonsterRecipe(definitions, *kind, at, true);
    captive.Set(Ally{1});
    p.Add("captive-" + kind->id, captive);
    return;
  }
}

void PlaceItems(Placement& p, const DefinitionSet& definitions, std::int32_t depth, Rng& rng,
                const std::vector<std::int32_t>& from_start) {
  const std::int32_t count = 5 + rng.Range(0, 3) + depth / 3;
  std::int32_t made = 0;
  auto place = [&](const ItemDefinition& kind) {
    Position at{};
    if (!RandomFreeCell(p, rng, from_start, 1, at)) return;
    p.Take(at);
    p.Add("item-" + std::to_string(++made), RolledItemRecipe(definitions, kind, at, depth, rng));
  };
  for (std::int32_t i = 0; i < count; ++i)
    if (const ItemDefinition* kind = PickByDepth(definitions.items, depth, rng)) place(*kind);
  // Food is the clock that keeps a run moving: most floors have some.
  if (rng.Percent(55))
    for (const ItemDefinition& kind : definitions.items)
      if (kind.category == ItemCategory::Food) {
        place(kind);
        break;
      }
}

// The player's fighting numbers with the starting kit on (as RefreshCombat would compute them).
Combat StartingCombat(const DefinitionSet& definitions, const DungeonPlan& plan) {
  const ItemDefinition* weapon = nullptr;
  const ItemDefinition* armour = nullptr;
  for (const StartItem& start : plan.start_kit) {
    if (!start.equipped || start.item >= definitions.items.size()) continue;
    const ItemDefinition& kind = definitions.items[start.item];
    if (kind.category == ItemCategory::Weapon) weapon = &kind;
    if (kind.category == ItemCategory::Armour) armour = &kind;
  }
  return EquippedCombat(PlayerBaseCombat(), weapon, 0, armour, 0);
}

bool HasArtifact(const LevelDefinition& level, const DefinitionSet& definitions) {
  for (const LevelEntity& e : level.entities)
    if (e.components.Has<Item>() && e.components.item.kind < definitions.items.size() &&
        definitions.items[e.components.item.kind].category == ItemCategory::Artifact)
      return true;
  return false;
}

// The first floor's player on the up staircase, carrying the plan's start kit.
void PlacePlayer(Placement& p, const DungeonPlan& plan, const DefinitionSet& definitions,
                 Position up) {
  const std::uint32_t player = static_cast<std::uint32_t>(p.level.entities.size());
  p.Add("player", PlayerRecipe(up));
  char letter = 'a';
  for (const StartItem& start : plan.start_kit) {
    if (start.item >= definitions.items.size() || letter > 'z') continue;
    ComponentBundle kit = ItemRecipe(definitions, definitions.items[start.item], up);
    kit.mask &= ~KindBit(ComponentKind::Position);  // carried, not lying anywhere
    kit.item.holder = LevelReference(player);
    kit.item.letter = letter++;
    kit.item.identified = 1;
    kit.item.equipped = start.equipped ? 1 : 0;
    if (start.quantity > 0) kit.item.quantity = static_cast<std::int16_t>(start.quantity);
    kit.item.charges = static_cast<std::int16_t>(definitions.items[start.item].max_charges);
    p.Add("start-" + definitions.items[start.item].id, kit);
  }
  // The player knows the kinds they start with, and carries their weight.
  ComponentBundle& body = p.level.entities[player].components;
  body.inventory.count = static_cast<std::int32_t>(letter - 'a');
  for (const StartItem& start : plan.start_kit)
    if (start.item < kMaxItemKinds) body.player.known_items |= std::int64_t{1} << start.item;
  body.combat = StartingCombat(definitions, plan);
}

// Who and what a floor holds, in the order the seed draws them: monsters, items, then (rules 3)
// a captive from a stream of its own.
void Populate(Placement& p, const DefinitionSet& definitions, std::int32_t depth, Rng& rng,
              const std::vector<std::int32_t>& from_start, std::uint64_t floor_seed,
              std::int32_t rules) {
  PlaceMonsters(p, definitions, depth, rng, from_start);
  PlaceItems(p, definitions, depth, rng, from_start);
  if (rules >= 3) PlaceCaptive(p, definitions, depth, floor_seed, from_start);
}

// The set piece a floor receives: under version 1 of the rules its own roll; from version 2
// `once`, what PieceOnceARun gave it (null for none); from version 3 also `machine`, what
// MachineOnceARun gave it, placed in `machine_scope`.
struct PieceChoice {
  std::int32_t rules = kDungeonRules;
  const SetPiece* once = nullptr;
  const SetPiece* machine = nullptr;
  InstanceId machine_scope{};
};

// The floor's set piece (if any), then its machine template (rules 3, if any).
void StampPieces(Placement& p, const SetPiece* piece, Rng& rng, const InstanceId& piece_scope,
                 const PieceChoice& choice, std::uint64_t floor_seed) {
  if (piece != nullptr) (void)StampSetPiece(p, *piece, rng, piece_scope);
  if (choice.machine != nullptr) StampMachine(p, *choice.machine, floor_seed, choice.machine_scope);
}

// One attempt at floor `depth` from `floor_seed`; false when the layout cannot hold what a
// floor needs (then `out` is untouched).
bool Generate(const DungeonPlan& plan, const DefinitionSet& definitions, std::uint64_t floor_seed,
              std::int32_t depth, const InstanceId& piece_scope, PieceChoice choice,
              LevelDefinition& out) {
  Rng rng(floor_seed);
  Placement p(plan.width, plan.height);

  // The roll is made under every version, so the rest of the floor draws what it always drew.
  const SetPiece* rolled = ChooseSetPiece(plan, depth, rng);
  const SetPiece* piece = choice.rules == 1 ? rolled : choice.once;
  StampPieces(p, piece, rng, piece_scope, choice, floor_seed);

  FloorStyle style = FloorStyle::Rooms;
  if (depth >= 3) {
    const std::uint32_t roll = rng.Below(100);
    style = roll < 30 ? FloorStyle::Caverns : roll < 50 ? FloorStyle::Mixed : FloorStyle::Rooms;
  }
  if (style == FloorStyle::Caverns) {
    CarveCaverns(p.grid, rng);
  } else {
    (void)CarveRoomsAndCorridors(p.grid, rng);
    if (style == FloorStyle::Mixed) CarveCaverns(p.grid, rng);
  }
  ConnectRegions(p.grid);
  AddWater(p.grid, rng, style == FloorStyle::Rooms ? rng.Range(0, 1) : rng.Range(1, 3));

  // Stairs: up at random, down far from it (a floor is a journey, not a step).
  std::vector<std::int32_t> none(p.grid.Cells().size(), 0);
  Position up{};
  if (!RandomFreeCell(p, rng, none, 0, up)) return false;
  p.Take(up);
  std::vector<std::int32_t> from_start;
  StepDistances(p.grid, up, from_start);
  std::int32_t farthest = 0;  // among cells the staircase down could stand on
  for (std::int32_t y = 1; y < p.grid.Height() - 1; ++y)
    for (std::int32_t x = 1; x < p.grid.Width() - 1; ++x)
      if (p.Free(x, y)) farthest = std::max(farthest, from_start[p.grid.Index(x, y)]);
  const bool last = depth == plan.floors;
  Position goal{};
  if (!RandomFreeCell(p, rng, from_start, farthest * 7 / 10, goal)) return false;
  p.Take(goal);

  if (depth == 1) PlacePlayer(p, plan, definitions, up);
  p.Add("stairs-up", StairsRecipe(up, -1));
  if (!last) {
    p.Add("stairs-down", StairsRecipe(goal, 1));
  } else if (!HasArtifact(p.level, definitions)) {
    for (const ItemDefinition& kind : definitions.items)
      if (kind.category == ItemCategory::Artifact) {
        p.Add("artifact", ItemRecipe(definitions, kind, goal));
        break;
      }
  }
  Populate(p, definitions, depth, rng, from_start, floor_seed, choice.rules);

  LevelDefinition& level = p.level;
  // What the player is told on arriving: "rooms and corridors, with The Warren".
  level.name = std::string(FloorStyleName(style)) +
               (piece != nullptr ? ", with " + piece->level->name : std::string());
  level.width = plan.width;
  level.height = plan.height;
  level.cells = p.grid.Cells();
  level.digest = DigestLevel(level);
  out = std::move(level);
  return true;
}

}  // namespace

const char* FloorStyleName(FloorStyle style) noexcept {
  switch (style) {
    case FloorStyle::Rooms: return "rooms and corridors";
    case FloorStyle::Caverns: return "caverns";
    case FloorStyle::Mixed: return "rooms and caverns";
  }
  return "unknown";
}

std::uint64_t FloorSeed(std::uint64_t session_seed, std::int32_t depth) noexcept {
  return Mix64(session_seed ^ Mix64(0xF1002000ull + static_cast<std::uint64_t>(depth)));
}

Status GenerateFloor(const DungeonPlan& plan, const DefinitionSet& definitions, std::uint64_t seed,
                     std::int32_t depth, LevelDefinition& out, std::int32_t rules) {
  if (rules < kOldestDungeonRules || rules > kDungeonRules || depth < 1 || depth > plan.floors ||
      plan.floors > DungeonPlan::kMaxFloors || plan.width < kMinSide ||
      plan.height < kMinSide / 2 || plan.width > TileMap::kMaxSide ||
      plan.height > TileMap::kMaxSide)
    return Status::InvalidArgument;
  // A layout that leaves no room for what a floor needs is thrown away and drawn again, as
  // Brogue does; the attempt number is part of the seed, so this stays deterministic.
  const InstanceId piece_scope = PlacementInstance(seed, depth, kSetPiecePlacement);
  const PieceChoice choice{rules, rules == 1 ? nullptr : PieceOnceARun(plan, seed, depth),
                           rules >= 3 ? MachineOnceARun(plan, seed, depth) : nullptr,
                           PlacementInstance(seed, depth, kMachinePlacement)};
  for (std::uint64_t attempt = 0; attempt < kAttempts; ++attempt)
    if (Generate(plan, definitions, Mix64(FloorSeed(seed, depth) + attempt), depth, piece_scope,
                 choice, out))
      return Status::Ok;
  return Status::CapacityExceeded;
}

}  // namespace cairn
