#include "lesson_screen.h"

#include <algorithm>

#include "view/extract.h"

namespace cairn {

std::unique_ptr<LessonScreen> LessonScreen::Create() {
  std::unique_ptr<LessonWalk> walk;
  if (LessonWalk::Create(walk) != Status::Ok) return nullptr;
  return std::unique_ptr<LessonScreen>(new LessonScreen(std::move(walk)));
}

LessonScreen::LessonScreen(std::unique_ptr<LessonWalk> walk) : walk_(std::move(walk)) {
  state_.screen = Screen::Lesson;
  state_.debug_pane = true;
  state_.pane_view = PaneView::Machine;  // the registry and the pools first
  state_.pane_view_keys = "F12";
  state_.pane_scroll_keys = "Up Down";
  state_.console_lines = {std::string(kLessonTitle), std::string(kLessonOpening)};
  Announce();
}

// The step's heading and what it is about when it begins, then the command the learner is asked
// for; the title row says where in the lesson this is.
void LessonScreen::Announce() {
  if (walk_->Done()) {
    state_.console_lines.push_back("");
    state_.console_lines.push_back(std::string(kLessonClosing));
    state_.console_lines.push_back(std::string(kLessonNext));
    state_.prompt = "cairn lesson: the end. Enter or Escape leaves.";
    return;
  }
  const std::string step = std::to_string(walk_->StepNumber());
  if (walk_->StepStarts()) {
    state_.console_lines.push_back("");
    state_.console_lines.push_back(step + ". " + std::string(walk_->StepTitle()));
    state_.console_lines.push_back("   " + std::string(walk_->StepIntro()));
  }
  state_.console_lines.push_back("   next: " + std::string(walk_->NextCommand()) +
                                 "   (type it, or press Enter)");
  state_.prompt = "cairn lesson: step " + step + " of " + std::to_string(LessonWalk::StepCount()) +
                  ", " + std::string(walk_->StepTitle()) + ". Escape leaves.";
}

void LessonScreen::RunStep() {
  const std::string command(walk_->NextCommand());
  std::string reply, says, expected;
  const bool as_taught = walk_->RunNext(reply, says, expected);
  state_.console_lines.push_back("> " + command);
  state_.console_lines.push_back(reply.empty() ? "(empty)" : reply);
  if (!as_taught) {
    state_.console_lines.push_back(
        "The engine no longer does what this lesson teaches: it should "
        "have answered `" +
        expected + "`.");
    state_.prompt = "cairn lesson: stopped. Enter or Escape leaves.";
    end_ = LessonEnd::Untrue;
    return;
  }
  if (!says.empty()) state_.console_lines.push_back("     " + says);
  Announce();
}

void LessonScreen::HandleKey(const std::string& key) {
  const bool over = walk_->Done() || end_ == LessonEnd::Untrue;
  if (key == "escape" || (over && key == "enter")) {
    if (end_ == LessonEnd::Going) end_ = walk_->Done() ? LessonEnd::Finished : LessonEnd::Quit;
    return;
  }
  if (key == "pgup" || key == "pgdn") return Scroll(key == "pgup" ? -1 : 1);
  if (key == "up" || key == "down") {  // the pane (the text's keys type)
    RenderFrame frame;
    BuildFrame(frame);
    state_.pane_scroll = ScrolledPane(frame, state_, width_, height_, key == "up" ? -1 : 1);
    return;
  }
  if (key == "F12") {
    state_.pane_view =
        static_cast<PaneView>((static_cast<int>(state_.pane_view) + 1) % kPaneViewCount);
    state_.pane_scroll = 0;
    return;
  }
  if (over) return;
  if (key == "enter") {
    std::string line = state_.console_input;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    line.erase(0, std::min(line.size(), line.find_first_not_of(' ')));
    state_.console_input.clear();
    state_.console_top = -1;
    if (line.empty() || line == walk_->NextCommand()) return RunStep();
    state_.console_lines.push_back("> " + line);
    state_.console_lines.push_back("That is not this step's command: it is `" +
                                   std::string(walk_->NextCommand()) + "`.");
  } else if (key == "backspace") {
    if (!state_.console_input.empty()) state_.console_input.pop_back();
  } else if (key == "space") {
    state_.console_input += ' ';
  } else if (key.size() == 1 && state_.console_input.size() < 400) {
    state_.console_input += key;
  }
}

void LessonScreen::Scroll(std::int32_t pages) {
  state_.console_top = ScrolledConsole(state_, width_, height_, pages);
}

void LessonScreen::SetViewSize(std::int32_t width, std::int32_t height) noexcept {
  width_ = width;
  height_ = height;
}

void LessonScreen::BuildFrame(RenderFrame& frame) const {
  ExtractOptions options;
  options.debug = true;
  options.inspected = walk_->Subject();
  Extract(walk_->Session(), options, frame);
}

}  // namespace cairn
