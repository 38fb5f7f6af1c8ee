// CAIRN_ASSERT: in builds with assertions (Debug, sanitizers, fuzz) a broken invariant aborts
// with its place and message; in release builds the condition is not even evaluated.
#include "base/assert.h"

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <string>

#include "base/fixed_array.h"

namespace assert_test {

namespace {

// Runs `body` in a child process with its standard error captured; the child's wait status
// and what it printed.
template <class Body>
std::pair<int, std::string> InChild(Body body) {
  int pipe_fds[2];
  REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::dup2(pipe_fds[1], STDERR_FILENO);
    ::close(pipe_fds[0]);
    body();
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string text;
  char buffer[512];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  return {status, text};
}

}  // namespace

#ifdef CAIRN_ASSERTIONS
TEST_CASE("a failed assertion aborts, naming its place, condition and message", "[base][assert]") {
  const auto [status, text] = InChild([] {
    const int slots = 3;
    CAIRN_ASSERT(slots > 4, "a broken invariant");
  });
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGABRT);
  CHECK(text.find("assert_test.cpp:") != std::string::npos);
  CHECK(text.find("assertion failed: a broken invariant (slots > 4)") != std::string::npos);
}

TEST_CASE("a FixedArray index past its size is an assertion, not a silent read", "[base][assert]") {
  const auto [status, text] = InChild([] {
    cairn::FixedArray<int> array;
    if (array.Allocate(4) != cairn::Status::Ok) ::_exit(3);
    volatile int past = array[4];
    (void)past;
  });
  CHECK(WIFSIGNALED(status));
  CHECK(text.find("FixedArray index past its size") != std::string::npos);
}

TEST_CASE("a holding assertion does nothing", "[base][assert]") {
  const auto [status, text] = InChild([] { CAIRN_ASSERT(1 + 1 == 2, "arithmetic"); });
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(text.empty());
}
#else
TEST_CASE("without assertions the condition is never evaluated", "[base][assert]") {
  int evaluated = 0;
  CAIRN_ASSERT(++evaluated > 0, "not evaluated in release builds");
  CHECK(evaluated == 0);
}
#endif

}  // namespace assert_test
