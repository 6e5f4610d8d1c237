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

core::GameResult tree_game(const Game& game, const DecisionTree& tree, SecretIndex secret, std::uint32_t max_guesses,
                           const std::function<std::string(GuessIndex)>& word) {
  const std::vector<GuessIndex> guesses = play_along(game, tree, secret);
  core::GameResult r;
  r.primary = static_cast<std::int64_t>(guesses.size());
  r.win = !guesses.empty() && (max_guesses == 0 || guesses.size() <= max_guesses);
  if (word) {
    nlohmann::json played = nlohmann::json::array();
    for (const GuessIndex g : guesses) played.push_back(word(g));
    r.detail = {{"secret", word(game.guess_of_secret(secret))}, {"guesses", played}, {"solved", !guesses.empty()}};
  }
  return r;
}

}  // namespace puzzlelab::guess
