// The difficulty rating against human play data (4nums.com solve rates).
#include "game24/difficulty.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "test_support.h"

namespace puzzlelab::game24 {
namespace {

TEST(Spearman, KnownValues) {
  const std::vector<double> a = {1, 2, 3, 4, 5}, b = {5, 6, 7, 8, 7}, c = {5, 4, 3, 2, 1};
  EXPECT_DOUBLE_EQ(spearman(a, a), 1.0);
  EXPECT_DOUBLE_EQ(spearman(a, c), -1.0);
  EXPECT_NEAR(spearman(a, b), 0.8207826816681233, 1e-12);  // scipy.stats.spearmanr
}

TEST(Difficulty, CorrelatesWithHumanSolveRates) {
  const std::string csv =
      testing::read_file(std::string(PUZZLELAB_SOURCE_DIR) + "/data/game24/human_difficulty_4nums.csv");
  auto data = parse_human_data(csv);
  ASSERT_TRUE(data.ok()) << data.error().message;
  ASSERT_EQ(data->size(), 1362u);
  Solver solver;
  std::vector<double> rating, solved, count;
  for (const auto& rec : *data) {
    auto r = solver.solve(rec.hand, {});
    ASSERT_TRUE(r.ok());
    ASSERT_FALSE(r->solutions.empty()) << testing::hand_text(rec.hand);
    rating.push_back(difficulty_rating(r->solutions));
    count.push_back(static_cast<double>(r->solutions.size()));
    solved.push_back(rec.solved_percent);
  }
  const double rho = spearman(rating, solved);
  const double rho_count = spearman(count, solved);
  std::cout << fmt::format("Spearman(rating, solved %) = {:.4f}; distinct count alone: {:.4f}\n", rho, rho_count);
  RecordProperty("spearman", fmt::format("{:.4f}", rho));
  EXPECT_LE(rho, -0.70);  // harder hands are solved by fewer players
  EXPECT_LT(rho, -std::abs(rho_count));
}

TEST(Difficulty, LevelsSplitIntoThirdsEvenWithTies) {
  std::vector<double> r;
  for (int i = 0; i < 100; ++i) r.push_back(i < 60 ? 1.0 : static_cast<double>(i));  // 60 ties
  const auto levels = levels_by_rank(r);
  int counts[4] = {0, 0, 0, 0};
  for (const auto l : levels) ++counts[static_cast<int>(l)];
  EXPECT_EQ(counts[1], 34);
  EXPECT_EQ(counts[2], 33);
  EXPECT_EQ(counts[3], 33);
  EXPECT_EQ(levels[0], Level::Easy);
  EXPECT_EQ(levels[99], Level::Hard);
  EXPECT_EQ(parse_level("hard"), Level::Hard);
  EXPECT_FALSE(parse_level("brutal"));
}

TEST(Difficulty, HardHandsRateAboveEasyOnes) {
  Solver solver;
  auto rate = [&](std::initializer_list<std::int64_t> h) {
    return difficulty_rating(solver.solve(testing::hand_of(h), {})->solutions);
  };
  EXPECT_LT(rate({1, 1, 4, 6}), rate({3, 3, 8, 8}));
  EXPECT_LT(rate({6, 6, 6, 6}), rate({1, 5, 5, 5}));
  EXPECT_TRUE(std::isinf(difficulty_rating({})));
}

TEST(HumanData, RejectsDamagedInput) {
  EXPECT_FALSE(parse_human_data("Rank,Puzzles,AMT (s),Solved rate\n1,1 1 x 6,4.4,99%\n").ok());
  EXPECT_FALSE(parse_human_data("Rank,Puzzles\n1,1 1 4 6\n").ok());
}

}  // namespace
}  // namespace puzzlelab::game24
