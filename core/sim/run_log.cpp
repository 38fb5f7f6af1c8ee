// RunLog (run_log.h): saying, collapsing repeats, and the death effects' lifetimes.
#include "sim/run_log.h"

#include <algorithm>
#include <cstdint>

namespace cairn {

void RunLog::Say(std::string text, MessageTone tone) {
  const std::int64_t tick = now_ ? now_() : 0;
  ++messages_said_;
  if (!messages_.empty() && messages_.back().text == text && messages_.back().tone == tone &&
      messages_.back().count < UINT32_MAX) {
    Message& again = messages_.back();
    ++again.count;
    again.tick = tick;
    again.said = messages_said_;
    return;
  }
  messages_.push_back(Message{tick, std::move(text), 1, tone, messages_said_});
  ++pushed_;
  while (messages_.size() > kMessageHistory) messages_.pop_front();
}

void RunLog::Mention(std::string text) {
  Say(std::move(text));
  ++mentions_;
}

void RunLog::AddNote(std::int32_t turn, std::int32_t depth, std::string text) {
  if (notes_.size() < kMaxNotes) notes_.push_back(Note{turn, depth, std::move(text)});
}

void RunLog::ResumeNotes(std::span<const Note> saved) {
  notes_.assign(saved.begin(),
                saved.begin() + static_cast<std::ptrdiff_t>(std::min(saved.size(), kMaxNotes)));
}

void RunLog::Resume(std::span<const Message> saved, std::uint64_t said) {
  const std::size_t skip = saved.size() > kMessageHistory ? saved.size() - kMessageHistory : 0;
  for (std::size_t i = skip; i < saved.size(); ++i) messages_.push_back(saved[i]);
  pushed_ += saved.size() - skip;
  lineage_ = NextUniqueNumber();
  messages_said_ = said;
  mentions_ = 0;  // (only the change in NewsCount is read)
}

void RunLog::ShowDeaths(std::span<const DeathEvent> deaths) {
  for (DeathEffect& effect : effects_) --effect.remaining;
  effects_.erase(std::remove_if(effects_.begin(), effects_.end(),
                                [](const DeathEffect& e) { return e.remaining <= 0; }),
                 effects_.end());
  for (const DeathEvent& death : deaths) {
    if (effects_.size() >= max_effects_) {  // full: the newest death is the one to show
      ++effects_dropped_;
      if (effects_.empty()) continue;  // (none are shown at all)
      effects_.erase(effects_.begin());
    }
    // The player's own remains keep the `@`, so the map after a death still shows where you fell
    // beside whoever killed you.
    const bool you = death.name.View() == "you";
    effects_.push_back(DeathEffect{death.where, you ? std::uint32_t{'@'} : kRemainsGlyph,
                                   you ? '@' : kRemainsAscii, you ? Colour::Red : kRemainsColour,
                                   kEffectTicks, death.name});
  }
}

}  // namespace cairn
