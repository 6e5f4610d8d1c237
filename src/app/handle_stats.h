#pragma once
// The player's Handle statistics as text (the record itself is handle::PlayerStats), and
// the name of the older versions' statistics file in the state folder.
#include <string>

#include "handle/player_stats.h"

namespace puzzlelab::app {

// A few lines: totals, streaks, and a bar per number of tries.
std::string render_handle_stats(const handle::PlayerStats& stats, bool color, bool chinese);

inline constexpr const char* kHandleStatsFile = "handle-stats.json";

}  // namespace puzzlelab::app
