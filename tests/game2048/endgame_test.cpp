// The endgame lookup (game2048/endgame.h): which formations are recognised, the
// solver's values against hand-worked positions and against a plain memoised
// reference, its size limit, and the player's use of it.
#include <gtest/gtest.h>

#include <cmath>
#include <unordered_map>

#include "core/rng.h"
#include "game2048/board_text.h"
#include "game2048/endgame.h"
#include "game2048/grid.h"
#include "game2048/search.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::board;
using fixtures::tables;

Board mask_of(std::initializer_list<int> cells) {
  return board_bits::nibbles(cells);
}

TEST(EndgameFormation, FindsTheCornerBlockOfTheBiggestTiles) {
  // Endgame position 0 (docs/results/2048-experiments.md): the 3x3 block in the
  // top right corner less its far corner (row 2 column 1, a 32): the eight biggest
  // tiles; their smallest, 64, is at row 1 column 1, next to the free cells left of it
  // and below it.
  const Board b = board("8 128 8192 16384 / 8 64 1024 2048 / 8 32 256 512 / 0 4 2 2");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->fixed_mask, mask_of({1, 2, 3, 5, 6, 7, 10, 11}));
  EXPECT_EQ(f->fixed, b & f->fixed_mask);
  EXPECT_EQ(f->free_mask, ~f->fixed_mask);
  EXPECT_EQ(f->anchor, 5);
  EXPECT_EQ(f->goal, 6);
  EXPECT_EQ(f->goal_mask, mask_of({4, 9}));
  EXPECT_FALSE(f->chain);
}

TEST(EndgameFormation, TakesTheFull3x3WhenItsFarCornerIsNotItsSmallest) {
  // The far corner's 256 is bigger than the 32 at row 2 column 0, so the block of
  // eight (which would leave a free tile bigger than its smallest) does not fit, and
  // the whole 3x3 is taken, the 32's twin to build below it.
  const Board b = board("16384 8192 4096 2 / 512 1024 2048 4 / 32 128 256 16 / 16 16 0 0");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->fixed_mask, mask_of({0, 1, 2, 4, 5, 6, 8, 9, 10}));
  EXPECT_EQ(f->anchor, 8);
  EXPECT_EQ(f->goal, 5);
  EXPECT_EQ(f->goal_mask, mask_of({12}));
}

TEST(EndgameFormation, TakesASideBlockWhenNoCornerBlockFits) {
  // Endgame position 10: the bottom two rows (the 3x3 corner blocks hold small tiles).
  // Its seven biggest tiles are not a chain (no 4096), so the 2x4 block is taken.
  const Board b = board("8 0 0 2 / 32 16 4 2 / 8192 512 256 64 / 16384 2048 1024 128");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->fixed_mask, mask_of({8, 9, 10, 11, 12, 13, 14, 15}));
  EXPECT_EQ(f->anchor, 11);
  EXPECT_EQ(f->goal, 6);
  EXPECT_EQ(f->goal_mask, mask_of({7}));
  EXPECT_FALSE(f->chain);
}

TEST(EndgameFormation, TakesAChainBeforeTheFullSideBlock) {
  // A snake's seven biggest tiles, 16384 down to 256, with its eighth cell empty: the
  // goal is the 256's twin, the last two steps to 32768 at once.
  const Board snake = board("16384 8192 4096 2048 / 0 256 512 1024 / 2 0 0 0 / 0 0 0 0");
  const auto f = find_formation(snake, 13);
  ASSERT_TRUE(f);
  EXPECT_TRUE(f->chain);
  EXPECT_EQ(f->fixed_mask, mask_of({0, 1, 2, 3, 5, 6, 7}));
  EXPECT_EQ(f->anchor, 5);
  EXPECT_EQ(f->goal, 8);
  EXPECT_EQ(f->goal_mask, mask_of({4, 9}));
  EXPECT_TRUE(f->small_enough());
  // With the 128 in that cell the full 2x4 block fits too; the chain comes first.
  const Board last = board("16384 8192 4096 2048 / 128 256 512 1024 / 2 0 0 0 / 0 0 0 0");
  const auto g = find_formation(last, 13);
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->chain);
  EXPECT_EQ(g->goal, 8);
  // Not a chain (2048 where the 1024 belongs): the open block is not taken.
  const Board broken = board("16384 8192 4096 1024 / 0 256 512 2048 / 2 0 0 0 / 0 0 0 0");
  const auto h = find_formation(broken, 13);
  EXPECT_FALSE(h && h->chain);
}

