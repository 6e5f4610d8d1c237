// The guess core on a synthetic game of Wordle's size (12,972 guesses x 2,315
// secrets, codes uniform below a bound): class statistics with the counting array
// (bound 243) and with the hash (bound 3^16, Handle's), with and without a table.
#include <benchmark/benchmark.h>

#include <numeric>

#include "core/rng.h"
#include "guess/analyzer.h"

namespace {

using namespace puzzlelab::guess;

class RandomGame : public Game {
 public:
  RandomGame(std::uint32_t guesses, std::uint32_t secrets, std::uint64_t bound)
      : guesses_(guesses), secrets_(secrets), bound_(bound) {}
  std::uint32_t guess_count() const override { return guesses_; }
  std::uint32_t secret_count() const override { return secrets_; }
  std::uint64_t pattern_bound() const override { return bound_; }
  bool is_solved(Pattern p) const override { return p == bound_ - 1; }
  GuessIndex guess_of_secret(SecretIndex s) const override { return s; }
  Pattern feedback(GuessIndex g, SecretIndex s) const override {
    if (g == s) return static_cast<Pattern>(bound_ - 1);
    std::uint64_t x = (std::uint64_t{g} << 32) ^ s;
    return static_cast<Pattern>(puzzlelab::core::splitmix64(x) % (bound_ - 1));
  }

 private:
  std::uint32_t guesses_, secrets_;
  std::uint64_t bound_;
};

void BM_ScoreAllGuesses(benchmark::State& state) {
  const std::uint64_t bound = static_cast<std::uint64_t>(state.range(0));
  const bool table = state.range(1) != 0;
  const auto candidates = static_cast<std::uint32_t>(state.range(2));
  const RandomGame game(12972, 2315, bound);
  const Analyzer analyzer = table ? Analyzer(game, TableOptions{std::uint64_t{1} << 30, 2}) : Analyzer(game);
  Workspace ws(analyzer);
  std::vector<SecretIndex> c(candidates);
  for (std::uint32_t i = 0; i < candidates; ++i) c[i] = i * (2315 / candidates);
  std::vector<ClassStats> out;
  for (auto _ : state) {
    analyzer.score_guesses(analyzer.all_guesses(), c, ws, 1, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 12972 * candidates);
}
BENCHMARK(BM_ScoreAllGuesses)
    ->ArgNames({"bound", "table", "candidates"})
    ->Args({243, 1, 2315})
    ->Args({243, 1, 20})
    ->Args({43046721, 1, 2315})
    ->Args({43046721, 1, 20})
    ->Args({243, 0, 200})
    ->Unit(benchmark::kMillisecond);

void BM_Partition(benchmark::State& state) {
  const RandomGame game(12972, 2315, static_cast<std::uint64_t>(state.range(0)));
  const Analyzer analyzer(game, TableOptions{std::uint64_t{1} << 30, 2});
  Workspace ws(analyzer);
  Partition p;
  GuessIndex g = 0;
  for (auto _ : state) {
    analyzer.partition(g, analyzer.all_secrets(), ws, p);
    benchmark::DoNotOptimize(p.members.data());
    g = (g + 1) % 12972;
  }
}
BENCHMARK(BM_Partition)->Arg(243)->Arg(43046721)->ArgName("bound");

}  // namespace
