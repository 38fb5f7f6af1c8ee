#include "terminal/terminal_guard.h"

#include <curses.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace cairn {
namespace {

struct termios g_saved;
bool g_have_saved = false;
volatile std::sig_atomic_t g_stop_signal = 0;
std::atomic<bool> g_restored{true};

void RestoreModes() noexcept {
  if (g_restored.exchange(true)) return;
  // Leave the alternate screen, show the cursor, reset attributes, stop mouse reports (motion,
  // SGR, presses: a crash must not leave the shell receiving them); then the saved modes.
  static const char kReset[] = "\033[?1049l\033[?25h\033[0m\033[?1003l\033[?1006l\033[?1000l\r\n";
  ssize_t ignored = ::write(STDOUT_FILENO, kReset, sizeof kReset - 1);
  (void)ignored;
  if (g_have_saved) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
}

void OnStop(int signal) {
  g_stop_signal = signal;
}

void OnCrash(int signal) {
  RestoreModes();
  static const char kSay[] = "cairn: crashed; the terminal was restored\n";
  ssize_t ignored = ::write(STDERR_FILENO, kSay, sizeof kSay - 1);
  (void)ignored;
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void Install(int signal, void (*handler)(int)) {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking read returns so the loop sees the flag
  sigaction(signal, &action, nullptr);
}

}  // namespace

TerminalGuard::TerminalGuard() {
  g_have_saved = ::tcgetattr(STDIN_FILENO, &g_saved) == 0;
  g_restored = false;
  for (int s : {SIGINT, SIGTERM, SIGHUP}) Install(s, OnStop);
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) Install(s, OnCrash);
}

TerminalGuard::~TerminalGuard() {
  Restore();
}

int TerminalGuard::StopRequested() noexcept {
  return g_stop_signal;
}

void TerminalGuard::RequestStop(int signal) noexcept {
  g_stop_signal = signal;
}

void TerminalGuard::Restore() noexcept {
  if (g_restored) return;
  if (!isendwin()) endwin();
  RestoreModes();
}

}  // namespace cairn
