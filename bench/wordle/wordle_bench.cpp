// Wordle speed: feedback kernels, the pattern table, the entropy opener,
// a whole entropy simulation over every answer, and one assistant answer.
// Not pass/fail; figures go in the report with the machine load.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "core/rng.h"
#include "wordle/assistant.h"
#include "wordle/engine.h"
#include "wordle/word_list.h"

namespace {

using namespace puzzlelab;

std::string read_data(const char* name) {
  std::ifstream in(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/" + name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::vector<std::string>& answers() {
  static const auto words = wordle::parse_word_list(read_data("answers.txt")).value();
  return words;
}
const std::vector<std::string>& guesses() {
  static const auto words = wordle::parse_word_list(read_data("guesses.txt")).value();
  return words;
}

// The engine without a table (feedback on the fly) and with one.
const wordle::Engine& engine(bool table) {
  static const auto without = wordle::Engine::create(answers(), guesses(), guess::TableOptions{0, 1}).value();
  static const auto with = wordle::Engine::create(answers(), guesses(), guess::TableOptions{}).value();
  return table ? *with : *without;
}

void BM_ScoreReference(benchmark::State& state) {
  const auto& a = answers();
  const auto& g = guesses();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(wordle::score(a[i % a.size()], g[(i * 7) % g.size()]));
    ++i;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_ScoreReference);

// One guess against every answer (the on-the-fly path).
void BM_FeedbackGuessRow(benchmark::State& state) {
  const auto& game = engine(false).game();
  std::vector<guess::SecretIndex> all(game.secret_count());
  for (guess::SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  std::vector<guess::Pattern> out(all.size());
  guess::GuessIndex g = 0;
  for (auto _ : state) {
    game.feedback_row(g, all, out);
    benchmark::DoNotOptimize(out.data());
    g = (g + 101) % game.guess_count();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * all.size()));
}
BENCHMARK(BM_FeedbackGuessRow);

// One answer against every guess (the vector kernel the table is built from).
void BM_FeedbackSecretRow(benchmark::State& state) {
  const auto& game = engine(false).game();
  std::vector<guess::Pattern> out(game.guess_count());
  guess::SecretIndex s = 0;
  for (auto _ : state) {
    game.feedback_secret_row(s, out);
    benchmark::DoNotOptimize(out.data());
    s = (s + 37) % game.secret_count();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * out.size()));
}
BENCHMARK(BM_FeedbackSecretRow);

// Target: the pattern table (12,972 x 2,315) in at most 0.3 s.
void BM_PatternTable(benchmark::State& state) {
  const auto& game = engine(false).game();
  for (auto _ : state) {
    const auto table = guess::PatternTable::build(
        game, guess::TableOptions{std::uint64_t{1} << 30, static_cast<unsigned>(state.range(0))});
    benchmark::DoNotOptimize(table.bytes());
  }
}
BENCHMARK(BM_PatternTable)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The best first guess by entropy: every guess scored over all 2,315 answers.
void BM_EntropyOpener(benchmark::State& state) {
  const bool table = state.range(1) != 0;
  const auto& e = engine(table);
  guess::Workspace ws(e.analyzer());
  for (auto _ : state) {
    benchmark::DoNotOptimize(e.analyzer().best_guess(guess::Scoring::Entropy, e.analyzer().all_guesses(),
                                                     e.analyzer().all_secrets(), ws,
                                                     static_cast<unsigned>(state.range(0))));
  }
}
BENCHMARK(BM_EntropyOpener)
    ->Args({1, 1})
    ->Args({2, 1})
    ->Args({2, 0})
    ->ArgNames({"threads", "table"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A whole simulation: the entropy player over every answer (opener included), one
// thread, table prebuilt (target: the CLI run must take at most 2 s on 2 cores).
void BM_EntropySimulationAllAnswers(benchmark::State& state) {
  const auto& e = engine(true);
  std::uint64_t total = 0;
  for (auto _ : state) {
    wordle::Simulator sim(e, wordle::PlayerKind::Entropy, state.range(0) != 0);
    sim.opener(1);
    total = 0;
    for (guess::SecretIndex s = 0; s < e.game().secret_count(); ++s) {
      core::Rng rng(s);
      total += sim.play(s, rng).guesses();
    }
  }
  state.counters["total_guesses"] = static_cast<double>(total);
}
BENCHMARK(BM_EntropySimulationAllAnswers)->Arg(0)->Arg(1)->ArgName("hard")->Unit(benchmark::kMillisecond);

// One assistant answer (target: at most 0.2 s): an entry, then the best next
// guesses on the fly (no table), as `wordle assist` does.
void BM_AssistAnswer(benchmark::State& state) {
  const auto& e = engine(false);
  const char* entries[] = {"soare ..Y..", "raise .....", "crane Y....", "slate .G..."};
  std::size_t k = 0;
  for (auto _ : state) {
    wordle::Assistant assistant(e, state.range(0) != 0);
    const auto entry = wordle::parse_assist_entry(e.game(), entries[k++ % 4]).value();
    if (assistant.add(entry)) state.SkipWithError("entry refused");
    benchmark::DoNotOptimize(assistant.suggestions(guess::Scoring::Entropy, 5, 2));
  }
}
BENCHMARK(BM_AssistAnswer)->Arg(0)->Arg(1)->ArgName("hard")->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_HardModeFilter(benchmark::State& state) {
  const auto& e = engine(false);
  const auto& game = e.game();
  const std::vector<guess::Observation> history = {{*game.find_guess("soare"), wordle::score("those", "soare")}};
  std::vector<guess::GuessIndex> out;
  for (auto _ : state) {
    e.hard_filter().allowed(history, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["allowed"] = static_cast<double>(out.size());
}
BENCHMARK(BM_HardModeFilter);

}  // namespace
