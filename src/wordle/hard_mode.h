#pragma once
// Hard mode, the NYT rule: every guess keeps each earlier green in place,
// and contains each letter at least as many times as it was shown green or yellow in
// any one earlier guess. (Yellow letters may move anywhere, even back to where they
// were yellow; gray letters may be reused — the real game allows both.)
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "guess/player.h"
#include "wordle/feedback.h"
#include "wordle/game.h"

namespace puzzlelab::wordle {

class HardModeRule {
 public:
  explicit HardModeRule(int length) : length_(length) { green_.fill(-1); }

  // Adds what a played guess and its feedback require of later guesses.
  void add(std::string_view guess, Pattern pattern);

  // Why `guess` may not be played, in the real game's words ("4th letter must be E",
  // "guess must contain two R"): the first unkept green by position, then the first
  // missing letter in the order letters were first revealed. nullopt when allowed.
  [[nodiscard]] std::optional<std::string> violation(std::string_view guess) const;
  [[nodiscard]] bool allows(std::string_view guess) const { return !violation(guess); }

  [[nodiscard]] int green_at(int position) const { return green_[static_cast<std::size_t>(position)]; }
  [[nodiscard]] int min_count(int letter) const { return min_count_[static_cast<std::size_t>(letter)]; }

 private:
  int length_;
  std::array<int, kMaxLength> green_{};  // letter 0..25, or -1
  std::array<int, 26> min_count_{};
  std::vector<int> reveal_order_;  // letters with min_count > 0, first revealed first
};

// The rule as a guess::GuessFilter for the AI players: the guesses a hard-mode
// player may score after a history. Each guess's letter set and counts are
// precomputed, so a check is a few mask operations.
class HardModeFilter final : public guess::GuessFilter {
 public:
  explicit HardModeFilter(const WordleGame& game);
  void allowed(std::span<const guess::Observation> history, std::vector<GuessIndex>& out) const override;
  // The rule after a history of guess indices and patterns.
  [[nodiscard]] HardModeRule rule_after(std::span<const guess::Observation> history) const;

 private:
  const WordleGame* game_;
  std::vector<std::uint32_t> letter_mask_;  // per guess: bit x set when letter x occurs
  std::vector<std::uint32_t> repeat_mask_;  // per guess: bit x set when letter x occurs 2+ times
};

}  // namespace puzzlelab::wordle
