#pragma once
// The player's Handle statistics, kept in the state folder as handle-stats.json (like
// Wordle's): games played and won, wins without a hint (the real dashboard counts them
// apart), streaks, and how many tries the wins took.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace puzzlelab::app {

struct HandleStats {
  std::uint64_t played = 0;
  std::uint64_t wins = 0;
  std::uint64_t wins_without_hint = 0;
  std::uint64_t current_streak = 0;
  std::uint64_t max_streak = 0;
  std::map<int, std::uint64_t> tries;  // tries of each win (above 10 when won after the limit)

  void record(bool won, int tries_used, bool hinted);
  [[nodiscard]] nlohmann::json to_json() const;
  // nullopt when the document is not a statistics file of this shape.
  static std::optional<HandleStats> from_json(const nlohmann::json& j);
  // A few lines: totals, streaks, and a bar per number of tries.
  [[nodiscard]] std::string render(bool color, bool chinese) const;
};

inline constexpr const char* kHandleStatsFile = "handle-stats.json";

}  // namespace puzzlelab::app
