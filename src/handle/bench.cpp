#include "handle/bench.h"

#include "core/rng.h"
#include "guess/analyzer.h"
#include "guess/simulation.h"
#include "handle/compiled.h"
#include "handle/feedback.h"
#include "handle/game.h"
#include "handle/lexicon.h"

namespace puzzlelab::handle {

std::vector<core::BenchWorkload> bench_workloads() {
  return {
      {"handle: feedback",
       [](const core::DataSource& data, unsigned) -> std::uint64_t {
         // Every idiom against every answer through the fast path, hashed in order.
         auto lex = Lexicon::load(data);
         if (!lex) return 0;
         IdiomTable table(*lex);
         std::uint64_t h = 0xcbf29ce484222325ULL;
         for (const auto& g : table.idioms()) {
           for (const std::uint32_t a : table.answer_idioms()) {
             h = (h ^ fast_score(g, table.idioms()[a])) * 0x100000001b3ULL;
           }
         }
         return h % 1000000007ULL;
       }},
      {"handle: entropy answers",
       [](const core::DataSource& data, unsigned threads) -> std::uint64_t {
         // The entropy player over all 424 answers (guesses: all idioms): total guesses
         // (865) mixed with every guess it made.
         auto lex = Lexicon::load(data);
         if (!lex) return 0;
         IdiomTable table(*lex);
         HandleGame game(table, WordSet::Answers);
         guess::TableOptions topt;
         topt.memory_budget = 0;
         topt.threads = threads;
         guess::Analyzer analyzer(game, topt);
         guess::Workspace ws(analyzer);
         std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
         guess::ScoringPlayer player(analyzer, guess::Scoring::Entropy);
         guess::DecisionCache cache;
         cache.put({}, analyzer.best_guess(guess::Scoring::Entropy, analyzer.all_guesses(), start, ws, threads));
         guess::PlayOptions po;
         po.cache = &cache;
         core::Rng rng(0);
         std::uint64_t total = 0, h = 0;
         for (const auto s : game.answer_secrets()) {
           const auto rec = guess::play_game(analyzer, player, s, start, ws, rng, po);
           total += rec.guesses();
           for (const auto& t : rec.turns) h = core::mix(h, t.guess);
         }
         return total * 1000000 + h % 1000000;
       }},
  };
}

}  // namespace puzzlelab::handle