TEST(EndgameFormation, TakesAChainFromItsOwnTopTileWhenGiven) {
  // One level lower: 8192 down to 128, the last two steps to 16384.
  const Board snake = board("8192 4096 2048 1024 / 0 128 256 512 / 2 0 0 0 / 0 0 0 0");
  EXPECT_FALSE(find_formation(snake, 14));
  const auto f = find_formation(snake, 14, 13);
  ASSERT_TRUE(f);
  EXPECT_TRUE(f->chain);
  EXPECT_EQ(f->goal, 7);
  // The other blocks keep the first threshold: a 2x4 that is not a chain is not taken.
  const Board side = board("8192 4096 2048 1024 / 32 128 512 256 / 2 0 0 0 / 0 0 0 0");
  EXPECT_FALSE(find_formation(side, 14, 13));
  EXPECT_TRUE(find_formation(side, 13));
  // And a chain below its own threshold is not taken either.
  EXPECT_FALSE(find_formation(snake, 13, 14));
}

TEST(EndgameFormation, RefusesBoardsThatAreNotOne) {
  // Top tile below the threshold.
  EXPECT_FALSE(find_formation(board("8 128 8192 16384 / 8 64 1024 2048 / 8 32 256 512 / 0 4 2 2"), 15));
  // Every candidate block has a free tile bigger than its smallest (endgame position 9
  // with a 128 for its 32; as it is, the 3x3 less its far corner fits).
  EXPECT_FALSE(find_formation(board("16384 8192 2048 4 / 1024 512 128 4 / 256 64 8 4 / 128 8 4 0"), 13));
  EXPECT_TRUE(find_formation(board("16384 8192 2048 4 / 1024 512 128 4 / 256 64 8 4 / 32 8 4 0"), 13));
  // An empty cell in every block.
  EXPECT_FALSE(find_formation(board("16384 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2"), 13));
  // Two equal neighbours in the block (they would merge) and no other block fits.
  EXPECT_FALSE(find_formation(board("16384 8192 4096 2 / 512 1024 1024 4 / 256 128 32 16 / 2 4 8 16"), 13));
}

TEST(EndgameSolver, AMoveThatMakesTheGoalIsCertainAndFixedTilesMayNotMove) {
  // Block: the top-left 3x3, smallest tile 32 at row 2 column 0. Left merges the two
  // 16s into a 32 below it (certain); up changes nothing; down would move the block;
  // right keeps the block but takes the new 32 away from it (less than certain).
  const Board b = board("16384 8192 4096 2 / 512 1024 2048 4 / 32 128 256 16 / 16 16 0 0");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->anchor, 8);
  EndgameSolver solver(tables());
  const auto a = solver.solve(b, *f);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->values[static_cast<std::size_t>(Move::Left)], 1.0f);
  EXPECT_FALSE(a->values[static_cast<std::size_t>(Move::Up)]);
  EXPECT_FALSE(a->values[static_cast<std::size_t>(Move::Down)]);
  ASSERT_TRUE(a->values[static_cast<std::size_t>(Move::Right)]);
  EXPECT_LT(*a->values[static_cast<std::size_t>(Move::Right)], 1.0f);
  EXPECT_EQ(a->best, Move::Left);
  EXPECT_EQ(a->probability, 1.0f);
}

