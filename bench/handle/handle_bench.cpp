// Micro-benchmarks of Handle (not pass/fail; figures go in the report).
#include <benchmark/benchmark.h>

#include <stdexcept>

#include "core/utf8.h"
#include "guess/simulation.h"
#include "handle/compiled.h"
#include "handle/game.h"
#include "handle/lexicon.h"
#include "handle/weighted_player.h"

namespace puzzlelab::handle {
namespace {

const Lexicon& lexicon() {
  static const Lexicon lex = [] {
    auto l = Lexicon::load(core::DataSource{});
    if (!l) throw std::runtime_error(l.error().message);
    return std::move(*l);
  }();
  return lex;
}

struct Compiled {
  std::vector<CompiledWord> idioms;
  std::vector<CompiledWord> answers;
};

const Compiled& compiled() {
  static const Compiled c = [] {
    WordCompiler compiler(lexicon());
    Compiled out;
    for (const auto& i : lexicon().idioms()) out.idioms.push_back(compiler.compile(i.word));
    for (const auto& a : lexicon().answers()) out.answers.push_back(compiler.compile(a));
    return out;
  }();
  return c;
}

// Feedback of every idiom against every answer (the opener search's inner work).
void BM_FastScoreIdiomsByAnswers(benchmark::State& state) {
  const Compiled& c = compiled();
  std::uint64_t pairs = 0;
  for (auto _ : state) {
    Pattern acc = 0;
    for (const auto& g : c.idioms) {
      for (const auto& a : c.answers) acc ^= fast_score(g, a);
    }
    benchmark::DoNotOptimize(acc);
    pairs += c.idioms.size() * c.answers.size();
  }
  state.counters["pairs/s"] = benchmark::Counter(static_cast<double>(pairs), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FastScoreIdiomsByAnswers)->Unit(benchmark::kMillisecond);

void BM_FastScoreScalarIdiomsByAnswers(benchmark::State& state) {
  const Compiled& c = compiled();
  std::uint64_t pairs = 0;
  for (auto _ : state) {
    Pattern acc = 0;
    for (const auto& g : c.idioms) {
      for (const auto& a : c.answers) acc ^= fast_score_scalar(g, a);
    }
    benchmark::DoNotOptimize(acc);
    pairs += c.idioms.size() * c.answers.size();
  }
  state.counters["pairs/s"] = benchmark::Counter(static_cast<double>(pairs), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FastScoreScalarIdiomsByAnswers)->Unit(benchmark::kMillisecond);

IdiomTable& idiom_table() {
  static IdiomTable t(lexicon());
  return t;
}

// The entropy opener over all 29,760 idioms against the 424 answers (answers as
// candidates), with `threads` threads: the issue asks for at most 1 s on 2 cores.
void BM_OpenerSearchAnswers(benchmark::State& state) {
  HandleGame game(idiom_table(), WordSet::Answers);
  guess::Analyzer analyzer(game);
  guess::Workspace ws(analyzer);
  std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
  for (auto _ : state) {
    benchmark::DoNotOptimize(analyzer.best_guess(guess::Scoring::Entropy, analyzer.all_guesses(), start, ws,
                                                 static_cast<unsigned>(state.range(0))));
  }
}
BENCHMARK(BM_OpenerSearchAnswers)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// Every answer played by the entropy player after the opener (answers as candidates),
// one thread; the time per iteration divided by 424 is the time per game.
void BM_EntropyGamesAnswers(benchmark::State& state) {
  HandleGame game(idiom_table(), WordSet::Answers);
  guess::Analyzer analyzer(game);
  guess::Workspace ws(analyzer);
  std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
  const auto opener = analyzer.best_guess(guess::Scoring::Entropy, analyzer.all_guesses(), start, ws, 2);
  guess::ScoringPlayer player(analyzer, guess::Scoring::Entropy);
  const auto secrets = game.answer_secrets();
  for (auto _ : state) {
    guess::DecisionCache cache;  // fresh: every decision after the opener is made again
    cache.put({}, opener);
    guess::PlayOptions po;
    po.cache = &cache;
    core::Rng rng(0);
    std::uint32_t total = 0;
    for (const auto s : secrets) total += guess::play_game(analyzer, player, s, start, ws, rng, po).guesses();
    if (total != 865) state.SkipWithError("total is not 865");
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(secrets.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_EntropyGamesAnswers)->Unit(benchmark::kMillisecond);

// With all idioms as candidates (common prior): the sampled opener search, 2 threads.
void BM_OpenerSearchIdiomsSampled(benchmark::State& state) {
  HandleGame game(idiom_table(), WordSet::Idioms);
  guess::Analyzer analyzer(game);
  WeightedEntropyPlayer player(analyzer, common_prior(game));
  std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
  for (auto _ : state) benchmark::DoNotOptimize(player.rank(start, 1, 2));
}
BENCHMARK(BM_OpenerSearchIdiomsSampled)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// All idioms as candidates, the answers as secrets, after the opener 研经铸史: 106
// games (every 4th answer), one thread, no decision cache.
void BM_EntropyGamesIdioms(benchmark::State& state) {
  HandleGame game(idiom_table(), WordSet::Idioms);
  guess::Analyzer analyzer(game);
  guess::Workspace ws(analyzer);
  WeightedPlayerOptions wo;
  wo.endgame = 8;
  WeightedEntropyPlayer player(analyzer, common_prior(game), wo);
  std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
  const auto opener = *lexicon().find(*core::utf8_decode("研经铸史"));
  auto secrets = game.answer_secrets();
  std::vector<guess::SecretIndex> some;
  for (std::size_t i = 0; i < secrets.size(); i += 4) some.push_back(secrets[i]);
  for (auto _ : state) {
    guess::DecisionCache cache;
    cache.put({}, opener);
    guess::PlayOptions po;
    po.cache = &cache;
    core::Rng rng(0);
    for (const auto s : some) benchmark::DoNotOptimize(guess::play_game(analyzer, player, s, start, ws, rng, po));
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(some.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_EntropyGamesIdioms)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_CompileAllIdioms(benchmark::State& state) {
  for (auto _ : state) {
    WordCompiler compiler(lexicon());
    std::size_t n = 0;
    for (const auto& i : lexicon().idioms()) n += compiler.compile(i.word).raw[0];
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_CompileAllIdioms)->Unit(benchmark::kMillisecond);

void BM_LoadLexicon(benchmark::State& state) {
  for (auto _ : state) {
    auto l = Lexicon::load(core::DataSource{});
    benchmark::DoNotOptimize(l.ok());
  }
}
BENCHMARK(BM_LoadLexicon)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace puzzlelab::handle
