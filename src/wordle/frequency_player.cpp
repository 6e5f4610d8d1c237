#include "wordle/frequency_player.h"

#include <array>

namespace puzzlelab::wordle {

GuessIndex FrequencyPlayer::choose(const guess::Position& position, guess::Workspace&, core::Rng&) const {
  const auto& c = position.candidates;
  if (c.empty()) return guess::kNoGuess;
  if (c.size() <= 2) return game_->guess_of_secret(c.front());
  const int length = game_->length();
  std::array<std::array<std::uint32_t, 26>, kMaxLength> pos{};
  std::array<std::uint32_t, 26> let{};
  for (const SecretIndex s : c) {
    const std::string& w = game_->secret_word(s);
    std::uint32_t seen = 0;
    for (int i = 0; i < length; ++i) {
      const int x = w[static_cast<std::size_t>(i)] - 'a';
      ++pos[static_cast<std::size_t>(i)][static_cast<std::size_t>(x)];
      seen |= 1u << x;
    }
    for (int x = 0; x < 26; ++x) let[static_cast<std::size_t>(x)] += (seen >> x) & 1u;
  }
  // Candidates are in alphabetical order, so a strict > keeps the first of equals.
  std::uint64_t best_score = 0;
  SecretIndex best = c.front();
  bool first = true;
  for (const SecretIndex s : c) {
    const std::string& w = game_->secret_word(s);
    std::uint64_t score = 0;
    std::uint32_t seen = 0;
    for (int i = 0; i < length; ++i) {
      const int x = w[static_cast<std::size_t>(i)] - 'a';
      score += pos[static_cast<std::size_t>(i)][static_cast<std::size_t>(x)];
      if (!((seen >> x) & 1u)) score += let[static_cast<std::size_t>(x)];
      seen |= 1u << x;
    }
    if (first || score > best_score) {
      best_score = score;
      best = s;
      first = false;
    }
  }
  return game_->guess_of_secret(best);
}

}  // namespace puzzlelab::wordle