TEST(EndgameSolver, MatchesThePublishedOddsOfThePerimeterDefenceBlock) {
  // macroxue/2048-ai's analysis (analysis/README.md) gives, for this board, up as the
  // best move with a 0.990791 chance of building the 64 next to the block's 64 (its
  // table pdf8.64, computed by its own exhaustive expectimax). Ours is computed the
  // same way, independently.
  const Board b = board("8192 2048 512 0 / 4096 1024 256 0 / 128 64 4 2 / 2 2 2 2");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->fixed_mask, mask_of({0, 1, 2, 4, 5, 6, 8, 9}));
  EXPECT_EQ(f->anchor, 9);
  EXPECT_EQ(f->goal, 6);
  EndgameSolver solver(tables());
  const auto a = solver.solve(b, *f);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->best, Move::Up);
  EXPECT_NEAR(a->probability, 0.990791, 1e-5);
}

// A plain reference: the same definition with std::unordered_map as memo and doubles.
class Reference {
 public:
  explicit Reference(const Formation& f) : f_(f) {}
  bool made(Board b) const {
    for (int c = 0; c < 16; ++c) {
      if (((f_.goal_mask >> (4 * c)) & 0xF) != 0 && exponent_at(b, c) == f_.goal) return true;
    }
    return false;
  }
  bool keeps(Board a) const {
    if ((a & f_.fixed_mask) != f_.fixed) return false;
    for (int c = 0; c < 16; ++c) {
      if (((f_.free_mask >> (4 * c)) & 0xF) != 0 && exponent_at(a, c) > f_.goal) return false;
    }
    return true;
  }
  double after(Board a) {
    if (made(a)) return 1.0;
    double sum = 0;
    int n = 0;
    for (int c = 0; c < 16; ++c) {
      if (exponent_at(a, c) != 0) continue;
      ++n;
      sum += 0.9 * value(with_exponent(a, c, 1)) + 0.1 * value(with_exponent(a, c, 2));
    }
    return n == 0 ? 0.0 : sum / n;
  }
  double value(Board b) {
    if (made(b)) return 1.0;
    if (const auto it = memo_.find(b); it != memo_.end()) return it->second;
    double best = 0;
    for (const Move m : kMoves) {
      const Board a = tables().move(b, m);
      if (a != b && keeps(a)) best = std::max(best, after(a));
    }
    memo_[b] = best;
    return best;
  }

 private:
  Formation f_;
  std::unordered_map<Board, double> memo_;
};

// Blocks: the top-left 3x3 with smallest tile 8 (at row 2 column 0; the far corner's 64
// keeps the block of eight out), and the same 3x3 less its far corner with smallest
// tile 8 next to it. Their free cells get random tiles of at most 8 (and some empty),
// 100 boards each from a fixed seed.
struct RandomRegions {
  const char* block;
  std::vector<int> free_cells;
  int anchor;
};

class EndgameSolverReference : public ::testing::TestWithParam<RandomRegions> {};

INSTANTIATE_TEST_SUITE_P(
    Blocks, EndgameSolverReference,
    ::testing::Values(
        RandomRegions{"4096 2048 1024 0 / 128 256 512 0 / 8 32 64 0 / 0 0 0 0", {3, 7, 11, 12, 13, 14, 15}, 8},
        RandomRegions{"4096 2048 1024 0 / 128 256 512 0 / 32 8 0 0 / 0 0 0 0", {3, 7, 10, 11, 12, 13, 14, 15}, 9}));

