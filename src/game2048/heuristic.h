#pragma once
// The AI's static evaluation: a 65,536-entry table of row scores, summed over the four
// rows and the four columns of a board (the row/column decomposition of nneonneo's
// 2048-ai; our own code and shift; the levels use that program's published constants,
// the shallow searches our own tuned weights: docs/game2048.md says why).
//
// A row scores (plus `base`, or shifted so that the worst row is worth `base`: BaseRule)
//   empty·(#empty) + merges·(#equal neighbours, empties skipped)
//   + corner·(rank of the row's larger end when it is the row's largest tile)
//   - monotonicity·min(sum of rises, sum of falls of rank^mono_power along the row)
//   - sum·(sum of rank^sum_power)
// where rank is the tile's exponent. The monotonicity term prefers rows that only go
// one way; the sum term is a mild pressure to merge big tiles early. A lost position
// is worth 0 in the search, and no max node is worth less.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game2048/board.h"

namespace puzzlelab::game2048 {

// Where `base` puts the table, which sets how much worse a lost game (0) is than a
// living board:
enum class BaseRule {
  // every row is shifted so that the worst row is worth `base`: every board is worth
  // at least 8·base, far more than a lost game, whatever the penalties add up to;
  WorstRow,
  // `base` is added to every row (the public program's rule): a crowded late board is
  // then worth little more than a lost game, and a very bad one no more (the search
  // takes 0 for it), so a risky line that keeps the big tiles in order can be preferred.
  Added,
};

struct HeuristicWeights {
  BaseRule base_rule = BaseRule::WorstRow;
  float base = 0;
  float empty = 0;
  float merges = 0;
  float corner = 0;
  float monotonicity = 0;
  float mono_power = 0;
  float sum = 0;
  float sum_power = 0;

  // The weights of the levels, for searches of depth 3 and more, and those tuned for
  // shallow searches (depth 2 or less); docs/game2048.md says how each was found.
  static HeuristicWeights tuned();
  static HeuristicWeights shallow();
  // shallow() for a fixed depth of 2 or less, tuned() otherwise (the levels' rule).
  static HeuristicWeights for_depth(std::optional<int> fixed_depth);
  [[nodiscard]] std::string describe() const;
  bool operator==(const HeuristicWeights&) const = default;
};

class Heuristic {
 public:
  explicit Heuristic(const HeuristicWeights& w = HeuristicWeights::tuned());

  [[nodiscard]] float row(Row r) const { return table_[r]; }
  // The value of a board given the board and its transpose (the search keeps both,
  // so evaluating needs no transpose: eight table reads).
  [[nodiscard]] float evaluate(Board b, Board t) const {
    return table_[b & 0xFFFF] + table_[(b >> 16) & 0xFFFF] + table_[(b >> 32) & 0xFFFF] + table_[b >> 48] +
           table_[t & 0xFFFF] + table_[(t >> 16) & 0xFFFF] + table_[(t >> 32) & 0xFFFF] + table_[t >> 48];
  }
  [[nodiscard]] float evaluate(Board b) const { return evaluate(b, transpose(b)); }
  [[nodiscard]] const HeuristicWeights& weights() const { return weights_; }

  // The row score from the weights before the shift (the table holds it + shift();
  // the shift is `base` itself under BaseRule::Added).
  static float score_row(const HeuristicWeights& w, Row r);
  [[nodiscard]] float shift() const { return shift_; }

 private:
  HeuristicWeights weights_;
  std::vector<float> table_;
  float shift_ = 0;
};

// A one-corner evaluation for the late game (the idea of macroxue/2048-ai's board
// score; our own code): every row is read from one side and every column from one end,
// the same corner for all, and a line (ranks l0 … l3 from that corner outward) scores
//   ts(l0) + Σ over neighbours a = ts(l_i), b = ts(l_i+1):
//            (a >= b ? a + b : 12·(a − b)) + (a == b ? a : 0),   ts(r) = r·2^r,
// so only boards whose big tiles fall away from the corner along every row and column
// (the perimeter-defence block, a snake's head) score well. Each line is shifted by
// `shift`: a lost game (0) is then worth 8·shift less than a board scored 0.
class CornerHeuristic {
 public:
  // rows_from_high: rows are read from their last cell (nibble 3) to their first;
  // columns_from_high: columns the same way. The four choices are the four corners.
  CornerHeuristic(bool rows_from_high, bool columns_from_high, float shift);

  [[nodiscard]] float evaluate(Board b, Board t) const {
    return rows_[b & 0xFFFF] + rows_[(b >> 16) & 0xFFFF] + rows_[(b >> 32) & 0xFFFF] + rows_[b >> 48] +
           columns_[t & 0xFFFF] + columns_[(t >> 16) & 0xFFFF] + columns_[(t >> 32) & 0xFFFF] + columns_[t >> 48];
  }
  [[nodiscard]] float evaluate(Board b) const { return evaluate(b, transpose(b)); }
  // The unshifted score of a line of ranks read from its first cell (nibble 0).
  static float score_line(Row r);

 private:
  std::vector<float> rows_;
  std::vector<float> columns_;
};

}  // namespace puzzlelab::game2048
