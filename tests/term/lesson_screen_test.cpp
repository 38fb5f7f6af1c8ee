// `cairn lesson` in the terminal, driven with key names as a learner types them: each step's
// command runs on the lesson's world, the pane shows that world, a wrong command is refused and
// the walk goes on to its end.
#include "lesson_screen.h"

#include <catch2/catch.hpp>
#include <string>

#include "presenter/presenter.h"
#include "presenter/text_grid.h"

namespace lesson_screen_test {

using namespace cairn;

namespace {

std::string Screenful(const LessonScreen& lesson, std::int32_t w, std::int32_t h) {
  RenderFrame frame;
  lesson.BuildFrame(frame);
  TextGrid grid(w, h);
  Present(frame, lesson.Presentation(), grid);
  return grid.ToText();
}

void Type(LessonScreen& lesson, const std::string& text) {
  for (char c : text) lesson.HandleKey(c == ' ' ? std::string("space") : std::string(1, c));
}

}  // namespace

TEST_CASE("the lesson runs on the game's screen with the pane on its world", "[lesson]") {
  std::unique_ptr<LessonScreen> lesson = LessonScreen::Create();
  REQUIRE(lesson != nullptr);
  lesson->SetViewSize(80, 24);
  std::string screen = Screenful(*lesson, 80, 24);
  CHECK(screen.find("step 1 of 7") != std::string::npos);
  CHECK(screen.find("next: SPAWN") != std::string::npos);
  CHECK(screen.find("live 0 pending 0 free 16") != std::string::npos);  // the empty world

  // A command other than the step's is refused and the step waits for its own.
  Type(*lesson, "DESPAWN 0:1");
  lesson->HandleKey("enter");
  screen = Screenful(*lesson, 80, 24);
  CHECK(screen.find("That is not this step's command: it is `SPAWN`.") != std::string::npos);
  CHECK(screen.find("live 0 pending 0") != std::string::npos);

  // Typed, it runs: the pane's registry counts the new entity.
  Type(*lesson, "SPAWN");
  lesson->HandleKey("enter");
  screen = Screenful(*lesson, 80, 24);
  CHECK(screen.find("live 1 pending 0 free 15") != std::string::npos);

  // Enter alone runs each next command, to the end; on the way the pane inspects what the
  // commands name and, on the floor, stops inside the tick with its command buffer.
  bool saw_pool_of = false, saw_inside = false, saw_pending = false;
  for (int i = 0; i < 200 && lesson->End() == LessonEnd::Going; ++i) {
    if (lesson->Presentation().prompt.find("the end") != std::string::npos) break;
    lesson->HandleKey("enter");
    for (const auto& [w, h] : {std::pair{80, 24}, std::pair{120, 40}}) {
      lesson->SetViewSize(w, h);
      screen = Screenful(*lesson, w, h);
      saw_pool_of = saw_pool_of || screen.find("health dense ") != std::string::npos;
      saw_inside = saw_inside || screen.find("Inside tick 1 after") != std::string::npos;
      saw_pending = saw_pending || screen.find("pending destroy") != std::string::npos;
    }
  }
  CHECK(lesson->End() == LessonEnd::Going);
  CHECK(lesson->Presentation().prompt.find("the end") != std::string::npos);
  CHECK(saw_pool_of);
  CHECK(saw_inside);
  CHECK(saw_pending);
  lesson->HandleKey("enter");
  CHECK(lesson->End() == LessonEnd::Finished);
}

TEST_CASE("Escape leaves the lesson unfinished", "[lesson]") {
  std::unique_ptr<LessonScreen> lesson = LessonScreen::Create();
  REQUIRE(lesson != nullptr);
  lesson->HandleKey("enter");
  lesson->HandleKey("escape");
  CHECK(lesson->End() == LessonEnd::Quit);
}

}  // namespace lesson_screen_test
