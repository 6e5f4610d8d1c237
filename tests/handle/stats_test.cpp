// The Handle statistics file: what loads must save and load back the same (found by the
// handle_stats fuzz target, fuzz/handle/stats_fuzz.cpp).
#include "app/handle_stats.h"

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

namespace {

using puzzlelab::app::HandleStats;

// The file as it is on disk (parsed, numbers are unsigned as in a real file).
nlohmann::json stats_with_tries(const std::string& tries) {
  return nlohmann::json::parse(R"({"version":1,"played":5,"wins":4,"wins_without_hint":1,)"
                               R"("current_streak":3,"max_streak":8,"tries":)" +
                               tries + "}");
}

TEST(HandleStatsFile, LoadsAndSavesBack) {
  const auto s = HandleStats::from_json(stats_with_tries(R"({"1":1,"5":2,"12":1})"));
  ASSERT_TRUE(s.has_value());
  const auto again = HandleStats::from_json(s->to_json());
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->to_json(), s->to_json());
}

// "5" and "05" are the same number of tries: keeping one would lose a count on save.
TEST(HandleStatsFile, RefusesTheSameTriesTwice) {
  EXPECT_FALSE(HandleStats::from_json(stats_with_tries(R"({"1":1,"5":2,"05":1})")).has_value());
}

// Counts that wrap around 2^64 must not pass the "counts add up to the wins" check.
TEST(HandleStatsFile, RefusesCountsThatWrapAround) {
  EXPECT_FALSE(HandleStats::from_json(stats_with_tries(R"({"1":18446744073709551615,"2":5})")).has_value());
}

}  // namespace
