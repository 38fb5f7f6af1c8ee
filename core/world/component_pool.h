// ComponentPool<T>: the state of one component type for the entities of one world.
//
// A sparse set: dense owners (each a registry slot, 4 bytes) and dense values side by side, and a
// paged sparse array from registry slot to dense index (4 bytes, with an explicit missing
// sentinel). Iteration is a straight scan of the dense values; lookup checks the world, the slot
// bound, that the slot's live entity has exactly the handle's generation (the registry's hot
// array, which IsAlive reads too), the sparse index and the dense bound, so a stale or foreign
// handle can never reach another entity's value.
//
// Why the pool keeps no generation of its own (docs/decisions/0017, which replaces 0003): a pool
// holds components of live entities only, and the registry enforces it by refusing to release an
// entity while any pool holds one of its components (each insert and remove counts in the
// registry). So the live generation of a slot that has an entry is its owner's generation, the
// owner's full EntityId is (the pool's world, the slot, that generation), and OwnerView rebuilds
// it. A random lookup reads the registry's generation and the sparse entry side by side, then the
// value; FindMany prefetches both steps for a batch.
//
// The sparse array is paged: a page of SparsePageSize() entries is taken from the pool's reserve
// when the first entity of its slot range gets a component, and returned when the last one loses
// it; a page table entry of 0 names a shared page that answers "missing" for every slot. The
// reserve is sized at Initialize for the most pages the pool can use at once (one per member, at
// most one per page of slots), so insert never allocates and never fails for want of a page.
// When that reserve is every page of slots (a pool with at least one member per page of slots,
// as every pool of the game's worlds is), the pages would cost the same memory as one flat array
// and only add a load to each lookup, so the pool keeps the flat array instead: each page stays
// in place for good, with no page table (docs/decisions/0022).
//
// All storage is reserved by Initialize; insert and remove never allocate, except that a value
// which owns memory (a Many type's entries, docs/decisions/0014) allocates its entries when it is
// copied in. Removal swaps the last element into the hole, so dense order is an implementation
// detail: rules whose result depends on order reduce by a stable key (creation sequence, authored
// id), never by dense position.
//
// Pointers, spans and owner views are borrowed for the current phase: a structural change may
// move values.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include "base/assert.h"
#include "base/fixed_array.h"
#include "base/opaque_mask.h"
#include "base/prefetch.h"
#include "base/status.h"
#include "identity/handle.h"
#include "world/entity_registry.h"
#include "world/owner_view.h"
#include "world/sparse_page.h"

namespace cairn {

struct SnapshotAccess;

template <class T>
class ComponentPool {
  static_assert((std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>) ||
                    OwnsMemory<T>,
                "components are plain values, except a Many type that owns its entries");

 public:
  static constexpr std::uint32_t kMissing = kMissingEntry;
  static constexpr std::uint64_t kFlatSparseBytes = std::uint64_t{16} << 20;

  ComponentPool() noexcept = default;
  ComponentPool(const ComponentPool&) = delete;
  ComponentPool& operator=(const ComponentPool&) = delete;

