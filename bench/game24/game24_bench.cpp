// Speed of the 24 solver (the targets, single thread): solvability of all 1,820
// hands of 1..13 <= 30 ms; every distinct solution of all of them <= 300 ms; the
// six-number Countdown hand 25 50 75 100 3 6 -> 952 (--subset --integers) <= 20 ms.
#include <benchmark/benchmark.h>

#include "game24/solver.h"

namespace {

using puzzlelab::game24::Rational;
namespace g = puzzlelab::game24;

const std::vector<std::vector<Rational>>& hands_1_13() {
  static const auto hands = g::all_hands(1, 13, 4);
  return hands;
}

void BM_SolvableAll1820(benchmark::State& state) {
  g::Solver solver;
  g::SolveOptions o;
  o.mode = g::SolveMode::Decide;
  for (auto _ : state) {
    int solvable = 0;
    for (const auto& h : hands_1_13()) solvable += solver.solve(h, o)->exact ? 1 : 0;
    if (solvable != 1362) state.SkipWithError("wrong solvable count");
    benchmark::DoNotOptimize(solvable);
  }
}
BENCHMARK(BM_SolvableAll1820)->Unit(benchmark::kMillisecond);

// Every distinct solution, printed (the text of each one is built).
void BM_DistinctAll1820(benchmark::State& state) {
  g::Solver solver;
  for (auto _ : state) {
    std::size_t total = 0;
    for (const auto& h : hands_1_13()) total += solver.solve(h, {})->solutions.size();
    benchmark::DoNotOptimize(total);
    state.counters["solutions"] = static_cast<double>(total);
  }
}
BENCHMARK(BM_DistinctAll1820)->Unit(benchmark::kMillisecond);

// Counting only (no text): the `puzzlelab bench` workload.
void BM_DistinctCountAll1820(benchmark::State& state) {
  g::Solver solver;
  for (auto _ : state) {
    std::uint64_t total = 0;
    for (const auto& h : hands_1_13()) total += *solver.count(h, {});
    benchmark::DoNotOptimize(total);
  }
}
BENCHMARK(BM_DistinctCountAll1820)->Unit(benchmark::kMillisecond);

void BM_Countdown952(benchmark::State& state) {
  const std::vector<Rational> hand = {25, 50, 75, 100, 3, 6};
  g::SolveOptions o;
  o.target = Rational(952);
  o.subset = true;
  o.rule = g::IntegerRule::PositiveIntegers;
  for (auto _ : state) {
    g::Solver solver;  // cold: nothing cached between runs
    auto r = solver.solve(hand, o);
    if (!r || r->solutions.size() != 2) state.SkipWithError("wrong Countdown result");
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_Countdown952)->Unit(benchmark::kMillisecond);

// The hand 5 6 7 8 (a Python brute force needs about 65 ms for it).
void BM_Solve5678(benchmark::State& state) {
  const std::vector<Rational> hand = {5, 6, 7, 8};
  for (auto _ : state) {
    g::Solver solver;
    benchmark::DoNotOptimize(solver.solve(hand, {}));
  }
}
BENCHMARK(BM_Solve5678)->Unit(benchmark::kMicrosecond);

void BM_SolvableFive6188(benchmark::State& state) {
  static const auto hands = g::all_hands(1, 13, 5);
  g::Solver solver;
  g::SolveOptions o;
  o.mode = g::SolveMode::Decide;
  for (auto _ : state) {
    int solvable = 0;
    for (const auto& h : hands) solvable += solver.solve(h, o)->exact ? 1 : 0;
    if (solvable != 6104) state.SkipWithError("wrong solvable count");
  }
}
BENCHMARK(BM_SolvableFive6188)->Unit(benchmark::kMillisecond);

// Six numbers, every distinct solution, rational steps.
void BM_AllSix(benchmark::State& state) {
  const std::vector<Rational> hand = {1, 2, 3, 4, 5, 6};
  for (auto _ : state) {
    g::Solver solver;
    benchmark::DoNotOptimize(solver.count(hand, {}));
  }
}
BENCHMARK(BM_AllSix)->Unit(benchmark::kMillisecond);

}  // namespace
