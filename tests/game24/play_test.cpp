// The play loop as a pure state machine: inputs and times in, text out.
#include "app/game24_play.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace puzzlelab::app::game24_play {
namespace {

using game24::testing::hand_of;

Deal deal_3388() {
  Deal d;
  d.hand = hand_of({3, 3, 8, 8});
  d.solutions = {"8/(3-8/3)"};
  d.level = game24::Level::Hard;
  return d;
}

PlaySession session(std::optional<double> limit = std::nullopt) {
  PlayConfig cfg;
  cfg.time_limit = limit;
  cfg.show_time = false;
  return PlaySession(cfg, {deal_3388()}, 1, Score{});
}

TEST(Play, DealsAndAcceptsAnExactSolution) {
  auto s = session();
  const std::string intro = s.start(0);
  EXPECT_NE(intro.find("Hand 1 (hard): 3 3 8 8"), std::string::npos);
  const std::string out = s.handle("8 ÷ （3 − 8 ÷ 3）", 5);
  EXPECT_NE(out.find("✓ Correct: 8/(3-8/3) = 24 — distinct solution 1 of 1"), std::string::npos) << out;
  EXPECT_NE(out.find("+3 points; streak 1."), std::string::npos) << out;
  EXPECT_NE(out.find("Hand 2"), std::string::npos);
  EXPECT_EQ(s.score().solved, 1);
  EXPECT_EQ(s.score().points, 3);
  EXPECT_TRUE(s.take_score_changed());
  EXPECT_FALSE(s.take_score_changed());
}

TEST(Play, PreciseMessagesThenThreeRetries) {
  auto s = session();
  s.start(0);
  // Typos and the wrong numbers cost no try, and say only what is wrong.
  EXPECT_EQ(s.handle("8*3", 1), "✗ 3 is used 1 of 2 times; 8 is used 1 of 2 times (no try used)\n");
  EXPECT_EQ(s.handle("1+2+3+4", 1), "✗ those are not this hand's numbers: use 3 3 8 8, each once (no try used)\n");
  EXPECT_EQ(s.handle("(8+8", 1), "✗ the '(' at column 1 is never closed (no try used)\n");
  EXPECT_NE(s.handle("import os", 1).find("is not allowed"), std::string::npos);
  EXPECT_EQ(s.handle("8+8+3+3", 2), "✗ That makes 22, not 24 (3 tries left)\n");
  EXPECT_EQ(s.handle("8/(3-3)*8", 3), "✗ division by zero at column 2 (2 tries left)\n");
  EXPECT_EQ(s.handle("8*8-3-3", 3), "✗ That makes 58, not 24 (1 try left)\n");
  const std::string last = s.handle("(8-3)*(8-3)", 4);
  EXPECT_NE(last.find("✗ That makes 25, not 24"), std::string::npos) << last;
  EXPECT_NE(last.find("No tries left."), std::string::npos);
  EXPECT_NE(last.find("  8/(3-8/3)\n"), std::string::npos);
  EXPECT_EQ(s.score().failed, 1);
  EXPECT_EQ(s.score().played, 1);
  EXPECT_EQ(s.score().streak, 0);
}

TEST(Play, HintGiveUpSkipQuit) {
  auto s = session();
  s.start(0);
  EXPECT_EQ(s.handle("hint", 1), "Hint 1: 8 ÷ 3 = 8/3\n");
  EXPECT_EQ(s.handle("HINT", 1), "Hint 2: 3 - 8/3 = 1/3\n");
  EXPECT_NE(s.handle("hint", 1).find("No more hints"), std::string::npos);
  const std::string solved = s.handle("8/(3-8/3)", 2);
  EXPECT_NE(solved.find("+1 point;"), std::string::npos) << solved;  // 3 points minus 2 hints
  const std::string gave = s.handle("give up", 3);
  EXPECT_NE(gave.find("Given up. The solutions (1 distinct solution):\n  8/(3-8/3)\n"), std::string::npos);
  EXPECT_EQ(s.score().streak, 0);
  EXPECT_EQ(s.score().best_streak, 1);
  EXPECT_NE(s.handle("skip", 4).find("Skipped.\n\nHand 4"), std::string::npos);
  EXPECT_EQ(s.handle("", 5), "");
  const std::string bye = s.handle("quit", 5);
  EXPECT_TRUE(s.done());
  EXPECT_EQ(bye, "Played 2, solved 1, gave up 1, out of tries or time 0; streak 0 (best 1); 1 point.\n");
}

TEST(Play, TimeLimit) {
  auto s = session(30.0);
  EXPECT_NE(s.start(100).find("Time limit: 30 s a hand."), std::string::npos);
  const std::string late = s.handle("8/(3-8/3)", 131);
  EXPECT_NE(late.find("⏱ Time is up: 31 s (the limit is 30 s)."), std::string::npos) << late;
  EXPECT_EQ(s.score().solved, 0);
  EXPECT_EQ(s.score().failed, 1);
  const std::string in_time = s.handle("8/(3-8/3)", 150);
  EXPECT_NE(in_time.find("✓ Correct"), std::string::npos);
}

TEST(Play, TimeRunsOutWithoutInput) {
  auto s = session(2.0);
  s.start(10);
  EXPECT_EQ(s.time_left(10.5), 1.5);
  EXPECT_EQ(s.check_time(11.9), "");
  const std::string over = s.check_time(12.2);
  EXPECT_NE(over.find("⏱ Time is up: 2 s (the limit is 2 s)."), std::string::npos) << over;
  EXPECT_NE(over.find("Hand 2 (hard): 3 3 8 8"), std::string::npos) << over;
  EXPECT_EQ(s.score().failed, 1);
  // A line that comes late, even a hint, finds the hand over (a pipe is checked per line).
  const std::string late_hint = s.handle("hint", 14.5);
  EXPECT_NE(late_hint.find("⏱ Time is up"), std::string::npos) << late_hint;
  EXPECT_EQ(late_hint.find("Hint 1"), std::string::npos) << late_hint;
  EXPECT_EQ(s.score().failed, 2);
  // quit and help are never late.
  EXPECT_NE(s.handle("help", 99).find("Commands"), std::string::npos);
  EXPECT_EQ(s.score().failed, 2);
}

TEST(Play, EchoForScripts) {
  PlayConfig cfg;
  cfg.echo_input = true;
  PlaySession s(cfg, {deal_3388()}, 1, Score{});
  s.start(0);
  EXPECT_EQ(s.handle("hint", 0), "> hint\nHint 1: 8 ÷ 3 = 8/3\n");
}

TEST(Play, ScoreJsonRoundTripAndValidation) {
  Score s;
  s.played = 5;
  s.solved = 3;
  s.best_streak = 2;
  s.points = 7;
  EXPECT_EQ(score_from_json(score_to_json(s)), s);
  EXPECT_FALSE(score_from_json(nlohmann::json::array()));
  EXPECT_FALSE(score_from_json(nlohmann::json{{"played", -1}}));
  EXPECT_FALSE(score_from_json(nlohmann::json{{"played", "many"}}));
  EXPECT_EQ(score_from_json(nlohmann::json::object()), Score{});
}

TEST(Play, PoolLevelsPartitionTheSolvableHands) {
  const auto all = build_pool(1, 13, 4, game24::Rational(24), game24::Level::Any, 2);
  EXPECT_EQ(all.size(), 1362u);
  std::size_t sum = 0;
  for (const auto level : {game24::Level::Easy, game24::Level::Medium, game24::Level::Hard}) {
    const auto pool = build_pool(1, 13, 4, game24::Rational(24), level, 2);
    EXPECT_GE(pool.size(), 454u);
    EXPECT_LE(pool.size(), 455u);
    for (const auto& d : pool) EXPECT_EQ(d.level, level);
    sum += pool.size();
  }
  EXPECT_EQ(sum, all.size());
}

}  // namespace
}  // namespace puzzlelab::app::game24_play
