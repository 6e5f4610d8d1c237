#pragma once
// The letter-frequency player (Wordle's own, plugged into the generic players):
// among the candidates C, pos[i][x] = words of C with letter x at position i and
// let[x] = words of C containing x; a candidate w scores
//   sum_i pos[i][w[i]] + sum over the distinct letters x of w of let[x],
// the highest score is guessed, ties go to the alphabetically first, and with one or
// two candidates left the first is guessed. Only candidates are ever guessed, so the
// player is the same in hard mode.
#include "guess/player.h"
#include "wordle/game.h"

namespace puzzlelab::wordle {

class FrequencyPlayer final : public guess::Player {
 public:
  explicit FrequencyPlayer(const WordleGame& game) : game_(&game) {}
  [[nodiscard]] GuessIndex choose(const guess::Position& position, guess::Workspace& ws, core::Rng& rng) const override;

 private:
  const WordleGame* game_;
};

}  // namespace puzzlelab::wordle
