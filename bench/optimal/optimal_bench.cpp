// Benchmarks of the exact solver (not pass/fail; figures in docs/optimal.md). They
// use the real Wordle lists with the plain test scorer of tests/optimal/word_games.h,
// so the table build here is slower than with the Wordle module's kernels.
#include <benchmark/benchmark.h>

#include "guess/optimal.h"
#include "word_games.h"

namespace {

using namespace puzzlelab::guess;
using testing::all_secrets;

const testing::WordListGame& wordle() {
  static const testing::WordListGame game(
      testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/answers.txt"),
      testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/guesses.txt"));
  return game;
}

// The solver's own table of codes for 12,972 guesses x 2,315 answers. Arg: threads.
void BM_SolverTable(benchmark::State& state) {
  const auto& game = wordle();
  const auto secrets = all_secrets(game);
  OptimalOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    auto solver = OptimalSolver::create(game, secrets, options);
    benchmark::DoNotOptimize(solver);
  }
}
BENCHMARK(BM_SolverTable)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// SALET proven optimal (7,920 normal; 8,122 hard within six guesses), table excluded,
// fresh memo each time. Args: threads, hard.
void BM_Salet(benchmark::State& state) {
  const auto& game = wordle();
  testing::WordHardRule rule(game);
  const auto secrets = all_secrets(game);
  OptimalOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  options.max_guesses = 6;
  if (state.range(1) != 0) options.hard_mode = &rule;
  std::uint64_t total = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto solver = OptimalSolver::create(game, secrets, options);
    state.ResumeTiming();
    total = *(*solver)->value_of_first(game.find_guess("salet"));
  }
  state.counters["total"] = static_cast<double>(total);
}
BENCHMARK(BM_Salet)->Args({1, 0})->Args({2, 0})->Args({2, 1})->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

// A quick one: 1,000 answers (fixed sample) with all 12,972 guesses, normal mode,
// TRACE first.
void BM_Sample1000(benchmark::State& state) {
  static const testing::WordListGame game(
      testing::sample(testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/answers.txt"), 1000, 7),
      testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/guesses.txt"));
  const auto secrets = all_secrets(game);
  OptimalOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  std::uint64_t total = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto solver = OptimalSolver::create(game, secrets, options);
    state.ResumeTiming();
    total = *(*solver)->value_of_first(game.find_guess("trace"));
  }
  state.counters["total"] = static_cast<double>(total);
}
BENCHMARK(BM_Sample1000)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