TEST_P(EndgameSolverReference, AgreesWithAPlainReferenceOnRandomRegions) {
  const RandomRegions& p = GetParam();
  const Board block = board(p.block);
  core::Rng rng(2048);
  int compared = 0;
  int uncertain = 0;  // values strictly between 0 and 1
  for (int trial = 0; trial < 100; ++trial) {
    Board b = block;
    for (const int c : p.free_cells) b = with_exponent(b, c, static_cast<int>(rng.below(4)));  // 0, 2, 4, 8
    const auto f = find_formation(b, 12);
    if (!f || f->anchor != p.anchor) continue;
    EXPECT_EQ(count_nibble_bits(f->free_mask & board_bits::kLowBits), static_cast<int>(p.free_cells.size()));
    EndgameSolver solver(tables());
    const auto a = solver.solve(b, *f);
    ASSERT_TRUE(a);
    Reference ref(*f);
    for (const Move m : kMoves) {
      const Board after = tables().move(b, m);
      const auto v = a->values[static_cast<std::size_t>(m)];
      if (after == b || !ref.keeps(after) || ref.made(b)) {
        EXPECT_FALSE(v) << grid_values_line(grid_from_board(b)) << " " << move_name(m);
        continue;
      }
      ASSERT_TRUE(v) << grid_values_line(grid_from_board(b)) << " " << move_name(m);
      EXPECT_NEAR(*v, ref.after(after), 1e-4) << grid_values_line(grid_from_board(b)) << " " << move_name(m);
      ++compared;
      uncertain += *v > 0.0f && *v < 1.0f ? 1 : 0;
    }
  }
  EXPECT_GE(compared, 60);
  EXPECT_GE(uncertain, 20);
}

TEST(EndgameSolver, ARegionTooLargeForItsLimitIsNotSolvedTwice) {
  const Board b = board("8 128 8192 16384 / 8 64 1024 2048 / 8 32 256 512 / 0 4 2 2");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EndgameSolver small(tables(), 100);
  EXPECT_FALSE(small.solve(b, *f));
  EXPECT_FALSE(small.solve(b, *f));     // remembered: not tried again
  EXPECT_EQ(small.memory_bytes(), 0u);  // ... without keeping the positions it stored
  // Another formation is tried afresh (this one, a full board, has few positions).
  const Board one = board("16384 8192 4096 2 / 512 1024 2048 4 / 32 128 256 8 / 16 16 2 4");
  const auto g = find_formation(one, 13);
  ASSERT_TRUE(g);
  const auto a = small.solve(one, *g);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->best, Move::Left);
  // The full solver answers the first one.
  EndgameSolver full(tables());
  const auto c = full.solve(b, *f);
  ASSERT_TRUE(c);
  EXPECT_GT(c->states, 100u);
  EXPECT_GT(c->probability, 0.9f);
}

// Tables not in use are kept while they hold at most max_states positions in all.
TEST(EndgameSolver, KeepsOldTablesOnlyWithinItsRoom) {
  const Board b = board("8 128 8192 16384 / 8 64 1024 2048 / 8 32 256 512 / 0 4 2 2");
  const Board mirrored = board("16384 8192 128 8 / 2048 1024 64 8 / 512 256 32 8 / 2 2 4 0");
  const auto f = find_formation(b, 13);
  const auto g = find_formation(mirrored, 13);
  ASSERT_TRUE(f && g);
  // The two tables differ in size: a solve stops at the first certain move, and the
  // mirror image meets its moves in another order.
  const auto size = EndgameSolver(tables()).solve(b, *f);
  const auto mirrored_size = EndgameSolver(tables()).solve(mirrored, *g);
  ASSERT_TRUE(size && mirrored_size);
  const std::size_t n = std::max(size->states, mirrored_size->states);
  const std::size_t m = std::min(size->states, mirrored_size->states);
  ASSERT_GT(m, 100u);
  // Room for less than both: the second formation's table pushes the first one out.
  EndgameSolver tight(tables(), n + m / 2);
  ASSERT_TRUE(tight.solve(b, *f));
  ASSERT_TRUE(tight.solve(mirrored, *g));
  EXPECT_EQ(tight.solves(), 2u);
  ASSERT_TRUE(tight.solve(b, *f));
  EXPECT_EQ(tight.solves(), 3u);  // solved again
  // Room for three: both are kept.
  EndgameSolver roomy(tables(), 3 * n);  // at least both
  ASSERT_TRUE(roomy.solve(b, *f));
  ASSERT_TRUE(roomy.solve(mirrored, *g));
  ASSERT_TRUE(roomy.solve(b, *f));
  EXPECT_EQ(roomy.solves(), 2u);
}

