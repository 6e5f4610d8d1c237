#include "guess/player.h"

#include <algorithm>

namespace puzzlelab::guess {

std::span<const GuessIndex> allowed_guesses(const Analyzer& analyzer, const GuessFilter* filter,
                                            std::span<const Observation> history, Workspace& ws) {
  if (filter == nullptr) return analyzer.all_guesses();
  filter->allowed(history, ws.allowed);
  return ws.allowed;
}

GuessIndex RandomPlayer::choose(const Position& position, Workspace&, core::Rng& rng) const {
  const auto& c = position.candidates;
  if (c.empty()) return kNoGuess;
  const std::size_t pick = rng.below(c.size());
  // A candidate that is not a guess cannot be played: take the next one that is.
  for (std::size_t k = 0; k < c.size(); ++k) {
    const GuessIndex g = analyzer_->game().guess_of_secret(c[(pick + k) % c.size()]);
    if (g != kNoGuess) return g;
  }
  return kNoGuess;
}

GuessIndex ScoringPlayer::choose(const Position& position, Workspace& ws, core::Rng&) const {
  const auto& c = position.candidates;
  if (c.empty()) return kNoGuess;
  if (c.size() <= 2) {
    // The candidate first in guess order: what the tie rule would pick anyway (either
    // candidate splits two into 1 + 1), without scoring every guess.
    GuessIndex first = kNoGuess;
    for (const SecretIndex s : c) first = std::min(first, analyzer_->game().guess_of_secret(s));
    if (first != kNoGuess) return first;
  }
  const auto allowed = allowed_guesses(*analyzer_, filter_, position.history, ws);
  return analyzer_->best_guess(scoring_, allowed, c, ws, threads_);
}

}  // namespace puzzlelab::guess
