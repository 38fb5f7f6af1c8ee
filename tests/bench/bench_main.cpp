// The benchmark driver: runs every Google Benchmark, then prints each figure beside its
// baseline from the same run as a ratio. Benchmarks pair up by name: "X_cairn/ARGS" with
// "X_baseline/ARGS", so the table needs no list of its own. With repetitions the table gives
// the medians and also the ratio of the fastest repetitions: on a shared machine other work
// only ever adds time, so the fastest run of each is the steadiest figure to compare.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace {

class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    // With repetitions, the median stands for the figure; without, the single run does.
    for (const Run& run : runs) {
      const std::string name = run.run_name.function_name + Args(run);
      if (run.error_occurred) {
        failed_.try_emplace(name, run.error_message);
        continue;
      }
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      if (median || single) {
        times_[name] = run.GetAdjustedRealTime();
        cpu_times_[name] = run.GetAdjustedCPUTime();
      }
      if (run.run_type == Run::RT_Iteration) {
        const auto [at, fresh] = fastest_.try_emplace(name, run.GetAdjustedRealTime());
        if (!fresh && run.GetAdjustedRealTime() < at->second)
          at->second = run.GetAdjustedRealTime();
      }
    }
    // The console shows the aggregates of repeated runs (the fastest needs every run, so the
    // runs are not dropped before they reach this reporter), and a run that failed: a failed
    // benchmark has no aggregates, so with repetitions it would otherwise vanish without a word.
    std::vector<Run> shown;
    for (const Run& run : runs)
      if (run.run_type == Run::RT_Aggregate || run.repetitions <= 1 ||
          (run.error_occurred && run.repetition_index == 0))
        shown.push_back(run);
    ConsoleReporter::ReportRuns(shown);
  }
  // Benchmarks that stopped with an error (SkipWithError), and the first error of each.
  const std::map<std::string, std::string>& Failed() const { return failed_; }
  const std::map<std::string, double>& Times() const { return times_; }
  const std::map<std::string, double>& Fastest() const { return fastest_; }
  const std::map<std::string, double>& CpuTimes() const { return cpu_times_; }

 private:
  static std::string Args(const Run& run) {
    return run.run_name.args.empty() ? "" : "/" + run.run_name.args;
  }
  std::map<std::string, double> times_;
  std::map<std::string, double> fastest_;
  std::map<std::string, double> cpu_times_;
  std::map<std::string, std::string> failed_;
};

// Families named "XScaling/N": what each unit of N adds (beyond N = 0, the fixed cost, when it
// is measured) beside what it adds at the smallest N, so linear growth reads as about 1x down the
// "against" columns and a step (a cache level left) stands out. In wall time (the median), in
// processor time (on a loaded machine the steadier) and in the fastest repetition (other work
// only ever adds time, so with repetitions of one fixed workload it is the steadiest of all).
void PrintScaling(const CollectingReporter& reporter) {
  std::map<std::string, std::vector<std::pair<double, std::string>>> families;
  for (const auto& [name, time] : reporter.Times()) {
    const std::size_t slash = name.find('/');
    if (slash == std::string::npos || slash < 7 || name.compare(slash - 7, 7, "Scaling") != 0)
      continue;
    families[name.substr(0, slash)].emplace_back(std::stod(name.substr(slash + 1)), name);
  }
  const auto fastest = [&](const std::string& name) {
    const auto found = reporter.Fastest().find(name);
    return found == reporter.Fastest().end() ? 0.0 : found->second;
  };
  for (auto& [family, runs] : families) {
    std::sort(runs.begin(), runs.end());
    // Per measure (median, processor, fastest): the fixed cost and the smallest N's unit.
    double fixed[3] = {0, 0, 0}, first[3] = {0, 0, 0};
    if (runs.front().first == 0) {
      fixed[0] = reporter.Times().at(runs.front().second);
      fixed[1] = reporter.CpuTimes().at(runs.front().second);
      fixed[2] = fastest(runs.front().second);
    }
    std::printf("\n%-20s %12s %12s %12s %8s %12s %8s %12s %8s\n", (family + " (same run)").c_str(),
                "time", "cpu time", "per unit", "against", "cpu/unit", "against", "fastest/unit",
                "against");
    for (const auto& [n, name] : runs) {
      const double total[3] = {reporter.Times().at(name), reporter.CpuTimes().at(name),
                               fastest(name)};
      if (n == 0) {
        std::printf("%-20.0f %12.1f %12.1f   (the fixed cost)\n", n, total[0], total[1]);
        continue;
      }
      std::printf("%-20.0f %12.1f %12.1f", n, total[0], total[1]);
      for (int m = 0; m < 3; ++m) {
        const double unit = (total[m] - fixed[m]) / n;
        if (first[m] == 0) first[m] = unit;
        std::printf(" %12.4f %7.2fx", unit, first[m] > 0 ? unit / first[m] : 0.0);
      }
      std::printf("\n");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  std::printf("\n%-50s %12s %12s %8s %9s\n", "figure (same run, in its unit)", "cairn", "baseline",
              "ratio", "fastest");
  for (const auto& [name, time] : reporter.Times()) {
    const std::size_t at = name.find("_cairn");
    if (at == std::string::npos) continue;
    std::string baseline = name;
    baseline.replace(at, 6, "_baseline");
    const auto found = reporter.Times().find(baseline);
    if (found == reporter.Times().end()) continue;
    std::string label = name;
    label.erase(at, 6);
    const double ours = reporter.Fastest().count(name) ? reporter.Fastest().at(name) : 0.0;
    const double theirs =
        reporter.Fastest().count(baseline) ? reporter.Fastest().at(baseline) : 0.0;
    std::printf("%-50s %12.1f %12.1f %7.2fx %8.2fx\n", label.c_str(), time, found->second,
                found->second > 0 ? time / found->second : 0.0, theirs > 0 ? ours / theirs : 0.0);
  }
  PrintScaling(reporter);
  // A benchmark that failed measured nothing: say which, and fail the run, so that `make bench`
  // cannot pass with a figure missing.
  if (!reporter.Failed().empty()) {
    std::printf("\n%zu benchmark(s) failed and measured nothing:\n", reporter.Failed().size());
    for (const auto& [name, error] : reporter.Failed())
      std::printf("  %s: %s\n", name.c_str(), error.c_str());
    return 1;
  }
  return 0;
}
