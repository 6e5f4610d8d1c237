#include "wordle/decision_tree.h"

#include <gtest/gtest.h>

#include "real_lists.h"

namespace puzzlelab::wordle {
namespace {

std::vector<TreeLine> read_tree(const std::string& name) {
  auto lines = parse_decision_tree(testing::read_source_file("data/wordle/trees/" + name), 5);
  if (!lines) throw std::runtime_error(lines.error().message);
  return std::move(lines).value();
}

// Alex Selby's optimal trees: every pattern on every path is our feedback (checked
// by check_decision_tree), every answer has one line, and the totals are the
// published ones (data/wordle/SOURCES.md).
TEST(DecisionTree, SaletNormalIsOptimal7920) {
  const auto lines = read_tree("salet.normal.tree");
  ASSERT_EQ(lines.size(), 2315u);
  const auto summary = check_decision_tree(testing::real_engine().game(), lines, false);
  ASSERT_TRUE(summary.ok()) << summary.error().message;
  EXPECT_EQ(summary->total_guesses, 7920u);
  EXPECT_EQ(summary->max_guesses, 5u);
  EXPECT_EQ(summary->distribution, (std::map<std::uint32_t, std::uint64_t>{{2, 78}, {3, 1225}, {4, 971}, {5, 41}}));
  EXPECT_EQ(lines.front().turns.front().guess, "salet");
}

TEST(DecisionTree, SaletHardObeysHardMode8122) {
  const auto lines = read_tree("salet.hard.tree");
  const auto summary = check_decision_tree(testing::real_engine().game(), lines, true);
  ASSERT_TRUE(summary.ok()) << summary.error().message;
  EXPECT_EQ(summary->total_guesses, 8122u);
  EXPECT_EQ(summary->max_guesses, 6u);
  EXPECT_EQ(summary->distribution,
            (std::map<std::uint32_t, std::uint64_t>{{2, 131}, {3, 1062}, {4, 952}, {5, 154}, {6, 16}}));
}

TEST(DecisionTree, PaletHardFiveObeysHardMode8206) {
  const auto lines = read_tree("palet.hard5.tree");
  const auto summary = check_decision_tree(testing::real_engine().game(), lines, true);
  ASSERT_TRUE(summary.ok()) << summary.error().message;
  EXPECT_EQ(summary->total_guesses, 8206u);
  EXPECT_EQ(summary->max_guesses, 5u);
  EXPECT_EQ(lines.front().turns.front().guess, "palet");
}

// The normal-mode tree is not a hard-mode tree: the checker must notice.
TEST(DecisionTree, NormalTreeBreaksHardMode) {
  const auto summary = check_decision_tree(testing::real_engine().game(), read_tree("salet.normal.tree"), true);
  ASSERT_FALSE(summary.ok());
  EXPECT_NE(summary.error().message.find("breaks hard mode"), std::string::npos);
}

TEST(DecisionTree, ContinuationLinesShareTheBranchAbove) {
  const std::string text =
      "salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4\n"
      "                                BGYYB3 pygmy GGGGG4\n";
  const auto lines = parse_decision_tree(text, 5);
  ASSERT_TRUE(lines.ok());
  ASSERT_EQ(lines->size(), 2u);
  const auto& second = (*lines)[1].turns;
  ASSERT_EQ(second.size(), 4u);
  EXPECT_EQ(second[0].guess, "salet");
  EXPECT_EQ(second[2].guess, "nymph");
  EXPECT_EQ(pattern_text(second[2].pattern, 5), ".GYY.");
  EXPECT_EQ(second[3].guess, "pygmy");
}

TEST(DecisionTree, ParseErrorsNameTheLine) {
  EXPECT_NE(parse_decision_tree("salet BBXBB1 about GGGGG2\n", 5).error().message.find("line 1"), std::string::npos);
  EXPECT_NE(parse_decision_tree("salet BBBBB2 about GGGGG2\n", 5).error().message.find("guess number 1"),
            std::string::npos);
  EXPECT_NE(parse_decision_tree("salet BBBBB1 about GGBGG2\n", 5).error().message.find("not all green"),
            std::string::npos);
  EXPECT_NE(parse_decision_tree("salet GGGGG1\n      xx\n", 5).error().message.find("line 2"), std::string::npos);
  EXPECT_NE(parse_decision_tree("  salet GGGGG1\n", 5).error().message.find("indented"), std::string::npos);
}

TEST(DecisionTree, CheckerCatchesAWrongPattern) {
  auto lines = read_tree("salet.normal.tree");
  lines[10].turns[0].pattern = (lines[10].turns[0].pattern + 1) % 243;
  const auto summary = check_decision_tree(testing::real_engine().game(), lines, false);
  ASSERT_FALSE(summary.ok());
  EXPECT_NE(summary.error().message.find(std::to_string(lines[10].line_no)), std::string::npos);
}

}  // namespace
}  // namespace puzzlelab::wordle
