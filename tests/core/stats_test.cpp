#include "core/stats.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

namespace puzzlelab::core {
namespace {

TEST(Stats, KnownFigures) {
  Stats s;
  for (int v : {2, 4, 4, 4, 5, 5, 7, 9}) s.add(v);
  EXPECT_EQ(s.count(), 8u);
  EXPECT_DOUBLE_EQ(s.mean(), 5.0);
  // Sample variance of this classic set is 32/7.
  EXPECT_NEAR(s.stddev(), std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_NEAR(s.ci95(), 1.959963984540054 * std::sqrt(32.0 / 7.0) / std::sqrt(8.0), 1e-12);
  EXPECT_EQ(s.min(), 2);
  EXPECT_EQ(s.max(), 9);
  EXPECT_DOUBLE_EQ(s.median(), 4.5);
  EXPECT_DOUBLE_EQ(s.percentile(0), 2);
  EXPECT_DOUBLE_EQ(s.percentile(100), 9);
  // numpy.percentile([2,4,4,4,5,5,7,9], 90) == 7.6
  EXPECT_NEAR(s.percentile(90), 7.6, 1e-12);
  EXPECT_EQ(s.count_at_least(5), 4u);
  EXPECT_EQ(s.histogram().at(4), 3u);
}

TEST(Stats, EmptyAndSingle) {
  Stats s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.mean(), 0.0);
  EXPECT_EQ(s.median(), 0.0);
  s.add(-3);
  EXPECT_EQ(s.mean(), -3.0);
  EXPECT_EQ(s.stddev(), 0.0);
  EXPECT_EQ(s.median(), -3.0);
}

TEST(Stats, LargeValuesStayExact) {
  Stats s;
  s.add(4'000'000'000LL, 1'000'000);
  s.add(-4'000'000'000LL, 1'000'000);
  EXPECT_EQ(s.sum(), 0);
  EXPECT_DOUBLE_EQ(s.mean(), 0.0);
}

RC_GTEST_PROP(Stats, MergeEqualsStatsOfTheUnion, (std::vector<std::int32_t> a, std::vector<std::int32_t> b)) {
  Stats sa, sb, all;
  for (auto v : a) sa.add(v), all.add(v);
  for (auto v : b) sb.add(v), all.add(v);
  Stats merged = sa;
  merged.merge(sb);
  RC_ASSERT(merged == all);
  RC_ASSERT(merged.count() == all.count());
  RC_ASSERT(merged.sum() == all.sum());
  RC_ASSERT(merged.mean() == all.mean());
  RC_ASSERT(merged.stddev() == all.stddev());
  RC_ASSERT(merged.median() == all.median());
  // Merging in the other order gives bit-identical figures too.
  Stats other = sb;
  other.merge(sa);
  RC_ASSERT(other.mean() == merged.mean());
  RC_ASSERT(other.stddev() == merged.stddev());
}

RC_GTEST_PROP(Stats, MedianMatchesSortedSample, (std::vector<std::int16_t> values)) {
  RC_PRE(!values.empty());
  Stats s;
  for (auto v : values) s.add(v);
  std::vector<std::int64_t> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  const double expected = n % 2 ? static_cast<double>(sorted[n / 2])
                                : (static_cast<double>(sorted[n / 2 - 1]) + static_cast<double>(sorted[n / 2])) / 2.0;
  RC_ASSERT(std::abs(s.median() - expected) < 1e-9);
}

RC_GTEST_PROP(Stats, JsonRoundTrip, (std::vector<std::int64_t> values)) {
  Stats s;
  for (auto v : values) s.add(v);
  auto back = Stats::from_json(s.to_json());
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == s);
  RC_ASSERT(back->sum() == s.sum());
}

TEST(Stats, FromJsonRejectsBadInput) {
  using nlohmann::json;
  EXPECT_FALSE(Stats::from_json(json::parse(R"({"histogram": [[1, 0]]})")).ok());
  EXPECT_FALSE(Stats::from_json(json::parse(R"({"histogram": [[2, 1], [1, 1]]})")).ok());
  EXPECT_FALSE(Stats::from_json(json::parse(R"({"histogram": [["a", 1]]})")).ok());
  EXPECT_FALSE(Stats::from_json(json::parse(R"({"histogram": 5})")).ok());
  EXPECT_FALSE(Stats::from_json(json::parse(R"([1,2])")).ok());
  EXPECT_TRUE(Stats::from_json(json::parse(R"({"histogram": []})")).ok());
}

}  // namespace
}  // namespace puzzlelab::core