  // Binds the pool to an initialized registry (which must outlive it, and whose structural
  // revision the pool advances) and reserves storage for `capacity` components (at most the
  // registry's capacity). Unchanged on failure.
  [[nodiscard]] Status Initialize(EntityRegistry& registry, std::uint32_t capacity) noexcept {
    if (registry_ != nullptr) return Status::InvalidOperation;
    if (!registry.IsInitialized()) return Status::NotInitialized;
    if (capacity > registry.Capacity()) return Status::InvalidArgument;
    const auto table_pages = static_cast<std::uint32_t>(
        ((std::uint64_t{registry.Capacity()} - 1) >> kSparsePageShift) + 1);
    const std::uint32_t reserve = capacity < table_pages ? capacity : table_pages;
    // Flat (one sparse entry per slot, no page table) while every page fits in kFlatSparseBytes:
    // flat entries are all written "missing" up front. Past it, pages are taken as slots are used,
    // so a world reserved for millions of entities costs memory only for what it holds.
    const bool flat =
        reserve == table_pages &&
        std::uint64_t{table_pages} * kSparsePage * sizeof(std::uint32_t) <= kFlatSparseBytes;
    FixedArray<std::uint32_t*> page_table;
    FixedArray<std::uint32_t> pages;
    FixedArray<std::uint32_t> page_members;
    FixedArray<std::uint32_t> owners;
    FixedArray<T> values;
    if (!flat) {
      if (Status s = page_table.Allocate(table_pages); s != Status::Ok) return s;
    }
    if (Status s = pages.Allocate(std::size_t{reserve} * kSparsePage); s != Status::Ok) return s;
    if (!flat) {
      if (Status s = page_members.Allocate(table_pages); s != Status::Ok) return s;
    }
    // Owners and plain values past the pool's size are never read (an element is written when it
    // joins): left unwritten, they cost resident memory only as the pool fills, not at capacity
    // (a floor's pools share the capacity of its fullest, mostly empty on a floor of rats).
    if (Status s = owners.AllocateUninitialized(capacity); s != Status::Ok) return s;
    if constexpr (OwnsMemory<T>) {
      if (Status s = values.Allocate(capacity); s != Status::Ok) return s;
    } else {
      if (Status s = values.AllocateUninitialized(capacity); s != Status::Ok) return s;
    }
    for (std::uint32_t*& page : page_table.span()) page = EmptySparsePage();
    if (flat)
      for (std::uint32_t& entry : pages.span()) entry = kMissing;
    page_table_.swap(page_table);
    pages_.swap(pages);
    page_members_.swap(page_members);
    owners_.swap(owners);
    values_.swap(values);
    registry_ = &registry;
    live_generation_ = registry.live_generation_.data();
    world_ = registry.WorldId();
    slot_count_ = registry.Capacity();
    capacity_ = capacity;
    page_reserve_ = reserve;
    if (flat) {
      flat_ = pages_.data();
      pages_taken_ = reserve;
      pages_in_use_ = reserve;
    }
    return Status::Ok;
  }

  [[nodiscard]] T* Find(EntityId id) noexcept {
    T* const values = values_.data();
    std::uint32_t index = 0;
    return Locate(id, index) ? values + index : nullptr;
  }
  [[nodiscard]] const T* Find(EntityId id) const noexcept {
    const T* const values = values_.data();
    std::uint32_t index = 0;
    return Locate(id, index) ? values + index : nullptr;
  }
  [[nodiscard]] bool Contains(EntityId id) const noexcept {
    std::uint32_t index = 0;
    return Locate(id, index);
  }

  // Find for a batch: out[i] becomes what Find(ids[i]) returns, with the same checks. The cache
  // misses of lookups a little further on are started early (software prefetch), so a batch of
  // random handles costs far less than as many separate Finds once the pool leaves the cache.
  // The batch has no branch on an answer (see LocateMasked). InvalidArgument, with `out`
  // unchanged, when `out` is shorter than `ids`.
  [[nodiscard]] Status FindMany(std::span<const EntityId> ids, std::span<T*> out) noexcept {
    if (out.size() < ids.size()) return Status::InvalidArgument;
    T* const values = values_.data();
    LocateMany(ids, [&](std::size_t i, std::uint32_t mask, std::uint32_t index) {
      T* const answers[2] = {nullptr, values + index};
      out[i] = answers[mask & 1];
    });
    return Status::Ok;
  }
  [[nodiscard]] Status FindMany(std::span<const EntityId> ids,
                                std::span<const T*> out) const noexcept {
    if (out.size() < ids.size()) return Status::InvalidArgument;
    const T* const values = values_.data();
    LocateMany(ids, [&](std::size_t i, std::uint32_t mask, std::uint32_t index) {
      const T* const answers[2] = {nullptr, values + index};
      out[i] = answers[mask & 1];
    });
    return Status::Ok;
  }

  // Adds a component to a live entity of this world that has none of this type. The owner,
  // value and sparse entry are published together, the registry counts the component against the
  // entity and its structural revision advances; on failure nothing changes.
  [[nodiscard]] Status Insert(EntityId id, const T& value) noexcept {
    if (Status s = CheckStructural(id); s != Status::Ok) return s;
    std::uint32_t* const flat = flat_;  // read once: the stores below could alias it
    if ((flat != nullptr ? flat[id.Slot] : PagedEntry(id.Slot)) != kMissing)
      return Status::DuplicateComponent;
    if (size_ == capacity_) {
      ++capacity_failures_;
      return Status::CapacityExceeded;
    }
    std::uint16_t& marks = registry_->slot_marks_[id.Slot];
    if ((marks & EntityRegistry::kHeldMask) == EntityRegistry::kMaxComponentsPerEntity)
      return Status::CapacityExceeded;
    if (registry_->structural_revision_ == ~std::uint64_t{0}) return Status::SequenceExhausted;
    ++registry_->structural_revision_;
    ++marks;
    owners_[size_] = id.Slot;
    values_[size_] = value;
    if (flat != nullptr)
      flat[id.Slot] = size_;
    else
      PublishPagedEntry(id.Slot, size_);
    ++size_;
    ++membership_revision_;
    if (size_ > high_water_) high_water_ = size_;
    return Status::Ok;
  }

