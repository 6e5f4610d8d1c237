// Micro-benchmarks of Handle (not pass/fail; figures go in the report).
#include <benchmark/benchmark.h>

#include <stdexcept>

#include "handle/compiled.h"
#include "handle/lexicon.h"

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
