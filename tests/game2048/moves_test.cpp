// The moves (game2048/move_tables.h, board.h) against known numbers: every line of the
// shared move vectors (from the original game's rules, including 65536 and 131072),
// every one of the 65,536 rows against a plain reference, and the bitboard helpers
// against the grid.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/move_tables.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

// The plain reference: one line of exponents, cell 0 on the side the tiles move to.
// Written straight from docs/rules/2048.md without any of the engine's code: drop the
// empties, then walk the tiles, merging a tile into the previous one when equal and
// the previous one is not itself the result of a merge.
struct RefLine {
  std::vector<int> cells;
  std::int64_t score = 0;
  bool wins = false;
};
RefLine reference_slide(const std::vector<int>& line) {
  std::vector<int> tiles;
  for (int e : line) {
    if (e != 0) tiles.push_back(e);
  }
  RefLine out;
  std::vector<bool> merged;
  for (int e : tiles) {
    if (!out.cells.empty() && out.cells.back() == e && !merged.back()) {
      out.cells.back() = e + 1;
      merged.back() = true;
      out.score += std::int64_t{1} << (e + 1);
      if (e + 1 == 11) out.wins = true;
    } else {
      out.cells.push_back(e);
      merged.push_back(false);
    }
  }
  out.cells.resize(line.size(), 0);
  return out;
}

TEST(MoveTables, EveryRowMatchesTheReferenceBothWays) {
  int overflow_rows = 0;
  for (std::uint32_t r = 0; r < 65536; ++r) {
    std::vector<int> cells(4);
    for (int i = 0; i < 4; ++i) cells[i] = static_cast<int>((r >> (4 * i)) & 0xF);
    const RefLine left = reference_slide(cells);
    const RefLine right_rev = reference_slide({cells[3], cells[2], cells[1], cells[0]});
    const bool overflow = std::any_of(left.cells.begin(), left.cells.end(), [](int e) { return e > 15; });
    const std::uint32_t info = tables().info(static_cast<Row>(r));
    ASSERT_EQ((info & MoveTables::kOverflow) != 0, overflow) << "row " << r;
    if (overflow) {
      ++overflow_rows;
      continue;
    }
    Row want_left = 0;
    Row want_right = 0;
    for (int i = 0; i < 4; ++i) {
      want_left = static_cast<Row>(want_left | left.cells[i] << (4 * i));
      want_right = static_cast<Row>(want_right | right_rev.cells[3 - i] << (4 * i));
    }
    ASSERT_EQ(tables().left(static_cast<Row>(r)), want_left) << "row " << r;
    ASSERT_EQ(tables().right(static_cast<Row>(r)), want_right) << "row " << r;
    ASSERT_EQ(info & MoveTables::kScoreMask, static_cast<std::uint32_t>(left.score)) << "row " << r;
    ASSERT_EQ(left.score, right_rev.score) << "row " << r;
    ASSERT_EQ((info & MoveTables::kWins) != 0, left.wins) << "row " << r;
    ASSERT_EQ(left.wins, right_rev.wins) << "row " << r;
  }
  // Rows whose compacted tiles hold a mergeable 32768 pair: counted independently.
  EXPECT_GT(overflow_rows, 0);
}

TEST(MoveTables, GridLineMatchesTheReferenceForEveryRow) {
  // The exact grid path, on every row of exponents 0..15 plus the big ones.
  for (std::uint32_t r = 0; r < 65536; r += 1) {
    Grid g;
    g.size = 4;
    std::vector<int> cells(4);
    for (int i = 0; i < 4; ++i) {
      cells[i] = static_cast<int>((r >> (4 * i)) & 0xF);
      // Stretch 14 and 15 to 16 and 17 on odd rows so the big tiles are covered.
      if ((r & 1) && cells[i] >= 14) cells[i] += 2;
      g.set(0, i, cells[i]);
    }
    const RefLine want = reference_slide(cells);
    Grid moved = g;
    const GridMove gm = move_grid(moved, Move::Left);
    for (int i = 0; i < 4; ++i) ASSERT_EQ(moved.at(0, i), want.cells[i]) << "row " << r;
    ASSERT_EQ(gm.score, want.score);
    ASSERT_EQ(gm.wins, want.wins);
    ASSERT_EQ(gm.moved, want.cells != cells);
  }
}

TEST(Board, TransposeMapsCells) {
  Board b = 0;
  for (int i = 0; i < 16; ++i) b = with_exponent(b, i, i);
  const Board t = transpose(b);
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(exponent_at(t, cell_index(c, r)), exponent_at(b, cell_index(r, c)));
  }
  EXPECT_EQ(transpose(t), b);
}

TEST(Board, EmptyAndPairs) {
  EXPECT_EQ(count_empty(0), 16);
  EXPECT_EQ(count_empty(0x1111111111111111ULL), 0);
  EXPECT_EQ(count_empty(0x0000000000000F01ULL), 14);
  // A full board with no equal neighbours, then one with a vertical pair.
  const auto full = parse_grid("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2");
  ASSERT_TRUE(full.ok());
  EXPECT_FALSE(has_adjacent_pair(*board_from_grid(*full)));
  const auto pair = parse_grid("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 2 8 16 32");
  EXPECT_TRUE(has_adjacent_pair(*board_from_grid(*pair)));
  // The last cell of a row and the first of the next are not neighbours.
  const auto wrap = parse_grid("2 4 2 4 / 4 2 4 2 / 8 16 8 16 / 16 8 16 8");
  EXPECT_FALSE(has_adjacent_pair(*board_from_grid(*wrap)));
  EXPECT_EQ(count_distinct(*board_from_grid(*wrap)), 4);
}