  // Insert for a batch: ids[i] gets values[i] (or every one `value`), exactly as Insert calls in
  // that order would, or none gets anything. Whole-batch refusals come first (NotInitialized,
  // InvalidPhase, InvalidArgument when the spans' sizes differ, CapacityExceeded when the pool
  // has less room than the batch, SequenceExhausted), then each handle's, in order: InvalidEntity,
  // DuplicateComponent (also for a handle that comes twice), CapacityExceeded (the entity's held
  // count). The counters stay in registers for the batch (decision 0026).
  [[nodiscard]] Status InsertMany(std::span<const EntityId> ids,
                                  std::span<const T> values) noexcept {
    if (registry_ != nullptr && registry_->StructuralChangesAllowed() &&
        values.size() != ids.size())
      return Status::InvalidArgument;
    return InsertManyWith(ids, [values](std::size_t i) -> const T& { return values[i]; });
  }
  [[nodiscard]] Status InsertMany(std::span<const EntityId> ids, const T& value) noexcept {
    // A copy, which the loop can keep in registers (`value` could alias the pool's arrays).
    return InsertManyWith(ids, [value](std::size_t) -> const T& { return value; });
  }

  // Remove for a batch, exactly as Remove calls in that order would (the same dense order after),
  // or nothing: NotInitialized, InvalidPhase, InvalidArgument when `ids` lies in this pool's own
  // values (which the removals move), SequenceExhausted, then each handle's InvalidEntity or
  // MissingComponent (also for a handle that comes twice) in order.
  [[nodiscard]] Status RemoveMany(std::span<const EntityId> ids) noexcept {
    static_assert(!OwnsMemory<T>,
                  "batches are for plain values; a Many component goes one at a time");
    if (registry_ == nullptr) return Status::NotInitialized;
    if (!registry_->StructuralChangesAllowed()) return Status::InvalidPhase;
    // Handles read from this pool's own values (a pool of EntityId) would move under the loop.
    if (Overlaps(ids)) return Status::InvalidArgument;
    if (ids.size() > registry_->StructuralRevisionsRemaining()) return Status::SequenceExhausted;
    return flat_ != nullptr ? RemoveBatch<true>(ids) : RemoveBatch<false>(ids);
  }

  // Removes the entity's component: the last element moves into the hole and its owner's sparse
  // entry follows it. InvalidEntity for a handle that is not alive, MissingComponent when absent.
  [[nodiscard]] Status Remove(EntityId id) noexcept {
    if (Status s = CheckStructural(id); s != Status::Ok) return s;
    // CheckStructural proved world, slot and generation: the sparse entry is the rest of Find.
    std::uint32_t* const flat = flat_;
    const std::uint32_t hole = flat != nullptr ? flat[id.Slot] : PagedEntry(id.Slot);
    if (hole >= size_) return Status::MissingComponent;
    if (registry_->structural_revision_ == ~std::uint64_t{0}) return Status::SequenceExhausted;
    ++registry_->structural_revision_;
    --registry_->slot_marks_[id.Slot];
    const std::uint32_t last = size_ - 1;
    if (hole != last) {
      const std::uint32_t moved = owners_[last];
      owners_[hole] = moved;
      values_[hole] = std::move(values_[last]);
      if (flat != nullptr)
        flat[moved] = hole;
      else
        PagedEntryRef(moved) = hole;
    }
    if constexpr (OwnsMemory<T>) values_[last] = T{};  // its entries' memory goes with it
    if (flat != nullptr)
      flat[id.Slot] = kMissing;
    else
      ClearPagedEntry(id.Slot);
    size_ = last;
    ++membership_revision_;
    return Status::Ok;
  }

  // Read-only owners and the values that match them, index for index.
  [[nodiscard]] OwnerView Owners() const noexcept {
    return OwnerView(world_, owners_.data(), size_, LiveGenerations());
  }
  // The owners' registry slots, index for index with Values() (what OwnerView reads).
  [[nodiscard]] std::span<const std::uint32_t> OwnerSlots() const noexcept {
    return {owners_.data(), size_};
  }
  [[nodiscard]] std::span<const T> Values() const noexcept { return {values_.data(), size_}; }
  // What the sparse array holds for `slot`: the dense index of its component, or a value past
  // Size() when the slot has none. For inspection (the console's POOL); Find is the lookup.
  [[nodiscard]] std::uint32_t SparseEntry(std::uint32_t slot) const noexcept {
    return slot < slot_count_ ? EntryOf(slot) : UINT32_MAX;
  }
  // Values for the phase that owns this component's value writes.
  [[nodiscard]] std::span<T> MutableValues() noexcept { return {values_.data(), size_}; }