// The last two steps to 32768: the chain 16384..256 and the 256's twin to build in the
// 9 cells left. From a sparse region the solve needs more than 2^21 positions; a chain's
// room holds it.
TEST(EndgameSolver, AChainsRoomHoldsTheLastTwoStepsTo32768) {
  const Board b = board("16384 8192 4096 2048 / 32 256 512 1024 / 64 2 0 0 / 4 2 0 0");
  const auto f = find_formation(b, 13);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->goal, 8);  // 256
  ASSERT_TRUE(f->chain);
  // A chain's room is 8 times the solver's: 2^21 for a room of 2^18 is too little.
  EndgameSolver old_room(tables(), std::size_t{1} << 18);
  EXPECT_FALSE(old_room.solve(b, *f));
  EndgameSolver solver(tables());
  const auto a = solver.solve(b, *f);
  ASSERT_TRUE(a);
  EXPECT_GT(a->states, std::size_t{1} << 21);
  EXPECT_LE(a->states, EndgameSolver::kChainRoomFactor * EndgameSolver::kDefaultStates);
  // As `tune_game2048 formations` found for this start (position 10 of
  // the chain starts of docs/results/2048-experiments.md): up 0.2815, right 0.3143.
  EXPECT_EQ(a->best, Move::Right);
  EXPECT_NEAR(a->probability, 0.3143f, 0.0001f);
  ASSERT_TRUE(a->values[static_cast<std::size_t>(Move::Up)]);
  EXPECT_NEAR(*a->values[static_cast<std::size_t>(Move::Up)], 0.2815f, 0.0001f);
}

// The player: the lookup overrides the search only where the search's move is clearly
// less likely to make the goal, and only from the level's top tile on.
TEST(EndgameLookup, OverridesTheSearchOnlyWhereItsMoveIsClearlyWorseForTheGoal) {
  // From a fast game continued from endgame position 0: the search (fast) plays down,
  // with 0.413 to make the next 128 next to the block's 128 (the 3x3 less its far
  // corner, whose 64 is to grow into it); left has 0.701.
  const Board b = board("2 256 8192 16384 / 8 128 2048 4096 / 8 64 512 1024 / 0 2 2 4");
  AiSettings s;
  s.level = Level::Fast;
  s.endgame = false;
  const AiChoice searched = Ai(tables(), s).choose(b);
  EXPECT_EQ(searched.best, Move::Down);
  EXPECT_FALSE(searched.endgame);
  s.endgame = true;
  const AiChoice c = Ai(tables(), s).choose(b);
  EXPECT_EQ(c.best, Move::Left);
  ASSERT_TRUE(c.endgame);
  EXPECT_EQ(c.endgame->goal, 7);
  EXPECT_EQ(c.endgame->searched, Move::Down);
  EXPECT_NEAR(c.endgame->probability, 0.7012, 1e-3);
  EXPECT_NEAR(c.endgame->searched_probability, 0.4135, 1e-3);
  // The values stay the search's.
  EXPECT_EQ(c.values, searched.values);
  // A threshold above the board's top tile (AiSettings::endgame_from, for experiments)
  // leaves the search's move.
  s.endgame_from = 15;
  const AiChoice above = Ai(tables(), s).choose(b);
  EXPECT_EQ(above.best, Move::Down);
  EXPECT_FALSE(above.endgame);
}

TEST(EndgameLookup, LeavesTheSearchAloneBelowTheLevelsTopTile) {
  // The same formation one size smaller (top tile 8192): the lookup is not asked.
  const Board b = board("2 128 4096 8192 / 8 64 1024 2048 / 8 32 256 512 / 0 2 2 4");
  ASSERT_LT(max_exponent(b), level_rule(Level::Fast).endgame_from);
  AiSettings s;
  s.level = Level::Fast;
  const AiChoice c = Ai(tables(), s).choose(b);
  EXPECT_FALSE(c.endgame);
  s.endgame = false;
  EXPECT_EQ(Ai(tables(), s).choose(b).best, c.best);
}

}  // namespace
}  // namespace puzzlelab::game2048