TEST(Board, NibbleBitCountAndSelect) {
  // Every subset of the 16 cells: the count, and each k-th cell against a plain loop.
  for (std::uint32_t bits = 0; bits < 65536; ++bits) {
    Board x = 0;
    for (int i = 0; i < 16; ++i) x |= static_cast<Board>((bits >> i) & 1) << (4 * i);
    int k = 0;
    for (int i = 0; i < 16; ++i) {
      if (((bits >> i) & 1) == 0) continue;
      ASSERT_EQ(nth_nibble_bit(x, k), i) << bits << " k " << k;
      ++k;
    }
    ASSERT_EQ(count_nibble_bits(x), k);
  }
}

RC_GTEST_PROP(Board, TablesAgreeWithTheGridOnRandomBoards, ()) {
  const auto raw = *rc::gen::arbitrary<std::uint64_t>();
  for (const Move m : kMoves) {
    const MoveTables::MoveInfo info = tables().move_info(raw, m);
    if (info.overflow) continue;
    Grid g = grid_from_board(raw);
    const GridMove gm = move_grid(g, m);
    RC_ASSERT(grid_from_board(tables().move(raw, m)) == g);
    RC_ASSERT(static_cast<std::int64_t>(info.score) == gm.score);
    RC_ASSERT(info.wins == gm.wins);
    RC_ASSERT((tables().move(raw, m) != raw) == gm.moved);
  }
}

// Every line of tests/data/2048_moves.jsonl (a copy of ../shared/testdata).
TEST(Vectors, EveryLine) {
  std::ifstream in(std::string(PUZZLELAB_TEST_DATA) + "/2048_moves.jsonl");
  ASSERT_TRUE(in) << "cannot open the vectors";
  std::string line;
  int n = 0;
  int big = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++n;
    const auto j = nlohmann::json::parse(line);
    const auto before = parse_grid(j.at("before").dump());
    ASSERT_TRUE(before.ok()) << line;
    const auto want = parse_grid(j.at("after").dump());
    ASSERT_TRUE(want.ok()) << line;
    const auto m = parse_move(j.at("dir").get<std::string>());
    ASSERT_TRUE(m.has_value()) << line;
    const MoveResult r = exact_move(tables(), *before, *m);
    EXPECT_EQ(r.after, *want) << "line " << n << ": " << line;
    EXPECT_EQ(r.score, j.at("score").get<std::int64_t>()) << "line " << n;
    EXPECT_EQ(r.moved, j.at("moved").get<bool>()) << "line " << n;
    EXPECT_EQ(r.wins, j.at("won").get<bool>()) << "line " << n;
    if (max_exponent(*before) >= 16 || max_exponent(*want) >= 16) ++big;
  }
  EXPECT_EQ(n, 8032);
  EXPECT_GT(big, 0);
}

TEST(Vectors, RowExamplesFromTheRules) {
  // docs/rules/2048.md: [2,2,2,0] left [4,2,0,0], right [0,0,2,4]; [2,2,2,2] -> [4,4,0,0];
  // [4,4,8,0] left [8,8,0,0]; and [0,2,2,2] right [0,0,2,4] (the pair
  // nearest the wall merges first).
  struct Case {
    const char* row;
    Move m;
    const char* want;
  };
  for (const Case& c : {Case{"2 2 2 0", Move::Left, "4 2 0 0"}, Case{"2 2 2 0", Move::Right, "0 0 2 4"},
                        Case{"2 2 2 2", Move::Left, "4 4 0 0"}, Case{"2 2 2 2", Move::Right, "0 0 4 4"},
                        Case{"4 4 8 0", Move::Left, "8 8 0 0"}, Case{"0 2 2 2", Move::Right, "0 0 2 4"}}) {
    const std::string board = std::string(c.row) + " 0 0 0 0 0 0 0 0 0 0 0 0";
    const auto g = parse_grid(board);
    ASSERT_TRUE(g.ok());
    const auto r = exact_move(tables(), *g, c.m);
    EXPECT_EQ(grid_values_line(r.after), std::string(c.want) + " 0 0 0 0 0 0 0 0 0 0 0 0") << c.row;
  }
}

TEST(BoardText, ParsesAndRejects) {
  EXPECT_TRUE(parse_grid("0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0").ok());
  EXPECT_TRUE(parse_grid("[0,2,2,4,0,0,4,8,0,0,0,0,2,0,0,0]").ok());
  EXPECT_EQ(parse_grid("2 2 2 2 2 2 2 2 2")->size, 3);
  EXPECT_FALSE(parse_grid("0 2 2 4").ok());
  EXPECT_FALSE(parse_grid("0 2 2 3 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0").ok());
  EXPECT_FALSE(parse_grid("0 2 2 1 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0").ok());
  EXPECT_FALSE(parse_grid("0 2 2 x / 0 0 4 8 / 0 0 0 0 / 2 0 0 0").ok());
  EXPECT_FALSE(parse_grid("99999999999999999999999 2 2 2 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0").ok());
  EXPECT_FALSE(parse_grid("262144 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0").ok());  // 2^18 > 4×4 max
  EXPECT_FALSE(parse_grid("2 2 2 2 2 2 2 2 2", 4).ok());
  EXPECT_EQ(parse_move("UP"), Move::Up);
  EXPECT_EQ(parse_move("d"), Move::Right);
  EXPECT_EQ(parse_move("l"), Move::Right);
  EXPECT_EQ(parse_move("j"), Move::Down);
  EXPECT_FALSE(parse_move("u").has_value());
  EXPECT_FALSE(parse_move("").has_value());
}

}  // namespace
}  // namespace puzzlelab::game2048