  [[nodiscard]] std::uint32_t Size() const noexcept { return size_; }
  [[nodiscard]] std::uint32_t Capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::uint32_t HighWaterMark() const noexcept { return high_water_; }
  // How many inserts were refused because the pool was full (a diagnostic, not hashed state).
  [[nodiscard]] std::uint64_t CapacityFailures() const noexcept { return capacity_failures_; }
  [[nodiscard]] std::uint64_t WorldId() const noexcept { return world_; }
  // Advances whenever membership or dense order changes (insert, remove); value writes keep it.
  [[nodiscard]] std::uint64_t MembershipRevision() const noexcept { return membership_revision_; }
  [[nodiscard]] bool IsInitialized() const noexcept { return registry_ != nullptr; }
  [[nodiscard]] std::size_t ReservedBytes() const noexcept {
    return page_table_.bytes() + pages_.bytes() + page_members_.bytes() + owners_.bytes() +
           values_.bytes();
  }
  // Sparse entries per page, the pages holding at least one entry now (every page, for a flat
  // array), and how many the reserve has.
  [[nodiscard]] static constexpr std::uint32_t SparsePageSize() noexcept { return kSparsePage; }
  [[nodiscard]] std::uint32_t SparsePagesInUse() const noexcept { return pages_in_use_; }
  [[nodiscard]] std::uint32_t SparsePageReserve() const noexcept { return page_reserve_; }

  // Test seam: the first broken invariant, or null. Every dense entry is owned by a live entity
  // of this world and the sparse and dense arrays agree both ways.
  [[nodiscard]] const char* CheckInvariants() const noexcept {
    if (registry_ == nullptr) return nullptr;
    for (std::uint32_t i = 0; i < size_; ++i) {
      const std::uint32_t slot = owners_[i];
      if (slot >= slot_count_) return "a dense entry names a slot beyond the registry";
      if (!registry_->IsAlive(EntityId{world_, slot, registry_->live_generation_[slot]}))
        return "a dense entry is owned by an entity that is not alive";
      if (EntryOf(slot) != i) return "sparse index does not point back at its dense entry";
    }
    if (flat_ != nullptr) return CheckFlatInvariants();
    std::uint32_t mapped = 0;
    std::uint32_t pages_in_use = 0;
    for (std::uint32_t table = 0; table < page_table_.size(); ++table) {
      const std::uint32_t* page = page_table_[table];
      if (page == EmptySparsePage()) {
        if (page_members_[table] != 0) return "an absent sparse page has members";
        continue;
      }
      if (page < pages_.data() || page >= pages_.data() + pages_.size())
        return "the page table names a page outside the reserve";
      ++pages_in_use;
      std::uint32_t members = 0;
      for (std::uint32_t k = 0; k < kSparsePage; ++k) {
        if (page[k] == kMissing) continue;
        if (page[k] >= size_) return "sparse index beyond the dense size";
        ++members;
      }
      if (members == 0) return "a sparse page in use holds no entry";
      if (members != page_members_[table]) return "a sparse page's member count is wrong";
      mapped += members;
    }
    for (std::uint32_t k = 0; k < kSparsePage; ++k)
      if (EmptySparsePage()[k] != kMissing) return "the shared empty page holds an entry";
    if (mapped != size_) return "sparse and dense sizes disagree";
    if (pages_in_use != pages_in_use_) return "the count of sparse pages in use is wrong";
    return nullptr;
  }

 private:
  // Copies every member below for snapshots (engine/snapshot.h): a new one goes there too.
  friend struct SnapshotAccess;

  [[nodiscard]] const char* CheckFlatInvariants() const noexcept {
    std::uint32_t mapped = 0;
    for (std::uint32_t entry : pages_.span()) {
      if (entry == kMissing) continue;
      if (entry >= size_) return "sparse index beyond the dense size";
      ++mapped;
    }
    if (mapped != size_) return "sparse and dense sizes disagree";
    if (pages_in_use_ != page_reserve_) return "a flat sparse array has a page out of use";
    return nullptr;
  }

