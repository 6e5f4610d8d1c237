#include "guess/optimal_player.h"

namespace puzzlelab::guess {

std::optional<GuessIndex> TreePlayer::tree_guess(std::span<const Observation> history) const {
  const auto at = tree_->node_after(history);
  if (!at) return std::nullopt;
  return tree_->node(*at).guess;
}

GuessIndex TreePlayer::choose(const Position& position, Workspace& ws, core::Rng& rng) const {
  if (position.candidates.empty()) return kNoGuess;
  if (const auto g = tree_guess(position.history)) return *g;
  return fallback_ != nullptr ? fallback_->choose(position, ws, rng) : kNoGuess;
}

}  // namespace puzzlelab::guess
