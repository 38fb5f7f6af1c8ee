#include "base/text_problem.h"

#include "base/terminal_text.h"

namespace cairn {

std::string FormatProblem(std::string_view path, const TextProblem& problem,
                          std::string_view severity) {
  const std::string file = EscapeForTerminal(problem.file.empty() ? path : problem.file);
  const std::string tag = ": " + std::string(severity) + ": ";
  const std::string message = EscapeForTerminal(problem.message);
  if (problem.position.line == 0) return file + tag + message;
  return file + ":" + std::to_string(problem.position.line) + ":" +
         std::to_string(problem.position.column) + tag + message;
}

void SetProblemFile(std::vector<TextProblem>& problems, std::size_t first, std::string_view file) {
  for (std::size_t i = first; i < problems.size(); ++i)
    if (problems[i].file.empty()) problems[i].file = std::string(file);
}

}  // namespace cairn