  // The sparse entry of `slot`: one load from a flat array; two (page table, page) when paged.
  // Which one is fixed at Initialize, so the branch is always predicted.
  [[nodiscard]] const std::uint32_t* EntryAddress(std::uint32_t slot) const noexcept {
    if (flat_ != nullptr) return flat_ + slot;
    return page_table_[slot >> kSparsePageShift] + (slot & kSparsePageMask);
  }
  [[nodiscard]] std::uint32_t EntryOf(std::uint32_t slot) const noexcept {
    return *EntryAddress(slot);
  }
  [[nodiscard]] std::uint32_t PagedEntry(std::uint32_t slot) const noexcept {
    return page_table_[slot >> kSparsePageShift][slot & kSparsePageMask];
  }
  [[nodiscard]] std::uint32_t& PagedEntryRef(std::uint32_t slot) noexcept {
    return page_table_[slot >> kSparsePageShift][slot & kSparsePageMask];
  }
  [[nodiscard]] const std::uint32_t* LiveGenerations() const noexcept { return live_generation_; }

  // Points `slot`'s sparse entry at `index` (and marks it missing again), in either layout.
  void PublishEntry(std::uint32_t slot, std::uint32_t index) noexcept {
    if (flat_ != nullptr)
      flat_[slot] = index;
    else
      PublishPagedEntry(slot, index);
  }
  void ClearEntry(std::uint32_t slot) noexcept {
    if (flat_ != nullptr)
      flat_[slot] = kMissing;
    else
      ClearPagedEntry(slot);
  }

  // PublishEntry for a paged array: takes a page for the slot's range if it has none. The
  // reserve always has one: pages in use never outnumber members, nor pages of slots. Returned
  // pages form a list threaded through their first entry (page numbers in pages_).
  void PublishPagedEntry(std::uint32_t slot, std::uint32_t index) noexcept {
    const std::uint32_t table = slot >> kSparsePageShift;
    std::uint32_t* page = page_table_[table];
    if (page == EmptySparsePage()) {
      std::uint32_t number = 0;
      if (free_page_head_ != kMissing) {
        number = free_page_head_;
        free_page_head_ = pages_[std::size_t{number} * kSparsePage];
      } else {
        CAIRN_ASSERT(pages_taken_ < page_reserve_, "the sparse page reserve ran out");
        number = pages_taken_++;
      }
      page = pages_.data() + std::size_t{number} * kSparsePage;
      for (std::uint32_t k = 0; k < kSparsePage; ++k) page[k] = kMissing;
      page_table_[table] = page;
      ++pages_in_use_;
    }
    page[slot & kSparsePageMask] = index;
    ++page_members_[table];
  }
  // ClearEntry for a paged array: the page goes back to the reserve when it holds no entry any
  // more.
  void ClearPagedEntry(std::uint32_t slot) noexcept {
    const std::uint32_t table = slot >> kSparsePageShift;
    std::uint32_t* page = page_table_[table];
    page[slot & kSparsePageMask] = kMissing;
    if (--page_members_[table] == 0) {
      page[0] = free_page_head_;
      free_page_head_ =
          static_cast<std::uint32_t>(static_cast<std::size_t>(page - pages_.data()) / kSparsePage);
      page_table_[table] = EmptySparsePage();
      --pages_in_use_;
    }
  }

  // Finds the dense index of `id`'s component (docs/decisions/0022). The checks the handle alone
  // decides (world, nonzero generation, slot bound; an uninitialized pool has no slots) come
  // first and return early: the handle is at hand, so a mispredicted branch there costs a
  // pipeline refill and no more. Only the checks that read the registry's generation and the
  // sparse entry wait for those loads, and they decide the result the caller tests anyway (the
  // compiler merges the two), so a handle another world issued never waits for a cache miss to
  // be refused; a stale one must.
  //
  // The members are read before that first branch, so a caller's loop over many handles can keep
  // them in registers instead of reading them again on the way to each cache miss.
  [[nodiscard]] bool Locate(EntityId id, std::uint32_t& index) const noexcept {
    const std::uint32_t* const live_generation = live_generation_;
    const std::uint32_t* const flat = flat_;
    const std::uint32_t size = size_;
    if ((id.Slot >= slot_count_) | (id.Owner != world_) | (id.Generation == 0)) return false;
    const std::uint32_t live = live_generation[id.Slot];
    const std::uint32_t entry = flat != nullptr ? flat[id.Slot] : PagedEntry(id.Slot);
    const bool found = (live == id.Generation) & (entry < size);
    index = found ? entry : 0;
    return found;
  }

