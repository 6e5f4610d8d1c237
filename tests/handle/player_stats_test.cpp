// The Handle statistics file: what loads must save and load back the same (found by the
// handle_stats fuzz target, fuzz/handle/stats_fuzz.cpp).
#include "handle/player_stats.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace {

using puzzlelab::handle::PlayerStats;

// The file as it is on disk (parsed, numbers are unsigned as in a real file).
nlohmann::json stats_with_tries(const std::string& tries) {
  return nlohmann::json::parse(R"({"version":1,"played":5,"wins":4,"wins_without_hint":1,)"
                               R"("current_streak":3,"max_streak":8,"tries":)" +
                               tries + "}");
}

TEST(HandleStatsFile, LoadsAndSavesBack) {
  const auto s = PlayerStats::from_json(stats_with_tries(R"({"1":1,"5":2,"12":1})"));
  ASSERT_TRUE(s.has_value());
  const auto again = PlayerStats::from_json(s->to_json());
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->to_json(), s->to_json());
}

// "5" and "05" are the same number of tries: keeping one would lose a count on save.
TEST(HandleStatsFile, RefusesTheSameTriesTwice) {
  EXPECT_FALSE(PlayerStats::from_json(stats_with_tries(R"({"1":1,"5":2,"05":1})")).has_value());
}

// Counts that wrap around 2^64 must not pass the "counts add up to the wins" check.
TEST(HandleStatsFile, RefusesCountsThatWrapAround) {
  EXPECT_FALSE(PlayerStats::from_json(stats_with_tries(R"({"1":18446744073709551615,"2":5})")).has_value());
}

TEST(HandlePlayerStats, RecordsWinsHintsAndStreaks) {
  PlayerStats s;
  s.record(true, 3, false);
  s.record(true, 12, true);
  s.record(false, 10, false);
  s.record(true, 3, true);
  EXPECT_EQ(s.played, 4u);
  EXPECT_EQ(s.wins, 3u);
  EXPECT_EQ(s.wins_without_hint, 1u);
  EXPECT_EQ(s.current_streak, 1u);
  EXPECT_EQ(s.max_streak, 2u);
  EXPECT_EQ(s.tries, (std::map<int, std::uint64_t>{{3, 2}, {12, 1}}));
  ASSERT_TRUE(PlayerStats::from_json(s.to_json()).has_value());
}

TEST(HandlePlayerStats, FromTheStoresCounters) {
  puzzlelab::core::GameStats g;
  g.played = 6;
  g.wins = 4;
  g.wins_unassisted = 3;
  g.abandoned = 2;
  g.current_streak = 1;
  g.max_streak = 3;
  g.tries = {{2, 1}, {4, 2}, {11, 1}};
  const PlayerStats s = PlayerStats::from_store(g);
  EXPECT_EQ(s.played, 6u);
  EXPECT_EQ(s.wins, 4u);
  EXPECT_EQ(s.wins_without_hint, 3u);
  EXPECT_EQ(s.current_streak, 1u);
  EXPECT_EQ(s.max_streak, 3u);
  EXPECT_EQ(s.tries, (std::map<int, std::uint64_t>{{2, 1}, {4, 2}, {11, 1}}));
}

// An older version's handle-stats.json becomes the store's baseline with the same
// counters (wins without a hint kept apart), and reads back as the same record.
TEST(HandlePlayerStats, TheOldStatisticsFileImportsAsTheSameRecord) {
  PlayerStats old;
  old.record(true, 3, false);
  old.record(true, 5, true);
  old.record(false, 10, false);
  old.record(true, 12, false);
  const puzzlelab::core::LegacyFile file = puzzlelab::handle::legacy_stats_file();
  EXPECT_EQ(file.name, "handle-stats.json");
  const auto imported = file.convert(old.to_json());
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  ASSERT_EQ(imported->baselines.size(), 1u);
  const auto& b = imported->baselines[0];
  EXPECT_EQ(b.game, "handle");
  EXPECT_EQ(b.stats.played, 4u);
  EXPECT_EQ(b.stats.wins, 3u);
  EXPECT_EQ(b.stats.wins_unassisted, 2u);
  EXPECT_EQ(b.stats.current_streak, 1u);
  EXPECT_EQ(b.stats.max_streak, 2u);
  EXPECT_EQ(b.stats.tries, (std::map<std::int64_t, std::uint64_t>{{3, 1}, {5, 1}, {12, 1}}));
  EXPECT_EQ(PlayerStats::from_store(b.stats).to_json(), old.to_json());
  EXPECT_FALSE(file.convert(nlohmann::json::array()).ok());
}

}  // namespace
