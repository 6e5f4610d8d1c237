// Where each tile goes in a move (game2048/grid.h tile_motions): hand-worked lines for
// every direction, and a property that the motions rebuild exactly the board the
// game's own move makes, on every board size and direction.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/grid.h"
#include "game2048/move_tables.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

Grid grid(const char* text) {
  auto g = parse_grid(text);
  EXPECT_TRUE(g.ok()) << text;
  return *g;
}

// A motion written as values: from (r, c) to (r, c), the tile's value, merged or not.
TileMotion mv(int fr, int fc, int tr, int tc, int value, bool merged = false) {
  return TileMotion{fr, fc, tr, tc, *exponent_of(value), merged};
}

// The board the motions describe: every target cell holds its tile, a cell reached by
// two merged tiles holds their sum. Fails the test on anything else (a cell reached by
// two tiles that are not a merging pair of equal tiles, or by three).
Grid apply_motions(const Grid& before, const std::vector<TileMotion>& motions) {
  Grid g;
  g.size = before.size;
  std::vector<int> arrivals(static_cast<std::size_t>(g.area()), 0);
  for (const TileMotion& t : motions) {
    EXPECT_EQ(before.at(t.from_row, t.from_col), t.exponent);
    const auto cell = static_cast<std::size_t>(t.to_row * g.size + t.to_col);
    ++arrivals[cell];
    if (arrivals[cell] == 1) {
      g.cells[cell] = static_cast<std::uint8_t>(t.exponent);
    } else {
      EXPECT_EQ(arrivals[cell], 2);
      EXPECT_TRUE(t.merged);
      EXPECT_EQ(g.cells[cell], t.exponent);
      g.cells[cell] = static_cast<std::uint8_t>(t.exponent + 1);
    }
  }
  return g;
}

TEST(TileMotions, FourTwosBecomeTwoFoursLeft) {
  const Grid g = grid("2 2 2 2 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const std::vector<TileMotion> want{mv(0, 0, 0, 0, 2, true), mv(0, 1, 0, 0, 2, true), mv(0, 2, 0, 1, 2, true),
                                     mv(0, 3, 0, 1, 2, true)};
  EXPECT_EQ(tile_motions(g, Move::Left), want);
}

TEST(TileMotions, FourTwosBecomeTwoFoursRight) {
  // The pair nearest the right wall merges first: (0,3)+(0,2) -> (0,3), (0,1)+(0,0) -> (0,2).
  const Grid g = grid("2 2 2 2 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const std::vector<TileMotion> want{mv(0, 3, 0, 3, 2, true), mv(0, 2, 0, 3, 2, true), mv(0, 1, 0, 2, 2, true),
                                     mv(0, 0, 0, 2, 2, true)};
  EXPECT_EQ(tile_motions(g, Move::Right), want);
}