  // Locate for a batch: the same checks, every one without a branch. A single Find shares its
  // result's branch with the caller's test of it, but a batch's caller tests its answers later,
  // so a branch here would be one more, and its mispredictions (as many as the invalid handles)
  // would discard the prefetched lookups in flight. Returns all ones when found (with `index`),
  // else zero (and `index` 0). Slot 0 always exists once initialized, so every load is in bounds.
  [[nodiscard]] std::uint32_t LocateMasked(EntityId id, std::uint32_t& index) const noexcept {
    const bool in_range = id.Slot < slot_count_;
    const std::uint32_t slot = in_range ? id.Slot : 0;
    const std::uint32_t live = live_generation_[slot];
    const std::uint32_t entry = EntryOf(slot);
    const std::uint32_t mask = OpaqueMask(in_range & (id.Owner == world_) & (id.Generation != 0) &
                                          (live == id.Generation) & (entry < size_));
    index = entry & mask;
    return mask;
  }

  // LocateMasked for every handle of `ids`, calling found(i, mask, index). Two prefetch stages
  // run ahead of the checks: kAhead * 2 handles on, the registry generation and sparse entry;
  // kAhead on (their lines have arrived by then), the value the sparse entry names. A registry
  // of fewer than kPrefetchFromSlots slots keeps its arrays in the nearer caches, where
  // prefetching would only add work: there the batch is plain LocateMasked.
  template <class Found>
  void LocateMany(std::span<const EntityId> ids, Found&& found) const noexcept {
    const std::size_t n = ids.size();
    std::size_t i = 0;
    if (registry_ == nullptr) {
      for (; i < n; ++i) found(i, 0u, 0u);
      return;
    }
    if (slot_count_ >= kPrefetchFromSlots) {
      const std::uint32_t* live = live_generation_;
      const T* values = values_.data();
      for (; i + 2 * kAhead < n; ++i) {
        const std::uint32_t far = ClampSlot(ids[i + 2 * kAhead].Slot);
        Prefetch(live + far);
        Prefetch(EntryAddress(far));
        const std::uint32_t entry = EntryOf(ClampSlot(ids[i + kAhead].Slot));
        Prefetch(values + (entry < size_ ? entry : 0));
        std::uint32_t index = 0;
        const std::uint32_t mask = LocateMasked(ids[i], index);
        found(i, mask, index);
      }
    }
    for (; i < n; ++i) {
      std::uint32_t index = 0;
      const std::uint32_t mask = LocateMasked(ids[i], index);
      found(i, mask, index);
    }
  }
  static constexpr std::size_t kAhead = 16;
  static constexpr std::uint32_t kPrefetchFromSlots = 1u << 17;
  [[nodiscard]] std::uint32_t ClampSlot(std::uint32_t slot) const noexcept {
    return slot < slot_count_ ? slot : 0;
  }

  // The registry's IsAlive, read through the pool's own copies of the world, the slot count and
  // the generation array; an uninitialized pool has no slots. The statuses of a refusal come in
  // the order of the checks: NotInitialized, InvalidPhase, InvalidEntity.
  [[nodiscard]] Status CheckStructural(EntityId id) const noexcept {
    if (id.Slot < slot_count_ && id.Owner == world_ && id.Generation != 0 &&
        live_generation_[id.Slot] == id.Generation && registry_->StructuralChangesAllowed())
      return Status::Ok;
    if (registry_ == nullptr) return Status::NotInitialized;
    if (!registry_->StructuralChangesAllowed()) return Status::InvalidPhase;
    return Status::InvalidEntity;
  }

  // InsertMany's work; value_at(i) is the value for ids[i].
  template <class ValueAt>
  [[nodiscard]] Status InsertManyWith(std::span<const EntityId> ids, ValueAt value_at) noexcept {
    static_assert(!OwnsMemory<T>,
                  "batches are for plain values; a Many component goes one at a time");
    if (registry_ == nullptr) return Status::NotInitialized;
    if (!registry_->StructuralChangesAllowed()) return Status::InvalidPhase;
    if (ids.size() > capacity_ - size_) {
      ++capacity_failures_;
      return Status::CapacityExceeded;
    }
    if (ids.size() > registry_->StructuralRevisionsRemaining()) return Status::SequenceExhausted;
    return flat_ != nullptr ? InsertBatch<true>(ids, value_at) : InsertBatch<false>(ids, value_at);
  }

