// `cairn lesson` in the terminal: the lesson's text and the learner's command line over (or
// beside) the debug pane, which shows the world each command runs on, inspecting the entity the
// command names (registry, free list, the pools with its place in each, inside a tick the phase
// and the command buffer). Keys in, a presentation out: the curses loop is lesson_command.cpp's,
// so tests drive this with key names.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "console/lesson.h"
#include "presenter/presenter.h"
#include "view/render_frame.h"

namespace cairn {

enum class LessonEnd : std::uint8_t { Going, Finished, Quit, Untrue };

class LessonScreen {
 public:
  // Null when the lesson's worlds cannot be built.
  [[nodiscard]] static std::unique_ptr<LessonScreen> Create();

  // A key name (curses_screen.h): printable keys and space type, backspace erases, Enter runs
  // the step's command when the line is empty or is that command (else says which it is), PgUp
  // and PgDn scroll the text, Up and Down the pane, F12 changes the pane's view, Escape leaves.
  void HandleKey(const std::string& key);
  void SetViewSize(std::int32_t width, std::int32_t height) noexcept;
  void BuildFrame(RenderFrame& frame) const;
  [[nodiscard]] const PresenterState& Presentation() const noexcept { return state_; }
  [[nodiscard]] LessonEnd End() const noexcept { return end_; }

 private:
  explicit LessonScreen(std::unique_ptr<LessonWalk> walk);
  void Announce();
  void RunStep();
  void Scroll(std::int32_t pages);
  std::unique_ptr<LessonWalk> walk_;
  PresenterState state_;
  LessonEnd end_ = LessonEnd::Going;
  std::int32_t width_ = kMinWidth, height_ = kMinHeight;
};

}  // namespace cairn
