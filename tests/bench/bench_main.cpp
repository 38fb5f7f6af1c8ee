// The benchmark driver: runs every Google Benchmark, then prints each figure beside its
// baseline from the same run as a ratio. Benchmarks pair up by name: "X_cairn/ARGS" with
// "X_baseline/ARGS", so the table needs no list of its own.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    // With repetitions, the median stands for the figure; without, the single run does.
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      if (median || single) times_[run.run_name.function_name + Args(run)] = run.GetAdjustedRealTime();
    }
    ConsoleReporter::ReportRuns(runs);
  }
  const std::map<std::string, double>& Times() const { return times_; }

 private:
  static std::string Args(const Run& run) {
    return run.run_name.args.empty() ? "" : "/" + run.run_name.args;
  }
  std::map<std::string, double> times_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  std::printf("\n%-58s %12s %12s %8s\n", "figure (same run, in its unit)", "cairn", "baseline", "ratio");
  for (const auto& [name, time] : reporter.Times()) {
    const std::size_t at = name.find("_cairn");
    if (at == std::string::npos) continue;
    std::string baseline = name;
    baseline.replace(at, 6, "_baseline");
    const auto found = reporter.Times().find(baseline);
    if (found == reporter.Times().end()) continue;
    std::string label = name;
    label.erase(at, 6);
    std::printf("%-58s %12.1f %12.1f %7.2fx\n", label.c_str(), time, found->second,
                found->second > 0 ? time / found->second : 0.0);
  }
  return 0;
}