  // What a batch's loop reads of the pool and its registry, copied into locals it can keep in
  // registers: the stores into the arrays could alias the members themselves (the same types),
  // so a loop that read them through `this` would load them again after every store.
  struct BatchView {
    std::uint16_t* marks;  // the registry's held counts
    std::uint32_t* owners;
    T* values;
    std::uint32_t* flat;
    const std::uint32_t* live_generation;
    std::uint64_t world;
    std::uint32_t slots;
    [[nodiscard]] bool Live(EntityId id) const noexcept {
      return EntityRegistry::IsLiveIn(id, world, slots, live_generation);
    }
  };
  [[nodiscard]] BatchView ForBatch() noexcept {
    return BatchView{registry_->slot_marks_.data(),
                     owners_.data(),
                     values_.data(),
                     flat_,
                     live_generation_,
                     world_,
                     slot_count_};
  }

  // The sparse entry of `slot` in the layout the batch was compiled for (kFlat: flat_ is the
  // whole array), so a batch's loop has no branch on the layout and no reload of flat_.
  template <bool kFlat>
  [[nodiscard]] std::uint32_t BatchEntry(std::uint32_t* flat, std::uint32_t slot) const noexcept {
    if constexpr (kFlat) return flat[slot];
    return PagedEntry(slot);
  }
  template <bool kFlat>
  void BatchPublish(std::uint32_t* flat, std::uint32_t slot, std::uint32_t index) noexcept {
    if constexpr (kFlat)
      flat[slot] = index;
    else
      PublishPagedEntry(slot, index);
  }
  template <bool kFlat>
  void BatchRepoint(std::uint32_t* flat, std::uint32_t slot, std::uint32_t index) noexcept {
    if constexpr (kFlat)
      flat[slot] = index;
    else
      PagedEntryRef(slot) = index;
  }

  // One pass, the members in locals (the stores into the arrays could alias them); a refusal
  // takes back the inserts before it, which are the dense entries past the old size.
  template <bool kFlat, class ValueAt>
  [[nodiscard, gnu::noinline]] Status InsertBatch(std::span<const EntityId> ids,
                                                  ValueAt value_at) noexcept {
    const std::size_t n = ids.size();
    const BatchView v = ForBatch();
    const std::uint32_t size = size_;
    // The dense index is the loop's counter: fewer live values, which g++ otherwise spills.
    const std::uint32_t end = size + static_cast<std::uint32_t>(n);
    const EntityId* id = ids.data();
    std::uint32_t index = size;
    for (; index != end; ++index, ++id) {
      // A refusal leaves the loop; which one it is, is worked out after (UndoInserts).
      if (!v.Live(*id) ||
          BatchEntry<kFlat>(v.flat, id->Slot) != kMissing ||  // also a handle's second place
          (v.marks[id->Slot] & EntityRegistry::kHeldMask) ==
              EntityRegistry::kMaxComponentsPerEntity)
        break;
      v.owners[index] = id->Slot;
      v.values[index] = value_at(index - size);
      ++v.marks[id->Slot];
      BatchPublish<kFlat>(v.flat, id->Slot, index);
    }
    const std::size_t i = index - size;
    if (i != n) return UndoInserts(ids, i);
    size_ = size + static_cast<std::uint32_t>(n);
    membership_revision_ += n;
    registry_->structural_revision_ += n;
    if (size_ > high_water_) high_water_ = size_;
    return Status::Ok;
  }

  // Whether `ids` lies in this pool's value storage (addresses compared as integers: the two
  // need not be one array).
  [[nodiscard]] bool Overlaps(std::span<const EntityId> ids) const noexcept {
    const auto first = reinterpret_cast<std::uintptr_t>(ids.data());
    const auto last = first + ids.size_bytes();
    const auto begin = reinterpret_cast<std::uintptr_t>(values_.data());
    const auto end = begin + values_.bytes();
    return !ids.empty() && first < end && begin < last;
  }

  // InsertBatch refused ids[done]: takes back the `done` inserts before it (the dense entries past
  // the pool's size), the last first, and says why it refused (the batch's checks, in their
  // order). A paged pool may keep pages the batch took fresh from its reserve, on its list of free
  // pages: which page comes next is not what it was, though nothing a caller sees is.
  [[nodiscard, gnu::cold]] Status UndoInserts(std::span<const EntityId> ids,
                                              std::size_t done) noexcept {
    Status refusal = Status::CapacityExceeded;  // the entity's held count is at its largest
    if (!HandleLive(ids[done]))
      refusal = Status::InvalidEntity;
    else if (EntryOf(ids[done].Slot) != kMissing)
      refusal = Status::DuplicateComponent;
    for (std::size_t j = done; j-- > 0;) {
      ClearEntry(ids[j].Slot);
      --registry_->slot_marks_[ids[j].Slot];
    }
    return refusal;
  }

