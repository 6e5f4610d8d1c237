#pragma once
// The guesses x secrets table of feedback codes, built once (in parallel) when it fits
// a memory budget, in the narrowest integer type that holds every code (Wordle: one
// byte, 12,972 x 2,315 = 30 MB). When it does not fit (Handle with 29,760 idioms as
// both guesses and secrets = 886 M pairs) the table stays empty and the Analyzer
// computes feedback on the fly; every caller works with either.
//
// Layout: secret-major (all guesses' codes against one secret are contiguous). A
// scoring pass walks the guesses in order for a fixed candidate set, so it reads each
// candidate's row sequentially; guess-major rows would be read at scattered positions
// (one cache miss per candidate per guess once few candidates remain).
//
// Layout: secret-major (all guesses' codes against one secret are contiguous). A
// scoring pass walks the guesses in order for a fixed candidate set, so it reads each
// candidate's row sequentially; guess-major rows would be read at scattered positions
// (one cache miss per candidate per guess once few candidates remain).
#include <cstdint>
#include <memory>

#include "guess/game.h"

namespace puzzlelab::guess {

struct TableOptions {
  std::uint64_t memory_budget = std::uint64_t{512} << 20;  // bytes; 0 = never build a table
  unsigned threads = 1;                                    // for the build (the front-end resolves "all cores")
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

  // Rows, one per secret, indexed by guess. Only the row type of width() is valid.
  [[nodiscard]] const std::uint8_t* secret_row8(SecretIndex s) const { return w8_.get() + std::size_t{s} * guesses_; }
  [[nodiscard]] const std::uint16_t* secret_row16(SecretIndex s) const {
    return w16_.get() + std::size_t{s} * guesses_;
  }
  [[nodiscard]] const std::uint32_t* secret_row32(SecretIndex s) const {
    return w32_.get() + std::size_t{s} * guesses_;
  }

  [[nodiscard]] Pattern at(GuessIndex g, SecretIndex s) const {
    switch (width_) {
      case 1:
        return secret_row8(s)[g];
      case 2:
        return secret_row16(s)[g];
      default:
        return secret_row32(s)[g];
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
