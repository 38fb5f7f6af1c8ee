#include "base/text_problem.h"

#include "base/terminal_text.h"

namespace cairn {

std::string FormatProblem(std::string_view path, const TextProblem& problem,
                          std::string_view severity) {
  const std::string file = EscapeForTerminal(problem.file.empty() ? path : problem.file);
  const std::string tag = ": " + std::string(severity) + ": ";
  const std::string message = EscapeForTerminal(problem.message);
  const auto place = [](const std::string& in, TextPosition at) {
    return in + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
  };
  std::string first;
  if (problem.first.line != 0)
    first = " (first at " +
            place(problem.first_file.empty() ? file : EscapeForTerminal(problem.first_file),
                  problem.first) +
            ")";
  if (problem.position.line == 0) return file + tag + message + first;
  return place(file, problem.position) + tag + message + first;
}

TextProblem DuplicateProblem(TextPosition at, std::string why, TextPosition first,
                             std::string first_file) {
  TextProblem problem(at, std::move(why));
  problem.first = first;
  problem.first_file = std::move(first_file);
  return problem;
}

void SetProblemFile(std::vector<TextProblem>& problems, std::size_t first, std::string_view file) {
  for (std::size_t i = first; i < problems.size(); ++i)
    if (problems[i].file.empty()) problems[i].file = std::string(file);
}

}  // namespace cairn
