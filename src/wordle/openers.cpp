#include "wordle/openers.h"

#include <algorithm>
#include <optional>

#include "guess/opener_cache.h"

namespace puzzlelab::wordle {

Openers best_openers(const Engine& engine, std::uint64_t checksum, guess::Scoring scoring, std::size_t top,
                     const core::StateStore* store, unsigned threads) {
  const WordleGame& game = engine.game();
  const char* kind = scoring == guess::Scoring::Entropy   ? "entropy"
                     : scoring == guess::Scoring::Classes ? "parts"
                                                          : "remaining";
  Openers out;
  std::optional<guess::OpenerCache> cache;
  if (store) cache.emplace(*store, "wordle-openers.json", checksum);
  if (cache) {
    guess::CachedOpeners cached = cache->load(kind);
    out.warnings = std::move(cached.warnings);
    // A cached list is used only when every word is still a guess of these lists.
    if (cached.words.size() >= top) {
      for (const auto& w : cached.words) {
        const auto g = game.find_guess(w);
        if (!g) break;
        out.guesses.push_back(*g);
        if (out.guesses.size() == top) return out;
      }
      out.guesses.clear();
    }
  }
  guess::Workspace ws(engine.analyzer());
  const std::size_t keep = std::max<std::size_t>(top, 10);
  const auto ranked = engine.analyzer().rank_guesses(scoring, engine.analyzer().all_guesses(),
                                                     engine.analyzer().all_secrets(), keep, ws, threads);
  std::vector<std::string> words;
  for (const auto& r : ranked) {
    words.push_back(game.guess_word(r.guess));
    if (out.guesses.size() < top) out.guesses.push_back(r.guess);
  }
  if (cache) {
    if (auto e = cache->save(kind, words))
      out.warnings.push_back("could not save the first-guess cache: " + e->message);
  }
  return out;
}

}  // namespace puzzlelab::wordle
