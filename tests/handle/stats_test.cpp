// The Handle statistics file: what loads must save and load back the same (found by the
// handle_stats fuzz target, fuzz/handle/stats_fuzz.cpp).
#include "app/handle_stats.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace {

using puzzlelab::app::HandleStats;

nlohmann::json stats_with_tries(nlohmann::json tries, int wins) {
  return {{"version", 1},
          {"played", 5},
          {"wins", wins},
          {"wins_without_hint", 1},
          {"current_streak", 3},
          {"max_streak", 8},
          {"tries", std::move(tries)}};
}

TEST(HandleStatsFile, LoadsAndSavesBack) {
  const auto s = HandleStats::from_json(stats_with_tries({{"1", 1}, {"5", 2}, {"12", 1}}, 4));
  ASSERT_TRUE(s.has_value());
  const auto again = HandleStats::from_json(s->to_json());
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->to_json(), s->to_json());
}

// "5" and "05" are the same number of tries: keeping one would lose a count on save.
TEST(HandleStatsFile, RefusesTheSameTriesTwice) {
  EXPECT_FALSE(HandleStats::from_json(stats_with_tries({{"1", 1}, {"5", 2}, {"05", 1}}, 4)).has_value());
}

// Counts that wrap around 2^64 must not pass the "counts add up to the wins" check.
TEST(HandleStatsFile, RefusesCountsThatWrapAround) {
  const std::uint64_t huge = ~std::uint64_t{0};
  EXPECT_FALSE(HandleStats::from_json(stats_with_tries({{"1", huge}, {"2", 5}}, 4)).has_value());
}

}  // namespace
