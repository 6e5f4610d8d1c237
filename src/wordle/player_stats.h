#pragma once
// A person's record, as the real game keeps it: games played, wins, the current and
// the longest run of wins, and how many guesses each win took. Saved as JSON in the
// state folder by the app.
#include <array>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "core/game_store.h"
#include "core/result.h"

namespace puzzlelab::wordle {

struct PlayerStats {
  std::uint64_t played = 0;
  std::uint64_t wins = 0;
  std::uint64_t current_streak = 0;
  std::uint64_t max_streak = 0;
  std::array<std::uint64_t, 6> distribution{};  // wins in 1..6 guesses

  // The record as the real game shows it, from the player's store's counters (games
  // left unfinished are not in them; wins in more than six guesses are not drawn).
  static PlayerStats from_store(const core::GameStats& g);
  // The store's counters for this record, for importing it as a baseline (the inverse
  // of from_store).
  [[nodiscard]] core::GameStats to_store() const;

  void record(bool won, std::uint32_t guesses);
  // Rounded down, as the real game shows it; 0 with no games.
  [[nodiscard]] int win_percent() const;

  [[nodiscard]] nlohmann::json to_json() const;
  // Validates the saved document; the error says what is wrong with it.
  static core::Result<PlayerStats> from_json(const nlohmann::json& j);
};

// The statistics file of versions before the player's store (wordle-stats.json in the
// state folder), imported once as the store's Wordle baseline.
core::LegacyFile legacy_stats_file();

}  // namespace puzzlelab::wordle
