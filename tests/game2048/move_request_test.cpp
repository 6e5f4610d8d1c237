// `2048 move`'s requests and answers without the program (game2048/board_text.h,
// game2048/game.h): a request's board and direction in either form, the errors a person
// can act on, and a move whose result no board of that size holds refused.
#include <gtest/gtest.h>

#include "game2048/board_text.h"
#include "game2048/game.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

TEST(MoveRequest, ReadsTheBoardAndTheDirectionInEitherForm) {
  const auto words = parse_move_request("0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0 right");
  ASSERT_TRUE(words.ok()) << words.error().message;
  EXPECT_EQ(words->second, Move::Right);
  EXPECT_EQ(grid_values_line(words->first), "0 2 2 4 0 0 4 8 0 0 0 0 2 0 0 0");
  const auto first = parse_move_request("up 2 0 0 0 0 0 0 0 0");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first->second, Move::Up);
  EXPECT_EQ(first->first.size, 3);
  const auto json = parse_move_request(R"({"before": [0,0,0,2, 0,0,0,2, 0,0,0,0, 0,0,0,0], "dir": "down"})");
  ASSERT_TRUE(json.ok()) << json.error().message;
  EXPECT_EQ(json->second, Move::Down);
  EXPECT_EQ(grid_values_line(json->first), "0 0 0 2 0 0 0 2 0 0 0 0 0 0 0 0");
  const auto board_key = parse_move_request(R"({"board": [2,2,0, 0,0,0, 0,0,0], "dir": "left"})");
  ASSERT_TRUE(board_key.ok()) << board_key.error().message;
  EXPECT_EQ(board_key->second, Move::Left);
}

TEST(MoveRequest, SaysWhatIsWrong) {
  const auto message = [](const std::string& line) {
    const auto r = parse_move_request(line);
    return r.ok() ? std::string("ok") : r.error().message;
  };
  EXPECT_EQ(message("0 2 2 4 0 0 4 8 0 0 0 0 2 0 0 0"), "no direction (up, down, left or right)");
  EXPECT_EQ(message("0 2 2 4 0 0 4 8 0 0 0 0 2 0 0 0 up left"), "more than one direction");
  EXPECT_EQ(message("0 2 2 4 0 0 4 8 0 0 0 0 2 0 0 0 sideways"),
            "unknown direction 'sideways' (up, down, left or right)");
  EXPECT_EQ(message("{not json"), "not valid JSON");
  EXPECT_EQ(message(R"({"before": [0,2,2,4]})"), "a JSON request needs \"before\" and \"dir\"");
  EXPECT_EQ(message(R"({"before": [0,0,0, 2,0,0, 0,2,0], "dir": "north"})"), "unknown direction 'north'");
  EXPECT_NE(message("0 3 0 0 0 0 0 0 0 left"), "ok");  // 3 is no tile
}

TEST(CheckedMove, RefusesATileNoBoardOfThatSizeHolds) {
  // On 3×3 the largest tile a game can make is 2^(9+1) = 1024.
  const auto ok = parse_grid("512 512 0 / 0 0 0 / 0 0 0");
  ASSERT_TRUE(ok.ok());
  const auto r = checked_move(tables(), *ok, Move::Left);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->score, 1024);
  EXPECT_EQ(r->after, exact_move(tables(), *ok, Move::Left).after);
  const auto too_big = parse_grid("1024 1024 0 / 0 0 0 / 0 0 0");
  ASSERT_TRUE(too_big.ok());
  const auto refused = checked_move(tables(), *too_big, Move::Left);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "moving left makes a 2048 tile, more than a 3×3 board can hold (at most 1024): no game reaches this board");
  // Sliding without a merge never refuses.
  EXPECT_TRUE(checked_move(tables(), *too_big, Move::Down).ok());
}

}  // namespace
}  // namespace puzzlelab::game2048