  // Remove's steps for each handle in one pass, the members in locals. The hole gets the last
  // value by a swap rather than a move, and the last owner stays in place, so that a refusal
  // further on can put every removal back (UndoSwapRemove). A removed entity's entry is
  // kMissing, so a handle's second place is refused like any missing component.
  template <bool kFlat>
  [[nodiscard, gnu::noinline]] Status RemoveBatch(std::span<const EntityId> ids) noexcept {
    const std::size_t n = ids.size();
    const BatchView v = ForBatch();
    std::uint32_t size = size_;
    std::size_t i = 0;
    for (; i < n; ++i) {
      const EntityId id = ids[i];
      if (!v.Live(id)) break;
      const std::uint32_t hole = BatchEntry<kFlat>(v.flat, id.Slot);
      if (hole >= size) break;
      --v.marks[id.Slot];
      const std::uint32_t last = --size;
      if (hole != last) {
        const std::uint32_t moved = v.owners[last];
        v.owners[hole] = moved;
        std::swap(v.values[hole], v.values[last]);
        BatchRepoint<kFlat>(v.flat, moved, hole);
      }
      if constexpr (kFlat)
        v.flat[id.Slot] = kMissing;
      else
        ClearPagedEntry(id.Slot);
    }
    if (i != n) {
      const Status refusal = HandleLive(ids[i]) ? Status::MissingComponent : Status::InvalidEntity;
      while (i-- > 0) UndoSwapRemove<kFlat>(v, ids[i].Slot, size++);
      return refusal;
    }
    size_ = size;
    membership_revision_ += n;
    registry_->structural_revision_ += n;
    return Status::Ok;
  }

  // Puts back one removal of RemoveMany, the last first. The removal shrank the pool to `last`:
  // `slot`'s entity was at its hole, its value now at `last`, and the entity whose value moved
  // into the hole (if another did) is still named by owners_[last].
  template <bool kFlat>
  void UndoSwapRemove(const BatchView& v, std::uint32_t slot, std::uint32_t last) noexcept {
    const std::uint32_t moved = v.owners[last];
    std::uint32_t hole = last;
    if (moved != slot) {
      hole = BatchEntry<kFlat>(v.flat, moved);
      v.owners[hole] = slot;
      std::swap(v.values[hole], v.values[last]);
      BatchRepoint<kFlat>(v.flat, moved, last);
    }
    BatchPublish<kFlat>(v.flat, slot, hole);
    ++v.marks[slot];
  }

  // The handle names this pool's world and the live entity of its slot (the registry's IsAlive,
  // through the pool's own copies of the world, slot count and generation array).
  [[nodiscard]] bool HandleLive(EntityId id) const noexcept {
    return EntityRegistry::IsLiveIn(id, world_, slot_count_, live_generation_);
  }

  // Per page of slots: its page in pages_, or the shared empty page (empty for a flat array).
  FixedArray<std::uint32_t*> page_table_;
  FixedArray<std::uint32_t> pages_;         // the reserve, page after page
  FixedArray<std::uint32_t> page_members_;  // per page of slots: entries its page holds (paged)
  std::uint32_t* flat_ = nullptr;           // pages_ when it is the whole sparse array, else null
  // The registry's live generations (its array never moves once initialized), read by every
  // lookup without going through registry_ first.
  const std::uint32_t* live_generation_ = nullptr;
  FixedArray<std::uint32_t> owners_;  // the registry slot of each dense entry
  FixedArray<T> values_;
  EntityRegistry* registry_ = nullptr;
  std::uint64_t world_ = 0;
  std::uint64_t membership_revision_ = 0;
  std::uint64_t capacity_failures_ = 0;
  std::uint32_t slot_count_ = 0;  // the registry's capacity
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0;
  std::uint32_t high_water_ = 0;
  std::uint32_t page_reserve_ = 0;           // pages in pages_
  std::uint32_t pages_taken_ = 0;            // pages [0, pages_taken_) have been used
  std::uint32_t pages_in_use_ = 0;           // pages the page table names now
  std::uint32_t free_page_head_ = kMissing;  // last returned page, or kMissing
};

}  // namespace cairn
