// --more--: important messages cannot scroll away unread (DCSS, NetHack). After each key and each
// step of a run, the controller looks at what was said since the player last saw the log; when
// it does not fit in the log's rows and (in the default mode) a warning or danger would scroll
// out of sight, the log stops at the first page of it with "--more--", and each key turns a
// page (the MorePage mode). Escape skips the rest. The presenter draws it from
// PresenterState::more_skip.
#include <algorithm>

#include "controller_modes.h"

namespace cairn {

bool ParseMoreMode(std::string_view text, MoreMode& out) noexcept {
  if (text == "important")
    out = MoreMode::Important;
  else if (text == "all")
    out = MoreMode::All;
  else if (text == "off")
    out = MoreMode::Off;
  else
    return false;
  return true;
}

namespace {

// Rows a message takes in a log `width` columns wide.
std::size_t RowsOf(const Message& m, std::int32_t width) {
  return std::max<std::size_t>(
      1, WrapWords(ShownText(m), static_cast<std::size_t>(std::max(1, width))).size());
}

}  // namespace

void GameController::CheckMore() {
  const std::uint64_t said = session_.Log().MessageCount();
  if (said < more_seen_) more_seen_ = said;  // stepped back: the log is an older one
  state_.more_skip = -1;
  if (more_mode_ == MoreMode::Off || Top().Shows() != Screen::Map) {
    more_seen_ = said;
    return;
  }
  const auto& log = session_.Log().Messages();
  std::size_t first = log.size();  // the oldest message not yet shown
  while (first > 0 && log[first - 1].said > more_seen_) --first;
  if (first == log.size()) return;
  const ScreenLayout layout = LayOut(state_, view_width_, view_height_);
  const std::int32_t rows = layout.log.h, width = layout.log.w;
  if (rows < 2) {  // no room for a page and its --more-- line
    more_seen_ = said;
    return;
  }
  // What the log shows without stopping: the newest messages that fit in its rows.
  std::size_t shown_from = log.size(), used = 0;
  while (shown_from > first &&
         used + RowsOf(log[shown_from - 1], width) <= static_cast<std::size_t>(rows))
    used += RowsOf(log[--shown_from], width);
  bool lost = shown_from > first;
  if (more_mode_ == MoreMode::Important)
    lost = std::any_of(log.begin() + static_cast<std::ptrdiff_t>(first),
                       log.begin() + static_cast<std::ptrdiff_t>(shown_from),
                       [](const Message& m) { return Important(m.tone); });
  if (!lost) {
    more_seen_ = said;
    return;
  }
  // A page: from the oldest unseen message, as many as fit above the --more-- line (at least one).
  std::size_t end = first;
  used = 0;
  do used += RowsOf(log[end++], width);
  while (end < log.size() && used + RowsOf(log[end], width) <= static_cast<std::size_t>(rows - 1));
  state_.more_skip = static_cast<std::int32_t>(log.size() - end);
  EndRun();  // a message the player must see ends a run of turns
  Push(std::make_unique<MorePage>(log[end - 1].said));
}

void GameController::MorePage::Key(GameController& game, const std::string& key, Action) {
  game.state_.more_skip = -1;
  game.more_seen_ = key == "escape" ? game.session_.Log().MessageCount() : page_end_;
  game.Pop();
  game.CheckMore();  // the next page, if what is left still does not fit
}

}  // namespace cairn
