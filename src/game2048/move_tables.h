#pragma once
// The 65,536-entry row tables of the bitboard moves: for every possible row, the row
// after a move left and after a move right, and what the move scored. Built once in
// the constructor and read-only afterwards, so one object is shared by every thread
// (no mutable globals). Up and down reuse the left/right tables on the transposed
// board.
//
// The tables are exact for every row whose move does not merge two 32768 tiles: such
// a merge creates 65536, which does not fit a nibble. Those rows carry kOverflow in
// their info, and the rules layer (game2048/game.h) then replays the move on the exact
// grid. In the tables a 32768 pair simply does not merge, so the AI, which searches on
// bitboards only, sees 32768 as the largest tile.
#include <cstdint>
#include <vector>

#include "game2048/board.h"

namespace puzzlelab::game2048 {

class MoveTables {
 public:
  // Row info layout: the score the move gains (sum of the merged tiles' values, at
  // most 65536 for an exact row) in the low 24 bits, then flags. Both are the same for
  // a move left and right: every run of k equal tiles yields floor(k/2) merges of the
  // same value whichever side it starts from.
  static constexpr std::uint32_t kScoreMask = 0x00FFFFFF;
  static constexpr std::uint32_t kWins = 1u << 30;      // a merge creates exactly 2048
  static constexpr std::uint32_t kOverflow = 1u << 31;  // a 32768 pair would merge

  MoveTables();

  [[nodiscard]] Row left(Row r) const { return left_[r]; }
  [[nodiscard]] Row right(Row r) const { return right_[r]; }
  [[nodiscard]] std::uint32_t info(Row r) const { return info_[r]; }

  // The board after a move (no spawn). Exact unless move_info() reports kOverflow.
  [[nodiscard]] Board move(Board b, Move m) const {
    switch (m) {
      case Move::Left:
        return apply(left_.data(), b);
      case Move::Right:
        return apply(right_.data(), b);
      case Move::Up:
        return transpose(apply(left_.data(), transpose(b)));
      case Move::Down:
        return transpose(apply(right_.data(), transpose(b)));
    }
    return b;
  }

  // The OR of the flags and the sum of the scores of the four lines a move acts on.
  struct MoveInfo {
    std::uint32_t score = 0;
    bool wins = false;
    bool overflow = false;
  };
  [[nodiscard]] MoveInfo move_info(Board b, Move m) const {
    Board after = 0;
    return move_with_info(b, m, after);
  }
  // Both at once, transposing only once each way.
  MoveInfo move_with_info(Board b, Move m, Board& after) const {
    const bool vertical = m == Move::Up || m == Move::Down;
    const Row* table = (m == Move::Left || m == Move::Up) ? left_.data() : right_.data();
    const Board lines = vertical ? transpose(b) : b;
    std::uint32_t flags = 0;
    std::uint32_t score = 0;
    Board moved = 0;
    for (int r = 0; r < 4; ++r) {
      const Row row = row_of(lines, r);
      const std::uint32_t i = info_[row];
      flags |= i;
      score += i & kScoreMask;
      moved |= static_cast<Board>(table[row]) << (16 * r);
    }
    after = vertical ? transpose(moved) : moved;
    return {score, (flags & kWins) != 0, (flags & kOverflow) != 0};
  }

 private:
  static Board apply(const Row* table, Board b) {
    return static_cast<Board>(table[b & 0xFFFF]) | static_cast<Board>(table[(b >> 16) & 0xFFFF]) << 16 |
           static_cast<Board>(table[(b >> 32) & 0xFFFF]) << 32 | static_cast<Board>(table[b >> 48]) << 48;
  }

  std::vector<Row> left_;
  std::vector<Row> right_;
  std::vector<std::uint32_t> info_;
};

}  // namespace puzzlelab::game2048
