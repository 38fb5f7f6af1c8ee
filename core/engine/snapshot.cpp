// The snapshot bytes and the engine's parts of a snapshot (snapshot.h).
#include "engine/snapshot.h"

namespace cairn {

std::size_t BlocksBeyond(const SnapshotBlocks& blocks, const SnapshotBlocks* earlier) noexcept {
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i)
    if (earlier == nullptr || i >= earlier->size() || (*earlier)[i] != blocks[i])
      bytes += blocks[i]->capacity();
  return bytes;
}

// --- writing ---------------------------------------------------------------------------------

SnapshotWriter::SnapshotWriter(SnapshotBlocks& out, const SnapshotBlocks* earlier,
                               std::size_t& copied)
    : out_(out), earlier_(earlier), copied_(copied) {
  current_.reserve(kSnapshotBlock);
}

void SnapshotWriter::Finish() {
  if (!current_.empty()) Seal();
}

void SnapshotWriter::RawAcross(const unsigned char* at, std::size_t bytes) {
  while (bytes > 0) {
    const std::size_t part = std::min(bytes, kSnapshotBlock - current_.size());
    current_.insert(current_.end(), at, at + part);
    at += part;
    bytes -= part;
    if (current_.size() == kSnapshotBlock) Seal();
  }
}
void SnapshotWriter::Seal() {
  const std::size_t index = out_.size();
  if (earlier_ != nullptr && index < earlier_->size() && *(*earlier_)[index] == current_) {
    out_.push_back((*earlier_)[index]);
    current_.clear();
    return;
  }
  // A full block is handed over whole; the last one is copied, so it holds only its bytes.
  std::shared_ptr<SnapshotBlock> block;
  if (current_.size() == kSnapshotBlock) {
    block = std::make_shared<SnapshotBlock>(std::move(current_));
    current_ = SnapshotBlock{};
    current_.reserve(kSnapshotBlock);
  } else {
    block = std::make_shared<SnapshotBlock>(current_);
    current_.clear();
  }
  copied_ += block->capacity();
  out_.push_back(std::move(block));
}

// --- reading ---------------------------------------------------------------------------------

SnapshotReader::SnapshotReader(const SnapshotBlocks& blocks) noexcept : blocks_(blocks) {
  for (const auto& block : blocks) left_ += block->size();
  Enter(0);
}

void SnapshotReader::RawAcross(unsigned char* to, std::size_t bytes) noexcept {
  while (bytes > 0 && at_ != nullptr) {
    const std::size_t part = std::min(bytes, static_cast<std::size_t>(end_ - at_));
    if (part > 0) std::memcpy(to, at_, part);
    to += part;
    bytes -= part;
    at_ += part;
    left_ -= part;
    if (at_ == end_) Enter(next_);
  }
}

void SnapshotReader::Enter(std::size_t index) noexcept {
  next_ = index + 1;
  begin_ = at_ = end_ = nullptr;
  if (index < blocks_.size()) {
    begin_ = at_ = blocks_[index]->data();
    end_ = at_ + blocks_[index]->size();
  }
}
// Where Writer::Array started a block for a large array, past the rest of the one it was in.
void SnapshotReader::SkipPadding(std::size_t bytes) noexcept {
  if (bytes < kSnapshotAlignAbove || at_ == begin_ || at_ == end_) return;
  left_ -= static_cast<std::size_t>(end_ - at_);
  Enter(next_);
}

// --- the registry and the binding table --------------------------------------------------------

void SnapshotAccess::Save(const EntityRegistry& r, SnapshotWriter& out) {
  out.Array(r.live_generation_.data(), r.touched_);
  out.Array(r.slot_marks_.data(), r.touched_);
  out.Array(r.slot_words_.data(), r.touched_);  // the free list is threaded through these
  out.Value(r.free_head_);
  out.Value(r.free_count_);
  out.Value(r.last_creation_sequence_);
  out.Value(r.structural_revision_);
  out.Value(r.live_);
  out.Value(r.pending_count_);
  out.Value(r.retired_);
  out.Value(r.peak_generation_);
  out.Value(r.capacity_failures_);
}

void SnapshotAccess::Restore(EntityRegistry& r, SnapshotReader& in) noexcept {
  // Slots first used after the snapshot go back to never used.
  const std::uint32_t before = r.touched_;
  const auto touched = static_cast<std::uint32_t>(in.Array(r.live_generation_.data(), r.capacity_));
  for (std::uint32_t slot = touched; slot < before; ++slot) {
    r.live_generation_[slot] = 0;
    r.slot_marks_[slot] = 0;
    r.slot_words_[slot] = 0;
  }
  (void)in.Array(r.slot_marks_.data(), r.capacity_);
  (void)in.Array(r.slot_words_.data(), r.capacity_);
  r.touched_ = touched;
  r.free_head_ = in.Value<std::uint32_t>();
  r.free_count_ = in.Value<std::uint32_t>();
  r.last_creation_sequence_ = in.Value<std::uint64_t>();
  r.structural_revision_ = in.Value<std::uint64_t>();
  r.live_ = in.Value<std::uint32_t>();
  r.pending_count_ = in.Value<std::uint32_t>();
  r.retired_ = in.Value<std::uint32_t>();
  r.peak_generation_ = in.Value<std::uint32_t>();
  r.capacity_failures_ = in.Value<std::uint64_t>();
}

void SnapshotAccess::Save(const WorldBindingTable& table, std::uint32_t touched,
                          SnapshotWriter& out) {
  out.Array(table.forward_.data(), table.used_);
  out.Array(table.instances_.data(), table.instance_count_);
  out.Value(table.live_);
  out.Value(table.revision_);
  out.Value(table.conflicts_);
  out.Value(table.capacity_failures_);
  // The reverse map is by slot; only slots holding a binding are kept.
  std::uint64_t held = 0;
  for (std::uint32_t slot = 0; slot < touched; ++slot) held += table.reverse_[slot].generation != 0;
  out.Value(held);
  for (std::uint32_t slot = 0; slot < touched; ++slot)
    if (table.reverse_[slot].generation != 0) {
      out.Value(slot);
      out.Value(table.reverse_[slot]);
    }
}

void SnapshotAccess::Restore(WorldBindingTable& table, std::uint32_t touched_now,
                             SnapshotReader& in) noexcept {
  for (std::uint32_t slot = 0; slot < touched_now; ++slot)
    table.reverse_[slot] = WorldBindingTable::Reverse{};
  table.used_ = static_cast<std::uint32_t>(in.Array(table.forward_.data(), table.forward_.size()));
  table.instance_count_ =
      static_cast<std::uint32_t>(in.Array(table.instances_.data(), table.instances_.size()));
  table.live_ = in.Value<std::uint32_t>();
  table.revision_ = in.Value<std::uint64_t>();
  table.conflicts_ = in.Value<std::uint64_t>();
  table.capacity_failures_ = in.Value<std::uint64_t>();
  const auto held = in.Value<std::uint64_t>();
  for (std::uint64_t i = 0; i < held; ++i) {
    const auto slot = in.Value<std::uint32_t>();
    table.reverse_[slot] = in.Value<WorldBindingTable::Reverse>();
  }
}

}  // namespace cairn