TEST(TileMotions, AMergedTileDoesNotMergeAgain) {
  // 4 4 8 0 left: the 4s make an 8, which stays beside the old 8 (no 16).
  const Grid g = grid("4 4 8 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const std::vector<TileMotion> want{mv(0, 0, 0, 0, 4, true), mv(0, 1, 0, 0, 4, true), mv(0, 2, 0, 1, 8)};
  EXPECT_EQ(tile_motions(g, Move::Left), want);
  EXPECT_EQ(apply_motions(g, want), grid("8 8 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"));
}

TEST(TileMotions, ThreeEqualTilesMergeTheOnesNearestTheWall) {
  // 2 2 2 0 right: the two right-hand 2s merge on the wall, the left 2 slides beside them.
  const Grid g = grid("2 2 2 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const std::vector<TileMotion> want{mv(0, 2, 0, 3, 2, true), mv(0, 1, 0, 3, 2, true), mv(0, 0, 0, 2, 2)};
  EXPECT_EQ(tile_motions(g, Move::Right), want);
}

TEST(TileMotions, UpAndDownMoveAlongColumns) {
  // Column 1 holds 2, _, 2, 4 from the top; column 3 holds one 8 at the bottom.
  const Grid g = grid("0 2 0 0 / 0 0 0 0 / 0 2 0 0 / 0 4 0 8");
  const std::vector<TileMotion> up{mv(0, 1, 0, 1, 2, true), mv(2, 1, 0, 1, 2, true), mv(3, 1, 1, 1, 4),
                                   mv(3, 3, 0, 3, 8)};
  EXPECT_EQ(tile_motions(g, Move::Up), up);
  // Down: from the bottom wall, the 4 stays, then the 2s merge on the cell above it.
  const std::vector<TileMotion> down{mv(3, 1, 3, 1, 4), mv(2, 1, 2, 1, 2, true), mv(0, 1, 2, 1, 2, true),
                                     mv(3, 3, 3, 3, 8)};
  EXPECT_EQ(tile_motions(g, Move::Down), down);
}

TEST(TileMotions, AMoveThatChangesNothingKeepsEveryTileInPlace) {
  const Grid g = grid("2 4 0 0 / 8 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const std::vector<TileMotion> want{mv(0, 0, 0, 0, 2), mv(0, 1, 0, 1, 4), mv(1, 0, 1, 0, 8)};
  EXPECT_EQ(tile_motions(g, Move::Left), want);
  EXPECT_FALSE(exact_move(tables(), g, Move::Left).moved);
}

TEST(TileMotions, TwoPairsOfDifferentValuesOnAThreeByThree) {
  const Grid g = grid("4 4 0 / 0 2 2 / 8 0 8");
  const std::vector<TileMotion> want{mv(0, 0, 0, 0, 4, true), mv(0, 1, 0, 0, 4, true), mv(1, 1, 1, 0, 2, true),
                                     mv(1, 2, 1, 0, 2, true), mv(2, 0, 2, 0, 8, true), mv(2, 2, 2, 0, 8, true)};
  EXPECT_EQ(tile_motions(g, Move::Left), want);
}

TEST(TileMotions, TilesAboveTheNibbleMergeAsTheGameDoes) {
  const Grid g = grid("32768 32768 65536 65536 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const auto m = tile_motions(g, Move::Left);
  EXPECT_EQ(apply_motions(g, m), exact_move(tables(), g, Move::Left).after);
  EXPECT_EQ(apply_motions(g, m), grid("65536 131072 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"));
}

// Boards of every supported size with small and large tiles, empties in varying
// proportion (full boards with pairs are common, so are long merge chains).
rc::Gen<Grid> gen_board() {
  return rc::gen::exec([] {
    Grid g;
    g.size = *rc::gen::inRange(kMinSize, kMaxSize + 1);
    const int maxe = *rc::gen::element(2, 3, 5, 11, 17);
    const int empty_weight = *rc::gen::inRange(0, 8);
    for (int i = 0; i < g.area(); ++i) {
      const bool empty = *rc::gen::inRange(0, 10) < empty_weight;
      g.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(empty ? 0 : *rc::gen::inRange(1, maxe + 1));
    }
    return g;
  });
}

RC_GTEST_PROP(TileMotionsProperty, TheMotionsRebuildTheMovedBoard, ()) {
  const Grid g = *gen_board();
  for (const Move m : kMoves) {
    const std::vector<TileMotion> motions = tile_motions(g, m);
    // One motion per tile of the board before.
    RC_ASSERT(static_cast<int>(motions.size()) == g.area() - count_empty(g));
    // Applied to the board before, they give exactly what the game's move gives (the
    // tables on 4×4 boards that fit them, the grid otherwise), and only a merge joins
    // two tiles.
    const MoveResult r = exact_move(tables(), g, m);
    RC_ASSERT(apply_motions(g, motions) == r.after);
    Grid slid = g;
    move_grid(slid, m);
    RC_ASSERT(apply_motions(g, motions) == slid);
    // The score is the sum of the merged tiles: half the merged motions, doubled values.
    std::int64_t score = 0;
    for (const TileMotion& t : motions) score += t.merged ? tile_value(t.exponent) : 0;
    RC_ASSERT(score == r.score);
    // Tiles move only toward the wall of the move, within their own line.
    for (const TileMotion& t : motions) {
      switch (m) {
        case Move::Left:
          RC_ASSERT(t.to_row == t.from_row && t.to_col <= t.from_col);
          break;
        case Move::Right:
          RC_ASSERT(t.to_row == t.from_row && t.to_col >= t.from_col);
          break;
        case Move::Up:
          RC_ASSERT(t.to_col == t.from_col && t.to_row <= t.from_row);
          break;
        case Move::Down:
          RC_ASSERT(t.to_col == t.from_col && t.to_row >= t.from_row);
          break;
      }
    }
    // A move that changes nothing moves no tile.
    const bool any_moves = std::any_of(motions.begin(), motions.end(), [](const TileMotion& t) {
      return t.from_row != t.to_row || t.from_col != t.to_col;
    });
    RC_ASSERT(any_moves == r.moved);
  }
}

}  // namespace
}  // namespace puzzlelab::game2048
