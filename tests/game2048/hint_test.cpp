// The AI's advice as data (game2048/hint.h): which moves are legal, their values, the
// words a player reads, and the lines the play screen shows.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "game2048/board_text.h"
#include "game2048/hint.h"
#include "game2048/session.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

AiSettings shallow() {
  AiSettings s;
  s.depth = 2;
  return s;
}

Grid grid(const char* text) {
  auto g = parse_grid(text, 4);
  EXPECT_TRUE(g.ok()) << g.error().message;
  return *g;
}

TEST(Hint, EachMoveIsLegalExactlyWhenItChangesTheBoardAndTheBestIsTheTopValue) {
  // Everything sits in the top-left corner: left and up change nothing.
  const Grid g = grid("8 4 2 0 / 4 2 0 0 / 2 0 0 0 / 0 0 0 0");
  const Hint h = compute_hint(tables(), g, shallow());
  ASSERT_TRUE(h.best);
  EXPECT_FALSE(h.advice(Move::Left).legal);
  EXPECT_FALSE(h.advice(Move::Up).legal);
  EXPECT_TRUE(h.advice(Move::Right).legal);
  EXPECT_TRUE(h.advice(Move::Down).legal);
  for (const Move m : kMoves) {
    EXPECT_EQ(h.advice(m).legal, exact_move(tables(), g, m).moved);
    EXPECT_EQ(h.advice(m).value.has_value(), h.advice(m).legal);
  }
  EXPECT_TRUE(h.advice(*h.best).legal);
  const auto ranked = ranked_moves(h);
  ASSERT_EQ(ranked.size(), 2u);
  EXPECT_EQ(ranked.front().first, *h.best);
  EXPECT_GE(ranked[0].second, ranked[1].second);
  EXPECT_EQ(h.advice(*h.best).words, std::string(move_name(*h.best)) + ": the best move");
  EXPECT_EQ(h.advice(Move::Left).words, "left: changes nothing");
  const Move other = ranked[1].first;
  EXPECT_NE(h.advice(other).words.find(" the best"), std::string::npos) << h.advice(other).words;
  EXPECT_EQ(h.advice(other).words.find_first_of("0123456789"), std::string::npos) << "words, not evaluation numbers";
  // The play screen's lines, in the browser's words: the best move and how far the AI
  // looked, then the other moves best first and those that change nothing; no search
  // values (their scale means nothing to a player).
  const auto lines = hint_lines(h);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], fmt::format("Hint: {} is the best move (the AI looked 2 moves ahead).", move_name(*h.best)));
  EXPECT_EQ(lines[1], fmt::format("{}: {} · up: changes nothing · left: changes nothing", move_name(other),
                                  h.advice(other).rating));
  for (const auto& l : lines) EXPECT_EQ(l.find_first_of("0123456789", l.find(')')), std::string::npos) << l;
}

TEST(Hint, NoMoveLeftGivesNoBestMove) {
  const Hint h = compute_hint(tables(), grid("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2"), shallow());
  EXPECT_FALSE(h.best);
  for (const Move m : kMoves) EXPECT_FALSE(h.advice(m).legal);
  EXPECT_EQ(hint_lines(h), std::vector<std::string>{"Hint: no move changes the board."});
}

TEST(Hint, AnEmptyBoardIsNoPositionToAdviseOn) {
  const auto empty = parse_grid("0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(hint_board_problem(*empty), "the board has no tiles: give a position with at least one tile");
  const auto one = parse_grid("0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2");
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(hint_board_problem(*one), std::nullopt);
  // A full board with no move left is a lost position, still one to advise on.
  const auto lost = parse_grid("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2");
  ASSERT_TRUE(lost.ok());
  EXPECT_EQ(hint_board_problem(*lost), std::nullopt);
}

TEST(Hint, TheSessionsHintIsTheSameAdviceAndMarksTheGameAssisted) {
  PlaySession s = PlaySession::start(tables(), 4, 5);
  ASSERT_TRUE(s.play(Move::Left).moved() || s.play(Move::Right).moved());
  EXPECT_FALSE(s.assisted());
  const Hint direct = compute_hint(tables(), s.game().grid(), shallow());
  const Snapshot before = s.game().snapshot();
  const Hint h = s.hint(shallow());
  EXPECT_TRUE(s.assisted());
  EXPECT_EQ(s.game().snapshot(), before);  // looking changes nothing on the board
  EXPECT_EQ(h.best, direct.best);
  for (const Move m : kMoves) EXPECT_EQ(h.advice(m).value, direct.advice(m).value);
  EXPECT_TRUE(nlohmann::json(s.to_json()).at("assisted").get<bool>());
}

}  // namespace
}  // namespace puzzlelab::game2048
