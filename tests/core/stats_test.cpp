#include "core/stats.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <utility>

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

RC_GTEST_PROP(Stats, JsonRoundTrip, (std::vector<std::int32_t> values)) {
  Stats s;
  for (auto v : values) s.add(v);
  auto back = Stats::from_json(s.to_json());
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == s);
  RC_ASSERT(back->sum() == s.sum());
}

// Figures read from files may be anything: checked statistics either take them with an
// exact total that fits 64 bits, or refuse them; they never wrap.
RC_GTEST_PROP(Stats, CheckedAddsNeverWrap, (std::vector<std::pair<std::int64_t, std::uint64_t>> rows)) {
  Stats s;
  Int128 exact = 0;
  std::uint64_t count = 0;
  for (const auto& [v, w] : rows) {
    const Stats before = s;
    const Int128 before_sum = s.sum();
    if (auto e = s.try_add(v, w)) {
      RC_ASSERT(s == before);  // unchanged
      RC_ASSERT(s.sum() == before_sum);
      continue;
    }
    exact += static_cast<Int128>(v) * static_cast<Int128>(w);
    count += w;
  }
  RC_ASSERT(s.sum() == exact);
  RC_ASSERT(s.sum() >= std::numeric_limits<std::int64_t>::min());
  RC_ASSERT(s.sum() <= std::numeric_limits<std::int64_t>::max());
  RC_ASSERT(s.count() == count);
  auto back = Stats::from_json(s.to_json());
  if (back.ok()) RC_ASSERT(back->sum() == s.sum());
}

TEST(Stats, CheckedAddsRefuseOverflow) {
  constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
  Stats s;
  EXPECT_FALSE(s.try_add(kMax).has_value());
  EXPECT_TRUE(s.try_add(1).has_value());  // the total would pass 2^63 - 1
  EXPECT_EQ(s.count(), 1u);
  EXPECT_EQ(s.sum(), kMax);
  Stats counts;
  EXPECT_FALSE(counts.try_add(0, ~std::uint64_t{0}).has_value());
  EXPECT_TRUE(counts.try_add(0).has_value());  // the count would pass 2^64 - 1
  Stats a, b;
  ASSERT_FALSE(a.try_add(kMax / 2 + 1).has_value());
  ASSERT_FALSE(b.try_add(kMax / 2 + 1).has_value());
  EXPECT_TRUE(a.try_merge(b).has_value());
  EXPECT_EQ(a.count(), 1u);
  // A count of 2^64 - 1 of the value 4: a total of 7.4e19, not a mean of 4.
  using nlohmann::json;
  EXPECT_FALSE(Stats::from_json(json::parse(R"({"histogram": [[4, 18446744073709551615]]})")).ok());
  EXPECT_FALSE(Stats::from_json(json::parse(R"({"histogram": [[9223372036854775807, 2]]})")).ok());
  EXPECT_TRUE(
      Stats::from_json(json::parse(R"({"histogram": [[-9223372036854775807, 1], [9223372036854775807, 1]]})")).ok());
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
