#pragma once
// A person's Handle record, as the real game's dashboard keeps it: games played and won,
// wins without a hint (counted apart), the current and the longest run of wins, and how
// many tries each win took (above ten when won after the limit). Older versions kept it
// as handle-stats.json in the state folder; from_json reads that file for the import.
#include <cstdint>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/game_store.h"

namespace puzzlelab::handle {

struct PlayerStats {
  std::uint64_t played = 0;
  std::uint64_t wins = 0;
  std::uint64_t wins_without_hint = 0;
  std::uint64_t current_streak = 0;
  std::uint64_t max_streak = 0;
  std::map<int, std::uint64_t> tries;  // tries of each win (above 10 when won after the limit)

  // The record from the player's store's counters (games left unfinished are not in them).
  static PlayerStats from_store(const core::GameStats& g);
  // The store's counters for this record, for importing it as a baseline (the inverse
  // of from_store).
  [[nodiscard]] core::GameStats to_store() const;

  void record(bool won, int tries_used, bool hinted);
  [[nodiscard]] nlohmann::json to_json() const;
  // nullopt when the document is not a statistics file of this shape, or its counts do
  // not add up.
  static std::optional<PlayerStats> from_json(const nlohmann::json& j);
};

// The statistics file of versions before the player's store (handle-stats.json in the
// state folder), imported once as the store's Handle baseline.
core::LegacyFile legacy_stats_file();

}  // namespace puzzlelab::handle
