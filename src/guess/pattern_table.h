#pragma once
// The guesses x secrets table of feedback codes, built once (in parallel) when it fits
// a memory budget, in the narrowest integer type that holds every code (Wordle: one
// byte, 12,972 x 2,315 = 30 MB). When it does not fit (Handle with 29,760 idioms as
// both guesses and secrets = 886 M pairs) the table stays empty and the Analyzer
// computes feedback on the fly; every caller works with either.
#include <cstdint>
#include <memory>

#include "guess/game.h"

namespace puzzlelab::guess {

struct TableOptions {
  std::uint64_t memory_budget = std::uint64_t{512} << 20;  // bytes; 0 = never build a table
  unsigned threads = 0;                                    // for the build; 0 = all cores
};

class PatternTable {
 public:
  PatternTable() = default;

  // The table for `game` when it fits options.memory_budget, else an empty table.
  static PatternTable build(const Game& game, const TableOptions& options);
  // Bytes per code for codes below `pattern_bound`: 1, 2 or 4.
  static unsigned width_for(std::uint64_t pattern_bound);
  // Bytes a table for `game` would take.
  static std::uint64_t bytes_for(const Game& game);

  [[nodiscard]] bool empty() const { return width_ == 0; }
  [[nodiscard]] unsigned width() const { return width_; }  // 0 when empty
  [[nodiscard]] std::uint64_t bytes() const { return std::uint64_t{width_} * guesses_ * secrets_; }

  // Rows, one per guess, indexed by secret. Only the row type of width() is valid.
  [[nodiscard]] const std::uint8_t* row8(GuessIndex g) const { return w8_.get() + std::size_t{g} * secrets_; }
  [[nodiscard]] const std::uint16_t* row16(GuessIndex g) const { return w16_.get() + std::size_t{g} * secrets_; }
  [[nodiscard]] const std::uint32_t* row32(GuessIndex g) const { return w32_.get() + std::size_t{g} * secrets_; }

  [[nodiscard]] Pattern at(GuessIndex g, SecretIndex s) const {
    switch (width_) {
      case 1:
        return row8(g)[s];
      case 2:
        return row16(g)[s];
      default:
        return row32(g)[s];
    }
  }

 private:
  unsigned width_ = 0;
  std::uint32_t guesses_ = 0;
  std::uint32_t secrets_ = 0;
  std::unique_ptr<std::uint8_t[]> w8_;
  std::unique_ptr<std::uint16_t[]> w16_;
  std::unique_ptr<std::uint32_t[]> w32_;
};

}  // namespace puzzlelab::guess
