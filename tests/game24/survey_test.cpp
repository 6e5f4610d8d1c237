// The 24 survey (what `puzzlelab 24 stats` shows) as data, pinned by known counts.
#include "game24/survey.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "test_support.h"

namespace puzzlelab::game24 {
namespace {

using testing::hand_of;

Survey survey_of(std::int64_t lo, std::int64_t hi, std::size_t top = 10) {
  SurveyOptions o;
  o.lo = lo;
  o.hi = hi;
  o.top = top;
  o.threads = 2;
  auto s = survey(o);
  EXPECT_TRUE(s.ok()) << s.error().message;
  return s.ok() ? *s : Survey{};
}

std::vector<HumanRecord> human_records() {
  const std::string csv =
      testing::read_file(std::string(PUZZLELAB_SOURCE_DIR) + "/data/game24/human_difficulty_4nums.csv");
  auto data = parse_human_data(csv);
  EXPECT_TRUE(data.ok());
  return data.ok() ? *data : std::vector<HumanRecord>{};
}

TEST(Survey, KnownCountsOfOneToNine) {
  const Survey s = survey_of(1, 9, 5);
  ASSERT_TRUE(s.complete);
  ASSERT_EQ(s.hands.size(), 495u);  // C(12, 4) multisets
  ASSERT_EQ(s.stats.size(), 495u);
  EXPECT_EQ(s.solvable, 404u);
  EXPECT_EQ(s.histogram.at(0), 91u);
  std::uint64_t hands = 0, total = 0;
  for (const auto& [count, n] : s.histogram) {
    hands += n;
    total += count * n;
  }
  EXPECT_EQ(hands, 495u);
  EXPECT_EQ(s.total, total);
  // 3 3 8 8 is solvable only through fractions: 8/(3-8/3).
  const auto it = std::find(s.hands.begin(), s.hands.end(), hand_of({3, 3, 8, 8}));
  ASSERT_NE(it, s.hands.end());
  const auto i = static_cast<std::size_t>(it - s.hands.begin());
  EXPECT_NE(std::find(s.fraction_only.begin(), s.fraction_only.end(), i), s.fraction_only.end());
  EXPECT_EQ(s.stats[i].count, 1u);
  EXPECT_EQ(s.stats[i].example, "8/(3-8/3)");
  // The hardest hands: solvable, hardest first, as many as asked.
  ASSERT_EQ(s.hardest.size(), 5u);
  for (std::size_t k = 0; k < s.hardest.size(); ++k) {
    EXPECT_GT(s.stats[s.hardest[k]].count, 0u);
    if (k > 0) {
      EXPECT_GE(s.stats[s.hardest[k - 1]].rating, s.stats[s.hardest[k]].rating);
    }
  }
  for (std::size_t k = 0; k < s.stats.size(); ++k) {
    if (s.stats[k].count > 0) {
      EXPECT_LE(s.stats[k].rating, s.stats[s.hardest[0]].rating);
    }
  }
}

TEST(Survey, SixteenHandsOfOneToThirteenNeedFractions) {
  const Survey s = survey_of(1, 13);
  EXPECT_EQ(s.hands.size(), 1820u);
  EXPECT_EQ(s.solvable, 1362u);
  EXPECT_EQ(s.fraction_only.size(), 16u);
  EXPECT_EQ(s.hardest.size(), 10u);
  const auto agreement = agreement_with_humans(s, human_records());
  EXPECT_EQ(agreement.hands, 1362u);
  ASSERT_TRUE(agreement.spearman);
  EXPECT_LE(*agreement.spearman, -0.70);  // harder hands are solved by fewer players
}

TEST(Survey, AgreementNeedsAHundredHands) {
  const auto records = human_records();
  const Survey small = survey_of(1, 5);
  const auto a = agreement_with_humans(small, records);
  EXPECT_GT(a.hands, 0u);
  EXPECT_LT(a.hands, kMinHumanHands);
  EXPECT_FALSE(a.spearman);
  const auto b = agreement_with_humans(survey_of(1, 9), records);
  EXPECT_EQ(b.hands, 404u);
  EXPECT_TRUE(b.spearman);
}

TEST(Survey, ComparedWithHumansOrSaysWhyNot) {
  const std::string csv =
      testing::read_file(std::string(PUZZLELAB_SOURCE_DIR) + "/data/game24/human_difficulty_4nums.csv");
  const Survey full = survey_of(1, 9);
  const HumanComparison c = compare_with_humans(full, csv);
  EXPECT_EQ(c.hands, 404u);
  ASSERT_TRUE(c.spearman);
  EXPECT_EQ(*c.spearman, *agreement_with_humans(full, human_records()).spearman);
  EXPECT_EQ(c.missing, "");
  EXPECT_EQ(c.data_error, "");
  // Too few hands of the range in the data: the count and the need are said.
  const HumanComparison few = compare_with_humans(survey_of(1, 5), csv);
  EXPECT_FALSE(few.spearman);
  EXPECT_GT(few.hands, 0u);
  EXPECT_EQ(few.missing,
            "only " + std::to_string(few.hands) + " hands of this range have human solve rates (100 needed)");
  // No data file: said, not an error of the data.
  const HumanComparison none = compare_with_humans(full, std::nullopt);
  EXPECT_FALSE(none.spearman);
  EXPECT_EQ(none.missing, "the human solve rates (game24/human_difficulty_4nums.csv) could not be read");
  EXPECT_EQ(none.data_error, "");
  // A data file that is not the data: its error goes with the comparison.
  const HumanComparison bad = compare_with_humans(full, std::string_view("not,the\nright,data\n"));
  EXPECT_FALSE(bad.spearman);
  EXPECT_EQ(bad.data_error, "human difficulty data, line 2: expected at least 4 columns");
  EXPECT_EQ(bad.missing, none.missing);
}

TEST(Survey, SolvablePercentAndSolutionBuckets) {
  const Survey s = survey_of(1, 9);
  EXPECT_DOUBLE_EQ(solvable_percent(s), 100.0 * 404 / 495);
  EXPECT_EQ(solvable_percent(Survey{}), 0.0);
  const auto buckets = solution_buckets(s);
  ASSERT_FALSE(buckets.empty());
  // Every hand in exactly one range; the ranges in order, none empty.
  std::uint64_t hands = 0;
  for (std::size_t k = 0; k < buckets.size(); ++k) {
    hands += buckets[k].hands;
    EXPECT_GT(buckets[k].hands, 0u);
    EXPECT_LE(buckets[k].lo, buckets[k].hi);
    if (k > 0) {
      EXPECT_GT(buckets[k].lo, buckets[k - 1].hi);
    }
  }
  EXPECT_EQ(hands, 495u);
  EXPECT_EQ(buckets[0].lo, 0u);
  EXPECT_EQ(buckets[0].hi, 0u);
  EXPECT_EQ(buckets[0].hands, 91u);  // the unsolvable hands
  // A hand of 4 solutions and one of 5 share the range 4-5.
  Survey made;
  made.histogram = {{4, 2}, {5, 3}, {200, 1}};
  const auto m = solution_buckets(made);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].lo, 4u);
  EXPECT_EQ(m[0].hi, 5u);
  EXPECT_EQ(m[0].hands, 5u);
  EXPECT_EQ(m[1].lo, 101u);
  EXPECT_EQ(m[1].hi, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(m[1].hands, 1u);
}

TEST(Survey, HandCountIsTheMultisets) {
  EXPECT_EQ(hand_count(13, 4), 1820u);  // C(16, 4)
  EXPECT_EQ(hand_count(9, 4), 495u);
  EXPECT_EQ(hand_count(10, 1), 10u);
  EXPECT_EQ(hand_count(1, 8), 1u);
  EXPECT_EQ(hand_count(13, 8), 125970u);                   // C(20, 8)
  EXPECT_EQ(hand_count(1000001, 8), 1000000000000000ULL);  // capped
}

TEST(Survey, CancelledBeforeTheStart) {
  std::atomic<bool> stop{true};
  SurveyOptions o;
  o.lo = 1;
  o.hi = 13;
  o.cancel = &stop;
  const auto s = survey(o);
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(s->complete);
  EXPECT_TRUE(s->hands.empty());
}

TEST(Survey, HandsThatCannotMakeTheTargetCountAsZero) {
  // Target 1 of hands of one number: only the hand "1" makes it.
  SurveyOptions o;
  o.lo = 0;
  o.hi = 3;
  o.numbers = 1;
  o.target = Rational(1);
  const auto s = survey(o);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->hands.size(), 4u);
  EXPECT_EQ(s->solvable, 1u);
  EXPECT_EQ(s->histogram.at(0), 3u);
}

}  // namespace
}  // namespace puzzlelab::game24
